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
 *     turn           awaitingStart → underWay (a move begun; on a sowing board
 *                    the direction open until the first stone) → taking (a
 *                    capture under way) → laterStage (another stage of the
 *                    same move: a relay's next handful) … → ending (an end
 *                    that may go on); the names are no game's: each game's
 *                    moves come as steps (lift, sow, capture, place)
 *                    → (move accepted) awaitingStart of the other player
 *     mistake        restoring: every differing pit lit with what it needs,
 *                    then the policy (retry, forfeit, truncate, penalty5);
 *                    back into the turn at the phase the tracker stands in
 *                    (mid-move when the mover's turn goes on)
 *     penalty        five stones cross over (penalty5)
 *     takingBack     the board restored to the position before the last move
 *   over             the result; new-game or takeback from here (no takeback
 *                    after a fallen flag)
 *   (play ──flag──▶ over: a player's clock ran out, the other side wins)
 *   hist             (deep history: where a lost link comes back to)
 * resynchronising    link lost from any session state; the game is kept in
 *                    context; back to session.hist when the board reads what
 *                    it read before, when (lost in setup or a turn) it reads
 *                    what play goes on from, or when a player presses a button
 * ```
 *
 * Every decision is computed by pure functions (`judgements.ts`, over the
 * referee, tracker and classifier); the machine's named actions apply their
 * result and emit the controller events, and its named, typed guards route on
 * the typed `verdict` they leave. Only settled snapshots are acted on.
 * Consumers read the phase from state tags (`ControllerTag`), never from state
 * names. The context is plain data (context.ts): a snapshot can be persisted.
 */
import { assertEvent, enqueueActions, setup } from "xstate";
import type {
  ControllerContext,
  ControllerInput,
  ControllerMachineEvent,
  LostIn,
} from "./context.js";
import type { ControllerEvent } from "./events.js";
import {
  beginPlay,
  beginTakeback,
  boardAsBefore,
  checkSetup,
  clearReadPits,
  confirmTurnEnd,
  followHandover,
  followsOn,
  followReading,
  planMove,
  followRestoring,
  followTakeback,
  noteBoardError,
  settledSnapshot,
  startGame,
  type Update,
} from "./judgements.js";
import { flagFall } from "./flag.js";
import type { PenaltyDecision, RestoreDecision, TurnDecision } from "./referee.js";
import { DEFAULT_SETTINGS } from "./referee.js";

export type {
  ControllerCommand,
  ControllerContext,
  ControllerInput,
  ControllerMachineEvent,
} from "./context.js";

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

/** The part of xstate's enqueuer that applying an `Update` uses. */
interface Enqueue {
  assign(changes: Partial<ControllerContext>): void;
  emit(event: ControllerEvent): void;
}

function apply(enqueue: Enqueue, u: Update): void {
  if (Object.keys(u.context).length > 0) enqueue.assign(u.context);
  for (const e of u.emit) enqueue.emit(e);
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
    storeInfo: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "hello");
      enqueue.assign({ info: event.info });
    }),
    setGuidance: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "guidance");
      enqueue.assign({ settings: { ...context.settings, guidance: event.on } });
    }),
    setPolicy: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "policy");
      enqueue.assign({ settings: { ...context.settings, onMistake: event.policy } });
    }),
    noteBoardError: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "board-error");
      apply(enqueue, noteBoardError(context, event));
    }),
    /** A settled reading that reads a pit reported faulty: that pit's fault is over. */
    clearReadPits: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "snapshot");
      if (event.snapshot.settled) apply(enqueue, clearReadPits(context, event.snapshot));
    }),
    /** new-game / resume: the position the board must be set up to. */
    startGame: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ["new-game", "resume"]);
      enqueue.assign({ flagged: null });
      apply(enqueue, startGame(context, event));
    }),
    /** A player's flag fell: the other side wins (flag.ts). */
    flagFall: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "flag");
      apply(enqueue, flagFall(context, event.side, event.at));
    }),
    setComputerSide: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "computer-side");
      enqueue.assign({ computerSide: event.side });
    }),
    /** Kete's move for its side, or a hint (computer.ts): plain data, in force at its ply. */
    planMove: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ["computer-move", "hint"]);
      apply(enqueue, planMove(context, event));
    }),
    checkSetup: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "snapshot");
      apply(enqueue, checkSetup(context, event.snapshot));
    }),
    beginPlay: enqueueActions(({ context, enqueue }) => apply(enqueue, beginPlay(context))),
    /** A settled reading during a turn: the tracker's verdict, a move, a mistake or a fault. */
    followReading: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "snapshot");
      apply(enqueue, followReading(context, event.snapshot));
    }),
    /** A button press ends a turn whose end was ambiguous. */
    confirmTurnEnd: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, ["button", "confirm"]);
      apply(enqueue, confirmTurnEnd(context, event.at));
    }),
    followRestore: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "snapshot");
      apply(enqueue, followRestoring(context, event.snapshot));
    }),
    followPenalty: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "snapshot");
      apply(enqueue, followHandover(context, event.snapshot));
    }),
    beginTakeback: enqueueActions(({ context, enqueue }) => apply(enqueue, beginTakeback(context))),
    followTakeback: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, "snapshot");
      apply(enqueue, followTakeback(context, event.snapshot));
    }),
    keepResyncSnapshot: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "snapshot");
      if (event.snapshot.settled) enqueue.assign({ resyncSnapshot: event.snapshot });
    }),
    clearResync: enqueueActions(({ enqueue }) =>
      enqueue.assign({ resyncSnapshot: null, lostIn: null }),
    ),
    /** The link went down: remember the phase it interrupted. */
    noteLinkLost: enqueueActions(({ enqueue }, params: { readonly in: LostIn }) =>
      enqueue.assign({ lostIn: params.in }),
    ),
    /** Back from a lost link on a reading play goes on from: judge it where play stood. */
    replaySnapshot: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, "snapshot");
      enqueue.assign({ resyncSnapshot: null, lostIn: null });
      enqueue.raise(event);
    }),
    /** Back from a lost link by a player's word: judge the last reading seen meanwhile. */
    replayResyncSnapshot: enqueueActions(({ context, event, enqueue }) => {
      const snap = context.resyncSnapshot;
      enqueue.assign({ resyncSnapshot: null, lostIn: null });
      if (snap !== null) enqueue.raise({ type: "snapshot", snapshot: snap, at: event.at });
    }),
  },
  guards: {
    settledReading: ({ event }) => settledSnapshot(event) !== null,
    buttonPressed: ({ event }) =>
      event.type === "confirm" || (event.type === "button" && event.action === "press"),
    linkDown: ({ event }) =>
      event.type === "link" && (event.state === "lost" || event.state === "closed"),
    noGame: ({ context }) => context.game === null || context.error !== null,
    boardSetUp: ({ context }) => context.verdict.phase === "setup" && context.verdict.done,
    gameOver: ({ context }) => context.game !== null && context.game.outcome !== null,
    turnVerdict: ({ context }, params: { readonly is: TurnDecision }) =>
      context.verdict.phase === "turn" && context.verdict.decision === params.is,
    restoreVerdict: ({ context }, params: { readonly is: readonly RestoreDecision[] }) =>
      context.verdict.phase === "restore" && params.is.includes(context.verdict.decision),
    penaltyVerdict: ({ context }, params: { readonly is: PenaltyDecision }) =>
      context.verdict.phase === "penalty" && context.verdict.decision === params.is,
    takenBack: ({ context }) => context.verdict.phase === "takeback" && context.verdict.done,
    atTurnStart: ({ context }) => context.guide === null || context.guide.atStart,
    /** A capture is next or under way (units taken from their places). */
    taking: ({ context }) => context.guide !== null && context.guide.capturing,
    /** A later stage of the move (a second handful and on). */
    laterStage: ({ context }) => context.guide !== null && context.guide.stage >= 2,
    hasPlies: ({ context }) => context.game !== null && context.game.plies.length > 0,
    /** A takeback from the end: not of a game lost on time (its clocks have stopped). */
    canTakeBack: ({ context }) =>
      context.flagged === null && context.game !== null && context.game.plies.length > 0,
    flagOfThisGame: ({ context, event }) =>
      event.type === "flag" &&
      context.game !== null &&
      context.game.outcome === null &&
      flagFall(context, event.side, event.at).emit.length > 0,
    boardAsBefore: ({ context, event }) => boardAsBefore(context, settledSnapshot(event)),
    followsOn: ({ context, event }) => followsOn(context, settledSnapshot(event)),
  },
}).createMachine({
  id: "kete",
  context: ({ input }) => ({
    settings: { ...DEFAULT_SETTINGS, ...input.settings },
    info: null,
    game: null,
    setupTarget: null,
    needs: [],
    mistake: null,
    penalty: null,
    takeback: null,
    verdict: { phase: "none" },
    guide: null,
    fault: null,
    faultyPits: [],
    counts: null,
    resyncSnapshot: null,
    lostIn: null,
    error: null,
    flagged: null,
    computerSide: null,
    computer: null,
    hint: null,
  }),
  initial: "connecting",
  on: {
    guidance: { actions: "setGuidance" },
    policy: { actions: "setPolicy" },
    "computer-move": { actions: "planMove" },
    "computer-side": { actions: "setComputerSide" },
    hint: { actions: "planMove" },
  },
  states: {
    connecting: {
      tags: ["connecting"],
      on: { hello: { target: "session", actions: "storeInfo" } },
    },
    session: {
      initial: "idle",
      on: {
        link: {
          guard: "linkDown",
          target: "resynchronising",
          actions: { type: "noteLinkLost", params: { in: "other" } },
        },
        "board-error": { actions: "noteBoardError" },
        // States that judge no reading (idle, over) still see a faulty pit read again.
        snapshot: { guard: "settledReading", actions: "clearReadPits" },
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
            snapshot: { guard: "settledReading", actions: ["clearReadPits", "checkSetup"] },
            link: {
              guard: "linkDown",
              target: "#kete.resynchronising",
              actions: { type: "noteLinkLost", params: { in: "setup" } },
            },
          },
        },
        play: {
          initial: "turn",
          on: {
            takeback: { guard: "hasPlies", target: ".takingBack", actions: "beginTakeback" },
            flag: { guard: "flagOfThisGame", target: "#kete.session.over", actions: "flagFall" },
          },
          states: {
            turn: {
              tags: ["turn"],
              initial: "awaitingStart",
              on: {
                snapshot: {
                  guard: "settledReading",
                  target: ".judging",
                  actions: ["clearReadPits", "followReading"],
                },
                button: { guard: "buttonPressed", target: ".judging", actions: "confirmTurnEnd" },
                confirm: { target: ".judging", actions: "confirmTurnEnd" },
                link: {
                  guard: "linkDown",
                  target: "#kete.resynchronising",
                  actions: { type: "noteLinkLost", params: { in: "turn" } },
                },
              },
              states: {
                judging: {
                  always: [
                    { guard: "gameOver", target: "#kete.session.over" },
                    {
                      guard: { type: "turnVerdict", params: { is: "mistake" } },
                      target: "#kete.session.play.mistake",
                    },
                    {
                      guard: { type: "turnVerdict", params: { is: "sensor-fault" } },
                      target: "sensorFault",
                    },
                    { guard: { type: "turnVerdict", params: { is: "pending" } }, target: "ending" },
                    { guard: "atTurnStart", target: "awaitingStart" },
                    { guard: "taking", target: "taking" },
                    { guard: "laterStage", target: "laterStage" },
                    { target: "underWay" },
                  ],
                },
                awaitingStart: {
                  tags: ["awaitingStart"],
                  always: { guard: "gameOver", target: "#kete.session.over" },
                },
                underWay: { tags: ["moving"] },
                taking: { tags: ["moving"] },
                laterStage: { tags: ["moving"] },
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
                      actions: ["clearReadPits", "followRestore"],
                    },
                  },
                },
                judging: {
                  always: [
                    { guard: "gameOver", target: "#kete.session.over" },
                    {
                      guard: { type: "restoreVerdict", params: { is: ["penalty"] } },
                      target: "#kete.session.play.penalty",
                    },
                    {
                      guard: { type: "restoreVerdict", params: { is: ["restored", "takeback"] } },
                      target: "#kete.session.play.turn.judging",
                    },
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
                      actions: ["clearReadPits", "followPenalty"],
                    },
                  },
                },
                judging: {
                  always: [
                    { guard: "gameOver", target: "#kete.session.over" },
                    {
                      guard: { type: "penaltyVerdict", params: { is: "done" } },
                      target: "#kete.session.play.turn.judging",
                    },
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
                      actions: ["clearReadPits", "followTakeback"],
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
            takeback: { guard: "canTakeBack", target: "play.takingBack", actions: "beginTakeback" },
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
          { guard: "followsOn", target: "#kete.session.hist", actions: "replaySnapshot" },
          { actions: "keepResyncSnapshot" },
        ],
        button: {
          guard: "buttonPressed",
          target: "#kete.session.hist",
          actions: "replayResyncSnapshot",
        },
        confirm: { target: "#kete.session.hist", actions: "replayResyncSnapshot" },
      },
    },
  },
});

export type ControllerMachine = typeof controllerMachine;
