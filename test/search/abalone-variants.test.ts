/**
 * The search in Abalone's variants (issue 29, docs/rules/abalone.md AB-9):
 * the evaluation reads each option (src/search/abalone.ts), and the
 * computer's move and the hint come out legal and in time in every one.
 * Every answer is checked against the engine (`legal`, `apply`,
 * `protocolTrace`), never against a number printed once.
 *
 * - The marbles the side to move can push out of the game (over the edge,
 *   into an AB-9.5 trap, AB-9.6's neutral marble, AB-9.2's alike marbles)
 *   are exactly those one of its legal moves pushes out, over seeded random
 *   games of each variant.
 * - AB-9.4/AB-9.5: a marble's centre worth counts the pushes in a line to a
 *   way out: on the plain board 4 minus its ring, next to a trap 0, behind
 *   an obstacle more.
 * - AB-9.6 `neutralOff` "wins": a push of the neutral marble out is found.
 * - In every variant, `kete play --computer`'s search (the CLI's thinker,
 *   positions and history through their JSON as the worker gets them) and a
 *   hint (the strongest level) answer a legal move in a game against random
 *   play, ending every search within its budget.
 * - `kete play --game abalone --computer w` (issue 29's report): against a
 *   seeded random player, 30 moves of the computer and 30 of a player who
 *   follows the hints never walk a move straight back (C1C2 then C2C1), and
 *   the computer pushes a marble off.
 */
import { describe, expect, it } from "vitest";
import { findGame, type Game, type Position } from "../../src/games/index.js";
import { LEVELS, STRONGEST, findLevel, type Level } from "../../src/search/index.js";
import {
  PLAIN_RULES,
  RING,
  marbleRules,
  marblesOut,
  takesBack,
  type MarblePosition,
} from "../../src/search/abalone.js";
import { thinkNow } from "../../src/cli/play/think.js";
import { seededRandom } from "../../src/shared/index.js";

type P = MarblePosition & Position;
const game = findGame("abalone") as Game<P>;

