/**
 * How good a position is for a side, in stones, when the search can look no
 * further, and the key the transposition table files it under.
 *
 * The sowing games all keep their stones on the board (four-row: CORE-3,
 * captures cross to the captor's rows; Bao: a captured stone is sown on by
 * the captor), so the stones a side holds are the material that wins: a side
 * left without a legal start loses (HB-7, BK-4). Material is what the
 * evaluation counts: the stones in a side's own places (`layout.owners`), plus
 * a Bao player's stones still in reserve (`hand`). `npm run bench -- search`
 * compares it with a mobility-weighted variant (see bench/search.ts), which
 * beat it in no game over 200 games a match (docs/benchmarks.md, "Search"): the levels
 * count material.
 *
 * Positions of the sowing families carry their board as `pits`, a
 * `Uint8Array` in `layout.places` order; Abalone's as `board` (keyed from its
 * fields, evaluated by abalone.ts: marbles pushed off, then the centre,
 * cohesion and marbles in danger, issue 29); Glassperlenspiel's as `stones`
 * and `gems` (evaluated by glass.ts: the points in the cups, then the gems
 * in the pits, GB-6/GB-7; its material, for the bench's judge, from
 * `sensorView`); games whose positions have none of these are evaluated
 * from `sensorView` and keyed by their JSON, slower but exact.
 */
import type { Game, Outcome, Position, Side } from "../games/index.js";
import { opponent } from "../games/index.js";
import { placeOfReading } from "../shared/index.js";
import { abaloneScore, colourOf, isMarblePosition, type MarblePosition } from "./abalone.js";
import { beadKey, glassGreedy, glassRepetition, glassScore, isBeadPosition } from "./glass.js";
import { WIN_SCORE, type Evaluation } from "./types.js";

/** What an own pit that can start a turn is worth in `mobility`, in stones. */
const MOBILITY_WEIGHT = 0.5;

/** The shape the sowing families' positions share (mancala4x8, bao). */
interface PitsPosition extends Position {
  readonly pits: Uint8Array;
  readonly hand?: Readonly<Record<Side, number>>;
  readonly nyumba?: Readonly<Record<Side, boolean>>;
  readonly blocked?: string | null;
}

function hasPits(p: Position): p is PitsPosition {
  return (p as Partial<PitsPosition>).pits instanceof Uint8Array;
}

/**
 * The evaluation a search uses when it names none: a game's positional one
 * where it has one (Abalone, on the `hex61` board; Glassperlenspiel, on
 * `2x5+2`), else material.
 */
export function defaultEvaluation(game: Game): Evaluation {
  return hasPositional(game) || hasBeads(game) ? "position" : "material";
}

/** Whether the game's positions get glass.ts's evaluation (Glassperlenspiel's beads on `2x5+2`). */
function hasBeads(game: Game): boolean {
  return game.layout.geometry === "2x5+2";
}

/** Whether the game's positions get abalone.ts's evaluation (marbles on `hex61`). */
function hasPositional(game: Game): boolean {
  return game.layout.geometry === "hex61";
}

/** Abalone's counters (AB-7): part of the position, not of what a repetition repeats. */
const COUNTERS = ["moveCount", "noPushCount"];

/**
 * The board key of a position whose board is a `Uint8Array` field
 * (`board`): its side to move, the board as characters, the marbles off,
 * and any other field (a variant's) as JSON; not the game's name, options
 * (the same in one search) or counters. The field names are read once.
 */
function marbleKeyer(): (p: MarblePosition) => string {
  let extra: string[] | null = null;
  return (p) => {
    extra ??= Object.keys(p).filter(
      (n) => !["game", "options", "toMove", "board", "off", ...COUNTERS].includes(n),
    );
    let k = `${p.toMove}|${String.fromCharCode(...p.board)}|`;
    for (const side in p.off) k += `${p.off[side]},`;
    for (const n of extra) k += `|${JSON.stringify((p as unknown as Record<string, unknown>)[n])}`;
    return k;
  };
}

/** The counters' part of a marble position's full key. */
function countersKey(p: Position): string {
  const q = p as unknown as Record<string, unknown>;
  return `#${String(q.moveCount)},${String(q.noPushCount)}`;
}

export interface Evaluator<P extends Position> {
  /** Material for `side`: its stones minus the other side's. */
  material(p: P, side: Side): number;
  /** The leaf score for `side` under the evaluation chosen (material, or material and mobility). */
  evaluate(p: P, side: Side): number;
  /** A string equal for two positions exactly when they are the same position. */
  key(p: P): string;
  /**
   * A string equal for two positions with the same board, side to move and
   * marbles off: what a repetition repeats (Abalone's move counters left out,
   * which only ever grow); the other games' `key`.
   */
  boardKey(p: P): string;
  /** `key` from a position's `boardKey` (cheaper than computing it again). */
  keyOf(p: P, boardKey: string): string;
  /**
   * What a position met again (on the line searched, or earlier in the game)
   * is worth to `side`, `ply` plies from the root: a draw (0), or in
   * Glassperlenspiel the end GB-7 gives it at the third time (glass.ts).
   */
  repetition(p: P, side: Side, ply: number): number;
  /**
   * Whether a leaf is scored without quiescence: Abalone's evaluation scores
   * its threats itself, and a Glassperlenspiel turn captures only after its
   * last bead, never in the first segment quiescence looks at.
   */
  readonly leafOnly: boolean;
  /**
   * Whether `evaluate` is positional (Abalone's): every move changes it, so
   * the search orders moves by it, and it scores the threats at a leaf
   * itself (no quiescence needed: search.ts).
   */
  readonly positional: boolean;
}

