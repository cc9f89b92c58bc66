/**
 * The Abalone board (abalone.md, "Board and coordinates"): 61 holes, rows
 * `A`…`I` from Black's side to White's, diagonals `1`…`9` from left to right,
 * in the `hex61` geometry's canonical order, which is also plain string
 * order of the names (`A1` < `A2` < … < `I9`). A hole is an index 0–60.
 *
 * The six directions, as (row step, diagonal step):
 * 0 `(0,+1)` along the row to the right, 1 `(+1,+1)`, 2 `(+1,0)` along the
 * diagonal, 3 `(0,−1)`, 4 `(−1,−1)`, 5 `(−1,0)`; direction `d + 3` (mod 6) is
 * the opposite of `d`, and directions 0, 1, 2 are the three axes' positive
 * ways (the ways in which hole names ascend).
 */
import { GEOMETRIES, HEX_STEPS, HOLE_READINGS, MARBLE_COLOURS } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { MarbleSide } from "../core/types.js";

/** Every hole's name, in canonical (and string) order. */
export const HOLES: readonly string[] = GEOMETRIES.hex61.cells;
export const HOLE_COUNT = 61;
export const ROW_LETTERS = "ABCDEFGHI";

/** What a hole holds. */
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
/** The neutral marble (AB-9.6): nobody's, pushed as part of the line ahead. */
export const NEUTRAL = 3;
/** A marble of the single-colour game (AB-9.2): anybody's. */
export const MARBLE = 4;
export type Cell = typeof EMPTY | typeof BLACK | typeof WHITE | typeof NEUTRAL | typeof MARBLE;
export type Colour = typeof BLACK | typeof WHITE;

/** The sides as the rules write them. */
export type AbaloneSide = MarbleSide;
export const SIDE_LETTER: Readonly<Record<Colour, AbaloneSide>> = { 1: "b", 2: "w" };
export const COLOUR_OF: Readonly<Record<AbaloneSide, Colour>> = { b: BLACK, w: WHITE };
export const SIDE_NAME: Readonly<Record<AbaloneSide, string>> = { b: "Black", w: "White" };
/**
 * A hole's content as a letter: `e` for empty (engine-protocol.md, Abalone
 * traces), `n` the neutral marble (AB-9.6), `x` a single-colour marble (AB-9.2).
 */
export const CELL_LETTER = ["e", "b", "w", "n", "x"] as const;

/**
 * The `hex61` readings (shared/readings.ts): each hole has `HOLE_READINGS`
 * of them, one per marble letter in `MARBLE_COLOURS` order (`b`, `w`, `n`,
 * `x`); `READING_OFFSET[cell]` is the one a cell's marble sets (-1: empty).
 */
const READING_LETTERS: readonly string[] = Object.values(MARBLE_COLOURS);
export const READING_OFFSET: readonly number[] = CELL_LETTER.map((l) => READING_LETTERS.indexOf(l));

/** The cell a hole's readings (from index `at`) show, or -1 when they show two marbles or a value not 0/1. */
export function cellOfReadings(counts: readonly number[], at: number): Cell | -1 {
  let cell: Cell = EMPTY;
  for (let k = 0; k < HOLE_READINGS; k++) {
    const v = counts[at + k];
    if (v === 0) continue;
    if (v !== 1 || cell !== EMPTY) return -1;
    cell = CELL_LETTER.indexOf(READING_LETTERS[k] as (typeof CELL_LETTER)[number]) as Cell;
  }
  return cell;
}

export function other(c: Colour): Colour {
  return c === BLACK ? WHITE : BLACK;
}

/** Whether row `r` (0 = A) and diagonal `d` (1…9) name a hole. */
function onBoard(r: number, d: number): boolean {
  return r >= 0 && r <= 8 && d >= 1 && d <= 9 && d - r <= 5 && r - d <= 3;
}

const INDEX = new Map<string, number>(HOLES.map((name, i) => [name, i]));

/** A hole's index from its name, or -1 when no hole has that name. */
export function holeIndex(name: string): number {
  return INDEX.get(name) ?? -1;
}

export function holeName(hole: number): string {
  return HOLES[hole] as string;
}

/** Row index (0 = A) and diagonal (1…9) of each hole. */
export const ROW: readonly number[] = HOLES.map((n) => ROW_LETTERS.indexOf(n[0] as string));
export const DIAGONAL: readonly number[] = HOLES.map((n) => Number(n.slice(1)));

/**
 * `NEXT[hole * 6 + dir]`: the neighbour of `hole` in direction `dir`, or -1
 * beyond the edge.
 */
export const NEXT: Int8Array = (() => {
  const next = new Int8Array(HOLE_COUNT * 6);
  for (let h = 0; h < HOLE_COUNT; h++) {
    for (let dir = 0; dir < 6; dir++) {
      const [dr, dd] = HEX_STEPS[dir] as readonly [number, number];
      const r = (ROW[h] as number) + dr;
      const d = (DIAGONAL[h] as number) + dd;
      next[h * 6 + dir] = onBoard(r, d) ? holeIndex(`${ROW_LETTERS[r]}${d}`) : -1;
    }
  }
  return next;
})();

/** The neighbour of `hole` in direction `dir`, or -1 beyond the edge. */
export function neighbour(hole: number, dir: number): number {
  return NEXT[hole * 6 + dir] as number;
}

/** The direction from `from` to its neighbour `to`, or -1 when they are not neighbours. */
export function directionBetween(from: number, to: number): number {
  for (let dir = 0; dir < 6; dir++) if (NEXT[from * 6 + dir] === to) return dir;
  return -1;
}

/** How many steps apart two holes are (the hex distance: E5 to its ring of six is 1). */
export function distance(a: number, b: number): number {
  const dr = (ROW[b] as number) - (ROW[a] as number);
  const dd = (DIAGONAL[b] as number) - (DIAGONAL[a] as number);
  // (0,+1), (+1,+1), (+1,0) and their opposites are one step: a hex distance.
  return dr * dd > 0 ? Math.max(Math.abs(dr), Math.abs(dd)) : Math.abs(dr) + Math.abs(dd);
}

/** The nine holes of row E (AB-7, `noPushLimit`). */
export const ROW_E: readonly number[] = HOLES.flatMap((n, i) => (n[0] === "E" ? [i] : []));

/**
 * The board for the controller: the `hex61` holes, which belong to neither
 * side (any hole may hold either colour) and are never sown.
 */
export const ABALONE_LAYOUT: BoardLayout<AbaloneSide> = {
  geometry: "hex61",
  places: HOLES,
  sides: ["b", "w"],
  sideNames: { b: "Black", w: "White" },
  owners: HOLES.map(() => null),
  successors: HOLES.map(() => []),
};
