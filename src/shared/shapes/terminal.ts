/**
 * Pieces of the terminal drawings that shapes share: a cell three wide, and
 * places grouped into rows by their letters.
 */
import type { Painter } from "./shape.js";

/** One cell, three wide: `4 `, `4~` while unsettled, `?` for a fault. */
export function cellText(text: string | null, unsettled: boolean, paint: Painter): string {
  if (text === null) return paint.fault("  ?");
  return unsettled ? paint.unsettled(`${text}~`.padStart(3)) : `${text} `.padStart(3);
}

export interface BoardRow {
  /** The row's letters: `A`, or a cup's whole name (`SC`). */
  readonly name: string;
  /** Indexes into the shape's cells, in canonical order. */
  readonly cells: readonly number[];
}

/** A shape's cells grouped by row (the letters of each name), rows in canonical order. */
export function boardRows(cells: readonly string[]): BoardRow[] {
  const rows = new Map<string, number[]>();
  cells.forEach((pit, i) => {
    const row = /^[A-Z]+/.exec(pit)?.[0] ?? pit;
    rows.set(row, [...(rows.get(row) ?? []), i]);
  });
  return [...rows].map(([name, indexes]) => ({ name, cells: indexes }));
}

/**
 * Where a line divides the board into its two sides, as a count of rows from
 * the top; null when it has no such halves. A board of an even number of rows
 * all of one length is two halves facing each other (`4x8`: South's A and B,
 * North's C and D, PROTOCOL.md §5.1).
 */
export function sideBreak(rows: readonly BoardRow[]): number | null {
  const length = rows[0]?.cells.length;
  const even = rows.length >= 2 && rows.length % 2 === 0;
  return even && rows.every((r) => r.cells.length === length) ? rows.length / 2 : null;
}

/**
 * Rows of cells from the far side to the near, columns numbered; a line
 * between the two sides where the board has them.
 */
export function rowsDrawing(
  cells: readonly string[],
  texts: readonly (string | null)[],
  unsettled: ReadonlySet<string>,
  paint: Painter,
): string[] {
  const rows = boardRows(cells).reverse();
  const width = Math.max(...rows.map((r) => r.cells.length));
  const columns = Array.from({ length: width }, (_, i) => String(i + 1).padStart(3) + " ");
  const lines = [`     ${columns.join(" ")}`];
  const divide = sideBreak(rows);
  rows.forEach((row, r) => {
    if (r === divide) lines.push(`     ${"-".repeat(width * 5 - 1)}`);
    const shown = row.cells.map((i) =>
      cellText(texts[i] ?? null, unsettled.has(cells[i] ?? ""), paint),
    );
    lines.push(`  ${row.name.padEnd(2)} ${shown.map((t) => ` ${t}`).join(" ")}`);
  });
  return lines;
}
