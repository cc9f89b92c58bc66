/**
 * The end of the game (AB-6, AB-7, AB-9 and their Clarifications), judged
 * in the order the rules give: the neutral marble pushed out with
 * `neutralOff` "wins" (AB-9.6: the pusher wins at once), push-offs reaching
 * a side's target (six, or `pushOffsToWin`), then `moveLimit`, then
 * `noPushLimit` (in the single-colour game no marble on E1…E9 is either
 * player's, so that end is a draw: AB-9.2 with AB-9.8); and a player to move
 * who has no legal move loses. `score` is the opposing marbles each
 * side has pushed off: `{"b": off.w, "w": off.b}`.
 */
import { msg } from "../../shared/index.js";
import type { Outcome } from "../core/types.js";
import { COLOUR_OF, ROW_E, SIDE_NAME, BLACK, WHITE, type AbaloneSide } from "./geometry.js";
import { generateMoves, moveRules } from "./variants.js";
import type { AbaloneOptions, AbalonePosition, PerSide } from "./position.js";

export interface AbaloneOutcome extends Outcome<AbaloneSide> {
  readonly winner: AbaloneSide | null;
  /** The rule that ended the game. */
  readonly rule: "AB-6" | "AB-7" | "AB-9.6";
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Whether a limit or a push-off target has ended the game (everything but
 * "no legal move"): the fast check perft and random play make at each node.
 */
export function endedByCount(
  options: AbaloneOptions,
  offB: number,
  offW: number,
  moveCount: number,
  noPushCount: number,
  neutralWon = false,
): boolean {
  return (
    neutralWon ||
    offW >= options.pushOffsToWin.b ||
    offB >= options.pushOffsToWin.w ||
    (options.moveLimit !== null && moveCount >= 2 * options.moveLimit) ||
    (options.noPushLimit !== null && noPushCount >= options.noPushLimit)
  );
}

function byCount(p: AbalonePosition, score: PerSide): AbaloneOutcome | null {
  const { pushOffsToWin, moveLimit, noPushLimit } = p.options;
  if (p.neutralOffBy !== null && p.options.neutralOff === "wins") {
    return {
      winner: p.neutralOffBy,
      rule: "AB-9.6",
      reason: `AB-9.6: ${SIDE_NAME[p.neutralOffBy]} pushed the neutral marble out and wins`,
      text: msg("outcome.neutralOut", { side: msg(`side.${p.neutralOffBy}`) }),
      score,
    };
  }
  for (const side of ["b", "w"] as const) {
    const opp = side === "b" ? "w" : "b";
    if (p.off[opp] >= pushOffsToWin[side]) {
      return {
        winner: side,
        rule: "AB-6",
        // AB-9.2: in the single-colour game the marbles look alike, so they have no colour.
        reason: `AB-6: ${SIDE_NAME[side]} has pushed ${plural(p.off[opp], p.options.singleColour ? "marble" : opp === "b" ? "black marble" : "white marble")} off`,
        text: msg("outcome.pushedOff", {
          side: msg(`side.${side}`),
          marbles: msg(
            p.options.singleColour
              ? "n.marbles"
              : opp === "b"
                ? "n.blackMarbles"
                : "n.whiteMarbles",
            { count: p.off[opp] },
          ),
        }),
        score,
      };
    }
  }
  const leader = (b: number, w: number): AbaloneSide | null => (b > w ? "b" : w > b ? "w" : null);
  if (moveLimit !== null && p.moveCount >= 2 * moveLimit) {
    return {
      winner: leader(score.b, score.w),
      rule: "AB-7",
      reason: `AB-7: the move limit is reached (${plural(moveLimit, "move")} each); Black has pushed ${score.b} off, White ${score.w}`,
      text: msg("outcome.moveLimit", {
        moves: msg("n.moves", { count: moveLimit }),
        black: score.b,
        white: score.w,
      }),
      score,
    };
  }
  if (noPushLimit !== null && p.noPushCount >= noPushLimit) {
    let b = 0;
    let w = 0;
    if (p.options.singleColour) {
      return {
        winner: null,
        rule: "AB-7",
        reason: `AB-7: ${plural(noPushLimit, "move")} in a row pushed no marble off; in the single-colour game no marble on E1…E9 is either player's (AB-9.2): a draw`,
        text: msg("outcome.noPushSingle", { moves: msg("n.moves", { count: noPushLimit }) }),
        score,
      };
    }
    for (const h of ROW_E) {
      if (p.board[h] === BLACK) b++;
      else if (p.board[h] === WHITE) w++;
    }
    return {
      winner: leader(b, w),
      rule: "AB-7",
      reason: `AB-7: ${plural(noPushLimit, "move")} in a row pushed no marble off; Black holds ${b} of the holes E1…E9, White ${w}`,
      text: msg("outcome.noPushHolds", {
        moves: msg("n.moves", { count: noPushLimit }),
        black: b,
        white: w,
      }),
      score,
    };
  }
  return null;
}

/** How the game ended, or null while it goes on. */
export function outcomeOf(p: AbalonePosition): AbaloneOutcome | null {
  const score = { b: p.off.w, w: p.off.b };
  const counted = byCount(p, score);
  if (counted !== null) return counted;
  if (generateMoves(p.board, moveRules(p.options), COLOUR_OF[p.toMove], null) > 0) return null;
  const winner: AbaloneSide = p.toMove === "b" ? "w" : "b";
  return {
    winner,
    rule: "AB-6",
    reason: `AB-6: ${SIDE_NAME[p.toMove]}, to move, has no legal move`,
    text: msg("outcome.noMove", { side: msg(`side.${p.toMove}`) }),
    score,
  };
}
