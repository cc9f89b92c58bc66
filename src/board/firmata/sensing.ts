/**
 * What the reference firmware does with its load cells, done on the host for
 * the stock-parts board; pure (time comes in with every scan).
 *
 * **Count.** Per pit, count = (m − zero) / gain, where m is the mean of the
 * pit's *still run* (below), accepted only within ± 0.3 stone of a whole
 * number (a weight between two counts holds the last count and keeps the pit
 * unsettled); below the zero is an empty cup, 0.
 *
 * **Stillness under ADC noise (issue 27).** One LSB of the Mega's ADC is
 * about 0.1 stone, and a Mega shows 0.5–1 LSB rms of read-to-read noise, so
 * no single reading can be held to a tenth of a stone. A pit's readings form
 * a still run; the run's mean is the pit's level. The run restarts (its
 * timer with it) when
 *
 * - one reading lies more than `jumpRaw` (5 ADC units ≈ 0.5 stone, 4.5 σ of
 *   1 LSB rms with rounding) from the run's mean: a stone, a bounce, a hand;
 * - or the mean of the last `meanScans` (4) readings lies more than
 *   `shiftRaw` (2.5 units ≈ 0.25 stone, ≈ 4 σ of that mean) from it: a
 *   smaller change that lasts (a stone set down slowly, a cup still ringing
 *   out, a hand's sway).
 *
 * A hand resting on a rim restarts the run with its weight and its sway, but
 * between restarts its tremor (8–12 Hz, a few % of its weight) is what tells
 * it from stones: the run's **spread**, half the mean squared step between
 * its readings (from the third on: the first may be a filter's tail; no
 * one step counting for more than ten times the pit's noise, since a
 * filter's or a ringing cup's tail is a large step or two and a tremor a
 * large step at every reading), must
 * stay within what the pit's own ADC noise gives (`calmLimit`: χ²'s 99th
 * percentile for the first 7 steps, its 99.98th after). Each pit learns its
 * noise from its still runs (a running mean over 64 steps, between 0.3 LSB
 * rms and the ceiling `spreadRaw`, 1.05 units: 1 LSB rms with rounding), so a
 * quiet board sees a lighter hand.
 *
 * **A rise.** A light hand (50–100 g: 9–19 stones) trembles by little more
 * than the ADC's noise, and a few readings cannot tell the two apart. But a
 * hand only ever adds weight, and stones arrive one at a time while sowing: a
 * level `riseStones` (2) or more above the pit's last settled count (a hand,
 * or a handful put back) settles only when its run has been calm for
 * `riseMs` (800 ms, about 25 readings) against χ²'s 99th percentile at every
 * length, and never teaches the pit its noise (a hand that did would make
 * itself look still). Measured (`npm run bench -- settle-stock`): no 50 g
 * hand settles at 0.6 LSB rms; at 1.0 LSB about 2 in 100 still do (their
 * tremor is the noise's size). A fall (stones lifted) and a rise of one
 * stone are judged as before; the first settle after a start or reset too.
 *
 * A pit is settled when its run has lasted `deb` ms, holds at least
 * `minReadings` (5) readings, is calm, and its mean is a whole count;
 * `deb = 0` reports every pit that is not faulty as settled (PROTOCOL.md §7).
 * The run's mean is a plain mean of its readings, then, after `runReadings`
 * (32), a running mean over about that many, so a run follows the room's slow
 * drift instead of holding its first second for ever. What it costs: none of
 * the counting capacity (the mean of n readings is √n times quieter than
 * one, so ± 0.3 stone holds better than with single readings; see
 * hardware/firmata.md §2.3), and in time five readings: the settle comes at
 * least four scans (≈ 130 ms) after the first still reading, whatever `deb`
 * below that.
 *
 * **Zero.** A calibrated pit counts from its stored tare. An uncalibrated one
 * (no calibration, `calibration-needed`) is zeroed by the board itself as the
 * reference firmware does: its first still run, if its mean lies within
 * `autoZeroStones` (0.6) of the nominal empty-cup reading, becomes its zero
 * (an INA125P's offset spread, ± 3 % of 0.5 V, is ± 0.3 stone; a stone in
 * the cup at start-up, ≥ 0.85 stone with any cell, is not taken for zero; a
 * pit further off counts from the nominal zero and wants `kete calibrate`).
 * A calibrated pit is never zeroed at start-up, stones or not. **Zero
 * tracking**: while a pit is settled at 0 with its mean within
 * `trackStones` (0.2) of its zero, the zero moves 1/64 of the way to the mean
 * per second (as the reference firmware's `pit_zero_track`): drift of
 * 0.07 stone/°C is followed, but a stone arriving slower than that could be
 * absorbed only if it took minutes (the zero follows at most 0.2 / 64 stone/s).
 * Zeros found or tracked here live in memory; TARE and CAL store them.
 *
 * **Faults** (§7, §12.2 `ERR sensor-fault`): a reading stuck at either rail
 * (0 or 1023: an amplifier or cell unplugged, a short) or far below the pit's
 * zero (the cell's wires swapped, a broken bridge) for `faultMs`; the pit
 * reports `?`, is never settled, and does not hold up the board.
 *
 * The per-scan path allocates nothing per pit: each pit's state, its last
 * readings included, is made once.
 */
