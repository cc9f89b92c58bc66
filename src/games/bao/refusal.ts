/**
 * `Game.refusal` for Bao: why lifting a pit or placing a seed from the hand
 * starts no legal turn, from the same typed checks as `apply` (faults.ts) and
 * the start generator (starts.ts) — no move strings built, no messages parsed.
 *
 * First the act as a whole (game over BK-17; the phase BK-2, BK-9, BK-13; the
 * pit BK-9, BK-13, BK-16), in words about the board; then each way of playing
 * it (`B3+`, `B3-`; a placement's `*L`/`*R` or `*+`/`*-`), refused by BK-8, a
 * takasa restriction (BK-10, BK-11, BK-15) or the stage limit (BK-18).
 */
import type { BoardAct, Refusal } from "../core/rules.js";
import {
  combineVerdicts,
  overBecause,
  type OverrunWords,
  type TokenVerdict,
} from "../fourrow/refusals.js";
import type { BaoGame } from "./game.js";
import { FRONT_OWNER, PIT_NAMES, facing, frontRowEmpty, pitIndex } from "../fourrow/geometry.js";
import { isKimbi } from "./geometry.js";
import { startToken } from "./notation.js";
import type { BaoPosition } from "./position.js";
import { MAX_STARTS, legalStarts } from "./starts.js";
import { judgeOf, plural, startFault, type Judge } from "./faults.js";
import {
  CHOICE,
  HAND,
  OVERFLOW,
  TurnRunner,
  V_CAPTURE,
  V_CAPTURE_L,
  V_CAPTURE_R,
  V_CCW,
  V_CW,
  V_PLACE_CCW,
  V_PLACE_CW,
} from "./turn.js";

/** Whether some legal start lifts (`placing` false) or places into (true) the pit. */
function startsThere(j: Judge, pit: number, placing: boolean): boolean {
  const out = new Int32Array(MAX_STARTS);
  const scratch = new Int32Array(MAX_STARTS);
  const probe = new TurnRunner(j.rules, false);
  const count = legalStarts(probe, j.rules, j.state, j.side, j.blocked, out, scratch);
  for (let i = 0; i < count; i++) {
    if (out[i] >> 3 === pit && (out[i] & 7) >= V_CAPTURE === placing) return true;
  }
  return false;
}

/** A placement refused as a whole: the phase (BK-2, BK-13) and the pit (BK-9, BK-16). */
function placementRefusal(j: Judge, pit: number): Refusal | null {
  const name = PIT_NAMES[pit] as string;
  const refuse = (rule: string, why: string): Refusal => ({
    reason: "placement",
    rule,
    message: `a seed placed in ${name}: ${why} (${rule})`,
  });
  if (!j.variant.kiswahili) {
    return refuse(
      "BK-2",
      "bao-kujifunza has no seeds in hand and no namua phase; a turn starts by lifting a pit of two or more",
    );
  }
  if (!j.namua) {
    return refuse(
      "BK-13",
      `${j.who} has no seeds in hand (mtaji phase); a turn starts by lifting a pit of two or more`,
    );
  }
  if (FRONT_OWNER[pit] !== j.side) {
    const row = j.side === 0 ? "B1…B8" : "C1…C8";
    return refuse("BK-9", `${name} is not ${j.who}'s front pit; the seed goes into ${row}`);
  }
  if (j.state[pit] === 0) {
    return refuse("BK-9", `${name} is empty; the seed goes into an occupied front pit`);
  }
  if (pit === j.blocked) {
    return refuse("BK-16", `${name} is blocked this turn (takasia): no seed may be placed there`);
  }
  return null;
}

/** A lift refused as a whole: the phase (BK-9) and the pit (BK-13, BK-16). */
function liftRefusal(j: Judge, pit: number): Refusal | null {
  const name = PIT_NAMES[pit] as string;
  const seeds = j.state[pit];
  if (j.namua) {
    return {
      reason: "other",
      rule: "BK-9",
      message: `${name} cannot start a turn: ${j.who} still has ${plural(j.state[HAND + j.side], "seed")} in hand (namua), so a turn starts by placing one into an occupied front pit (BK-9)`,
    };
  }
  if (pit >> 4 !== j.side) {
    return {
      reason: "not-own",
      rule: "BK-13",
      message: `${name} is not ${j.who}'s pit; ${j.who} starts a turn from their own rows (${j.side === 0 ? "A, B" : "C, D"}) (BK-13)`,
    };
  }
  if (seeds < 2) {
    return {
      reason: "too-few",
      rule: "BK-13",
      message: `${name} holds ${seeds === 1 ? "one seed" : "no seeds"}; a turn starts from a pit with two or more (BK-13)`,
    };
  }
  if (pit === j.blocked) {
    return {
      reason: "other",
      rule: "BK-16",
      message: `${name} is blocked this turn (takasia): it may not start ${j.who}'s turn (BK-16)`,
    };
  }
  return null;
}

/** The ways of playing the act: the start variants its pit and the board allow. */
function waysOf(j: Judge, pit: number, placing: boolean): readonly number[] {
  if (!placing) return [V_CW, V_CCW];
  if (j.state[facing(pit)] === 0) return [V_PLACE_CW, V_PLACE_CCW];
  return isKimbi(pit) ? [V_CAPTURE] : [V_CAPTURE_L, V_CAPTURE_R];
}

/** Why one way of playing (a start the act allows) is not legal. */
function verdictOf(j: Judge, start: number): TokenVerdict {
  const token = startToken(start);
  const f = startFault(j, start, token);
  if (f !== null) {
    const message = f.kind === "unexplained" ? `${f.message} (${f.rule})` : f.message;
    return { kind: "rule", refusal: { reason: f.reason, rule: f.rule, message } };
  }
  const runner = new TurnRunner(j.rules, false);
  runner.begin(j.state, j.side, j.blocked, start);
  const first = runner.settle();
  const cycled = first === OVERFLOW && runner.cycled;
  return { kind: "overrun", overrun: { token, cycled, branched: first === CHOICE } };
}

export function baoRefusal(game: BaoGame, position: BaoPosition, act: BoardAct): Refusal | null {
  const place = act.place;
  const pit = pitIndex(place);
  const placing = act.kind === "place";
  const what = placing ? `a seed placed in ${place}: ` : `${place} cannot start a turn: `;
  if (pit < 0) {
    const rule = placing ? "BK-9" : "BK-13";
    return { reason: "other", rule, message: `${place} is not a pit of the 4 x 8 board (${rule})` };
  }
  const j = judgeOf(game.variant, game.rules(position.options), position);
  if (frontRowEmpty(j.state, 0) || frontRowEmpty(j.state, 1)) {
    const why = overBecause(game.outcome(position)?.reason, "BK-17");
    return { reason: "other", rule: "BK-17", message: `${what}the game is over${why}` };
  }
  if (startsThere(j, pit, placing)) return null;
  const whole = placing ? placementRefusal(j, pit) : liftRefusal(j, pit);
  if (whole !== null) return whole;
  const verdicts = waysOf(j, pit, placing).map((v) => verdictOf(j, (pit << 3) | v));
  const words: OverrunWords = {
    unit: "sowing",
    branches: "however its safari choices are made",
    limit: j.rules.maxStages,
    rule: game.ruleBook(position.options).stageLimit ?? "BK-18",
  };
  return combineVerdicts(what, verdicts, words);
}
