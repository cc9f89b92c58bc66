/**
 * The search in Glassperlenspiel (issue 29, docs/rules/glassperlenspiel.md):
 * its evaluation (src/search/glass.ts), one test per term, each comparing
 * two positions that differ in what that term reads, and its repetition
 * awareness (GB-7), checked through the engine (`parsePosition`, `legal`,
 * `apply`, `outcome`), never against a number printed once.
 *
 * - points (GB-6, GB-7): a gem moved from one cup to the other moves the
 *   score by twice its number, and the gem numbers the evaluation reads are
 *   those the engine's outcome counts (a GB-6 end's `score`).
 * - pits (GB-3, GB-4): a gem moved from the own row to the other's raises
 *   the score by twice `pit` times its number.
 * - raid (GB-3 clarifications, GB-6): a leader's cup open to indirect
 *   captures loses `raid` for each own pit of exactly one stone; with a gem
 *   in the leader's pits, nothing.
 * - GB-7: a position met again is won by the side ahead on points; the
 *   search walks into a repetition when ahead and out of it when behind.
 * - The default evaluation is this one (`position`), and the bench's greedy
 *   one (`points`) takes the most points first.
 */
import { describe, expect, it } from "vitest";
import { findGame, type Game, type Position } from "../../src/games/index.js";
import { evaluatorOf, search, WIN_SCORE } from "../../src/search/index.js";
import {
  GLASS_WEIGHTS,
  REPEAT_SCORE,
  gemValue,
  glassScore,
  isBeadPosition,
  pointsAhead,
  type BeadPosition,
} from "../../src/search/glass.js";
import { seededRandom } from "../../src/shared/index.js";

type P = BeadPosition & Position;
const game = findGame("glassperlenspiel") as Game<P>;
const PITS = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5"];

/**
 * A position from its stones (A1…B5) and where each gem lies (pit, `SC` or
 * `NC`); gems not named stay where GB-1 puts them.
 */
function position(
  stones: readonly number[],
  gems: Readonly<Record<string, string>>,
  toMove: "S" | "N" = "S",
): P {
  const at: Record<string, string> = {};
  for (let i = 1; i <= 5; i++) {
    at[`S${i}`] = `A${6 - i}`; // GB-1: South's gem 1 in A5 … gem 5 in A1
    at[`N${i}`] = `B${i}`; // North's gem 1 in B1 … gem 5 in B5
  }
  Object.assign(at, gems);
  const pits: Record<string, { stones: number; gems: string[] }> = {};
  PITS.forEach((pit, i) => {
    pits[pit] = { stones: stones[i]!, gems: [] };
  });
  const cups: { S: string[]; N: string[] } = { S: [], N: [] };
  for (const [tag, place] of Object.entries(at)) {
    if (place === "SC") cups.S.push(tag);
    else if (place === "NC") cups.N.push(tag);
    else pits[place]!.gems.push(tag);
  }
  const p = game.parsePosition({
    game: "glassperlenspiel",
    options: {},
    toMove,
    pits,
    cups,
    history: [],
  });
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

const ONE_EACH = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
const evaluator = evaluatorOf(game);

describe("Glassperlenspiel's evaluation, term by term (issue 29)", () => {
  it("reads the engine's positions, and is the game's default", () => {
    expect(isBeadPosition(position(ONE_EACH, {}))).toBe(true);
    const p = position(ONE_EACH, { N5: "SC" });
    expect(evaluator.evaluate(p, "S")).toBeCloseTo(glassScore(p, "S"), 9);
    // Material (beads) sees a gem in the cup as one bead, whatever its number.
    expect(evaluatorOf(game, "material").evaluate(p, "S")).not.toBeCloseTo(glassScore(p, "S"), 3);
  });

  it("points (GB-6, GB-7): a gem from the other cup to one's own moves the score by twice its number", () => {
    // S4 in North's cup, N2 in South's: then the two swapped (South +4 +4, −2 −2).
    const before = position(ONE_EACH, { S4: "NC", N2: "SC" });
    const after = position(ONE_EACH, { S4: "SC", N2: "NC" });
    const gain = evaluator.evaluate(after, "S") - evaluator.evaluate(before, "S");
    expect(gain).toBeCloseTo(2 * 4 - 2 * 2, 9);
    // One gem of 5 more in the cup: 5 points.
    const more = position(ONE_EACH, { S4: "SC", N2: "NC", N5: "SC" });
    const five = evaluator.evaluate(more, "S") - evaluator.evaluate(after, "S");
    expect(five).toBeCloseTo(5 - GLASS_WEIGHTS.pit * 5, 9); // N5 was a target in B5, now won
    // And the same for North, negated: the evaluation is zero-sum.
    expect(evaluator.evaluate(after, "N")).toBeCloseTo(-evaluator.evaluate(after, "S"), 9);
  });

  it("the gem numbers it reads are those the engine's GB-6 outcome counts", () => {
    // Every gem in a cup, South to move with every pit empty: GB-6 ends the game.
    const random = seededRandom(29);
    for (let k = 0; k < 20; k++) {
      const gems: Record<string, string> = {};
      for (const side of ["S", "N"])
        for (let i = 1; i <= 5; i++) gems[`${side}${i}`] = random() < 0.5 ? "SC" : "NC";
      const p = position([0, 0, 0, 0, 0, 4, 3, 1, 1, 1], gems);
      const over = game.outcome(p) as { score?: { S: number; N: number } } | null;
      expect(over?.score).toBeDefined();
      expect(pointsAhead(p, "S")).toBe(over!.score!.S - over!.score!.N);
    }
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(gemValue)).toEqual([1, 2, 3, 4, 5, 1, 2, 3, 4, 5]);
  });

  it("pits (GB-3, GB-4): a gem moved from one's own row to the other's is worth twice `pit` a point", () => {
    // S5 from A1 (South's row) to B3 (North's), N4 from B4 to A2: both now the other's targets.
    const before = position(ONE_EACH, {});
    const after = position(ONE_EACH, { S5: "B3", N4: "A2" });
    const change = evaluator.evaluate(after, "S") - evaluator.evaluate(before, "S");
    expect(change).toBeCloseTo(GLASS_WEIGHTS.pit * (2 * 5 - 2 * 4), 9);
    expect(GLASS_WEIGHTS.pit).toBeGreaterThan(0);
    expect(evaluator.evaluate(before, "S")).toBeCloseTo(0, 9); // GB-1 is symmetric
  });

  it("raid (GB-3, GB-6): a leader whose pits hold no gem loses `raid` for each own pit of one stone", () => {
    // Stones only (every gem in a cup), South 17 points to 13.
    const cups = { S1: "SC", S2: "SC", S3: "SC", S4: "NC", S5: "SC", N1: "NC" };
    const rest = { N2: "SC", N3: "NC", N4: "SC", N5: "NC" };
    const safe = position([2, 2, 2, 2, 2, 0, 0, 0, 0, 0], { ...cups, ...rest });
    const open = position([1, 1, 3, 3, 2, 0, 0, 0, 0, 0], { ...cups, ...rest });
    expect(pointsAhead(safe, "S")).toBe(17 - 13);
    const loss = evaluator.evaluate(safe, "S") - evaluator.evaluate(open, "S");
    expect(loss).toBeCloseTo(2 * GLASS_WEIGHTS.raid, 9);
    expect(GLASS_WEIGHTS.raid).toBeGreaterThan(0);
    // A gem in South's pits is what an indirect capture takes first: the cup is not open.
    const guarded = position([1, 1, 3, 3, 2, 0, 0, 0, 0, 0], { ...cups, ...rest, N5: "A4" });
    const noRaid = position([2, 2, 2, 2, 2, 0, 0, 0, 0, 0], { ...cups, ...rest, N5: "A4" });
    expect(evaluator.evaluate(guarded, "S")).toBeCloseTo(evaluator.evaluate(noRaid, "S"), 9);
  });
});

