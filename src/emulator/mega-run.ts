/**
 * What every emulated Mega board shares, whatever runs on the chip (the
 * reference firmware in `board.ts`, StandardFirmata in `stock/`): running the
 * chip for emulated time in slices that yield to the event loop, in the
 * background paced to the wall clock or as fast as possible, and the two
 * buttons on PE4/PE5 (D2/D3) against the chip's pull-ups.
 *
 *   const run = new MegaRun(mcu, () => afterEachSlice());
 *   await run.runFor(500);                 // emulated ms, as fast as the host can
 *   await run.runUntil(() => seen, 2000);  // or until a condition holds
 *   run.start({ realTime: true }); await run.stop();
 *
 *   const buttons = new MegaButtons(mcu);  // re-applied after a reset by the board
 *   buttons.press(1); buttons.release(1);
 *
 *   const clock = megaClock(mcu);          // a Scheduler on the chip's cycle clock
 */
import type { Scheduler } from "../board/index.js";
import { CYCLES_PER_MS } from "./atmega2560.js";
import type { Mega2560 } from "./atmega2560.js";

/** One emulated millisecond: the run loop yields to the event loop between slices. */
export const SLICE_CYCLES = CYCLES_PER_MS;

export interface PaceOptions {
  /** Paced to the wall clock (people watching), or as fast as possible. */
  readonly realTime: boolean;
  /** Emulated seconds per wall second when paced (default 1). */
  readonly speed?: number;
}

/**
 * A scheduler on the chip's cycle clock (ms since power-up): a hand
 * (`playTrace`) or a `BoardSession` given it runs in emulated time,
 * deterministic for a seed whatever the machine's load.
 */
export function megaClock(mcu: Mega2560): Scheduler {
  return {
    now: () => mcu.cycles / CYCLES_PER_MS,
    schedule: (fn, ms) => {
      let cancelled = false;
      mcu.schedule(mcu.cycles + Math.ceil(Math.max(0, ms) * CYCLES_PER_MS), () => {
        if (cancelled) return;
        fn();
        // End the slice so promise chains woken by the timer run at this emulated instant.
        mcu.requestStop();
      });
      return () => {
        cancelled = true;
      };
    },
  };
}

const yieldToEventLoop = (): Promise<void> => new Promise((r) => setImmediate(r));

export class MegaRun {
  private running: Promise<void> | null = null;
  private stopping = false;

  /** `afterSlice` runs after every slice (a board's housekeeping: flushing its EEPROM file …). */
  constructor(
    private readonly mcu: Mega2560,
    private readonly afterSlice: () => void = () => undefined,
  ) {}

  /** Runs `ms` of emulated time as fast as the host can, yielding to the event loop every slice. */
  async runFor(ms: number): Promise<void> {
    const end = this.mcu.cycles + ms * CYCLES_PER_MS;
    while (this.mcu.cycles < end) {
      this.mcu.runUntil(Math.min(end, this.mcu.cycles + SLICE_CYCLES));
      this.afterSlice();
      await yieldToEventLoop();
    }
  }

  /** Runs until `done()` holds (checked every slice) or `ms` have passed; whether it held. */
  async runUntil(done: () => boolean, ms: number): Promise<boolean> {
    const end = this.mcu.cycles + ms * CYCLES_PER_MS;
    while (!done()) {
      if (this.mcu.cycles >= end) return false;
      this.mcu.runUntil(Math.min(end, this.mcu.cycles + SLICE_CYCLES));
      this.afterSlice();
      await yieldToEventLoop();
    }
    return true;
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  /** Runs in the background until `stop()`, paced or as fast as possible. */
  start(pace: PaceOptions): void {
    if (this.running !== null) return;
    this.stopping = false;
    this.running = this.loop(pace);
  }

  private async loop(pace: PaceOptions): Promise<void> {
    const speed = pace.speed ?? 1;
    let wall0 = performance.now();
    let cycles0 = this.mcu.cycles;
    while (!this.stopping) {
      if (!pace.realTime) {
        this.mcu.runUntil(this.mcu.cycles + SLICE_CYCLES);
      } else {
        const target = cycles0 + (performance.now() - wall0) * CYCLES_PER_MS * speed;
        if (target - this.mcu.cycles > 100 * CYCLES_PER_MS) {
          // Far behind (a stalled host): let the backlog go rather than race to catch up.
          wall0 = performance.now();
          cycles0 = this.mcu.cycles;
        } else if (target - this.mcu.cycles >= SLICE_CYCLES) {
          this.mcu.runUntil(Math.min(target, this.mcu.cycles + 4 * SLICE_CYCLES));
        } else {
          // Less than a slice behind: sleep. Running whatever little was due instead kept
          // the loop from ever sleeping (each pass's own time made the next one due), so a
          // paced board took a whole core to emulate what takes it a quarter of one.
          await new Promise((r) => setTimeout(r, 1));
        }
      }
      this.afterSlice();
      await yieldToEventLoop();
    }
  }

  /** Stops the background run (resolves once the last slice is done). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
    this.running = null;
  }
}

/** Button n's bit on port E: 1 on PE4 (D2), 2 on PE5 (D3); both boards wire them alike. */
const BUTTON_BITS: Readonly<Record<number, number>> = { 1: 4, 2: 5 };

export class MegaButtons {
  private readonly pressed = new Set<number>();

  constructor(private readonly mcu: Mega2560) {}

  /** Sets the pins again from what is pressed (after a reset rebuilt the ports). */
  refresh(): void {
    const port = this.mcu.chip.port("E");
    const pullUps = this.mcu.cpu.data[port.portConfig.PORT] ?? 0;
    for (const [n, bit] of Object.entries(BUTTON_BITS)) {
      // Pressed: the pin is shorted to ground; released: it reads its pull-up (or floats low).
      port.setPin(bit, !this.pressed.has(Number(n)) && ((pullUps >> bit) & 1) === 1);
    }
  }

  press(button: number): void {
    this.pressed.add(button);
    this.refresh();
  }

  release(button: number): void {
    this.pressed.delete(button);
    this.refresh();
  }
}
