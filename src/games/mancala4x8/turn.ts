/**
 * One turn of a four-row game, stone by stone: the engine's hot loop.
 *
 * A `TurnRunner` (on the shared `PathRunner`, ../fourrow/runner.ts) owns a
 * working board and fixed buffers; sowing, relays and captures mutate them in
 * place and allocate nothing per stone. With optional captures a turn
 * branches at every capture opportunity; `forEachPath` walks the branches
 * depth first (decline `.` before take `x`), which visits the moves in sorted
 * order and can stop at any time.
 */
import {
  CYCLE_WATCH_FROM,
  TRACE_STAGES,
  CHOICE,
  END,
  OVERFLOW,
  PathRunner,
  type Stop,
} from "../fourrow/runner.js";
import { behind, facing, isFront, NEXT, PIT_COUNT, type Direction } from "../fourrow/geometry.js";
import { OP_CAPTURE, OP_LIFT } from "../fourrow/trace.js";

export { CHOICE, END, OVERFLOW, type Stop } from "../fourrow/runner.js";

/** Choice codes, in sorted order of their notation characters. */
export const DECLINE = 0; // `.`
export const TAKE = 1; // `x`
export const CHOICE_CHARS = ".x";

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

/** A runner's state between two stages of a turn (see `TurnRunner.snapshot`). */
export interface TurnState {
  readonly board: Uint8Array;
  readonly last: number;
  readonly stage: number;
  readonly dir: Direction;
  /** The choices made so far (DECLINE / TAKE). */
  readonly choices: Uint8Array;
}

export class TurnRunner extends PathRunner {
  /** `recordStages`: see TRACE_STAGES (../fourrow/runner.ts); lower only in tests. */
  constructor(
    readonly rules: TurnRules,
    recordTrace: boolean,
    recordStages = TRACE_STAGES,
  ) {
    super(PIT_COUNT, recordTrace, recordStages);
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
    this.markOrigin();
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
    this.rec?.push(OP_LIFT, landing, hand);
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
    this.rec?.push(OP_CAPTURE, front, hand);
    b[front] = 0;
    if (this.rules.takesBack) {
      const back = behind(front);
      const n = b[back];
      if (n > 0) {
        this.rec?.push(OP_CAPTURE, back, n);
        hand += n;
        b[back] = 0;
      }
    }
    const own = b[landing];
    this.rec?.push(OP_LIFT, landing, own);
    b[landing] = 0;
    this.sow(landing, hand + own);
    return true;
  }

  /** Plays a choice at an opportunity `settle` returned. False if CORE-5 refuses it. */
  choose(choice: number): boolean {
    this.recordChoice(choice);
    return choice === TAKE ? this.capture() : this.relay();
  }

  protected follow(choice: number): Stop {
    return this.choose(choice) ? this.settle() : OVERFLOW;
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

  /** Whether the start has at least one legal path (stops at the first). */
  hasPath(from: Uint8Array, start: number, dir: Direction): boolean {
    if (!this.rules.optional) return this.runCompulsory(from, start, dir);
    this.begin(from, start, dir);
    return this.hasPathFrom(this.settle());
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
    this.markOrigin();
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
    this.begin(from, start, dir);
    return this.countPathsFrom(this.settle());
  }
}
