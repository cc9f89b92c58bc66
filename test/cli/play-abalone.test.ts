/**
 * `kete play --game abalone` in-process on a fake clock (issue 14 item 5):
 * the virtual players push marbles on the simulated hex61 board (the hand
 * plays the engine's protocol trace), the game reaches its AB-6/AB-7
 * result, the journal re-judges to the same decisions, the export numbers
 * the moves Black first, a game killed mid-way resumes and finishes, a
 * non-standard start is played, and the view draws the hexagon.
 */
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { FLAG_DEFAULTS, playSettings, type PlayContext } from "../../src/cli/play/settings.js";
import type { PlaySettings } from "../../src/cli/play/settings.js";
import { findGame } from "../../src/games/index.js";
import { exportGame, exportText } from "../../src/journal/export.js";
import {
  journalAt,
  keyboardHost,
  live,
  play,
  records,
  settings,
  verified,
} from "./play-harness.js";

const abalone = findGame("abalone")!;

function abaloneSettings(overrides: Partial<PlaySettings> = {}): PlaySettings {
  return settings("abalone", {
    first: "b",
    players: { b: "Amani", w: "Baraka" },
    options: { noPushLimit: 6 },
    ...overrides,
  });
}

const ctx: PlayContext = {
  stdoutTTY: false,
  stdinTTY: false,
  noColour: true,
  defaultGamesDir: "/tmp/kete-games",
  defaultSeed: 1,
  resume: null,
};

describe("Abalone with kete play", () => {
  it("settings: --game abalone with its options, Black first, players by colour", () => {
    const r = playSettings(
      {
        ...FLAG_DEFAULTS,
        game: "abalone",
        option: ["start=belgian-daisy", "moveLimit=40", 'leaveOut=["A1"]'],
      },
      ctx,
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.first).toBe("b");
    expect(r.value.players).toEqual({ b: "Amani", w: "Baraka" });
    expect(r.value.options).toMatchObject({ start: "belgian-daisy", moveLimit: 40 });
    const white = playSettings({ ...FLAG_DEFAULTS, game: "abalone", first: "W" }, ctx);
    expect(white.ok && white.value.first).toBe("w");
    const bad = playSettings({ ...FLAG_DEFAULTS, game: "abalone", first: "N" }, ctx);
    expect(!bad.ok && bad.error.message).toBe("--first must be b or w, not 'N'");
  });

  it("a whole game to its result; verify; export numbers the moves Black first", async () => {
    const r = await play(abaloneSettings({ seed: 2 }));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/new game of Abalone: Amani \(Black\) vs Baraka \(White\)/);
    expect(r.out).toMatch(/ply 1 {2}Black \(Amani\) {2}[A-I]\d/);
    expect(r.out).toMatch(/ply 2 {2}White \(Baraka\) {2}[A-I]\d/);
    expect(r.out).toMatch(/game over: (Black wins|White wins|draw) — .*AB-[67]/);
    expect(r.journal.header.players).toEqual({ b: "Amani", w: "Baraka" });
    const moves = records(r.journal, "move");
    expect(moves[0]!.side).toBe("b");
    expect(records(r.journal, "result")).toHaveLength(1);
    expect(verified(r.journal).mismatch).toBeNull();
    const text = exportText(exportGame(r.journal, abalone.layout.sideNames));
    expect(text).toContain('[Black "Amani"]');
    expect(text).toContain('[White "Baraka"]');
    expect(text).toContain('[First "Black"]');
    expect(text).toContain("noPushLimit=6 leaveOut=[] pushOffsToWin={b:6,w:6}");
    expect(text).toContain(`1. ${moves[0]!.move} ${moves[1]!.move} 2. ${moves[2]!.move}`);
  });

  it("a non-standard start (belgian-daisy, a hole left out) is set up and played", async () => {
    // AB-7's move limit counts each side's moves: 4 each.
    const options = { start: "belgian-daisy", leaveOut: ["A1"], moveLimit: 4 };
    const r = await play(abaloneSettings({ seed: 4, options }));
    expect(r.code).toBe(0);
    expect(r.journal.header.options).toMatchObject({ start: "belgian-daisy", leaveOut: ["A1"] });
    expect(r.out).not.toMatch(/set up the board/);
    expect(records(r.journal, "move")).toHaveLength(8);
    expect(r.out).toMatch(/game over: .*AB-7/);
    expect(verified(r.journal).mismatch).toBeNull();
  });

  it("killed mid-game, resumed, finishes and verifies", async () => {
    const s = abaloneSettings({ seed: 3, options: { moveLimit: 6 } });
    const h = await live(s);
    const { session } = h;
    expect(await h.until(() => session.moves.length >= 5)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "kete-abalone-killed-"));
    const killed = join(dir, basename(session.journalPath));
    copyFileSync(session.journalPath, killed);
    session.pause();
    await h.finish();
    const before = records(journalAt(killed), "move").map((m) => m.move);

    const again = await play({ ...s, resume: killed, gamesDir: dir, seed: 5 });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/resumed .* at ply \d+\n/);
    expect(again.out).toMatch(/game over: .*AB-7/);
    const moves = records(again.journal, "move").map((m) => m.move);
    expect(moves.slice(0, before.length)).toEqual(before);
    expect(moves).toHaveLength(12);
    expect(verified(again.journal).mismatch).toBeNull();
  });

  it("the view draws the hexagon, rows I to A, with the marbles off by colour", async () => {
    const s = abaloneSettings({ seed: 2 });
    // The live screen: the frames the session draws.
    const h = await live(s, keyboardHost());
    const { session, frames } = h;
    expect(await h.until(() => session.moves.length >= 2)).toBe(true);
    await h.scheduler.advance(500);
    const frame = frames.at(-1) ?? "";
    session.pause();
    await h.finish();
    const lines = frame.split("\n");
    const row = (r: string) => lines.findIndex((l) => l.startsWith(`  ${r}   `));
    expect(row("I")).toBeGreaterThan(0);
    expect(row("I")).toBeLessThan(row("E"));
    expect(row("E")).toBeLessThan(row("A"));
    expect(lines[row("E")]).toMatch(/E {3}([.bw][ ~] {2}){8}[.bw]/);
    expect(frame).toMatch(/White · Baraka .* · 0 off/);
    expect(frame).toMatch(/Black · Amani .* · 0 off/);
    expect(frame.indexOf("White · Baraka")).toBeLessThan(frame.indexOf("Black · Amani"));
    expect(frame).toMatch(/moves: 1\. \S+ \S+/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
  });

  it("a person at the keyboard plays Black: a move typed in any case, the hand pushes it", async () => {
    const s = abaloneSettings({ human: new Set(["b"]), options: { moveLimit: 1 } });
    const h = await live(s, keyboardHost({ screen: false }));
    const { session } = h;
    const view = () => session.controller.view;
    const blackToMove = () => view().awaitingStart && view().toMove === "b";
    expect(await h.until(blackToMove)).toBe(true);
    h.type("a1a2\r");
    expect(h.out.join("")).toMatch(/AB-[2-5]/);
    h.type("c3c4\r");
    expect(h.out.join("")).toMatch(/pushing C3C4/);
    const code = await h.finish();
    expect(code).toBe(0);
    const moves = records(journalAt(session.journalPath), "move").map((m) => [m.side, m.move]);
    expect(moves[0]).toEqual(["b", "C3C4"]);
    expect(moves).toHaveLength(2);
    expect(verified(journalAt(session.journalPath)).mismatch).toBeNull();
  });
});
