/**
 * (Shared by play-abalone-variants-a.test.ts and -b.test.ts.)
 * Every AB-9 variant of Abalone played with `kete play` on the simulated
 * hex61 board (issue 29, part 3), in-process on a fake clock: the hands push
 * the engine's traces with sensor noise on, and now and then slip (the
 * game's `slip`: a marble onto an obstacle, into a trap, the neutral marble
 * moved by hand, a broadside into an occupied hole, …), saying the rule kete
 * must name. Each game: kete names every slip with exactly that rule and
 * calls no other mistake, the game reaches its result, and the journal
 * re-judges to the same decisions (`kete replay --verify`). The team game
 * names its four players; obstacles and traps have lights of their own; a
 * random start is lit for setting up; a colour board read in the
 * single-colour game reads every marble as one kind.
 */
import { describe, expect, it } from "vitest";
import { FLAG_DEFAULTS, playSettings, type PlayContext } from "../../src/cli/play/settings.js";
import type { PlaySettings } from "../../src/cli/play/settings.js";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/index.js";
import { legendEntries, legendRoles } from "../../src/controller/legend.js";
import { presenceOnly, readingsOf } from "../../src/protocol/index.js";
import { play, records, settings, verified } from "./play-harness.js";
import { sendHex, startHex } from "../controller/abalone-board.js";
import { FakeLink, INFO, startSession } from "../controller/harness.js";

const abalone = findGame("abalone") as Game<Position>;

const ctx: PlayContext = {
  stdoutTTY: false,
  stdinTTY: false,
  noColour: true,
  defaultGamesDir: "/tmp/kete-games",
  defaultSeed: 1,
  resume: null,
};

/** Each variant: its options, and the AB-9 rule its own slips break (null: the standard slips only). */
const VARIANTS: readonly {
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly rule: string | null;
}[] = [
  { name: "2x2 teams (AB-9.1)", options: { teams: "shared" }, rule: null },
  { name: "single colour (AB-9.2)", options: { singleColour: true }, rule: null },
  { name: "random start (AB-9.3)", options: { start: "random", seed: 5 }, rule: null },
  {
    name: "partly random start (AB-9.3)",
    options: { start: "partly-random", seed: 2 },
    rule: null,
  },
  { name: "obstacles (AB-9.4)", options: { obstacles: ["E4", "E6"] }, rule: "AB-9.4" },
  { name: "traps (AB-9.5)", options: { traps: ["D4", "F6"] }, rule: "AB-9.5" },
  {
    name: "neutral marble (AB-9.6)",
    options: { neutral: "E5", neutralOff: "counts" },
    rule: "AB-9.6",
  },
  { name: "shield and rotation (AB-9.7)", options: { shapes: true }, rule: null },
  {
    name: "combined (AB-9.8)",
    options: { shapes: true, neutral: "E5", traps: ["E3", "E7"] },
    rule: null,
  },
];

/** `b slips: … (AB-9.4 expected)`: the rules the hands' slips break, in order. */
function slipRules(out: string): string[] {
  return [...out.matchAll(/ [bw] slips: .* \((AB-[\d.]+) expected\)/g)].map((m) => m[1] as string);
}

function variantSettings(options: Readonly<Record<string, unknown>>, seed: number): PlaySettings {
  return settings("abalone", {
    first: "b",
    players: { b: "Amani", w: "Baraka" },
    seed,
    noise: true,
    mistakeRate: 0.35,
    options: { ...options, moveLimit: 6 },
  });
}

/** The games of `VARIANTS[from..to)` (two test files share them, to keep each short). */
export function variantGames(from: number, to: number): void {
  describe("every AB-9 variant at the simulated board, with noise and slips", () => {
    for (const [i, v] of VARIANTS.entries()) {
      if (i < from || i >= to) continue;
      it(`${v.name}: each slip named with its rule, no other mistake, the journal verifies`, async () => {
        const r = await play(variantSettings(v.options, 11 + i));
        expect(r.code, r.out).toBe(0);
        expect(records(r.journal, "result")).toHaveLength(1);
        const said = slipRules(r.out);
        const named = records(r.journal, "mistake").map((m) => m.rule);
        expect(said.length, "slips injected").toBeGreaterThan(0);
        // Zero false mistakes: exactly the slips, each with the rule it breaks.
        expect(named).toEqual(said);
        if (v.rule !== null) expect(named).toContain(v.rule);
        expect(verified(r.journal).mismatch).toBeNull();
        expect(r.journal.header.options).toMatchObject(v.options);
      });
    }
  });
}

