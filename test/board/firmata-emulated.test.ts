/**
 * FirmataBoard against the genuine StandardFirmata image for the Mega running
 * on the emulated stock-parts board (src/emulator/stock), in process and in
 * emulated time: the StockBinding carries firmata-io's bytes at 57600 baud,
 * the host's timers run on the board's cycle clock. Measures the scan period
 * and the settle latency (a stone at rest → a settled snapshot showing it).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StockBinding, StockBoard, loadStandardFirmata } from "../../src/emulator/index.js";
import { FirmataBoard } from "../../src/board/firmata/firmata-board.js";
import { STALL_MS } from "../../src/board/firmata/firmware.js";
import { formatCalibration } from "../../src/board/firmata/calibration-file.js";
import type { PitCalibration } from "../../src/board/firmata/sensing.js";
import type { BoardEvent, BoardSnapshot } from "../../src/board/link.js";
import { GEOMETRIES } from "../../src/protocol/index.js";

const image = loadStandardFirmata();
const PITS = GEOMETRIES["4x8"].cells;

const snaps = (events: readonly BoardEvent[]): BoardSnapshot[] =>
  events.flatMap((e) => (e.type === "snapshot" ? [e.snapshot] : []));

/** The board's factory calibration, from its amplifiers' nominal readings (as `kete calibrate` would find). */
function calibrationOf(board: StockBoard): Map<string, PitCalibration> {
  const table = new Map<string, PitCalibration>();
  PITS.forEach((pit, k) => {
    const tare = board.afe.expectedCode(k, 0);
    const gain = (board.afe.expectedCode(k, 40 * 5.4) - tare) / 40;
    table.set(pit, { tare, gain });
  });
  return table;
}

function rig(seed: number) {
  if (!image.ok) throw new Error(image.error.message);
  const made = StockBoard.create({ firmware: image.value, seed, counts: 4 });
  if (!made.ok) throw new Error(made.error.message);
  const board = made.value;
  const binding = new StockBinding(board);
  const dir = mkdtempSync(join(tmpdir(), "kete-firmata-emu-"));
  const calibrationFile = join(dir, "cal.json");
  writeFileSync(calibrationFile, formatCalibration("emulated", calibrationOf(board)));
  const link = new FirmataBoard(binding.path, {
    binding,
    scheduler: board.clock,
    calibrationFile,
    debounceMs: 150,
    snapshotIntervalMs: 1000,
    firmataReadyMs: 5000,
  });
  const events: BoardEvent[] = [];
  link.subscribe((e) => events.push(e));
  return { board, binding, link, events };
}

