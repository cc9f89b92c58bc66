/**
 * Kalah's board (docs/rules/kalah.md, "Board"): the `2x6+2` shape's places
 * in sensor order, `A1`…`A6` (South's), `B1`…`B6` (North's), the stores `SC`
 * and `NC`; the counter-clockwise circuit `A1→A6→SC→B6→B1→NC→A1`; who owns
 * each place; and what a sowing may reach from each place.
 */
import { GEOMETRIES } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { SowingSide } from "../core/types.js";

export const GEOMETRY = "2x6+2";
export const PLACES: readonly string[] = GEOMETRIES[GEOMETRY].cells;
/** Indexes into PLACES: South's pits 0–5, North's 6–11, the stores. */
export const SOUTH_STORE = 12;
export const NORTH_STORE = 13;
export const PLACE_COUNT = 14;

/** The circuit counter-clockwise, as indexes into PLACES (KA-2). */
export const CIRCUIT: readonly number[] = [0, 1, 2, 3, 4, 5, 12, 11, 10, 9, 8, 7, 6, 13];
/** Each place's position in CIRCUIT. */
export const AT: readonly number[] = PLACES.map((_, i) => CIRCUIT.indexOf(i));

export type KalahSide = SowingSide;

/** Side 0 is South, 1 North. */
export function sideIndex(side: KalahSide): 0 | 1 {
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

export const KALAH_LAYOUT: BoardLayout<KalahSide> = {
  geometry: GEOMETRY,
  places: PLACES,
  sides: ["S", "N"],
  sideNames: { S: "South", N: "North" },
  owners: PLACES.map((_, i) => (ownerIndex(i) === 0 ? "S" : "N")),
  // The next place counter-clockwise, and past the store the other player's sowing skips.
  successors: PLACES.map((_, i) => {
    const next = CIRCUIT[(AT[i]! + 1) % PLACE_COUNT]!;
    const store = next === SOUTH_STORE || next === NORTH_STORE;
    return store ? [next, CIRCUIT[(AT[i]! + 2) % PLACE_COUNT]!] : [next];
  }),
};
