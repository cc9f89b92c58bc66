/**
 * An Oware position (oware.md, "Position JSON"): the fourteen counts of the
 * board in sensor order, the side to move, the options and the history of
 * OW-7; read from JSON with every invariant checked, and written back.
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, Position } from "../core/types.js";
import { NORTH_STORE, PLACES, SOUTH_STORE, TOTAL, type OwareSide } from "./board.js";
import type { GameError } from "../core/errors.js";

export const GAME_ID = "oware";

export const GRAND_SLAMS = ["no-capture", "forbidden", "capture"] as const;
export type GrandSlam = (typeof GRAND_SLAMS)[number];

export const OPTION_SPECS: readonly OptionSpec[] = [
  { name: "grandSlam", default: "no-capture", values: GRAND_SLAMS, rule: "OW-5" },
];

export interface OwareOptions {
  readonly grandSlam: GrandSlam;
  readonly [name: string]: string;
}

export interface OwarePosition extends Position {
  readonly game: typeof GAME_ID;
  readonly options: OwareOptions;
  readonly toMove: OwareSide;
  /** The counts of `A1`…`A6`, `B1`…`B6`, `SC`, `NC` (the board's readings). */
  readonly board: readonly number[];
  /** OW-7: the keys of the positions since the last capture, oldest first. */
  readonly history: readonly string[];
}

export function optionsOf(input: unknown): Result<OwareOptions, GameError> {
  const resolved = resolveOptions(GAME_ID, OPTION_SPECS, input);
  if (!resolved.ok) return resolved;
  return ok({ grandSlam: resolved.value.grandSlam as GrandSlam });
}

/** OW-7's key: `toMove|A1,…,A6,B1,…,B6|S,N`. */
export function keyOf(toMove: OwareSide, board: readonly number[]): string {
  return `${toMove}|${board.slice(0, 12).join(",")}|${board[SOUTH_STORE]},${board[NORTH_STORE]}`;
}

const KEY = /^([SN])\|((?:0|[1-9]\d*)(?:,(?:0|[1-9]\d*)){11})\|(0|[1-9]\d*),(0|[1-9]\d*)$/;

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

function checkHistory(value: unknown, board: readonly number[]): Result<string[], GameError> {
  if (value === undefined) return ok([]);
  if (!Array.isArray(value))
    return bad("history must be a list of position keys (OW-7)", "history", "OW-7");
  const inPits = board.slice(0, 12).reduce((a, b) => a + b, 0);
  const seen = new Map<string, number>();
  for (const [i, key] of value.entries()) {
    const field = `history.${i}`;
    const m = typeof key === "string" ? KEY.exec(key) : null;
    if (m === null)
      return bad(
        `${field} is ${describeValue(key)}; a key is toMove|12 counts|2 stores (OW-7)`,
        field,
        "OW-7",
      );
    if (Number(m[3]) !== board[SOUTH_STORE] || Number(m[4]) !== board[NORTH_STORE]) {
      return bad(
        `${field} has other stores than the position: a capture since would have emptied the history (OW-7)`,
        field,
        "OW-7",
      );
    }
    const pits = (m[2] as string).split(",").reduce((a, b) => a + Number(b), 0);
    if (pits !== inPits)
      return bad(`${field} holds ${pits} stones in the pits, not ${inPits} (OW-7)`, field, "OW-7");
    const n = (seen.get(key as string) ?? 0) + 1;
    if (n > 2)
      return bad(
        `${field}: the position ${key as string} would have ended the game already (OW-7)`,
        field,
        "OW-7",
      );
    seen.set(key as string, n);
  }
  return ok(value as string[]);
}

/** Reads a position, checking every invariant (oware.md, "Position JSON"). */
export function parsePosition(json: unknown): Result<OwarePosition, GameError> {
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
  const names = PLACES.slice(0, 12);
  const board: number[] = [];
  for (const name of names) {
    const c = count(pits.value[name], `pits.${name}`);
    if (!c.ok) return c;
    board.push(c.value);
  }
  const extra = Object.keys(pits.value).find((k) => !names.includes(k));
  if (extra !== undefined)
    return bad(`pits.${extra} is not a pit of Oware (A1…A6, B1…B6)`, `pits.${extra}`);
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
  if (total !== TOTAL)
    return bad(`the board holds ${total} stones, not ${TOTAL} (OW-1)`, "pits", "OW-1");
  const history = checkHistory(j.history, board);
  if (!history.ok) return history;
  return ok({
    game: GAME_ID,
    options: options.value,
    toMove: j.toMove,
    board,
    history: history.value,
  });
}

export function positionToJSON(p: OwarePosition): Record<string, unknown> {
  const pits: Record<string, number> = {};
  for (let i = 0; i < 12; i++) pits[PLACES[i] as string] = p.board[i] as number;
  return {
    game: GAME_ID,
    options: { grandSlam: p.options.grandSlam },
    toMove: p.toMove,
    pits,
    stores: { S: p.board[SOUTH_STORE], N: p.board[NORTH_STORE] },
    history: [...p.history],
  };
}
