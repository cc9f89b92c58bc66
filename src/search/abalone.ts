/**
 * Abalone's evaluation (issue 29, abalone.md): what a position is worth when
 * the search can look no further, in marbles.
 *
 * Material alone says nothing in Abalone until a marble falls: every other
 * move scores 0, and a search on material shuffles the same marbles back and
 * forth. The terms here are those the Abalone programs of the literature
 * weigh: Aichholzer, Aurenhammer and Werner's ABA-PRO (2002) and Lemmens'
 * player (Maastricht, 2005; re-measured in Chorus' thesis, 2009) score the
 * marbles pushed off first, then how close a side's marbles stand to the
 * centre, how closely they keep together, and which marbles on the edge
 * ring the other side can push off at its next move:
 *
 * - `off`: marbles pushed off (AB-6), one marble each, the unit of the score;
 *   the positional terms together stay well below one marble a move, so a
 *   push-off always dominates what a move changes otherwise.
 * - centre: for every marble, 4 minus its distance to E5 (rings 0 to 4), the
 *   edge ring worth 0: a marble in the middle can be pushed off only through
 *   a long walk, and a side in the middle pushes the other to the edge.
 *   Counted per marble present, so losing a marble never gains centre.
 * - cohesion: for every marble, its own neighbours (six at most): a group
 *   pushes (AB-5 needs a longer line) and resists being pushed.
 * - danger: a marble on the edge ring with a line of one or two of its own
 *   from the edge inward, followed by a longer line of the opponent's (up to
 *   three move, AB-2, AB-5): it falls at the opponent's next move. For the
 *   side to move the danger is its opponent's (it pushes one off now, nearly
 *   a marble) and its own (it may save one, at most, each move). Either is
 *   worth less than a marble however many marbles are in danger: one falls
 *   a move, and a marble pushed off is worth more than one threatened.
 *
 * Positions carry their board as `board`, a `Uint8Array` of the 61 holes in
 * `hex61` order (0 empty, 1 Black, 2 White: abalone/geometry.ts), and the
 * marbles pushed off as `off`. The loop reads the board once and allocates
 * nothing.
 */
import type { Position, Side } from "../games/index.js";
import { GEOMETRIES } from "../shared/index.js";

/** What the evaluation needs of an Abalone position. */
export interface MarblePosition extends Position {
  readonly board: Uint8Array;
  readonly off: Readonly<Record<string, number>>;
}

export function isMarblePosition(p: Position): p is MarblePosition {
  const q = p as Partial<MarblePosition>;
  return q.board instanceof Uint8Array && typeof q.off === "object" && q.off !== null;
}

/** Weights, in marbles (see the header); the bench's `abalone` matches measured them. */
export const ABALONE_WEIGHTS = {
  /** A ring nearer the centre, per marble. */
  centre: 0.05,
  /** An own neighbour, per marble (each touching pair counts twice). */
  cohesion: 0.012,
  /** The side to move can push a marble off now: the first such marble. */
  threat: 0.7,
  /** Each further marble of the side not to move in danger (one falls a move). */
  threatMore: 0.1,
  /** The threats' worth at most: below a marble pushed off. */
  threatMax: 0.9,
  /** The side to move has a marble in danger (it may save it). */
  danger: 0.3,
  /** … two or more: it saves one at most; each further one adds `threatMore`. */
  danger2: 0.6,
  /** The dangers' worth at most: below a marble pushed off. */
  dangerMax: 0.8,
} as const;

/** What `n` marbles of the side not to move in danger are worth to the side to move. */
function threats(n: number): number {
  const w = ABALONE_WEIGHTS;
  return n === 0 ? 0 : Math.min(w.threatMax, w.threat + w.threatMore * (n - 1));
}

/** What `n` marbles of the side to move in danger cost it. */
function dangers(n: number): number {
  const w = ABALONE_WEIGHTS;
  if (n <= 1) return n * w.danger;
  return Math.min(w.dangerMax, w.danger2 + w.threatMore * (n - 2));
}

