/**
 * What the machine does with one event, as pure functions: from the context
 * and the event to the context's changes and the controller events to emit
 * (`Update`). The machine (`machine.ts`) only routes: its named actions apply
 * these, its guards read the typed `verdict` they leave.
 *
 * The live game (the game object, the tracker and its trie) is found from the
 * plain record in the context (`records.ts`), judged by the referee, and
 * written back as a record.
 */
import type { BoardEvent, BoardSnapshot } from "../board/index.js";
import type { Position } from "../games/index.js";
import { readingsOf } from "../protocol/index.js";
import { placeOfReading, readingNames, verbatim } from "../shared/index.js";
import type { ControllerContext, ControllerMachineEvent, GameCommand, Verdict } from "./context.js";
import { verdictText } from "./context.js";
import type { ControllerEvent } from "./events.js";
import type { SensorFault } from "./mistakes.js";
import {
  fromRecord,
  mistakeFromRecord,
  mistakeToRecord,
  penaltyFromRecord,
  penaltyToRecord,
  toRecord,
} from "./records.js";
import {
  beginGame,
  earlierBoards,
  followPenalty,
  followRestore,
  confirmMisplay,
  followTurn,
  readCounts,
  replayMoves,
  takeBackTo,
  type GameState,
  type TurnDecision,
} from "./referee.js";
import { positionWith, restoreDiff } from "./restore.js";
import { confirmEnd, guide, sameCounts, track, type TrackingOptions } from "./tracking.js";
import {
  inForce,
  leavesPlan,
  notComputerMove,
  plannedFor,
  plannedSteps,
  type PlannedMove,
} from "./computer.js";

export interface Update {
  readonly context: Partial<ControllerContext>;
  readonly emit: readonly ControllerEvent[];
}

const NOTHING: Update = { context: {}, emit: [] };

function liveGame(c: ControllerContext): GameState | null {
  return c.game === null ? null : fromRecord(c.game, c.settings.tracking);
}

/** A snapshot's sensor readings (src/shared/readings.ts), whatever its geometry. */
export function countsOf(s: BoardSnapshot): readonly (number | null)[] | null {
  return readingsOf(s.board);
}

/** The snapshot of an event when it is a settled reading, else null. */
export function settledSnapshot(e: ControllerMachineEvent | BoardEvent): BoardSnapshot | null {
  return e.type === "snapshot" && e.snapshot.settled ? e.snapshot : null;
}

function viewCounts(gs: GameState): number[] {
  return Array.from(gs.game.sensorView(gs.position).counts);
}

function decided(
  verdict: Verdict,
  counts: readonly (number | null)[],
  at: number,
): ControllerEvent {
  return {
    type: "decision",
    verdict: verdictText(verdict),
    counts: counts.map((c) => c ?? -1),
    at,
  };
}

// ------------------------------------------------------------------ starting a game

function startPosition(
  cmd: GameCommand,
  tracking: TrackingOptions,
): { ok: true; gs: GameState } | { ok: false; message: string } {
  const game = cmd.game;
  if (game === null) return { ok: false, message: `no game "${cmd.gameId}"` };
  // A resumed start stands as given (it may have no initial: Abalone's start "board", AB-9.3).
  const given = cmd.type === "resume" && cmd.start !== undefined;
  const initial = given ? game.parsePosition(cmd.start) : game.initial(cmd.options);
  if (!initial.ok) return { ok: false, message: initial.error.message };
  let start: Position = initial.value;
  if (cmd.type === "new-game" && cmd.first !== undefined && cmd.first !== start.toMove) {
    const flipped = positionWith(game, start, null, cmd.first);
    if (flipped === null)
      return { ok: false, message: `${cmd.first} cannot move first in ${game.id}` };
    start = flipped;
  }
  const moves = cmd.type === "resume" ? cmd.moves : [];
  const replay = replayMoves(game, start, moves, cmd.at);
  if (!replay.ok) return { ok: false, message: replay.message };
  return { ok: true, gs: beginGame(game, replay.position, replay.plies, tracking) };
}

