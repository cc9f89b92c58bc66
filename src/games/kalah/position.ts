/**
 * A Kalah position (kalah.md, "Position JSON"): the fourteen counts of the
 * board in sensor order, the side to move and the options; read from JSON
 * with every invariant checked (the shared part by `../tworow/json.ts`), and
 * written back.
 */
import { ok, type Result } from "../../shared/index.js";
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, Position } from "../core/types.js";
import { PIT_COUNT, type TwoRowSide } from "../tworow/board.js";
import { bad, boardToJSON, readTwoRow } from "../tworow/json.js";
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
  readonly toMove: TwoRowSide;
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

/** Reads a position, checking every invariant (kalah.md, "Position JSON"). */
export function parsePosition(json: unknown): Result<KalahPosition, GameError> {
  const read = readTwoRow(json, GAME_ID, "Kalah", optionsOf);
  if (!read.ok) return read;
  const { options, toMove, board } = read.value;
  const total = board.reduce((a, b) => a + b, 0);
  const want = PIT_COUNT * options.stones;
  if (total !== want) {
    return bad(
      `the board holds ${total} stones; with ${options.stones} a pit it holds ${want} (KA-1)`,
      "pits",
      "KA-1",
    );
  }
  return ok({ game: GAME_ID, options, toMove, board });
}

export function positionToJSON(p: KalahPosition): Record<string, unknown> {
  return {
    game: GAME_ID,
    options: { stones: p.options.stones, emptyCapture: p.options.emptyCapture },
    toMove: p.toMove,
    ...boardToJSON(p.board),
  };
}
