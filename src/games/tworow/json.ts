/**
 * The JSON form of a two-row position (kalah.md and oware.md, "Position
 * JSON"), the parts both games share: the header (`game`, `options`,
 * `toMove`), the twelve `pits` by name and the two `stores` by side, read
 * with every invariant checked and a message naming the field at fault;
 * written back; and the same with the board's readings put in (`withBoard`).
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import type { Side } from "../core/types.js";
import { GEOMETRY, NORTH_STORE, PIT_COUNT, PLACES, SOUTH_STORE, type TwoRowSide } from "./board.js";
import type { GameError } from "../core/errors.js";

const PITS = PLACES.slice(0, PIT_COUNT);

export function bad(message: string, field: string, rule?: string): Result<never, GameError> {
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

/** What the shared part of a position says; `json` is the whole object, for the game's own fields. */
export interface TwoRowRead<O> {
  readonly json: Record<string, unknown>;
  readonly options: O;
  readonly toMove: TwoRowSide;
  /** The fourteen counts in sensor order. */
  readonly board: number[];
}

/**
 * Reads the header and the board of a position of game `id` (named `title`
 * in messages), its options by the game's `optionsOf`.
 */
export function readTwoRow<O>(
  json: unknown,
  id: string,
  title: string,
  optionsOf: (input: unknown) => Result<O, GameError>,
): Result<TwoRowRead<O>, GameError> {
  const top = record(json, "position");
  if (!top.ok) return top;
  const j = top.value;
  if (j.game !== id) return bad(`game must be "${id}"`, "game");
  const options = optionsOf(j.options);
  if (!options.ok) return options;
  if (j.toMove !== "S" && j.toMove !== "N") {
    return bad(`toMove is ${describeValue(j.toMove)}; it must be "S" or "N"`, "toMove");
  }
  const pits = record(j.pits, "pits");
  if (!pits.ok) return pits;
  const board: number[] = [];
  for (const name of PITS) {
    const c = count(pits.value[name], `pits.${name}`);
    if (!c.ok) return c;
    board.push(c.value);
  }
  const extra = Object.keys(pits.value).find((k) => !PITS.includes(k));
  if (extra !== undefined)
    return bad(`pits.${extra} is not a pit of ${title} (A1…A6, B1…B6)`, `pits.${extra}`);
  const stores = record(j.stores, "stores");
  if (!stores.ok) return stores;
  for (const side of ["S", "N"]) {
    const c = count(stores.value[side], `stores.${side}`);
    if (!c.ok) return c;
    board.push(c.value);
  }
  const other = Object.keys(stores.value).find((k) => k !== "S" && k !== "N");
  if (other !== undefined) return bad(`stores.${other} is not a store (S, N)`, `stores.${other}`);
  return ok({ json: j, options: options.value, toMove: j.toMove, board });
}

/** A board's `pits` by name and `stores` by side, as a position's JSON holds them. */
export function boardToJSON(board: readonly number[]): {
  pits: Record<string, number>;
  stores: { S: number; N: number };
} {
  const pits: Record<string, number> = {};
  for (let i = 0; i < PIT_COUNT; i++) pits[PLACES[i] as string] = board[i] as number;
  return { pits, stores: { S: board[SOUTH_STORE] as number, N: board[NORTH_STORE] as number } };
}

/**
 * A position's JSON with other readings on the board (in sensor order) and/or
 * another side to move, for the game's `parsePosition` to check.
 */
export function changedJSON(
  json: Record<string, unknown>,
  change: { readonly counts?: readonly number[]; readonly toMove?: Side },
): Result<Record<string, unknown>, GameError> {
  const out = { ...json };
  if (change.counts !== undefined) {
    if (!Array.isArray(change.counts) || change.counts.length !== PLACES.length) {
      return err(
        "bad-position",
        `counts must be the ${PLACES.length} readings of the ${GEOMETRY} board`,
        { field: "counts" },
      );
    }
    const pits: Record<string, unknown> = {};
    for (let i = 0; i < PIT_COUNT; i++) pits[PLACES[i] as string] = change.counts[i];
    out.pits = pits;
    out.stores = { S: change.counts[SOUTH_STORE], N: change.counts[NORTH_STORE] };
  }
  if (change.toMove !== undefined) out.toMove = change.toMove;
  return ok(out);
}
