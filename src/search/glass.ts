/**
 * Glassperlenspiel's evaluation (issue 29, docs/rules/glassperlenspiel.md):
 * what a position is worth when the search can look no further, in points.
 *
 * Beads are not what wins. The game is decided by points, the numbers on the
 * gems in one's cup: at its GB-6 end (a side to move with every pit empty:
 * the other wins with 15 or more, and with 30 points in all the side ahead
 * has them once every gem is in a cup) and at its GB-7 end (a position met a
 * third time: more points wins). Counting beads (the sowing games' material)
 * played for beads in the own row while gems changed hands for hundreds of
 * plies, and lost to a one-ply greedy player (docs/benchmarks.md). The terms:
 *
 * - `points` (GB-6, GB-7): the points in the own cup minus the other's, one
 *   point each: the unit of the score.
 * - `pits` (GB-3, GB-4): the points of the gems lying in the other side's
 *   pits minus those in one's own, at `GLASS_WEIGHTS.pit` a point. A capture
 *   only ever takes a gem from the opponent's pits (a direct capture the gem
 *   a last stone lands on, an indirect one any gem there), so a gem in the
 *   other row is one the side may win and a gem in its own row one it may
 *   lose. Worth less than a point in the cup: it is not won yet.
 * - `raid` (GB-3 clarifications, GB-6): while a side's pits hold no gem, an
 *   indirect capture takes from its cup, so its cup is open to the other
 *   side's raids (always so once every gem is in a cup). The side ahead on
 *   points with an open cup loses `GLASS_WEIGHTS.raid` of a point for
 *   every pit of its own holding exactly one stone (the other side's last
 *   stone sown there makes an indirect capture): the lead can still be
 *   taken.
 *
 * Repetition (GB-7): the search scores a position met again (on its line, or
 * earlier in the game: a second occurrence) as GB-7 would end the game at the
 * third, `repetition` below: the side ahead on points wins it, 15-15 is a
 * draw. A repetition the trailing side could avoid it avoids, because the
 * search scores it as lost; a leader walks into it, which ends games that
 * otherwise run on past any move limit.
 *
 * Positions carry `stones` (plain stones per pit, `A1`…`A5` then `B1`…`B5`)
 * and `gems` (the place of each gem: 0–9 the pits, 10 South's cup, 11
 * North's; gems in the code-point order of their tags, `N1`…`N5` then
 * `S1`…`S5`, so gem `g` is worth `g % 5 + 1`: glassperlenspiel/geometry.ts,
 * which `test/search/glass.test.ts` checks this against through the engine's
 * outcome scores).
 */
import type { Position, Side } from "../games/index.js";

/** What the evaluation reads of a Glassperlenspiel position. */
export interface BeadPosition extends Position {
  readonly stones: readonly number[];
  readonly gems: readonly number[];
  readonly history: readonly string[];
}

const PITS = 10;
const GEMS = 10;
const SOUTH_CUP = 10;
const NORTH_CUP = 11;

export function isBeadPosition(p: Position): p is BeadPosition {
  const q = p as Partial<BeadPosition>;
  return (
    Array.isArray(q.stones) &&
    q.stones.length === PITS &&
    Array.isArray(q.gems) &&
    q.gems.length === GEMS &&
    Array.isArray(q.history)
  );
}

/** Weights, in points (see the header). */
export const GLASS_WEIGHTS = {
  /** A point on a gem in a pit of the other side (or, negated, of one's own). */
  pit: 0.3,
  /** A leader's pit of exactly one stone while its cup is open to raids. */
  raid: 0.5,
};

/** What a repetition is worth to the side ahead on points (GB-7): beyond any evaluation, short of a win. */
export const REPEAT_SCORE = 500;

/** GB-6: a gem's points, the number on it (`g % 5 + 1`, see the header). */
export function gemValue(gem: number): number {
  return (gem % 5) + 1;
}