/** new-game / resume: the position the board must be set up to, or the error. */
export function startGame(c: ControllerContext, cmd: GameCommand): Update {
  const r = startPosition(cmd, c.settings.tracking);
  const board = c.info?.geometry;
  const message = !r.ok
    ? r.message
    : board !== undefined && board !== r.gs.game.layout.geometry
      ? `this board is a ${board} board; ${r.gs.game.title} is played on ${r.gs.game.layout.geometry}`
      : null;
  if (message !== null || !r.ok) {
    const text = message ?? "";
    return { context: { error: text }, emit: [{ type: "error", message: text, at: cmd.at }] };
  }
  const target = viewCounts(r.gs);
  const pits = r.gs.turn.pits;
  const needs =
    c.counts === null
      ? pits.flatMap((pit, i) => (target[i] === 0 ? [] : [{ pit, need: target[i] as number }]))
      : restoreDiff(
          c.counts.map((n) => n ?? 0),
          target,
          pits,
        );
  return {
    context: {
      game: toRecord(r.gs),
      setupTarget: target,
      needs,
      mistake: null,
      penalty: null,
      takeback: null,
      error: null,
      guide: null,
      computer: null,
      hint: null,
      verdict: { phase: "setup", done: c.counts !== null && needs.length === 0 },
    },
    emit: [],
  };
}

/** A settled reading while setting up: what each pit still needs. */
export function checkSetup(c: ControllerContext, snap: BoardSnapshot): Update {
  const gs = liveGame(c);
  const counts = countsOf(snap);
  if (gs === null || c.setupTarget === null || counts === null) return NOTHING;
  const needs = restoreDiff(
    counts.map((n) => n ?? -1),
    c.setupTarget,
    gs.turn.pits,
  );
  return {
    context: { counts, needs, verdict: { phase: "setup", done: needs.length === 0 } },
    emit: [{ type: "setup", needs, at: snap.receivedAt }],
  };
}

export function beginPlay(c: ControllerContext): Update {
  const gs = liveGame(c);
  return {
    context: { needs: [], guide: gs === null ? null : guide(gs.turn), verdict: { phase: "none" } },
    emit: [],
  };
}

// ------------------------------------------------------------------ the turn

function faultUpdate(
  c: ControllerContext,
  fault: SensorFault,
  counts: readonly (number | null)[] | null,
  at: number,
): Update {
  const emit: ControllerEvent[] =
    c.fault?.message === fault.message
      ? []
      : [
          {
            type: "sensor-fault",
            kind: fault.kind,
            pits: fault.pits,
            message: fault.message,
            text: fault.text,
            at,
          },
        ];
  return {
    context: { verdict: { phase: "turn", decision: "sensor-fault" }, fault, counts },
    emit,
  };
}

/** A settled reading during a turn: the tracker's verdict, a move, a mistake or a fault. */
export function followReading(c: ControllerContext, snap: BoardSnapshot): Update {
  const gs = liveGame(c);
  if (gs === null) return NOTHING;
  const counts = countsOf(snap);
  const at = snap.receivedAt;
  const read = counts === null ? null : readCounts(counts, gs);
  if (read === null || !read.ok) {
    const message = `this board's ${snap.board.geometry} snapshots carry no stone counts`;
    // A board kete cannot play on at all: a developer's words, in English.
    const fault: SensorFault = read?.fault ?? {
      kind: "unreadable",
      pits: [],
      message,
      text: verbatim(message),
    };
    return faultUpdate(c, fault, counts, at);
  }
  const off = leftComputerMove(c, gs, read.reading, at);
  if (off !== null) {
    const verdict: Verdict = { phase: "turn", decision: "mistake" };
    return {
      context: {
        mistake: mistakeToRecord(gs.game, off.mistake),
        verdict,
        fault: null,
        counts,
        needs: restoreDiff(read.reading, off.mistake.target, gs.turn.pits),
      },
      emit: [decided(verdict, counts ?? [], at), off.event],
    };
  }
  const r = followTurn(gs, read.reading, at, turnSettings(c, gs));
  const verdict: Verdict = { phase: "turn", decision: r.decision };
  return {
    context: {
      game: toRecord(r.gs),
      mistake: r.mistake === null ? null : mistakeToRecord(gs.game, r.mistake),
      verdict,
      fault: null,
      counts,
      guide: guide(r.gs.turn),
      needs: r.mistake === null ? [] : restoreDiff(read.reading, r.mistake.target, gs.turn.pits),
    },
    emit: [decided(verdict, counts ?? [], at), ...r.events],
  };
}

