/**
 * A Kalah position (kalah.md, "Position JSON"): the fourteen counts of the
 * board in sensor order, the side to move and the options; read from JSON
 * with every invariant checked, and written back.
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, Position } from "../core/types.js";
import { NORTH_STORE, PLACES, SOUTH_STORE, type KalahSide } from "./board.js";
import type { GameError } from "../core/errors.js";

export const GAME_ID = "kalah";

export const OPTION_SPECS: readonly OptionSpec[] = [
  { name: "stones", default: 4, values: [4, 3, 5, 6], rule: "KA-1" },
  { name: "emptyCapture", default: false, values: [false, true], rule: "KA-4" },
];

export interface KalahOptions {
  readonly stones: number;
  readonly emptyCapture: boolean;
  readonly [name: string]: number | boolean;
}

export interface KalahPosition extends Position {
  readonly game: typeof GAME_ID;
  readonly options: KalahOptions;
  readonly toMove: KalahSide;
  /** The counts of `A1`…`A6`, `B1`…`B6`, `SC`, `NC` (the board's readings). */
  readonly board: readonly number[];
}

export function optionsOf(input: unknown): Result<KalahOptions, GameError> {
  const resolved = resolveOptions(GAME_ID, OPTION_SPECS, input);
  if (!resolved.ok) return resolved;
  return ok({
    stones: resolved.value.stones as number,
    emptyCapture: resolved.value.emptyCapture as boolean,
  });
}

function bad(message: string, field: string, rule?: string): Result<never, GameError> {
  return err("bad-position", message, rule === undefined ? { field } : { field, rule });
}

function count(value: unknown, field: string): Result<number, GameError> {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    return bad(`${field} is ${describeValue(value)}; it must be a whole number ≥ 0`, field);
  }
  return ok(value);
}

function record(value: unknown, field: string): Result<Record<string, unknown>, GameError> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return bad(`${field} must be an object`, field);
  }
  return ok(value as Record<string, unknown>);
}

/** Reads a position, checking every invariant (kalah.md, "Position JSON"). */
export function parsePosition(json: unknown): Result<KalahPosition, GameError> {
  const top = record(json, "position");
  if (!top.ok) return top;
  const j = top.value;
  if (j.game !== GAME_ID) return bad(`game must be "${GAME_ID}"`, "game");
  const options = optionsOf(j.options);
  if (!options.ok) return options;
  if (j.toMove !== "S" && j.toMove !== "N") {
    return bad(`toMove is ${describeValue(j.toMove)}; it must be "S" or "N"`, "toMove");
  }
  const pits = record(j.pits, "pits");
  if (!pits.ok) return pits;
  const board: number[] = [];
  for (const name of PLACES.slice(0, 12)) {
    const c = count(pits.value[name], `pits.${name}`);
    if (!c.ok) return c;
    board.push(c.value);
  }
  const extra = Object.keys(pits.value).find((k) => !PLACES.slice(0, 12).includes(k));
  if (extra !== undefined)
    return bad(`pits.${extra} is not a pit of Kalah (A1…A6, B1…B6)`, `pits.${extra}`);
  const stores = record(j.stores, "stores");
  if (!stores.ok) return stores;
  for (const side of ["S", "N"]) {
    const c = count(stores.value[side], `stores.${side}`);
    if (!c.ok) return c;
    board.push(c.value);
  }
  const other = Object.keys(stores.value).find((k) => k !== "S" && k !== "N");
  if (other !== undefined) return bad(`stores.${other} is not a store (S, N)`, `stores.${other}`);
  const total = board.reduce((a, b) => a + b, 0);
  const want = 12 * options.value.stones;
  if (total !== want) {
    return bad(
      `the board holds ${total} stones; with ${options.value.stones} a pit it holds ${want} (KA-1)`,
      "pits",
      "KA-1",
    );
  }
  return ok({ game: GAME_ID, options: options.value, toMove: j.toMove, board });
}

export function positionToJSON(p: KalahPosition): Record<string, unknown> {
  const pits: Record<string, number> = {};
  for (let i = 0; i < 12; i++) pits[PLACES[i] as string] = p.board[i] as number;
  return {
    game: GAME_ID,
    options: { stones: p.options.stones, emptyCapture: p.options.emptyCapture },
    toMove: p.toMove,
    pits,
    stores: { S: p.board[SOUTH_STORE], N: p.board[NORTH_STORE] },
  };
}
