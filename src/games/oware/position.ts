/**
 * An Oware position (oware.md, "Position JSON"): the fourteen counts of the
 * board in sensor order, the side to move, the options and the history of
 * OW-7; read from JSON with every invariant checked, and written back.
 */
import { describeValue, ok, type Result } from "../../shared/index.js";
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, Position } from "../core/types.js";
import { NORTH_STORE, SOUTH_STORE, type TwoRowSide } from "../tworow/board.js";
import { bad, boardToJSON, readTwoRow } from "../tworow/json.js";
import { TOTAL } from "./board.js";
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
  readonly toMove: TwoRowSide;
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
export function keyOf(toMove: TwoRowSide, board: readonly number[]): string {
  return `${toMove}|${board.slice(0, 12).join(",")}|${board[SOUTH_STORE]},${board[NORTH_STORE]}`;
}

const KEY = /^([SN])\|((?:0|[1-9]\d*)(?:,(?:0|[1-9]\d*)){11})\|(0|[1-9]\d*),(0|[1-9]\d*)$/;

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
  const read = readTwoRow(json, GAME_ID, "Oware", optionsOf);
  if (!read.ok) return read;
  const { json: j, options, toMove, board } = read.value;
  const total = board.reduce((a, b) => a + b, 0);
  if (total !== TOTAL)
    return bad(`the board holds ${total} stones, not ${TOTAL} (OW-1)`, "pits", "OW-1");
  const history = checkHistory(j.history, board);
  if (!history.ok) return history;
  return ok({ game: GAME_ID, options, toMove, board, history: history.value });
}

export function positionToJSON(p: OwarePosition): Record<string, unknown> {
  return {
    game: GAME_ID,
    options: { grandSlam: p.options.grandSlam },
    toMove: p.toMove,
    ...boardToJSON(p.board),
    history: [...p.history],
  };
}
