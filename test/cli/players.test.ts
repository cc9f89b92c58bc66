/**
 * The virtual players of `kete play`, on a simulated board with a real
 * controller: they act only through the board's hand, as people reading the
 * lights would, and they recover from whatever kete asks of them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { Controller } from "../../src/controller/controller.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { seededRandom } from "../../src/shared/random.js";
import { findGame } from "../../src/games/index.js";
import {
  KeyboardPlayer,
  PERSON_PACE,
  SimulatedPlayer,
  scaledPace,
  type Player,
  type Table,
} from "../../src/cli/play/players.js";

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function table(
  gameId: string,
  seed: number,
  mistakeRate = 0,
  pace = 0.05,
  keyboard: "S" | null = null,
) {
  const game = findGame(gameId)!;
  const initial = game.initial({});
  if (!initial.ok) throw new Error(initial.error.message);
  const sim = new SimulatedBoard({
    counts: [...game.sensorView(initial.value).counts],
    noise: false,
    seed,
    session: { debounceMs: 30 },
  });
  open.push(sim);
  const ready = await sim.ready();
  if (!ready.ok) throw new Error(ready.error.message);
  const t0 = Date.now();
  const controller = new Controller(sim, { clock: () => Date.now() - t0 });
  open.push(controller);
  const events: ControllerEvent[] = [];
  let over = false;
  const t: Table = {
    controller,
    board: sim,
    game,
    random: seededRandom(seed),
    pace: scaledPace(PERSON_PACE, pace),
    stopped: () => over,
    say: () => undefined,
  };
  const south = keyboard === "S" ? new KeyboardPlayer("S", t) : null;
  const players: Player[] = [
    south ?? new SimulatedPlayer("S", t, mistakeRate),
    new SimulatedPlayer("N", t, mistakeRate),
  ];
  const nudge = setInterval(() => players.forEach((p) => p.poke()), 100);
  open.push({ close: () => clearInterval(nudge) });
  controller.on((e) => {
    events.push(e);
    if (e.type === "game-over") over = true;
    players.forEach((p) => p.poke());
  });
  controller.newGame(game.id, {}, "S");
  const until = async (f: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!f() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return f();
  };
  return { sim, controller, events, until, done: () => over, south };
}

describe("virtual players", { timeout: 60_000 }, () => {
  it("the opponent touches the board mid-move (TURN): restored, the mover sows on from there", async () => {
    const { sim, controller, events, until } = await table("hus", 3, 0, 0.3);
    // South's first move under way, and kete has seen part of it: North
    // takes a stone out of one of its own pits.
    const touch = setInterval(() => {
      if (/^session\.play\.turn\.(sowing|relay|capturing)$/.test(controller.state)) {
        clearInterval(touch);
        sim.physical.adjust("D5", -1);
      }
    }, 5);
    open.push({ close: () => clearInterval(touch) });
    const resolved = () =>
      events.findIndex((e) => e.type === "mistake-resolved" && e.result === "continue");
    expect(await until(() => resolved() >= 0, 20_000)).toBe(true);
    const mistake = events.find((e) => e.type === "mistake");
    expect(mistake).toMatchObject({ rule: "TURN", side: "N" });
    // South's move is then finished and accepted, and North moves next.
    expect(
      await until(
        () => events.slice(resolved()).some((e) => e.type === "move" && e.side === "N"),
        20_000,
      ),
    ).toBe(true);
    const moves = events.filter((e) => e.type === "move");
    expect(moves[0]).toMatchObject({ side: "S", ply: 1 });
    expect(moves[1]).toMatchObject({ side: "N", ply: 2 });
    // South sowed on from where kete restored the board: no second mistake.
    expect(events.filter((e) => e.type === "mistake")).toHaveLength(1);
  });

  it("a person at the keyboard names a move; the simulated hand sows it and kete accepts it", async () => {
    const { controller, events, until, south } = await table("hus", 5, 0, 0.05, "S");
    const atStart = () => controller.state === "session.play.turn.awaitingStart";
    expect(await until(atStart, 10_000)).toBe(true);
    const game = findGame("hus")!;
    const position = controller.snapshot.context.gs!.position;
    expect(south!.submit("B1+")).toMatch(/\(CORE-4\)/);
    expect(south!.submit("Z9")).not.toMatch(/^sowing/);
    const move = game.legal(position, 500).moves[3]!.move;
    expect(south!.submit(move)).toBe(`sowing ${move}`);
    expect(south!.submit(move)).toBe("still sowing your last move");
    const moved = () => events.some((e) => e.type === "move" && e.side === "N");
    expect(await until(moved, 20_000)).toBe(true);
    expect(events.find((e) => e.type === "move")).toMatchObject({ side: "S", move });
    expect(events.some((e) => e.type === "mistake")).toBe(false);
  });

  it("slips of the hand are caught, restored by the erring player, and the game reaches a result", async () => {
    const { events, until, done } = await table("hus", 7, 0.4);
    expect(await until(done, 50_000)).toBe(true);
    const mistakes = events.filter((e) => e.type === "mistake");
    expect(mistakes.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === "mistake-resolved")).toHaveLength(mistakes.length);
    expect(events.some((e) => e.type === "game-over")).toBe(true);
  });
});
