/**
 * Half-scan sequencing of the stock-parts board, pure (issue 15 design: the
 * host's scan). StandardFirmata reports A0..A15 every sampling interval, one
 * report cycle after another; the host selects a half of the pits on D22 and
 * keeps the values of the **second** complete cycle that begins after the
 * select was written (the first may have been sampled before the board saw
 * the write: bytes in flight, a cycle already sampled). Then the other half.
 *
 *   const scan = new ScanSequencer();
 *   io.digitalWrite(22, scan.begin(now));          // select half 0
 *   const step = scan.report(channel, value, now); // for every analogue report
 *   if (step.select !== undefined) io.digitalWrite(22, step.select);
 *   if (step.scan !== undefined) use(step.scan.raw); // 32 readings, canonical order
 *
 * A cycle with a channel missing or out of order (bytes lost) is not used;
 * the next complete one is taken instead.
 *
 * Fenced (`new ScanSequencer({ fenced: true })`): counting cycles from the
 * write is only as good as the time the write takes to reach the board, and
 * a pseudo-terminal, a USB adapter's buffer or an emulator pacing its UART
 * can hold it back longer than a report cycle. So the host follows the select
 * write with a PIN_STATE_QUERY of D22 and calls `fence(state)` when the answer
 * comes: StandardFirmata handles its input in order between report cycles, so
 * every cycle that begins after the answer in the byte stream was sampled
 * with the new select, and the first complete one is kept.
 */
import { ANALOG_CHANNELS, PIT_COUNT } from "./mega.js";

/** Which half the switches select: 0 = D22 LOW (pits 0..15), 1 = HIGH (16..31). */
export type Half = 0 | 1;

/** One reading of all 32 pits. */
export interface FullScan {
  /** ADC readings, pit index order. */
  readonly raw: readonly number[];
  /** When the first half was selected and when the last value came, host ms. */
  readonly startedAt: number;
  readonly completedAt: number;
}

export interface ScanStep {
  /** Write this to the select line now. */
  readonly select?: Half;
  /** A scan just completed. */
  readonly scan?: FullScan;
}

/** Complete cycles beginning after the select write that are skipped before one is kept. */
export const CYCLES_SKIPPED = 1;

export interface ScanOptions {
  /** Wait for `fence` after each select (default false: count cycles from the write). */
  readonly fenced?: boolean;
}

export class ScanSequencer {
  private readonly fencedMode: boolean;
  /** Fenced mode: the board has confirmed the current select. */
  private confirmed = false;
  private half: Half = 0;
  private selectedAt = 0;
  private scanStartedAt = 0;
  /** Cycles that began after the last select write (the one in progress included). */
  private cyclesBegun = 0;
  private lastChannel = -1;
  private cycleOk = false;
  private readonly cycle: number[] = new Array<number>(ANALOG_CHANNELS).fill(0);
  private readonly raw: number[] = new Array<number>(PIT_COUNT).fill(0);
  private scans = 0;
  /** Cycles whose first report arrives before this time do not count (the write is still on its way). */
  private countFrom = 0;

  constructor(options: ScanOptions = {}) {
    this.fencedMode = options.fenced === true;
  }

  /** Fenced mode: the board answered the query that followed a select write with `state`. */
  fence(state: number, now: number): void {
    if (!this.fencedMode || this.confirmed || state !== this.half) return;
    this.confirmed = true;
    this.countFrom = now;
    this.cyclesBegun = 0;
    this.cycleOk = false;
  }

  /** Whether the scan waits for the board to confirm its select. */
  get awaitingFence(): boolean {
    return this.fencedMode && !this.confirmed;
  }

  /** Starts (or restarts) a scan with half 0; returns the select value to write now. */
  begin(now: number): Half {
    this.half = 0;
    this.scanStartedAt = now;
    this.selected(now);
    return 0;
  }

  /** Scans completed since construction. */
  get completed(): number {
    return this.scans;
  }

  /** The half being read. */
  get selectedHalf(): Half {
    return this.half;
  }

  /** One analogue report (channel 0..15, value 0..1023) at host time `now`. */
  report(channel: number, value: number, now: number): ScanStep {
    if (!Number.isInteger(channel) || channel < 0 || channel >= ANALOG_CHANNELS) return {};
    if (channel <= this.lastChannel || (this.lastChannel < 0 && channel === 0)) {
      // A channel no later than the last one (or the very first A0): a new cycle begins.
      // The first reports ever, if they start mid-cycle, belong to a cycle begun before.
      if (now >= this.countFrom) this.cyclesBegun++;
      this.cycleOk = channel === 0;
    } else if (channel !== this.lastChannel + 1) {
      this.cycleOk = false; // a report lost on the way
    }
    this.lastChannel = channel;
    this.cycle[channel] = value;
    const wanted = this.fencedMode
      ? this.confirmed && this.cyclesBegun > 0
      : this.cyclesBegun > CYCLES_SKIPPED;
    if (channel !== ANALOG_CHANNELS - 1 || !this.cycleOk || !wanted) return {};
    return this.halfDone(now);
  }

  private halfDone(now: number): ScanStep {
    const offset = this.half * ANALOG_CHANNELS;
    for (let i = 0; i < ANALOG_CHANNELS; i++) this.raw[offset + i] = this.cycle[i] ?? 0;
    if (this.half === 0) {
      this.half = 1;
      this.selected(now);
      return { select: 1 };
    }
    this.scans++;
    const scan: FullScan = {
      raw: [...this.raw],
      startedAt: this.scanStartedAt,
      completedAt: now,
    };
    return { select: this.begin(now), scan };
  }

  /**
   * The select write reaches the board only at `t` (bytes queued before it on
   * a 57600-baud line): cycles are counted from then on, not from the write.
   */
  arrivesAt(t: number): void {
    this.countFrom = Math.max(this.countFrom, t);
  }

  /** The select line was just written: cycles are counted from here. */
  private selected(now: number): void {
    this.selectedAt = now;
    this.countFrom = now;
    this.confirmed = false;
    this.cyclesBegun = 0;
    // The cycle in progress began before the write: it does not count.
    this.cycleOk = false;
  }

  /** The select was written again (a stall): the wait for its answer starts over. */
  restartWait(now: number): void {
    this.selectedAt = now;
  }

  /** When the current half was selected (for a stall watchdog). */
  get lastSelectAt(): number {
    return this.selectedAt;
  }
}