const HOLES: readonly string[] = GEOMETRIES.hex61.cells;
const N = HOLES.length;
const ROWS = "ABCDEFGHI";
const ROW = HOLES.map((h) => ROWS.indexOf(h[0] as string));
const DIAG = HOLES.map((h) => Number(h.slice(1)));
/** Directions as (row, diagonal) steps; `d + 3` is the opposite of `d` (abalone.md, coordinates). */
const STEPS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [0, -1],
  [-1, -1],
  [-1, 0],
];
const INDEX = new Map(HOLES.map((h, i) => [h, i]));
/** `NEXT[h * 6 + d]`: the neighbour of hole `h` in direction `d`, or -1 beyond the edge. */
const NEXT = Int8Array.from({ length: N * 6 }, (_, k) => {
  const h = Math.floor(k / 6);
  const [dr, dd] = STEPS[k % 6] as readonly [number, number];
  return INDEX.get(`${ROWS[(ROW[h] as number) + dr] ?? "?"}${(DIAG[h] as number) + dd}`) ?? -1;
});
/** Hex distance to E5 (row 4, diagonal 5): 0 at the centre, 4 on the edge ring. */
export const RING = Int8Array.from(HOLES, (_, h) => {
  const dr = (ROW[h] as number) - 4;
  const dd = (DIAG[h] as number) - 5;
  return (Math.abs(dr) + Math.abs(dd) + Math.abs(dr - dd)) / 2;
});
/** The holes of the edge ring with the directions that lead off the board from them. */
const EDGE: readonly { readonly hole: number; readonly out: readonly number[] }[] = HOLES.flatMap(
  (_, h) => {
    const out = [0, 1, 2, 3, 4, 5].filter((d) => NEXT[h * 6 + d] === -1);
    return out.length === 0 ? [] : [{ hole: h, out }];
  },
);

/** Whether the marble on edge hole `h` (colour `c`) falls to the opponent's next inline push (AB-5). */
function inDanger(board: Uint8Array, h: number, c: number, out: readonly number[]): boolean {
  for (const d of out) {
    const back = (d + 3) % 6;
    let own = 0;
    let x = h;
    while (x >= 0 && board[x] === c) {
      own++;
      x = NEXT[x * 6 + back] as number;
    }
    if (own > 2 || x < 0) continue;
    // Only the other colour pushes: an empty hole, or AB-9.6's neutral marble, does not.
    const o = 3 - c;
    if (board[x] !== o) continue;
    let opp = 0;
    while (x >= 0 && board[x] === o && opp < 3) {
      opp++;
      x = NEXT[x * 6 + back] as number;
    }
    if (opp > own) return true;
  }
  return false;
}

/** The colour code of a side: its place in `layout.sides`, plus one (b 1, w 2). */
export function colourOf(sides: readonly Side[], side: Side): number {
  return sides.indexOf(side) + 1;
}

/**
 * The position's worth for `side` (colour `own`, the other side `opp`), in
 * marbles; `centreOnly` leaves out cohesion and danger (the one-ply greedy
 * player's "most pushed off, then nearest the centre", weighted so that the
 * centre never outweighs a marble).
 */
export function abaloneScore(
  p: MarblePosition,
  side: Side,
  other: Side,
  own: number,
  opp: number,
  centreOnly = false,
): number {
  const w = ABALONE_WEIGHTS;
  const material = (p.off[other] ?? 0) - (p.off[side] ?? 0);
  const board = p.board;
  let centre = 0;
  let cohesion = 0;
  for (let h = 0; h < N; h++) {
    const c = board[h];
    if (c !== own && c !== opp) continue;
    const s = c === own ? 1 : -1;
    centre += s * (4 - (RING[h] as number));
    if (centreOnly) continue;
    let n = 0;
    for (let d = 0; d < 6; d++) {
      const x = NEXT[h * 6 + d] as number;
      if (x >= 0 && board[x] === c) n++;
    }
    cohesion += s * n;
  }
  // At most 36 rings between the sides: the centre only breaks ties of material.
  if (centreOnly) return material + 0.01 * centre;
  let ownDanger = 0;
  let oppDanger = 0;
  for (const { hole, out } of EDGE) {
    const c = board[hole];
    if (c !== own && c !== opp) continue;
    if (!inDanger(board, hole, c, out)) continue;
    if (c === own) ownDanger++;
    else oppDanger++;
  }
  const toMove = p.toMove === side;
  const [mover, waiting] = toMove ? [ownDanger, oppDanger] : [oppDanger, ownDanger];
  const tactics = threats(waiting) - dangers(mover);
  return material + w.centre * centre + w.cohesion * cohesion + (toMove ? tactics : -tactics);
}

/**
 * Whether `after` has the marbles of colour `own` exactly where `before` had
 * them: a move that takes back that side's previous move (search.ts).
 */
export function takesBack(before: MarblePosition, after: MarblePosition, own: number): boolean {
  const a = before.board;
  const b = after.board;
  if (a.length !== b.length) return false;
  for (let h = 0; h < a.length; h++) if ((a[h] === own) !== (b[h] === own)) return false;
  return true;
}

/** The holes of colour `c`'s marbles that the other side can push off at its next move (tests, hints). */
export function marblesInDanger(board: Uint8Array, c: number): string[] {
  const out: string[] = [];
  for (const { hole, out: ways } of EDGE)
    if (board[hole] === c && inDanger(board, hole, c, ways)) out.push(HOLES[hole] as string);
  return out;
}
