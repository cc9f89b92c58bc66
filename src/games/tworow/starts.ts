/**
 * Where a two-row turn starts (KA-2, OW-2: the mover lifts one of their own
 * pits that holds stones, and nothing is put onto the board from outside):
 * a typed move read as its pit, and an act at the board refused with the
 * rule the game cites.
 */
import { err, ok, type Result } from "../../shared/index.js";
import type { BoardAct, Refusal } from "../core/rules.js";
import { PIT_COUNT, PLACES, ownerIndex, sideIndex, type TwoRowSide } from "./board.js";
import type { GameError } from "../core/errors.js";

/** The pit a move names (`A3`, any case), or an error citing `rule`. */
export function pitOfMove(move: string, rule: string): Result<number, GameError> {
  const from = PLACES.indexOf(move.trim().toUpperCase());
  if (from < 0 || from >= PIT_COUNT) {
    return err(
      "illegal-move",
      `'${move}' is no move: a move names a pit A1…A6 or B1…B6 (${rule})`,
      {
        field: "move",
        rule,
      },
    );
  }
  return ok(from);
}

/**
 * Why `act` starts no sowing of `toMove` on `board`, citing `rule`: a stone
 * put from outside, a pit not the mover's, an empty pit; null when the act
 * lifts one of the mover's pits with stones (the game may refuse it still).
 */
export function liftRefusal(
  board: readonly number[],
  toMove: TwoRowSide,
  act: BoardAct,
  rule: string,
): Refusal | null {
  if (act.kind === "place") {
    return {
      reason: "placement",
      rule,
      message: `${rule}: no stone is put into ${act.place} from outside the board; a turn lifts one of your pits`,
    };
  }
  const i = PLACES.indexOf(act.place);
  const name = toMove === "S" ? "South" : "North";
  if (i < 0 || i >= PIT_COUNT || ownerIndex(i) !== sideIndex(toMove)) {
    const own = toMove === "S" ? "A1…A6" : "B1…B6";
    return {
      reason: "not-own",
      rule,
      message: `${rule}: ${act.place} is not one of ${name}'s pits; ${name} sows from ${own}`,
    };
  }
  if (board[i] === 0) {
    return {
      reason: "too-few",
      rule,
      message: `${rule}: ${act.place} is empty; sow from a pit with stones`,
    };
  }
  return null;
}
