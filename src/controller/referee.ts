/**
 * The referee: the pure transitions of a game at the board, which the xstate
 * machine (`machine.ts`) calls from its named actions. Each function takes the
 * game so far and one settled reading, and returns the new game state, a
 * decision the machine's guards route on, and the controller events to emit.
 * No I/O, no clock: times come in with the readings.
 */
import type { Game, LegalMove, Outcome, Position, Side } from "../games/index.js";
import { opponent } from "../games/index.js";
import type { ControllerEvent } from "./events.js";
import {
  checkSensors,
  classifyMistake,
  misplayAt,
  type Classified,
  type Mistake,
  type SensorFault,
} from "./mistakes.js";
import {
  checkPenalty,
  policyIn,
  singleStage,
  findTakeback,
  PENALTY_RULE,
  positionWith,
  restoreDiff,
  truncationBoard,
  type PenaltyStatus,
  type Policy,
} from "./restore.js";
import {
  DEFAULT_TRACKING,
  readingOwner,
  sameCounts,
  startTurn,
  track,
  type TrackingOptions,
  type TurnTracker,
} from "./tracking.js";

export interface Settings {
  readonly guidance: boolean;
  /** `null`: `retry` with guidance, `forfeit` without. */
  readonly onMistake: Policy | null;
  readonly tracking: TrackingOptions;
}

export const DEFAULT_SETTINGS: Settings = {
  guidance: true,
  onMistake: null,
  tracking: DEFAULT_TRACKING,
};

export type PlyKind = "move" | "forfeit" | "truncate" | "penalty";

export interface Ply {
  readonly kind: PlyKind;
  readonly side: Side;
  /** The move string (`move`), else null. */
  readonly move: string | null;
  /** The position before the ply. */
  readonly before: Position;
  readonly at: number;
}

export interface GameState {
  readonly game: Game;
  readonly position: Position;
  readonly plies: readonly Ply[];
  readonly turn: TurnTracker;
  readonly outcome: Outcome | null;
}

export interface MistakeState {
  readonly mistake: Mistake;
  readonly policy: Policy;
  /** The board to restore (sensor order). */
  readonly target: readonly number[];
  /** What stands once restored. */
  readonly after: "retry" | "turn-passed" | "continue" | "penalty-due";
  /** The position then (for `continue`: the same turn, tracked from `resume`). */
  readonly position: Position;
  readonly resume: TurnTracker | null;
  readonly kind: PlyKind;
}

export interface PenaltyState {
  readonly erring: Side;
  readonly start: readonly number[];
  /** The position (opponent to move) the penalty is played on. */
  readonly position: Position;
  readonly status: PenaltyStatus;
}

export type TurnDecision =
  | "same"
  | "progress"
  | "waiting"
  | "pending"
  | "moved"
  | "game-over"
  | "mistake"
  | "takeback"
  | "sensor-fault";

function toArray(a: ArrayLike<number>): number[] {
  return Array.from(a);
}

/** A game from `position` with the plies that led to it. */
export function beginGame(
  game: Game,
  position: Position,
  plies: readonly Ply[],
  tracking: TrackingOptions,
): GameState {
  // A resumed game's last move is lit for the opponent as a played one is (withPosition).
  const last = plies[plies.length - 1];
  const previous =
    last === undefined ? undefined : Int16Array.from(game.sensorView(last.before).counts);
  const turn = startTurn(game, position, tracking, previous);
  return { game, position, plies, turn, outcome: game.outcome(position) };
}

/** Plays `moves` from `start` (a resumed game); an error names the first move that fails. */
export function replayMoves(
  game: Game,
  start: Position,
  moves: readonly string[],
  at: number,
): { ok: true; position: Position; plies: Ply[] } | { ok: false; message: string } {
  let position = start;
  const plies: Ply[] = [];
  for (const [i, move] of moves.entries()) {
    const r = game.apply(position, move);
    if (!r.ok) return { ok: false, message: `move ${i + 1} (${move}): ${r.error.message}` };
    plies.push({ kind: "move", side: position.toMove, move, before: position, at });
    position = r.value.position;
  }
  return { ok: true, position, plies };
}

