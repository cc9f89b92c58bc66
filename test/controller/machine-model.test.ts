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
import { ledInput, statePath } from "../../src/controller/controller.js";
import { ledPlan } from "../../src/controller/leds.js";
import { FakeGame } from "./fake-game.js";
import { INFO } from "./harness.js";
import { boardOf, change, gameOf, initial, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));
const fake = new FakeGame();
const clock = 0;
const snap = (counts: readonly (number | null)[]): ControllerMachineEvent => ({
  type: "snapshot",
  snapshot: { board: { geometry: "4x8", counts }, settled: true, unsettled: [], receivedAt: 0 },
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
  { type: "hello", info: INFO },
  { type: "link", state: "lost" },
  { type: "button", button: 1, action: "press" },
  { type: "new-game", game: "husbao" },
  { type: "new-game", game: "no-such-game" },
  { type: "resume", game: "husbao", moves: [], start: gameOf("husbao").positionToJSON(over.value) },
  { type: "resume", game: "fake", moves: [] },
  { type: "policy", policy: "penalty5" },
  { type: "takeback" },
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
  snap([2, 0, 1, 0]),
  snap([0, 1, 2, 0]),
  snap([0, 1, 0, 0]),
];

function summary(
  s: ReturnType<ReturnType<typeof createActor<typeof controllerMachine>>["getSnapshot"]>,
): string {
  const c = s.context;
  return JSON.stringify([
    s.value,
    c.settings.onMistake,
    c.gs?.game.id ?? null,
    c.gs?.plies.length ?? -1,
    c.gs === null ? null : Array.from(c.gs.game.sensorView(c.gs.position).counts).join(""),
    c.decision,
    c.mistake?.mistake.kind ?? null,
  ]);
}

const ATOMIC_STATES = [
  "connecting",
  "session.idle",
  "session.setup",
  "session.play.turn.awaitingStart",
  "session.play.turn.sowing",
  "session.play.turn.capturing",
  "session.play.turn.relay",
  "session.play.turn.ending",
  "session.play.turn.sensorFault",
  "session.play.mistake.restoring",
  "session.play.penalty.handingOver",
  "session.play.takingBack.restoring",
  "session.over",
  "resynchronising",
];

describe("controller machine: model-based (xstate/graph)", () => {
  const input = { clock: () => clock, games: [fake] };
  const paths = getShortestPaths(controllerMachine, {
    events: EVENTS,
    input,
    serializeState: (s) => summary(s as never),
    limit: 100_000,
    // Forfeits and penalties add plies without end: stop exploring after two.
    stopWhen: (s) => (s.context.gs?.plies.length ?? 0) > 2,
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
        if (s.context.gs !== null) expect(plan.size).toBe(s.context.gs.turn.pits.length);
        // A game is kept whatever happens to the link.
        if (where.startsWith("session.play") || where === "session.over")
          expect(s.context.gs).not.toBeNull();
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
