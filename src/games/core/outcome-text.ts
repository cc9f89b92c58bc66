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

/** Who wins on points, and the result in English (the journal's words) and as a message. */
export function pointsResult(score: { readonly S: number; readonly N: number }): {
  readonly winner: "S" | "N" | null;
  readonly words: string;
  readonly text: Message;
} {
  const winner = score.S > score.N ? "S" : score.N > score.S ? "N" : null;
  const words =
    winner === null
      ? `a draw, ${score.S}–${score.N}`
      : `${winner === "S" ? "South" : "North"} wins ${Math.max(score.S, score.N)}–${Math.min(score.S, score.N)}`;
  return { winner, words, text: resultMessage(winner, score) };
}
