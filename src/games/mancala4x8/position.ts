/**
 * Four-row positions as plain data, and their JSON form
 * (shared/spec/engine-protocol.md, "Position"): every invariant of the game
 * is checked when a position is read from outside.
 */
import { err, ok, type Result } from "../../shared/index.js";
import type { Position } from "../core/types.js";
import type { FourRowSide } from "../fourrow/geometry.js";
import { readHeader, readRows, rowsOfPits } from "../fourrow/json.js";
import type { FourRowGameId, Variant } from "./variants.js";
import type { GameError } from "../core/errors.js";

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
  return { game: p.game, options: { ...p.options }, toMove: p.toMove, pits: rowsOfPits(p.pits) };
}

const FIELDS = ["game", "options", "toMove", "pits"];

export function parsePosition(variant: Variant, json: unknown): Result<FourRowPosition, GameError> {
  const header = readHeader(json, variant.id, FIELDS, variant.optionSpecs);
  if (!header.ok) return header;
  const rows = readRows(header.value.json.pits, "stone", variant.total);
  if (!rows.ok) return rows;
  const { pits, total } = rows.value;
  if (total !== variant.total) {
    return err(
      "bad-position",
      `the pits hold ${total} stones; ${variant.id} is played with ${variant.total} and stones are conserved (CORE-6)`,
      { field: "position.pits", rule: "CORE-6" },
    );
  }
  return ok({
    game: variant.id,
    options: header.value.options as FourRowOptions,
    toMove: header.value.toMove,
    pits,
  });
}
