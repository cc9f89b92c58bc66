/**
 * The turn tree (core/types.ts `TurnNode`): one root per pit that may start
 * (its step the lift), one child per kind of bead that may fall next (`s` or
 * a gem's tag; its step the sow, and after the last bead the captures that
 * follow from it), and after an indirect chain with more than one set of gems
 * to take, one child per set (its capture steps). The bead order stays open
 * until each bead lands: a node replays only its own path.
 */
import type { Trace, TraceStep, TurnBranch, TurnNode } from "../core/types.js";
import { findChain, forEachCapture, prepareChoices, takeChoice, untake } from "./captures.js";
import { GEM_TAGS, LOWEST, PLACES, STONE, beadName, rowStart } from "./geometry.js";
import { formatMove } from "./notation.js";
import { keyOf, type GlassPosition } from "./position.js";
import type { Sower } from "./sowing.js";
import { captureSteps, endOf, liftStep, positionAfter, sowStep, sowerOf } from "./turn.js";

type Node = TurnNode<GlassPosition>;
type Branch = TurnBranch<GlassPosition>;

interface Turn {
  readonly position: GlassPosition;
  readonly key: string;
  readonly start: number;
}

/** A sower on the turn's position with the start lifted and `prefix` dropped. */
function replay(turn: Turn, prefix: readonly number[]): Sower {
  const s = sowerOf(turn.position);
  s.begin(turn.start);
  prefix.forEach((bead, d) => s.drop(d, bead));
  return s;
}

function leaf(steps: Trace, s: Sower, turn: Turn): Node {
  const end = { move: formatMove(s), position: positionAfter(s, turn.position, turn.key) };
  return { steps, end, children: () => [] };
}

/** The sets of gems an indirect chain may take, after every bead of `beads` fell. */
function choiceBranches(turn: Turn, beads: readonly number[]): Branch[] {
  const s = replay(turn, beads);
  findChain(s);
  prepareChoices(s);
  const out: Branch[] = [];
  forEachCapture(s, () => {
    const steps = captureSteps(s);
    let choice = "";
    for (let i = 0; i < s.capCount; i++) {
      choice +=
        (PLACES[s.capPlace[i] as number] as string) + (GEM_TAGS[s.capGem[i] as number] as string);
    }
    out.push({ choice, node: leaf(steps, s, turn) });
    return true;
  });
  return out;
}

/** The node of the last bead: its sow, then the captures it makes or the choice of them. */
function lastBead(turn: Turn, s: Sower, sow: TraceStep, beads: readonly number[]): Node {
  findChain(s);
  if (prepareChoices(s) > 1) {
    return { steps: [sow], end: null, children: () => choiceBranches(turn, beads) };
  }
  takeChoice(s, 0); // the one way the captures go: a direct chain, a forced set, or none
  const node = leaf([sow, ...captureSteps(s)], s, turn);
  untake(s);
  return node;
}

/** The kinds of bead that may fall next after `prefix`, each as a branch. */
function beadBranches(turn: Turn, prefix: readonly number[]): Branch[] {
  const s = replay(turn, prefix);
  const d = prefix.length;
  const kinds: number[] = [];
  for (let m = s.handMask; m !== 0; m ^= 1 << (LOWEST[m] as number))
    kinds.push(LOWEST[m] as number);
  if (s.handStones > 0) kinds.push(STONE);
  return kinds.map((bead) => {
    const beads = [...prefix, bead];
    s.drop(d, bead);
    const sow = sowStep(s, d);
    const node: Node =
      d + 1 === s.n
        ? lastBead(turn, s, sow, beads)
        : { steps: [sow], end: null, children: () => beadBranches(turn, beads) };
    s.undrop(d);
    return { choice: beadName(bead), node };
  });
}

/** The roots of a position's turn tree: one per pit that may start, in move order. */
export function turnTreeRoots(position: GlassPosition, repeated: boolean): Node[] {
  const s = sowerOf(position);
  if (endOf(s, repeated) !== null) return [];
  const key = keyOf(position);
  const feed = s.mustFeed();
  const roots: Node[] = [];
  const from = rowStart(s.side);
  for (let start = from; start < from + 5; start++) {
    if (!s.canStart(start, feed)) continue;
    const turn: Turn = { position, key, start };
    s.begin(start);
    roots.push({ steps: [liftStep(s)], end: null, children: () => beadBranches(turn, []) });
    s.end();
  }
  return roots;
}
