/**
 * The cells codec of a counting board (`4x8`, `2x6+2`; PROTOCOL.md §5.1):
 * each place reports its stone count, `?` for a faulty sensor, the cells
 * separated by commas. One reading per place, named as the place.
 */
import { ok } from "../result.js";
import type { CellError, Result } from "../result.js";
import { countCell, MAX_COUNT, splitCells } from "./cells.js";
import type { CellCodec, Cells, CountCells } from "./shape.js";

function countsOf(board: Cells): readonly (number | null)[] {
  return "counts" in board ? board.counts : [];
}

export const COUNT_CODEC: CellCodec = {
  kind: "counts",
  parse<G extends string>(
    geometry: G,
    cells: readonly string[],
    token: string,
  ): Result<Cells<G>, CellError> {
    const parts = splitCells(geometry, cells, token);
    if (!parts.ok) return parts;
    const counts: (number | null)[] = [];
    for (let i = 0; i < parts.value.length; i++) {
      const cell = countCell(parts.value[i] ?? "", `cells.${cells[i] ?? i}`);
      if (!cell.ok) return cell;
      counts.push(cell.value);
    }
    const board: CountCells<G> = { geometry, counts };
    return ok(board);
  },
  format: (board) =>
    countsOf(board)
      .map((c) => (c === null ? "?" : String(c)))
      .join(","),
  readings(board, n) {
    const counts = countsOf(board);
    return Array.from({ length: n }, (_, i) => counts[i] ?? null);
  },
  texts: (board) => countsOf(board).map((c) => (c === null ? null : String(c))),
  readingNames: (cells) => Object.freeze([...cells]),
  fromReadings: (geometry, cells, readings) => ({
    geometry,
    counts: cells.map((_, i) => readings[i] ?? null),
  }),
  fromSensors: (geometry, values) => ({
    geometry,
    counts: values.map((v) => (v === null ? null : Math.min(v, MAX_COUNT))),
  }),
};
