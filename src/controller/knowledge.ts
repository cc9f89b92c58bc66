/**
 * What the controller learns about the board from the engine's traces, so it
 * needs no geometry of its own (game-agnostic): which side owns each pit
 * (pits a side lifts, sows or places into are its own; pits it captures from
 * are the opponent's) and which pit follows which when sowing (consecutive
 * lift/sow → sow steps). Learned from every turn's move trie and merged over
 * the game; ownership names whose turn a stray change belongs to, and the
 * successor pairs tell a stone sown "backwards" on the first drop.
 */
import type { Position, Side } from "../games/index.js";
import { OP_CAPTURE, OP_LIFT, OP_PLACE, OP_SOW, type MoveTrie, type TrieNode } from "./trie.js";

export interface BoardKnowledge {
  /** Owner of each pit (by sensor index), where known. */
  readonly owners: ReadonlyMap<number, Side>;
  /** Sowing successor pairs `from * 1024 + to`. */
  readonly successors: ReadonlySet<number>;
  /** The sides met so far, in order of first appearance. */
  readonly sides: readonly Side[];
}

export const EMPTY_KNOWLEDGE: BoardKnowledge = {
  owners: new Map(),
  successors: new Set(),
  sides: [],
};

/**
 * Most trie nodes read per turn (optional captures make huge tries; the first
 * nodes suffice). In a lazy trie only nodes at hand are read (`expanded`):
 * learning never asks the game to expand the turn tree.
 */
const NODE_BUDGET = 4000;

export function learnFromTrie<P extends Position>(
  k: BoardKnowledge,
  trie: MoveTrie<P>,
  mover: Side,
): BoardKnowledge {
  const owners = new Map(k.owners);
  const successors = new Set(k.successors);
  const sides = [...k.sides];
  if (!sides.includes(mover)) sides.push(mover);
  let opponent: Side | null = null;
  let budget = NODE_BUDGET;
  const walk = (node: TrieNode<P>, prevPit: number, prevOp: number): void => {
    if (--budget < 0) return;
    let pp = prevPit;
    let po = prevOp;
    for (const s of node.steps) {
      if (s.op === OP_LIFT || s.op === OP_SOW || s.op === OP_PLACE) {
        if (!owners.has(s.pit)) owners.set(s.pit, mover);
      }
      if (s.op === OP_SOW && pp >= 0 && (po === OP_LIFT || po === OP_SOW)) {
        successors.add(pp * 1024 + s.pit);
      }
      if (s.op === OP_CAPTURE && opponent !== null && !owners.has(s.pit)) {
        owners.set(s.pit, opponent);
      }
      pp = s.pit;
      po = s.op;
    }
    if (node.move !== null && opponent === null && node.move.position.toMove !== mover) {
      opponent = node.move.position.toMove;
    }
    if (node.expanded) for (const c of node.children) walk(c, pp, po);
  };
  // First pass finds the opponent's name (from a move's resulting position).
  const firstMove = findMove(trie.root);
  if (firstMove !== null && firstMove !== mover) opponent = firstMove;
  walk(trie.root, -1, -1);
  if (opponent !== null && !sides.includes(opponent)) sides.push(opponent);
  return { owners, successors, sides };
}

function findMove<P extends Position>(node: TrieNode<P>): Side | null {
  let n: TrieNode<P> | undefined = node;
  while (n !== undefined) {
    if (n.move !== null) return n.move.position.toMove;
    n = n.expanded ? n.children[0] : undefined;
  }
  return null;
}

export function opponentOf(k: BoardKnowledge, side: Side): Side | null {
  return k.sides.find((s) => s !== side) ?? null;
}

const SIDE_NAMES: Readonly<Record<string, string>> = {
  S: "South",
  N: "North",
  b: "Black",
  w: "White",
};

export function sideName(side: Side): string {
  return SIDE_NAMES[side] ?? side;
}
