/**
 * Board geometries the firmware protocol knows (PROTOCOL.md §5): the pit names
 * of each, in the canonical order used by snapshots and settled masks.
 */

/** Geometry tokens as written on the wire. */
export const GEOMETRY_IDS = ["4x8", "2x5+2", "hex61"] as const;
export type GeometryId = (typeof GEOMETRY_IDS)[number];

export interface Geometry {
  readonly id: GeometryId;
  /** Every pit, cup or hole, in canonical (snapshot) order. */
  readonly cells: readonly string[];
  /** Hex digits of the settled mask: ceil(cells / 4). */
  readonly maskDigits: number;
}

function rowsOf(rows: string, columns: (row: number) => readonly number[]): string[] {
  const names: string[] = [];
  for (let r = 0; r < rows.length; r++) {
    for (const c of columns(r)) names.push(`${rows[r]}${c}`);
  }
  return names;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

function geometry(id: GeometryId, cells: string[]): Geometry {
  return { id, cells, maskDigits: Math.ceil(cells.length / 4) };
}

/** 4 rows x 8 pits: A1..A8, B1..B8 (South), C1..C8, D1..D8 (North). */
const FOUR_BY_EIGHT = geometry(
  "4x8",
  rowsOf("ABCD", () => range(1, 8)),
);

/** Glassperlenspiel: A1..A5, B1..B5, then the cups SC and NC. */
const TWO_BY_FIVE_PLUS_TWO = geometry("2x5+2", [...rowsOf("AB", () => range(1, 5)), "SC", "NC"]);

/** Abalone: rows A..I; A = A1..A5, E = E1..E9, I = I5..I9. */
const HEX61 = geometry(
  "hex61",
  rowsOf("ABCDEFGHI", (r) => (r <= 4 ? range(1, 5 + r) : range(r - 3, 9))),
);

export const GEOMETRIES: Readonly<Record<GeometryId, Geometry>> = {
  "4x8": FOUR_BY_EIGHT,
  "2x5+2": TWO_BY_FIVE_PLUS_TWO,
  hex61: HEX61,
};

export function isGeometryId(token: string): token is GeometryId {
  return (GEOMETRY_IDS as readonly string[]).includes(token);
}

/** Every pit name of any geometry: what a stateless parser accepts as a pit. */
const ALL_PITS: ReadonlySet<string> = new Set(GEOMETRY_IDS.flatMap((g) => GEOMETRIES[g].cells));

/** Whether `name` is a pit, cup or hole of some geometry (the board checks its own). */
export function isPitName(name: string): boolean {
  return ALL_PITS.has(name);
}

/** Whether `name` is a pit, cup or hole of geometry `id`. */
export function hasPit(id: GeometryId, name: string): boolean {
  return GEOMETRIES[id].cells.includes(name);
}
