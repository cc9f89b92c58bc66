/**
 * The search: iterative deepening negamax with alpha-beta and a transposition
 * table, over the game's *turn tree* (`Game.turnTree`) where it has one.
 *
 * A turn with in-turn choices (optional captures, CORE-6; a relay's choice)
 * is not listed as moves, which can number tens of thousands: the search
 * walks the tree of the mover's choices lazily, a choice node keeping the
 * mover's side (no negation inside a turn) and alpha-beta cutting its
 * branches as it cuts moves. Only a turn's end leads to the opponent's
 * position, one ply deeper. Games without a turn tree (Bao) are searched from
 * `legal`, each move a tree of one node.
 *
 * Ordering: the transposition table's best start first, then starts and
 * choices by the stones their first segment captures (a capture first).
 * Principal variation search: after the first start, a null window first
 * (3 % fewer nodes at fixed depth over 36 early positions of six games; a
 * history heuristic on top gained nothing measurable and was left out).
 *
 * Quiescence (option `quiescence`, levels 3 and 4 use 2): at the depth
 * limit a side may stand on the evaluation or play a turn whose first
 * segment captures, for that many plies more, so a leaf is not scored in
 * the middle of an exchange (HB-4, HUS-3, BK-4). At 5,000 nodes a move it
 * won 59 % of 140 games against the plain search (`npm run bench -- search`).
 *
 * Abalone (issue 29) is searched on its positional evaluation (abalone.ts):
 * every move changes it, so moves are ordered by the evaluation of the
 * position they give (the table's best first), and the evaluation scores
 * the marbles in danger at a leaf itself, in place of quiescence (which
 * would list every leaf's moves to find its pushes: 60 moves built to
 * score one position).
 *
 * Repetitions: a position met again (its board, side to move and marbles
 * off) on the line searched, or seen earlier in the game (`history`), is
 * scored as a draw, 0: a side ahead avoids it, a side behind welcomes it;
 * in Glassperlenspiel as GB-7 ends the game at the third time (the side ahead
 * on points wins, glass.ts), so a leader walks into it and the side behind
 * avoids it.
 * With a positional evaluation, a root move that puts the mover's marbles
 * back where they stood before its previous move (C1C2 answered by C2C1
 * next turn) loses `TAKE_BACK`, the tempo it wastes, so kete does not walk
 * the same marbles back and forth while the position gives no reason to
 * (in AB-9.2's single-colour game, where no marble is the mover's, a move
 * that puts back exactly the holes its previous move changed).
 *
 * Budgets: depth, nodes and time (through the caller's `now`); a search
 * stopped by its budget answers the best move of the deepest iteration it
 * completed (the first iteration's move is always found: at least depth 1
 * is searched whatever the budget, so an answer always comes). Noise, when a
 * level asks for it, is added to the root moves' scores from the seed and
 * the move's notation, so the same seed gives the same answer.
 */
import type { Game, Position, Side, Trace, TurnNode } from "../games/index.js";
import { err, ok, seededRandom, type Result } from "../shared/index.js";
import { colourOf, isMarblePosition, marbleRules, takesBack, takesBackAlike } from "./abalone.js";
import { isBeadPosition } from "./glass.js";
import { defaultEvaluation, evaluatorOf, terminalScore, type Evaluator } from "./evaluate.js";
import type { Evaluation, SearchError, SearchOptions, SearchResult } from "./types.js";
import { WIN_SCORE } from "./types.js";

const INF = WIN_SCORE * 2;
/**
 * Nodes between two looks at the clock: an Abalone node can build its 60
 * moves with their traces (a third of a millisecond on a loaded machine),
 * so 512 let a 1 s search overrun by a tenth of a second (issue 29).
 */
const CLOCK_EVERY = 128;
/** The transposition table's bound: it is cleared when it grows past this. */
const TT_MAX = 500_000;
/** What a root move that takes back the mover's previous move loses, in marbles (see above). */
export const TAKE_BACK = 0.1;

const enum Bound {
  Exact,
  Lower,
  Upper,
}

