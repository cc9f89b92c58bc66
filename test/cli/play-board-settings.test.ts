/**
 * kete tells every board what its tracking assumes (`CFG` after each
 * handshake): a debounce for the hands' pace, and snapshots more often than
 * the quiet time that ends an ambiguous turn. A board's own defaults
 * (PROTOCOL.md §7: 200 ms, 2000 ms) are never left in force.
 */
import { describe, expect, it } from "vitest";
import { FakeScheduler } from "../../src/board/index.js";
import { DEFAULT_TRACKING } from "../../src/controller/index.js";
import {
  SNAPSHOT_INTERVAL_MS,
  badPort,
  boardSettings,
  openGameBoard,
} from "../../src/cli/play/board.js";

describe("the board settings kete play sends", () => {
  it("snapshots come more often than the quiet time that ends an ambiguous turn", () => {
    expect(SNAPSHOT_INTERVAL_MS).toBeLessThan(DEFAULT_TRACKING.quietMs);
    expect(boardSettings(1)).toEqual({ debounceMs: 100, snapshotIntervalMs: SNAPSHOT_INTERVAL_MS });
    expect(boardSettings(0.05).debounceMs).toBe(30);
  });

  it("the simulated board runs on them once the handshake is done", async () => {
    const scheduler = new FakeScheduler();
    const opening = openGameBoard(
      { port: null, pace: 1, noise: false, seed: 1 },
      new Array(32).fill(2),
      scheduler,
    );
    await scheduler.advance(2000);
    const opened = await opening;
    if (!opened.ok || opened.value.sim === null) throw new Error("no simulated board");
    await scheduler.advance(500);
    expect(opened.value.sim.firmware.settings).toEqual({
      debounceMs: 100,
      snapshotIntervalMs: SNAPSHOT_INTERVAL_MS,
    });
    await opened.value.sim.close();
  });
});

describe("a --port that cannot be a serial device", () => {
  it("is one line naming what is wrong, before anything is opened", async () => {
    expect(badPort("")).toMatch(/^--port needs the board's serial device/);
    expect(badPort("/tmp")).toMatch(/^\/tmp is a folder, not a serial device/);
    expect(badPort("/dev/no-such-device")).toBeNull();
    const r = await openGameBoard(
      { port: "", pace: 1, noise: false, seed: 1 },
      [],
      new FakeScheduler(),
    );
    expect(r.ok ? "opened" : r.error.message).toMatch(/^--port needs/);
  });
});