function withPosition(
  gs: GameState,
  position: Position,
  plies: readonly Ply[],
  tracking: TrackingOptions,
): GameState {
  // The board before: the last move, lit for the opponent in turns whose changes happen at once.
  // A pending end made the next turn already (tracking.ts `after`): taken over, not made again.
  const after = gs.turn.after;
  const turn =
    after !== undefined && after.move.position === position && after.turn.options === tracking
      ? { ...after.turn, previous: gs.turn.before }
      : startTurn(gs.game, position, tracking, gs.turn.before, gs.turn);
  return { ...gs, position, plies, turn, outcome: gs.game.outcome(position) };
}

/**
 * Whether a reading with more stones than the turn allows is a player's
 * handful from the reserve, not a sensor fault: in a turn that places from
 * the reserve, stones only added, all into one pit (Bao: two seeds placed at
 * once, BK-9). The tracker then finds it inconsistent and names the mistake.
 */
function placedSeveral(counts: readonly (number | null)[], t: GameState["turn"]): boolean {
  if (t.trie.maxPlaced === 0) return false;
  let pits = 0;
  for (let i = 0; i < t.before.length; i++) {
    const d = (counts[i] ?? 0) - (t.before[i] as number);
    if (d < 0) return false;
    if (d > 0) pits++;
  }
  return pits === 1;
}

/** Counts of a reading, or the sensor fault that makes it unusable. */
export function readCounts(
  counts: readonly (number | null)[],
  gs: GameState,
): { ok: true; reading: Int16Array } | { ok: false; fault: SensorFault } {
  const fault = checkSensors(counts, gs.turn.pits, gs.turn.maxTotal);
  if (fault !== null && !(fault.kind === "too-many-stones" && placedSeveral(counts, gs.turn)))
    return { ok: false, fault };
  // From an array (no unread pit is left here): the constructor copies it without an iterator.
  return { ok: true, reading: new Int16Array(counts as readonly number[]) };
}

function acceptMove(
  gs: GameState,
  move: LegalMove<Position>,
  at: number,
  tracking: TrackingOptions,
  events: ControllerEvent[],
): GameState {
  const ply: Ply = {
    kind: "move",
    side: gs.position.toMove,
    move: move.move,
    before: gs.position,
    at,
  };
  events.push({
    type: "move",
    ply: gs.plies.length + 1,
    side: ply.side,
    move: move.move,
    trace: move.trace,
    at,
  });
  const next = withPosition(gs, move.position, [...gs.plies, ply], tracking);
  if (next.outcome !== null) events.push({ type: "game-over", outcome: next.outcome, at });
  return next;
}

/** The earlier positions' boards, oldest first (for recognising takebacks). */
export function earlierBoards(gs: GameState): number[][] {
  return gs.plies.map((p) => toArray(gs.game.sensorView(p.before).counts));
}

/** Goes back to the position before ply `index` (a takeback). */
export function takeBackTo(gs: GameState, index: number, tracking: TrackingOptions): GameState {
  const ply = gs.plies[index] as Ply;
  return withPosition(gs, ply.before, gs.plies.slice(0, index), tracking);
}

