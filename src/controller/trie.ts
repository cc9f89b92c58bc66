/**
 * The move trie: every legal move of a turn, merged on shared prefixes of
 * their traces, so that the tracker can follow all candidate moves at once.
 *
 * Moves share prefixes (a start pit and its first lap; with optional captures
 * every path up to a choice), so the trie is *compressed*: a node holds the
 * run of steps that all moves below it share, then branches on the first step
 * where they differ. A move whose trace ends exactly where other moves go on
 * (Bao's stop in the nyumba versus safari) is recorded on that node as
 * `move`: such a node is both an end and a prefix.
 *
 * Steps are compiled to pit indices in the game's sensor order
 * (`Game.sensorView`), the only board knowledge the controller uses, so the
 * trie is game-agnostic. Each node carries, for every offset in its run, the
 * stones in the player's hand and the stage number (a stage is one handful:
 * a lift or a capture group starts one, CORE-5), so the tracker never
 * replays a trace to answer "how many stones are in hand?".
 *
 * Two ways to build it:
 * - `buildTrie`: from `game.legal`, every move with its whole trace, at once;
 * - `lazyTrie`: from `game.turnTree` (core/types.ts `TurnNode`), a node's
 *   children computed the first time they are read, so a turn with tens of
 *   thousands of moves costs only the branches the tracker actually reaches
 *   (its cursors plus their look-ahead). Nodes are merged on shared steps as
 *   in `buildTrie`, but a node also ends where a segment of the game's turn
 *   tree ends (a choice point), so a lazy trie may split a run the eager one
 *   keeps whole; the tracker reads both alike. `moveCount` is then a lower
 *   bound and `expanded` tells whether reading `children` asks the game for work.
 */
import type {
  Game,
  LegalMove,
  Position,
  SensorStep,
  Trace,
  TraceStep,
  TurnNode,
} from "../games/index.js";

export const OP_LIFT = 0;
export const OP_SOW = 1;
export const OP_CAPTURE = 2;
export const OP_PLACE = 3;
export type Op = typeof OP_LIFT | typeof OP_SOW | typeof OP_CAPTURE | typeof OP_PLACE;

/** A sensor step (`Game.sensorSteps`) with its reading as an index in sensor order. */
export interface Step {
  readonly op: Op;
  /** The reading's index in the sensor view (a pit's, on counting boards). */
  readonly pit: number;
  /** Stones leaving the pit (lift, capture); 1 for sow and place. */
  readonly n: number;
  /** May happen in any order with the free steps next to it (see `SensorStep.free`). */
  readonly free: boolean;
}

/** Turns a trace into steps on readings (see `stepCompiler`). */
export type StepCompiler = (trace: Trace) => Step[];

export interface TrieNode<P extends Position = Position> {
  readonly id: number;
  readonly parent: TrieNode<P> | null;
  /** Steps of the turn before this node's first step. */
  readonly depth: number;
  /** The steps every move below this node shares (empty only for a root that branches at once). */
  readonly steps: readonly Step[];
  /** `hand[i]`: stones in hand after `i` steps of this node (i = 0 … steps.length). */
  readonly hand: readonly number[];
  /** `stage[i]`: stages begun after `i` steps of this node. */
  readonly stage: readonly number[];
  /** `placed[i]`: stones placed from the reserve so far (Bao `place` steps). */
  readonly placed: readonly number[];
  /** The branches after this node's run (in a lazy trie: computed when first read). */
  readonly children: readonly TrieNode<P>[];
  /**
   * Whether `children` is known without asking the game for work: always in an
   * eager trie; in a lazy trie once read, or when no segment of the game's
   * turn tree ends at this node. Walks that only want what is at hand
   * (knowledge.ts) stop where it is false.
   */
  readonly expanded: boolean;
  /** The move whose trace ends after this node's last step, if any. */
  readonly move: LegalMove<P> | null;
  /** What the tracker derived from this node, kept with it (see `NodeMemo`). */
  readonly memo: NodeMemo;
  /**
   * Moves in this subtree (this node's own move included). In a lazy trie a
   * lower bound: what is expanded so far, counting each branch not yet
   * expanded as one (every branch of a turn tree leads to a move).
   */
  readonly moveCount: number;
}

