/**
 * Four-row positions as plain data, and their JSON form
 * (shared/spec/engine-protocol.md, "Position"): every invariant of the game
 * is checked when a position is read from outside.
 */
import { resolveOptions } from "../core/options.js";
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import type { Position } from "../core/types.js";
import { PIT_COUNT, ROWS, type FourRowSide } from "./geometry.js";
import type { FourRowGameId, Variant } from "./variants.js";

export interface FourRowOptions {
  readonly direction: "free" | "cw" | "ccw";
  /** Only `hus` and `bao-de` have this option. */
  readonly capture?: "mandatory" | "optional";
  readonly maxStages: number;
  readonly [name: string]: string | number | undefined;
}

export interface FourRowPosition extends Position {
  readonly game: FourRowGameId;
  readonly options: FourRowOptions;
  readonly toMove: FourRowSide;
  /** Stones per pit, index `row * 8 + column - 1` (A1…A8, B1…B8, C1…C8, D1…D8). Never mutated. */
  readonly pits: Uint8Array;
}

export function positionToJSON(p: FourRowPosition): Record<string, unknown> {
  const pits: Record<string, number[]> = {};
  ROWS.forEach((row, r) => {
    pits[row] = Array.from(p.pits.subarray(r * 8, r * 8 + 8));
  });
  return { game: p.game, options: { ...p.options }, toMove: p.toMove, pits };
}

const FIELDS = ["game", "options", "toMove", "pits"];

export function parsePosition(variant: Variant, json: unknown): Result<FourRowPosition> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return err("bad-position", "position must be a JSON object", { field: "position" });
  }
  const obj = json as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!FIELDS.includes(key)) {
      return err(
        "bad-position",
        `position.${key} is not a field of a ${variant.id} position (fields: ${FIELDS.join(", ")})`,
        { field: `position.${key}` },
      );
    }
  }
  if (obj.game !== variant.id) {
    return err("bad-position", `position.game must be "${variant.id}"`, {
      field: "position.game",
    });
  }
  const options = resolveOptions(variant.id, variant.optionSpecs, obj.options, "position.options");
  if (!options.ok) return options;
  if (obj.toMove !== "S" && obj.toMove !== "N") {
    return err("bad-position", `position.toMove must be "S" or "N"`, {
      field: "position.toMove",
    });
  }
  const raw = obj.pits;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return err("bad-position", "position.pits must be an object with rows A, B, C and D", {
      field: "position.pits",
    });
  }
  const rows = raw as Record<string, unknown>;
  for (const key of Object.keys(rows)) {
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
    const values = rows[row];
    const field = `position.pits.${row}`;
    if (!Array.isArray(values) || values.length !== 8) {
      return err("bad-position", `${field} must be an array of 8 stone counts`, { field });
    }
    for (let c = 0; c < 8; c++) {
      const n: unknown = values[c];
      if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > variant.total) {
        return err(
          "bad-position",
          `${field}[${c}] (pit ${row}${c + 1}) is ${describeValue(n)}; a pit holds a whole number of stones from 0 to ${variant.total}`,
          { field: `${field}[${c}]` },
        );
      }
      pits[r * 8 + c] = n;
      total += n;
    }
  }
  if (total !== variant.total) {
    return err(
      "bad-position",
      `the pits hold ${total} stones; ${variant.id} is played with ${variant.total} and stones are conserved (CORE-6)`,
      { field: "position.pits", rule: "CORE-6" },
    );
  }
  return ok({
    game: variant.id,
    options: options.value as FourRowOptions,
    toMove: obj.toMove,
    pits,
  });
}
