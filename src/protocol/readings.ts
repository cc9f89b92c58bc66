/**
 * A snapshot's cells as the flat vector of sensor readings its geometry has
 * (`readingNames` in shared): what the controller compares with what a game's
 * position should read, whatever the board senses besides stone counts.
 */
import { GEOMETRIES, MARBLE_COLOURS, shapeOf } from "../shared/index.js";
import type { MarbleColour } from "../shared/index.js";
import type { HexBoard, HoleContent, SnapshotBoard } from "./messages.js";

const MARBLES = Object.keys(MARBLE_COLOURS) as MarbleColour[];

/**
 * The readings of a snapshot's cells, in the order of
 * `readingNames(board.geometry)`, as the geometry's shape module reads them:
 *
 * - `4x8`: each pit's stone count;
 * - `2x5+2`: each place's plain-stone `count`, then for each place each gem's
 *   bit (1 when the gem lies in that place, else 0);
 * - `hex61`: for each hole its black, white, neutral and colourless (`x`)
 *   bits (`empty` is 0, 0, 0, 0).
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
 * // [1, 0, 0, 0,  0, 0, 0, 0,  null, null, null, null,  …]
 */
export function readingsOf(board: SnapshotBoard): (number | null)[] {
  const shape = shapeOf(board.geometry);
  return shape.codec.readings(board, shape.cells.length);
}

/**
 * A hex61 readings vector (a journal's `counts`) as the holes it shows: four
 * readings a hole (`b`, `w`, `n`, `x`, as `readingsOf` writes them), or two
 * (`b`, `w`) in a journal written before the neutral marble; null for a
 * vector of neither length. A hole with a `null` reading is `null` (faulty).
 */
export function holesOfReadings(
  readings: readonly (number | null)[],
): (HoleContent | null)[] | null {
  const n = GEOMETRIES.hex61.cells.length;
  const stride = readings.length / n;
  if (stride !== MARBLES.length && stride !== 2) return null;
  const holes: (HoleContent | null)[] = [];
  for (let h = 0; h < n; h++) {
    const bits = readings.slice(h * stride, h * stride + stride);
    if (bits.some((b) => b === null || b === undefined)) holes.push(null);
    else holes.push(MARBLES.find((_, k) => bits[k] === 1) ?? "empty");
  }
  return holes;
}

/**
 * AB-9.2's single colour read on any board: every black, white or colourless
 * marble is a marble (`x`), the neutral one stays itself (AB-9.6). A board
 * that tells colours and one that senses presence only thus read alike.
 */
export function presenceOnly(board: HexBoard): HexBoard {
  const plain = (h: HoleContent | null): HoleContent | null =>
    h === "black" || h === "white" ? "marble" : h;
  return { geometry: "hex61", holes: board.holes.map(plain) };
}