/**
 * Facts the tracker derives from a node and its subtree (tracking.ts: the
 * runs of free and of pick-up steps from each offset, the height of an all-
 * free subtree). A node never changes once built (a lazy node's children,
 * once read, stay), so neither do they: kept on the node, they live and go
 * with the turn's trie, and no module keeps a cache of its own.
 */
export interface NodeMemo {
  freeRuns?: Map<number, Step[][]>;
  pickUpRuns?: Map<number, Step[][]>;
  /** Free runs from an offset by the readings they change. */
  freeRunsByPit?: Map<number, Map<number, Step[][]>>;
  freeHeight?: number | null;
}

export interface MoveTrie<P extends Position = Position> {
  readonly root: TrieNode<P>;
  /** Nodes built (in a lazy trie: so far). */
  readonly nodeCount: number;
  /** Moves of the turn (in a lazy trie: a lower bound, see `TrieNode.moveCount`). */
  readonly moveCount: number;
  /**
   * The most stones any move places from a reserve (Bao namua); 0 for
   * four-row games. A lazy trie counts the first segment of every start (a
   * reserve stone is placed as a turn begins).
   */
  readonly maxPlaced: number;
  /** True when `legal` was cut at its limit. */
  readonly truncated: boolean;
  /** True when built from `game.turnTree` (`lazyTrie`). */
  readonly lazy: boolean;
  /**
   * Every step of every move is free and the root branches: a turn whose
   * changes all happen at once (an Abalone move). Never in a lazy trie.
   */
  readonly allFree: boolean;
}

const OPS: Readonly<Record<TraceStep["op"], Op>> = {
  lift: OP_LIFT,
  sow: OP_SOW,
  capture: OP_CAPTURE,
  place: OP_PLACE,
};

export const OP_NAMES: readonly TraceStep["op"][] = ["lift", "sow", "capture", "place"];

/** Lift and capture take stones into the hand: a run of them is one pick-up. */
export function isPickUp(op: Op): boolean {
  return op === OP_LIFT || op === OP_CAPTURE;
}

function stepKey(s: Step): number {
  return (s.pit * 8 + s.op * 2 + (s.free ? 1 : 0)) * 65536 + s.n;
}

/** A step on the reading named as its pit: what a counting board senses of it. */
function countingStep(step: TraceStep): SensorStep {
  const n = step.op === "lift" || step.op === "capture" ? step.n : 1;
  return { op: step.op, reading: step.pit, n };
}

/**
 * The compiler of a game's traces to steps on the readings of `pitIndex`:
 * through the game's `sensorSteps` where it has them, else one step on the
 * reading named as each step's pit.
 */
export function stepCompiler(
  game: Pick<Game, "sensorSteps">,
  pitIndex: ReadonlyMap<string, number>,
): StepCompiler {
  // One step object per distinct step (the compiler lives as long as its game
  // at the board): a turn's trie shares them instead of allocating its own.
  const made = new Map<number, Step>();
  const step = (s: SensorStep): Step => {
    const pit = pitIndex.get(s.reading);
    if (pit === undefined) {
      throw new Error(`trace names reading ${s.reading}, unknown to the sensor view`);
    }
    const fresh: Step = { op: OPS[s.op], pit, n: s.n, free: s.free === true };
    const key = stepKey(fresh);
    const known = made.get(key);
    if (known !== undefined) return known;
    made.set(key, fresh);
    return fresh;
  };
  const sensorSteps = game.sensorSteps?.bind(game);
  if (sensorSteps === undefined) {
    // A counting board: one step per trace step (the common case, kept lean).
    return (trace) => trace.map((t) => step(countingStep(t)));
  }
  return (trace) => {
    const out: Step[] = [];
    for (const t of trace) for (const s of sensorSteps(t)) out.push(step(s));
    return out;
  };
}

/** Compiles a counting board's trace (one step per trace step, by pit name). */
export function compileTrace(trace: Trace, pitIndex: ReadonlyMap<string, number>): Step[] {
  return stepCompiler({}, pitIndex)(trace);
}

/**
 * `hand`, `stage` and `placed` at every offset of a run (see `TrieNode`), as
 * plain arrays of small integers: a typed array each cost a node three
 * buffers, and a turn builds its trie anew.
 */
