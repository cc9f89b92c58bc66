/**
 * Issue 32: the page's state in the players' language. `kete play --web
 * --lang de` turns the terminal's view into a `WebState` whose words are
 * German: the LED legend and each lit place's meaning, the sides, the
 * mistake (its rule id kept) and the policy, the result's reason, and the
 * page's own words (headings, labels) with the language; in English the
 * state carries none and the page keeps its own English, which is the
 * English catalogue's.
 */
import { describe, expect, it } from "vitest";
import { webBody } from "../../src/cli/play/web.js";
import type { PlayView } from "../../src/cli/play/view.js";
import { legendRoles, roleLed } from "../../src/controller/index.js";
import { findGame, type Game } from "../../src/games/index.js";
import { CATALOGUES, translator } from "../../src/i18n/index.js";
import { msg } from "../../src/shared/index.js";

const hus = findGame("hus") as Game;

function view(over: Partial<PlayView> = {}): PlayView {
  return {
    title: "Hus",
    players: { S: "Ana", N: "Ben" },
    counts: new Map([["A1", 4]]),
    leds: new Map([
      ["A1", roleLed("legalStart")],
      ["B3", roleLed("mistakeMissing")],
    ]),
    unsettled: new Set<string>(),
    toMove: "S",
    ply: 3,
    status: "",
    inHand: null,
    nextStone: [],
    lastLands: null,
    moves: ["A4+", "C3+"],
    firstSide: "S",
    clocks: { S: 1000, N: 2000 },
    messages: [],
    link: "simulated",
    reserve: null,
    legend: legendRoles(hus, {}),
    mistake: {
      side: "S",
      rule: "CORE-1",
      message: "stone dropped in B6; the next stone belongs in B5 (CORE-1)",
      text: msg("mistake.wrongPit", {
        dropped: msg("mistake.stoneDropped", { place: "B6" }),
        due: "B5",
        rule: "CORE-1",
      }),
      policy: "retry",
      needs: [{ pit: "B6", need: -1 }],
    },
    outcome: {
      winner: "N",
      reason: "HUS-4: South has no pit with two or more stones",
      text: msg("outcome.noStartPit", { rule: "HUS-4", side: msg("side.S") }),
      score: { S: 0, N: 20 },
    },
    ...over,
  };
}

describe("the page's state in the players' language", () => {
  it("--lang de: the legend, the lights, the sides, the mistake, the result and the page's words", () => {
    const body = webBody(view(), hus, translator("de"));
    expect(body.lang).toBe("de");
    expect(body.sideNames).toEqual({ S: "Süd", N: "Nord" });
    const meanings = Object.fromEntries(body.legend.map((e) => [e.code, e.meaning]));
    expect(meanings[body.places.find((p) => p.name === "A1")!.led!.code]).toBe("Start");
    expect(body.places.find((p) => p.name === "B3")!.led!.meaning).toBe("zu wenige");
    expect(body.legend.map((e) => e.meaning)).toContain("schlagen aus");
    expect(body.mistake).toMatchObject({
      rule: "CORE-1",
      message: "Stein in B6 gelegt; der nächste Stein gehört in B5 (CORE-1)",
      policy: "noch einmal",
      restore: "B6 -1",
    });
    expect(body.outcome?.reason).toBe("HUS-4: Süd hat keine Mulde mit zwei oder mehr Steinen");
    const words = body.words ?? {};
    expect(words["web.lights"]).toBe("Lichter");
    expect(words["web.mistakeBy"]).toBe("Fehler von {{side}}");
    expect(Object.entries(words).filter(([, w]) => w === "")).toEqual([]);
    // What the page draws has no message ids and no English words of the view left.
    const json = JSON.stringify({ ...body, words: null });
    expect(json).not.toMatch(/"(?:mistake|view|outcome|led)\.[a-zA-Z.]+"/);
    expect(json).not.toMatch(/\b(?:South|North|too few|next stone|retry)\b/);
  });

  it("in every language, the page's words and the legend are that language's", () => {
    for (const lang of ["pl", "sw", "ro"] as const) {
      const body = webBody(view(), hus, translator(lang));
      expect(body.lang).toBe(lang);
      expect(body.sideNames.S).toBe(CATALOGUES[lang]["side.S"]);
      expect(body.words?.["web.moves"]).toBe(CATALOGUES[lang]["web.moves"]);
      expect(body.legend.map((e) => e.meaning)).toContain(CATALOGUES[lang]["led.legalStart"]);
      expect(body.mistake?.message).toContain("(CORE-1)");
    }
  });

  it("in English, no words: the page's own English is the English catalogue's", async () => {
    const body = webBody(view(), hus);
    expect(body.lang).toBeUndefined();
    expect(body.words).toBeUndefined();
    expect(body.mistake?.message).toBe(
      "stone dropped in B6; the next stone belongs in B5 (CORE-1)",
    );
    const page = (await import(new URL("../../web/board.js", import.meta.url).href)) as {
      ENGLISH: Record<string, string>;
    };
    const differ = Object.entries(page.ENGLISH).filter(([id, w]) => CATALOGUES.en[id] !== w);
    expect(differ).toEqual([]);
  });
});
