/**
 * Board geometries the firmware protocol knows (PROTOCOL.md §5): the pit names
 * of each, in the canonical order used by snapshots and settled masks.
 *
 * Defined in shared (games name the same pits); re-exported here so the
 * protocol's own vocabulary stays in one place for its users.
 */
export {
  GEOMETRY_IDS,
  GEOMETRIES,
  isGeometryId,
  isPitName,
  hasPit,
  MARBLE_COLOURS,
} from "../shared/index.js";
export type { GeometryId, Geometry, MarbleColour } from "../shared/index.js";
