/**
 * Model-based tests of the controller machine (xstate/graph): a finite
 * alphabet of board events and commands, the shortest path to every
 * reachable (state, context summary) pair, and each path replayed on a real
 * actor with invariants checked after every step. Every atomic state of the
 * machine must be reached.
 */
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { controllerMachine, type ControllerMachineEvent } from "../../src/controller/machine.js";
import { ledInput, liveGame, statePath } from "../../src/controller/controller.js";
import { verdictText } from "../../src/controller/context.js";
import { ledPlan } from "../../src/controller/leds.js";
import { FakeGame, fakeBoard } from "./fake-game.js";
import { INFO } from "./harness.js";
import { boardOf, change, gameOf, initial, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));
const fake = new FakeGame();
const snap = (counts: readonly (number | null)[]): ControllerMachineEvent => ({
  type: "snapshot",
  snapshot: { board: { geometry: "4x8", counts }, settled: true, unsettled: [], receivedAt: 0 },
  at: 0,
});
const over = gameOf("husbao").parsePosition({
  ...gameOf("husbao").positionToJSON(start),
  pits: {
    A: [1, 1, 1, 1, 1, 1, 1, 1],
    B: [1, 1, 1, 1, 1, 1, 1, 1],
    C: [2, 2, 2, 2, 2, 2, 2, 2],
    D: [2, 2, 2, 2, 2, 2, 2, 2],
  },
});
if (!over.ok) throw new Error(over.error.message);

const EVENTS: ControllerMachineEvent[] = [
  { type: "hello", info: INFO, at: 0 },
  { type: "link", state: "lost", at: 0 },
  { type: "button", button: 1, action: "press", at: 0 },
  { type: "new-game", gameId: "husbao", game: gameOf("husbao"), at: 0 },
  { type: "new-game", gameId: "no-such-game", game: null, at: 0 },
  {
    type: "resume",
    gameId: "husbao",
    game: gameOf("husbao"),
    moves: [],
    start: gameOf("husbao").positionToJSON(over.value),
    at: 0,
  },
  { type: "resume", gameId: "fake", game: fake, moves: [], at: 0 },
  { type: "policy", policy: "penalty5", at: 0 },
  { type: "takeback", at: 0 },
  { type: "flag", side: "S", at: 0 },
  snap(before),
  snap(b3[0]!),
  snap(b3[1]!),
  snap(b3[2]!),
  snap(b3[3]!),
  snap(b3[5]!),
  snap(change(b3[5]!, { A1: 1 })),
  snap(b3[b3.length - 1]!),
  snap(change(before, { A1: 1 })),
  snap(change(b3[2]!, { A1: -2, A2: -2, A3: -1, C1: 2, C2: 2, C3: 1 })),
  snap(boardOf(over.value)),
  snap(fakeBoard([2, 0, 1, 0])),
  snap(fakeBoard([0, 1, 2, 0])),
  snap(fakeBoard([0, 1, 0, 0])),
];

function summary(
  s: ReturnType<ReturnType<typeof createActor<typeof controllerMachine>>["getSnapshot"]>,
): string {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.settings.onMistake,
    c.game?.id ?? null,
    c.game?.plies.length ?? -1,
    c.game === null ? null : JSON.stringify(c.game.position),
    verdictText(c.verdict),
    c.mistake?.mistake.kind ?? null,
  ]);
}

const ATOMIC_STATES = [
  "connecting",
  "session.idle",
  "session.setup",
  "session.play.turn.awaitingStart",
  "session.play.turn.underWay",
  "session.play.turn.taking",
  "session.play.turn.laterStage",
  "session.play.turn.ending",
  "session.play.turn.sensorFault",
  "session.play.mistake.restoring",
  "session.play.penalty.handingOver",
  "session.play.takingBack.restoring",
  "session.over",
  "resynchronising",
];

describe("controller machine: model-based (xstate/graph)", () => {
  const input = {};
  const paths = getShortestPaths(controllerMachine, {
    events: EVENTS,
    input,
    serializeState: (s) => summary(s as never),
    limit: 100_000,
    // Forfeits and penalties add plies without end: stop exploring after two.
    stopWhen: (s) => (s.context.game?.plies.length ?? 0) > 2,
  });

  it("reaches every atomic state", () => {
    const reached = new Set(paths.map((p) => statePath(p.state as never)));
    for (const s of ATOMIC_STATES) expect(reached, s).toContain(s);
    expect(paths.length).toBeGreaterThan(ATOMIC_STATES.length);
  });

  it("every path replays on a real actor with the invariants holding", () => {
    for (const path of paths) {
      const actor = createActor(controllerMachine, { input });
      const errors: unknown[] = [];
      actor.subscribe({ error: (e) => errors.push(e) });
      actor.start();
      for (const step of path.steps) {
        actor.send(step.event);
        const s = actor.getSnapshot();
        const where = statePath(s);
        expect(s.status).toBe("active");
        // Every state has a complete LED plan once a board is known.
        const plan = ledPlan(ledInput(s));
        const gs = liveGame(s);
        if (gs !== null) expect(plan.size).toBe(gs.turn.pits.length);
        // A game is kept whatever happens to the link.
        if (where.startsWith("session.play") || where === "session.over")
          expect(s.context.game).not.toBeNull();
        // The context is plain data: it survives JSON as it is.
        expect(JSON.parse(JSON.stringify(s.context))).toEqual(s.context);
        if (where === "session.play.mistake.restoring") expect(s.context.mistake).not.toBeNull();
        if (where.startsWith("session.play.penalty")) expect(s.context.penalty).not.toBeNull();
        if (where === "resynchronising")
          expect(plan.size === 0 || [...plan.values()].every((l) => l.pattern === "pulse")).toBe(
            true,
          );
      }
      expect(errors).toEqual([]);
      expect(summary(actor.getSnapshot())).toBe(summary(path.state as never));
      actor.stop();
    }
  });
});
