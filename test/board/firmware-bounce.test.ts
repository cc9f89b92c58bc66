/**
 * Issue 27: the simulated firmware's bounce (`NoiseOptions.bounceMs`, on under
 * `--noise`): a stone dropped into a pit reads count − 1 or count for a seeded
 * 1/3..1 of `bounceMs`, restarting the pit's settle timer, then settles.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_NOISE, SimulatedFirmware } from "../../src/board/firmware.js";
import type { NoiseOptions } from "../../src/board/firmware.js";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { parseBoardLine } from "../../src/protocol/index.js";

const A2 = 1;

/** Drops a stone into A2 at 1000 ms; A2's readings after it, and when it was reported settled (ms after the drop). */
async function drop(noise: NoiseOptions, seed: number) {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard();
  const firmware = new SimulatedFirmware(physical, { scheduler: clock, noise, seed });
  const seen: { at: number; count: number | null; settled: boolean }[] = [];
  firmware.connect((bytes) => {
    for (const line of bytes.split("\n").filter((l) => l.length > 0)) {
      const m = parseBoardLine(line);
      if (!m.ok || m.value.type !== "snapshot" || m.value.board.geometry !== "4x8") continue;
      seen.push({
        at: clock.now(),
        count: m.value.board.counts[A2] ?? null,
        settled: !m.value.unsettled.includes("A2"),
      });
    }
  });
  firmware.powerOn();
  await clock.advance(1000);
  physical.hand.lift("A1", 1);
  const at = clock.now();
  physical.hand.drop("A2");
  await clock.advance(1500);
  const after = seen.filter((s) => s.at > at);
  const settledAt = after.find((s) => s.settled && s.count === 5)?.at;
  return {
    after: after.map((s) => ({ ...s, at: s.at - at })),
    settled: (settledAt ?? Infinity) - at,
  };
}

describe("a dropped stone's bounce on the simulated board", () => {
  it("is on under --noise at 50–150 ms and off by default", () => {
    expect(DEFAULT_NOISE.bounceMs).toBe(150);
  });

  it("flickers between count − 1 and count while it bounces, and settles only after", async () => {
    let flickered = 0;
    let later = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const quiet = await drop({}, seed);
      const bouncing = await drop({ bounceMs: 150 }, seed);
      // Never anything but 4 or 5, and never settled on 4.
      for (const s of bouncing.after) {
        expect([4, 5]).toContain(s.count);
        if (s.settled) expect(s.count).toBe(5);
      }
      if (bouncing.after.some((s) => s.count === 4)) flickered++;
      // Settled after the bounce and the 200 ms debounce, later than without it.
      expect(bouncing.settled).toBeGreaterThanOrEqual(50 + 200);
      expect(bouncing.settled).toBeLessThanOrEqual(150 + 200 + 100);
      expect(bouncing.settled).toBeGreaterThanOrEqual(quiet.settled);
      if (bouncing.settled > quiet.settled) later++;
      expect(quiet.settled).toBeLessThanOrEqual(200 + 100);
    }
    expect(flickered).toBeGreaterThanOrEqual(3);
    expect(later).toBeGreaterThanOrEqual(6);
  });
});
