/**
 * `HostFirmware`: the reference firmware's side of PROTOCOL.md, run on the
 * host for the stock-parts board. It reads the pits through the half-scan of
 * ./scan.ts and the judgement of ./sensing.ts, times the LED patterns with
 * ./leds.ts, debounces the buttons, keeps calibration in a file, and speaks
 * protocol lines (BOOT, HB, INFO, SNAP, BTN, ERR, CALR, ACK/NAK) to the host
 * session, so `FirmataBoard` is the ordinary `BoardSession` over it and
 * behaves as the serial board does (§6 session, §7 snapshots, §8 LEDs, §9
 * buttons, §10 calibration, §11 errors).
 *
 * It is alive only while the Firmata board sends analogue reports: with none
 * for `deadMs` it sends nothing and answers nothing (as a hung board), so the
 * session's silence timeout (§6.5) reports the link lost. A board that completes
 * no scan for `STALL_MS`, reporting or not, is restarted (`FirmataPins.restart`).
 */
import { GEOMETRIES, countBoard, formatBoardMessage } from "../../protocol/index.js";
import type {
  BoardMessage,
  BootReason,
  DistributiveOmitSeq,
  HostMessage,
  NakReason,
  SnapshotReason,
} from "./types.js";
import type { Scheduler } from "../scheduler.js";
import { BUTTON_PINS, PIT_COUNT, SELECT_PIN } from "./mega.js";
import { ScanSequencer } from "./scan.js";
import type { FullScan } from "./scan.js";
import { NOMINAL_CALIBRATION, PitSensing } from "./sensing.js";
import type { PitCalibration } from "./sensing.js";
import { LedPlan } from "./leds.js";
import type { LedPlanOptions, Rgb } from "./leds.js";
import type { CalibrationTable } from "./calibration-file.js";
import { DeviceLines } from "../device-lines.js";

const PITS: readonly string[] = GEOMETRIES["4x8"].cells;

/** What the host firmware drives on the Firmata board. */
export interface FirmataPins {
  digitalWrite(pin: number, value: 0 | 1): void;
  /** When every byte written so far will have reached the board (host ms), by the line's speed. */
  lineFreeAt(): number;
  /** Asks the board for D22's state (PIN_STATE_QUERY); the answer goes to `HostFirmware.fenced`. */
  queryPinState(pin: number): void;
  writeLed(pit: number, rgb: Rgb): void;
  /**
   * StandardFirmata reports but no longer follows the host (see `STALL_MS`): reset its
   * state and set it up again, then `boot("watchdog")`.
   */
  restart(): void;
}

export interface HostFirmwareOptions {
  readonly scheduler: Scheduler;
  readonly boardId: string;
  readonly firmware: string;
  /** Calibrated pits at start; `saveCalibration` is called with the whole table after TARE/CAL. */
  readonly calibration: CalibrationTable;
  readonly saveCalibration?: (table: CalibrationTable) => void;
  readonly maxCount?: number;
  readonly leds?: LedPlanOptions;
  /** No analogue report for this long: the board is dead (1000). */
  readonly deadMs?: number;
  /** Button debounce, ms (20). */
  readonly buttonMs?: number;
}

/**
 * The largest count announced (INFO max=): what the board counts reliably
 * with the kit's zirconia stones (hardware/firmata.md §2.3), as the
 * reference board announces; a cup holds up to 83 stones of 5.4 g.
 */
export const FIRMATA_MAX_COUNT = 64;
const CHANGE_GAP_MS = 50;
/** Scans averaged for TARE and CAL. */
const RECENT_SCANS = 4;
/** A select unconfirmed for this long is written and queried again. */
const FENCE_WAIT_MS = 250;
/**
 * No whole scan for this long (analogue reports or none): StandardFirmata no longer
 * follows the host's selects, or no longer reports. It has misread a command (bytes
 * lost in its 64-byte receive buffer, or on a noisy cable), and may be reading an I2C
 * address nobody has, over and over; asking again cannot help. The host restarts it
 * (`FirmataPins.restart`) and boots with reason `watchdog` (PROTOCOL.md §6.6), as the
 * reference firmware's watchdog would. A scan takes about 50 ms; the first after a
 * set-up, most of a second.
 */