/** One settled reading during a turn. */
export function followTurn(
  gs: GameState,
  reading: Int16Array,
  at: number,
  settings: Settings,
): {
  gs: GameState;
  decision: TurnDecision;
  mistake: MistakeState | null;
  events: ControllerEvent[];
} {
  const events: ControllerEvent[] = [];
  const { tracker, verdict } = track(gs.turn, reading, at);
  if (verdict.kind === "complete") {
    let next = acceptMove(gs, verdict.move, at, settings.tracking, events);
    if (next.outcome !== null) return { gs: next, decision: "game-over", mistake: null, events };
    if (verdict.carry) {
      const again = followTurn(next, reading, at, settings);
      return { ...again, events: [...events, ...again.events] };
    }
    next = { ...next, turn: { ...next.turn, reading } };
    return { gs: next, decision: "moved", mistake: null, events };
  }
  if (verdict.kind !== "inconsistent") {
    return { gs: { ...gs, turn: tracker }, decision: verdict.kind, mistake: null, events };
  }
  // A deliberate takeback: the board shows an earlier position of the game.
  const back = findTakeback(earlierBoards(gs), reading);
  if (back !== null) {
    events.push({ type: "takeback", toPly: back, at });
    return {
      gs: takeBackTo(gs, back, settings.tracking),
      decision: "takeback",
      mistake: null,
      events,
    };
  }
  return callMistake(gs, reading, classifyMistake(gs.turn, reading), at, settings, events);
}

/**
 * The button pressed (or `confirm`) on a board that is no move's end but
 * which the game reads as a move its rules refuse (`Game.misplay`): an own
 * marble pushed off looks, settled, like one held in the hand, until the
 * player says the move is made. Null when the game reads no such move.
 */
export function confirmMisplay(
  gs: GameState,
  at: number,
  settings: Settings,
): ReturnType<typeof followTurn> | null {
  const reading = gs.turn.reading;
  if (sameCounts(reading, gs.turn.before)) return null;
  const named = misplayAt(gs.turn, reading);
  return named === null ? null : callMistake(gs, reading, named, at, settings, []);
}

/** A mistake named at `reading`: what the policy makes of it, and its event. */
function callMistake(
  gs: GameState,
  reading: Int16Array,
  { mistake, reference }: Classified,
  at: number,
  settings: Settings,
  events: ControllerEvent[],
): ReturnType<typeof followTurn> {
  const policy = policyIn(gs.game, gs.position.options, settings.onMistake, settings.guidance);
  const pits = gs.turn.pits;
  const mover = gs.position.toMove;
  const other = opponent(gs.game.layout, mover);
  let ms: MistakeState;
  if (mistake.side !== mover) {
    // Out of turn: undo the intruder's change; the mover's turn goes on from the last correct point.
    const resume: TurnTracker = {
      ...gs.turn,
      cursors: [
        { node: reference.node, offset: reference.offset, board: reference.board, exact: true },
      ],
      reading: reference.board,
      pendingSince: null,
    };
    ms = {
      mistake,
      policy,
      target: toArray(reference.board),
      after: "continue",
      position: gs.position,
      resume,
      kind: "move",
    };
  } else if (policy === "retry" || policy === "forfeit") {
    const passed =
      policy === "forfeit" ? positionWith(gs.game, gs.position, null, other) : gs.position;
    ms = {
      mistake,
      policy,
      target: toArray(gs.turn.before),
      after: policy === "retry" || passed === null ? "retry" : "turn-passed",
      position: passed ?? gs.position,
      resume: null,
      kind: "forfeit",
    };
  } else {
    // A single-stage turn (GB-2…GB-4) has no correct stage before its end: back to before the move.
    const cut = singleStage(gs.game, gs.position.options)
      ? { board: gs.turn.before, steps: 0 }
      : truncationBoard(gs.turn.before, reference);
    const stands = positionWith(gs.game, gs.position, cut.board, other);
    ms = {
      mistake,
      policy,
      target: toArray(stands === null ? gs.turn.before : cut.board),
      after: policy === "penalty5" ? "penalty-due" : "turn-passed",
      position: stands ?? positionWith(gs.game, gs.position, null, other) ?? gs.position,
      resume: null,
      kind: policy === "penalty5" ? "penalty" : "truncate",
    };
  }
  events.push({
    type: "mistake",
    kind: mistake.kind,
    rule: mistake.rule,
    message: mistake.message,
    text: mistake.text,
    side: mistake.side,
    policy,
    restore: restoreDiff(reading, ms.target, pits),
    at,
  });
  return { gs, decision: "mistake", mistake: ms, events };
}