interface Entry {
  readonly depth: number;
  readonly score: number;
  readonly bound: Bound;
  /** The index (in `legal`/`turnTree` order) of the best start found. */
  readonly start: number;
}

/** The best end found below a turn node at the root: its move and the position it gives. */
interface Pick<P> {
  move: string | null;
  position: P | null;
  /** Stones taken on the way to it (capture steps), for a hint's "why". */
  captures: number;
}

const noPick = <P>(): Pick<P> => ({ move: null, position: null, captures: 0 });

class Stop extends Error {}

class Searcher<P extends Position> {
  nodes = 0;
  readonly tt = new Map<string, Entry>();
  readonly evaluator: Evaluator<P>;
  private readonly deadline: number;
  /** Plies of capturing turns searched past the depth limit (none with a positional evaluation). */
  private readonly quiescence: number;
  /** Board keys of the game's earlier positions (`history`). */
  private readonly seen: ReadonlySet<string>;
  /** Board keys of the line being searched, root first (repetitions within it). */
  readonly line = new Set<string>();

  constructor(
    private readonly game: Game<P>,
    private readonly maxNodes: number,
    private readonly now: (() => number) | undefined,
    ms: number | undefined,
    evaluation: Evaluation,
    quiescence: number,
    history: readonly P[],
  ) {
    this.evaluator = evaluatorOf(game, evaluation);
    this.deadline = ms === undefined || now === undefined ? Infinity : now() + ms;
    this.quiescence = this.evaluator.leafOnly ? 0 : quiescence;
    this.seen = new Set(history.map((h) => this.evaluator.boardKey(h)));
  }

  /** The colour code of a side on a marble board (abalone.ts). */
  colour(side: Side): number {
    return colourOf(this.game.layout.sides, side);
  }

  /** Whether a position's board key was met before, in the game or on the line searched. */
  private repeated(boardKey: string): boolean {
    return this.seen.has(boardKey) || this.line.has(boardKey);
  }

  /**
   * Indexes of `nodes` in search order: the hinted one first, then, with a
   * positional evaluation, by the evaluation of the position each turn ends
   * in (for `side`), else by the stones their first segment captures.
   */
  order(nodes: readonly TurnNode<P>[], first: number, side: Side): number[] {
    if (!this.evaluator.positional || nodes.some((n) => n.end === null))
      return ordered(nodes, first);
    const value = nodes.map((n) => this.evaluator.evaluate(n.end!.position, side));
    const idx = nodes.map((_, i) => i);
    idx.sort((a, b) => (a === first ? -1 : b === first ? 1 : value[b]! - value[a]! || a - b));
    return idx;
  }

  /** Nodes counted, at most the budget (the node that broke it is not searched). */
  get spent(): number {
    return Math.min(this.nodes, this.maxNodes);
  }

  /** Counts a node; throws `Stop` when the budget is spent (caught by `search`). */
  private tick(): void {
    this.nodes += 1;
    if (this.nodes > this.maxNodes) throw new Stop();
    if (this.now !== undefined && this.nodes % CLOCK_EVERY === 0 && this.now() > this.deadline)
      throw new Stop();
  }

  /** The position's turns as trees: the game's own, or one node per legal move. */
  roots(p: P): readonly TurnNode<P>[] {
    if (this.game.turnTree !== undefined) return this.game.turnTree(p);
    return this.game.legal(p).moves.map((m) => ({
      steps: m.trace,
      end: { move: m.move, position: m.position },
      children: () => [],
    }));
  }

