/**
 * The live game controller as an xstate v5 machine. It reads like the rules:
 *
 * ```
 * connecting ──hello──▶ session
 * session
 *   idle ──new-game / resume──▶ setup
 *   setup            board checked against the position; LEDs show wrong pits
 *     ──board matches──▶ play
 *   play
 *     turn           awaitingStart → sowing (direction open until the first stone)
 *                    → capturing → relay … → ending (an end that may go on)
 *                    → (move accepted) awaitingStart of the other player
 *     mistake        restoring: every differing pit lit with what it needs,
 *                    then the policy (retry, forfeit, truncate, penalty5);
 *                    back into the turn at the phase the tracker stands in
 *                    (mid-move when the mover's turn goes on)
 *     penalty        five stones cross over (penalty5)
 *     takingBack     the board restored to the position before the last move
 *   over             the result; new-game or takeback from here
 *   hist             (deep history: where a lost link comes back to)
 * resynchronising    link lost from any session state; the game is kept in
 *                    context; back to session.hist when the board reads what
 *                    it read before, or when a player presses a button
 * ```
 *
 * Every decision is computed by the pure modules (`referee.ts`,
 * `tracking.ts`, `mistakes.ts`, `restore.ts`); the machine's named actions
 * store the result and emit the controller events, and its named guards route
 * on it. Only settled snapshots are acted on.
 */
import { assign, enqueueActions, setup } from "xstate";
import type { BoardEvent, BoardSnapshot } from "../board/index.js";
import { findGame } from "../games/index.js";
import type { Game, Position, Side } from "../games/index.js";
import type { InfoMessage } from "../protocol/index.js";
import type { ControllerEvent } from "./events.js";
import type { SensorFault } from "./mistakes.js";
import {
  DEFAULT_SETTINGS,
  beginGame,
  earlierBoards,
  followPenalty,
  followRestore,
  followTurn,
  readCounts,
  replayMoves,
  takeBackTo,
  type GameState,
  type MistakeState,
  type PenaltyState,
  type Settings,
} from "./referee.js";
import { positionWith, restoreDiff, type PitNeed, type Policy } from "./restore.js";
import { confirmEnd, guide, sameCounts, type TurnGuide } from "./tracking.js";

export type ControllerCommand =
  | {
      readonly type: "new-game";
      readonly game: string;
      readonly options?: Readonly<Record<string, unknown>>;
      /** Who moves first (HB-2); default the initial position's. */
      readonly first?: Side;
    }
  | {
      readonly type: "resume";
      readonly game: string;
      readonly options?: Readonly<Record<string, unknown>>;
      /** The starting position's JSON; default the game's initial position. */
      readonly start?: unknown;
      readonly moves: readonly string[];
    }
  | { readonly type: "guidance"; readonly on: boolean }
  | { readonly type: "policy"; readonly policy: Policy | null }
  | { readonly type: "takeback" }
  | { readonly type: "confirm" };

export type ControllerMachineEvent = BoardEvent | ControllerCommand;

/**
 * What consumers ask of the machine's state (`snapshot.hasTag`), instead of
 * reading its state path: the phase of the game, and within a turn whether it
 * has begun, is under way, or waits out a sensor fault.
 */
export type ControllerTag =
  | "connecting"
  | "idle"
  | "setup"
  | "turn"
  | "awaitingStart"
  | "moving"
  | "sensorFault"
  | "mistake"
  | "penalty"
  | "takingBack"
  | "over"
  | "linkLost";

