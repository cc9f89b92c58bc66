/**
 * `BoardLink.readCalibration` (issue 31): `CALGET` through the session itself,
 * which keeps the `CALR` lines that answer it (PROTOCOL.md §10) until its ACK,
 * so `kete calibrate` no longer reads the byte stream a second time under the
 * session. Against the simulated firmware, on a fake clock.
 */
import { describe, expect, it } from "vitest";
import { ReplayLink } from "../../src/board/recording-link.js";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import type { SimulatedBoardOptions } from "../../src/board/simulated-board.js";

async function ready(options: Omit<SimulatedBoardOptions, "scheduler">) {
  const clock = new FakeScheduler();
  const board = new SimulatedBoard({ scheduler: clock, ...options });
  const up = board.ready();
  await clock.advance(10);
  expect((await up).ok).toBe(true);
  return { clock, board };
}

describe("readCalibration", () => {
  it("answers each pit's CALR once, in canonical order, and keeps what they say of calibration", async () => {
    const { clock, board } = await ready({ counts: 2, firmware: { uncalibrated: ["B3", "D8"] } });
    const read = board.readCalibration();
    await clock.advance(10);
    const lines = await read;
    if (!lines.ok) throw new Error(lines.error.message);
    expect(lines.value.map((m) => m.pit)).toEqual(board.physical.pits);
    const need = lines.value.filter((m) => m.status === "need").map((m) => m.pit);
    expect(need).toEqual(["B3", "D8"]);
    expect(lines.value.every((m) => m.raw >= 0 && m.raw <= 65535)).toBe(true);
    expect(board.uncalibratedPits).toEqual(["B3", "D8"]);
    // a second read starts afresh: still one line per pit
    const again = board.readCalibration();
    await clock.advance(10);
    const second = await again;
    expect(second.ok && second.value.length).toBe(32);
    await board.close();
  });

  it("a board that does not calibrate (cal=0) refuses: the NAK's reason, no lines", async () => {
    const { clock, board } = await ready({ firmware: { calibration: false } });
    const read = board.readCalibration();
    await clock.advance(10);
    const r = await read;
    expect(!r.ok && r.error.code).toBe("nak-unsupported");
    await board.close();
  });

  it("a replayed game has no board to ask", async () => {
    const r = await new ReplayLink().readCalibration();
    expect(!r.ok && r.error.code).toBe("unsupported");
  });
});
