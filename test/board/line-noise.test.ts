/**
 * Issue 18, item 2: heavy line noise is not a lost board. A third party's
 * board, under many lost and corrupted lines, kept talking while kete decided
 * "the board did not answer SNAP after 4 tries" and declared the link lost.
 * A board that keeps sending valid lines is alive: the session keeps asking
 * (backing off) and says "line noise"; only silence (PROTOCOL.md §6.5) loses
 * the link.
 */
import { describe, expect, it } from "vitest";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import type { BoardEvent } from "../../src/board/link.js";

describe("a noisy cable (PROTOCOL.md §6.3, §6.5)", () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`20 % of lines lost or damaged both ways (seed ${seed}): never lost, every SNAP answered`, async () => {
      const scheduler = new FakeScheduler(0);
      const sim = new SimulatedBoard({
        scheduler,
        seed,
        lineNoise: { lose: 0.1, corrupt: 0.1 },
      });
      const events: BoardEvent[] = [];
      sim.subscribe((e) => events.push(e));
      const ready = sim.ready(60_000);
      await scheduler.advance(10_000);
      expect((await ready).ok).toBe(true);
      let answered = 0;
      for (let i = 0; i < 40; i++) {
        const asked = sim.requestSnapshot();
        let done = false;
        void asked.then(() => (done = true));
        for (let t = 0; t < 60_000 && !done; t += 100) await scheduler.advance(100);
        const r = await asked;
        expect(r.ok, JSON.stringify(r)).toBe(true);
        answered++;
        await scheduler.advance(500);
      }
      expect(answered).toBe(40);
      const lost = events.filter((e) => e.type === "link" && e.state === "lost");
      expect(lost).toEqual([]);
      const said = events
        .filter((e) => e.type === "line-error")
        .map((e) => e.type === "line-error" && e.code);
      expect(said).toContain("retransmit");
      await sim.close();
    });
  }

  it("a board that stops talking is still lost after 3 s of silence", async () => {
    const scheduler = new FakeScheduler(0);
    const sim = new SimulatedBoard({ scheduler, seed: 9 });
    const events: BoardEvent[] = [];
    sim.subscribe((e) => events.push(e));
    const ready = sim.ready(60_000);
    await scheduler.advance(5_000);
    expect((await ready).ok).toBe(true);
    sim.firmware.dropNextLines(1_000_000);
    await scheduler.advance(5_000);
    expect(events.some((e) => e.type === "link" && e.state === "lost")).toBe(true);
    await sim.close();
  });
});
