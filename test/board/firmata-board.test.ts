import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SerialPortMock } from "serialport";
import { FakeScheduler } from "../../src/board/scheduler.js";
import type { BoardEvent, BoardSnapshot } from "../../src/board/link.js";
import { FirmataBoard } from "../../src/board/firmata/firmata-board.js";
import { STALL_MS } from "../../src/board/firmata/firmware.js";
import { FakeFirmataMega } from "./firmata-device.js";

afterEach(() => SerialPortMock.binding.reset());

function rig(debounceMs = 200, versionWaitMs?: number) {
  const clock = new FakeScheduler();
  const device = new FakeFirmataMega(clock);
  const dir = mkdtempSync(join(tmpdir(), "kete-firmata-"));
  const calibrationFile = join(dir, "cal.json");
  const board = new FirmataBoard(device.path, {
    binding: device.binding,
    scheduler: clock,
    calibrationFile,
    debounceMs,
    snapshotIntervalMs: 1000,
    versionWaitMs,
  });
  const events: BoardEvent[] = [];
  board.subscribe((e) => events.push(e));
  return { clock, device, board, events, calibrationFile };
}

const snaps = (events: readonly BoardEvent[]): BoardSnapshot[] =>
  events.flatMap((e) => (e.type === "snapshot" ? [e.snapshot] : []));
const states = (events: readonly BoardEvent[]): string[] =>
  events.flatMap((e) => (e.type === "link" ? [e.state] : []));

async function until(
  clock: FakeScheduler,
  done: () => boolean,
  limitMs = 5000,
  stepMs = 5,
): Promise<number> {
  const start = clock.now();
  while (!done()) {
    if (clock.now() - start > limitMs) throw new Error(`not done in ${limitMs} ms`);
    await clock.advance(stepMs);
  }
  return clock.now() - start;
}

/** Drops `stones` into pit index `pit` and waits for a settled snapshot after it; returns that snapshot's count there. */
async function dropAndCount(
  clock: FakeScheduler,
  events: readonly BoardEvent[],
  device: FakeFirmataMega,
  pit: number,
  stones: number,
): Promise<number | null | undefined> {
  const dropped = clock.now();
  device.stones[pit] = stones;
  await until(clock, () => {
    const last = snaps(events).at(-1);
    return last !== undefined && last.receivedAt > dropped && last.settled;
  });
  const last = snaps(events).at(-1);
  return last?.board.geometry === "4x8" ? last.board.counts[pit] : undefined;
}

