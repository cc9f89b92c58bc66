/**
 * The controller on the colleague's `SimulatedBoard` (the real host session,
 * simulated firmware with sensor noise, a hand that plays traces) at time
 * scale 0: whole moves land between two settled snapshots, so this checks the
 * real protocol path end to end (handshake, snapshots, LED commands) and the
 * tracker's whole-move rule. The stone-by-stone noise is covered by
 * simulated-games-*.test.ts.
 */
import { describe, expect, it } from "vitest";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { Controller } from "../../src/controller/controller.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { seededRandom } from "../../src/shared/random.js";
import { boardOf, gameOf, initial } from "./scenario.js";

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe("controller on SimulatedBoard", () => {
  it("husbao: 12 plies, every move identified, LEDs reach the board", async () => {
    const game = gameOf("husbao");
    let p = initial("husbao");
    const sim = new SimulatedBoard({ counts: boardOf(p), noise: true, seed: 3, timeScale: 0 });
    const ready = await sim.ready();
    expect(ready.ok).toBe(true);
    const controller = new Controller(sim, { clock: () => Date.now() });
    const events: ControllerEvent[] = [];
    controller.on((e) => events.push(e));
    controller.newGame("husbao");
    await sim.requestSnapshot();
    await until(() => controller.state === "session.play.turn.awaitingStart");
    await until(() => Object.keys(sim.litLeds()).length > 0);
    const random = seededRandom(9);
    const played: string[] = [];
    for (let ply = 0; ply < 12; ply++) {
      const m = game.randomMove(p, random);
      if (m === null) break;
      const r = await sim.playTrace(m.trace);
      expect(r.ok).toBe(true);
      played.push(m.move);
      await sim.requestSnapshot();
      await until(() => events.filter((e) => e.type === "move").length === played.length);
      p = m.position;
    }
    expect(events.filter((e) => e.type === "mistake")).toEqual([]);
    expect(events.flatMap((e) => (e.type === "move" ? [e.move] : []))).toEqual(played);
    controller.close();
    await sim.close();
  });
});
