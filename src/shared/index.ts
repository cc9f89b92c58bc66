/**
 * Helpers every layer uses and none owns: errors as values (`Result`), a
 * seeded random generator, and the board shapes (`./shapes/`, one module per
 * geometry: its places, the flat vector of sensor readings it has, its section
 * of the line codec, its drawings), so that every layer asks a shape instead
 * of branching on a geometry. Nothing here knows about a particular game or
 * I/O.
 */
export * from "./result.js";
export * from "./random.js";
export * from "./geometry.js";
export * from "./readings.js";
export * from "./message.js";
export {
  MAX_COUNT,
  HOLE_CHARS,
  HOLE_BY_CHAR,
  HOLE_CODES,
  HEX_STEPS,
  READING_SEPARATOR,
  boardRows,
  sideBreak,
} from "./shapes/index.js";
export type {
  CountGeometryId,
  GemGeometryId,
  HoleGeometryId,
  BoardRow,
  CellCodec,
  CellKind,
  Cells,
  CountCells,
  GemCells,
  HoleCells,
  HoleContent,
  Painter,
  Place,
  PhysicalStart,
  PlacePoint,
  ShapeDrawing,
} from "./shapes/index.js";
