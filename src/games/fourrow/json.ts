/**
 * The JSON form of a four-row position (shared/spec/engine-protocol.md,
 * "Position"), the parts both families share: the header (`game`, `options`,
 * `toMove`, no unknown fields) and the four rows of `pits`
 * (`{"A": [8 counts], …, "D": […]}`), read with every invariant checked and a
 * message naming the field at fault.
 */
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, Options } from "../core/types.js";
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import { PIT_COUNT, ROWS, type FourRowSide } from "./geometry.js";
import type { GameError } from "../core/errors.js";

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** What the header of a position says. */
export interface Header {
  readonly json: Record<string, unknown>;
  readonly options: Options;
  readonly toMove: FourRowSide;
}

/** Why a field is not one of the game's, when the rules say (Bao: BK-2), else null. */
export type FieldNote = (key: string) => { readonly note: string; readonly rule: string } | null;

/**
 * Reads the header of a position of game `id`: a JSON object with only
 * `fields`, the game's id, its options (defaults filled in) and `"S"` or `"N"` to move.
 */
export function readHeader(
  json: unknown,
  id: string,
  fields: readonly string[],
  specs: readonly OptionSpec[],
  note: FieldNote = () => null,
): Result<Header, GameError> {
  if (!isObject(json)) {
    return err("bad-position", "position must be a JSON object", { field: "position" });
  }
  for (const key of Object.keys(json)) {
    if (fields.includes(key)) continue;
    const why = note(key);
    return err(
      "bad-position",
      `position.${key} is not a field of a ${id} position (fields: ${fields.join(", ")})${why?.note ?? ""}`,
      { field: `position.${key}`, ...(why ? { rule: why.rule } : {}) },
    );
  }
  if (json.game !== id) {
    return err("bad-position", `position.game must be "${id}"`, { field: "position.game" });
  }
  const options = resolveOptions(id, specs, json.options, "position.options");
  if (!options.ok) return options;
  if (json.toMove !== "S" && json.toMove !== "N") {
    return err("bad-position", `position.toMove must be "S" or "N"`, {
      field: "position.toMove",
    });
  }
  return ok({ json, options: options.value, toMove: json.toMove });
}

/**
 * Reads `position.pits`: rows A, B, C and D of 8 whole numbers of `unit`s
 * (`stone`, `seed`) from 0 to `max` each, into a board in sensor order.
 */
export function readRows(
  raw: unknown,
  unit: string,
  max: number,
): Result<{ readonly pits: Uint8Array; readonly total: number }, GameError> {
  if (!isObject(raw)) {
    return err("bad-position", "position.pits must be an object with rows A, B, C and D", {
      field: "position.pits",
    });
  }
  for (const key of Object.keys(raw)) {
    if (!(ROWS as readonly string[]).includes(key)) {
      return err("bad-position", `position.pits.${key} is not a row; the rows are A, B, C, D`, {
        field: `position.pits.${key}`,
      });
    }
  }
  const pits = new Uint8Array(PIT_COUNT);
  let total = 0;
  for (let r = 0; r < 4; r++) {
    const row = ROWS[r];
    const values = raw[row];
    const field = `position.pits.${row}`;
    if (!Array.isArray(values) || values.length !== 8) {
      return err("bad-position", `${field} must be an array of 8 ${unit} counts`, { field });
    }
    for (let c = 0; c < 8; c++) {
      const n: unknown = values[c];
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > max) {
        return err(
          "bad-position",
          `${field}[${c}] (pit ${row}${c + 1}) is ${describeValue(n)}; a pit holds a whole number of ${unit}s from 0 to ${max}`,
          { field: `${field}[${c}]` },
        );
      }
      pits[r * 8 + c] = n;
      total += n;
    }
  }
  return ok({ pits, total });
}

/** A board as the JSON rows of `positionToJSON`. */
export function rowsOfPits(pits: Uint8Array): Record<string, number[]> {
  const rows: Record<string, number[]> = {};
  ROWS.forEach((row, r) => {
    rows[row] = Array.from(pits.subarray(r * 8, r * 8 + 8));
  });
  return rows;
}

/** Board counts in sensor order (A1…D8) as the JSON rows; an error value unless 32 counts. */
export function rowsOfCounts(
  counts: readonly number[],
): Result<Record<string, number[]>, GameError> {
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
