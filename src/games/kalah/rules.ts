/**
 * Kalah's rules (docs/rules/kalah.md): the moves of a position, one sowing
 * with its trace (KA-2), the extra turn (KA-3), the capture (KA-4), and the
 * end and its score (KA-5, KA-6).
 */
import type { Outcome, Trace, TraceStep } from "../core/types.js";
import { pointsResult } from "../core/outcome-text.js";
import { msg } from "../../shared/index.js";
import {
  PLACES,
  PLACE_COUNT,
  SIDES,
  fullPits,
  inRow,
  opposite,
  rowTotal,
  sideIndex,
  storeOf,
  type TwoRowSide,
} from "../tworow/board.js";
import { AT, CIRCUIT } from "./board.js";
import type { KalahPosition } from "./position.js";

/** The pits the mover may sow from (KA-2): their own non-empty ones, in name order. */
export function startsOf(p: KalahPosition): number[] {
  return isOver(p.board) ? [] : fullPits(p.board, sideIndex(p.toMove));
}

/** KA-5: the game is over when either player's six pits are empty. */
export function isOver(board: readonly number[]): boolean {
  return rowTotal(board, 0) === 0 || rowTotal(board, 1) === 0;
}

/**
 * Sows from pit `from` on `board` (changed in place) for side `side` with
 * the options given, and returns whether the mover moves again (KA-3). When
 * `trace` is given, the physical steps are pushed onto it.
 */
export function sow(
  board: number[],
  side: 0 | 1,
  from: number,
  emptyCapture: boolean,
  trace: TraceStep[] | null,
): boolean {
  const store = storeOf(side);
  const skip = storeOf((1 - side) as 0 | 1);
  let n = board[from] as number;
  board[from] = 0;
  trace?.push({ op: "lift", pit: PLACES[from] as string, n });
  let at = AT[from] as number;
  let last = from;
  while (n > 0) {
    at = (at + 1) % PLACE_COUNT;
    const place = CIRCUIT[at] as number;
    if (place === skip) continue; // KA-2: the opponent's store is passed over
    board[place] = (board[place] as number) + 1;
    trace?.push({ op: "sow", pit: PLACES[place] as string });
    last = place;
    n--;
  }
  if (last === store) return true; // KA-3
  if (inRow(last, side) && board[last] === 1) {
    // KA-4: the last stone fell into an own pit that was empty before it.
    const facing = opposite(last);
    const taken = board[facing] as number;
    if (taken > 0 || emptyCapture) {
      if (taken > 0) trace?.push({ op: "capture", pit: PLACES[facing] as string, n: taken });
      trace?.push({ op: "lift", pit: PLACES[last] as string, n: 1 });
      for (let k = 0; k < taken + 1; k++) trace?.push({ op: "sow", pit: PLACES[store] as string });
      board[store] = (board[store] as number) + taken + 1;
      board[facing] = 0;
      board[last] = 0;
    }
  }
  return false;
}

/** The position after sowing from pit `from`, and the sowing's trace. */
export function play(p: KalahPosition, from: number): { position: KalahPosition; trace: Trace } {
  const board = [...p.board];
  const trace: TraceStep[] = [];
  const side = sideIndex(p.toMove);
  const again = sow(board, side, from, p.options.emptyCapture, trace);
  const toMove = again ? p.toMove : SIDES[1 - side]!;
  return { position: { ...p, board, toMove }, trace };
}

/** Each side's score (KA-6): the store and the stones left in their own pits. */
export function scoreOf(board: readonly number[]): { S: number; N: number } {
  const sum = (side: 0 | 1): number => (board[storeOf(side)] as number) + rowTotal(board, side);
  return { S: sum(0), N: sum(1) };
}

/** How the game ended, or null while it goes on (KA-5, KA-6). */
export function outcomeOf(p: KalahPosition): Outcome<TwoRowSide> | null {
  if (!isOver(p.board)) return null;
  const score = scoreOf(p.board);
  const emptiedSide = rowTotal(p.board, 0) === 0 ? "S" : "N";
  const emptied = emptiedSide === "S" ? "South's" : "North's";
  const { winner, words, text } = pointsResult(score);
  return {
    winner,
    reason: `KA-5: ${emptied} pits are empty; KA-6: each keeps the stones left in their own pits, ${words}`,
    text: msg("outcome.kalahEmpty", { side: msg(`side.${emptiedSide}`), result: text }),
    score,
  };
}
