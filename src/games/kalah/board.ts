/**
 * Kalah's board (docs/rules/kalah.md, "Board"): the two-row board
 * (`../tworow/board.ts`) sown round its stores, the counter-clockwise circuit
 * `A1→A6→SC→B6→B1→NC→A1`, and what a sowing may reach from each place.
 */
import type { BoardLayout } from "../core/board.js";
import {
  NORTH_STORE,
  PLACES,
  PLACE_COUNT,
  SOUTH_STORE,
  twoRowLayout,
  type TwoRowSide,
} from "../tworow/board.js";

/** The circuit counter-clockwise, as indexes into PLACES (KA-2). */
export const CIRCUIT: readonly number[] = [0, 1, 2, 3, 4, 5, 12, 11, 10, 9, 8, 7, 6, 13];
/** Each place's position in CIRCUIT. */
export const AT: readonly number[] = PLACES.map((_, i) => CIRCUIT.indexOf(i));

export type KalahSide = TwoRowSide;

// The next place counter-clockwise, and past the store the other player's sowing skips.
export const KALAH_LAYOUT: BoardLayout<KalahSide> = twoRowLayout(
  PLACES.map((_, i) => {
    const next = CIRCUIT[(AT[i]! + 1) % PLACE_COUNT]!;
    const store = next === SOUTH_STORE || next === NORTH_STORE;
    return store ? [next, CIRCUIT[(AT[i]! + 2) % PLACE_COUNT]!] : [next];
  }),
);
