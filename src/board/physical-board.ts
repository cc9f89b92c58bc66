/**
 * The physical model behind the simulated board: stones in pits and a hand
 * that moves them, one stone at a time, the way a player does.
 *
 *   const board = new PhysicalBoard({ geometry: "4x8", counts: 4 });   // or 32 counts, or { A1: 2, … }
 *   board.hand.lift("B3");          // all stones of B3 into the hand (or lift("B3", 2))
 *   board.hand.drop("B4");          // one stone from the hand
 *   board.hand.capture("C4");       // every stone of C4 into the hand
 *   board.hand.place("B5");         // one stone from the off-board reserve
 *   board.hand.hover("B6");         // the hand over a pit (sensor jitter, see the firmware)
 *   await playTrace(board, trace, { perStoneMs: [150, 400], timeScale: 0 });
 *
 * Count geometries only (`4x8`, and `2x5+2` without gems): cells are in the
 * protocol's canonical order. `hex61` (colours, not counts) would add its own
 * cell type here. The model knows no time; `playTrace` takes a scheduler.
 */
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { seededRandom } from "../shared/index.js";
import { GEOMETRIES } from "../protocol/index.js";
import type { Geometry } from "../protocol/index.js";
import type { Trace, TraceStep } from "../games/index.js";
import { realScheduler, sleep } from "./scheduler.js";
import type { Scheduler } from "./scheduler.js";

/** Geometries whose cells hold a stone count. */
export type CountGeometryId = "4x8" | "2x5+2";

/** Initial stones: one count for every pit, a count per pit in canonical order, or by name. */
export type InitialCounts = number | readonly number[] | Readonly<Record<string, number>>;

export interface PhysicalBoardOptions {
  readonly geometry?: CountGeometryId;
  /** Default 4 in every pit. */
  readonly counts?: InitialCounts;
  /** Stones available off the board for `place` (default unlimited). */
  readonly reserve?: number;
}

/** What changed: the pit, its new count. */
export type ChangeListener = (pit: string, count: number) => void;

export class PhysicalBoard {
  readonly geometry: Geometry;
  readonly hand: Hand;
  private readonly cells: number[];
  private readonly index: ReadonlyMap<string, number>;
  private readonly listeners = new Set<ChangeListener>();

  constructor(options: PhysicalBoardOptions = {}) {
    this.geometry = GEOMETRIES[options.geometry ?? "4x8"];
    this.index = new Map(this.geometry.cells.map((pit, i) => [pit, i]));
    this.cells = this.geometry.cells.map(() => 0);
    const set = this.setCounts(options.counts ?? 4);
    if (!set.ok) throw new Error(set.error.message);
    this.hand = new Hand(this, options.reserve ?? Infinity);
  }

  /** Pit names in canonical order. */
  get pits(): readonly string[] {
    return this.geometry.cells;
  }

  has(pit: string): boolean {
    return this.index.has(pit);
  }

  count(pit: string): number {
    const i = this.index.get(pit);
    return i === undefined ? 0 : (this.cells[i] ?? 0);
  }

  /** Every count, canonical order. */
  counts(): number[] {
    return [...this.cells];
  }

  /** Stones on the board. */
  get total(): number {
    return this.cells.reduce((a, b) => a + b, 0);
  }

  /** Replaces every count (a new game, a test setup). */
  setCounts(counts: InitialCounts): Result<void> {
    const n = this.cells.length;
    let next: number[];
    if (typeof counts === "number") next = this.cells.map(() => counts);
    else if (Array.isArray(counts)) {
      if (counts.length !== n) {
        return err("bad-counts", `a ${this.geometry.id} board has ${n} pits, not ${counts.length}`);
      }
      next = [...(counts as readonly number[])];
    } else {
      next = this.cells.map(() => 0);
      for (const [pit, c] of Object.entries(counts as Readonly<Record<string, number>>)) {
        const i = this.index.get(pit);
        if (i === undefined)
          return err("bad-pit", `${pit} is not a pit of a ${this.geometry.id} board`);
        next[i] = c;
      }
    }
    const bad = next.find((c) => !Number.isInteger(c) || c < 0 || c > 255);
    if (bad !== undefined) return err("bad-counts", `a pit holds 0..255 stones, not ${bad}`);
    next.forEach((c, i) => this.write(i, c));
    return ok(undefined);
  }

  /** Sets one pit (a deliberate mistake, a stone knocked over …). */
  setCount(pit: string, count: number): Result<void> {
    const i = this.index.get(pit);
    if (i === undefined)
      return err("bad-pit", `${pit} is not a pit of a ${this.geometry.id} board`);
    if (!Number.isInteger(count) || count < 0 || count > 255) {
      return err("bad-counts", `a pit holds 0..255 stones, not ${count}`);
    }
    this.write(i, count);
    return ok(undefined);
  }

  /** Called on every change of a pit's count. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private write(i: number, count: number): void {
    if (this.cells[i] === count) return;
    this.cells[i] = count;
    const pit = this.geometry.cells[i] ?? "";
    for (const l of this.listeners) l(pit, count);
  }

  /** @internal Moves stones between a pit and the hand; used by `Hand`. */
  adjust(pit: string, delta: number): Result<number> {
    const i = this.index.get(pit);
    if (i === undefined)
      return err("bad-pit", `${pit} is not a pit of a ${this.geometry.id} board`);
    const now = this.cells[i] ?? 0;
    const next = now + delta;
    if (next < 0) return err("empty-pit", `${pit} holds ${now} stone(s), cannot take ${-delta}`);
    if (next > 255) return err("full-pit", `${pit} cannot hold more than 255 stones`);
    this.write(i, next);
    return ok(next);
  }
}

