/**
 * A flag falls (the `flag` command, from the play session's clocks): a pure
 * judgement like those of `judgements.ts`, from the context to its changes
 * and the events to emit. The side whose flag fell loses and the other wins
 * (AB-7 in Abalone: "a flag that falls loses", its `RuleBook.flagFall`; the
 * same for every game `kete play` runs). The `Game` contract gives a score only with an outcome,
 * so a game lost on time scores zeros for both sides.
 */
import type { Game, Options, Outcome, Side } from "../games/index.js";
import { opponent, sideName } from "../games/index.js";
import { english } from "../i18n/index.js";
import { msg } from "../shared/index.js";
import type { ControllerContext } from "./context.js";
import type { Update } from "./judgements.js";
import { fromRecord, toRecord } from "./records.js";

const NOTHING: Update = { context: {}, emit: [] };

/**
 * The outcome of `side`'s fallen flag in a game with these sides and options,
 * named for the players, citing the game's rule for it where it has one (AB-7).
 */
export function flagOutcome(
  game: Pick<Game, "layout" | "ruleBook">,
  options: Options,
  side: Side,
): Outcome {
  const sides = game.layout.sides;
  const name = sideName(game.layout, side);
  const rule = game.ruleBook(options).flagFall ?? null;
  const reason = rule === null ? `${name} ran out of time` : `${rule}: ${name}'s flag fell`;
  const who = english.has(`side.${side}`) ? msg(`side.${side}`) : name;
  const text =
    rule === null
      ? msg("outcome.outOfTime", { side: who })
      : msg("outcome.flagFell", { rule, side: who });
  const score: Record<Side, number> = {};
  for (const s of sides) score[s] = 0;
  return { winner: opponent(game.layout, side), reason, text, score };
}

/** `side`'s flag fell at `at`: the game is over, the other side wins; nothing when no game is under way. */
export function flagFall(c: ControllerContext, side: Side, at: number): Update {
  if (c.game === null || c.game.outcome !== null) return NOTHING;
  const gs = fromRecord(c.game, c.settings.tracking);
  if (!gs.game.layout.sides.includes(side)) return NOTHING;
  const outcome = flagOutcome(gs.game, gs.position.options, side);
  return {
    context: {
      game: toRecord({ ...gs, outcome }),
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
