/**
 * One turn of a four-row game, stone by stone: the engine's hot loop.
 *
 * A `TurnRunner` owns a working board and fixed buffers; sowing, relays and
 * captures mutate them in place and allocate nothing per stone. With optional
 * captures a turn branches at every capture opportunity; `forEachPath` walks
 * the branches depth first with an explicit stack (decline `.` before take
 * `x`), which visits the moves in sorted order and can stop at any time, so
 * asking for one move never costs the exponential number of all of them.
 */
import type { TraceStep } from "../core/types.js";
import { NEXT, PIT_NAMES, behind, facing, isFront, type Direction } from "./geometry.js";

/** What ended a run of stage ends. */
export const END = 0; // the turn is over (CORE-3: last stone into an empty pit)
export const CHOICE = 1; // an optional capture opportunity (HUS-3, BDE-3)
export const OVERFLOW = 2; // the turn would need stage maxStages + 1 (CORE-5)
export type Stop = typeof END | typeof CHOICE | typeof OVERFLOW;

/** Choice codes, in sorted order of their notation characters. */
export const DECLINE = 0; // `.`
export const TAKE = 1; // `x`
export const CHOICE_CHARS = ".x";

/** Trace step codes (see TraceBuffer). */
export const OP_LIFT = 0;
export const OP_SOW = 1;
export const OP_CAPTURE = 2;

export interface TurnRules {
  /** HB-5, HUS-3: the back pit behind the captured front pit is taken too. */
  readonly takesBack: boolean;
  /** HUS-3, BDE-3: the landing pit must have held stones before the last one. */
  readonly needsOccupied: boolean;
  /** Captures are a choice (option `capture: optional`). */
  readonly optional: boolean;
  /** CORE-5 (option `maxStages`). */
  readonly maxStages: number;
}

/** The physical steps of the path being walked, as packed integers. */
export class TraceBuffer {
  /** `op << 8 | pit` per step. */
  codes = new Int32Array(256);
  /** Stones leaving the pit (lift, capture). */
  counts = new Int32Array(256);
  length = 0;

  push(op: number, pit: number, n: number): void {
    if (this.length === this.codes.length) this.grow();
    this.codes[this.length] = (op << 8) | pit;
    this.counts[this.length] = n;
    this.length++;
  }

  private grow(): void {
    const codes = new Int32Array(this.codes.length * 2);
    codes.set(this.codes);
    const counts = new Int32Array(this.counts.length * 2);
    counts.set(this.counts);
    this.codes = codes;
    this.counts = counts;
  }
}

/** The recorded steps as the engine's trace (pit names, stone counts). */
export function materializeTrace(trace: TraceBuffer): TraceStep[] {
  const steps: TraceStep[] = new Array<TraceStep>(trace.length);
  for (let i = 0; i < trace.length; i++) {
    const code = trace.codes[i];
    const op = code >> 8;
    const pit = PIT_NAMES[code & 255];
    if (op === OP_LIFT) steps[i] = { op: "lift", pit, n: trace.counts[i] };
    else if (op === OP_CAPTURE) steps[i] = { op: "capture", pit, n: trace.counts[i] };
    else steps[i] = { op: "sow", pit };
  }
  return steps;
}

/**
 * Stage count from which a turn is watched for a cycle. Below it the check
 * costs nothing; almost every turn ends within a dozen stages.
 */
export const CYCLE_WATCH_FROM = 512;

/**
 * Brent's cycle detection over the stage ends of a stretch of a turn that has
 * no choices: there the next stage is a function of (board, landing pit), so
 * a repeated state means the turn never ends and CORE-5 refuses it whatever
 * `maxStages` is. This keeps a large `maxStages` from costing time in
 * proportion to it: a cycle is found within about twice its lead-in plus period.
 */
class CycleWatch {
  private readonly saved = new Uint8Array(32);
  private savedLast = -1;
  private power = 1;
  private steps = 0;

  reset(): void {
    this.savedLast = -1;
  }

  /** True when this stage end repeats an earlier one. */
  repeats(board: Uint8Array, last: number): boolean {
    if (this.savedLast === last) {
      let same = true;
      for (let i = 0; i < 32; i++) {
        if (board[i] !== this.saved[i]) {
          same = false;
          break;
        }
      }
      if (same) return true;
    }
    if (this.savedLast < 0 || this.steps === this.power) {
      this.power = this.savedLast < 0 ? 1 : this.power * 2;
      this.saved.set(board);
      this.savedLast = last;
      this.steps = 0;
    }
    this.steps++;
    return false;
  }
}

/** A runner's state between two stages of a turn (see `TurnRunner.snapshot`). */
export interface TurnState {
  readonly board: Uint8Array;
  readonly last: number;
  readonly stage: number;
  readonly dir: Direction;
  /** The choices made so far (DECLINE / TAKE). */
  readonly choices: Uint8Array;
}

export class TurnRunner {
  /** The working board: the position as the current path has left it. */
  readonly board = new Uint8Array(32);
  /** The pit the last stone fell into. */
  last = 0;
  /** Stages sown so far in this turn (CORE-5). */
  stage = 0;
  dir: Direction = 0;
  /** Steps of the current path, when recording. */
  readonly trace: TraceBuffer | null;
  /** Choices made on the current path (DECLINE / TAKE). */
  choices = new Uint8Array(16);
  choiceCount = 0;