describe.skipIf(!image.ok)(
  "FirmataBoard on StandardFirmata under emulation",
  { timeout: 120_000 },
  () => {
    it("reads every pit, settles, and measures scan period and settle latency", async () => {
      const { board, link, events } = rig(5);
      expect(await board.runUntil(() => link.state === "ready", 8000)).toBe(true);
      expect(await board.runUntil(() => snaps(events).some((s) => s.settled), 3000)).toBe(true);
      const first = snaps(events).find((s) => s.settled);
      expect(first?.board).toEqual({ geometry: "4x8", counts: new Array(32).fill(4) });
      // The handshake, restore and first SNAP went through without a retransmission.
      expect(events.filter((e) => e.type === "line-error")).toEqual([]);
      await board.runFor(1000);
      const periods = [...(link.firmata.hostFirmware?.scanPeriods ?? [])]
        .slice(-20)
        .sort((a, b) => a - b);
      const median = periods[10] ?? 0;
      // One report cycle (10 ms) a half after the select is confirmed, plus the fence's round trip.
      expect(median).toBeGreaterThanOrEqual(20);
      expect(median).toBeLessThanOrEqual(70);

      // A stone lifted from B3 and dropped into C5: settled snapshots show both, deb after rest.
      const hand = board.physical.hand;
      expect(hand.lift("B3", 1).ok).toBe(true);
      const lifted = board.clock.now();
      expect(await board.runUntil(() => settledWith(events, lifted, 10, 3), 3000)).toBe(true);
      const liftLatency = (snaps(events).at(-1)?.receivedAt ?? 0) - lifted;
      expect(hand.drop("C5").ok).toBe(true);
      const dropped = board.clock.now();
      expect(await board.runUntil(() => settledWith(events, dropped, 20, 5), 3000)).toBe(true);
      const dropLatency = (snaps(events).at(-1)?.receivedAt ?? 0) - dropped;
      console.log(
        `emulated Mega: scan period median ${median.toFixed(1)} ms (min ${periods[0]?.toFixed(1)}, max ${periods.at(-1)?.toFixed(1)}); settle latency lift ${liftLatency.toFixed(0)} ms, drop ${dropLatency.toFixed(0)} ms (deb 150)`,
      );
      expect(dropLatency).toBeGreaterThanOrEqual(150);
      expect(dropLatency).toBeLessThanOrEqual(150 + 250);
      expect(events.some((e) => e.type === "board-error")).toBe(false);
      await link.close();
    });

    it("lights an LED in the colour asked, passes the buttons on, and survives a reset and an unplug", async () => {
      const { board, binding, link, events } = rig(6);
      expect(await board.runUntil(() => link.state === "ready", 8000)).toBe(true);
      const set = link.setLeds([{ pit: "A1", led: { pattern: "steady", colour: "green" } }]);
      expect(await board.runUntil(() => board.ledOf("A1").g > 200, 3000)).toBe(true);
      expect((await set).ok).toBe(true);
      expect(board.ledOf("A1")).toMatchObject({ r: 0, b: 0 });
      board.press(1);
      await board.runFor(100);
      board.release(1);
      await board.runFor(100);
      const buttons = events.flatMap((e) =>
        e.type === "button" ? [`${e.button}${e.action}`] : [],
      );
      expect(buttons).toEqual(["1press", "1release"]);

      board.reset("external");
      expect(
        await board.runUntil(
          () => events.some((e) => e.type === "line-error" && e.code === "reboot"),
          5000,
        ),
      ).toBe(true);
      expect(await board.runUntil(() => link.state === "ready", 8000)).toBe(true);
      // The LED asked for before the reset is lit again (restored after the handshake).
      expect(await board.runUntil(() => board.ledOf("A1").g > 200, 3000)).toBe(true);

      binding.unplug();
      expect(await board.runUntil(() => link.state === "lost", 3000)).toBe(true);
      binding.replug();
      expect(await board.runUntil(() => link.state === "ready", 15000)).toBe(true);
      expect(await board.runUntil(() => snaps(events).at(-1)?.settled === true, 3000)).toBe(true);
      await link.close();
    });

    it("restarts StandardFirmata when it misreads the host's bytes and stops following it", async () => {
      // Host bytes lost in StandardFirmata's 64-byte receive buffer make it misread what
      // follows (firmware.ts, STALL_MS). Here the misread turns A5's reports off: the
      // other 15 inputs go on reporting, but no scan can complete. kete restarts it
      // (SYSTEM_RESET, then its set-up) and the board counts again.
      const { board, link, events } = rig(7);
      expect(await board.runUntil(() => link.state === "ready", 8000)).toBe(true);
      expect(await board.runUntil(() => snaps(events).some((s) => s.settled), 3000)).toBe(true);
      const scans = () => link.firmata.hostFirmware?.scans ?? 0;
      board.uart.receive([0xc0 | 5, 0]); // REPORT_ANALOG A5 off
      const misread = board.clock.now();
      await board.runFor(1000);
      const stalled = scans();
      await board.runFor(1000);
      expect(scans(), "no scan completes without A5").toBe(stalled);
      const reboot = () =>
        events.some(
          (e) => e.type === "line-error" && e.code === "reboot" && /watchdog/.test(e.message),
        );
      expect(await board.runUntil(reboot, 5000), "restarted (boot reason watchdog)").toBe(true);
      const restartedAfter = board.clock.now() - misread;
      expect(restartedAfter).toBeGreaterThanOrEqual(STALL_MS);
      expect(await board.runUntil(() => link.state === "ready", 8000)).toBe(true);
      const back = board.clock.now();
      expect(
        await board.runUntil(
          () => snaps(events).some((s) => s.receivedAt > back && s.settled),
          3000,
        ),
      ).toBe(true);
      expect(scans()).toBeGreaterThan(stalled);
      console.log(
        `emulated Mega: A5's reports turned off; kete restarted StandardFirmata ${restartedAfter.toFixed(0)} ms later and was counting again after ${(board.clock.now() - misread).toFixed(0)} ms`,
      );
      await link.close();
    });
  },
);

/** A settled snapshot received after `since` with `count` stones in pit index `pit`. */
function settledWith(
  events: readonly BoardEvent[],
  since: number,
  pit: number,
  count: number,
): boolean {
  const last = snaps(events).at(-1);
  return (
    last !== undefined &&
    last.receivedAt > since &&
    last.settled &&
    last.board.geometry === "4x8" &&
    last.board.counts[pit] === count
  );
}