function runCounts(
  steps: readonly Step[],
  hand0: number,
  stage0: number,
  placed0: number,
  prevOp: Op | -1,
): { hand: number[]; stage: number[]; placed: number[] } {
  const len = steps.length;
  const hand = new Array<number>(len + 1);
  const stage = new Array<number>(len + 1);
  const placed = new Array<number>(len + 1);
  hand[0] = hand0;
  stage[0] = stage0;
  placed[0] = placed0;
  let h = hand0;
  let st = stage0;
  let pl = placed0;
  let prev = prevOp;
  for (let i = 0; i < len; i++) {
    const s = steps[i] as Step;
    if (isPickUp(s.op)) {
      h += s.n;
      if (prev === -1 || !isPickUp(prev)) st++;
    } else if (s.op === OP_SOW) {
      h -= 1;
    } else {
      pl += 1;
    }
    hand[i + 1] = h;
    stage[i + 1] = st;
    placed[i + 1] = pl;
    prev = s.op;
  }
  return { hand, stage, placed };
}

/** Builds the trie of a turn's legal moves (each move's trace compiled to sensor indices). */
export function buildTrie<P extends Position>(
  moves: readonly LegalMove<P>[],
  compile: StepCompiler,
  truncated = false,
): MoveTrie<P> {
  const traces = moves.map((m) => compile(m.trace));
  let nextId = 0;
  let maxPlaced = 0;

  const build = (
    idx: readonly number[],
    depth: number,
    parent: TrieNode<P> | null,
    hand0: number,
    stage0: number,
    placed0: number,
    prevOp: Op | -1,
  ): TrieNode<P> => {
    const first = traces[idx[0] as number] as Step[];
    let end = depth;
    // Extend the shared run while every move has the same next step.
    for (;;) {
      const step = first[end];
      if (step === undefined) break;
      let shared = true;
      for (const i of idx) {
        const other = (traces[i] as Step[])[end];
        // Steps are one object per distinct step (stepCompiler), so the same step is the same object.
        if (other === undefined || (other !== step && stepKey(other) !== stepKey(step))) {
          shared = false;
          break;
        }
      }
      if (!shared) break;
      end++;
    }
    const steps = first.slice(depth, end);
    const len = steps.length;
    const { hand, stage, placed } = runCounts(steps, hand0, stage0, placed0, prevOp);
    maxPlaced = Math.max(maxPlaced, placed[len] as number);
    let own: LegalMove<P> | null = null;
    const groups = new Map<number, number[]>();
    for (const i of idx) {
      const t = traces[i] as Step[];
      if (t.length === end) {
        // Two moves with one and the same trace cannot be told apart at the board; keep the first.
        if (own === null) own = moves[i] as LegalMove<P>;
        continue;
      }
      const key = stepKey(t[end] as Step);
      const g = groups.get(key);
      if (g === undefined) groups.set(key, [i]);
      else g.push(i);
    }
    const children: TrieNode<P>[] = [];
    const node: TrieNode<P> = {
      id: nextId++,
      parent,
      depth,
      steps,
      hand,
      stage,
      placed,
      children,
      expanded: true,
      move: own,
      memo: {},
      moveCount: 0,
    };
    let count = own === null ? 0 : 1;
    for (const g of groups.values()) {
      const child = build(
        g,
        end,
        node,
        hand[len] as number,
        stage[len] as number,
        placed[len] as number,
        len > 0 ? (steps[len - 1] as Step).op : prevOp,
      );
      children.push(child);
      count += child.moveCount;
    }
    (node as { moveCount: number }).moveCount = count;
    return node;
  };

  if (moves.length === 0) {
    const empty: TrieNode<P> = {
      id: 0,
      parent: null,
      depth: 0,
      steps: [],
      hand: [0],
      stage: [0],
      placed: [0],
      children: [],
      expanded: true,
      move: null,
      memo: {},
      moveCount: 0,
    };
    return {
      root: empty,
      nodeCount: 1,
      moveCount: 0,
      maxPlaced: 0,
      truncated,
      lazy: false,
      allFree: false,
    };
  }
  const root = build(
    moves.map((_, i) => i),
    0,
    null,
    0,
    0,
    0,
    -1,
  );
  return {
    root,
    nodeCount: nextId,
    moveCount: root.moveCount,
    maxPlaced,
    truncated,
    lazy: false,
    allFree: root.children.length > 0 && traces.every((t) => t.every((step) => step.free)),
  };
}

// ------------------------------------------------------------------ lazy trie