import { ADC_MAX, NOMINAL_GAIN, NOMINAL_TARE, PIT_COUNT } from "./mega.js";

/** One pit's calibration: empty-cup reading and ADC units per stone. */
export interface PitCalibration {
  readonly tare: number;
  readonly gain: number;
}

export const NOMINAL_CALIBRATION: PitCalibration = { tare: NOMINAL_TARE, gain: NOMINAL_GAIN };

/** A pit's calibration, or null (or missing) for a pit not calibrated: nominal gain, zeroed by the board. */
export type PitCalibrationEntry = PitCalibration | null | undefined;

export interface SensingOptions {
  /** PROTOCOL.md §7 `deb`, ms. */
  readonly debounceMs: number;
  /** Largest count reported (INFO max=). */
  readonly maxCount: number;
  /** How far from a whole count a pit's level is still that count, stones (0.3). */
  readonly tolerance?: number;
  /** A reading this far from the run's mean restarts the run, ADC units (5). */
  readonly jumpRaw?: number;
  /** The mean of the last `meanScans` readings this far from the run's mean restarts it, ADC units (2.5). */
  readonly shiftRaw?: number;
  /** A run whose readings spread more than this (standard deviation, ADC units) is not still: a hand's tremor (1.5). */
  readonly spreadRaw?: number;
  /** Readings in the short mean (4). */
  readonly meanScans?: number;
  /** Readings a settled run holds at least (5: its spread judged on 3 steps). */
  readonly minReadings?: number;
  /** The run's mean is a plain mean up to this many readings, then a running mean over as many (32). */
  readonly runReadings?: number;
  /** An uncalibrated pit's first still level within this of the nominal zero becomes its zero, stones (0.6). */
  readonly autoZeroStones?: number;
  /** Zero tracking works within this of the zero, stones (0.2). */
  readonly trackStones?: number;
  /** Zero tracking: the share of the difference taken per second (1/64). */
  readonly trackPerSecond?: number;
  /** A level this many stones or more above the pit's last settled count is a rise (2): a hand, a handful. */
  readonly riseStones?: number;
  /** A rise settles only after its run has been calm this long, ms (800). */
  readonly riseMs?: number;
  /** Stones below zero that make a reading a fault (2). */
  readonly belowTareStones?: number;
  /** How long a faulty reading must last, ms (300). */
  readonly faultMs?: number;
}

/** What one scan changed. */
export interface SensingUpdate {
  /** Count per pit, null for a faulty pit (`?`). */
  readonly counts: readonly (number | null)[];
  /** Settled bit per pit. */
  readonly settled: readonly boolean[];
  /** Pits whose fault began with this scan (send `ERR sensor-fault` once). */
  readonly faultsBegun: readonly number[];
}

/** Where a pit's zero comes from. */
export type ZeroSource = "calibrated" | "pending" | "auto" | "nominal";

interface PitState {
  /** No reading since the start (or a reset). */
  fresh: boolean;
  /** The last `meanScans` readings (a ring) and how many it holds. */
  readonly recent: Float64Array;
  recentAt: number;
  recentN: number;
  /** The still run: its mean, readings and start. */
  mean: number;
  n: number;
  /** The run's previous reading, and half its squared steps (from its third reading on) and how many. */
  last: number;
  steps: number;
  stepsN: number;
  /** The pit's ADC noise as learned from its still runs, a variance (ADC units²). */
  noise: number;
  /** The run passed the stillness test at the last reading (whole count or not, `deb` or not). */
  still: boolean;
  since: number;
  count: number | null;
  /** The count last reported settled, or null (none since the start or a reset). */
  settledCount: number | null;
  /** Whether the run's mean lies within tolerance of `count`. */
  whole: boolean;
  badSince: number | null;
  faulty: boolean;
  /** The reading of an empty cup now (tare, found or tracked), and where it came from. */
  zero: number;
  source: ZeroSource;
  /** When zero tracking last ran (ms), or null. */
  trackedAt: number | null;
}

