/**
 * Board geometries (firmware-protocol/PROTOCOL.md §5): the pit names of each,
 * in the canonical order used by snapshots, settled masks and sensor readings.
 * Each geometry is a shape module (`./shapes/`, one folder each, listed once
 * in `./shapes/index.ts`); this is the table of their places.
 *
 * Shared because both sides of a sensor board speak in these names: the
 * protocol codec decodes the board's lines into them, and a game says which
 * geometry its board is and what a position should look like on it.
 */
import { SHAPES, findShape } from "./shapes/index.js";
import type { GeometryId } from "./shapes/index.js";

export type { GeometryId } from "./shapes/index.js";
export { GEMS, MARBLE_COLOURS, SHAPES, shapeOf, findShape } from "./shapes/index.js";
export type { Gem, MarbleColour, BoardShape } from "./shapes/index.js";

/** Geometry tokens as written on the wire, in the registry's order. */
export const GEOMETRY_IDS: readonly GeometryId[] = SHAPES.map((s) => s.id);

export interface Geometry {
  readonly id: GeometryId;
  /** Every pit, cup or hole, in canonical (snapshot) order. */
  readonly cells: readonly string[];
  /** Hex digits of the settled mask: ceil(cells / 4). */
  readonly maskDigits: number;
}

/** Every geometry's places, by token (each shape is a `Geometry`). */
export const GEOMETRIES: Readonly<Record<GeometryId, Geometry>> = byId();

function byId(): Record<GeometryId, Geometry> {
  const table: Partial<Record<GeometryId, Geometry>> = {};
  for (const shape of SHAPES) table[shape.id] = shape;
  return table as Record<GeometryId, Geometry>;
}

export function isGeometryId(token: string): token is GeometryId {
  return findShape(token) !== undefined;
}

/** Every pit name of any geometry: what a stateless parser accepts as a pit. */
const ALL_PITS: ReadonlySet<string> = new Set(SHAPES.flatMap((s) => s.cells));

/** Whether `name` is a pit, cup or hole of some geometry (the board checks its own). */
export function isPitName(name: string): boolean {
  return ALL_PITS.has(name);
}

/** Whether `name` is a pit, cup or hole of geometry `id`. */
export function hasPit(id: GeometryId, name: string): boolean {
  return GEOMETRIES[id].cells.includes(name);
}