  private readonly cycle = new CycleWatch();
  /** Set when the last OVERFLOW was a proven cycle rather than the stage limit. */
  cycled = false;

  // Depth-first stack of choice points: board snapshots and scalar state.
  private savedBoards = new Uint8Array(32 * 16);
  private savedState = new Int32Array(4 * 16);

  constructor(
    readonly rules: TurnRules,
    recordTrace: boolean,
  ) {
    this.trace = recordTrace ? new TraceBuffer() : null;
  }

  /** CORE-1, stage 1: lift every stone of `start` (the caller checked it holds two or more) and sow. */
  begin(from: Uint8Array, start: number, dir: Direction): void {
    const b = this.board;
    b.set(from);
    this.dir = dir;
    this.stage = 1;
    this.choiceCount = 0;
    this.cycled = false;
    const hand = b[start];
    b[start] = 0;
    if (this.trace !== null) {
      this.trace.length = 0;
      this.trace.push(OP_LIFT, start, hand);
    }
    this.sow(start, hand);
  }

  /** CORE-1: one stone into each following pit of the circuit, none skipped. */
  private sow(from: number, hand: number): void {
    const b = this.board;
    const next = NEXT[this.dir];
    let p = from;
    if (this.trace === null) {
      for (let i = hand; i > 0; i--) {
        p = next[p];
        b[p]++;
      }
    } else {
      for (let i = hand; i > 0; i--) {
        p = next[p];
        b[p]++;
        this.trace.push(OP_SOW, p, 0);
      }
    }
    this.last = p;
  }

  /**
   * CORE-3: resolves the ends of stages — captures that are compulsory and
   * relays — until the turn ends, exceeds the stage limit, or reaches an
   * optional capture the player must decide.
   */
  settle(): Stop {
    const b = this.board;
    const rules = this.rules;
    this.cycle.reset();
    for (;;) {
      const landing = this.last;
      if (this.stage >= CYCLE_WATCH_FROM && this.cycle.repeats(b, landing)) {
        this.cycled = true;
        return OVERFLOW;
      }
      if (isFront(landing) && b[facing(landing)] > 0 && (!rules.needsOccupied || b[landing] >= 2)) {
        if (rules.optional) return CHOICE;
        if (!this.capture()) return OVERFLOW;
      } else if (b[landing] >= 2) {
        if (!this.relay()) return OVERFLOW;
      } else {
        return END;
      }
    }
  }

  /** CORE-3 relay: lift the landing pit and sow on. False if CORE-5 refuses the stage. */
  relay(): boolean {
    if (this.stage >= this.rules.maxStages) return false;
    this.stage++;
    const b = this.board;
    const landing = this.last;
    const hand = b[landing];
    b[landing] = 0;
    this.trace?.push(OP_LIFT, landing, hand);
    this.sow(landing, hand);
    return true;
  }

  /**
   * HB-4/5/6, HUS-3, BDE-3: take the facing front pit (and with `takesBack`
   * the pit behind it), lift the landing pit and sow everything on from the
   * next pit. False if CORE-5 refuses the stage.
   */
  capture(): boolean {
    if (this.stage >= this.rules.maxStages) return false;
    this.stage++;
    const b = this.board;
    const landing = this.last;
    const front = facing(landing);
    let hand = b[front];
    this.trace?.push(OP_CAPTURE, front, hand);
    b[front] = 0;
    if (this.rules.takesBack) {
      const back = behind(front);
      const n = b[back];
      if (n > 0) {
        this.trace?.push(OP_CAPTURE, back, n);
        hand += n;
        b[back] = 0;
      }
    }
    const own = b[landing];
    this.trace?.push(OP_LIFT, landing, own);
    b[landing] = 0;
    this.sow(landing, hand + own);
    return true;
  }

  /** Plays a choice at an opportunity `settle` returned. False if CORE-5 refuses it. */
  choose(choice: number): boolean {
    if (this.choiceCount === this.choices.length) {
      const grown = new Uint8Array(this.choices.length * 2);
      grown.set(this.choices);
      this.choices = grown;
    }
    this.choices[this.choiceCount++] = choice;
    return choice === TAKE ? this.capture() : this.relay();
  }

  /**
   * Walks every legal path of one start in sorted order, calling `visit` with
   * this runner at the end of each (its `board`, `choices` and `trace` then
   * describe that move). Paths refused by CORE-5 are skipped. `visit` returns
   * false to stop; `forEachPath` then returns false.
   */
  forEachPath(
    from: Uint8Array,
    start: number,
    dir: Direction,
    visit: (runner: TurnRunner) => boolean,
  ): boolean {
    this.begin(from, start, dir);
    return this.walkPaths(this.settle(), visit);
  }

