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
 */
import type { LegalMove, Position, TraceStep } from "../games/core/types.js";

export const OP_LIFT = 0;
export const OP_SOW = 1;
export const OP_CAPTURE = 2;
export const OP_PLACE = 3;
export type Op = typeof OP_LIFT | typeof OP_SOW | typeof OP_CAPTURE | typeof OP_PLACE;

/** A trace step with its pit as an index in sensor order. */
export interface Step {
  readonly op: Op;
  readonly pit: number;
  /** Stones leaving the pit (lift, capture); 1 for sow and place. */
  readonly n: number;
}

export interface TrieNode<P extends Position = Position> {
  readonly id: number;
  readonly parent: TrieNode<P> | null;
  /** Steps of the turn before this node's first step. */
  readonly depth: number;
  /** The steps every move below this node shares (empty only for a root that branches at once). */
  readonly steps: readonly Step[];
  /** `hand[i]`: stones in hand after `i` steps of this node (i = 0 … steps.length). */
  readonly hand: Int32Array;
  /** `stage[i]`: stages begun after `i` steps of this node. */
  readonly stage: Int32Array;
  /** `placed[i]`: stones placed from the reserve so far (Bao `place` steps). */
  readonly placed: Int32Array;
  readonly children: readonly TrieNode<P>[];
  /** The move whose trace ends after this node's last step, if any. */
  readonly move: LegalMove<P> | null;
  /** Moves in this subtree (this node's own move included). */
  readonly moveCount: number;
}

export interface MoveTrie<P extends Position = Position> {
  readonly root: TrieNode<P>;
  readonly nodeCount: number;
  readonly moveCount: number;
  /** The most stones any move places from a reserve (Bao namua); 0 for four-row games. */
  readonly maxPlaced: number;
  /** True when `legal` was cut at its limit. */
  readonly truncated: boolean;
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
  return (s.op * 256 + s.pit) * 65536 + s.n;
}

export function compileTrace(
  trace: readonly TraceStep[],
  pitIndex: ReadonlyMap<string, number>,
): Step[] {
  return trace.map((t) => {
    const pit = pitIndex.get(t.pit);
    if (pit === undefined) throw new Error(`trace names pit ${t.pit}, unknown to the sensor view`);
    const n = t.op === "lift" || t.op === "capture" ? t.n : 1;
    return { op: OPS[t.op], pit, n };
  });
}

/** Builds the trie of a turn's legal moves (each move's trace compiled to sensor indices). */
export function buildTrie<P extends Position>(
  moves: readonly LegalMove<P>[],
  pitIndex: ReadonlyMap<string, number>,
  truncated = false,
): MoveTrie<P> {
  const traces = moves.map((m) => compileTrace(m.trace, pitIndex));
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
      if (idx.some((i) => (traces[i] as Step[]).length === end)) break;
      const key = stepKey(first[end] as Step);
      if (!idx.every((i) => stepKey((traces[i] as Step[])[end] as Step) === key)) break;
      end++;
    }
    const steps = first.slice(depth, end);
    const len = steps.length;
    const hand = new Int32Array(len + 1);
    const stage = new Int32Array(len + 1);
    const placed = new Int32Array(len + 1);
    hand[0] = hand0;
    stage[0] = stage0;
    placed[0] = placed0;
    let prev = prevOp;
    for (let i = 0; i < len; i++) {
      const s = steps[i] as Step;
      let h = hand[i] as number;
      let st = stage[i] as number;
      let pl = placed[i] as number;
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
      move: own,
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
      hand: new Int32Array(1),
      stage: new Int32Array(1),
      placed: new Int32Array(1),
      children: [],
      move: null,
      moveCount: 0,
    };
    return { root: empty, nodeCount: 1, moveCount: 0, maxPlaced: 0, truncated };
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
  return { root, nodeCount: nextId, moveCount: root.moveCount, maxPlaced, truncated };
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