  /** The score of `p` for the side to move, searched `depth` plies deep. */
  negamax(p: P, depth: number, alpha: number, beta: number, ply: number): number {
    this.tick();
    const over = this.game.outcome(p);
    if (over !== null) return terminalScore(over, p.toMove, ply);
    // A leaf of a game whose key is dear (JSON) is not looked up for a repetition.
    const marble = isMarblePosition(p);
    if (depth <= 0 && !marble && !isBeadPosition(p))
      return this.quiesce(p, depth, alpha, beta, ply);
    const boardKey = this.evaluator.boardKey(p);
    if (this.repeated(boardKey)) return this.evaluator.repetition(p, p.toMove, ply);
    if (depth <= 0) return this.quiesce(p, depth, alpha, beta, ply);
    const key = marble ? this.evaluator.keyOf(p, boardKey) : boardKey;
    const entry = this.tt.get(key);
    if (entry !== undefined && entry.depth >= depth) {
      if (entry.bound === Bound.Exact) return entry.score;
      if (entry.bound === Bound.Lower && entry.score >= beta) return entry.score;
      if (entry.bound === Bound.Upper && entry.score <= alpha) return entry.score;
    }
    const roots = this.roots(p);
    if (roots.length === 0) return this.evaluator.evaluate(p, p.toMove);
    // One ply from the leaves, ordering by the evaluation would evaluate each leaf twice.
    const order =
      depth > 1
        ? this.order(roots, entry?.start ?? -1, p.toMove)
        : ordered(roots, entry?.start ?? -1);
    const alpha0 = alpha;
    this.line.add(boardKey);
    let best = -INF;
    let bestStart = order[0]!;
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const root = roots[i]!;
      let v: number;
      // Principal variation search: the first start with the whole window, the
      // others with a null window first, searched again only when they beat alpha.
      if (k === 0) v = this.turn(root, p.toMove, depth, alpha, beta, ply, null);
      else {
        v = this.turn(root, p.toMove, depth, alpha, alpha + 1, ply, null);
        if (v > alpha && v < beta) v = this.turn(root, p.toMove, depth, alpha, beta, ply, null);
      }
      if (v > best) [best, bestStart] = [v, i];
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    this.line.delete(boardKey);
    if (this.tt.size >= TT_MAX) this.tt.clear();
    const bound = best <= alpha0 ? Bound.Upper : best >= beta ? Bound.Lower : Bound.Exact;
    this.tt.set(key, { depth, score: best, bound, start: bestStart });
    return best;
  }

