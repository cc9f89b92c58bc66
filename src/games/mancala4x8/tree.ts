/**
 * The turn tree of the four-row games (`Game.turnTree`, see `TurnNode` in
 * core/types.ts): a position's moves as a tree of their capture choices,
 * expanded on demand.
 *
 * A root is one start and direction (`B3+`); its segment is the turn up to the
 * first optional capture opportunity (HUS-3, BDE-3 with `capture: optional`)
 * or its end. A node at an opportunity keeps the runner's state there (board,
 * landing pit, stage, direction, choices so far: `TurnState`); `children()`
 * loads it, plays `.` (decline: relay) and `x` (take), records each child's
 * segment up to the next opportunity or the end, and keeps a child only if a
 * legal path goes on from it (`TurnRunner.hasPathFrom`, a depth-first search
 * from that state that stops at the first end within CORE-5's limit). With
 * mandatory captures every root is a whole move.
 *
 * The search that proves a node leaves its *witness*: the choices of the first
 * legal path below it. The child on the witness's first choice needs no search
 * of its own (its witness is the rest), and when that choice is `x` the `.`
 * child has no legal path (the search, `.` first, found none). So descending
 * a tree searches once per node, for the sibling off the witness, and the
 * first path down costs no search at all beyond the root's.
 */
import type { TraceStep, TurnBranch, TurnEnd, TurnNode } from "../core/types.js";
import type { Direction, FourRowSide } from "../fourrow/geometry.js";
import { materializeTrace } from "../fourrow/trace.js";
import { formatMoveParts } from "./notation.js";
import type { FourRowPosition } from "./position.js";
import {
  CHOICE,
  CHOICE_CHARS,
  DECLINE,
  END,
  OVERFLOW,
  TAKE,
  TurnRunner,
  type Stop,
  type TurnRules,
  type TurnState,
} from "./turn.js";

/** What every node of one tree shares: the position, the rules and two runners. */
class TreeContext {
  /** Records the segment being built. */
  readonly recorder: TurnRunner;
  /** Checks that a legal path goes on (no trace); made on first use (optional captures only). */
  private prober: TurnRunner | null = null;
  /** Runner calls made for this tree (`begin`, `choose`, existence checks): the work done. */
  work = 0;

  constructor(
    readonly position: FourRowPosition,
    readonly rules: TurnRules,
    readonly next: FourRowSide,
  ) {
    this.recorder = new TurnRunner(rules, true);
  }

  get probe(): TurnRunner {
    if (this.prober === null) this.prober = new TurnRunner(this.rules, false);
    return this.prober;
  }

  /**
   * The node the recorder stands at, after `settle()` returned `stop`; null if
   * no legal move goes on from there. `witness`: the choices of a legal path
   * on from here when already known, else null (then searched for).
   */
  nodeHere(stop: Stop, start: number, witness: Uint8Array | null): FourRowTurnNode | null {
    const r = this.recorder;
    if (stop === OVERFLOW) return null;
    if (stop === END) {
      const end: TurnEnd<FourRowPosition> = {
        move: formatMoveParts(start, r.dir, r.choices, r.choiceCount),
        position: { ...this.position, toMove: this.next, pits: r.board.slice() },
      };
      const steps = materializeTrace(r.completeTrace());
      return new FourRowTurnNode(this, steps, end, null, NO_CHOICES, start);
    }
    const state = r.snapshot();
    let path = witness;
    if (path === null) {
      this.work++;
      const probe = this.probe;
      probe.load(state);
      if (!probe.hasPathFrom(CHOICE)) return null;
      path = probe.choices.slice(state.choices.length, probe.choiceCount);
    }
    const steps = materializeTrace(r.completeTrace());
    return new FourRowTurnNode(this, steps, null, state, path, start);
  }
}

const NO_CHOICES = new Uint8Array(0);

/** A node of the four-row turn tree; `state` is the runner at its choice point (null at an end). */
export class FourRowTurnNode implements TurnNode<FourRowPosition> {
  constructor(
    private readonly context: TreeContext,
    readonly steps: readonly TraceStep[],
    readonly end: TurnEnd<FourRowPosition> | null,
    private readonly state: TurnState | null,
    /** The choices of the first legal path from this node's choice point (see the file comment). */
    private readonly witness: Uint8Array,
    private readonly start: number,
  ) {}

  children(): readonly TurnBranch<FourRowPosition>[] {
    const state = this.state;
    if (state === null) return [];
    const cx = this.context;
    const r = cx.recorder;
    const first = this.witness[0];
    const out: TurnBranch<FourRowPosition>[] = [];
    for (const choice of [DECLINE, TAKE]) {
      // The search behind the witness tried `.` first: a witness starting with `x` proves `.` dead.
      if (choice === DECLINE && first === TAKE) continue;
      cx.work++;
      r.load(state);
      const known = choice === first ? this.witness.subarray(1) : null;
      const node = r.choose(choice) ? cx.nodeHere(r.settle(), this.start, known) : null;
      if (node !== null) out.push({ choice: CHOICE_CHARS[choice] as string, node });
    }
    return out;
  }

  /** Runner calls made so far for the whole tree this node belongs to (tests, benchmarks). */
  get work(): number {
    return this.context.work;
  }
}

/** The roots of a position's turn tree: every (start, direction) with a legal move, sorted. */
export function turnTreeRoots(
  position: FourRowPosition,
  rules: TurnRules,
  next: FourRowSide,
  starts: readonly number[],
  dirs: readonly Direction[],
): FourRowTurnNode[] {
  const cx = new TreeContext(position, rules, next);
  const roots: FourRowTurnNode[] = [];
  for (const start of starts) {
    for (const dir of dirs) {
      cx.work++;
      cx.recorder.begin(position.pits, start, dir);
      const node = cx.nodeHere(cx.recorder.settle(), start, null);
      if (node !== null) roots.push(node);
    }
  }
  return roots;
}
