/**
 * PROTOCOL.md §8 LED patterns timed on the host for the stock-parts board,
 * whose StandardFirmata knows nothing of blinking: the host writes every
 * change of every LED over I2C (three PCA9685 channel writes, about 45 bytes
 * on the 57600-baud line). `ledLevel`/`ledRgb` say what an LED shows at a
 * moment of the one board-wide pattern clock; `LedPlan` writes what changed,
 * frame by frame on a `Scheduler`, never more than `maxWritesPerFrame` LEDs a
 * frame (bounded I2C traffic: by default 1 LED per 25 ms, about 1.8 kB/s, a
 * third of the line, so StandardFirmata's 64-byte receive buffer keeps up
 * while it sends its analogue reports). LEDs waiting for their turn are
 * served round-robin, so none starves; a pulse moves in `pulseSteps` steps
 * per ramp. With every LED steady and written, no timer runs.
 */
import type { LedColour, LedState } from "../../protocol/index.js";
import type { Scheduler } from "../scheduler.js";

export type Rgb = readonly [number, number, number];

export const OFF_RGB: Rgb = [0, 0, 0];

/** Each §8 colour as the RGB LED mixes it (0..255 per channel). */
export const COLOUR_RGB: Readonly<Record<LedColour, Rgb>> = {
  red: [255, 0, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
  yellow: [255, 180, 0],
  cyan: [0, 255, 255],
  magenta: [255, 0, 255],
  white: [255, 255, 255],
};

/** §8 timings: blink 500/500 ms, fast 125/125 ms, pulse off→full→off every 2000 ms. */
export const BLINK_MS = 1000;
export const FAST_MS = 250;
export const PULSE_MS = 2000;

/** Brightness 0..1 of an LED in `state` at pattern-clock time `t` ms; pulse quantised to `steps` per ramp. */
export function ledLevel(state: LedState, t: number, steps = 5): number {
  switch (state.pattern) {
    case "off":
      return 0;
    case "steady":
      return 1;
    case "blink":
      return mod(t, BLINK_MS) < BLINK_MS / 2 ? 1 : 0;
    case "fast":
      return mod(t, FAST_MS) < FAST_MS / 2 ? 1 : 0;
    case "pulse": {
      const phase = mod(t, PULSE_MS) / (PULSE_MS / 2); // 0..2
      const ramp = phase <= 1 ? phase : 2 - phase;
      return Math.round(ramp * steps) / steps;
    }
  }
}

/** What the LED's three channels are set to at `t`. */
export function ledRgb(state: LedState, t: number, steps = 5): Rgb {
  if (state.pattern === "off") return OFF_RGB;
  const level = ledLevel(state, t, steps);
  const [r, g, b] = COLOUR_RGB[state.colour];
  return [Math.round(r * level), Math.round(g * level), Math.round(b * level)];
}

/** The next time after `t` at which the LED's output may change (Infinity when it cannot). */
export function nextChange(state: LedState, t: number, steps = 5): number {
  const period =
    state.pattern === "blink"
      ? BLINK_MS / 2
      : state.pattern === "fast"
        ? FAST_MS / 2
        : state.pattern === "pulse"
          ? PULSE_MS / 2 / steps
          : Infinity;
  if (period === Infinity) return Infinity;
  return (Math.floor(t / period) + 1) * period;
}

function mod(a: number, m: number): number {
  return ((a % m) + m) % m;
}

function same(a: Rgb, b: Rgb | null): boolean {
  return b !== null && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

export interface LedPlanOptions {
  /** Frame length, ms (25). */
  readonly frameMs?: number;
  /** LEDs written per frame at most (1). */
  readonly maxWritesPerFrame?: number;
  /** Pulse steps per ramp (5). */
  readonly pulseSteps?: number;
}

/** Writes the LEDs' changes on the scheduler, within the I2C budget. */
export class LedPlan {
  private readonly states: LedState[];
  /** What each LED was last set to on the board; null = unknown (write it). */
  private readonly written: (Rgb | null)[];
  private readonly frameMs: number;
  private readonly perFrame: number;
  private readonly steps: number;
  private cursor = 0;
  private cancel: (() => void) | null = null;
  private running = false;
  private writes = 0;

  constructor(
    private readonly scheduler: Scheduler,
    count: number,
    private readonly output: (index: number, rgb: Rgb) => void,
    options: LedPlanOptions = {},
  ) {
    this.states = new Array<LedState>(count).fill({ pattern: "off" });
    this.written = new Array<Rgb | null>(count).fill(null);
    this.frameMs = options.frameMs ?? 25;
    this.perFrame = options.maxWritesPerFrame ?? 1;
    this.steps = options.pulseSteps ?? 5;
  }

  /** LED writes so far (for measurements). */
  get writeCount(): number {
    return this.writes;
  }

  state(index: number): LedState {
    return this.states[index] ?? { pattern: "off" };
  }

  set(index: number, state: LedState): void {
    if (index < 0 || index >= this.states.length) return;
    this.states[index] = state;
    this.kick();
  }

  setAll(state: LedState): void {
    this.states.fill(state);
    this.kick();
  }

  /** The board's LEDs are unknown (it was reset or reconnected): write every one again. */
  invalidate(): void {
    this.written.fill(null);
    this.kick();
  }

  /** Starts writing (after the board is ready); `stop` pauses it. */
  start(): void {
    this.running = true;
    this.kick();
  }

  stop(): void {
    this.running = false;
    this.cancel?.();
    this.cancel = null;
  }

  /** LEDs whose output differs from what the board shows now. */
  pending(t = this.scheduler.now()): number {
    let n = 0;
    for (let i = 0; i < this.states.length; i++) {
      if (!same(ledRgb(this.state(i), t, this.steps), this.written[i] ?? null)) n++;
    }
    return n;
  }

  private kick(): void {
    if (!this.running || this.cancel !== null) return;
    this.cancel = this.scheduler.schedule(() => this.frame(), 0);
  }

  private frame(): void {
    this.cancel = null;
    if (!this.running) return;
    const t = this.scheduler.now();
    const n = this.states.length;
    let budget = this.perFrame;
    let waiting = false;
    const from = this.cursor;
    for (let k = 0; k < n; k++) {
      const i = (from + k) % n;
      const rgb = ledRgb(this.state(i), t, this.steps);
      if (same(rgb, this.written[i] ?? null)) continue;
      if (budget === 0) {
        waiting = true;
        break;
      }
      budget--;
      this.written[i] = rgb;
      this.writes++;
      this.output(i, rgb);
      this.cursor = (i + 1) % n;
    }
    // The next frame: at once when LEDs wait for the budget, else at the next pattern edge.
    let next = waiting ? t + this.frameMs : Infinity;
    for (const s of this.states) next = Math.min(next, nextChange(s, t, this.steps));
    if (next === Infinity) return;
    const delay = Math.max(this.frameMs, next - t);
    this.cancel = this.scheduler.schedule(() => this.frame(), delay);
  }
}
