/**
 * What every kind of cells codec shares: the field errors a bad cell is
 * reported with (the protocol's parse error codes, PROTOCOL.md §13) and the
 * reading of one stone count.
 */
import { err, ok } from "../result.js";
import type { CellError, CellErrorCode, Result } from "../result.js";

/** Largest stone count a snapshot can carry. */
export const MAX_COUNT = 255;

const DECIMAL = /^(0|[1-9][0-9]*)$/;

export function cellError(
  code: CellErrorCode,
  message: string,
  field: string,
): Result<never, CellError> {
  return err(code, message, { field });
}

/** A decimal `min`..`max`, the field named in the error. */
export function decimalCell(
  token: string,
  min: number,
  max: number,
  field: string,
): Result<number, CellError> {
  if (!DECIMAL.test(token))
    return cellError("bad-field", `${field} must be a decimal number`, field);
  if (token.length > 10) return cellError("out-of-range", `${field} is out of range`, field);
  const n = Number(token);
  if (n < min || n > max)
    return cellError("out-of-range", `${field} must be ${min}..${max}`, field);
  return ok(n);
}

/** One count cell: `0`..`255`, or `?` for a faulty sensor. */
export function countCell(token: string, field: string): Result<number | null, CellError> {
  return token === "?" ? ok(null) : decimalCell(token, 0, MAX_COUNT, field);
}

/** The comma-separated cells of a shape that has `cells.length` of them. */
export function splitCells(
  geometry: string,
  cells: readonly string[],
  token: string,
): Result<string[], CellError> {
  const parts = token.split(",");
  if (parts.length !== cells.length) {
    return cellError("wrong-field-count", `${geometry} needs ${cells.length} cells`, "cells");
  }
  return ok(parts);
}
