/**
 * Issue 18 ("no game stalls" under 20 % line noise): the handshake, too,
 * keeps asking a board that talks. Found by the noisy Bao games: with 10 %
 * of lines lost and 10 % damaged both ways, three HELLOs in a row went
 * unanswered in about 1 start in 20 and `kete play` said "the simulated
 * board did not start", although the board had answered with damaged lines.
 * A board whose lines arrive (valid, or kete lines with a bad checksum) is
 * there: HELLO goes on every second (PROTOCOL.md §6.5) for longer before the
 * device is reported; a device sending only garbage (a wrong baud rate) is
 * still reported after 3 s (test/board/session.test.ts).
 */
import { describe, expect, it } from "vitest";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import type { BoardEvent } from "../../src/board/link.js";

describe("the handshake over a noisy cable", () => {
  it("60 boards at 20 % line noise both ways: every one ready within 8 s (kete play's wait), none reported while it talked", async () => {
    let ready = 0;
    const troubles: string[] = [];
    for (let seed = 1; seed <= 60; seed++) {
      const scheduler = new FakeScheduler(0);
      const sim = new SimulatedBoard({ scheduler, seed, lineNoise: { lose: 0.1, corrupt: 0.1 } });
      const events: BoardEvent[] = [];
      sim.subscribe((e) => events.push(e));
      const r = sim.ready(8_000);
      for (let t = 0; t < 8_000; t += 100) await scheduler.advance(100);
      if ((await r).ok) ready++;
      for (const e of events) {
        // A board heard nothing from at all may still be reported (it may be the wrong device).
        if (e.type === "link" && e.state === "lost" && e.reason?.includes("3 s:") !== true)
          troubles.push(`${seed}: ${e.reason ?? ""}`);
      }
      await sim.close();
    }
    expect(troubles).toEqual([]);
    expect(ready).toBe(60);
  });
});
