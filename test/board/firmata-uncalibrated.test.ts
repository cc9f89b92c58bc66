/**
 * A stock-parts board not yet calibrated (issue 27): the host zeroes its
 * empty pits itself, so it settles, and the session keeps the pits the
 * board names as needing calibration for `kete board-test` to show.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SerialPortMock } from "serialport";
import { GEOMETRIES } from "../../src/protocol/index.js";
import { openSimulatedStockBoard } from "./firmata-sim.js";

afterEach(() => SerialPortMock.binding.reset());

const CELLS = GEOMETRIES["4x8"].cells;

describe("an uncalibrated stock-parts board", () => {
  it("names every pit calibration-needed, and settles at 0 with ± 5 % amplifier offsets (± 0.5 stone) and 0.6 LSB of noise", async () => {
    const sim = await openSimulatedStockBoard({
      counts: new Array<number>(32).fill(0),
      seed: 9,
      model: "stepped",
      frontEnd: { noiseLsb: 0.6, spread: 0.05 },
      uncalibrated: CELLS,
    });
    try {
      // Its BOOT lines (and their calibration-needed) come before the port is open:
      // board-test asks, as here (CALGET, PROTOCOL.md §10).
      const asked = sim.board.command({ type: "calibration-request" });
      await sim.until(() => sim.board.uncalibratedPits.length === 32);
      expect((await asked).ok).toBe(true);
      expect(sim.board.uncalibratedPits).toEqual(CELLS);
      let settled = 0;
      let wrong = 0;
      sim.board.subscribe((e) => {
        if (e.type !== "snapshot" || !e.snapshot.settled) return;
        settled++;
        const board = e.snapshot.board;
        if (board.geometry !== "4x8" || board.counts.some((c) => c !== 0)) wrong++;
      });
      for (let i = 0; i < 8; i++) {
        await sim.clock.advance(250);
        await sim.board.requestSnapshot();
      }
      expect(settled).toBeGreaterThan(4);
      expect(wrong).toBe(0);
      // Auto-zero is the host's own, in memory: the pits still need calibration.
      expect(sim.board.uncalibratedPits).toHaveLength(32);
    } finally {
      await sim.close();
    }
  });
});