export type RestoreDecision = "waiting" | "restored" | "penalty" | "takeback" | "game-over";

/** One settled reading while the board is being restored after a mistake. */
export function followRestore(
  gs: GameState,
  ms: MistakeState,
  reading: Int16Array,
  at: number,
  settings: Settings,
): {
  gs: GameState;
  decision: RestoreDecision;
  penalty: PenaltyState | null;
  events: ControllerEvent[];
} {
  const events: ControllerEvent[] = [];
  if (!sameCounts(reading, ms.target)) {
    const back = findTakeback(earlierBoards(gs), reading);
    if (back !== null) {
      events.push({ type: "takeback", toPly: back, at });
      events.push({
        type: "mistake-resolved",
        policy: ms.policy,
        result: "takeback",
        toMove: gs.plies[back]!.before.toMove,
        at,
      });
      return {
        gs: takeBackTo(gs, back, settings.tracking),
        decision: "takeback",
        penalty: null,
        events,
      };
    }
    return { gs, decision: "waiting", penalty: null, events };
  }
  const mover = gs.position.toMove;
  events.push({
    type: "mistake-resolved",
    policy: ms.policy,
    result: ms.after,
    toMove: ms.position.toMove,
    at,
  });
  if (ms.after === "continue" && ms.resume !== null) {
    return { gs: { ...gs, turn: ms.resume }, decision: "restored", penalty: null, events };
  }
  if (ms.after === "retry") {
    return {
      gs: { ...gs, turn: startTurn(gs.game, gs.position, settings.tracking, undefined, gs.turn) },
      decision: "restored",
      penalty: null,
      events,
    };
  }
  const ply: Ply = { kind: ms.kind, side: mover, move: null, before: gs.position, at };
  if (ms.after === "penalty-due") {
    const penalty: PenaltyState = {
      erring: mover,
      start: ms.target,
      position: ms.position,
      status: { kind: "in-progress", crossed: 0 },
    };
    return {
      gs: { ...gs, plies: [...gs.plies, ply], position: ms.position },
      decision: "penalty",
      penalty,
      events,
    };
  }
  const next = withPosition(gs, ms.position, [...gs.plies, ply], settings.tracking);
  if (next.outcome !== null) {
    events.push({ type: "game-over", outcome: next.outcome, at });
    return { gs: next, decision: "game-over", penalty: null, events };
  }
  return { gs: next, decision: "restored", penalty: null, events };
}

export type PenaltyDecision = "waiting" | "wrong" | "done" | "game-over";

/** One settled reading while the erring player hands over five stones (HB-9). */
export function followPenalty(
  gs: GameState,
  p: PenaltyState,
  reading: Int16Array,
  at: number,
  settings: Settings,
): { gs: GameState; penalty: PenaltyState; decision: PenaltyDecision; events: ControllerEvent[] } {
  const rule = gs.game.ruleBook(gs.position.options).penalty ?? PENALTY_RULE;
  const owners = gs.turn.pits.map((_, i) => readingOwner(gs.turn, i));
  const status = checkPenalty(p.start, reading, owners, p.erring, gs.turn.pits, rule);
  const penalty = { ...p, status };
  if (status.kind !== "done") {
    return { gs, penalty, decision: status.kind === "wrong" ? "wrong" : "waiting", events: [] };
  }
  const events: ControllerEvent[] = [{ type: "penalty-done", side: p.erring, at }];
  const placed = positionWith(gs.game, p.position, reading, p.position.toMove) ?? p.position;
  const next = withPosition(gs, placed, gs.plies, settings.tracking);
  if (next.outcome !== null) {
    events.push({ type: "game-over", outcome: next.outcome, at });
    return { gs: next, penalty, decision: "game-over", events };
  }
  return { gs: next, penalty, decision: "done", events };
}
