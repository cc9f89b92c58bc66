/**
 * A snapshot's cells as the flat vector of sensor readings its geometry has
 * (`readingNames` in shared): what the controller compares with what a game's
 * position should read, whatever the board senses besides stone counts.
 */
import { shapeOf } from "../shared/index.js";
import type { SnapshotBoard } from "./messages.js";

/**
 * The readings of a snapshot's cells, in the order of
 * `readingNames(board.geometry)`, as the geometry's shape module reads them:
 *
 * - `4x8`: each pit's stone count;
 * - `2x5+2`: each place's plain-stone `count`, then for each place each gem's
 *   bit (1 when the gem lies in that place, else 0);
 * - `hex61`: for each hole its black bit then its white bit (`empty` is 0, 0).
 *
 * A faulty cell (`null`) makes every reading of its place `null`. The vector
 * always has the geometry's length: a cell missing from a short board reads as
 * faulty, cells past the geometry's are ignored.
 *
 * @example
 * // parsed from `SNAP 2x5+2 P S FFF 5,4S1,4,…,0,2S2S4N1`
 * const r = readingsOf(board);
 * r.length;                                // 132
 * r[readingIndex("2x5+2").get("A2")!];     // 4  (plain stones)
 * r[readingIndex("2x5+2").get("A2:S1")!];  // 1
 * r[readingIndex("2x5+2").get("A1:S1")!];  // 0
 *
 * readingsOf({ geometry: "hex61", holes: ["black", "empty", null, …] });
 * // [1, 0,  0, 0,  null, null,  …]
 */
export function readingsOf(board: SnapshotBoard): (number | null)[] {
  const shape = shapeOf(board.geometry);
  return shape.codec.readings(board, shape.cells.length);
}
