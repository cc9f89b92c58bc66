/**
 * The physical orders in which people make a capture in the relay games
 * (issue 11, item 8): the captured stones taken and the landing pit lifted as
 * the trace says; the captured stones dropped into the landing pit, directly
 * or by way of the hand, and the whole pit lifted; the landing pit lifted
 * first and the capture taken into the hand. `orderedBoards` gives the
 * settled board after every physical act of a move played in one of them.
 */
import type { LegalMove, Position, Trace } from "../../src/games/core/types.js";
import { at, type Board } from "./scenario.js";

export type Order =
  | "trace"
  | "drop"
  | "hand-drop"
  | "hand-all-drop"
  | "lift-first"
  | "reverse-drop"
  | "reverse-lift-first";
export const ORDERS: readonly Order[] = [
  "trace",
  "drop",
  "hand-drop",
  "hand-all-drop",
  "lift-first",
  "reverse-drop",
  "reverse-lift-first",
];

/** The settled boards of a trace with each capture group played in `order`, one per physical act. */
export function orderedBoards(before: Board, trace: Trace, order: Order): Board[] {
  const board = before.slice();
  const out: Board[] = [];
  const push = () => out.push(board.slice());
  for (let i = 0; i < trace.length; i++) {
    const s = trace[i]!;
    const p = at(s.pit);
    if (s.op === "capture") {
      let j = i;
      while (j < trace.length && trace[j]!.op === "capture") j++;
      const lift = trace[j];
      if (lift !== undefined && lift.op === "lift") {
        const inTrace = trace
          .slice(i, j)
          .map((c) => ({ pit: at(c.pit), n: c.op === "capture" ? c.n : 0 }));
        // The back pit first (a capture of two pits taken in the other order).
        const caps = order.startsWith("reverse") ? [...inTrace].reverse() : inTrace;
        const l = at(lift.pit);
        const own = lift.n;
        const taken = caps.reduce((a, c) => a + c.n, 0);
        switch (order) {
          case "trace":
            for (const c of caps) {
              board[c.pit]! -= c.n;
              push();
            }
            board[l]! -= own;
            push();
            break;
          case "drop":
          case "reverse-drop":
            for (const c of caps) {
              board[c.pit]! -= c.n;
              board[l]! += c.n;
              push();
            }
            board[l]! -= own + taken;
            push();
            break;
          case "hand-drop":
            for (const c of caps) {
              board[c.pit]! -= c.n;
              push();
              board[l]! += c.n;
              push();
            }
            board[l]! -= own + taken;
            push();
            break;
          case "hand-all-drop":
            for (const c of caps) {
              board[c.pit]! -= c.n;
              push();
            }
            board[l]! += taken;
            push();
            board[l]! -= own + taken;
            push();
            break;
          case "lift-first":
          case "reverse-lift-first":
            board[l]! -= own;
            push();
            for (const c of caps) {
              board[c.pit]! -= c.n;
              push();
            }
            break;
        }
        i = j;
        continue;
      }
    }
    board[p]! += s.op === "lift" ? -s.n : s.op === "capture" ? -s.n : 1;
    push();
  }
  return out;
}

export const hasCapture = (m: LegalMove<Position>) => m.trace.some((s) => s.op === "capture");
