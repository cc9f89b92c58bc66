/**
 * What the reference firmware does with its load cells, done on the host for
 * the stock-parts board; pure (time comes in with every scan).
 *
 * Per pit: count = (reading − tare) / gain, accepted only within ± 0.3 stone
 * of a whole number (a weight between two counts holds the last count and
 * keeps the pit unsettled); a reading below the tare is an empty cup (its
 * zero drifted, or a pit not yet calibrated reads a little low), 0. Settling follows PROTOCOL.md §7: a pit is settled
 * when its **raw signal** has not moved for `deb` ms (a move is a reading
 * more than a quarter of a stone away from where the signal rests, and the
 * rest follows the signal while it rests, a mean over about four scans; so
 * ADC noise of a LSB or two — 0.6 LSB rms — does not restart the timer, a
 * stone or a hand does; with the rest one noisy sample, such noise kept 9
 * snapshots in 10 unsettled); `deb = 0`
 * reports every pit that is not faulty as settled. Sensor faults (§7, §12.2
 * `ERR sensor-fault`): a reading stuck at either rail (0 or 1023: an
 * amplifier or cell unplugged, a short) or far below the pit's tare (the
 * cell's wires swapped, a broken bridge) for `faultMs`; the pit reports `?`,
 * is never settled, and does not hold up the board.
 */
import { ADC_MAX, NOMINAL_GAIN, NOMINAL_TARE, PIT_COUNT } from "./mega.js";

/** One pit's calibration: empty-cup reading and ADC units per stone. */
export interface PitCalibration {
  readonly tare: number;
  readonly gain: number;
}

export const NOMINAL_CALIBRATION: PitCalibration = { tare: NOMINAL_TARE, gain: NOMINAL_GAIN };

export interface SensingOptions {
  /** PROTOCOL.md §7 `deb`, ms. */
  readonly debounceMs: number;
  /** Largest count reported (INFO max=). */
  readonly maxCount: number;
  /** How far from a whole count a reading is still that count, stones (0.3). */
  readonly tolerance?: number;
  /** A move of the raw signal, in stones (0.25). */
  readonly moveStones?: number;
  /** Stones below tare that make a reading a fault (2). */
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

interface PitState {
  /** Where the raw signal rests (a running mean while it rests), and since when. */
  rest: number;
  restSince: number;
  count: number | null;
  /** Whether the latest reading lies within tolerance of `count`. */
  whole: boolean;
  badSince: number | null;
  faulty: boolean;
}

/** The count a reading means, or null when it lies between whole counts. */
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

export class PitSensing {
  private readonly pits: (PitState | null)[] = new Array<PitState | null>(PIT_COUNT).fill(null);
  private options: Required<SensingOptions>;
  private calibration: readonly PitCalibration[];

  constructor(calibration: readonly PitCalibration[], options: SensingOptions) {
    this.calibration = calibration;
    this.options = {
      tolerance: 0.3,
      moveStones: 0.25,
      belowTareStones: 2,
      faultMs: 300,
      ...options,
    };
  }

  set debounceMs(ms: number) {
    this.options = { ...this.options, debounceMs: ms };
  }

  get debounceMs(): number {
    return this.options.debounceMs;
  }

  /** New calibration (after TARE or CAL): counts follow from the next scan. */
  calibrate(calibration: readonly PitCalibration[]): void {
    this.calibration = calibration;
  }

  /** Forgets every pit (after a reset of the board): no pit is settled until `deb` has passed again. */
  reset(): void {
    this.pits.fill(null);
  }

  /** Whether a pit is faulty now. */
  faulty(pit: number): boolean {
    return this.pits[pit]?.faulty ?? false;
  }

  update(raw: readonly number[], now: number): SensingUpdate {
    const counts: (number | null)[] = [];
    const settled: boolean[] = [];
    const faultsBegun: number[] = [];
    for (let i = 0; i < PIT_COUNT; i++) {
      const cal = this.calibration[i] ?? NOMINAL_CALIBRATION;
      const value = raw[i] ?? 0;
      const pit = this.pitState(i, value, now);
      const began = this.judgeFault(pit, value, cal, now);
      if (began) faultsBegun.push(i);
      this.judgeMotion(pit, value, cal, now);
      const count = countOf(value, cal, this.options.tolerance, this.options.maxCount);
      pit.whole = count !== null;
      if (count !== null) pit.count = count;
      else if (pit.count === null) {
        // Never whole since the start: best effort, the nearest count (held unsettled).
        const stones = Math.round((value - cal.tare) / cal.gain);
        pit.count = Math.min(this.options.maxCount, Math.max(0, stones));
      }
      counts.push(pit.faulty ? null : pit.count);
      settled.push(this.isSettled(pit, now));
    }
    return { counts, settled, faultsBegun };
  }

  private pitState(i: number, value: number, now: number): PitState {
    const known = this.pits[i];
    if (known !== null && known !== undefined) return known;
    const fresh: PitState = {
      rest: value,
      restSince: now,
      count: null,
      whole: false,
      badSince: null,
      faulty: false,
    };
    this.pits[i] = fresh;
    return fresh;
  }

  /** True when the pit's fault begins with this reading. */
  private judgeFault(pit: PitState, value: number, cal: PitCalibration, now: number): boolean {
    const bad =
      value <= 0 || value >= ADC_MAX || value < cal.tare - this.options.belowTareStones * cal.gain;
    if (!bad) {
      pit.badSince = null;
      if (pit.faulty) {
        // Sane again: it settles like a pit just touched.
        pit.faulty = false;
        pit.rest = value;
        pit.restSince = now;
      }
      return false;
    }
    pit.badSince ??= now;
    if (pit.faulty || now - pit.badSince < this.options.faultMs) return false;
    pit.faulty = true;
    return true;
  }

  private judgeMotion(pit: PitState, value: number, cal: PitCalibration, now: number): void {
    if (Math.abs(value - pit.rest) > this.options.moveStones * cal.gain) {
      pit.rest = value;
      pit.restSince = now;
    } else {
      pit.rest += (value - pit.rest) / 4;
    }
  }

  private isSettled(pit: PitState, now: number): boolean {
    if (pit.faulty) return false;
    if (this.options.debounceMs === 0) return true;
    return pit.whole && now - pit.restSince >= this.options.debounceMs;
  }
}
