/**
 * Kalah (6,4) behind the `Game` interface (docs/rules/kalah.md, KA-1…KA-6),
 * on the two-row core (`../tworow/game.ts`): a move is one sowing named by
 * its pit (`A3`), the extra turn keeps the mover, the stones left at the end
 * count for their owner where they lie.
 */
import { ok, type Result } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import type { OptionSpec, Outcome } from "../core/types.js";
import { PIT_COUNT, PLACES, fullPits, sideIndex, type TwoRowSide } from "../tworow/board.js";
import { TwoRowGame, type TwoRowRules, type Sowing } from "../tworow/game.js";
import { KALAH_LAYOUT } from "./board.js";
import {
  GAME_ID,
  OPTION_SPECS,
  optionsOf,
  parsePosition,
  positionToJSON,
  type KalahPosition,
} from "./position.js";
import { isOver, outcomeOf, play, sow, startsOf } from "./rules.js";
import type { GameError } from "../core/errors.js";

export class KalahGame extends TwoRowGame<KalahPosition> {
  readonly id = GAME_ID;
  readonly title = "Kalah";
  readonly optionSpecs: readonly OptionSpec[] = OPTION_SPECS;
  readonly layout: BoardLayout<TwoRowSide> = KALAH_LAYOUT;
  protected readonly rules: TwoRowRules = { start: "KA-2", end: "KA-5", capture: "KA-4" };
  protected readonly noPenalty5 =
    "penalty5 cannot apply to Kalah: its rules (KA-1…KA-6) have no penalty, and stones put into an opponent's pits by hand would change the score the stores and pits count (KA-6); choose retry, forfeit or truncate";

  initial(options?: Readonly<Record<string, unknown>>): Result<KalahPosition, GameError> {
    const resolved = optionsOf(options);
    if (!resolved.ok) return resolved;
    const stones = resolved.value.stones;
    const board = PLACES.map((_, i) => (i < PIT_COUNT ? stones : 0));
    return ok({ game: GAME_ID, options: resolved.value, toMove: "S", board });
  }

  parsePosition(json: unknown): Result<KalahPosition, GameError> {
    return parsePosition(json);
  }

  positionToJSON(position: KalahPosition): Record<string, unknown> {
    return positionToJSON(position);
  }

  protected sowings(position: KalahPosition): readonly Sowing<KalahPosition>[] {
    return startsOf(position).map((from) => ({ from, play: () => play(position, from) }));
  }

  outcome(position: KalahPosition): Outcome<TwoRowSide> | null {
    return outcomeOf(position);
  }

  perft(position: KalahPosition, depth: number): number {
    return perftOf(
      position.board,
      sideIndex(position.toMove),
      depth,
      position.options.emptyCapture,
    );
  }

  playout(position: KalahPosition, random: () => number, maxPlies: number): number {
    const board = [...position.board];
    let side = sideIndex(position.toMove);
    for (let ply = 0; ply < maxPlies; ply++) {
      if (isOver(board)) return ply;
      const starts = fullPits(board, side);
      const from = starts[
        Math.min(starts.length - 1, Math.floor(random() * starts.length))
      ] as number;
      if (!sow(board, side, from, position.options.emptyCapture, null)) side = (1 - side) as 0 | 1;
    }
    return maxPlies;
  }
}

/** Leaves `depth` plies below a board (a finished game is a leaf). */
function perftOf(
  board: readonly number[],
  side: 0 | 1,
  depth: number,
  emptyCapture: boolean,
): number {
  if (depth === 0 || isOver(board)) return 1;
  let leaves = 0;
  for (const i of fullPits(board, side)) {
    const next = [...board];
    const again = sow(next, side, i, emptyCapture, null);
    leaves += perftOf(next, again ? side : ((1 - side) as 0 | 1), depth - 1, emptyCapture);
  }
  return leaves;
}
