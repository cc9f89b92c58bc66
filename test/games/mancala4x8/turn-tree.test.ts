/**
 * `Game.turnTree` of the four-row games (core/types.ts `TurnNode`,
 * mancala4x8/tree.ts): the moves of `legal` as a tree of capture choices,
 * expanded on demand.
 *
 * - Expanding the whole tree gives exactly `legal`'s moves, in its order, with
 *   its positions and traces (the segments of a path concatenated), for random
 *   positions of every game and option, optional captures included with small
 *   and default stage limits (CORE-5, HUS-3, BDE-3).
 * - A node without a legal move below it never appears.
 * - Expanding one branch costs work in proportion to that branch: a position
 *   with over 300,000 moves gives its roots and one whole path at once.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../src/shared/random.js";
import type {
  Game,
  LegalMove,
  Position,
  TraceStep,
  TurnNode,
} from "../../../src/games/core/types.js";
import type { FourRowPosition } from "../../../src/games/mancala4x8/index.js";
import type { FourRowTurnNode } from "../../../src/games/mancala4x8/tree.js";
import { getGame, parse } from "./helpers.js";
import { rows } from "../fourrow/board.js";

interface Config {
  readonly game: string;
  readonly options: Readonly<Record<string, unknown>>;
}

const CONFIGS: readonly Config[] = [
  { game: "husbao", options: {} },
  { game: "husbao", options: { direction: "cw", maxStages: 12 } },
  { game: "husbao-bis", options: {} },
  { game: "husbao-bis", options: { maxStages: 6 } },
  { game: "husbao-front", options: { direction: "ccw" } },
  { game: "hus", options: {} },
  { game: "hus", options: { direction: "ccw", maxStages: 5 } },
  { game: "hus", options: { capture: "optional", maxStages: 4 } },
  { game: "hus", options: { capture: "optional", maxStages: 12 } },
  { game: "hus", options: { capture: "optional" } },
  { game: "bao-de", options: {} },
  { game: "bao-de", options: { direction: "cw", maxStages: 5 } },
  { game: "bao-de", options: { capture: "optional", maxStages: 5 } },
  { game: "bao-de", options: { capture: "optional", maxStages: 8 } },
  { game: "bao-de", options: { capture: "optional", direction: "ccw", maxStages: 30 } },
  { game: "bao-de", options: { capture: "optional" } },
];

function label(c: Config): string {
  const o = Object.entries(c.options).map(([k, v]) => `${k}=${String(v)}`);
  return o.length ? `${c.game} (${o.join(", ")})` : c.game;
}

function treeOf(game: Game, p: Position): readonly TurnNode<Position>[] {
  if (game.turnTree === undefined) throw new Error(`${game.id} has no turnTree`);
  return game.turnTree(p);
}

interface Expanded {
  readonly moves: LegalMove<Position>[];
  /** Nodes with exactly one child and no end: a sibling was pruned (no legal move below it). */
  readonly pruned: number;
}

/** Every move of the tree in depth-first order (a node's end before its children), checking the node invariants. */
function expandAll(roots: readonly TurnNode<Position>[]): Expanded {
  const moves: LegalMove<Position>[] = [];
  let pruned = 0;
  const walk = (node: TurnNode<Position>, prefix: readonly TraceStep[]): number => {
    expect(node.steps.length).toBeGreaterThan(0);
    const trace = [...prefix, ...node.steps];
    let below = 0;
    if (node.end !== null) {
      moves.push({ move: node.end.move, position: node.end.position, trace });
      below++;
    }
    const children = node.children();
    const choices = children.map((c) => c.choice);
    expect(choices).toEqual([...choices].sort());
    if (node.end === null && children.length === 1) pruned++;
    for (const c of children) {
      const n = walk(c.node, trace);
      // A node without a legal move below it never appears.
      expect(n).toBeGreaterThan(0);
      below += n;
    }
    return below;
  };
  for (const r of roots) expect(walk(r, [])).toBeGreaterThan(0);
  return { moves, pruned };
}

/** Random positions reached by random play (both sides), with at most `maxMoves` legal moves. */
function positions(c: Config, seed: number, count: number, maxMoves: number): Position[] {
  const game = getGame(c.game);
  const random = seededRandom(seed);
  const out: Position[] = [];
  const init = game.initial(c.options);
  if (!init.ok) throw new Error(init.error.message);
  for (let g = 0; out.length < count && g < 50; g++) {
    let p = init.value;
    for (let ply = 0; ply < 60 && out.length < count; ply++) {
      if (random() < 0.4 && game.perft(p, 1) <= maxMoves) out.push(p);
      const m = game.randomMove(p, random);
      if (m === null) {
        out.push(p); // a finished game: no roots
        break;
      }
      p = m.position;
    }
  }
  return out;
}