export interface ControllerContext {
  readonly settings: Settings;
  /** Injected clock: the time of commands (readings carry their own). */
  readonly clock: () => number;
  readonly games: readonly Game[];
  readonly info: InfoMessage | null;
  readonly gs: GameState | null;
  /** Setting up: the board to reach, and what each pit still needs. */
  readonly setupTarget: readonly number[] | null;
  readonly needs: readonly PitNeed[];
  readonly mistake: MistakeState | null;
  readonly penalty: PenaltyState | null;
  readonly takeback: { readonly index: number; readonly target: readonly number[] } | null;
  /** The last decision, for the guards to route on. */
  readonly decision: string;
  readonly guide: TurnGuide | null;
  readonly fault: SensorFault | null;
  /** Pits the board reported faulty (board-error sensor-fault). */
  readonly faultyPits: readonly string[];
  /** The last settled reading's counts. */
  readonly counts: readonly (number | null)[] | null;
  /** The last settled snapshot seen while resynchronising. */
  readonly resyncSnapshot: BoardSnapshot | null;
  readonly error: string | null;
}

export interface ControllerInput {
  readonly clock?: () => number;
  /** Games to look up by id before the registry (tests, games not yet registered). */
  readonly games?: readonly Game[];
  readonly settings?: Partial<Settings>;
}

function countsOf(s: BoardSnapshot): readonly (number | null)[] | null {
  return s.board.geometry === "4x8" ? s.board.counts : null;
}

function settledSnapshot(e: ControllerMachineEvent): BoardSnapshot | null {
  return e.type === "snapshot" && e.snapshot.settled ? e.snapshot : null;
}

function viewCounts(gs: GameState): number[] {
  return Array.from(gs.game.sensorView(gs.position).counts);
}

function decisionEvent(
  verdict: string,
  counts: readonly (number | null)[],
  at: number,
): ControllerEvent {
  return { type: "decision", verdict, counts: counts.map((c) => c ?? -1), at };
}

/** Starts a game: the position to set up, or an error message. */
function prepareGame(
  cmd: Extract<ControllerCommand, { type: "new-game" | "resume" }>,
  settings: Settings,
  games: readonly Game[],
  at: number,
): { ok: true; gs: GameState } | { ok: false; message: string } {
  const game: Game | undefined = games.find((g) => g.id === cmd.game) ?? findGame(cmd.game);
  if (game === undefined) return { ok: false, message: `no game "${cmd.game}"` };
  const initial = game.initial(cmd.options);
  if (!initial.ok) return { ok: false, message: initial.error.message };
  let start: Position = initial.value;
  if (cmd.type === "new-game" && cmd.first !== undefined && cmd.first !== start.toMove) {
    const view = game.sensorView(start);
    const flipped = positionWith(game, start, view.pits, null, cmd.first);
    if (flipped === null)
      return { ok: false, message: `${cmd.first} cannot move first in ${game.id}` };
    start = flipped;
  }
  if (cmd.type === "resume" && cmd.start !== undefined) {
    const parsed = game.parsePosition(cmd.start);
    if (!parsed.ok) return { ok: false, message: parsed.error.message };
    start = parsed.value;
  }
  const moves = cmd.type === "resume" ? cmd.moves : [];
  const replay = replayMoves(game, start, moves, at);
  if (!replay.ok) return { ok: false, message: replay.message };
  return { ok: true, gs: beginGame(game, replay.position, replay.plies, settings.tracking) };
}

