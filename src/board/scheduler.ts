/**
 * Time for the board layer, injectable so that tests run the protocol's
 * seconds-long timeouts in microseconds: `realScheduler` uses Node's timers
 * and `performance.now()`; `FakeScheduler` is a manual clock a test advances.
 */

/** A clock and one-shot timers. `schedule` returns the function that cancels the timer. */
export interface Scheduler {
  /** Monotonic milliseconds. */
  now(): number;
  schedule(fn: () => void, ms: number): () => void;
}

export const realScheduler: Scheduler = {
  now: () => performance.now(),
  schedule: (fn, ms) => {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

/** Resolves after `ms` on the scheduler's clock (at once for `ms <= 0`). */
export function sleep(scheduler: Scheduler, ms: number): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => scheduler.schedule(resolve, ms));
}

/**
 * Calls `fn` every `ms` on the scheduler's clock until the returned function
 * is called (a repeating timer: a nudge, a redraw tick).
 */
export function every(scheduler: Scheduler, ms: number, fn: () => void): () => void {
  let cancel: () => void = () => undefined;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    cancel = scheduler.schedule(tick, ms);
    fn();
  };
  cancel = scheduler.schedule(tick, ms);
  return () => {
    stopped = true;
    cancel();
  };
}

interface FakeTimer {
  readonly at: number;
  readonly order: number;
  readonly fn: () => void;
  cancelled: boolean;
}

/** Lets pending I/O callbacks, promise reactions and microtasks run. */
export async function settleIo(rounds = 4): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A manual clock: time moves only in `advance`, which fires the due timers in
 * order and lets I/O and promises settle after each one.
 */
export class FakeScheduler implements Scheduler {
  private time = 0;
  private order = 0;
  private timers: FakeTimer[] = [];

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  schedule(fn: () => void, ms: number): () => void {
    const timer: FakeTimer = {
      at: this.time + Math.max(0, ms),
      order: this.order++,
      fn,
      cancelled: false,
    };
    this.timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  }

  /** Timers not yet fired or cancelled. */
  get pending(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }

  /** Moves the clock `ms` forward, firing every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    await settleIo();
    for (;;) {
      this.timers = this.timers.filter((t) => !t.cancelled);
      let next: FakeTimer | undefined;
      for (const t of this.timers) {
        if (
          t.at <= end &&
          (next === undefined || t.at < next.at || (t.at === next.at && t.order < next.order))
        ) {
          next = t;
        }
      }
      if (next === undefined) break;
      next.cancelled = true;
      this.time = Math.max(this.time, next.at);
      next.fn();
      await settleIo(2);
    }
    this.time = end;
    await settleIo();
  }
}
