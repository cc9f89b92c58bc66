/**
 * Oware's board (docs/rules/oware.md, "Board"): the two-row board
 * (`../tworow/board.ts`) whose stores hold the captured stones and are never
 * sown into; the counter-clockwise circuit of the twelve pits `A1→A6→B6→B1→A1`.
 */
import type { BoardLayout } from "../core/board.js";
import {
  NORTH_STORE,
  PLACES,
  SOUTH_STORE,
  twoRowLayout,
  type TwoRowSide,
} from "../tworow/board.js";

/** Stones in play: 4 in each of 12 pits (OW-1). */
export const TOTAL = 48;

/** The twelve pits counter-clockwise, as indexes into PLACES (OW-2). */
export const CIRCUIT: readonly number[] = [0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6];
/** Each pit's position in CIRCUIT (-1 for the stores). */
export const AT: readonly number[] = PLACES.map((_, i) => CIRCUIT.indexOf(i));

export type OwareSide = TwoRowSide;

// The next pit counter-clockwise, and the one after it (a lap passes the origin over);
// a store is sown only with captured stones, after the pit they came from.
export const OWARE_LAYOUT: BoardLayout<OwareSide> = twoRowLayout(
  PLACES.map((_, i) => {
    if (i === SOUTH_STORE || i === NORTH_STORE) return [];
    const at = AT[i] as number;
    return [CIRCUIT[(at + 1) % 12] as number, CIRCUIT[(at + 2) % 12] as number];
  }),
);
