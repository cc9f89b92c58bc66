/**
 * The virtual players of `kete play`, on a simulated board with a real
 * controller, all on a fake clock: they act only through the board's hand,
 * as people reading the lights would, and they recover from whatever kete
 * asks of them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeScheduler, every } from "../../src/board/scheduler.js";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { Controller } from "../../src/controller/controller.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { seededRandom } from "../../src/shared/random.js";
import { findGame } from "../../src/games/index.js";
import {
  KeyboardPlayer,
  PERSON_PACE,
  SimulatedPlayer,
  chooseMove,
  ownersOf,
  scaledPace,
  type Player,
  type Table,
} from "../../src/cli/play/players.js";
import { driveUntil } from "./play-harness.js";

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function table(
  gameId: string,
  seed: number,
  options: { mistakeRate?: number; pace?: number; keyboard?: "S" | null; policy?: "penalty5" } = {},
) {
  const { mistakeRate = 0, pace = 0.05, keyboard = null } = options;
  const scheduler = new FakeScheduler(1_000);
  const game = findGame(gameId)!;
  const initial = game.initial({});
  if (!initial.ok) throw new Error(initial.error.message);
  const sim = new SimulatedBoard({
    counts: [...game.sensorView(initial.value).counts],
    noise: false,
    seed,
    scheduler,
    session: { debounceMs: 30 },
  });
  open.push(sim);
  const ready = sim.ready();
  expect(await driveUntil(scheduler, () => sim.state === "ready", 10_000, 10)).toBe(true);
  expect((await ready).ok).toBe(true);
  const controller = new Controller(sim, {
    clock: () => scheduler.now(),
    settings: options.policy === undefined ? {} : { onMistake: options.policy },
  });
  open.push(controller);
  const events: ControllerEvent[] = [];
  let over = false;
  const t: Table = {
    controller,
    board: sim,
    game,
    random: seededRandom(seed),
    pace: scaledPace(PERSON_PACE, pace),
    scheduler,
    stopped: () => over,
    say: () => undefined,
  };
  const south = keyboard === "S" ? new KeyboardPlayer("S", t) : null;
  const players: Player[] = [
    south ?? new SimulatedPlayer("S", t, mistakeRate),
    new SimulatedPlayer("N", t, mistakeRate),
  ];
  open.push({ close: every(scheduler, 100, () => players.forEach((p) => p.poke())) });
  controller.on((e) => {
    events.push(e);
    if (e.type === "game-over") over = true;
    players.forEach((p) => p.poke());
  });
  controller.newGame(game.id, {}, "S");
  const until = (f: () => boolean, ms = 600_000) => driveUntil(scheduler, f, ms);
  return { sim, controller, events, until, done: () => over, south, scheduler };
}

describe("virtual players", () => {
  it("the opponent touches the board mid-move (TURN): restored, the mover sows on from there", async () => {
    const { sim, controller, events, until } = await table("hus", 3, { pace: 0.3 });
    // South's first move under way, and kete has seen part of it: North
    // takes a stone out of one of its own pits.
    expect(await until(() => controller.view.moving, 60_000)).toBe(true);
    sim.physical.adjust("D5", -1);
    const resolved = () =>
      events.findIndex((e) => e.type === "mistake-resolved" && e.result === "continue");
    expect(await until(() => resolved() >= 0, 60_000)).toBe(true);
    const mistake = events.find((e) => e.type === "mistake");
    // Touching the board out of turn (CORE-7; TURN in older journals).
    expect(mistake).toMatchObject({ rule: expect.stringMatching(/^(TURN|CORE-7)$/), side: "N" });
    // South's move is then finished and accepted, and North moves next.
    expect(
      await until(() => events.slice(resolved()).some((e) => e.type === "move" && e.side === "N")),
    ).toBe(true);
    const moves = events.filter((e) => e.type === "move");
    expect(moves[0]).toMatchObject({ side: "S", ply: 1 });
    expect(moves[1]).toMatchObject({ side: "N", ply: 2 });
    // South sowed on from where kete restored the board: no second mistake.
    expect(events.filter((e) => e.type === "mistake")).toHaveLength(1);
  });

  it("a person at the keyboard names a move; the simulated hand sows it and kete accepts it", async () => {
    const { controller, events, until, south } = await table("hus", 5, { keyboard: "S" });
    // Setting up: no move yet.
    expect(controller.view.phase).toBe("setup");
    // Each entry answered, typed: refused (why, and the rule broken) or taken.
    expect(south!.submit("B3+")).toEqual({
      kind: "refused",
      code: "not-your-turn",
      rule: null,
      message: "not your turn yet",
    });
    expect(await until(() => controller.view.awaitingStart, 60_000)).toBe(true);
    const game = findGame("hus")!;
    const position = controller.view.position!;
    const single = south!.submit("B1+");
    expect(single).toMatchObject({ kind: "refused", code: "illegal-move", rule: "CORE-4" });
    expect(single.message).toMatch(/\(CORE-4\)/);
    expect(south!.submit("Z9")).toMatchObject({ kind: "refused", code: "bad-move" });
    const move = game.legal(position, 500).moves[3]!.move;
    // Typed in lower case: written as the notation writes it.
    expect(south!.submit(move.toLowerCase())).toEqual({
      kind: "sowing",
      move,
      message: `sowing ${move}`,
    });
    expect(south!.submit(move)).toMatchObject({
      kind: "refused",
      code: "busy",
      message: "still sowing your last move",
    });
    expect(await until(() => events.some((e) => e.type === "move" && e.side === "N"))).toBe(true);
    expect(events.find((e) => e.type === "move")).toMatchObject({ side: "S", move });
    expect(events.some((e) => e.type === "mistake")).toBe(false);
  });

  it("slips of the hand are caught, restored by the erring player, and the game reaches a result", async () => {
    const { events, until, done } = await table("hus", 7, { mistakeRate: 0.4 });
    expect(await until(done)).toBe(true);
    const mistakes = events.filter((e) => e.type === "mistake");
    expect(mistakes.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === "mistake-resolved")).toHaveLength(mistakes.length);
    expect(events.some((e) => e.type === "game-over")).toBe(true);
  });

  it("under penalty5 the erring player hands five stones across, and the game goes on", async () => {
    const { events, until, done } = await table("hus", 6, {
      mistakeRate: 0.3,
      policy: "penalty5",
    });
    expect(await until(done)).toBe(true);
    expect(events.some((e) => e.type === "penalty-done")).toBe(true);
    expect(events.some((e) => e.type === "game-over")).toBe(true);
  });

  it("the same seed plays the same game on a fake clock", async () => {
    const moves = async () => {
      const { events, until, done } = await table("hus", 9, { mistakeRate: 0.2 });
      expect(await until(done)).toBe(true);
      return events.filter((e) => e.type !== "status").map((e) => JSON.stringify(e));
    };
    expect(await moves()).toEqual(await moves());
  });
});

describe("choosing a move", () => {
  it("a greedy player prefers the move that leaves the best margin by the layout's owners", () => {
    const game = findGame("hus")!;
    const initial = game.initial({});
    if (!initial.ok) throw new Error(initial.error.message);
    const owners = ownersOf(game);
    expect(owners.filter((o) => o === "S")).toHaveLength(16);
    expect(owners.filter((o) => o === "N")).toHaveLength(16);
    const move = chooseMove(game, initial.value, "S", () => 0.9);
    expect(game.legal(initial.value, 500).moves.map((m) => m.move)).toContain(move!.move);
    expect(
      chooseMove(game, { ...initial.value, toMove: "S" }, "S", seededRandom(1)),
    ).not.toBeNull();
  });
});