/** A node of the game's turn tree on its path from a root, with its steps compiled. */
interface Segment<P extends Position> {
  readonly node: TurnNode<P>;
  readonly parent: Segment<P> | null;
  readonly steps: readonly Step[];
  /** The move ending after this segment (built on first use), if `node.end`. */
  move: LegalMove<P> | null;
}

/** A point in a segment: the steps before `offset` are done. */
interface Source<P extends Position> {
  readonly seg: Segment<P>;
  readonly offset: number;
}

function atSegmentEnd<P extends Position>(s: Source<P>): boolean {
  return s.offset === s.seg.steps.length;
}

/** The move of a segment with an end, its trace concatenated from the path only when read. */
function segmentMove<P extends Position>(seg: Segment<P>): LegalMove<P> | null {
  const end = seg.node.end;
  if (end === null) return null;
  if (seg.move !== null) return seg.move;
  let trace: Trace | null = null;
  const move: LegalMove<P> = {
    move: end.move,
    position: end.position,
    get trace(): Trace {
      if (trace === null) {
        const parts: Trace[] = [];
        for (let g: Segment<P> | null = seg; g !== null; g = g.parent) parts.push(g.node.steps);
        trace = parts.reverse().flat();
      }
      return trace;
    },
  };
  seg.move = move;
  return move;
}

/** Nodes counted at most by one `moveCount` of a lazy node (a lower bound past that). */
const COUNT_BUDGET = 256;

class LazyNode<P extends Position> implements TrieNode<P> {
  private built: LazyNode<P>[] | null = null;
  readonly memo: NodeMemo = {};
  private own: LegalMove<P> | null;

  constructor(
    private readonly trie: LazyTrie<P>,
    readonly id: number,
    readonly parent: LazyNode<P> | null,
    readonly depth: number,
    readonly steps: readonly Step[],
    readonly hand: readonly number[],
    readonly stage: readonly number[],
    readonly placed: readonly number[],
    /** Where each source of the run stands after it (released once expanded). */
    private sources: readonly Source<P>[],
  ) {
    let own: LegalMove<P> | null = null;
    for (const s of sources) {
      // Two moves with one and the same trace cannot be told apart at the board; keep the first.
      if (own === null && atSegmentEnd(s)) own = segmentMove(s.seg);
    }
    this.own = own;
  }

  get move(): LegalMove<P> | null {
    return this.own;
  }

  get children(): readonly TrieNode<P>[] {
    if (this.built === null) this.built = this.expand();
    return this.built;
  }

  get expanded(): boolean {
    return this.built !== null || !this.sources.some(atSegmentEnd);
  }

  get moveCount(): number {
    const budget = { left: COUNT_BUDGET };
    return this.count(budget);
  }

  private count(budget: { left: number }): number {
    if (this.built === null) {
      let n = this.own === null ? 0 : 1;
      for (const s of this.sources) if (!atSegmentEnd(s) || s.seg.node.end === null) n++;
      return Math.max(n, 1);
    }
    let n = this.own === null ? 0 : 1;
    for (const c of this.built) n += --budget.left < 0 ? 1 : c.count(budget);
    return n;
  }

  /** The branches after the run: sources going on, and the game's children where segments end. */
  private expand(): LazyNode<P>[] {
    const frontier: Source<P>[] = [];
    const collect = (s: Source<P>): void => {
      if (!atSegmentEnd(s)) {
        frontier.push(s);
        return;
      }
      // (Set already for this node's own sources; a child with no steps, which the
      // TurnNode contract rules out, would end here too.)
      if (this.own === null) this.own = segmentMove(s.seg);
      for (const branch of s.seg.node.children()) {
        collect({ seg: this.trie.segment(branch.node, s.seg), offset: 0 });
      }
    };
    for (const s of this.sources) collect(s);
    this.sources = [];
    const groups = new Map<number, Source<P>[]>();
    for (const s of frontier) {
      const key = stepKey(s.seg.steps[s.offset] as Step);
      const g = groups.get(key);
      if (g === undefined) groups.set(key, [s]);
      else g.push(s);
    }
    const len = this.steps.length;
    // Only the root can have an empty run.
    const last = len > 0 ? (this.steps[len - 1] as Step).op : -1;
    const out: LazyNode<P>[] = [];
    for (const g of groups.values()) {
      out.push(
        this.trie.node(
          g,
          this.depth + len,
          this,
          this.hand[len] as number,
          this.stage[len] as number,
          this.placed[len] as number,
          last,
        ),
      );
    }
    return out;
  }
}

