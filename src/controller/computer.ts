/**
 * Kete's own moves and its hints (issue 16), as the controller sees them:
 * plain data in the context, given by the caller as commands. The controller
 * never searches (that would block its event loop, and it knows no game's
 * strength): the CLI decides kete's move and says `computer-move`, or the
 * best move for a hint and says `hint`. Both name the ply they are for (the
 * plies played in this controller's game before it), so a stale one (a move
 * made or taken back meanwhile) is simply not in force.
 *
 * - **Kete's move.** While in force, the human sows for kete: the LEDs show
 *   kete's next act only (`computerMove`, guidance on or off) and any other
 *   move is refused as soon as the board leaves kete's move: "not kete's
 *   move", restored like a mistake with the same player moving again (retry,
 *   whatever `--on-mistake` says), since no rule was broken and nobody is
 *   penalised. A reading no legal move explains is still a mistake named by
 *   its rule (mistakes.ts), as for any player.
 * - **Kete's side** (`computer-side`): in its turns before kete's move is
 *   given nothing is lit, and a move begun is "not kete's move" (kete has
 *   not chosen yet).
 * - **A hint.** While the turn it is for has not begun, the best start pit
 *   (`hintStart`) and the pit its first stone goes into (`hintNext`, the
 *   direction) are lit over the usual guidance.
 */
import type { Position, Side } from "../games/index.js";
import { english } from "../i18n/index.js";
import { msg, placeOfReading, type MessageParam } from "../shared/index.js";
import type { ControllerContext } from "./context.js";
import type { ControllerEvent } from "./events.js";
import type { Mistake } from "./mistakes.js";
import type { GameState, MistakeState } from "./referee.js";
import { restoreDiff } from "./restore.js";
import { candidateMoves, type TrackVerdict, type TurnTracker } from "./tracking.js";
import { OP_PLACE, OP_SOW, isPickUp, pathSteps, type Step } from "./trie.js";

/** A move named for one ply: kete's move to be sown, or the hint's. */
export interface PlannedMove {
  readonly side: Side;
  /** The move in the game's notation, as `legal` lists it. */
  readonly move: string;
  /** The plies played (in this controller's game) before the position it is for. */
  readonly ply: number;
}

/** The mistake kind of a legal move made for kete that is not the move kete chose. */
export const NOT_COMPUTER_MOVE = "not-computer-move";

/** Whether `planned` is for the position standing now in `gs` (same ply, same side to move). */
export function inForce(planned: PlannedMove | null, gs: GameState | null): boolean {
  return (
    planned !== null &&
    gs !== null &&
    gs.outcome === null &&
    gs.plies.length === planned.ply &&
    gs.position.toMove === planned.side
  );
}

/** The steps of `move` in the position of `t` (sensor order), or null when it is not legal there. */
export function plannedSteps<P extends Position>(
  t: TurnTracker<P>,
  move: string,
): readonly Step[] | null {
  const r = t.game.apply(t.position, move);
  if (!r.ok) return null;
  try {
    return t.compile(r.value.trace);
  } catch {
    return null;
  }
}

function sameStep(a: Step, b: Step): boolean {
  return a.op === b.op && a.pit === b.pit && a.n === b.n;
}

/** How many of `steps` a cursor of the tracker has done, on their path; -1 when none is on it. */
export function doneOnPath<P extends Position>(t: TurnTracker<P>, steps: readonly Step[]): number {
  let best = -1;
  for (const c of t.cursors) {
    const path = pathSteps(c.node, c.offset);
    if (path.length > steps.length) continue;
    if (!path.every((s, i) => sameStep(s, steps[i] as Step))) continue;
    if (best < 0 || path.length < best) best = path.length;
  }
  return best;
}

/** Whether a tracker's verdict leaves the planned move's path (the move made, or the stones moved). */
export function leavesPlan<P extends Position>(
  tracker: TurnTracker<P>,
  verdict: TrackVerdict<P>,
  planned: PlannedMove,
  steps: readonly Step[],
): boolean {
  switch (verdict.kind) {
    case "inconsistent":
      return false;
    case "complete": {
      if (verdict.move.move === planned.move) return false;
      const made = plannedSteps(tracker, verdict.move.move);
      return (
        made === null ||
        made.length !== steps.length ||
        !made.every((s, i) => sameStep(s, steps[i] as Step))
      );
    }
    default:
      return doneOnPath(tracker, steps) < 0;
  }
}