function start(options: Record<string, unknown>): P {
  const p = game.initial(options);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** The variants of AB-9, alone and combined (AB-9.8), with a name for the test titles. */
const VARIANTS: readonly (readonly [string, Record<string, unknown>])[] = [
  ["AB-9.1 teams", { teams: "shared" }],
  ["AB-9.2 single colour", { singleColour: true }],
  ["AB-9.3 random start", { start: "random", seed: 29 }],
  ["AB-9.3 partly random start", { start: "partly-random", seed: 5 }],
  ["AB-9.4 obstacles", { obstacles: ["E4", "E6", "D5"] }],
  ["AB-9.5 traps", { traps: ["D4", "F6", "E2", "E8"] }],
  ["AB-9.6 neutral, forbidden", { neutral: "E5" }],
  // By the edge, where random play pushes it out now and then.
  ["AB-9.6 neutral, counts", { neutral: "E1", neutralOff: "counts" }],
  ["AB-9.6 neutral, wins", { neutral: "E1", neutralOff: "wins" }],
  ["AB-9.7 shapes", { shapes: true }],
  [
    "AB-9.8 teams, traps, obstacles, neutral counts, shapes",
    {
      teams: "shared",
      traps: ["D4", "F6"],
      obstacles: ["E3", "E7"],
      neutral: "E1",
      neutralOff: "counts",
      shapes: true,
    },
  ],
  [
    "AB-9.8 single colour, traps, neutral counts",
    { singleColour: true, traps: ["E3", "E7"], neutral: "E9", neutralOff: "counts" },
  ],
];

const colour = (side: string) => (side === "b" ? 1 : 2);
const other = (side: string) => (side === "b" ? "w" : "b");

/** Positions of a seeded random game of `options` (those still going on). */
function randomGame(options: Record<string, unknown>, seed: number, plies: number): P[] {
  const random = seededRandom(seed);
  const out: P[] = [];
  let p = start(options);
  for (let i = 0; i < plies && game.outcome(p) === null; i++) {
    out.push(p);
    const m = game.randomMove(p, random);
    if (m === null) break;
    p = m.position;
  }
  return out;
}

/** The holes from which a legal move of the side to move pushes a marble out, and into which traps. */
function engineFalls(p: P): { holes: Set<string>; traps: number; neutral: number } {
  const holes = new Set<string>();
  let traps = 0;
  let neutral = 0;
  for (const m of game.legal(p).moves) {
    const q = m.position as P & { neutralOffBy: string | null };
    const was = p as P & { neutralOffBy: string | null };
    // Only a move that changed `off` or who pushed the neutral marble out can have pushed one out.
    if (q.off.b === p.off.b && q.off.w === p.off.w && q.neutralOffBy === was.neutralOffBy) continue;
    for (const step of game.protocolTrace!(p, m.move)) {
      if (step.op !== "off") continue;
      holes.add(step.cell);
      if ("trap" in step && step.trap !== undefined) traps++;
      if ("colour" in step && step.colour === "n") neutral++;
    }
  }
  return { holes, traps, neutral };
}

describe("the marbles the side to move can push out (AB-5, AB-9.2, AB-9.5, AB-9.6)", () => {
  it.each(VARIANTS)("%s: exactly those its legal moves push out", (_, options) => {
    let falls = 0;
    let traps = 0;
    let neutral = 0;
    for (let g = 0; g < 3; g++) {
      const positions = randomGame(options, 100 + g, 200);
      for (const p of positions.filter((_, i) => i >= 4 && i % 2 === 0)) {
        const said = marblesOut(p, colour(p.toMove)).sort();
        const engine = engineFalls(p);
        expect(said, JSON.stringify(game.positionToJSON(p))).toEqual([...engine.holes].sort());
        falls += said.length;
        traps += engine.traps;
        neutral += engine.neutral;
      }
    }
    // The scan met pushes out, into the traps and of the neutral marble where there are any.
    expect(falls).toBeGreaterThan(10);
    if (Array.isArray(options.traps)) expect(traps).toBeGreaterThan(0);
    if (options.neutralOff === "counts" || options.neutralOff === "wins")
      expect(neutral).toBeGreaterThan(0);
  });
});

describe("the centre worth around obstacles and traps (AB-9.4, AB-9.5)", () => {
  const holeIndex = (name: string) => game.layout.places.indexOf(name);

  it("is 4 minus the ring on the plain board", () => {
    expect([...PLAIN_RULES.worth]).toEqual([...RING].map((r) => 4 - r));
  });

  it("is 0 next to a trap, and more where an obstacle stops the line to the edge", () => {
    const trapped = marbleRules(start({ traps: ["E5"] }));
    for (const h of ["D4", "D5", "E4", "E6", "F5", "F6"])
      expect(trapped.worth[holeIndex(h)], h).toBe(0);
    // E2 (ring 3) is one push from the edge by E1, D1 or F2; with those three
    // obstacles its shortest line out is four pushes long.
    const plain = PLAIN_RULES.worth[holeIndex("E2")]!;
    const walled = marbleRules(start({ obstacles: ["D1", "E1", "F2"] }));
    expect(plain).toBe(1);
    expect(walled.worth[holeIndex("E2")]).toBe(4);
  });
});

/** A level as `kete play` plays it, on a node budget the test can afford. */
function trimmed(level: Level, nodes: number): Level {
  return { ...level, limits: { ...level.limits, nodes: Math.min(level.limits.nodes!, nodes) } };
}

/**
 * One search through the CLI's thinker: the position and the history as
 * JSON, as `kete play` hands them to its worker.
 */
function think(p: P, history: readonly P[], level: Level, seed: number) {
  const r = thinkNow(
    {
      game: "abalone",
      position: game.positionToJSON(p),
      level,
      seed,
      history: history.map((h) => game.positionToJSON(h)),
    },
    false,
  );
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

describe("kete play --computer and hints in every variant", () => {
  const L1 = findLevel(1)!;
  it.each(VARIANTS)("%s: the computer's move and the hint are legal", (_, options) => {
    const random = seededRandom(77);
    const history: P[] = [];
    let p = start(options);
    for (let ply = 0; ply < 12 && game.outcome(p) === null; ply++) {
      const legal = new Set(game.legal(p).moves.map((m) => m.move));
      // The computer at level 1 (its own budget) and a hint (the strongest, trimmed).
      const computer = think(p, history, L1, ply + 1);
      const hint = think(p, history, trimmed(STRONGEST, 1_000), ply + 1);
      for (const r of [computer, hint]) {
        expect(legal.has(r.best), `${r.best} at ply ${ply}`).toBe(true);
        expect(r.depth).toBeGreaterThanOrEqual(1);
      }
      expect(hint.nodes).toBeLessThanOrEqual(1_000);
      // The computer's move is played on even plies, a random one on odd plies.
      const move = ply % 2 === 0 ? computer.best : game.randomMove(p, random)!.move;
      const next = game.apply(p, move);
      if (!next.ok) throw new Error(next.error.message);
      history.push(p);
      p = next.value.position;
    }
    expect(history.length).toBe(12);
  });

  it("AB-9.6 neutralOff wins: a push of the neutral marble out is found and wins", () => {
    const options = { neutral: "E1", neutralOff: "wins" };
    let found = 0;
    for (let g = 0; g < 8 && found < 4; g++) {
      for (const p of randomGame(options, 300 + g, 200)) {
        const winning = game
          .legal(p)
          .moves.filter((m) => game.outcome(m.position)?.winner === p.toMove);
        if (winning.length === 0) continue;
        const r = think(p, [], trimmed(LEVELS[1]!, 2_000), 1);
        expect(
          winning.map((m) => m.move),
          JSON.stringify(game.positionToJSON(p)),
        ).toContain(r.best);
        found++;
        break;
      }
    }
    expect(found).toBeGreaterThan(0);
  });
});

/** The move that walks `move` straight back: inline `C1C2` back is `C2C1`. */
const reverse = (move: string): string | null =>
  move.length === 4 ? move.slice(2) + move.slice(0, 2) : null;

/**
 * Plays `moves` moves of `side`, searched as `kete play` does, against a seeded random player
 * from the standard start; the moves of `side` and what each pushed off.
 */
function versusRandom(side: "b" | "w", seed: number, moves: number, level: Level) {
  const random = seededRandom(seed);
  const history: P[] = [];
  const played: { move: string; before: P; after: P; pushed: number }[] = [];
  let p = start({});
  while (played.length < moves && game.outcome(p) === null) {
    let move: string;
    if (p.toMove === side) move = think(p, history, level, seed + history.length).best;
    else move = game.randomMove(p, random)!.move;
    const next = game.apply(p, move);
    if (!next.ok) throw new Error(next.error.message);
    const q = next.value.position;
    if (p.toMove === side)
      played.push({ move, before: p, after: q, pushed: q.off[other(side)]! - p.off[other(side)]! });
    history.push(p);
    p = q;
  }
  return played;
}

describe("kete play --game abalone --computer w (issue 29: no marbles walked back and forth)", () => {
  const strong = trimmed(STRONGEST, 4_000);
  for (const [who, side] of [
    ["the computer (White)", "w"],
    ["a player following the hints (Black)", "b"],
  ] as const) {
    it(`${who}: 30 moves against random play, none straight back, a marble pushed off`, () => {
      const played = versusRandom(side, 2029, 30, strong);
      // Thirty moves, or fewer where it had won (six pushed off, AB-6).
      const last = played[played.length - 1]!.after;
      if (played.length < 30) expect(game.outcome(last)?.winner).toBe(side);
      for (let i = 1; i < played.length; i++) {
        const [a, b] = [played[i - 1]!, played[i]!];
        expect(b.move, `move ${i + 1} after ${a.move}`).not.toBe(reverse(a.move));
        // Nor, where its last move pushed nothing off and the other side's move
        // left its marbles alone, any move that puts them back where they stood.
        if (a.pushed === 0 && takesBack(a.after, b.before, colour(side)))
          expect(takesBack(a.before, b.after, colour(side)), `${a.move} then ${b.move}`).toBe(
            false,
          );
      }
      expect(played.reduce((n, x) => n + x.pushed, 0)).toBeGreaterThan(0);
    });
  }
});
