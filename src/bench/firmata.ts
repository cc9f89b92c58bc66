/**
 * The stock-parts board (issue 15, hardware/firmata.md) under emulation: the
 * genuine StandardFirmata image on an emulated Mega 2560 (StockBoard), its
 * USART carried at 57600 baud by a StockBinding to a FirmataBoard whose host
 * firmware (scan, counts, settling, LEDs) runs on the board's cycle clock.
 * Measures what the issue asks: how fast the emulation runs, the scan period
 * (two fenced half-scans, hardware/firmata.md §4), how long a dropped stone
 * takes to reach kete as a settled count with the debounce `kete play` sets
 * (PROTOCOL.md §7), how long an LED command takes to light the LED on its
 * PCA9685, and how much of the 57600-baud line the board uses.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FirmataBoard, formatCalibration } from "../board/index.js";
import type { BoardEvent, BoardSnapshot, PitCalibration } from "../board/index.js";
import type { TraceStep } from "../games/index.js";
import { playTrace } from "../board/index.js";
import { StockBinding, StockBoard, loadStandardFirmata } from "../emulator/index.js";
import type { LedColour } from "../protocol/index.js";
import { GEOMETRIES } from "../protocol/index.js";
import { seededRandom } from "../shared/index.js";
import { printTable } from "./report.js";

const PITS = GEOMETRIES["4x8"].cells;
/** The debounce `kete play` sets at a person's pace (settleMs(1), src/cli/play/board.ts). */
const KETE_PLAY_DEB_MS = 100;
/** The board's own default debounce (PROTOCOL.md §7), as the reference board's bench row uses. */
const BOARD_DEB_MS = 200;
/** 57600 baud, 8N1: ten bit times a byte. */
const LINE_BYTES_PER_S = 57600 / 10;

interface Rig {
  readonly board: StockBoard;
  readonly link: FirmataBoard;
  readonly events: BoardEvent[];
  /** Bytes host → board and board → host so far. */
  readonly bytes: { toBoard: number; toHost: number };
  readonly dir: string;
}

/** The board's factory calibration, from its amplifiers' nominal readings (what `kete calibrate` finds). */
function calibrationOf(board: StockBoard): Map<string, PitCalibration> {
  const table = new Map<string, PitCalibration>();
  PITS.forEach((pit, k) => {
    const tare = board.afe.expectedCode(k, 0);
    const gain = (board.afe.expectedCode(k, 40 * 5.4) - tare) / 40;
    table.set(pit, { tare, gain });
  });
  return table;
}

async function rig(image: Uint8Array, seed: number, debounceMs = KETE_PLAY_DEB_MS): Promise<Rig> {
  const made = StockBoard.create({ firmware: image, seed, counts: 4 });
  if (!made.ok) throw new Error(made.error.message);
  const board = made.value;
  const bytes = { toBoard: 0, toHost: 0 };
  board.onTx(() => bytes.toHost++);
  const receive = board.receive.bind(board);
  board.receive = (chunk) => {
    bytes.toBoard += chunk.length;
    receive(chunk);
  };
  const binding = new StockBinding(board);
  const dir = mkdtempSync(join(tmpdir(), "kete-bench-firmata-"));
  const calibrationFile = join(dir, "cal.json");
  writeFileSync(calibrationFile, formatCalibration("emulated", calibrationOf(board)));
  const link = new FirmataBoard(binding.path, {
    binding,
    scheduler: board.clock,
    calibrationFile,
    debounceMs,
    snapshotIntervalMs: 1000,
    firmataReadyMs: 5000,
  });
  const events: BoardEvent[] = [];
  link.subscribe((e) => events.push(e));
  if (!(await board.runUntil(() => link.state === "ready", 10_000))) {
    throw new Error("the FirmataBoard did not get ready on the emulated stock board");
  }
  await board.runFor(500);
  return { board, link, events, bytes, dir };
}

async function done(r: Rig): Promise<void> {
  await r.link.close();
  rmSync(r.dir, { recursive: true, force: true });
}

const snaps = (events: readonly BoardEvent[], from: number): BoardSnapshot[] =>
  events.slice(from).flatMap((e) => (e.type === "snapshot" ? [e.snapshot] : []));