describe("turnTree: the whole tree is legal()", () => {
  CONFIGS.forEach((c, i) => {
    it(`${label(c)}: moves, positions and traces equal legal()`, () => {
      const game = getGame(c.game);
      let pruned = 0;
      let moves = 0;
      for (const p of positions(c, 500 + i, 12, 3000)) {
        const legal = game.legal(p, 100_000);
        expect(legal.truncated).toBe(false);
        const tree = expandAll(treeOf(game, p));
        expect(tree.moves.map((m) => m.move)).toEqual(legal.moves.map((m) => m.move));
        expect(tree.moves).toEqual(legal.moves);
        pruned += tree.pruned;
        moves += legal.moves.length;
      }
      expect(moves).toBeGreaterThan(0);
      if (c.options["capture"] === "optional" && c.options["maxStages"] !== undefined) {
        // The small stage limits do refuse branches: the test saw pruning at work.
        expect(pruned).toBeGreaterThan(0);
      }
    });
  });

  it("roots are the legal starts, sorted, and a finished game has none", () => {
    const game = getGame("bao-de");
    const { position } = parse({
      game: "bao-de",
      options: { capture: "optional" },
      toMove: "S",
      pits: rows("4 4 4 4 4 4 4 4 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2"),
    });
    // BDE-4: South has no stone in the front row.
    expect(treeOf(game, position)).toEqual([]);
    const start = game.initial({ capture: "optional" });
    if (!start.ok) throw new Error(start.error.message);
    const heads = treeOf(game, start.value).map((r) => {
      const first = r.steps[0] as TraceStep;
      return `${first.pit}${first.op}`;
    });
    expect(heads).toHaveLength(32);
    expect(heads[0]).toBe("A1lift");
  });
});

describe("turnTree: lazy expansion", () => {
  // Found by random play (bao-de, optional captures, default maxStages 200): 304,659 legal moves.
  const huge = {
    game: "bao-de",
    options: { direction: "free", capture: "optional", maxStages: 200 },
    toMove: "N",
    pits: rows("4 1 0 2 0 1 2 0 / 1 1 1 5 1 1 2 1 / 3 2 1 6 0 3 4 1 / 4 1 6 0 3 4 1 2"),
  } as const;

  it("a position with over 300,000 moves: roots and one whole path at once", () => {
    const { game, position } = parse(huge);
    expect(game.perft(position, 1)).toBe(304_659);
    const t0 = performance.now();
    const roots = treeOf(game, position);
    const rootsMs = performance.now() - t0;
    expect(roots.length).toBeGreaterThan(0);
    const work0 = (roots[0] as FourRowTurnNode).work;
    // One begin per start and direction, one existence check per root at a choice.
    expect(work0).toBeLessThanOrEqual(2 * 2 * 16);
    // Follow the last branch of every choice point down to a move (a long path).
    let node = roots[roots.length - 1] as TurnNode<Position>;
    const trace: TraceStep[] = [...node.steps];
    let depth = 0;
    for (;;) {
      const children = node.children();
      if (children.length === 0) break;
      node = (children[children.length - 1] as { node: TurnNode<Position> }).node;
      trace.push(...node.steps);
      depth++;
    }
    const ms = performance.now() - t0;
    const work = (node as FourRowTurnNode).work - work0;
    // Per choice point: two children, each a choice and an existence check.
    expect(work).toBeLessThanOrEqual(4 * depth);
    expect(node.end).not.toBeNull();
    const end = node.end as { move: string; position: FourRowPosition };
    const applied = game.apply(position, end.move);
    if (!applied.ok) throw new Error(applied.error.message);
    expect(applied.value.trace).toEqual(trace);
    expect(applied.value.position).toEqual(end.position);
    expect(rootsMs).toBeLessThan(250);
    expect(ms).toBeLessThan(1000);
  });

  it("the first roots expanded alone are legal()'s first moves", () => {
    const { game, position } = parse(huge);
    const first = treeOf(game, position).slice(0, 4);
    const { moves } = expandAll(first);
    expect(moves.length).toBe(464);
    const legal = game.legal(position, moves.length);
    expect(legal.truncated).toBe(true);
    expect(moves).toEqual(legal.moves);
  });
});