/** The cup and first pit of `side`'s row: South `A1`…`A5` and `SC`, North `B1`…`B5` and `NC`. */
function sideOf(side: Side): { cup: number; row: number } {
  return side === "S" ? { cup: SOUTH_CUP, row: 0 } : { cup: NORTH_CUP, row: 5 };
}

/** Points in `side`'s cup minus the other's (GB-6, GB-7). */
export function pointsAhead(p: BeadPosition, side: Side): number {
  const own = sideOf(side).cup;
  let s = 0;
  for (let g = 0; g < GEMS; g++) {
    const at = p.gems[g]!;
    if (at === own) s += gemValue(g);
    else if (at >= PITS) s -= gemValue(g);
  }
  return s;
}

/** Points on the gems in the other side's pits minus in one's own (GB-3, GB-4: captures take from the opponent's pits). */
export function pitGemsAhead(p: BeadPosition, side: Side): number {
  const row = sideOf(side).row;
  let s = 0;
  for (let g = 0; g < GEMS; g++) {
    const at = p.gems[g]!;
    if (at >= PITS) continue;
    s += at >= row && at < row + 5 ? -gemValue(g) : gemValue(g);
  }
  return s;
}

/**
 * The raid term for `side` (GB-3 clarifications, GB-6): with `side` ahead on
 * points and its pits holding no gem, minus its own pits of exactly one
 * bead, a stone: where the other side's last stone makes an indirect
 * capture, which then takes from `side`'s cup; for the other side ahead, the
 * same, negated.
 */
export function raidExposure(p: BeadPosition, side: Side): number {
  const ahead = pointsAhead(p, side);
  if (ahead === 0) return 0;
  const leader: Side = ahead > 0 ? side : side === "S" ? "N" : "S";
  const row = sideOf(leader).row;
  for (let g = 0; g < GEMS; g++) {
    const at = p.gems[g]!;
    if (at >= row && at < row + 5) return 0; // a gem in the leader's pits is taken first
  }
  let n = 0;
  for (let pit = row; pit < row + 5; pit++) if (p.stones[pit] === 1) n++;
  return ahead > 0 ? -n : n;
}

/** The evaluation of `p` for `side`, in points (the header's terms). */
export function glassScore(p: BeadPosition, side: Side): number {
  return (
    pointsAhead(p, side) +
    GLASS_WEIGHTS.pit * pitGemsAhead(p, side) +
    GLASS_WEIGHTS.raid * raidExposure(p, side)
  );
}

/**
 * A position met again, for `side` (GB-7): the side ahead on points wins,
 * `REPEAT_SCORE` (less the plies to it, so the nearer the better), 0 at
 * equal points.
 */
export function glassRepetition(p: BeadPosition, side: Side, ply: number): number {
  const ahead = pointsAhead(p, side);
  return ahead === 0 ? 0 : Math.sign(ahead) * (REPEAT_SCORE - ply);
}

/**
 * The one-ply greedy player's evaluation (`points`): points ahead, then the
 * beads a side holds in its row and cup at a hundredth of a point (the
 * sowing games' material, `beads`), so a greedy move takes the most points
 * and among those keeps the most beads.
 */
export function glassGreedy(p: BeadPosition, side: Side): number {
  const { cup, row } = sideOf(side);
  let beads = 0;
  for (let pit = 0; pit < PITS; pit++) {
    const own = pit >= row && pit < row + 5;
    beads += (own ? 1 : -1) * p.stones[pit]!;
  }
  for (let g = 0; g < GEMS; g++) {
    const at = p.gems[g]!;
    const own = at === cup || (at >= row && at < row + 5);
    beads += own ? 1 : -1;
  }
  return pointsAhead(p, side) + beads / 100;
}

/** A string equal for two positions with the same side to move, stones and gems (GB-7's "same position"). */
export function beadKey(p: BeadPosition): string {
  return `${p.toMove}|${p.stones.join(",")}|${p.gems.join(",")}`;
}
