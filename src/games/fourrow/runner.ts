/**
 * What the turn engines of both four-row families share (mancala4x8/turn.ts,
 * bao/turn.ts): a working board sown in place with no allocation per stone
 * (CORE-1), the trace of the path being walked, the choices made on it, a
 * cycle watch for never-ending turns (CORE-5, BK-18) and the depth-first walk
 * over a turn's in-turn choices with an explicit stack of choice points.
 *
 * A family's runner extends `PathRunner` with its own start (`begin`), its
 * own stage ends (`settle`: captures, relays, choice points) and `follow`,
 * which plays one choice at a choice point. Choice codes are 0 and 1, in the
 * sorted order of their notation characters (`.` before `x`, `.` before `s`),
 * so the walk visits a start's moves in sorted order and can stop at any time:
 * asking for one move never costs the exponential number of all of them.
 */
import { CW, NEXT, type Direction } from "./geometry.js";
import { OP_SOW, TraceBuffer } from "./trace.js";

/** What ended a run of stage ends. */
export const END = 0; // the turn is over
export const CHOICE = 1; // the player decides (an optional capture, a safari)
export const OVERFLOW = 2; // the turn would need stage maxStages + 1 (CORE-5, BK-18)
export type Stop = typeof END | typeof CHOICE | typeof OVERFLOW;

/** The two choices at a choice point, in sorted order of their notation characters. */
export const FIRST = 0;
export const SECOND = 1;

/**
 * Stage count from which a turn is watched for a cycle. Below it the check
 * costs nothing; almost every turn ends within a dozen stages.
 */
export const CYCLE_WATCH_FROM = 512;

/**
 * Stages of a path recorded in its trace as it is walked. A longer path is
 * walked on without recording (a turn refused by the stage limit or a proven
 * cycle may run for millions of stages first when `maxStages` is huge, and its
 * trace would fill the memory for nothing); if such a path does end within the
 * limit, `completeTrace` plays it again from its origin, recording all of it.
 */
export const TRACE_STAGES = 2048;

/**
 * Brent's cycle detection over the stage ends of a stretch of a turn that has
 * no choices: there the next stage is a function of (state, key) — the board
 * (and whatever else the family's state holds) and the landing pit (with the
 * direction, where it can change) — so a repeated pair means the turn never
 * ends and the stage limit refuses it whatever `maxStages` is. This keeps a
 * large `maxStages` from costing time in proportion to it: a cycle is found
 * within about twice its lead-in plus period.
 */
export class CycleWatch {
  /** The state last saved; made on first use (a turn past CYCLE_WATCH_FROM stages is rare). */
  private saved: Uint8Array | null = null;
  private savedKey = -1;
  private power = 1;
  private steps = 0;

  constructor(private readonly size: number) {}

  reset(): void {
    this.savedKey = -1;
  }

  /** True when this stage end repeats an earlier one; `state` holds exactly `size` bytes. */
  repeats(state: Uint8Array, key: number): boolean {
    const saved = (this.saved ??= new Uint8Array(this.size));
    if (this.savedKey === key) {
      let same = true;
      for (let i = 0; i < this.size; i++) {
        if (state[i] !== saved[i]) {
          same = false;
          break;
        }
      }
      if (same) return true;
    }
    if (this.savedKey < 0 || this.steps === this.power) {
      this.power = this.savedKey < 0 ? 1 : this.power * 2;
      saved.set(state);
      this.savedKey = key;
      this.steps = 0;
    }
    this.steps++;
    return false;
  }
}

/** Scalars saved per choice point: last, stage, trace length, choice count, direction. */
const SCALARS = 5;
const NO_BOARDS = new Uint8Array(0);
const NO_SCALARS = new Int32Array(0);

export abstract class PathRunner {
  /** The working board (past its 32 pits, whatever else the family's turn state holds). */
  readonly board: Uint8Array;
  /** The pit the last stone fell into. */
  last = 0;
  /** Stages sown so far in this turn (CORE-5, BK-18). */
  stage = 0;
  /** The current direction of sowing. */
  dir: Direction = CW;
  /** Steps of the current path, when recording. */
  readonly trace: TraceBuffer | null;
  /** Choices made on the current path (0 or 1 each). */
  choices = new Uint8Array(8);
  choiceCount = 0;
  /** Set when the last OVERFLOW was a proven cycle rather than the stage limit. */
  cycled = false;

  protected readonly cycle: CycleWatch;
  /** Pushes are recorded while `stage` is below this (TRACE_STAGES, or no limit on a replay). */
  private traceStages: number;
  // Where the current path was begun or loaded (see markOrigin): what a replay starts from.
  private readonly origin: Uint8Array;
  private originLast = 0;
  private originStage = 0;
  private originDir: Direction = CW;
  private originChoices = 0;
  private originTrace = 0;
  // Depth-first stack of choice points: board snapshots and scalar state, made
  // on the first choice point (runners are made per playout; most never branch).
  private savedBoards = NO_BOARDS;
  private savedScalars = NO_SCALARS;

  /** `recordStages`: TRACE_STAGES but in tests of the replay. */
  constructor(
    private readonly size: number,
    recordTrace: boolean,
    private readonly recordStages = TRACE_STAGES,
  ) {
    this.traceStages = recordStages;
    this.board = new Uint8Array(size);
    this.cycle = new CycleWatch(size);
    this.trace = recordTrace ? new TraceBuffer() : null;
    this.origin = new Uint8Array(recordTrace ? size : 0);
  }

  /** Settles the ends of stages from the current state (the family's rules). */
  abstract settle(): Stop;