/** The count a level means, or null when it lies between whole counts. */
export function countOf(
  raw: number,
  cal: PitCalibration,
  tolerance = 0.3,
  maxCount = 255,
): number | null {
  const stones = (raw - cal.tare) / cal.gain;
  // Below the tare (but not so far as a fault) is an empty cup that drifted: 0, not "between".
  if (stones < 0) return 0;
  const whole = Math.round(stones);
  if (Math.abs(stones - whole) > tolerance) return null;
  return Math.min(maxCount, Math.max(0, whole));
}

type Options = Required<SensingOptions>;

/** The least noise a pit is credited with, a variance (ADC units²): 0.3 LSB rms and rounding. */
const MIN_NOISE = 0.3 * 0.3 + 1 / 12;
/** Readings over which a pit's noise is learned (a running mean): about 2 s of scans. */
const NOISE_READINGS = 64;
/**
 * No one step counts for more than this many times the pit's noise in the
 * run's spread (a step of 4.5 σ): the tail of the RC filter or of the cup's
 * ringing in a new run's first readings is one or two large steps, a hand's
 * tremor is a large step at every reading.
 */
const STEP_CAP = 10;
/** A run still for this long (and `deb`) teaches the pit its noise. */
const LEARN_AFTER_MS = 300;

/**
 * χ²'s upper percentile over its degrees of freedom k (Wilson–Hilferty, z
 * standard deviations): a variance estimated from k squared steps of noise
 * σ² exceeds σ²·this with the normal tail's chance beyond z.
 */
export function chiSquareOver(k: number, z: number): number {
  const a = 2 / (9 * k);
  const c = 1 - a + z * Math.sqrt(a);
  return c * c * c;
}

/**
 * How far the spread of k steps may exceed the pit's noise and still be calm:
 * χ²'s 99th percentile for the few steps of a new run (a pit just touched:
 * 1 % of still runs wait a scan or two longer, a hand is caught early), its
 * 99.98th from 8 steps on (a still pit, judged on every scan: 32 pits for
 * minutes, so one of them held up must be rare). 4.6 for k = 2, 3.3 for 4,
 * 2.9 for 8, 2.0 for 32.
 */
export function calmLimit(k: number): number {
  return chiSquareOver(k, k < 8 ? 2.326 : 3.54);
}

/**
 * The limit for a rise (a level two stones or more above the last settled
 * count: a hand resting on a rim, or a handful put back): χ²'s 99th
 * percentile at every run length, so a light hand's tremor, a few times the
 * ADC's noise, is caught on a long run; a handful put back waits a scan longer
 * 1 % of the time.
 */
export function riseLimit(k: number): number {
  return chiSquareOver(k, 2.326);
}

export class PitSensing {
  private readonly pits: PitState[];
  private options: Options;
  private calibration: readonly PitCalibrationEntry[];
  /** `calmLimit(k)` for k = 0..runReadings, computed once. */
  private readonly calmLimits: Float64Array;
  /** `riseLimit(k)`, the same for a rise. */
  private readonly riseLimits: Float64Array;

  constructor(calibration: readonly PitCalibrationEntry[], options: SensingOptions) {
    this.calibration = calibration;
    this.options = {
      tolerance: 0.3,
      jumpRaw: 5,
      shiftRaw: 2.5,
      spreadRaw: 1.05,
      meanScans: 4,
      minReadings: 5,
      runReadings: 32,
      autoZeroStones: 0.6,
      trackStones: 0.2,
      trackPerSecond: 1 / 64,
      riseStones: 2,
      riseMs: 800,
      belowTareStones: 2,
      faultMs: 300,
      ...options,
    };
    this.calmLimits = Float64Array.from({ length: this.options.runReadings + 1 }, (_, k) =>
      k === 0 ? 0 : calmLimit(k),
    );
    this.riseLimits = Float64Array.from({ length: this.options.runReadings + 1 }, (_, k) =>
      k === 0 ? 0 : riseLimit(k),
    );
    this.pits = Array.from({ length: PIT_COUNT }, (_, i) => this.freshState(i));
  }