export const STALL_MS = 3000;

export class HostFirmware {
  private readonly scheduler: Scheduler;
  /** Host lines read and answered as the reference firmware does (§11.1; ../device-lines.ts). */
  private readonly lines = new DeviceLines({
    send: (message) => this.send(message),
    execute: (command) => this.execute(command),
    reboot: () => this.boot("command"),
    defer: (command) => {
      if (command.type !== "snapshot-request" || this.latest !== null) return false;
      // Answered with the first scan (§6.1: within 100 ms); a retransmission is the same request.
      if (!this.waitingSnap.includes(command.id)) this.waitingSnap.push(command.id);
      return true;
    },
  });
  private readonly scan = new ScanSequencer({ fenced: true });
  private readonly sensing: PitSensing;
  private readonly leds: LedPlan;
  private readonly table = new Map<string, PitCalibration>();
  private sink: ((line: string) => void) | null = null;
  private seq = 0;
  private boots = 0;
  private bootAt = 0;
  private running = false;
  private debounce = 200;
  private interval = 2000;
  private lastRaw: readonly number[] | null = null;
  /** The last few scans, for TARE and CAL (their mean: ADC noise averaged out). */
  private recent: (readonly number[])[] = [];
  private lastSent: string | null = null;
  private lastChangeAt = -Infinity;
  private lastSnapshotAt = -Infinity;
  private changePending: (() => void) | null = null;
  private waitingSnap: number[] = [];
  private latest: { counts: readonly (number | null)[]; settled: readonly boolean[] } | null = null;
  private lastReportAt = -Infinity;
  /** When the last whole scan completed (or the board booted). */
  private lastScanAt = -Infinity;
  /** A restart asked of the pins and not yet booted. */
  private restarting = false;
  private cancelHb: (() => void) | null = null;
  private readonly buttonLevel = new Map<number, number>();
  private readonly buttonDown = new Map<number, boolean>();
  private readonly buttonTimers = new Map<number, () => void>();
  private readonly scanWaiters: (() => void)[] = [];
  /** Scan periods measured (ms), the last 64. */
  readonly scanPeriods: number[] = [];

  constructor(
    private readonly pins: FirmataPins,
    private readonly options: HostFirmwareOptions,
  ) {
    this.scheduler = options.scheduler;
    for (const [pit, cal] of options.calibration) this.table.set(pit, cal);
    this.sensing = new PitSensing(this.calibrationList(), {
      debounceMs: this.debounce,
      maxCount: options.maxCount ?? FIRMATA_MAX_COUNT,
    });
    this.leds = new LedPlan(
      this.scheduler,
      PIT_COUNT,
      (pit, rgb) => this.pins.writeLed(pit, rgb),
      options.leds,
    );
  }

  /** Where board lines go (the transport's data handler). */
  connect(sink: ((line: string) => void) | null): void {
    this.sink = sink;
  }

  /** The board (re)started: counter +1, defaults, dark LEDs, BOOT and HB, scanning (§6.1). */
  boot(reason: BootReason): void {
    this.stop();
    this.running = true;
    this.boots = (this.boots + 1) & 0xffff;
    this.seq = 0;
    this.bootAt = this.scheduler.now();
    this.lastReportAt = this.bootAt;
    this.lastScanAt = this.bootAt;
    this.restarting = false;
    this.debounce = 200;
    this.interval = 2000;
    this.sensing.debounceMs = this.debounce;
    this.sensing.reset();
    this.lastSent = null;
    this.latest = null;
    this.lastRaw = null;
    this.recent = [];
    this.leds.setAll({ pattern: "off" });
    this.leds.invalidate();
    this.leds.start();
    this.send({ type: "boot", boot: this.boots, reason });
    this.send({ type: "heartbeat", boot: this.boots, uptime: 0 });
    for (const pit of PITS) {
      if (!this.table.has(pit)) this.send({ type: "error", code: "calibration-needed", pit });
    }
    this.select(this.scan.begin(this.scheduler.now()));
    this.armHeartbeat();
  }

