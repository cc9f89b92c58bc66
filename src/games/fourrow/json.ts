/**
 * The four rows of a 4 x 8 position's JSON form (`"pits": {"A": [...], …}`,
 * shared/spec/engine-protocol.md, "Position"), for both four-row families.
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import { PIT_COUNT, ROWS } from "../mancala4x8/geometry.js";

/** Board counts in sensor order (A1…D8) as the JSON rows; an error value unless 32 counts. */
export function rowsOfCounts(counts: readonly number[]): Result<Record<string, number[]>> {
  if (!Array.isArray(counts) || counts.length !== PIT_COUNT) {
    const given = Array.isArray(counts) ? `${counts.length} counts` : describeValue(counts);
    return err(
      "bad-position",
      `counts must be ${PIT_COUNT} pit counts in the order A1…A8, B1…B8, C1…C8, D1…D8, not ${given}`,
      { field: "counts" },
    );
  }
  const rows: Record<string, number[]> = {};
  ROWS.forEach((row, r) => {
    rows[row] = counts.slice(r * 8, r * 8 + 8);
  });
  return ok(rows);
}
