/**
 * The two-row board with two stores (the `2x6+2` shape) both Kalah and Oware
 * are played on: its places in sensor order, `A1`…`A6` (South's), `B1`…`B6`
 * (North's), the stores `SC` and `NC`; the sides, who owns each place, the
 * rows, and the layout each game completes with its own sowing successors.
 */
import { GEOMETRIES } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { SowingSide } from "../core/types.js";

export const GEOMETRY = "2x6+2";
export const PLACES: readonly string[] = GEOMETRIES[GEOMETRY].cells;
/** Indexes into PLACES: South's pits 0–5, North's 6–11, the stores. */
export const PIT_COUNT = 12;
export const SOUTH_STORE = 12;
export const NORTH_STORE = 13;
export const PLACE_COUNT = 14;

export type TwoRowSide = SowingSide;
/** By side index: 0 is South, 1 North. */
export const SIDES: readonly [TwoRowSide, TwoRowSide] = ["S", "N"];

/** Side 0 is South, 1 North. */
export function sideIndex(side: TwoRowSide): 0 | 1 {
  return side === "S" ? 0 : 1;
}

export function firstPit(side: 0 | 1): number {
  return side === 0 ? 0 : 6;
}

export function storeOf(side: 0 | 1): number {
  return side === 0 ? SOUTH_STORE : NORTH_STORE;
}

/** The pit facing pit `i` (`Ak` faces `Bk`). */
export function opposite(i: number): number {
  return i < 6 ? i + 6 : i - 6;
}

/** The side whose pit or store place `i` is. */
export function ownerIndex(i: number): 0 | 1 {
  return i < 6 || i === SOUTH_STORE ? 0 : 1;
}

/** Whether place `i` is one of the six pits of `side`. */
export function inRow(i: number, side: 0 | 1): boolean {
  return i >= firstPit(side) && i < firstPit(side) + 6;
}

/** The stones in the six pits of `side`. */
export function rowTotal(board: readonly number[], side: 0 | 1): number {
  let n = 0;
  for (let i = firstPit(side); i < firstPit(side) + 6; i++) n += board[i] as number;
  return n;
}

/** The pits of `side` that hold stones, in name order: where a sowing may start. */
export function fullPits(board: readonly number[], side: 0 | 1): number[] {
  const out: number[] = [];
  for (let i = firstPit(side); i < firstPit(side) + 6; i++)
    if ((board[i] as number) > 0) out.push(i);
  return out;
}

/** The board's layout with each place's sowing successors, which the game's rules give. */
export function twoRowLayout(successors: readonly (readonly number[])[]): BoardLayout<TwoRowSide> {
  return {
    geometry: GEOMETRY,
    places: PLACES,
    sides: SIDES,
    sideNames: { S: "South", N: "North" },
    owners: PLACES.map((_, i) => SIDES[ownerIndex(i)]),
    successors,
  };
}
