/**
 * `Game.refusal` for the four-row games: why lifting a pit starts no legal
 * turn (CORE-4, CORE-5, the end rules), computed from the turn engine — no
 * move strings built, no messages parsed. These games put no stones from off
 * the board, so a placement never starts a turn.
 */
import type { BoardAct, Refusal } from "../core/rules.js";
import {
  combineVerdicts,
  overBecause,
  type Overrun,
  type OverrunWords,
} from "../fourrow/refusals.js";
import type { FourRowGame } from "./game.js";
import {
  DIRECTION_SIGNS,
  PIT_NAMES,
  SIDE_NAMES,
  pitIndex,
  sideIndex,
  type Direction,
} from "../fourrow/geometry.js";
import type { FourRowPosition } from "./position.js";
import { CHOICE, OVERFLOW, TurnRunner } from "./turn.js";

/** CORE-4: the words when a player lifts a pit of the other side. */
export function notOwnPit(pit: string, mover: "S" | "N"): string {
  const who = SIDE_NAMES[mover];
  return `${pit} is not ${who}'s pit; ${who} starts a turn from their own rows (${mover === "S" ? "A, B" : "C, D"}) (CORE-4)`;
}

/** The start of `start` in `dir` when none of its paths ends within CORE-5's limit, else null. */
function overrun(
  runner: TurnRunner,
  pits: Uint8Array,
  start: number,
  dir: Direction,
): Overrun | null {
  runner.begin(pits, start, dir);
  const first = runner.settle();
  const cycled = first === OVERFLOW && runner.cycled;
  if (runner.hasPathFrom(first)) return null;
  const token = `${PIT_NAMES[start]}${DIRECTION_SIGNS[dir]}`;
  return { token, cycled, branched: first === CHOICE };
}

export function fourRowRefusal(
  game: FourRowGame,
  position: FourRowPosition,
  act: BoardAct,
): Refusal | null {
  const place = act.place;
  const start = pitIndex(place);
  if (start < 0) {
    return {
      reason: "other",
      rule: "CORE-4",
      message: `${place} is not a pit of the 4 x 8 board (CORE-4)`,
    };
  }
  const side = sideIndex(position.toMove);
  if (game.endedOnBoard(position.pits, side)) {
    const rule = game.variant.end;
    const what =
      act.kind === "start" ? `${place} cannot start a turn` : `a stone placed in ${place}`;
    const message = `${what}: the game is over${overBecause(game.outcome(position)?.reason, rule)}`;
    return { reason: "other", rule, message };
  }
  if (act.kind === "place") {
    return {
      reason: "other",
      rule: "CORE-4",
      message: `a stone placed in ${place}: ${game.id} has no stones off the board to place; a turn starts by lifting an own pit with two or more (CORE-4)`,
    };
  }
  if (start >> 4 !== side) {
    return { reason: "not-own", rule: "CORE-4", message: notOwnPit(place, position.toMove) };
  }
  const n = position.pits[start];
  if (n < 2) {
    const holds = n === 1 ? "one stone" : "no stones";
    return {
      reason: "too-few",
      rule: "CORE-4",
      message: `${place} holds ${holds}; a turn starts from two or more (CORE-4)`,
    };
  }
  const runner = new TurnRunner(game.rules(position.options), false);
  const overruns: Overrun[] = [];
  for (const dir of game.directions(position.options)) {
    const o = overrun(runner, position.pits, start, dir);
    if (o === null) return null;
    overruns.push(o);
  }
  const words: OverrunWords = {
    unit: "stage",
    branches: "however its captures are chosen",
    limit: position.options.maxStages,
    rule: "CORE-5",
  };
  const verdicts = overruns.map((overrun) => ({ kind: "overrun" as const, overrun }));
  return combineVerdicts(`${place} cannot start a turn: `, verdicts, words);
}