  stop(): void {
    this.running = false;
    this.leds.stop();
    this.cancelHb?.();
    this.cancelHb = null;
    this.changePending?.();
    this.changePending = null;
    for (const cancel of this.buttonTimers.values()) cancel();
    this.buttonTimers.clear();
    this.waitingSnap = [];
  }

  get bootCount(): number {
    return this.boots;
  }

  /** The board sends analogue reports (not hung). */
  get alive(): boolean {
    return this.running && this.scheduler.now() - this.lastReportAt < (this.options.deadMs ?? 1000);
  }

  /** Scans completed since construction. */
  get scans(): number {
    return this.scan.completed;
  }

  /** The latest scan's raw readings, pit order (null before the first). */
  get latestRaw(): readonly number[] | null {
    return this.lastRaw;
  }

  /** The LED plan (tests and measurements). */
  get ledPlan(): LedPlan {
    return this.leds;
  }

  // ------------------------------------------------------------ inputs

  /** One analogue report from the Firmata board. */
  analog(channel: number, value: number): void {
    if (!this.running) return;
    const now = this.scheduler.now();
    this.lastReportAt = now;
    if (this.stalled(now)) return;
    // A select or its answer lost on the way: ask again rather than stall the scan.
    if (this.scan.awaitingFence && now - this.scan.lastSelectAt > FENCE_WAIT_MS) {
      this.select(this.scan.selectedHalf);
      this.scan.restartWait(now);
    }
    const step = this.scan.report(channel, value, now);
    if (step.select !== undefined) this.select(step.select);
    if (step.scan !== undefined) this.scanned(step.scan);
  }

  /** No whole scan for `STALL_MS`, reports or none: restart StandardFirmata (once until it boots). */
  private stalled(now: number): boolean {
    if (now - this.lastScanAt <= STALL_MS) return false;
    if (!this.restarting) {
      this.restarting = true;
      this.pins.restart();
    }
    return true;
  }

  /** Writes D22 and asks for its state: the answer fences off the cycles sampled before. */
  private select(half: 0 | 1): void {
    this.pins.digitalWrite(SELECT_PIN, half);
    this.scan.arrivesAt(this.pins.lineFreeAt());
    this.pins.queryPinState(SELECT_PIN);
  }

  /** The board's answer to the pin state query of D22. */
  fenced(state: number): void {
    if (this.running) this.scan.fence(state, this.scheduler.now());
  }

  /** A digital report for a pin (buttons: LOW = pressed, §9 debounced here). */
  digital(pin: number, value: number): void {
    const button = BUTTON_PINS.indexOf(pin) + 1;
    if (button === 0 || !this.running) return;
    this.buttonLevel.set(button, value);
    this.buttonTimers.get(button)?.();
    this.buttonTimers.set(
      button,
      this.scheduler.schedule(() => {
        this.buttonTimers.delete(button);
        const down = this.buttonLevel.get(button) === 0;
        if (down === (this.buttonDown.get(button) ?? false)) return;
        this.buttonDown.set(button, down);
        this.send({ type: "button", button, action: down ? "press" : "release" });
      }, this.options.buttonMs ?? 20),
    );
  }

  /** Bytes (lines) from the host session. */
  receive(text: string): void {
    if (!this.alive) return; // a hung board hears nothing
    this.lines.receive(text);
  }

  // ------------------------------------------------------------ sensing

  /** Resolves with the first complete scan after `boot` (at once if there is one). */
  firstScan(): Promise<void> {
    if (this.lastRaw !== null) return Promise.resolve();
    return new Promise((resolve) => this.scanWaiters.push(resolve));
  }

