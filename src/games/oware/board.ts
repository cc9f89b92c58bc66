/**
 * Oware's board (docs/rules/oware.md, "Board"): the `2x6+2` shape's places
 * in sensor order, `A1`…`A6` (South's), `B1`…`B6` (North's), the stores `SC`
 * and `NC` that hold the captured stones and are never sown into; the
 * counter-clockwise circuit of the twelve pits `A1→A6→B6→B1→A1`.
 */
import { GEOMETRIES } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { SowingSide } from "../core/types.js";

export const GEOMETRY = "2x6+2";
export const PLACES: readonly string[] = GEOMETRIES[GEOMETRY].cells;
export const SOUTH_STORE = 12;
export const NORTH_STORE = 13;
/** Stones in play: 4 in each of 12 pits (OW-1). */
export const TOTAL = 48;

/** The twelve pits counter-clockwise, as indexes into PLACES (OW-2). */
export const CIRCUIT: readonly number[] = [0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6];
/** Each pit's position in CIRCUIT (-1 for the stores). */
export const AT: readonly number[] = PLACES.map((_, i) => CIRCUIT.indexOf(i));

export type OwareSide = SowingSide;

export function sideIndex(side: OwareSide): 0 | 1 {
  return side === "S" ? 0 : 1;
}

export function firstPit(side: 0 | 1): number {
  return side === 0 ? 0 : 6;
}

export function storeOf(side: 0 | 1): number {
  return side === 0 ? SOUTH_STORE : NORTH_STORE;
}

export function ownerIndex(i: number): 0 | 1 {
  return i < 6 || i === SOUTH_STORE ? 0 : 1;
}

export const OWARE_LAYOUT: BoardLayout<OwareSide> = {
  geometry: GEOMETRY,
  places: PLACES,
  sides: ["S", "N"],
  sideNames: { S: "South", N: "North" },
  owners: PLACES.map((_, i) => (ownerIndex(i) === 0 ? "S" : "N")),
  // The next pit counter-clockwise, and the one after it (a lap passes the origin over);
  // a store is sown only with captured stones, after the pit they came from.
  successors: PLACES.map((_, i) => {
    if (i === SOUTH_STORE || i === NORTH_STORE) return [];
    const at = AT[i] as number;
    return [CIRCUIT[(at + 1) % 12] as number, CIRCUIT[(at + 2) % 12] as number];
  }),
};
