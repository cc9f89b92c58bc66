/**
 * What a sensor board reads, as one flat vector per geometry: the common
 * language of a game (which says what its position should read) and the
 * protocol codec (which turns a snapshot into readings), so the live
 * controller can compare the two without knowing the game or the geometry.
 *
 * Every reading is a number, named after the place (pit, cup or hole) it
 * belongs to, in the geometry's canonical order (PROTOCOL.md §5):
 *
 * Each shape module says its own (`./shapes/`):
 *
 * - `4x8`: one stone count per pit: `A1`, `A2`, … `D8` (32 readings).
 * - `2x5+2`: first the plain stones in each place, `A1` … `A5`, `B1` … `B5`,
 *   `SC`, `NC`; then for each place in that order and each gem `S1` … `S5`,
 *   `N1` … `N5`, 1 when that gem lies there, else 0: `A1:S1`, `A1:S2`, …
 *   `A1:N5`, `A2:S1`, … `NC:N5` (12 + 120 = 132 readings).
 * - `hex61`: for each hole, 1 when a black marble lies there, then 1 when a
 *   white one does, then the neutral marble (AB-9.6), then a marble whose
 *   colour is not told (`x`: a presence-only board, AB-9.2's single colour):
 *   `A1:b`, `A1:w`, `A1:n`, `A1:x`, `A2:b`, … `I9:x` (244 readings; journals
 *   written before the neutral marble hold 122, `A1:b`, `A1:w`, … `I9:w`).
 *
 * A reading named `place:tag` belongs to `place`; a reading without `:` is
 * the place's own count.
 */
import { MARBLE_COLOURS, READING_SEPARATOR, shapeOf } from "./shapes/index.js";
import type { GeometryId } from "./shapes/index.js";

export { READING_SEPARATOR } from "./shapes/index.js";

/** `hex61`: the readings of one hole, one per marble of `MARBLE_COLOURS` (`b`, `w`, `n`, `x`). */
export const HOLE_READINGS = Object.keys(MARBLE_COLOURS).length;

/** `hex61`: the readings of one hole in a journal written before the neutral marble (`b`, `w`). */
export const LEGACY_HOLE_READINGS = 2;

/** Reading indices of every geometry, built on first use. */
const INDICES = new Map<GeometryId, ReadonlyMap<string, number>>();

/**
 * The names of a geometry's readings, in order (the same array, frozen, on
 * every call).
 *
 * @example
 * readingNames("4x8");           // ["A1", "A2", …, "D8"]          (32)
 * readingNames("2x5+2");         // ["A1", …, "NC", "A1:S1", …, "NC:N5"] (132)
 * readingNames("2x5+2")[12];     // "A1:S1"
 * readingNames("hex61");         // ["A1:b", "A1:w", "A1:n", "A1:x", "A2:b", …, "I9:x"]  (244)
 */
export function readingNames(geometry: GeometryId): readonly string[] {
  return shapeOf(geometry).readingNames;
}

/**
 * The place (pit, cup or hole) a reading belongs to: the part of its name
 * before `:`, or the whole name when it has none.
 *
 * @example
 * placeOfReading("B3");    // "B3"
 * placeOfReading("SC:N2"); // "SC"
 * placeOfReading("E5:w");  // "E5"
 */
export function placeOfReading(name: string): string {
  const at = name.indexOf(READING_SEPARATOR);
  return at < 0 ? name : name.slice(0, at);
}

/**
 * Each reading's position in the geometry's vector, by name (the same map on
 * every call).
 *
 * @example
 * readingIndex("4x8").get("B1");      // 8
 * readingIndex("2x5+2").get("A2:S1"); // 22
 * readingIndex("hex61").get("A1:w");  // 1
 * readingIndex("hex61").get("A2:b");  // 4
 * readingIndex("hex61").get("A1");    // undefined: a hole has no count
 */
export function readingIndex(geometry: GeometryId): ReadonlyMap<string, number> {
  let index = INDICES.get(geometry);
  if (index === undefined) {
    index = new Map(shapeOf(geometry).readingNames.map((name, i) => [name, i]));
    INDICES.set(geometry, index);
  }
  return index;
}
