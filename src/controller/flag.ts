/**
 * A flag falls (the `flag` command, from the play session's clocks): a pure
 * judgement like those of `judgements.ts`, from the context to its changes
 * and the events to emit. The side whose flag fell loses and the other wins
 * (AB-7 in Abalone: "a flag that falls loses"; the same rule for every game
 * `kete play` runs). The `Game` contract gives a score only with an outcome,
 * so a game lost on time scores zeros for both sides.
 */
import type { Game, Outcome, Side } from "../games/index.js";
import { opponent, sideName } from "../games/index.js";
import type { ControllerContext } from "./context.js";
import type { Update } from "./judgements.js";
import { fromRecord } from "./records.js";

const NOTHING: Update = { context: {}, emit: [] };

/** The outcome of `side`'s fallen flag in a game with these sides, named for the players. */
export function flagOutcome(game: Pick<Game, "id" | "layout">, side: Side): Outcome {
  const sides = game.layout.sides;
  const name = sideName(game.layout, side);
  const reason = game.id === "abalone" ? `AB-7: ${name}'s flag fell` : `${name} ran out of time`;
  const score: Record<Side, number> = {};
  for (const s of sides) score[s] = 0;
  return { winner: opponent(game.layout, side), reason, score };
}

/** `side`'s flag fell at `at`: the game is over, the other side wins; nothing when no game is under way. */
export function flagFall(c: ControllerContext, side: Side, at: number): Update {
  if (c.game === null || c.game.outcome !== null) return NOTHING;
  const gs = fromRecord(c.game, c.settings.tracking);
  if (!gs.game.layout.sides.includes(side)) return NOTHING;
  const outcome = flagOutcome(gs.game, side);
  return {
    context: {
      game: { ...c.game, outcome },
      flagged: side,
      mistake: null,
      penalty: null,
      takeback: null,
      needs: [],
      verdict: { phase: "none" },
    },
    emit: [{ type: "game-over", outcome, at }],
  };
}