/**
 * Kete's turn (computer.ts): a reading that leaves kete's move — another
 * start, another way, another move made — is "not kete's move", restored
 * with the same side to move; null when it stays on kete's move, or when no
 * legal move explains it (then the tracker names the mistake, as for anyone).
 */
function leftComputerMove(
  c: ControllerContext,
  gs: GameState,
  reading: Int16Array,
  at: number,
): ReturnType<typeof notComputerMove> | null {
  const planned = c.computer;
  const mover = gs.position.toMove;
  if (planned === null || !inForce(planned, gs)) {
    // Kete's turn before kete has chosen: whatever moves is not kete's move.
    if (c.computerSide !== mover || gs.outcome !== null) return null;
    const { tracker, verdict } = track(gs.turn, reading, at);
    if (verdict.kind === "same" || verdict.kind === "inconsistent") return null;
    return notComputerMove(gs, tracker, verdict, null, reading, at);
  }
  const steps = plannedSteps(gs.turn, planned.move);
  if (steps === null) return null;
  const { tracker, verdict } = track(gs.turn, reading, at);
  if (!leavesPlan(tracker, verdict, planned, steps)) return null;
  return notComputerMove(gs, tracker, verdict, planned, reading, at);
}

/**
 * The settings a turn is judged with: in kete's turns (computer.ts) a slip of
 * the hand that sows for kete is put right and kete's move sown again
 * (`retry`), whatever `--on-mistake` says: kete must not lose its turn, or
 * pay a penalty, for a slip of the person moving its stones.
 */
function turnSettings(c: ControllerContext, gs: GameState): ControllerContext["settings"] {
  return c.computerSide === gs.position.toMove || inForce(c.computer, gs)
    ? { ...c.settings, onMistake: "retry" }
    : c.settings;
}

/** `computer-move` / `hint`: kept when for the position standing now and legal there, else ignored. */
export function planMove(
  c: ControllerContext,
  cmd: PlannedMove & { readonly type: "computer-move" | "hint" },
): Update {
  const planned = plannedFor(c, liveGame(c), cmd);
  if (planned === null) return NOTHING;
  return { context: cmd.type === "hint" ? { hint: planned } : { computer: planned }, emit: [] };
}

/** A button press (or `confirm`) ends a turn whose end was ambiguous. */
export function confirmTurnEnd(c: ControllerContext, at: number): Update {
  const gs = liveGame(c);
  if (gs === null) return NOTHING;
  if (confirmEnd(gs.turn) === null) {
    const r = confirmMisplay(gs, at, turnSettings(c, gs));
    if (r === null) return { context: { verdict: { phase: "turn", decision: "same" } }, emit: [] };
    const reading = gs.turn.reading;
    const verdict: Verdict = { phase: "turn", decision: r.decision };
    return {
      context: {
        game: toRecord(r.gs),
        mistake: r.mistake === null ? null : mistakeToRecord(gs.game, r.mistake),
        verdict,
        guide: guide(r.gs.turn),
        needs: r.mistake === null ? [] : restoreDiff(reading, r.mistake.target, gs.turn.pits),
      },
      emit: [decided(verdict, Array.from(reading), at), ...r.events],
    };
  }
  const counts = Array.from(gs.turn.reading);
  // Feeding the end board again after the quiet time accepts the move.
  const late = { ...gs.turn, pendingSince: Number.NEGATIVE_INFINITY };
  const r = followTurn({ ...gs, turn: late }, gs.turn.reading, at, turnSettings(c, gs));
  const verdict: Verdict = { phase: "turn", decision: r.decision };
  return {
    context: { game: toRecord(r.gs), verdict, guide: guide(r.gs.turn), counts },
    emit: [decided(verdict, counts, at), ...r.events],
  };
}