/** The pits of the next act of the planned move (its start pit before it begins), for the LEDs. */
export function nextActPits<P extends Position>(
  t: TurnTracker<P>,
  steps: readonly Step[],
): string[] {
  const done = doneOnPath(t, steps);
  if (done < 0 || done >= steps.length) return [];
  const name = (s: Step) => placeOfReading(t.pits[s.pit] as string);
  const first = steps[done] as Step;
  if (first.op === OP_SOW || first.op === OP_PLACE) return [name(first)];
  // A pick-up (a lift, captures): its whole run at once; free steps (a push) likewise.
  const out: string[] = [];
  for (let i = done; i < steps.length; i++) {
    const s = steps[i] as Step;
    if (i > done && !(isPickUp(s.op) || (s.free && first.free))) break;
    out.push(name(s));
  }
  return [...new Set(out)];
}

/** The hint's lights: the start pit(s) and the pit its first stone is sown into (the direction). */
export function hintPits<P extends Position>(
  t: TurnTracker<P>,
  steps: readonly Step[],
): { start: string[]; next: string[] } {
  const name = (s: Step) => placeOfReading(t.pits[s.pit] as string);
  const start: string[] = [];
  let i = 0;
  for (; i < steps.length && isPickUp((steps[i] as Step).op); i++)
    start.push(name(steps[i] as Step));
  const sow = steps.slice(i).find((s) => s.op === OP_SOW || s.op === OP_PLACE);
  // A placement first (Bao's namua): the placement is the start.
  if (start.length === 0 && sow !== undefined) return { start: [name(sow)], next: [] };
  return { start: [...new Set(start)], next: sow === undefined ? [] : [name(sow)] };
}

/** The move a tracker's cursors show as under way or made, in words: `B2 lifted`. */
function madeText<P extends Position>(
  tracker: TurnTracker<P>,
  verdict: TrackVerdict<P>,
): MessageParam {
  if (verdict.kind === "complete") return verdict.move.move;
  const begun = candidateMoves(tracker, 3);
  if (begun.length > 0) return msg("kete.begun", { moves: begun.join(" or ") });
  const lifted = tracker.pits.filter(
    (_, i) => (tracker.reading[i] as number) < (tracker.before[i] as number),
  );
  return lifted.length === 0
    ? msg("kete.otherMoved")
    : msg("kete.lifted", { places: lifted.map(placeOfReading).join(", ") });
}

/**
 * A legal move (or the start of one) that is not kete's: the board goes back
 * to the position before it and the same side moves again, kete's move still
 * lit. No rule is broken, so no rule id is cited and no policy but `retry`
 * applies.
 */
export function notComputerMove<P extends Position>(
  gs: GameState,
  tracker: TurnTracker<P>,
  verdict: TrackVerdict<P>,
  planned: PlannedMove | null,
  reading: Int16Array,
  at: number,
): { mistake: MistakeState; event: ControllerEvent } {
  const before = gs.turn.before;
  const pits = gs.turn.pits;
  const differ = pits.filter((_, i) => reading[i] !== before[i]);
  const start =
    planned === null ? [] : hintPits(tracker, plannedSteps(tracker, planned.move) ?? []).start;
  const made = madeText(tracker, verdict);
  const text =
    planned === null
      ? msg("kete.notChosen", { made })
      : msg("kete.notKetes", { move: planned.move, made });
  const mistake: Mistake = {
    kind: NOT_COMPUTER_MOVE,
    rule: "",
    message: english.text(text),
    text,
    side: gs.position.toMove,
    pits: differ,
    expected: start,
  };
  const state: MistakeState = {
    mistake,
    policy: "retry",
    target: Array.from(before),
    after: "retry",
    position: gs.position,
    resume: null,
    kind: "forfeit",
  };
  const event: ControllerEvent = {
    type: "mistake",
    kind: mistake.kind,
    rule: mistake.rule,
    message: mistake.message,
    text: mistake.text,
    side: mistake.side,
    policy: "retry",
    restore: restoreDiff(reading, state.target, pits),
    at,
  };
  return { mistake: state, event };
}

/** A `computer-move` or `hint` command: kept when it is for the position standing now and legal there. */
export function plannedFor(
  c: ControllerContext,
  gs: GameState | null,
  p: PlannedMove,
): PlannedMove | null {
  if (!inForce(p, gs) || gs === null || c.game === null) return null;
  return plannedSteps(gs.turn, p.move) === null ? null : { side: p.side, move: p.move, ply: p.ply };
}