export function evaluatorOf<P extends Position>(
  game: Game<P>,
  evaluation: Evaluation = defaultEvaluation(game),
): Evaluator<P> {
  const owners = game.layout.owners;
  const sign = (side: Side): Int8Array =>
    Int8Array.from(owners, (o) => (o === null ? 0 : o === side ? 1 : -1));
  const signs = new Map<Side, Int8Array>(game.layout.sides.map((s) => [s, sign(s)]));
  /**
   * Boards that sense more than counts (gems by place, marble colours): a
   * reading `place:detail` counts for the side its detail names (Abalone's
   * `E5:b`), else for the owner of its place (a gem in a pit); the weights
   * are made once per side, the readings' names being the same every time.
   */
  const byReading = new Map<Side, Int8Array>();
  const readingSigns = (names: readonly string[], side: Side): Int8Array => {
    let w = byReading.get(side);
    if (w === undefined) {
      w = Int8Array.from(names, (name) => {
        const detail = name.slice(placeOfReading(name).length + 1);
        const owner = game.layout.sides.includes(detail)
          ? detail
          : (owners[game.layout.places.indexOf(placeOfReading(name))] ?? null);
        return owner === null ? 0 : owner === side ? 1 : -1;
      });
      byReading.set(side, w);
    }
    return w;
  };
  const score = (p: P, side: Side, mobility: boolean): number => {
    const own = signs.get(side);
    if (own === undefined) return 0;
    let counts: ArrayLike<number>;
    let w: Int8Array;
    if (hasPits(p)) [counts, w] = [p.pits, own];
    else {
      const view = game.sensorView(p);
      [counts, w] = [view.counts, readingSigns(view.pits, side)];
    }
    let s = 0;
    let m = 0;
    for (let i = 0; i < counts.length; i++) {
      const c = counts[i]!;
      s += w[i]! * c;
      // CORE-4, BK-13: a pit of two or more can start a turn; none left loses (HB-7, HUS-4).
      if (c >= 2) m += w[i]!;
    }
    if (hasPits(p) && p.hand !== undefined) {
      s += (p.hand[side] ?? 0) - (p.hand[opponent(game.layout, side)] ?? 0);
    }
    return mobility ? s + MOBILITY_WEIGHT * m : s;
  };
  const mobility = evaluation === "mobility";
  const sides = game.layout.sides;
  const marbles = hasPositional(game) && (evaluation === "position" || evaluation === "centre");
  const centreOnly = evaluation === "centre";
  const marbleKey = marbleKeyer();
  const beads = hasBeads(game) && (evaluation === "position" || evaluation === "points");
  const beadGreedy = evaluation === "points";
  /** Abalone's material: the marbles each side has pushed off (AB-6), not those left (AB-7 handicaps). */
  const material = (p: P, side: Side): number => {
    if (!hasPositional(game) || !isMarblePosition(p)) return score(p, side, false);
    return (p.off[opponent(game.layout, side)] ?? 0) - (p.off[side] ?? 0);
  };
  const evaluate = (p: P, side: Side): number => {
    if (marbles && isMarblePosition(p)) {
      const other = opponent(game.layout, side);
      const [own, opp] = [colourOf(sides, side), colourOf(sides, other)];
      return abaloneScore(p, side, other, own, opp, centreOnly);
    }
    if (beads && isBeadPosition(p)) return beadGreedy ? glassGreedy(p, side) : glassScore(p, side);
    return mobility ? score(p, side, true) : material(p, side);
  };
  return {
    material,
    evaluate,
    positional: marbles && !centreOnly,
    leafOnly: (marbles && !centreOnly) || hasBeads(game),
    repetition(p, side, ply) {
      return beads && isBeadPosition(p) ? glassRepetition(p, side, ply) : 0;
    },
    keyOf(p, boardKey) {
      return isMarblePosition(p) ? boardKey + countersKey(p) : boardKey;
    },
    boardKey(p) {
      return isMarblePosition(p) ? marbleKey(p) : this.key(p);
    },
    key(p) {
      if (!hasPits(p)) {
        if (isMarblePosition(p)) return marbleKey(p) + countersKey(p);
        // GB-7's history left out: the same position, whatever led to it (its
        // third occurrence is the game's outcome, read before the table).
        if (isBeadPosition(p)) return beadKey(p);
        return JSON.stringify(game.positionToJSON(p));
      }
      let k = `${p.toMove}|${String.fromCharCode(...p.pits)}`;
      if (p.hand !== undefined) k += `|${p.hand.S},${p.hand.N}`;
      if (p.nyumba !== undefined) k += `|${p.nyumba.S ? 1 : 0}${p.nyumba.N ? 1 : 0}`;
      if (p.blocked !== undefined) k += `|${p.blocked ?? ""}`;
      return k;
    },
  };
}

/** A finished game's score for `side`, `ply` plies from the root: the sooner a win, the better. */
export function terminalScore(outcome: Outcome, side: Side, ply: number): number {
  if (outcome.winner === null) return 0;
  return outcome.winner === side ? WIN_SCORE - ply : -(WIN_SCORE - ply);
}