// ------------------------------------------------------------------ mistakes, penalties, takebacks

/** A settled reading while the board is restored after a mistake. */
export function followRestoring(c: ControllerContext, snap: BoardSnapshot): Update {
  const gs = liveGame(c);
  const counts = countsOf(snap);
  if (gs === null || c.mistake === null || counts === null) return NOTHING;
  const ms = mistakeFromRecord(c.mistake, gs, c.settings.tracking);
  const read = readCounts(counts, gs);
  if (!read.ok) {
    return {
      context: { fault: read.fault, verdict: { phase: "restore", decision: "waiting" } },
      emit: [],
    };
  }
  const r = followRestore(gs, ms, read.reading, snap.receivedAt, c.settings);
  const done = r.decision !== "waiting";
  const verdict: Verdict = { phase: "restore", decision: r.decision };
  const target = done ? (r.penalty?.start ?? null) : ms.target;
  return {
    context: {
      game: toRecord(r.gs),
      verdict,
      penalty: r.penalty === null ? null : penaltyToRecord(gs.game, r.penalty),
      mistake: done ? null : c.mistake,
      counts,
      fault: null,
      guide: guide(r.gs.turn),
      needs: target === null ? [] : restoreDiff(read.reading, target, gs.turn.pits),
    },
    emit: [decided(verdict, counts, snap.receivedAt), ...r.events],
  };
}

/** A settled reading while the erring player hands over five stones (HB-9). */
export function followHandover(c: ControllerContext, snap: BoardSnapshot): Update {
  const gs = liveGame(c);
  const counts = countsOf(snap);
  if (gs === null || c.penalty === null || counts === null) return NOTHING;
  const p = penaltyFromRecord(c.penalty, gs);
  const read = readCounts(counts, gs);
  if (!read.ok) return NOTHING;
  const r = followPenalty(gs, p, read.reading, snap.receivedAt, c.settings);
  const done = r.decision === "done" || r.decision === "game-over";
  const verdict: Verdict = { phase: "penalty", decision: r.decision };
  return {
    context: {
      game: toRecord(r.gs),
      penalty: done ? null : penaltyToRecord(gs.game, r.penalty),
      verdict,
      counts,
      guide: guide(r.gs.turn),
      needs: r.decision === "wrong" ? restoreDiff(read.reading, p.start, gs.turn.pits) : [],
    },
    emit: [decided(verdict, counts, snap.receivedAt), ...r.events],
  };
}

/** A takeback asked for: the board of the position before the last ply to restore. */
export function beginTakeback(c: ControllerContext): Update {
  const gs = liveGame(c);
  if (gs === null || gs.plies.length === 0) return NOTHING;
  const index = gs.plies.length - 1;
  const target = earlierBoards(gs)[index] as number[];
  const reading = c.counts?.map((n) => n ?? -1) ?? viewCounts(gs);
  return {
    context: {
      takeback: { index, target },
      mistake: null,
      penalty: null,
      verdict: { phase: "takeback", done: false },
      needs: restoreDiff(reading, target, gs.turn.pits),
    },
    emit: [],
  };
}