class LazyTrie<P extends Position> implements MoveTrie<P> {
  readonly truncated = false;
  readonly lazy = true;
  readonly allFree = false;
  nodeCount = 0;
  readonly maxPlaced: number;
  readonly root: LazyNode<P>;

  constructor(
    roots: readonly TurnNode<P>[],
    private readonly compile: StepCompiler,
  ) {
    const sources = roots.map((r) => ({ seg: this.segment(r, null), offset: 0 }));
    let maxPlaced = 0;
    for (const s of sources) {
      let placed = 0;
      for (const step of s.seg.steps) if (step.op === OP_PLACE) placed++;
      maxPlaced = Math.max(maxPlaced, placed);
    }
    this.maxPlaced = maxPlaced;
    this.root = this.node(sources, 0, null, 0, 0, 0, -1);
  }

  get moveCount(): number {
    return this.root.moveCount;
  }

  segment(node: TurnNode<P>, parent: Segment<P> | null): Segment<P> {
    return { node, parent, steps: this.compile(node.steps), move: null };
  }

  /** A node for sources that share their next step: its run goes on while they agree and none ends. */
  node(
    sources: readonly Source<P>[],
    depth: number,
    parent: LazyNode<P> | null,
    hand0: number,
    stage0: number,
    placed0: number,
    prevOp: Op | -1,
  ): LazyNode<P> {
    let run = 0;
    const first = sources[0];
    if (first !== undefined) {
      for (;;) {
        let go = true;
        for (const s of sources) {
          if (s.offset + run >= s.seg.steps.length) {
            go = false;
            break;
          }
        }
        if (!go) break;
        const key = stepKey(first.seg.steps[first.offset + run] as Step);
        for (const s of sources) {
          if (s === first) continue;
          if (stepKey(s.seg.steps[s.offset + run] as Step) !== key) {
            go = false;
            break;
          }
        }
        if (!go) break;
        run++;
      }
    }
    const steps =
      first === undefined ? [] : first.seg.steps.slice(first.offset, first.offset + run);
    const { hand, stage, placed } = runCounts(steps, hand0, stage0, placed0, prevOp);
    const after =
      run === 0 ? sources : sources.map((s) => ({ seg: s.seg, offset: s.offset + run }));
    return new LazyNode(this, this.nodeCount++, parent, depth, steps, hand, stage, placed, after);
  }
}

/**
 * The trie of a turn from the game's turn tree (`Game.turnTree`), built as
 * the tracker reads it: only the roots' shared prefix at first; a node's
 * children when first read, asking the game for a turn-tree node's children
 * only where one of its segments ends.
 */
export function lazyTrie<P extends Position>(
  roots: readonly TurnNode<P>[],
  compile: StepCompiler,
): MoveTrie<P> {
  return new LazyTrie(roots, compile);
}

/** The steps from the root to `offset` steps into `node`, in order. */
export function pathSteps<P extends Position>(node: TrieNode<P>, offset: number): Step[] {
  const chain: { node: TrieNode<P>; upto: number }[] = [];
  let n: TrieNode<P> | null = node;
  let upto = offset;
  while (n !== null) {
    chain.push({ node: n, upto });
    n = n.parent;
    if (n !== null) upto = n.steps.length;
  }
  const out: Step[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const c = chain[i] as { node: TrieNode<P>; upto: number };
    for (let k = 0; k < c.upto; k++) out.push(c.node.steps[k] as Step);
  }
  return out;
}

/**
 * Calls `visit` with every move in the subtree, in `movesBelow`'s order, until
 * it returns false (then returns false). In a lazy trie it expands what it walks.
 */
export function forEachMoveBelow<P extends Position>(
  node: TrieNode<P>,
  visit: (move: LegalMove<P>) => boolean,
): boolean {
  if (node.move !== null && !visit(node.move)) return false;
  for (const c of node.children) if (!forEachMoveBelow(c, visit)) return false;
  return true;
}

/** Up to `limit` moves in the subtree (sorted as the engine listed them within each branch). */
export function movesBelow<P extends Position>(
  node: TrieNode<P>,
  limit: number,
  out: LegalMove<P>[] = [],
): LegalMove<P>[] {
  if (out.length >= limit) return out;
  if (node.move !== null) out.push(node.move);
  for (const c of node.children) {
    if (out.length >= limit) break;
    movesBelow(c, limit, out);
  }
  return out;
}
