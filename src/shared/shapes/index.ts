/**
 * The registry of board shapes: one line per shape. Everything a layer needs
 * to know of a shape (its places, readings, cells codec, drawings, physical
 * start) it asks the shape found here; no code outside a shape's folder
 * branches on a shape's id.
 *
 * Adding a shape: a folder beside this file exporting a `BoardShape`, and one
 * line in `SHAPES`.
 */
import { FOUR_BY_EIGHT } from "./4x8/index.js";
import { TWO_BY_FIVE_PLUS_TWO } from "./2x5+2/index.js";
import { HEX61 } from "./hex61/index.js";
import { TWO_BY_SIX_PLUS_TWO } from "./2x6+2/index.js";
import type { BoardShape } from "./shape.js";

export const SHAPES = [FOUR_BY_EIGHT, TWO_BY_FIVE_PLUS_TWO, HEX61, TWO_BY_SIX_PLUS_TWO] as const;

type Shape = (typeof SHAPES)[number];

/** Geometry tokens as written on the wire. */
export type GeometryId = Shape["id"];
/** The geometries whose places report a stone count (`4x8`). */
export type CountGeometryId = Extract<Shape, { kind: "counts" }>["id"];
/** The geometries whose places report plain stones and gems (`2x5+2`). */
export type GemGeometryId = Extract<Shape, { kind: "gems" }>["id"];
/** The geometries of holes holding a marble (`hex61`). */
export type HoleGeometryId = Extract<Shape, { kind: "holes" }>["id"];

const BY_ID: ReadonlyMap<string, BoardShape<GeometryId>> = new Map(SHAPES.map((s) => [s.id, s]));

/** The shape of a geometry token. */
export function shapeOf(id: GeometryId): BoardShape<GeometryId> {
  return BY_ID.get(id) as BoardShape<GeometryId>;
}

/** The shape of a token from outside, or undefined when no shape has it. */
export function findShape(token: string): BoardShape<GeometryId> | undefined {
  return BY_ID.get(token);
}

export * from "./shape.js";
export * from "./vocabulary.js";
export { MAX_COUNT } from "./cells.js";
export { HOLE_CHARS, HOLE_BY_CHAR, HOLE_CODES, HEX_STEPS } from "./hex61/index.js";
export { boardRows, sideBreak } from "./terminal.js";
export type { BoardRow } from "./terminal.js";
