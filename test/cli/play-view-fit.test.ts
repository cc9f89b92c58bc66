/**
 * Issue 32: the live view of every game fits an 80×24 terminal (one row kept
 * for the cursor, so the title never scrolls off and no old line stays on
 * screen), its legend explains every light the board shows in that game and
 * only lights the game has, and a terminal too small says so instead of
 * wrapping. Whole simulated games with noise and slips, every frame checked.
 */
import { describe, expect, it } from "vitest";
import { legend, legendItems, renderView } from "../../src/cli/play/view.js";
import { LED_ROLES, legendRoles, roleLed, type LedRole } from "../../src/controller/index.js";
import { ledCode } from "../../src/cli/play/view.js";
import { findGame } from "../../src/games/index.js";
import { fakeHost, play, settings } from "./play-harness.js";

const GAMES = ["hus", "husbao", "bao-kiswahili", "glassperlenspiel", "abalone"] as const;

/** The codes lit on the board part of a frame (between the players' lines). */
function litCodes(frame: string[]): Set<string> {
  const codes = new Set<string>();
  for (const line of frame) {
    if (line.includes("LEDs:") || /^ {8}\S/.test(line)) continue;
    // A pit's cell: its count (or ?, ·), the unsettled mark, the code.
    for (const m of line.matchAll(/(?:\d|[?·])[~ ]([RGBYCMW][SBFP])(?= |$)/g)) codes.add(m[1]!);
    const lit = /^ {2}lit: (.*)$/.exec(line);
    if (lit !== null)
      for (const m of lit[1]!.matchAll(/\b[A-I]\d ([RGBYCMW][SBFP])/g)) codes.add(m[1]!);
  }
  return codes;
}

describe("kete play's view on an 80×24 terminal", () => {
  for (const id of GAMES) {
    it(`${id}: every frame of a whole game fits, with its own legend`, async () => {
      const frames: string[][] = [];
      const h = fakeHost();
      const host = {
        ...h.host,
        screen: {
          draw: (text: string) => frames.push(text.split("\n")),
          done: () => undefined,
          size: () => ({ columns: 80, rows: 24 }),
        },
      };
      const sides =
        id === "abalone"
          ? { first: "b", players: { b: "Amani", w: "Baraka" }, options: { noPushLimit: 30 } }
          : {};
      const result = await play(
        settings(id, { noise: true, mistakeRate: 0.05, seed: 7, maxMinutes: 4, ...sides }),
        { ...h, host },
      );
      expect(result.code).toBeLessThanOrEqual(3);
      expect(frames.length).toBeGreaterThan(50);
      const game = findGame(id)!;
      const codesOfGame = new Set(legendRoles(game, {}).map((r) => ledCode(roleLed(r))));
      const items = legendItems(legendRoles(game, {}), id === "abalone");
      const shown = new Set<string>();
      for (const f of frames) {
        expect(f.length, f.join("\n")).toBeLessThanOrEqual(23);
        expect(f.filter((l) => [...l].length > 80)).toEqual([]);
        expect(f[0]).toContain(game.title);
        const text = f.join("\n");
        expect(text, `no legend in\n${text}`).toContain("LEDs:");
        for (const code of litCodes(f)) {
          shown.add(code);
          const said = items.some((item) => item.startsWith(`${code} `) && text.includes(item));
          expect(codesOfGame.has(code) && said, `${code} unexplained in\n${text}`).toBe(true);
        }
      }
      // The slips made something besides guidance show.
      expect(shown.size).toBeGreaterThanOrEqual(3);
      if (id === "abalone") {
        const words = frames.flat().join("\n");
        expect(words).not.toMatch(/kichwa|sowing|next stone/);
      }
    });
  }

  it("a game's legend lists only its lights: Abalone has no capture or kichwa, Hus no kichwa", () => {
    const roles = (id: string): readonly LedRole[] => legendRoles(findGame(id)!, {});
    expect(roles("abalone")).not.toContain("kichwaChoice");
    expect(roles("abalone")).not.toContain("captureFrom");
    expect(roles("hus")).not.toContain("kichwaChoice");
    expect(roles("bao-kiswahili")).toContain("kichwaChoice");
    expect(roles("bao-kiswahili")).toContain("liftPart");
    expect(legend(roles("abalone"), true).join(" ")).toContain("may move");
    expect(legend().join(" ").length).toBeGreaterThan(
      legend(roles("abalone"), true).join(" ").length,
    );
    expect(LED_ROLES.length).toBeGreaterThan(roles("abalone").length);
  });

  it("a terminal too small gets a notice naming the size needed, within its width", () => {
    const game = findGame("hus")!;
    const frame = renderView(
      {
        title: `${game.title} — Amani (South) vs Baraka (North)`,
        players: { S: "Amani", N: "Baraka" },
        counts: new Map(),
        leds: new Map(),
        unsettled: new Set(),
        toMove: "S",
        ply: 3,
        status: "South: lift a pit to start",
        inHand: null,
        nextStone: [],
        lastLands: null,
        moves: [],
        firstSide: "S",
        clocks: { S: 0, N: 0 },
        messages: [],
        link: "ready",
        reserve: null,
      },
      false,
      { columns: 60, rows: 20 },
    );
    expect(frame.join("\n")).toMatch(/terminal too small: 60×20, the board needs 80×/);
    expect(frame.filter((l) => [...l].length > 60)).toEqual([]);
    expect(frame.length).toBeLessThanOrEqual(19);
  });
});
