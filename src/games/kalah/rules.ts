/**
 * Kalah's rules (docs/rules/kalah.md): the moves of a position, one sowing
 * with its trace (KA-2), the extra turn (KA-3), the capture (KA-4), and the
 * end and its score (KA-5, KA-6).
 */
import type { Outcome, Trace, TraceStep } from "../core/types.js";
import { resultMessage } from "../core/outcome-text.js";
import { msg } from "../../shared/index.js";
import {
  AT,
  CIRCUIT,
  PLACES,
  PLACE_COUNT,
  firstPit,
  opposite,
  sideIndex,
  storeOf,
  type KalahSide,
} from "./board.js";
import type { KalahPosition } from "./position.js";

const SIDES: readonly KalahSide[] = ["S", "N"];

/** The pits the mover may sow from (KA-2): their own non-empty ones, in name order. */
export function startsOf(p: KalahPosition): number[] {
  if (isOver(p.board)) return [];
  const first = firstPit(sideIndex(p.toMove));
  const out: number[] = [];
  for (let i = first; i < first + 6; i++) if ((p.board[i] as number) > 0) out.push(i);
  return out;
}

function rowEmpty(board: readonly number[], side: 0 | 1): boolean {
  const first = firstPit(side);
  for (let i = first; i < first + 6; i++) if ((board[i] as number) > 0) return false;
  return true;
}

/** KA-5: the game is over when either player's six pits are empty. */
export function isOver(board: readonly number[]): boolean {
  return rowEmpty(board, 0) || rowEmpty(board, 1);
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
  const own = last >= firstPit(side) && last < firstPit(side) + 6;
  if (own && board[last] === 1) {
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
  const toMove = again ? p.toMove : (SIDES[1 - side] as KalahSide);
  return { position: { ...p, board, toMove }, trace };
}

/** Each side's score (KA-6): the store and the stones left in their own pits. */
export function scoreOf(board: readonly number[]): { S: number; N: number } {
  const sum = (side: 0 | 1): number => {
    let s = board[storeOf(side)] as number;
    for (let i = firstPit(side); i < firstPit(side) + 6; i++) s += board[i] as number;
    return s;
  };
  return { S: sum(0), N: sum(1) };
}

/** How the game ended, or null while it goes on (KA-5, KA-6). */
export function outcomeOf(p: KalahPosition): Outcome<KalahSide> | null {
  if (!isOver(p.board)) return null;
  const score = scoreOf(p.board);
  const emptiedSide = rowEmpty(p.board, 0) ? "S" : "N";
  const emptied = emptiedSide === "S" ? "South's" : "North's";
  const winner = score.S > score.N ? "S" : score.N > score.S ? "N" : null;
  const result =
    winner === null
      ? `a draw, ${score.S}–${score.N}`
      : `${winner === "S" ? "South" : "North"} wins ${Math.max(score.S, score.N)}–${Math.min(score.S, score.N)}`;
  return {
    winner,
    reason: `KA-5: ${emptied} pits are empty; KA-6: each keeps the stones left in their own pits, ${result}`,
    text: msg("outcome.kalahEmpty", {
      side: msg(`side.${emptiedSide}`),
      result: resultMessage(winner, score),
    }),
    score,
  };
}