/** n, p50, p99 and max of samples (ms). */
function quantiles(samples: number[]): number[] {
  samples.sort((a, b) => a - b);
  const at = (q: number): number =>
    samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? NaN;
  return [samples.length, at(0.5), at(0.99), samples.at(-1) ?? NaN];
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A hand sowing round the South rows and every LED blinking: the board and host at their busiest. */
function busy(r: Rig): void {
  void r.link.setLeds(PITS.map((pit) => ({ pit, led: { pattern: "blink", colour: "green" } })));
  const ring = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "B8", "B7", "B6", "B5"];
  const trace: TraceStep[] = [];
  for (let k = 0; k < 40; k++) {
    trace.push(
      { op: "lift", pit: ring[k % ring.length] ?? "A1", n: 1 },
      { op: "sow", pit: ring[(k + 1) % ring.length] ?? "A2" },
    );
  }
  void playTrace(r.board.physical, trace, {
    scheduler: r.board.clock,
    perStoneMs: [150, 300],
    seed: 5,
  });
}

interface LoadPhase {
  readonly what: string;
  readonly rows: (string | number)[];
  readonly load: (string | number)[];
  readonly periods: number[];
}

/** Speed, line load and scan periods, idle and busy. */
async function phases(image: Uint8Array): Promise<LoadPhase[]> {
  const out: LoadPhase[] = [];
  for (const [what, load] of [
    ["idle board, 4 stones a pit", false],
    ["sowing hand, every LED blinking", true],
  ] as const) {
    const r = await rig(image, 3);
    if (load) busy(r);
    await r.board.runFor(500);
    const firmware = r.link.firmata.hostFirmware;
    const periods: number[] = [];
    const runs: [number, number][] = [];
    const b0 = { ...r.bytes };
    const t0 = r.board.now;
    // scanPeriods keeps the last 64 scans: drain it every emulated second (< 64 scans).
    const drain = (): void => {
      periods.push(...(firmware?.scanPeriods.splice(0) ?? []));
    };
    drain();
    periods.length = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const c = process.cpuUsage();
      for (let s = 0; s < 2; s++) {
        await r.board.runFor(1000);
        drain();
      }
      const used = process.cpuUsage(c);
      runs.push([2000 / (performance.now() - t), 2000 / ((used.user + used.system) / 1000)]);
    }
    const seconds = (r.board.now - t0) / 1000;
    const toBoard = (r.bytes.toBoard - b0.toBoard) / seconds;
    const toHost = (r.bytes.toHost - b0.toHost) / seconds;
    const wall = median(runs.map((x) => x[0]));
    const cpu = median(runs.map((x) => x[1]));
    const mhz = (f: number): number => f * 16;
    out.push({
      what,
      rows: [what, 6000, mhz(wall), `${wall.toFixed(2)}x`, mhz(cpu), `${cpu.toFixed(2)}x`],
      load: [
        what,
        Math.round(toHost),
        `${((100 * toHost) / LINE_BYTES_PER_S).toFixed(0)} %`,
        Math.round(toBoard),
        `${((100 * toBoard) / LINE_BYTES_PER_S).toFixed(0)} %`,
      ],
      periods,
    });
    await done(r);
  }
  return out;
}

/**
 * Emulated ms from a stone placed in a random pit to the first settled
 * snapshot that counts it (kete play's debounce), and from an LED command to
 * the LED lit in that colour on its PCA9685.
 */