describe("Glassperlenspiel's repetitions (GB-7)", () => {
  // Stones only, no move ends the game at once: South ahead 17 to 13.
  const cups = {
    S1: "SC",
    S2: "SC",
    S3: "SC",
    S4: "NC",
    S5: "SC",
    N1: "NC",
    N2: "SC",
    N3: "NC",
    N4: "SC",
    N5: "NC",
  };
  const ahead = position([2, 1, 1, 1, 0, 1, 1, 1, 1, 1], cups, "S");
  const behind = position([1, 1, 1, 1, 1, 2, 1, 1, 1, 0], cups, "N");

  it("a position met again is the side ahead's: REPEAT_SCORE for it, the negation for the other", () => {
    expect(evaluator.repetition(ahead, "S", 3)).toBe(REPEAT_SCORE - 3);
    expect(evaluator.repetition(ahead, "N", 3)).toBe(-(REPEAT_SCORE - 3));
    const even = position(ONE_EACH, { S5: "SC", N5: "NC" });
    expect(evaluator.repetition(even, "S", 1)).toBe(0);
    // Other games keep the draw.
    const kalah = findGame("kalah")!;
    const k = kalah.initial({});
    if (!k.ok) throw new Error(k.error.message);
    expect(evaluatorOf(kalah).repetition(k.value, k.value.toMove, 1)).toBe(0);
  });

  /** The search's best move and score from `p` at depth `d`, with `history`. */
  function answer(p: P, d: number, history: readonly P[]): { best: string; score: number } {
    const r = search(game, p, { depth: d, history });
    if (!r.ok) throw new Error(r.error.message);
    expect(game.apply(p, r.value.best).ok).toBe(true);
    return r.value;
  }

  it("the side ahead walks into a position seen before; the side behind walks out of it", () => {
    for (const [p, leads] of [
      [ahead, true],
      [behind, false],
    ] as const) {
      const all = game.legal(p).moves;
      expect(all.every((m) => game.outcome(m.position) === null)).toBe(true);
      // The moves that leave the points as they are (no indirect capture from a cup).
      const lead = pointsAhead(p, p.toMove);
      const moves = all.filter((m) => pointsAhead(m.position, p.toMove) === lead);
      expect(moves.length).toBeGreaterThan(1);
      // Each move in turn made the one that leads to a position seen earlier in the game.
      for (const m of moves) {
        const r = answer(p, 1, [m.position]);
        if (leads) {
          expect(r.best).toBe(m.move);
          expect(r.score).toBe(REPEAT_SCORE - 1);
        } else {
          expect(r.best).not.toBe(m.move);
          expect(Math.abs(r.score)).toBeLessThan(WIN_SCORE / 2);
          expect(r.score).toBeGreaterThan(-REPEAT_SCORE / 2);
        }
      }
    }
  });
});

describe("the bench's greedy evaluation (`points`)", () => {
  it("takes the most points, where beads would take the most beads", () => {
    const points = evaluatorOf(game, "points");
    // A gem of 5 in the cup against two beads more in one's row.
    const gem = position([1, 1, 1, 1, 1, 1, 1, 1, 1, 1], { N5: "SC" });
    const beads = position([3, 1, 1, 1, 1, 1, 1, 1, 0, 0], { N5: "A3" });
    expect(points.evaluate(gem, "S")).toBeGreaterThan(points.evaluate(beads, "S"));
    const material = evaluatorOf(game, "material");
    expect(material.evaluate(beads, "S")).toBeGreaterThan(material.evaluate(gem, "S"));
  });
});