  /**
   * A leaf (`depth` 0 or below): its evaluation, or with quiescence the
   * better of standing pat and the capturing turns (first segment takes
   * stones), for `quiescence` plies past the limit. Not filed in the table.
   */
  quiesce(p: P, depth: number, alpha: number, beta: number, ply: number): number {
    const stand = this.evaluator.evaluate(p, p.toMove);
    if (depth <= -this.quiescence || stand >= beta) return stand;
    let best = stand;
    if (stand > alpha) alpha = stand;
    const roots = this.roots(p);
    for (const i of ordered(roots, -1)) {
      const root = roots[i]!;
      if (captured(root.steps) === 0) break; // ordered: the capturing starts come first
      const v = this.turn(root, p.toMove, depth, alpha, beta, ply, null);
      if (v > best) best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  /**
   * The mover's best over the ends below a turn node: the turn may end here
   * (`end`) or go on by a choice; all of it is one side's, so nothing is
   * negated until the turn ends. With `pick`, the best end is kept (the root).
   */
  turn(
    node: TurnNode<P>,
    side: Side,
    depth: number,
    alpha: number,
    beta: number,
    ply: number,
    pick: Pick<P> | null,
  ): number {
    this.tick();
    let best = -INF;
    const here = pick === null ? 0 : captured(node.steps);
    if (node.end !== null) {
      best = this.after(node.end.position, side, depth, alpha, beta, ply);
      if (pick !== null) {
        [pick.move, pick.position, pick.captures] = [node.end.move, node.end.position, here];
      }
      if (best > alpha) alpha = best;
      if (alpha >= beta) return best;
    }
    const children = node.children();
    if (children.length === 0) return best;
    for (const i of ordered(
      children.map((c) => c.node),
      -1,
    )) {
      const sub: Pick<P> | null = pick === null ? null : noPick();
      const v = this.turn(children[i]!.node, side, depth, alpha, beta, ply, sub);
      if (v > best) {
        best = v;
        if (pick !== null && sub !== null) {
          [pick.move, pick.position, pick.captures] = [sub.move, sub.position, here + sub.captures];
        }
      }
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
    return best;
  }

  /** A turn ended in `q`: its score for `side` (the opponent's turn negated). */
  after(q: P, side: Side, depth: number, alpha: number, beta: number, ply: number): number {
    if (q.toMove === side) return this.negamax(q, depth - 1, alpha, beta, ply + 1);
    return -this.negamax(q, depth - 1, -beta, -alpha, ply + 1);
  }

  /** The principal variation from `p`, read from the table's best starts (bounded, no repeats). */
  pv(first: string, after: P, maxLength: number): string[] {
    const line = [first];
    const seen = new Set<string>();
    let p = after;
    while (line.length < maxLength) {
      const key = this.evaluator.key(p);
      const entry = this.tt.get(key);
      if (entry === undefined || seen.has(key) || this.game.outcome(p) !== null) break;
      seen.add(key);
      const root = this.roots(p)[entry.start];
      if (root === undefined) break;
      const end = greedyEnd(root);
      if (end === null) break;
      line.push(end.move);
      p = end.position;
    }
    return line;
  }
}

/** Stones a segment takes (its capture steps). */
function captured(steps: Trace): number {
  let n = 0;
  for (const s of steps) if (s.op === "capture") n += s.n;
  return n;
}

/** Indexes of `nodes`, the hinted one first, then by stones captured in their first segment. */
function ordered<P>(nodes: readonly TurnNode<P>[], first: number): number[] {
  const idx = nodes.map((_, i) => i);
  const gain = nodes.map((n) => captured(n.steps));
  idx.sort((a, b) => (a === first ? -1 : b === first ? 1 : gain[b]! - gain[a]! || a - b));
  return idx;
}

/** An end below `node` by its first capture-greedy path (for the principal variation). */
function greedyEnd<P>(node: TurnNode<P>): { move: string; position: P } | null {
  let n: TurnNode<P> = node;
  for (let guard = 0; guard < 10_000; guard++) {
    if (n.end !== null) return n.end;
    const children = n.children();
    const next = ordered(
      children.map((c) => c.node),
      -1,
    )[0];
    if (next === undefined) return null;
    n = children[next]!.node;
  }
  return null;
}

/** A number in [-noise, noise] from the seed and the move's notation (stable across orders). */
function noiseOf(seed: number, move: string, noise: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < move.length; i++) h = Math.imul(h ^ move.charCodeAt(i), 0x9e3779b1) >>> 0;
  return (seededRandom(h)() * 2 - 1) * noise;
}

/**
 * The best move of `position` for its side to move, within the options'
 * budget. An error when the game is over, no move is legal, or the options
 * bound nothing (a search needs a depth, node or time limit).
 */
export function search<P extends Position>(
  game: Game<P>,
  position: P,
  options: SearchOptions,
): Result<SearchResult, SearchError> {
  const { depth, nodes, ms, now, noise = 0, seed = 1 } = options;
  const { evaluation = defaultEvaluation(game), quiescence = 0, history = [] } = options;
  if (depth === undefined && nodes === undefined && ms === undefined)
    return err("bad-limits", "a search needs a limit: give depth, nodes or ms");
  if (ms !== undefined && now === undefined)
    return err("bad-limits", "a time limit (ms) needs a clock to read it from");
  const over = game.outcome(position);
  if (over !== null)
    return err("game-over", `the game is over (${over.reason}); there is nothing to search`);
  if (!Number.isInteger(quiescence) || quiescence < 0)
    return err("bad-limits", "quiescence is a whole number of plies, 0 or more");
  const s = new Searcher(game, nodes ?? Infinity, now, ms, evaluation, quiescence, history as P[]);
  const roots = s.roots(position);
  if (roots.length === 0) return err("no-move", "the side to move has no legal move");
  const maxDepth = depth ?? 64;
  let result: SearchResult | null = null;
  for (let d = 1; d <= maxDepth; d++) {
    const partial: Partial<RootAnswer<P>> = {};
    try {
      const r = root(s, position, roots, d, noise, seed, partial, takeBack(s, position, history));
      const pv = s.pv(r.best, r.after, d);
      result = { best: r.best, score: r.score, captures: r.captures, depth: d, nodes: s.spent, pv };
      // A forced result (a win or loss within reach) does not change with depth.
      if (Math.abs(r.score) > WIN_SCORE - 1000) break;
    } catch (e) {
      if (!(e instanceof Stop)) throw e;
      if (result !== null) break;
      // Depth 1 did not finish within the budget: the best start seen so far,
      // or the first start's capture-greedy end (an answer always comes).
      const fallback = partial.best !== undefined ? partial : firstEnd(roots);
      if (fallback === null) break;
      result = {
        best: fallback.best!,
        score: fallback.score ?? 0,
        captures: fallback.captures ?? 0,
        depth: 0,
        nodes: s.spent,
        pv: [fallback.best!],
      };
      break;
    }
  }
  if (result === null) return err("no-move", "the side to move has no legal move");
  // Every node spent counts, the unfinished iteration's too.
  return ok({ ...result, nodes: s.spent });
}

interface RootAnswer<P> {
  best: string;
  score: number;
  captures: number;
  after: P;
}

/**
 * One iteration at the root: every start searched, its best end kept; the
 * best so far is kept in `partial` too, for a budget that runs out mid-way.
 */
function root<P extends Position>(
  s: Searcher<P>,
  p: P,
  roots: readonly TurnNode<P>[],
  depth: number,
  noise: number,
  seed: number,
  partial: Partial<RootAnswer<P>>,
  /** What a root move that ends in a position is docked (a take-back's tempo), or null. */
  docked: ((q: P) => number) | null,
): RootAnswer<P> {
  const key = s.evaluator.key(p);
  let alpha = -INF;
  let best: (RootAnswer<P> & { start: number }) | null = null;
  s.line.clear();
  s.line.add(s.evaluator.boardKey(p));
  for (const i of s.order(roots, s.tt.get(key)?.start ?? -1, p.toMove)) {
    const pick = noPick<P>();
    // With noise every start needs its exact score: search it with a full window.
    const v = s.turn(roots[i]!, p.toMove, depth, noise > 0 ? -INF : alpha, INF, 0, pick);
    if (pick.move === null || pick.position === null) continue;
    const scored =
      v +
      (noise > 0 ? noiseOf(seed, pick.move, noise) : 0) -
      (docked === null ? 0 : docked(pick.position));
    if (best === null || scored > best.score) {
      best = {
        best: pick.move,
        score: scored,
        captures: pick.captures,
        after: pick.position,
        start: i,
      };
      Object.assign(partial, best);
    }
    if (scored > alpha) alpha = scored;
  }
  if (best === null) throw new Error("a root without an end: the turn tree broke its contract");
  s.tt.set(key, { depth, score: best.score, bound: Bound.Exact, start: best.start });
  return { ...best, score: Math.round(best.score) };
}

/**
 * The take-back rule at the root (see the header): with a positional
 * evaluation and the position two plies back (the one the mover's previous
 * move was made from), a move ending with the mover's marbles where they
 * stood there is docked `TAKE_BACK`; in AB-9.2's single-colour game, where
 * no marble is the mover's, a move that puts back exactly the holes its
 * previous move changed (abalone.ts, `takesBackAlike`); null otherwise.
 */
function takeBack<P extends Position>(
  s: Searcher<P>,
  p: P,
  history: readonly Position[],
): ((q: P) => number) | null {
  const before = history[history.length - 2];
  const between = history[history.length - 1];
  if (!s.evaluator.positional || before === undefined || between === undefined) return null;
  if (!isMarblePosition(before) || !isMarblePosition(p) || before.toMove !== p.toMove) return null;
  if (marbleRules(p).single) {
    if (!isMarblePosition(between)) return null;
    return (q) => (isMarblePosition(q) && takesBackAlike(before, between, p, q) ? TAKE_BACK : 0);
  }
  const own = s.colour(p.toMove);
  return (q) => (isMarblePosition(q) && takesBack(before, q, own) ? TAKE_BACK : 0);
}

/** The first start's capture-greedy end, unscored. */
function firstEnd<P>(roots: readonly TurnNode<P>[]): Partial<RootAnswer<P>> | null {
  const first = roots[ordered(roots, -1)[0]!];
  const end = first === undefined ? null : greedyEnd(first);
  return end === null ? null : { best: end.move, score: 0, captures: 0, after: end.position };
}