describe("FirmataBoard on a scripted StandardFirmata Mega", () => {
  it("shakes hands as a 4x8 board and reports settled counts of the pit weights", async () => {
    const { clock, board, events, device } = rig();
    await until(clock, () => board.state === "ready");
    const hello = events.find((e) => e.type === "hello");
    expect(hello?.type === "hello" && hello.info.geometry).toBe("4x8");
    expect(board.info?.boardId).toMatch(/^FM-/);
    expect(board.info?.buttons).toBe(2);
    expect(device.interval).toBe(10);
    await until(clock, () => snaps(events).some((s) => s.settled));
    const settled = snaps(events).filter((s) => s.settled);
    expect(settled[0]?.board).toEqual({ geometry: "4x8", counts: new Array(32).fill(4) });
    await clock.advance(1000);
    // Steady state: the first scans wait for the LED controllers' set-up bytes to leave the line.
    const periods = (board.firmata.hostFirmware?.scanPeriods ?? []).slice(-10);
    expect(periods.length).toBe(10);
    const mean = periods.reduce((a, b) => a + b, 0) / periods.length;
    // A half takes one report cycle after the board confirms the select (10 ms here).
    expect(mean).toBeGreaterThanOrEqual(15);
    expect(mean).toBeLessThanOrEqual(70);
    await board.close();
  });

  it("counts a stone dropped into a pit, unsettled until the raw signal rests for deb", async () => {
    const { clock, board, events, device } = rig(150);
    await until(clock, () => snaps(events).some((s) => s.settled));
    device.stones[18] = 5; // C3
    const dropped = clock.now();
    await until(clock, () => snaps(events).some((s) => s.receivedAt > dropped && !s.settled));
    await until(clock, () => {
      const last = snaps(events).at(-1);
      return last !== undefined && last.receivedAt > dropped && last.settled;
    });
    const latency = (snaps(events).at(-1)?.receivedAt ?? 0) - dropped;
    const last = snaps(events).at(-1);
    expect(last?.board.geometry === "4x8" && last.board.counts[18]).toBe(5);
    // deb plus at most two scans (the one that saw it and the one that finds it rested).
    expect(latency).toBeGreaterThanOrEqual(150);
    expect(latency).toBeLessThanOrEqual(150 + 2 * 40);
    await board.close();
  });

  it("holds a weight between two counts unsettled, and reports a stuck pit as a sensor fault", async () => {
    const { clock, board, events, device } = rig();
    await until(clock, () => snaps(events).some((s) => s.settled));
    device.stones[3] = 4.5;
    await clock.advance(800);
    const between = snaps(events).at(-1);
    expect(between?.unsettled).toContain("A4");
    device.stones[3] = 4;
    device.stuck.set(9, 1023); // B2
    await until(clock, () => events.some((e) => e.type === "board-error"));
    const fault = events.find((e) => e.type === "board-error");
    expect(fault).toMatchObject({ code: "sensor-fault", pit: "B2" });
    await until(clock, () => snaps(events).at(-1)?.settled === true);
    const last = snaps(events).at(-1);
    expect(last?.board.geometry === "4x8" && last.board.counts[9]).toBeNull();
    await board.close();
  });

  it("passes button presses and releases on, debounced", async () => {
    const { clock, board, events, device } = rig();
    await until(clock, () => board.state === "ready");
    device.press(1, true);
    await clock.advance(5);
    device.press(1, false); // a bounce
    await clock.advance(2);
    device.press(1, true);
    await clock.advance(100);
    device.press(1, false);
    await clock.advance(100);
    const buttons = events.flatMap((e) => (e.type === "button" ? [`${e.button}${e.action}`] : []));
    expect(buttons).toEqual(["1press", "1release"]);
    await board.close();
  });

  it("lights LEDs over I2C within the budget and keeps calibration in its file", async () => {
    const { clock, board, events, device, calibrationFile } = rig();
    await until(clock, () => snaps(events).some((s) => s.settled));
    const before = device.i2cWrites;
    const set = await board.setLeds([
      { pit: "A1", led: { pattern: "blink", colour: "green" } },
      { pit: "D8", led: { pattern: "steady", colour: "red" } },
    ]);
    expect(set.ok).toBe(true);
    await clock.advance(2000);
    const perSecond = (device.i2cWrites - before) / 2;
    // A1 blinks: 2 changes a second, 3 channel writes each; D8 once.
    expect(perSecond).toBeGreaterThan(5);
    expect(perSecond).toBeLessThanOrEqual(3 * 40);
    const tared = await board.tare("A1");
    expect(tared.ok).toBe(true);
    await clock.advance(50);
    await board.close();
    const file = JSON.parse(readFileSync(calibrationFile, "utf8")) as {
      pits: Record<string, { tare: number }>;
    };
    expect(file.pits.A1?.tare).toBeCloseTo(device.raw(0), 0);
  });

  it("reports an unplugged board lost and is ready again after it is back", async () => {
    const { clock, board, events, device } = rig();
    await until(clock, () => board.state === "ready");
    device.unplug();
    await until(clock, () => board.state === "lost");
    await until(clock, () => board.state === "ready", 15000, 20);
    expect(states(events)).toEqual(["handshaking", "ready", "lost", "ready"]);
    await until(clock, () => snaps(events).at(-1)?.settled === true);
    await board.close();
  });

  it("handles a board reset as the serial board handles a reboot", async () => {
    const { clock, board, events, device } = rig();
    await until(clock, () => snaps(events).some((s) => s.settled));
    device.boot();
    await until(clock, () => events.some((e) => e.type === "line-error" && e.code === "reboot"));
    await until(clock, () => board.state === "ready");
    expect(states(events)).toEqual(["handshaking", "ready", "handshaking", "ready"]);
    expect(device.interval).toBe(10);
    const hellos = events.filter((e) => e.type === "hello");
    expect(hellos).toHaveLength(2);
    await board.close();
  });

  it("after a reset, sends its set-up only once the sketch has had time to finish its own", async () => {
    // StandardFirmata announces a restart before its set-up has run; a set-up sent at
    // once overflowed its 64-byte receive buffer (firmata-board.ts, AFTER_RESET_MS).
    const { clock, board, events, device } = rig();
    await until(clock, () => snaps(events).some((s) => s.settled));
    device.boot();
    await clock.advance(100);
    expect(device.interval, "nothing sent 100 ms after the announcement").toBe(19);
    await until(clock, () => device.interval === 10, 1000);
    await until(clock, () => board.state === "ready");
    await board.close();
  });

  it("restarts a StandardFirmata that reports but no longer follows its selects, and plays on", async () => {
    // The emulated Mega once misread the host's bytes and kept reading I2C address 0x70
    // (firmware.ts, STALL_MS): its reports went on, its scans stopped, the session said
    // "line noise" until the game timed out. Now the host resets it and sets it up again.
    const { clock, board, events, device } = rig();
    await until(clock, () => snaps(events).some((s) => s.settled));
    const atOpen = device.systemResets;
    device.confused = true;
    await clock.advance(STALL_MS - 500);
    expect(device.systemResets, "no restart before STALL_MS").toBe(atOpen);
    await until(clock, () => device.systemResets === atOpen + 1, 2000);
    await until(clock, () => events.some((e) => e.type === "line-error" && e.code === "reboot"));
    const reboot = events.find((e) => e.type === "line-error" && e.code === "reboot");
    expect(reboot?.type === "line-error" ? reboot.message : "").toMatch(/watchdog/);
    await until(clock, () => board.state === "ready");
    // Scanning again: a stone dropped into C3 is counted.
    expect(await dropAndCount(clock, events, device, 18, 5)).toBe(5);
    expect(device.systemResets, "one restart").toBe(atOpen + 1);
    await board.close();
  });

  it("restarts a StandardFirmata that stops reporting altogether though still connected", async () => {
    // A misread sampling interval or report switch, its set-up misread too: no reports at
    // all. The host firmware goes quiet (deadMs) and the session may lose the link first;
    // either way StandardFirmata is reset (the watchdog, or the reopen) and counts again.
    const { clock, board, events, device } = rig();
    await until(clock, () => snaps(events).some((s) => s.settled));
    const before = device.systemResets;
    device.mute = true;
    await until(clock, () => device.systemResets > before, STALL_MS + 1500);
    await until(clock, () => board.state === "ready", 15000, 20);
    expect(await dropAndCount(clock, events, device, 3, 7)).toBe(7);
    await board.close();
  });

  it("opens a board that kept running while its port was closed from StandardFirmata's defaults", async () => {
    // No reset on open (its own supply, or a pty): it still reports at full rate and holds
    // what it misread. kete resets it (SYSTEM_RESET) before its set-up, every open.
    // firmata-io asks a board that does not announce itself for its version after
    // `versionWaitMs` of the wall clock, not the fake one: let it ask at once.
    const { clock, board, events, device } = rig(200, 1);
    device.resetOnOpen = false;
    await until(clock, () => snaps(events).some((s) => s.settled));
    expect(device.startUp, "reset, then the set-up").toEqual(["reset", "interval"]);
    device.confused = true;
    device.unplug();
    await until(clock, () => board.state === "lost");
    const lostAt = clock.now();
    while (board.state !== "ready") {
      if (clock.now() - lostAt > 15000) throw new Error("not back in 15 s");
      await clock.advance(20);
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(device.startUp).toEqual(["reset", "interval", "reset", "interval"]);
    // Counting at once: no watchdog restart was needed.
    await until(clock, () => snaps(events).some((s) => s.receivedAt > lostAt && s.settled));
    expect(
      events.some((e) => e.type === "line-error" && /watchdog/.test(e.message)),
      "no watchdog restart",
    ).toBe(false);
    await board.close();
  });

  it("goes lost when the board stops reporting (hung)", async () => {
    const { clock, board, device } = rig();
    await until(clock, () => board.state === "ready");
    device.hung = true;
    await until(clock, () => board.state === "lost", 6000);
    await board.close();
  });

  it("closed before its port has even opened: the port is closed too, nothing left running", async () => {
    const { clock, board, device, events } = rig();
    await board.close(); // at once: the port's open is still on its way
    await clock.advance(3000);
    expect(board.state).toBe("closed");
    expect(events.some((e) => e.type === "hello")).toBe(false);
    const bytes = device.hostBytes;
    await clock.advance(3000);
    expect(device.hostBytes).toBe(bytes);
    expect(clock.pending).toBe(0);
  });

  it("closed while it opens: gives up quietly, no scan or heartbeat left running", async () => {
    const { clock, board, device, events } = rig();
    await clock.advance(60); // the port is open, the Mega has just announced itself
    await board.close();
    await clock.advance(3000);
    expect(board.state).toBe("closed");
    expect(events.some((e) => e.type === "hello")).toBe(false);
    const bytes = device.hostBytes;
    await clock.advance(3000);
    expect(device.hostBytes).toBe(bytes); // nothing written any more
    expect(clock.pending).toBe(0);
  });
});