export const controllerMachine = setup({
  types: {
    context: {} as ControllerContext,
    events: {} as ControllerMachineEvent,
    input: {} as ControllerInput,
    emitted: {} as ControllerEvent,
    tags: {} as ControllerTag,
  },
  actions: {
    storeInfo: assign(({ event }) => (event.type === "hello" ? { info: event.info } : {})),
    setGuidance: assign(({ context, event }) =>
      event.type === "guidance" ? { settings: { ...context.settings, guidance: event.on } } : {},
    ),
    setPolicy: assign(({ context, event }) =>
      event.type === "policy" ? { settings: { ...context.settings, onMistake: event.policy } } : {},
    ),
    noteBoardError: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "board-error" || event.code !== "sensor-fault" || event.pit === null)
        return;
      if (context.faultyPits.includes(event.pit)) return;
      enqueue.assign({ faultyPits: [...context.faultyPits, event.pit].sort() });
      enqueue.emit({
        type: "sensor-fault",
        kind: "board-error",
        pits: [event.pit],
        message: event.message,
        at: context.clock(),
      });
    }),
    /** new-game / resume: the position the board must be set up to. */
    startGame: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "new-game" && event.type !== "resume") return;
      const at = context.clock();
      const r = prepareGame(event, context.settings, context.games, at);
      if (!r.ok) {
        enqueue.assign({ error: r.message });
        enqueue.emit({ type: "error", message: r.message, at });
        return;
      }
      const target = viewCounts(r.gs);
      const pits = r.gs.turn.pits;
      const needs =
        context.counts === null
          ? []
          : restoreDiff(
              context.counts.map((c) => c ?? 0),
              target,
              pits,
            );
      enqueue.assign({
        gs: r.gs,
        setupTarget: target,
        needs:
          context.counts === null
            ? pits.map((pit, i) => ({ pit, need: target[i] as number }))
            : needs,
        mistake: null,
        penalty: null,
        takeback: null,
        error: null,
        guide: null,
        decision: context.counts !== null && needs.length === 0 ? "set-up" : "setting-up",
      });
    }),
    checkSetup: enqueueActions(({ context, event, enqueue }) => {
      const snap = settledSnapshot(event);
      const gs = context.gs;
      if (snap === null || gs === null || context.setupTarget === null) return;
      const counts = countsOf(snap);
      if (counts === null) return;
      const needs = restoreDiff(
        counts.map((c) => c ?? -1),
        context.setupTarget,
        gs.turn.pits,
      );
      enqueue.assign({ counts, needs, decision: needs.length === 0 ? "set-up" : "setting-up" });
      enqueue.emit({ type: "setup", needs, at: snap.receivedAt });
    }),
    beginPlay: assign(({ context }) => ({
      needs: [],
      guide: context.gs === null ? null : guide(context.gs.turn),
      decision: "play",
    })),
    /** A settled reading during a turn: the tracker's verdict, a move, a mistake or a fault. */
    followReading: enqueueActions(({ context, event, enqueue }) => {
      const snap = settledSnapshot(event);
      const gs = context.gs;
      if (snap === null || gs === null) return;
      const counts = countsOf(snap);
      const at = snap.receivedAt;
      const read = counts === null ? null : readCounts(counts, gs);
      if (read === null || !read.ok) {
        const fault: SensorFault = read?.fault ?? {
          kind: "unreadable",
          pits: [],
          message: `this board's ${snap.board.geometry} snapshots carry no stone counts`,
        };
        enqueue.assign({ decision: "sensor-fault", fault, counts });
        if (context.fault?.message !== fault.message) {
          enqueue.emit({
            type: "sensor-fault",
            kind: fault.kind,
            pits: fault.pits,
            message: fault.message,
            at,
          });
        }
        return;
      }
      const r = followTurn(gs, read.reading, at, context.settings);
      enqueue.assign({
        gs: r.gs,
        mistake: r.mistake,
        decision: r.decision,
        fault: null,
        counts,
        guide: guide(r.gs.turn),
        needs: r.mistake === null ? [] : restoreDiff(read.reading, r.mistake.target, gs.turn.pits),
      });
      enqueue.emit(decisionEvent(r.decision, counts ?? [], at));
      for (const e of r.events) enqueue.emit(e);
    }),
    /** A button press ends a turn whose end was ambiguous. */
    confirmTurnEnd: enqueueActions(({ context, event, enqueue }) => {
      const gs = context.gs;
      if (gs === null) return;
      if (event.type === "button" && event.action !== "press") return;
      const move = confirmEnd(gs.turn);
      if (move === null) {
        enqueue.assign({ decision: "same" });
        return;
      }
      const counts = Array.from(gs.turn.reading);
      const at = context.clock();
      // Feeding the end board again after the quiet time accepts the move.
      const late = { ...gs.turn, pendingSince: Number.NEGATIVE_INFINITY };
      const r = followTurn({ ...gs, turn: late }, gs.turn.reading, at, context.settings);
      enqueue.assign({ gs: r.gs, decision: r.decision, guide: guide(r.gs.turn), counts });
      enqueue.emit(decisionEvent(r.decision, counts, at));
      for (const e of r.events) enqueue.emit(e);
    }),
    followRestore: enqueueActions(({ context, event, enqueue }) => {
      const snap = settledSnapshot(event);
      const gs = context.gs;
      const ms = context.mistake;
      if (snap === null || gs === null || ms === null) return;
      const counts = countsOf(snap);
      if (counts === null) return;
      const read = readCounts(counts, gs);
      if (!read.ok) {
        enqueue.assign({ fault: read.fault, decision: "waiting" });
        return;
      }
      const r = followRestore(gs, ms, read.reading, snap.receivedAt, context.settings);
      const done = r.decision !== "waiting";
      enqueue.assign({
        gs: r.gs,
        decision: r.decision,
        penalty: r.penalty,
        mistake: done ? null : ms,
        counts,
        fault: null,
        guide: guide(r.gs.turn),
        needs: done
          ? r.penalty === null
            ? []
            : restoreDiff(read.reading, r.penalty.start, gs.turn.pits)
          : restoreDiff(read.reading, ms.target, gs.turn.pits),
      });
      enqueue.emit(decisionEvent(`restore:${r.decision}`, counts, snap.receivedAt));
      for (const e of r.events) enqueue.emit(e);
    }),
    followPenalty: enqueueActions(({ context, event, enqueue }) => {
      const snap = settledSnapshot(event);
      const gs = context.gs;
      const p = context.penalty;
      if (snap === null || gs === null || p === null) return;
      const counts = countsOf(snap);
      if (counts === null) return;
      const read = readCounts(counts, gs);
      if (!read.ok) return;
      const r = followPenalty(gs, p, read.reading, snap.receivedAt, context.settings);
      const done = r.decision === "done" || r.decision === "game-over";
      enqueue.assign({
        gs: r.gs,
        penalty: done ? null : r.penalty,
        decision: `penalty:${r.decision}`,
        counts,
        guide: guide(r.gs.turn),
        needs: r.decision === "wrong" ? restoreDiff(read.reading, p.start, gs.turn.pits) : [],
      });
      enqueue.emit(decisionEvent(`penalty:${r.decision}`, counts, snap.receivedAt));
      for (const e of r.events) enqueue.emit(e);
    }),
    beginTakeback: enqueueActions(({ context, enqueue }) => {
      const gs = context.gs;
      if (gs === null || gs.plies.length === 0) return;
      const index = gs.plies.length - 1;
      const target = earlierBoards(gs)[index] as number[];
      const reading = context.counts?.map((c) => c ?? -1) ?? viewCounts(gs);
      enqueue.assign({
        takeback: { index, target },
        mistake: null,
        penalty: null,
        decision: "taking-back",
        needs: restoreDiff(reading, target, gs.turn.pits),
      });
    }),
    followTakeback: enqueueActions(({ context, event, enqueue }) => {
      const snap = settledSnapshot(event);
      const gs = context.gs;
      const tb = context.takeback;
      if (snap === null || gs === null || tb === null) return;
      const counts = countsOf(snap);
      if (counts === null) return;
      const reading = counts.map((c) => c ?? -1);
      if (!sameCounts(reading, tb.target)) {
        enqueue.assign({
          counts,
          decision: "taking-back",
          needs: restoreDiff(reading, tb.target, gs.turn.pits),
        });
        return;
      }
      const back = takeBackTo(gs, tb.index, context.settings.tracking);
      enqueue.assign({
        gs: back,
        takeback: null,
        counts,
        decision: "taken-back",
        needs: [],
        guide: guide(back.turn),
      });
      enqueue.emit({ type: "takeback", toPly: tb.index, at: snap.receivedAt });
    }),
    keepResyncSnapshot: assign(({ event }) => {
      const snap = settledSnapshot(event);
      return snap === null ? {} : { resyncSnapshot: snap };
    }),
    clearResync: assign({ resyncSnapshot: null }),
  },
  guards: {
    settledReading: ({ event }) => settledSnapshot(event) !== null,
    buttonPressed: ({ event }) =>
      event.type === "confirm" || (event.type === "button" && event.action === "press"),
    linkDown: ({ event }) =>
      event.type === "link" && (event.state === "lost" || event.state === "closed"),
    noGame: ({ context }) => context.gs === null || context.error !== null,
    boardSetUp: ({ context }) => context.decision === "set-up",
    gameOver: ({ context }) => context.gs !== null && context.gs.outcome !== null,
    mistakeFound: ({ context }) => context.decision === "mistake",
    sensorFaultSeen: ({ context }) => context.decision === "sensor-fault",
    turnEndAmbiguous: ({ context }) => context.decision === "pending",
    atTurnStart: ({ context }) => context.guide === null || context.guide.atStart,
    capturing: ({ context }) => context.guide !== null && context.guide.capturing,
    relaying: ({ context }) => context.guide !== null && context.guide.stage >= 2,
    restored: ({ context }) => context.decision === "restored" || context.decision === "takeback",
    penaltyDue: ({ context }) => context.decision === "penalty",
    penaltyDone: ({ context }) => context.decision === "penalty:done",
    takenBack: ({ context }) => context.decision === "taken-back",
    hasPlies: ({ context }) => context.gs !== null && context.gs.plies.length > 0,
    boardAsBefore: ({ context, event }) => {
      const snap = settledSnapshot(event);
      if (snap === null || context.counts === null) return false;
      const counts = countsOf(snap);
      return (
        counts !== null &&
        sameCounts(
          counts.map((c) => c ?? -1),
          context.counts.map((c) => c ?? -1),
        )
      );
    },
  },
}).createMachine({
  id: "kete",
  context: ({ input }) => ({
    settings: { ...DEFAULT_SETTINGS, ...input.settings },
    clock: input.clock ?? (() => 0),
    games: input.games ?? [],
    info: null,
    gs: null,
    setupTarget: null,
    needs: [],
    mistake: null,
    penalty: null,
    takeback: null,
    decision: "none",
    guide: null,
    fault: null,
    faultyPits: [],
    counts: null,
    resyncSnapshot: null,
    error: null,
  }),
  initial: "connecting",
  on: {
    guidance: { actions: "setGuidance" },
    policy: { actions: "setPolicy" },
  },
  states: {
    connecting: {
      tags: ["connecting"],
      on: { hello: { target: "session", actions: "storeInfo" } },
    },
    session: {
      initial: "idle",
      on: {
        link: { guard: "linkDown", target: "resynchronising" },
        "board-error": { actions: "noteBoardError" },
        "new-game": { target: ".setup", actions: "startGame" },
        resume: { target: ".setup", actions: "startGame" },
      },
      states: {
        idle: { tags: ["idle"] },
        setup: {
          tags: ["setup"],
          always: [
            { guard: "boardSetUp", target: "play", actions: "beginPlay" },
            { guard: "noGame", target: "idle" },
          ],
          on: {
            snapshot: { guard: "settledReading", actions: "checkSetup" },
          },
        },
        play: {
          initial: "turn",
          on: { takeback: { guard: "hasPlies", target: ".takingBack", actions: "beginTakeback" } },
          states: {
            turn: {
              tags: ["turn"],
              initial: "awaitingStart",
              on: {
                snapshot: { guard: "settledReading", target: ".judging", actions: "followReading" },
                button: { guard: "buttonPressed", target: ".judging", actions: "confirmTurnEnd" },
                confirm: { target: ".judging", actions: "confirmTurnEnd" },
              },
              states: {
                judging: {
                  always: [
                    { guard: "gameOver", target: "#kete.session.over" },
                    { guard: "mistakeFound", target: "#kete.session.play.mistake" },
                    { guard: "sensorFaultSeen", target: "sensorFault" },
                    { guard: "turnEndAmbiguous", target: "ending" },
                    { guard: "atTurnStart", target: "awaitingStart" },
                    { guard: "capturing", target: "capturing" },
                    { guard: "relaying", target: "relay" },
                    { target: "sowing" },
                  ],
                },
                awaitingStart: {
                  tags: ["awaitingStart"],
                  always: { guard: "gameOver", target: "#kete.session.over" },
                },
                sowing: { tags: ["moving"] },
                capturing: { tags: ["moving"] },
                relay: { tags: ["moving"] },
                ending: { tags: ["moving"] },
                sensorFault: { tags: ["sensorFault"] },
              },
            },
            mistake: {
              tags: ["mistake"],
              initial: "restoring",
              states: {
                restoring: {
                  on: {
                    snapshot: {
                      guard: "settledReading",
                      target: "judging",
                      actions: "followRestore",
                    },
                  },
                },
                judging: {
                  always: [
                    { guard: "gameOver", target: "#kete.session.over" },
                    { guard: "penaltyDue", target: "#kete.session.play.penalty" },
                    { guard: "restored", target: "#kete.session.play.turn.judging" },
                    { target: "restoring" },
                  ],
                },
              },
            },
            penalty: {
              tags: ["penalty"],
              initial: "handingOver",
              states: {
                handingOver: {
                  on: {
                    snapshot: {
                      guard: "settledReading",
                      target: "judging",
                      actions: "followPenalty",
                    },
                  },
                },
                judging: {
                  always: [
                    { guard: "gameOver", target: "#kete.session.over" },
                    { guard: "penaltyDone", target: "#kete.session.play.turn.judging" },
                    { target: "handingOver" },
                  ],
                },
              },
            },
            takingBack: {
              tags: ["takingBack"],
              initial: "restoring",
              states: {
                restoring: {
                  on: {
                    snapshot: {
                      guard: "settledReading",
                      target: "judging",
                      actions: "followTakeback",
                    },
                  },
                },
                judging: {
                  always: [
                    { guard: "takenBack", target: "#kete.session.play.turn.judging" },
                    { target: "restoring" },
                  ],
                },
              },
            },
          },
        },
        over: {
          tags: ["over"],
          on: {
            takeback: { guard: "hasPlies", target: "play.takingBack", actions: "beginTakeback" },
          },
        },
        hist: { type: "history", history: "deep" },
      },
    },
    resynchronising: {
      tags: ["linkLost"],
      on: {
        hello: { actions: "storeInfo" },
        snapshot: [
          { guard: "boardAsBefore", target: "#kete.session.hist", actions: "clearResync" },
          { actions: "keepResyncSnapshot" },
        ],
        button: {
          guard: "buttonPressed",
          target: "#kete.session.hist",
          actions: enqueueActions(({ context, enqueue }) => {
            const snap = context.resyncSnapshot;
            enqueue.assign({ resyncSnapshot: null });
            if (snap !== null) enqueue.raise({ type: "snapshot", snapshot: snap });
          }),
        },
        confirm: {
          target: "#kete.session.hist",
          actions: enqueueActions(({ context, enqueue }) => {
            const snap = context.resyncSnapshot;
            enqueue.assign({ resyncSnapshot: null });
            if (snap !== null) enqueue.raise({ type: "snapshot", snapshot: snap });
          }),
        },
      },
    },
  },
});

export type ControllerMachine = typeof controllerMachine;
