/**
 * A result by points as a message for the player's language (issue 32):
 * `South wins 30–18` or `a draw, 24–24`, as the two-row games' reasons say it.
 */
import { msg, type Message } from "../../shared/index.js";

export function resultMessage(
  winner: string | null,
  score: { readonly S: number; readonly N: number },
): Message {
  if (winner === null) return msg("outcome.scoreDraw", { a: score.S, b: score.N });
  return msg("outcome.scoreWins", {
    side: msg(`side.${winner}`),
    high: Math.max(score.S, score.N),
    low: Math.min(score.S, score.N),
  });
}