  private scanned(scan: FullScan): void {
    this.lastScanAt = scan.completedAt;
    for (const resolve of this.scanWaiters.splice(0)) resolve();
    this.scanPeriods.push(scan.completedAt - scan.startedAt);
    if (this.scanPeriods.length > 64) this.scanPeriods.shift();
    this.lastRaw = scan.raw;
    this.recent = [...this.recent.slice(-(RECENT_SCANS - 1)), scan.raw];
    const update = this.sensing.update(scan.raw, scan.completedAt);
    for (const pit of update.faultsBegun) {
      this.send({ type: "error", code: "sensor-fault", pit: PITS[pit] ?? null });
    }
    this.latest = { counts: update.counts, settled: update.settled };
    for (const id of this.waitingSnap) {
      this.snapshot("request");
      this.send({ type: "ack", id });
    }
    this.waitingSnap = [];
    const key = this.snapshotKey();
    const now = scan.completedAt;
    if (key !== this.lastSent) this.change(now);
    else if (this.interval > 0 && now - this.lastSnapshotAt >= this.interval) {
      this.snapshot("periodic");
    }
  }

  /** §7: at most one change snapshot per 50 ms; a sooner change waits and shows the latest. */
  private change(now: number): void {
    if (this.changePending !== null) return;
    const due = this.lastChangeAt + CHANGE_GAP_MS;
    if (now >= due) {
      this.lastChangeAt = now;
      this.snapshot("change");
      return;
    }
    this.changePending = this.scheduler.schedule(() => {
      this.changePending = null;
      if (!this.running || this.snapshotKey() === this.lastSent) return;
      this.lastChangeAt = this.scheduler.now();
      this.snapshot("change");
    }, due - now);
  }

  private snapshotKey(): string {
    const l = this.latest;
    if (l === null) return "";
    return `${l.counts.map((c) => (c === null ? "?" : c)).join(",")}|${l.settled.map((s) => (s ? 1 : 0)).join("")}`;
  }

  private snapshot(reason: SnapshotReason): void {
    const l = this.latest;
    if (l === null) return;
    const unsettled = PITS.filter((_, i) => l.settled[i] !== true);
    const faultFree = l.counts.every((c, i) => c === null || l.settled[i] === true);
    this.send({
      type: "snapshot",
      reason,
      settled: faultFree,
      unsettled,
      board: countBoard(l.counts),
    });
    this.lastSent = this.snapshotKey();
    this.lastSnapshotAt = this.scheduler.now();
  }

  // ------------------------------------------------------------ commands

  /** Carries out a command (data lines first); the NAK reason, or null for ACK. */
  private execute(c: HostMessage): NakReason | null {
    switch (c.type) {
      case "hello":
        if (c.proto < 1) return "bad-args";
        this.send(this.info());
        return null;
      case "ping":
      case "reset":
        return null;
      case "snapshot-request":
        this.snapshot("request");
        return null;
      case "config":
        if (c.debounceMs !== null) {
          this.debounce = c.debounceMs;
          this.sensing.debounceMs = c.debounceMs;
        }
        if (c.snapshotIntervalMs !== null) this.interval = c.snapshotIntervalMs;
        return null;
      case "led": {
        const indexes = c.leds.map((e) => PITS.indexOf(e.pit));
        if (indexes.some((i) => i < 0)) return "bad-pit";
        c.leds.forEach((e, k) => this.leds.set(indexes[k] ?? -1, e.led));
        return null;
      }
      case "led-all":
        this.leds.setAll(c.led);
        return null;
      case "led-clear":
        this.leds.setAll({ pattern: "off" });
        return null;
      case "tare":
        return this.tare(c.pit);
      case "calibrate":
        return this.calibrate(c.pit, c.known);
      case "calibration-request":
        this.calibrationReport();
        return null;
    }
  }

  private info(): DistributiveOmitSeq<BoardMessage> {
    return {
      type: "info",
      proto: 1,
      firmware: this.options.firmware,
      boardId: this.options.boardId,
      geometry: "4x8",
      boot: this.boots,
      maxCount: this.options.maxCount ?? FIRMATA_MAX_COUNT,
      colours: ["red", "green", "blue", "yellow", "cyan", "magenta", "white"],
      patterns: ["steady", "blink", "fast", "pulse"],
      buttons: BUTTON_PINS.length,
      calibration: true,
      debounceMs: this.debounce,
      snapshotIntervalMs: this.interval,
    };
  }