  set debounceMs(ms: number) {
    this.options = { ...this.options, debounceMs: ms };
  }

  get debounceMs(): number {
    return this.options.debounceMs;
  }

  /** New calibration (after TARE or CAL): counts follow from the next scan; a pit calibrated now counts from its tare. */
  calibrate(calibration: readonly PitCalibrationEntry[]): void {
    this.calibration = calibration;
    this.pits.forEach((pit, i) => {
      const cal = calibration[i];
      if (cal !== null && cal !== undefined) {
        pit.zero = cal.tare;
        pit.source = "calibrated";
        pit.trackedAt = null;
      } else if (pit.source === "calibrated") {
        pit.zero = NOMINAL_CALIBRATION.tare;
        pit.source = "pending";
      }
    });
  }

  /**
   * Forgets every pit (after a reset of the board): no pit is settled until
   * `deb` has passed again, and uncalibrated pits are zeroed again.
   */
  reset(): void {
    for (let i = 0; i < PIT_COUNT; i++) {
      // The noise learned is the hardware's: it stays.
      const noise = this.pits[i]?.noise;
      const pit = this.freshState(i);
      if (noise !== undefined) pit.noise = noise;
      this.pits[i] = pit;
    }
  }

  /** Whether a pit is faulty now. */
  faulty(pit: number): boolean {
    return this.pits[pit]?.faulty ?? false;
  }

  /** A pit's zero now (its tare, found or tracked) and where it came from. */
  zeroOf(pit: number): { readonly zero: number; readonly source: ZeroSource } {
    const p = this.pits[pit];
    return p === undefined
      ? { zero: NOMINAL_CALIBRATION.tare, source: "nominal" }
      : { zero: p.zero, source: p.source };
  }

  update(raw: readonly number[], now: number): SensingUpdate {
    const counts = new Array<number | null>(PIT_COUNT);
    const settled = new Array<boolean>(PIT_COUNT);
    let faultsBegun: number[] | null = null;
    for (let i = 0; i < PIT_COUNT; i++) {
      const pit = this.pits[i] as PitState;
      const gain = this.calibration[i]?.gain ?? NOMINAL_CALIBRATION.gain;
      const value = raw[i] ?? 0;
      if (this.judgeFault(pit, value, gain, now)) (faultsBegun ??= []).push(i);
      this.judgeMotion(pit, value, now);
      this.judgeZero(pit, gain, now);
      this.judgeCount(pit, gain);
      const isSettled = this.isSettled(pit, now);
      if (isSettled) this.track(pit, gain, now);
      else pit.trackedAt = null;
      counts[i] = pit.faulty ? null : pit.count;
      settled[i] = isSettled;
    }
    return { counts, settled, faultsBegun: faultsBegun ?? [] };
  }

  private freshState(i: number): PitState {
    const cal = this.calibration[i];
    const calibrated = cal !== null && cal !== undefined;
    return {
      fresh: true,
      recent: new Float64Array(Math.max(1, this.options.meanScans)),
      recentAt: 0,
      recentN: 0,
      mean: 0,
      n: 0,
      last: 0,
      steps: 0,
      stepsN: 0,
      noise: this.options.spreadRaw * this.options.spreadRaw,
      still: false,
      since: 0,
      count: null,
      settledCount: null,
      whole: false,
      badSince: null,
      faulty: false,
      zero: calibrated ? cal.tare : NOMINAL_CALIBRATION.tare,
      source: calibrated ? "calibrated" : "pending",
      trackedAt: null,
    };
  }

  /** True when the pit's fault begins with this reading. */
  private judgeFault(pit: PitState, value: number, gain: number, now: number): boolean {
    const bad =
      value <= 0 || value >= ADC_MAX || value < pit.zero - this.options.belowTareStones * gain;
    if (!bad) {
      pit.badSince = null;
      if (pit.faulty) {
        // Sane again: it settles like a pit just touched.
        pit.faulty = false;
        pit.fresh = true;
      }
      return false;
    }
    pit.badSince ??= now;
    if (pit.faulty || now - pit.badSince < this.options.faultMs) return false;
    pit.faulty = true;
    return true;
  }

