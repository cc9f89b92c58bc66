/**
 * The end of the game: GB-6 (the player to move has every pit empty: the
 * opponent wins with 15 points or more, else the player with empty pits),
 * GB-5 (the player to move must feed and cannot: they lose), GB-7 (the
 * position's key twice in its history: more points wins, equal is a draw).
 * Checked in that order. Points are the numbers of the gems in one's cup.
 */
import { msg, type Message } from "../../shared/index.js";
import {
  GEM_COUNT,
  PIT_COUNT,
  WINNING_POINTS,
  gemPoints,
  otherSide,
  type GlassSide,
} from "./geometry.js";
import { keyOf, type GlassPosition } from "./position.js";
import { endOf, sowerOf, type EndRule } from "./turn.js";

export interface GlassOutcome {
  readonly winner: GlassSide | null;
  readonly rule: EndRule;
  readonly reason: string;
  /** The same as a message, for the player's language (issue 32). */
  readonly text: Message;
  readonly score: { readonly S: number; readonly N: number };
}

const NAME = { S: "South", N: "North" } as const;

export function pointsOf(p: GlassPosition): { S: number; N: number } {
  const score = { S: 0, N: 0 };
  for (let g = 0; g < GEM_COUNT; g++) {
    const place = p.gems[g] as number;
    if (place === PIT_COUNT) score.S += gemPoints(g);
    else if (place === PIT_COUNT + 1) score.N += gemPoints(g);
  }
  return score;
}

/** GB-7: whether the position's key occurs twice in its history. */
export function repeated(p: GlassPosition): boolean {
  const key = keyOf(p);
  let n = 0;
  for (const k of p.history) if (k === key) n++;
  return n >= 2;
}

export function outcomeOf(p: GlassPosition): GlassOutcome | null {
  const rule = endOf(sowerOf(p), repeated(p));
  if (rule === null) return null;
  const score = pointsOf(p);
  const mover = p.toMove;
  const opp = otherSide(mover);
  const points = `${score.S}–${score.N}`;
  const side = (s: GlassSide) => msg(`side.${s}`);
  if (rule === "GB-6") {
    const wins = score[opp] >= WINNING_POINTS;
    const reason = wins
      ? `${NAME[mover]} must move with every pit empty and ${NAME[opp]} has ${score[opp]} points (15 or more): ${NAME[opp]} wins, ${points} (GB-6)`
      : `${NAME[mover]} must move with every pit empty and ${NAME[opp]} has ${score[opp]} points (fewer than 15): ${NAME[mover]} wins, ${points} (GB-6)`;
    const text = msg(wins ? "outcome.emptyOpponentWins" : "outcome.emptyMoverWins", {
      mover: side(mover),
      opponent: side(opp),
      count: score[opp],
      score: points,
    });
    return { winner: wins ? opp : mover, rule, reason, text, score };
  }
  if (rule === "GB-5") {
    const reason = `${NAME[opp]}'s pits are empty and ${NAME[mover]} has no sowing that reaches them: ${NAME[opp]} wins, ${points} (GB-5)`;
    const text = msg("outcome.cannotFeed", {
      mover: side(mover),
      opponent: side(opp),
      score: points,
    });
    return { winner: opp, rule, reason, text, score };
  }
  const winner = score.S > score.N ? "S" : score.N > score.S ? "N" : null;
  const result = winner === null ? "a draw" : `${NAME[winner]} wins`;
  return {
    winner,
    rule,
    reason: `the position occurs a third time with ${NAME[mover]} to move: ${result}, ${points} (GB-7)`,
    text: msg("outcome.thirdTime", {
      mover: side(mover),
      result: winner === null ? msg("view.aDraw") : msg("view.wins", { side: side(winner) }),
      score: points,
    }),
    score,
  };
}