async function latencies(
  image: Uint8Array,
  debounceMs: number,
): Promise<{ drop: number[]; led: number[] }> {
  const r = await rig(image, 4, debounceMs);
  const random = seededRandom(4);
  const drop: number[] = [];
  for (let k = 0; k < 60; k++) {
    const i = Math.floor(random() * 32);
    const pit = PITS[i] ?? "A1";
    const count = r.board.physical.count(pit) + 1;
    const from = r.events.length;
    const placed = r.board.physical.hand.place(pit);
    if (!placed.ok) throw new Error(placed.error.message);
    const landed = r.board.now;
    let at = Infinity;
    await r.board.runUntil(() => {
      const hit = snaps(r.events, from).find(
        (s) => s.settled && "counts" in s.board && s.board.counts[i] === count,
      );
      if (hit !== undefined) at = hit.receivedAt;
      return hit !== undefined;
    }, 3000);
    drop.push(at - landed);
    await r.board.runFor(200 + 400 * random());
  }
  const colours: [LedColour, "r" | "g" | "b"][] = [
    ["red", "r"],
    ["green", "g"],
    ["blue", "b"],
  ];
  const led: number[] = [];
  for (let k = 0; k < 30; k++) {
    const pit = PITS[Math.floor(random() * 32)] ?? "A1";
    const [colour, channel] = colours[k % 3] ?? ["green", "g"];
    const t0 = r.board.now;
    void r.link.setLeds([{ pit, led: { pattern: "steady", colour } }]);
    const lit = await r.board.runUntil(() => r.board.ledOf(pit)[channel] > 200, 3000);
    led.push(lit ? r.board.now - t0 : Infinity);
    void r.link.setLeds([{ pit, led: { pattern: "off" } }]);
    await r.board.runUntil(() => r.board.ledOf(pit)[channel] === 0, 3000);
    await r.board.runFor(100 + 200 * random());
  }
  await done(r);
  return { drop, led };
}

export async function benchFirmata(): Promise<void> {
  const image = loadStandardFirmata();
  if (!image.ok) {
    console.log(`\n## Stock-parts board\n\nno StandardFirmata image: ${image.error.message}`);
    return;
  }
  const ps = await phases(image.value);
  printTable({
    title: "Stock-parts board: StandardFirmata on an emulated Mega 2560, FirmataBoard scanning",
    columns: ["load", "emulated ms", "MHz / wall s", "× real time", "MHz / CPU s", "× per CPU s"],
    rows: ps.map((p) => p.rows),
    notes: [
      "Medians of three runs of 2 s, the host side (firmata-io, the host firmware's scan, counts and LED plan) in the same process and included. × real time ≥ 1: `kete board-sim --firmata` keeps up with the wall clock.",
    ],
  });
  const { drop, led } = await latencies(image.value, KETE_PLAY_DEB_MS);
  const board = await latencies(image.value, BOARD_DEB_MS);
  printTable({
    title: "Stock-parts board: scan, settle and LEDs (emulated clock)",
    columns: ["path", "samples", "p50 ms", "p99 ms", "max ms"],
    rows: [
      ...ps.map((p) => [`scan period (both halves), ${p.what}`, ...quantiles(p.periods)]),
      [`stone dropped → settled count (deb ${KETE_PLAY_DEB_MS} ms)`, ...quantiles(drop)],
      [`stone dropped → settled count (deb ${BOARD_DEB_MS} ms)`, ...quantiles(board.drop)],
      ["LED command → LED lit on its PCA9685", ...quantiles(led)],
    ],
    notes: [
      `Scan: select D22, fence it with a PIN_STATE_QUERY of D22, keep the first complete report cycle (A0..A15 at a 10 ms sampling interval) after the answer; twice (hardware/firmata.md §4). Settle: from a stone landing in a random pit to the first settled snapshot counting it, with the debounce kete play sets (${KETE_PLAY_DEB_MS} ms, PROTOCOL.md §7) and with the board's default (${BOARD_DEB_MS} ms, as the reference board's row); the cup's ringing and the amplifier's RC filter are in it. LED: from setLeds to the colour channel above 200 of 255 on the emulated PCA9685 (johnny-five Led.RGB's I2C writes at 57600 baud).`,
    ],
  });
  printTable({
    title: "Stock-parts board: line load at 57600 baud (5760 bytes/s each way)",
    columns: ["load", "board → host B/s", "of line", "host → board B/s", "of line"],
    rows: ps.map((p) => p.load),
    notes: [
      "Board → host: StandardFirmata's analogue reports (16 pins × 3 bytes every 10 ms) and the answers to the scan's fences; host → board: the D22 selects, their PIN_STATE_QUERYs and the LED plan's I2C writes.",
    ],
  });
}