/** The player's hand: stones held, the pit it hovers over, the reserve off the board. */
export class Hand {
  private stones = 0;
  private over: string | null = null;
  private reserveLeft: number;
  private readonly board: PhysicalBoard;

  constructor(board: PhysicalBoard, reserve: number) {
    this.board = board;
    this.reserveLeft = reserve;
  }

  get held(): number {
    return this.stones;
  }

  /** The pit the hand is over (its sensor may read unsteadily), or null. */
  get hovering(): string | null {
    return this.over;
  }

  get reserve(): number {
    return this.reserveLeft;
  }

  hover(pit: string | null): void {
    this.over = pit;
  }

  /** Takes `n` stones (default all) from a pit into the hand. */
  lift(pit: string, n?: number): Result<number> {
    const take = n ?? this.board.count(pit);
    const r = this.board.adjust(pit, -take);
    if (!r.ok) return r;
    this.over = pit;
    this.stones += take;
    return ok(take);
  }

  /** Drops one stone (or `n`) from the hand into a pit. */
  drop(pit: string, n = 1): Result<void> {
    if (this.stones < n)
      return err("empty-hand", `the hand holds ${this.stones} stone(s), cannot drop ${n}`);
    const r = this.board.adjust(pit, n);
    if (!r.ok) return r;
    this.over = pit;
    this.stones -= n;
    return ok(undefined);
  }

  /** Takes every stone of a pit into the hand. */
  capture(pit: string): Result<number> {
    return this.lift(pit);
  }

  /** Puts one stone from the reserve (not on the board) into a pit. */
  place(pit: string): Result<void> {
    if (this.reserveLeft < 1) return err("empty-reserve", "no stones left in the reserve");
    const r = this.board.adjust(pit, 1);
    if (!r.ok) return r;
    this.over = pit;
    this.reserveLeft--;
    return ok(undefined);
  }

  /**
   * Makes the hand hold exactly `n` stones: extra ones go back to the box,
   * missing ones come from it (a move taken up again after its stones were
   * put aside).
   */
  hold(n: number): void {
    this.stones = Math.max(0, Math.floor(n));
  }

  /** Puts the stones held aside (a player's store, the box); returns how many. */
  putAway(): number {
    const n = this.stones;
    this.stones = 0;
    return n;
  }
}

// ---------------------------------------------------------------- traces

export interface TraceTiming {
  /** Milliseconds per stone moved, drawn uniformly from [min, max] (default 150..400). */
  readonly perStoneMs?: readonly [number, number];
  /** Multiplies every delay: 1 = a person's pace, 0 = instant (default 1). */
  readonly timeScale?: number;
  /** Lift a pit's stones in this many grabs (default 1: all at once). */
  readonly liftGrabs?: number;
  /** Seed of the delays (default 1). */
  readonly seed?: number;
  readonly scheduler?: Scheduler;
}

/**
 * Performs an engine trace (shared/spec/engine-protocol.md) stone by stone,
 * waiting a person's time between stones; the hand leaves the board at the
 * end. Stops at the first step the board cannot do, and says which.
 */
export async function playTrace(
  board: PhysicalBoard,
  trace: Trace,
  timing: TraceTiming = {},
): Promise<Result<void>> {
  const scheduler = timing.scheduler ?? realScheduler;
  const scale = timing.timeScale ?? 1;
  const [lo, hi] = timing.perStoneMs ?? [150, 400];
  const random = seededRandom(timing.seed ?? 1);
  const pause = (): Promise<void> =>
    scale <= 0 ? Promise.resolve() : sleep(scheduler, (lo + (hi - lo) * random()) * scale);
  for (let i = 0; i < trace.length; i++) {
    const step = trace[i] as TraceStep;
    const done = await playStep(board, step, timing.liftGrabs ?? 1, pause);
    if (!done.ok) {
      board.hand.hover(null);
      return err(
        done.error.code,
        `trace step ${i + 1} (${step.op} ${step.pit}): ${done.error.message}`,
      );
    }
  }
  board.hand.hover(null);
  await pause();
  return ok(undefined);
}

async function playStep(
  board: PhysicalBoard,
  step: TraceStep,
  grabs: number,
  pause: () => Promise<void>,
): Promise<Result<void>> {
  const hand = board.hand;
  switch (step.op) {
    case "lift":
    case "capture": {
      hand.hover(step.pit);
      await pause();
      const have = board.count(step.pit);
      if (have < step.n) {
        return err("empty-pit", `${step.pit} holds ${have} stone(s), the trace lifts ${step.n}`);
      }
      // Several grabs: the sensor sees the count fall over several snapshots.
      let left = step.n;
      for (let g = Math.max(1, grabs); g > 0 && left > 0; g--) {
        const take = g === 1 ? left : Math.ceil(left / g);
        const r = hand.lift(step.pit, take);
        if (!r.ok) return r;
        left -= take;
        if (left > 0) await pause();
      }
      await pause();
      return ok(undefined);
    }
    case "sow": {
      hand.hover(step.pit);
      const r = hand.drop(step.pit);
      await pause();
      return r;
    }
    case "place": {
      hand.hover(step.pit);
      const r = hand.place(step.pit);
      await pause();
      return r;
    }
  }
}