  /** Adds a reading to the pit's still run, or starts a new run with it. */
  private judgeMotion(pit: PitState, value: number, now: number): void {
    const o = this.options;
    const size = pit.recent.length;
    let restart = pit.fresh || Math.abs(value - pit.mean) > o.jumpRaw;
    if (!restart) {
      pit.recent[pit.recentAt] = value;
      pit.recentAt = (pit.recentAt + 1) % size;
      if (pit.recentN < size) pit.recentN++;
      pit.mean += (value - pit.mean) / Math.min(pit.n + 1, o.runReadings);
      if (pit.n >= 2) {
        // The step from the run's first reading is left out: it may be a filter's tail.
        const step = value - pit.last;
        const half = (step * step) / 2;
        if (pit.stepsN < o.runReadings) pit.stepsN++;
        else pit.steps -= pit.steps / o.runReadings;
        // One large step is a filter's tail or the last of a cup's ringing; a tremor is many.
        pit.steps += Math.min(half, STEP_CAP * pit.noise);
        if (pit.still) {
          // Learn the pit's own noise from its still readings, never above the design's ceiling.
          const ceiling = o.spreadRaw * o.spreadRaw;
          pit.noise = Math.min(
            ceiling,
            Math.max(MIN_NOISE, pit.noise + (half - pit.noise) / NOISE_READINGS),
          );
        }
      }
      pit.last = value;
      pit.n++;
      if (pit.recentN === size) {
        let sum = 0;
        for (let k = 0; k < size; k++) sum += pit.recent[k] ?? 0;
        restart = Math.abs(sum / size - pit.mean) > o.shiftRaw;
      }
    }
    if (!restart) return;
    pit.fresh = false;
    pit.recent[0] = value;
    pit.recentAt = 1 % size;
    pit.recentN = 1;
    pit.mean = value;
    pit.n = 1;
    pit.last = value;
    pit.steps = 0;
    pit.stepsN = 0;
    pit.since = now;
  }

  /** An uncalibrated pit's first still run near the nominal zero becomes its zero. */
  private judgeZero(pit: PitState, gain: number, now: number): void {
    if (pit.source !== "pending" || pit.faulty) return;
    if (pit.n < this.options.minReadings || now - pit.since < this.options.debounceMs) return;
    if (Math.abs(pit.mean - NOMINAL_CALIBRATION.tare) <= this.options.autoZeroStones * gain) {
      pit.zero = pit.mean;
      pit.source = "auto";
    } else {
      pit.source = "nominal";
    }
  }

  private judgeCount(pit: PitState, gain: number): void {
    const o = this.options;
    const stones = (pit.mean - pit.zero) / gain;
    if (stones < 0) {
      pit.count = 0;
      pit.whole = true;
      return;
    }
    const whole = Math.round(stones);
    pit.whole = Math.abs(stones - whole) <= o.tolerance;
    // Never whole since the start: best effort, the nearest count (held unsettled).
    if (pit.whole || pit.count === null) pit.count = Math.min(o.maxCount, whole);
  }

  private isSettled(pit: PitState, now: number): boolean {
    const o = this.options;
    // A rise of two stones or more at once is a hand on the rim or a handful put back:
    // judged on a longer run against the tighter limit, and never teaching the pit its noise.
    const rise =
      pit.settledCount !== null &&
      pit.count !== null &&
      pit.count - pit.settledCount >= o.riseStones;
    // A hand's tremor (8–12 Hz) shows as spread beyond the ADC's noise.
    const k = pit.stepsN;
    const limit = (rise ? this.riseLimits[k] : this.calmLimits[k]) ?? calmLimit(k);
    const calm = k > 0 && pit.steps / k <= pit.noise * limit;
    const ran = now - pit.since;
    pit.still = !pit.faulty && !rise && calm && ran >= Math.max(o.debounceMs, LEARN_AFTER_MS);
    if (pit.faulty) return false;
    if (o.debounceMs === 0) return true;
    if (pit.source === "pending") return false;
    const settled =
      calm &&
      pit.whole &&
      pit.n >= o.minReadings &&
      ran >= (rise ? Math.max(o.debounceMs, o.riseMs) : o.debounceMs);
    if (settled) pit.settledCount = pit.count;
    return settled;
  }

  /** Zero tracking on an empty, settled pit: 1/64 of the way to its level per second. */
  private track(pit: PitState, gain: number, now: number): void {
    const o = this.options;
    const last = pit.trackedAt;
    pit.trackedAt = now;
    if (pit.count !== 0 || last === null) return;
    const diff = pit.mean - pit.zero;
    if (Math.abs(diff) > o.trackStones * gain) return;
    const share = Math.min(1, ((now - last) / 1000) * o.trackPerSecond);
    pit.zero += diff * share;
  }
}