/** The team game's names and the variants' lights. */
export function namesAndLights(): void {
  describe("a start set up by hand (AB-9.3, start board)", () => {
    it("the first settled reading is the start, missing marbles pushed off; the journal verifies", async () => {
      const r = await play(
        settings("abalone", {
          first: "b",
          players: { b: "Amani", w: "Baraka" },
          noise: true,
          options: { start: "board", moveLimit: 3 },
        }),
      );
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(/from the board as set up \(AB-9\.3\)/);
      expect(r.journal.header.options).toMatchObject({ start: "board" });
      expect(records(r.journal, "move")).toHaveLength(6);
      expect(verified(r.journal).mismatch).toBeNull();
      const standard = abalone.initial({});
      if (!standard.ok) throw new Error(standard.error.message);
      const counts = [...abalone.sensorView(standard.value).counts];
      counts[0] = 0; // A1's black marble was never put on the board
      const start = abalone.fromBoard?.({ start: "board" }, counts, "b");
      if (start === undefined || !start.ok) throw new Error("no board start");
      expect(abalone.positionToJSON(start.value).off).toEqual({ b: 1, w: 0 });
    });
  });

  describe("the team game names its four players (AB-9.1)", () => {
    it("--players takes four names in the order of play; log, journal and view name who moves", async () => {
      const bad = playSettings(
        { ...FLAG_DEFAULTS, game: "abalone", option: ["teams=shared"], players: "Ana,Ben" },
        ctx,
      );
      expect(!bad.ok && bad.error.message).toMatch(
        /four players.*Black 1, White 1, Black 2, White 2/,
      );
      const s = playSettings(
        {
          ...FLAG_DEFAULTS,
          game: "abalone",
          option: ["teams=shared", "moveLimit=3"],
          players: "Ana,Ben,Cy,Di",
        },
        ctx,
      );
      if (!s.ok) throw new Error(s.error.message);
      expect(s.value.players).toEqual({ b: "Ana & Cy", w: "Ben & Di" });
      const r = await play({ ...s.value, gamesDir: settings("abalone").gamesDir, pace: 0.05 });
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/new game of Abalone: Ana & Cy \(Black\) vs Ben & Di \(White\)/);
      expect(r.out).toMatch(/ply 1 {2}Black \(Ana\)/);
      expect(r.out).toMatch(/ply 2 {2}White \(Ben\)/);
      expect(r.out).toMatch(/ply 3 {2}Black \(Cy\)/);
      expect(r.out).toMatch(/ply 4 {2}White \(Di\)/);
      expect(r.journal.header.teams).toEqual({ b: ["Ana", "Cy"], w: ["Ben", "Di"] });
      const players = records(r.journal, "move").map((m) => m.player);
      expect(players).toEqual(["Ana", "Ben", "Cy", "Di", "Ana", "Ben"]);
      expect(verified(r.journal).mismatch).toBeNull();
    });
  });

  describe("lights of the variants", () => {
    it("obstacles and traps are lit by lights of their own, in the legend only when the options have them", () => {
      const options = { obstacles: ["E4"], traps: ["F6"] };
      const start = abalone.initial(options);
      if (!start.ok) throw new Error(start.error.message);
      const s = startHex(abalone, start.value, options);
      const plan = s.controller.ledPlan();
      expect(plan.get("E4")).toEqual({ pattern: "steady", colour: "blue" });
      expect(plan.get("F6")).toEqual({ pattern: "blink", colour: "white" });
      const words = legendEntries(legendRoles(abalone, start.value.options), true).map(
        (e) => e.meaning,
      );
      expect(words).toContain("obstacle (AB-9.4)");
      expect(words).toContain("trap (AB-9.5)");
      const plain = abalone.initial({});
      if (!plain.ok) throw new Error(plain.error.message);
      const none = legendEntries(legendRoles(abalone, plain.value.options), true);
      expect(none.map((e) => e.meaning)).not.toContain("obstacle (AB-9.4)");
    });

    it("a random start (AB-9.3) on a board set up as the standard start: the holes to change are lit", () => {
      const random = abalone.initial({ start: "random", seed: 7 });
      const standard = abalone.initial({});
      if (!random.ok || !standard.ok) throw new Error("no start");
      const fake = new FakeLink();
      fake.info = { ...INFO, geometry: "hex61", maxCount: 1 };
      const link = startSession(
        abalone,
        random.value,
        { start: "random", seed: 7 },
        {},
        { link: fake, read: (s) => sendHex(s, abalone.sensorView(standard.value).counts) },
      );
      expect(link.controller.view.phase).toBe("setup");
      const want = abalone.sensorView(random.value).counts;
      const have = abalone.sensorView(standard.value).counts;
      const differ = new Set(
        abalone
          .sensorView(random.value)
          .pits.filter((_, k) => want[k] !== have[k])
          .map((p) => p.split(":")[0]),
      );
      const plan = link.controller.ledPlan();
      expect(differ.size).toBeGreaterThan(0);
      for (const hole of differ)
        expect(plan.get(hole ?? "")).toEqual({ pattern: "steady", colour: "magenta" });
    });

    it("the single colour (AB-9.2) on a board that tells colours: black and white read as one kind", () => {
      const single = abalone.initial({ singleColour: true });
      const standard = abalone.initial({});
      if (!single.ok || !standard.ok) throw new Error("no start");
      expect(abalone.readsPresence?.(single.value)).toBe(true);
      expect(abalone.readsPresence?.(standard.value)).toBe(false);
      // The standard set of 14 black and 14 white marbles, as a colour board reports it.
      const holes = abalone
        .sensorView(standard.value)
        .pits.filter((_, k) => abalone.sensorView(standard.value).counts[k] === 1);
      expect(holes.length).toBe(28);
      const board = {
        geometry: "hex61" as const,
        holes: readingsToHoles(abalone.sensorView(standard.value).counts),
      };
      expect(readingsOf(presenceOnly(board))).toEqual(abalone.sensorView(single.value).counts);
    });
  });
}

/** A readings vector (four a hole: b, w, n, x) as the holes a snapshot reports. */
function readingsToHoles(counts: readonly number[]) {
  const kinds = ["black", "white", "neutral", "marble"] as const;
  return Array.from({ length: counts.length / 4 }, (_, h) => {
    const k = kinds.findIndex((_, j) => counts[4 * h + j] === 1);
    return k < 0 ? ("empty" as const) : kinds[k];
  });
}
