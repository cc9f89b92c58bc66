/**
 * The machine's context is plain data, so its snapshot can be persisted: an
 * actor restored from `getPersistedSnapshot()` (through JSON, as a file would
 * hold it) goes on exactly as the first one, mid-setup, mid-move, in the
 * middle of restoring after a mistake, and in a takeback. The restored actor
 * has none of the live objects the first one built (the game, its trie): it
 * rebuilds them from the record.
 */
import { describe, expect, it } from "vitest";
import { createActor, type Snapshot } from "xstate";
import { controllerMachine } from "../../src/controller/machine.js";
import type { ControllerMachineEvent } from "../../src/controller/context.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { liveGame } from "../../src/controller/controller.js";
import { INFO } from "./harness.js";
import { boardOf, change, gameOf, initial, stepBoards, traceOf, type Board } from "./scenario.js";

let time = 0;
const snap = (counts: Board): ControllerMachineEvent => {
  time += 250;
  return {
    type: "snapshot",
    snapshot: {
      board: { geometry: "4x8", counts },
      settled: true,
      unsettled: [],
      receivedAt: time,
    },
    at: time,
  };
};

function actorFrom(snapshot?: Snapshot<unknown>) {
  const actor = createActor(controllerMachine, {
    input: { settings: { onMistake: "retry" } },
    ...(snapshot === undefined ? {} : { snapshot }),
  });
  const events: ControllerEvent[] = [];
  actor.on("*", (e) => events.push(e));
  actor.start();
  return { actor, events };
}

/** Runs `before`, persists through JSON, then runs `after` on the original and on the restored actor. */
function persistAndCompare(before: ControllerMachineEvent[], after: ControllerMachineEvent[]) {
  const first = actorFrom();
  for (const e of before) first.actor.send(e);
  const stored = JSON.parse(
    JSON.stringify(first.actor.getPersistedSnapshot()),
  ) as Snapshot<unknown>;
  const second = actorFrom(stored);
  first.events.length = 0;
  for (const e of after) {
    first.actor.send(e);
    second.actor.send(e);
  }
  const a = first.actor.getSnapshot();
  const b = second.actor.getSnapshot();
  expect(b.value).toEqual(a.value);
  expect(JSON.stringify(b.context)).toBe(JSON.stringify(a.context));
  expect(second.events).toEqual(first.events);
  return { first, second };
}

const hus = gameOf("hus");
const start = initial("hus");
const before = boardOf(start);
const move = hus.legal(start).moves[0]!;
const steps = stepBoards(before, traceOf(start, move.move));
const opening: ControllerMachineEvent[] = [
  { type: "hello", info: INFO, at: 0 },
  { type: "new-game", gameId: "hus", game: hus, at: 0 },
];

describe("a persisted controller snapshot", () => {
  it("is plain JSON: no game object, no trie, no function", () => {
    const { actor } = actorFrom();
    for (const e of [...opening, snap(before), snap(steps[0]!)]) actor.send(e);
    const context = actor.getSnapshot().context;
    expect(JSON.parse(JSON.stringify(context))).toEqual(context);
  });

  it("goes on mid-move exactly as the live actor", () => {
    const mid = Math.floor(steps.length / 2);
    const { second } = persistAndCompare(
      [...opening, snap(before), snap(steps[0]!), snap(steps[mid]!)],
      [snap(steps[mid + 1]!), snap(steps[steps.length - 1]!)],
    );
    // The restored actor accepted the move from where the stored one stood.
    expect(second.events.some((e) => e.type === "move" && e.move === move.move)).toBe(true);
    expect(liveGame(second.actor.getSnapshot())?.plies.length).toBe(1);
  });

  it("goes on while a mistake is restored", () => {
    const slip = change(steps[1]!, { D8: 1 });
    const { second } = persistAndCompare(
      [...opening, snap(before), snap(steps[0]!), snap(slip)],
      [snap(steps[1]!), snap(before), snap(steps[0]!)],
    );
    expect(second.events.some((e) => e.type === "mistake-resolved")).toBe(true);
  });

  it("goes on in a takeback after a move", () => {
    const end = steps[steps.length - 1]!;
    persistAndCompare(
      [...opening, snap(before), ...steps.map((s) => snap(s)), { type: "takeback", at: time }],
      [snap(end), snap(before)],
    );
  });

  it("goes on while setting up", () => {
    persistAndCompare(
      [...opening, snap(change(before, { A1: -1 }))],
      [snap(before), snap(steps[0]!)],
    );
  });
});