/** A settled reading while taking back: done once the board shows the earlier position. */
export function followTakeback(c: ControllerContext, snap: BoardSnapshot): Update {
  const gs = liveGame(c);
  const tb = c.takeback;
  const counts = countsOf(snap);
  if (gs === null || tb === null || counts === null) return NOTHING;
  const reading = counts.map((n) => n ?? -1);
  if (!sameCounts(reading, tb.target)) {
    return {
      context: {
        counts,
        verdict: { phase: "takeback", done: false },
        needs: restoreDiff(reading, tb.target, gs.turn.pits),
      },
      emit: [],
    };
  }
  const back = takeBackTo(gs, tb.index, c.settings.tracking);
  return {
    context: {
      game: toRecord(back),
      takeback: null,
      counts,
      verdict: { phase: "takeback", done: true },
      needs: [],
      guide: guide(back.turn),
    },
    emit: [{ type: "takeback", toPly: tb.index, at: snap.receivedAt }],
  };
}

/** A board's own report that a pit's sensor failed: lit and announced once. */
export function noteBoardError(
  c: ControllerContext,
  e: Extract<ControllerMachineEvent, { type: "board-error" }>,
): Update {
  if (e.code !== "sensor-fault" || e.pit === null || c.faultyPits.includes(e.pit)) return NOTHING;
  return {
    context: { faultyPits: [...c.faultyPits, e.pit].sort() },
    emit: [
      { type: "sensor-fault", kind: "board-error", pits: [e.pit], message: e.message, at: e.at },
    ],
  };
}

/**
 * A settled reading that reads a pit the board had reported faulty clears
 * that pit's fault: the sensor works again (a loose cable pushed back, a
 * board reset), so its light goes off. A pit still unread (null) stays faulty.
 */
export function clearReadPits(c: ControllerContext, snap: BoardSnapshot): Update {
  if (c.faultyPits.length === 0) return NOTHING;
  const counts = countsOf(snap);
  if (counts === null) return NOTHING;
  const gs = liveGame(c);
  const pits: readonly string[] =
    gs?.turn.pits ?? (c.info === null ? [] : readingNames(c.info.geometry));
  // A place reads again when every reading of it does (a count, its gems, its colours).
  const read = new Set<string>();
  const unread = new Set<string>();
  for (let i = 0; i < counts.length; i++) {
    const name = pits[i];
    if (name !== undefined) (counts[i] === null ? unread : read).add(placeOfReading(name));
  }
  const still = c.faultyPits.filter((p) => unread.has(p) || !read.has(p));
  return still.length === c.faultyPits.length
    ? NOTHING
    : { context: { faultyPits: still }, emit: [] };
}

/** Whether a settled snapshot shows what the board read before the link was lost. */
export function boardAsBefore(c: ControllerContext, snap: BoardSnapshot | null): boolean {
  if (snap === null || c.counts === null) return false;
  const counts = countsOf(snap);
  return (
    counts !== null &&
    sameCounts(
      counts.map((n) => n ?? -1),
      c.counts.map((n) => n ?? -1),
    )
  );
}

/**
 * A reading after a lost link that play simply goes on from, judged where play
 * stood: in setup any reading (setting up only compares), in a turn one the
 * tracker follows as part of the move, its end or a whole move (the player
 * sowed on while the board was away: a cable pulled, the board reset). Never
 * one the game would call a mistake, a sensor fault or a takeback on: what the
 * board shows after a glitch must not cost a player the game, so that waits
 * for a player's word.
 */
export function followsOn(c: ControllerContext, snap: BoardSnapshot | null): boolean {
  if (snap === null) return false;
  if (c.lostIn === "setup") return true;
  if (c.lostIn !== "turn") return false;
  const v = followReading(c, snap).context.verdict;
  return v?.phase === "turn" && GOES_ON.has(v.decision);
}

const GOES_ON: ReadonlySet<TurnDecision> = new Set<TurnDecision>([
  "same",
  "progress",
  "waiting",
  "pending",
  "moved",
  "game-over",
]);