  /**
   * The depth-first walk of `forEachPath` from the runner's current state —
   * after `begin`, or mid-turn after `load` — where `first` is what `settle()`
   * returned there. Only the choices made below that state are undone;
   * `visit` sees the choices and (when recording) the trace since the state.
   */
  walkPaths(first: Stop, visit: (runner: TurnRunner) => boolean): boolean {
    let depth = 0;
    let stop = first;
    for (;;) {
      if (stop === CHOICE) {
        this.save(depth++);
        stop = this.choose(DECLINE) ? this.settle() : OVERFLOW;
        continue;
      }
      if (stop === END && !visit(this)) return false;
      if (depth === 0) return true;
      this.restore(--depth);
      stop = this.choose(TAKE) ? this.settle() : OVERFLOW;
    }
  }

  /** Whether the start has at least one legal path (stops at the first). */
  hasPath(from: Uint8Array, start: number, dir: Direction): boolean {
    if (!this.rules.optional) return this.runCompulsory(from, start, dir);
    return !this.forEachPath(from, start, dir, stopAtFirst);
  }

  /**
   * Whether a legal path goes on from the runner's current state, where
   * `stop` is what `settle()` returned there (stops at the first; the runner
   * is then at that path's end).
   */
  hasPathFrom(stop: Stop): boolean {
    return !this.walkPaths(stop, stopAtFirst);
  }

  /** The runner's state mid-turn, to `load` later (a choice point of the turn tree). */
  snapshot(): TurnState {
    return {
      board: this.board.slice(),
      last: this.last,
      stage: this.stage,
      dir: this.dir,
      choices: this.choices.slice(0, this.choiceCount),
    };
  }

  /** Puts the runner back in a `snapshot` state, with an empty trace. */
  load(state: TurnState): void {
    this.board.set(state.board);
    this.last = state.last;
    this.stage = state.stage;
    this.dir = state.dir;
    this.cycled = false;
    const n = state.choices.length;
    if (this.choices.length < n) this.choices = new Uint8Array(Math.max(16, 2 * n));
    this.choices.set(state.choices);
    this.choiceCount = n;
    if (this.trace !== null) this.trace.length = 0;
  }

  /**
   * The whole turn of a start when every capture is compulsory, in one tight
   * loop with no trace (perft, playouts). True if it ends within CORE-5's limit;
   * `board` then holds the position after it.
   */
  runCompulsory(from: Uint8Array, start: number, dir: Direction): boolean {
    const b = this.board;
    b.set(from);
    this.dir = dir;
    this.choiceCount = 0;
    this.cycled = false;
    const next = NEXT[dir];
    const { takesBack, needsOccupied, maxStages } = this.rules;
    let stage = 1;
    let hand = b[start];
    b[start] = 0;
    let p = start;
    this.cycle.reset();
    for (;;) {
      for (; hand > 0; hand--) {
        p = next[p];
        b[p]++;
      }
      if (stage >= CYCLE_WATCH_FROM && this.cycle.repeats(b, p)) {
        this.cycled = true;
        return false;
      }
      // CORE-3 at landing pit p: capture (HB-4/5/6, HUS-3, BDE-3), else relay, else end.
      const own = b[p];
      if (p >= 8 && p < 24) {
        const front = p < 16 ? p + 8 : p - 8;
        const victims = b[front];
        if (victims > 0 && (!needsOccupied || own >= 2)) {
          if (stage >= maxStages) return false;
          stage++;
          hand = victims + own;
          b[front] = 0;
          if (takesBack) {
            const back = front < 16 ? front - 8 : front + 8;
            hand += b[back];
            b[back] = 0;
          }
          b[p] = 0;
          continue;
        }
      }
      if (own < 2) break;
      if (stage >= maxStages) return false;
      stage++;
      hand = own;
      b[p] = 0;
    }
    this.last = p;
    this.stage = stage;
    return true;
  }

  /** The number of legal paths of the start (its moves). */
  countPaths(from: Uint8Array, start: number, dir: Direction): number {
    if (!this.rules.optional) return this.runCompulsory(from, start, dir) ? 1 : 0;
    counter.n = 0;
    this.forEachPath(from, start, dir, countOne);
    return counter.n;
  }

  private save(depth: number): void {
    if (32 * (depth + 1) > this.savedBoards.length) {
      const boards = new Uint8Array(this.savedBoards.length * 2);
      boards.set(this.savedBoards);
      this.savedBoards = boards;
      const state = new Int32Array(this.savedState.length * 2);
      state.set(this.savedState);
      this.savedState = state;
    }
    this.savedBoards.set(this.board, 32 * depth);
    const s = 4 * depth;
    this.savedState[s] = this.last;
    this.savedState[s + 1] = this.stage;
    this.savedState[s + 2] = this.trace === null ? 0 : this.trace.length;
    this.savedState[s + 3] = this.choiceCount;
  }

  private restore(depth: number): void {
    // A plain loop: subarray() would allocate a view per restore.
    const b = this.board;
    const saved = this.savedBoards;
    for (let i = 0, o = 32 * depth; i < 32; i++) b[i] = saved[o + i];
    const s = 4 * depth;
    this.last = this.savedState[s];
    this.stage = this.savedState[s + 1];
    if (this.trace !== null) this.trace.length = this.savedState[s + 2];
    this.choiceCount = this.savedState[s + 3];
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