  /** The trace to push steps to now: null when not recording, or past TRACE_STAGES. */
  protected get rec(): TraceBuffer | null {
    return this.stage < this.traceStages ? this.trace : null;
  }

  /**
   * Marks the current state as the origin of the path (a family's `begin`
   * after its first sowing, or a loaded snapshot): a replay starts here.
   */
  protected markOrigin(): void {
    if (this.trace === null) return;
    this.origin.set(this.board);
    this.originLast = this.last;
    this.originStage = this.stage;
    this.originDir = this.dir;
    this.originChoices = this.choiceCount;
    this.originTrace = this.trace.length;
  }

  /**
   * The whole trace of the path the runner stands at the end of (a recording
   * runner). A path longer than TRACE_STAGES stages is played again from its
   * origin with its choices, recording every step; the runner ends where it
   * was, so a walk can go on.
   */
  completeTrace(): TraceBuffer {
    const trace = this.trace;
    if (trace === null) throw new Error("completeTrace: this runner records no trace");
    if (this.stage < this.traceStages) return trace;
    const end = this.choiceCount;
    this.board.set(this.origin);
    this.last = this.originLast;
    this.stage = this.originStage;
    this.dir = this.originDir;
    this.choiceCount = this.originChoices;
    trace.length = this.originTrace;
    this.traceStages = Number.POSITIVE_INFINITY;
    try {
      this.settle();
      while (this.choiceCount < end) this.follow(this.choices[this.choiceCount]);
    } finally {
      this.traceStages = this.recordStages;
    }
    return trace;
  }

  /** Plays `choice` at the choice point where `settle` stopped, and settles on. */
  protected abstract follow(choice: number): Stop;

  /** CORE-1: one stone into each following pit of the circuit in `dir`, none skipped. */
  protected sow(from: number, hand: number): void {
    const b = this.board;
    const next = NEXT[this.dir];
    let p = from;
    const rec = this.rec;
    if (rec === null) {
      for (let i = hand; i > 0; i--) {
        p = next[p];
        b[p]++;
      }
    } else {
      for (let i = hand; i > 0; i--) {
        p = next[p];
        b[p]++;
        rec.push(OP_SOW, p, 0);
      }
    }
    this.last = p;
  }

  /** Appends a choice to `choices`. */
  protected recordChoice(choice: number): void {
    if (this.choiceCount === this.choices.length) {
      const grown = new Uint8Array(this.choices.length * 2);
      grown.set(this.choices);
      this.choices = grown;
    }
    this.choices[this.choiceCount++] = choice;
  }

  /**
   * The depth-first walk over the paths from the runner's current state —
   * after the family's `begin`, or mid-turn — where `first` is what `settle()`
   * returned there, calling `visit` at the end of each path within the stage
   * limit (the runner's `board`, `choices` and `trace` then describe it).
   * Only the choices made below that state are undone; `visit` returns false
   * to stop, and then so does `walkPaths`.
   */
  walkPaths(first: Stop, visit: (runner: this) => boolean): boolean {
    let depth = 0;
    let stop = first;
    for (;;) {
      if (stop === CHOICE) {
        this.save(depth++);
        stop = this.follow(FIRST);
        continue;
      }
      if (stop === END && !visit(this)) return false;
      if (depth === 0) return true;
      this.restore(--depth);
      stop = this.follow(SECOND);
    }
  }

  /**
   * Whether a legal path goes on from the runner's current state, where
   * `stop` is what `settle()` returned there (stops at the first; the runner
   * is then at that path's end).
   */
  hasPathFrom(stop: Stop): boolean {
    return !this.walkPaths(stop, stopAtFirst);
  }

  /** The number of legal paths from the runner's current state. */
  countPathsFrom(stop: Stop): number {
    counter.n = 0;
    this.walkPaths(stop, countOne);
    return counter.n;
  }

  private save(depth: number): void {
    const size = this.size;
    if (size * (depth + 1) > this.savedBoards.length) this.grow(2 * (depth + 1));
    this.savedBoards.set(this.board, size * depth);
    const s = SCALARS * depth;
    this.savedScalars[s] = this.last;
    this.savedScalars[s + 1] = this.stage;
    this.savedScalars[s + 2] = this.trace === null ? 0 : this.trace.length;
    this.savedScalars[s + 3] = this.choiceCount;
    this.savedScalars[s + 4] = this.dir;
  }

  /** Room for `depths` choice points, keeping those saved. */
  private grow(depths: number): void {
    const boards = new Uint8Array(this.size * Math.max(8, depths));
    boards.set(this.savedBoards);
    this.savedBoards = boards;
    const scalars = new Int32Array(SCALARS * Math.max(8, depths));
    scalars.set(this.savedScalars);
    this.savedScalars = scalars;
  }

  private restore(depth: number): void {
    // A plain loop: subarray() would allocate a view per restore.
    const b = this.board;
    const saved = this.savedBoards;
    const size = this.size;
    for (let i = 0, o = size * depth; i < size; i++) b[i] = saved[o + i];
    const s = SCALARS * depth;
    this.last = this.savedScalars[s];
    this.stage = this.savedScalars[s + 1];
    if (this.trace !== null) this.trace.length = this.savedScalars[s + 2];
    this.choiceCount = this.savedScalars[s + 3];
    this.dir = this.savedScalars[s + 4] as Direction;
  }
}

const counter = { n: 0 };
function countOne(): boolean {
  counter.n++;
  return true;
}
function stopAtFirst(): boolean {
  return false;
}