  /** Each pit's mean reading over the last few scans (null before the first). */
  private meanRaw(): number[] | null {
    const n = this.recent.length;
    if (n === 0) return null;
    return PITS.map((_, i) => this.recent.reduce((sum, r) => sum + (r[i] ?? 0), 0) / n);
  }

  private tare(pit: string | null): NakReason | null {
    const raw = this.meanRaw();
    if (raw === null) return "busy";
    const pits = pit === null ? PITS : [pit];
    for (const name of pits) {
      const i = PITS.indexOf(name);
      if (i < 0) return "bad-pit";
      if (this.sensing.faulty(i)) continue;
      const gain = (this.table.get(name) ?? NOMINAL_CALIBRATION).gain;
      this.table.set(name, { tare: raw[i] ?? 0, gain });
    }
    this.calibrated();
    return null;
  }

  private calibrate(pit: string, known: number | string): NakReason | null {
    const raw = this.meanRaw();
    const i = PITS.indexOf(pit);
    if (i < 0) return "bad-pit";
    if (typeof known !== "number") return "bad-args";
    if (raw === null) return "busy";
    // The zero the pit counts from now: its tare as tracked, or found by the board if never calibrated.
    const tare = this.sensing.zeroOf(i).zero;
    if (known === 0) {
      this.table.set(pit, { tare: raw[i] ?? tare, gain: this.gainOf(pit) });
    } else {
      const gain = ((raw[i] ?? 0) - tare) / known;
      // Implausible: less than a tenth or more than ten times the nominal gain (§10).
      if (!(gain > NOMINAL_CALIBRATION.gain / 10 && gain < NOMINAL_CALIBRATION.gain * 10)) {
        return "bad-args";
      }
      this.table.set(pit, { tare, gain });
    }
    this.calibrated();
    return null;
  }

  private gainOf(pit: string): number {
    return (this.table.get(pit) ?? NOMINAL_CALIBRATION).gain;
  }

  private calibrated(): void {
    this.sensing.calibrate(this.calibrationList());
    this.options.saveCalibration?.(new Map(this.table));
  }

  /** Each pit's stored calibration; null for a pit not calibrated (the sensing zeroes it itself). */
  private calibrationList(): (PitCalibration | null)[] {
    return PITS.map((pit) => this.table.get(pit) ?? null);
  }

  private calibrationReport(): void {
    PITS.forEach((pit, i) => {
      const raw = Math.round(this.lastRaw?.[i] ?? 0);
      const status = this.sensing.faulty(i) ? "fault" : this.table.has(pit) ? "ok" : "need";
      this.send({ type: "calibration", pit, status, raw });
    });
  }

  // ------------------------------------------------------------ output

  private armHeartbeat(): void {
    this.cancelHb?.();
    this.cancelHb = this.scheduler.schedule(() => {
      this.cancelHb = null;
      if (!this.running) return;
      // A board that stopped reporting altogether is restarted too (it may have misread a
      // sampling interval or a report switch); one that is gone is the session's to notice.
      this.stalled(this.scheduler.now());
      const uptime = Math.floor((this.scheduler.now() - this.bootAt) / 1000);
      this.send({ type: "heartbeat", boot: this.boots, uptime });
      this.armHeartbeat();
    }, 1000);
  }

  private send(message: DistributiveOmitSeq<BoardMessage>): void {
    // A hung board says nothing (the session notices the silence, §6.5).
    if (this.sink === null || !this.alive) return;
    const full = { ...message, seq: this.seq } as BoardMessage;
    this.seq = (this.seq + 1) & 0xff;
    const line = formatBoardMessage(full);
    if (!line.ok) throw new Error(`kete bug: cannot format ${message.type}: ${line.error.message}`);
    this.sink(`${line.value}\n`);
  }
}
