/**
 * Board geometries (firmware-protocol/PROTOCOL.md §5): the pit names of each,
 * in the canonical order used by snapshots, settled masks and sensor readings,
 * and what the cells of each can hold besides stones (gems, marbles).
 *
 * Shared because both sides of a sensor board speak in these names: the
 * protocol codec decodes the board's lines into them, and a game says which
 * geometry its board is and what a position should look like on it.
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

/** Gem tags of the Glassperlenspiel board (`2x5+2`, PROTOCOL.md §5.2), in canonical order. */
export const GEMS = ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"] as const;
export type Gem = (typeof GEMS)[number];

/**
 * The marbles a hole of the Abalone board (`hex61`, PROTOCOL.md §5.3) can
 * report, with their letters, in canonical order: the letter a snapshot
 * writes for a hole holding that marble, and the suffix of the hole's
 * reading for it (`A1:b`, `A1:w`, `A1:n`, `A1:x`). `neutral` is AB-9.6's
 * neutral marble, a class of its own; `marble` is a marble whose colour is
 * not told (a board that senses presence only, or AB-9.2's single-colour
 * game, where the host reads every black and white marble as one).
 */
export const MARBLE_COLOURS = { black: "b", white: "w", neutral: "n", marble: "x" } as const;
export type MarbleColour = keyof typeof MARBLE_COLOURS;
