/**
 * Move tracking: following a turn stone by stone from settled sensor readings.
 *
 * At the start of a turn the tracker asks the game for its legal moves with
 * their traces merged into a trie (`trie.ts`): from `game.turnTree` a lazy
 * trie, whose branches are computed only when a cursor's look-ahead reaches
 * the end of a segment (a choice point), else every move from `game.legal`.
 * A *cursor* is a point in that trie — some steps of some moves done — with
 * the board the sensors should then read. The tracker keeps every cursor
 * consistent with the readings so far; a reading moves each cursor forward to
 * the points whose board equals it, looking ahead at most `lookahead` steps, so
 * per reading the work is bounded however many moves the position has.
 *
 * What it accepts, because players really do it:
 * - several stones between two settled readings (look ahead, skip);
 * - a pick-up seen over several readings (a pit partly emptied, a capture
 *   half taken): the reading is *waiting*, not a mistake;
 * - captured stones first dropped into the landing pit and then lifted with
 *   it, or the landing pit lifted before the captured pit is taken: any
 *   reading between the start and the end of a pick-up group (consecutive
 *   lift/capture steps) in which only the group's pits differ, the captured
 *   pits hold no more than before and the lifted pit holds no more than its
 *   own stones plus those taken so far, is *waiting* at the group's start
 *   (or at a point inside it: captures taken into the hand before a settled
 *   reading count as taken, `capturedBefore`);
 * - direction unknown until the first stone falls: the cursors of both
 *   directions stay until a stone tells them apart;
 * - steps the game marks free (`SensorStep.free`: the marbles of an Abalone
 *   push move at once) seen in any order: a reading in which only the group's
 *   readings differ, each between its value before the group less what the
 *   group takes from it and that value plus what it drops into it (a hole
 *   inside a moving line may read empty on the way), is *waiting* at the
 *   group's start; the whole group done is an exact point. A settled board
 *   equal to a move's end that also lies part way through another move's
 *   free steps (an Abalone line carried front first passes through the
 *   results of its front marbles' moves; a single marble's step is half of
 *   a broadside) ends the turn only as a pending end does (below): a hand
 *   may stop there on its way to the longer move (issue 28).
 *
 * It acts only on settled readings (the caller filters) and never guesses:
 * a reading no cursor explains is `inconsistent`, classified by `mistakes.ts`.
 *
 * End of the turn. When every cursor is at the end of a move (in four-row
 * games the last stone of a move always leaves a leaf), the turn is complete
 * on that reading. When some cursor is at a move's end and another could go
 * on (Bao: stopping in the nyumba or going on safari; in principle any end
 * board equal to a point inside another move), the turn is *pending* and
 * resolves on the first of:
 * 1. a settled reading that continues one of the longer moves: tracking goes on;
 * 2. a settled reading that is not such a continuation (typically the
 *    opponent's first lift): the ended move is accepted and that reading is
 *    carried over to the next turn (`carry: true`);
 * 3. an unchanged settled reading at least `quietMs` after the end board was
 *    first read (snapshot time, so a replay decides the same), or `confirm`
 *    (a button press): the ended move is accepted.
 */
import type { Game, LegalMove, Position, Side } from "../games/index.js";
import { placeOfReading } from "../shared/index.js";
import {
  OP_CAPTURE,
  OP_LIFT,
  OP_PLACE,
  OP_SOW,
  buildTrie,
  forEachMoveBelow,
  isPickUp,
  lazyTrie,
  movesBelow,
  stepCompiler,
  type MoveTrie,
  type Step,
  type StepCompiler,
  type TrieNode,
} from "./trie.js";

/** A point in the trie: `offset` steps into `node`, with the board expected there. */
export interface Cursor<P extends Position = Position> {
  readonly node: TrieNode<P>;
  readonly offset: number;
  readonly board: Int16Array;
  /** False when the reading only matched a pick-up in progress at this point. */
  readonly exact: boolean;
}

export type TrackVerdict<P extends Position = Position> =
  /** The reading equals what was expected already. */
  | { readonly kind: "same" }
  /** Stones moved as a legal continuation says. */
  | { readonly kind: "progress" }
  /** A pick-up in progress (a pit partly emptied): wait for more. */
  | { readonly kind: "waiting" }
  /** A move may have ended, or may go on: see "End of the turn". */
  | { readonly kind: "pending" }
  /** The turn is over with this move; `carry`: the reading belongs to the next turn. */
  | { readonly kind: "complete"; readonly move: LegalMove<P>; readonly carry: boolean }
  /** No legal continuation explains the reading (see mistakes.ts). */
  | { readonly kind: "inconsistent" };

export interface TrackingOptions {
  /** Most steps looked ahead from a cursor per reading (stones sown between two readings). */
  readonly lookahead: number;
  /** Quiet time that ends an ambiguous turn (ms of snapshot time). */
  readonly quietMs: number;
  /**
   * Cap on `game.legal` for games without `turnTree` (positions with optional
   * captures can have 300,000 moves; games with a turn tree are never listed).
   */
  readonly legalLimit: number;
}

/**
 * The quiet moment (issue 18): how long an ambiguous end (Bao's stop in the
 * nyumba, BK-12) waits unchanged before it is accepted, in ms of snapshot
 * time. A setting of its own, journalled with the others (`kete play` asks
 * the board for a snapshot when it is up), not tied to the snapshot interval.
 */
export const DEFAULT_QUIET_MS = 2000;

export const DEFAULT_TRACKING: TrackingOptions = {
  lookahead: 24,
  quietMs: DEFAULT_QUIET_MS,
  legalLimit: 100_000,
};

/**
 * What a game's turns share at the board: its readings' names, their
 * indices and places, and the compiler of its traces to steps on them (made
 * once per game at the board and handed from turn to turn).
 */
export interface TurnSensors {
  /** The readings' names (`SensorView.pits`: pits on a counting board). */
  readonly pits: readonly string[];
  readonly pitIndex: ReadonlyMap<string, number>;
  /** For each reading, the index of its place in `game.layout.places` (-1 if none). */
  readonly placeOf: readonly number[];
  readonly compile: StepCompiler;
}

export interface TurnTracker<P extends Position = Position> extends TurnSensors {
  readonly game: Game<P>;
  readonly position: P;
  /** The sensor counts of `position`. */
  readonly before: Int16Array;
  readonly trie: MoveTrie<P>;
  /** Most stones the board can hold during this turn (board total plus reserve placements). */
  readonly maxTotal: number;
  readonly cursors: readonly Cursor<P>[];
  /** The last settled reading the tracker accepted. */
  readonly reading: Int16Array;
  /** Snapshot time at which an ambiguous end was first read, else null. */
  readonly pendingSince: number | null;
  readonly options: TrackingOptions;
  /** The readings before the move that led to `position`, when known (the last move, lit for the opponent). */
  readonly previous?: Int16Array;
  /**
   * Once an end was pending in this turn: the move that would stand and the
   * next turn after it, made once when the end was first read (its starts
   * are lit for the opponent, its reserve bounds the readings) and taken
   * over when the move is accepted, instead of listing the next position's
   * moves again at every reading; kept while the turn goes on (the shorter
   * move may still stand). Absent otherwise (and in a turn rebuilt from its
   * record).
   */
  readonly after?: NextTurn<P>;
}

/** The move a pending end would accept, and the turn that follows it. */
export interface NextTurn<P extends Position = Position> {
  readonly move: LegalMove<P>;
  readonly turn: TurnTracker<P>;
}

export function sum(counts: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < counts.length; i++) s += counts[i] as number;
  return s;
}

export function sameCounts(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The trie of a turn: lazy from `game.turnTree` when the game has it (only the
 * branches the tracker reaches are ever built), else from `game.legal`.
 */
export function moveTrie<P extends Position>(
  game: Game<P>,
  position: P,
  compile: StepCompiler,
  legalLimit: number,
): MoveTrie<P> {
  if (game.turnTree !== undefined) return lazyTrie(game.turnTree(position), compile);
  const legal = game.legal(position, legalLimit);
  return buildTrie(legal.moves, compile, legal.truncated);
}

/** The readings of `pits` (a game's sensor view) with their places and step compiler. */
export function turnSensors(game: Game, pits: readonly string[]): TurnSensors {
  const pitIndex = new Map(pits.map((p, i) => [p, i] as const));
  const places = new Map(game.layout.places.map((p, i) => [p, i] as const));
  return {
    pits,
    pitIndex,
    placeOf: pits.map((r) => places.get(placeOfReading(r)) ?? -1),
    compile: stepCompiler(game, pitIndex),
  };
}

/** The side whose place a reading is on, or null. */
export function readingOwner<P extends Position>(t: TurnTracker<P>, reading: number): Side | null {
  return t.game.layout.owners[t.placeOf[reading] ?? -1] ?? null;
}

/** Whether a sowing may drop its next stone on `to` after `from` (readings; the layout's successors). */
export function follows<P extends Position>(t: TurnTracker<P>, from: number, to: number): boolean {
  const a = t.placeOf[from] ?? -1;
  const b = t.placeOf[to] ?? -1;
  return t.game.layout.successors[a]?.includes(b) ?? false;
}

/**
 * Starts tracking the turn of `position.toMove`: the legal moves and their
 * trie. `sensors`: the game's readings as an earlier turn of the same game
 * holds them (taken over while the game's sensor view names the same readings).
 */
export function startTurn<P extends Position>(
  game: Game<P>,
  position: P,
  options: TrackingOptions = DEFAULT_TRACKING,
  previous?: Int16Array,
  sensors?: TurnSensors,
): TurnTracker<P> {
  const view = game.sensorView(position);
  const s =
    sensors !== undefined && sensors.pits === view.pits ? sensors : turnSensors(game, view.pits);
  const trie = moveTrie(game, position, s.compile, options.legalLimit);
  const before = Int16Array.from(view.counts);
  return {
    game,
    position,
    pits: s.pits,
    pitIndex: s.pitIndex,
    placeOf: s.placeOf,
    compile: s.compile,
    before,
    trie,
    maxTotal: sum(before) + trie.maxPlaced,
    cursors: [{ node: trie.root, offset: 0, board: before, exact: true }],
    reading: before,
    pendingSince: null,
    options,
    ...(previous === undefined ? {} : { previous }),
  };
}

// ------------------------------------------------------------------ exploring

/** Called at every point visited; `board` is live (copy it to keep it). Return false to stop. */
export type Visitor<P extends Position> = (
  node: TrieNode<P>,
  offset: number,
  board: Int16Array,
  diff: number,
  steps: number,
) => boolean | "skip";

const VISIT_CAP = 50_000;

/**
 * A bound on the walk of `explore` (nearest-first search, `BoardLayout.nearestFirst`):
 * a point is not walked past when its steps plus the fewest steps that could
 * turn its board into the reading exceed `limit`. The walk records whether
 * the bound or the depth cut anything (`cut`) and whether it hit `cap` visits.
 */
export interface Bound {
  readonly limit: number;
  readonly cap: number;
  cut: boolean;
  capped: boolean;
  /** Points visited. */
  visits: number;
}

/**
 * The fewest steps that bring one reading from `b` to `r`: a step adds one
 * (sow, place) or takes some away (lift, capture), so a reading short of
 * its target needs one step per unit, and one over it at least one pick-up.
 */
function stepsToReach(b: number, r: number): number {
  return r > b ? r - b : b > r ? 1 : 0;
}

/**
 * Walks every point up to `maxSteps` steps ahead of each cursor (the cursor
 * itself included), keeping `diff` = the number of pits where the expected
 * board differs from `reading`. Points reached from two cursors are visited once.
 */
export function explore<P extends Position>(
  cursors: readonly Cursor<P>[],
  reading: ArrayLike<number>,
  maxSteps: number,
  visit: Visitor<P>,
  bound: Bound | null = null,
): void {
  // A trie is a tree: one cursor's walk meets each point once; points are
  // remembered only to skip, from a later cursor, those an earlier one walked.
  const seen = cursors.length > 1 ? new Set<number>() : null;
  let visits = 0;
  for (const c of cursors) {
    const board = c.board.slice();
    let diff = 0;
    let lb = 0;
    for (let i = 0; i < board.length; i++) {
      if (board[i] !== reading[i]) diff++;
      if (bound !== null) lb += stepsToReach(board[i] as number, reading[i] as number);
    }
    const apply = (s: Step, sign: 1 | -1): void => {
      const p = s.pit;
      const was = board[p] === reading[p];
      const delta = isPickUp(s.op) ? -s.n : 1;
      if (bound !== null) lb -= stepsToReach(board[p] as number, reading[p] as number);
      board[p] = (board[p] as number) + sign * delta;
      if (bound !== null) lb += stepsToReach(board[p] as number, reading[p] as number);
      const now = board[p] === reading[p];
      if (was && !now) diff++;
      else if (!was && now) diff--;
    };
    const walk = (node: TrieNode<P>, offset: number, left: number, steps: number): boolean => {
      if (seen !== null) {
        const key = node.id * 65536 + offset;
        if (seen.has(key)) return true;
        seen.add(key);
      }
      if (bound !== null) bound.visits++;
      if (++visits > (bound?.cap ?? VISIT_CAP)) {
        if (bound !== null) bound.capped = true;
        return false;
      }
      const go = visit(node, offset, board, diff, steps);
      if (go === false) return false;
      if (go === "skip") return true;
      if (left === 0) {
        if (bound !== null) bound.cut = true;
        return true;
      }
      if (bound !== null && steps + lb > bound.limit) {
        // No point below can match within the limit (see `stepsToReach`).
        bound.cut = true;
        return true;
      }
      if (offset < node.steps.length) {
        const s = node.steps[offset] as Step;
        apply(s, 1);
        const go = walk(node, offset + 1, left - 1, steps + 1);
        apply(s, -1);
        return go;
      }
      for (const child of node.children) {
        const s = child.steps[0] as Step;
        apply(s, 1);
        const go = walk(child, 1, left - 1, steps + 1);
        apply(s, -1);
        if (!go) return false;
      }
      return true;
    };
    if (!walk(c.node, c.offset, maxSteps, 0)) return;
  }
}

/** The next step(s) from a point: one inside a run, one per child at a branch. */
export function nextSteps<P extends Position>(node: TrieNode<P>, offset: number): Step[] {
  if (offset < node.steps.length) return [node.steps[offset] as Step];
  return node.children.map((c) => c.steps[0] as Step);
}

/**
 * The runs of steps that `inRun` accepts starting at a point, one per branch
 * (runs cross node ends): a branch whose run stops at a node end goes on
 * into the children whose first step is in the run, else ends there. Walked
 * depth first on one shared prefix, so each run is copied once.
 */
function runsFrom<P extends Position>(
  node: TrieNode<P>,
  offset: number,
  inRun: (s: Step) => boolean,
): Step[][] {
  const out: Step[][] = [];
  const prefix: Step[] = [];
  /** Adds the runs through `n` from `off` after `prefix`; false when its first step is not in the run. */
  const runFrom = (n: TrieNode<P>, off: number): boolean => {
    const mark = prefix.length;
    let i = off;
    while (i < n.steps.length && inRun(n.steps[i] as Step)) prefix.push(n.steps[i++] as Step);
    if (prefix.length === mark) return false;
    let longer = false;
    if (i === n.steps.length) for (const c of n.children) if (runFrom(c, 0)) longer = true;
    if (!longer) out.push(prefix.slice());
    prefix.length = mark;
    return true;
  };
  if (offset < node.steps.length) runFrom(node, offset);
  else for (const c of node.children) runFrom(c, 0);
  return out;
}

/** The pick-up groups (runs of lift/capture steps) starting at a point, one per branch. */
export function pickUpGroups<P extends Position>(node: TrieNode<P>, offset: number): Step[][] {
  return keptRuns("pickUpRuns", node, offset, (s) => isPickUp(s.op));
}

/**
 * Whether `reading` is a state in the middle of the pick-up `group` begun
 * from `board` (see the file comment). `diff` counts the pits where they differ.
 */
export function withinPickUp(
  board: ArrayLike<number>,
  reading: ArrayLike<number>,
  diff: number,
  group: readonly Step[],
  takenBefore = 0,
): boolean {
  if (diff === 0 || diff > group.length) return false;
  let mismatched = 0;
  let taken = takenBefore;
  const seen = new Set<number>();
  for (const s of group) {
    if (seen.has(s.pit)) return false;
    seen.add(s.pit);
    const b = board[s.pit] as number;
    const r = reading[s.pit] as number;
    if (b !== r) mismatched++;
    if (s.op === OP_CAPTURE) {
      // A captured pit only loses stones.
      if (r < 0 || r > b) return false;
      taken += b - r;
    }
  }
  if (mismatched !== diff) return false;
  for (const s of group) {
    if (s.op !== OP_LIFT) continue;
    // The lifted pit: partly lifted, or holding the captured stones dropped into it.
    const r = reading[s.pit] as number;
    if (r < 0 || r > (board[s.pit] as number) + taken) return false;
  }
  // A reading equal to the board after some steps of the group is an exact point, not a pick-up in progress.
  const values = new Map<number, number>(group.map((s) => [s.pit, board[s.pit] as number]));
  for (const s of group) {
    values.set(s.pit, (values.get(s.pit) as number) - s.n);
    let all = true;
    for (const [pit, v] of values) if (v !== reading[pit]) all = false;
    if (all) return false;
  }
  return true;
}

/**
 * Stones taken by the capture steps just before a point (the same pick-up
 * group, begun earlier): a capture taken into the hand before a settled
 * reading and then dropped into the landing pit. 0 when a lift or any other
 * step comes first.
 */
export function capturedBefore<P extends Position>(node: TrieNode<P>, offset: number): number {
  let n: TrieNode<P> | null = node;
  let off = offset;
  let taken = 0;
  while (n !== null) {
    if (off === 0) {
      n = n.parent;
      off = n === null ? 0 : n.steps.length;
      continue;
    }
    const s = n.steps[off - 1] as Step;
    if (s.op !== OP_CAPTURE) break;
    taken += s.n;
    off--;
  }
  return taken;
}

/**
 * The runs found at a point, kept on its node (`NodeMemo`): a point is met
 * at every reading (the start of an Abalone turn holds every move's run),
 * and its runs never change (a lazy trie's children, once read, stay).
 */
function keptRuns<P extends Position>(
  kind: "freeRuns" | "pickUpRuns",
  node: TrieNode<P>,
  offset: number,
  inRun: (s: Step) => boolean,
): Step[][] {
  let byOffset = node.memo[kind];
  if (byOffset === undefined) {
    byOffset = new Map();
    node.memo[kind] = byOffset;
  }
  let runs = byOffset.get(offset);
  if (runs === undefined) {
    runs = runsFrom(node, offset, inRun);
    byOffset.set(offset, runs);
  }
  return runs;
}

/** The runs of free steps (`Step.free`, any order) starting at a point, one per branch. */
export function freeGroups<P extends Position>(node: TrieNode<P>, offset: number): Step[][] {
  return keptRuns("freeRuns", node, offset, (s) => s.free);
}

/**
 * For a node whose steps and every branch below are free and known (an
 * expanded trie), the most steps from the node's start to the end of a
 * move below it; null otherwise. Kept per node, like the free runs.
 */
function freeBelow<P extends Position>(node: TrieNode<P>): number | null {
  const known = node.memo.freeHeight;
  if (known !== undefined) return known;
  let height: number | null = node.steps.length;
  if (!node.expanded || !node.steps.every((s) => s.free)) height = null;
  else {
    for (const c of node.children) {
      const h = freeBelow(c);
      if (h === null) {
        height = null;
        break;
      }
      height = Math.max(height, node.steps.length + h);
    }
  }
  node.memo.freeHeight = height;
  return height;
}

/**
 * The free runs from a point that change reading `pit` (kept per point): a
 * reading part way through a run differs from the point only on the run's
 * readings, so only runs through its first differing reading can hold it.
 */
function freeGroupsThrough<P extends Position>(
  node: TrieNode<P>,
  offset: number,
  pit: number,
): readonly Step[][] {
  let byOffset = node.memo.freeRunsByPit;
  if (byOffset === undefined) {
    byOffset = new Map();
    node.memo.freeRunsByPit = byOffset;
  }
  let byPit = byOffset.get(offset);
  if (byPit === undefined) {
    byPit = new Map();
    for (const g of freeGroups(node, offset)) {
      for (const p of new Set(g.map((s) => s.pit))) {
        const list = byPit.get(p);
        if (list === undefined) byPit.set(p, [g]);
        else list.push(g);
      }
    }
    byOffset.set(offset, byPit);
  }
  return byPit.get(pit) ?? [];
}

/** The free runs from a point that `reading` (differing from `board` on `diff` readings) is part way through. */
function freeGroupsHolding<P extends Position>(
  node: TrieNode<P>,
  offset: number,
  board: ArrayLike<number>,
  reading: ArrayLike<number>,
  diff: number,
): Step[][] {
  if (diff === 0 || freeGroups(node, offset).length === 0) return [];
  let first = 0;
  while (board[first] === reading[first]) first++;
  return freeGroupsThrough(node, offset, first).filter((g) =>
    withinFreeGroup(board, reading, diff, g),
  );
}

/** Whether `reading` is part way through some free run from a point (`freeGroupsHolding`, no list made). */
function holdsFreeGroup<P extends Position>(
  node: TrieNode<P>,
  offset: number,
  board: ArrayLike<number>,
  reading: ArrayLike<number>,
  diff: number,
): boolean {
  if (diff === 0 || freeGroups(node, offset).length === 0) return false;
  let first = 0;
  while (board[first] === reading[first]) first++;
  for (const g of freeGroupsThrough(node, offset, first))
    if (withinFreeGroup(board, reading, diff, g)) return true;
  return false;
}

/** One capture made in any order (a free capture step), and the reading its unit goes to. */
export interface FreeCapture {
  /** The reading the unit leaves (`B3:N3`). */
  readonly from: number;
  /** The reading it goes to (`SC:N3`), or null when the next free step does not put it anywhere. */
  readonly to: number | null;
}

/** The free capture groups from a point, as capture → destination pairs (one list per branch). */
export function freeCaptureGroups<P extends Position>(
  node: TrieNode<P>,
  offset: number,
): FreeCapture[][] {
  return freeGroups(node, offset)
    .filter((g) => g.some((s) => s.op === OP_CAPTURE))
    .map((g) => {
      const out: FreeCapture[] = [];
      g.forEach((s, k) => {
        if (s.op !== OP_CAPTURE) return;
        const after = g[k + 1];
        out.push({
          from: s.pit,
          to: after !== undefined && after.op === OP_SOW ? after.pit : null,
        });
      });
      return out;
    });
}

/**
 * The captures made in any order (Glassperlenspiel's gems into the mover's
 * cup, GB-3/GB-4) that `reading` still leaves to do from a cursor: of each
 * branch that agrees with the units already taken (every capture place
 * `reading` shows emptied is one the branch takes), `left` the captures
 * whose unit is still on its place, `undropped` those whose unit has not
 * reached its destination yet (still on its place, or in the hand). An
 * empty list when no capture is due.
 */
export function capturesLeft<P extends Position>(
  c: { readonly node: TrieNode<P>; readonly offset: number; readonly board: ArrayLike<number> },
  reading: ArrayLike<number>,
): { readonly left: FreeCapture[]; readonly undropped: FreeCapture[] }[] {
  const branches = freeCaptureGroups(c.node, c.offset);
  if (branches.length === 0) return [];
  const taken = (d: FreeCapture) => (reading[d.from] as number) < (c.board[d.from] as number);
  const dropped = (d: FreeCapture) =>
    d.to !== null && (reading[d.to] as number) > (c.board[d.to] as number);
  const emptied = new Set(branches.flatMap((b) => b.filter(taken).map((d) => d.from)));
  const agree = branches.filter((b) => {
    const from = new Set(b.map((d) => d.from));
    for (const i of emptied) if (!from.has(i)) return false;
    return true;
  });
  return (agree.length > 0 ? agree : branches).map((b) => ({
    left: b.filter((d) => !taken(d)),
    undropped: b.filter((d) => !dropped(d)),
  }));
}

/** Whether a free step comes next after a point (on some branch). */
function freeNext<P extends Position>(node: TrieNode<P>, offset: number): boolean {
  if (offset < node.steps.length) return (node.steps[offset] as Step).free;
  return node.children.some((c) => (c.steps[0] as Step).free);
}

/**
 * Whether `reading` is part way through the free `group` begun from `board`:
 * only the group's readings differ, each lies between its value before the
 * group less all the group takes from it and that value plus all the group
 * drops into it (a reading both left and entered, the middle of a moving
 * line of marbles, may read empty on the way), and the group is neither
 * untouched nor done. `diff` counts the readings where board and reading differ.
 */
export function withinFreeGroup(
  board: ArrayLike<number>,
  reading: ArrayLike<number>,
  diff: number,
  group: readonly Step[],
): boolean {
  if (diff === 0) return false;
  let differing = 0;
  let done = true;
  for (let k = 0; k < group.length; k++) {
    const pit = (group[k] as Step).pit;
    // Each reading once, at its first step in the group (a group is a move's few steps).
    let first = true;
    for (let j = 0; j < k && first; j++) if ((group[j] as Step).pit === pit) first = false;
    if (!first) continue;
    let out = 0;
    let into = 0;
    for (let j = k; j < group.length; j++) {
      const s = group[j] as Step;
      if (s.pit !== pit) continue;
      if (isPickUp(s.op)) out += s.n;
      else into += 1;
    }
    const before = board[pit] as number;
    const r = reading[pit] as number;
    if (r < before - out || r > before + into) return false;
    if (r !== before) differing++;
    if (r !== before - out + into) done = false;
  }
  return differing === diff && !done;
}

/** Whether a cursor stands at the end of a move. */
export function atMoveEnd<P extends Position>(c: Cursor<P>): boolean {
  return c.exact && c.offset === c.node.steps.length && c.node.move !== null;
}

/** Whether some move goes on from a cursor. */
export function canContinue<P extends Position>(c: Cursor<P>): boolean {
  return c.offset < c.node.steps.length || c.node.children.length > 0;
}

/** Every point that explains `reading`: exact boards, else pick-ups in progress. */
export function matchReading<P extends Position>(
  cursors: readonly Cursor<P>[],
  reading: ArrayLike<number>,
  lookahead: number,
  nearestFirst = false,
): Cursor<P>[] {
  if (!nearestFirst) return matchWithin(cursors, reading, lookahead, null);
  // Nearest first: the least limit at which some point explains the reading.
  let left = NEAREST_VISITS;
  for (let limit = 0; limit <= lookahead + NEAREST_SLACK; limit++) {
    const bound: Bound = { limit, cap: left, cut: false, capped: false, visits: 0 };
    const out = matchWithin(cursors, reading, lookahead, bound);
    if (out.length > 0 || !bound.cut || bound.capped) return out;
    left -= bound.visits;
  }
  return [];
}

/** Most points one nearest-first search visits, over all its limits. */
const NEAREST_VISITS = 4000;
/**
 * How far past the look-ahead nearest-first limits go: a pick-up or free
 * group in progress is found from its start, whose bound counts the readings
 * the group has yet to change.
 */
const NEAREST_SLACK = 12;

function matchWithin<P extends Position>(
  cursors: readonly Cursor<P>[],
  reading: ArrayLike<number>,
  lookahead: number,
  bound: Bound | null,
): Cursor<P>[] {
  const out: Cursor<P>[] = [];
  explore(
    cursors,
    reading,
    lookahead,
    (node, offset, board, diff) => {
      if (diff === 0) {
        out.push({ node, offset, board: board.slice(), exact: true });
      } else if (
        insideFreeRun(node, offset) ||
        (offset === node.steps.length && node.children.length === 0)
      ) {
        // A group of free steps in progress is found from the group's start;
        // after a move's last step no group begins. Below a point whose every
        // continuation is free, only exact points can match: none can when
        // more readings differ than steps remain (each step changes one).
        const below = freeBelow(node);
        if (below !== null && diff > below - offset) return "skip";
      } else if (
        holdsFreeGroup(node, offset, board, reading, diff) ||
        // Where every continuation is free, a pick-up in progress is a free group in progress.
        (diff <= 4 &&
          freeBelow(node) === null &&
          withinSomePickUp(node, offset, board, reading, diff))
      ) {
        // A pick-up, or a group of simultaneous changes, in progress at this point.
        out.push({ node, offset, board: board.slice(), exact: false });
      }
      return true;
    },
    bound,
  );
  // A pick-up in progress at a point the exact matches already lead to adds nothing (the
  // exact cursors look ahead through it): keep it only on other branches (optional captures).
  const exact = out.filter((c) => c.exact);
  return out.filter((c) => c.exact || !exact.some((e) => leadsTo(e, c)));
}

/**
 * Whether a point lies strictly inside a run of free steps (the step before
 * it and a step after it free): any reading part way through the run from
 * here is part way through it from the run's start too, where it is looked for.
 */
function insideFreeRun<P extends Position>(node: TrieNode<P>, offset: number): boolean {
  const before =
    offset > 0 ? node.steps[offset - 1] : node.parent?.steps[node.parent.steps.length - 1];
  return before !== undefined && before.free && freeNext(node, offset);
}

/** Whether `reading` is a pick-up in progress at a point (captures just taken count as in hand). */
function withinSomePickUp<P extends Position>(
  node: TrieNode<P>,
  offset: number,
  board: ArrayLike<number>,
  reading: ArrayLike<number>,
  diff: number,
): boolean {
  const groups = pickUpGroups(node, offset);
  if (groups.length === 0) return false;
  const before = capturedBefore(node, offset);
  return groups.some((g) => withinPickUp(board, reading, diff, g, before));
}

/** Whether point `b` lies at or after point `a` on the same branch of the trie. */
function leadsTo<P extends Position>(a: Cursor<P>, b: Cursor<P>): boolean {
  if (a.node === b.node) return b.offset >= a.offset;
  let n = b.node.parent;
  while (n !== null) {
    if (n === a.node) return true;
    n = n.parent;
  }
  return false;
}

// ------------------------------------------------------------------ tracking

function completeMove<P extends Position>(cursors: readonly Cursor<P>[]): LegalMove<P> {
  // Several moves can end on one board only when readings skipped where they
  // differ; the first in the engine's order is taken (deterministic).
  const ends = cursors.filter(atMoveEnd).map((c) => c.node.move as LegalMove<P>);
  ends.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
  return ends[0] as LegalMove<P>;
}

/**
 * Feeds one settled reading (counts in sensor order, no unknown pits) taken
 * at snapshot time `at`. Returns the new tracker and the verdict; on
 * `inconsistent` the tracker is returned unchanged.
 */
export function track<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
  at: number,
): { tracker: TurnTracker<P>; verdict: TrackVerdict<P> } {
  const unchanged = sameCounts(reading, t.reading);
  if (t.pendingSince !== null) {
    if (unchanged) {
      if (at - t.pendingSince >= t.options.quietMs) {
        return {
          tracker: t,
          verdict: { kind: "complete", move: completeMove(t.cursors), carry: false },
        };
      }
      return { tracker: t, verdict: { kind: "pending" } };
    }
    const goingOn = t.cursors.filter((c) => !atMoveEnd(c) || canContinue(c));
    const next = matchReading(goingOn, reading, t.options.lookahead, nearest(t)).filter(
      (c) => !sameCounts(c.board, t.reading) || !c.exact,
    );
    if (next.length === 0) {
      return {
        tracker: t,
        verdict: { kind: "complete", move: completeMove(t.cursors), carry: true },
      };
    }
    return judge({ ...t, pendingSince: null }, next, reading, at);
  }
  if (unchanged && t.cursors.every((c) => c.exact)) {
    return { tracker: t, verdict: { kind: "same" } };
  }
  const next = matchReading(t.cursors, reading, t.options.lookahead, nearest(t));
  if (next.length === 0) {
    // Hands faster than the board settles (a long relay sown at speed): the
    // reading may lie further along a move than the look-ahead. A board that
    // correct play reaches is no mistake, so look deeper (bounded by the
    // visit cap) before calling it one; this costs only on such readings.
    // Deeper points include the ends of moves, and a board at the end of one
    // move may be a relay's stop inside another: both stay candidates.
    const far = matchReading(t.cursors, reading, DEEP_LOOKAHEAD, nearest(t)).filter((c) => c.exact);
    if (far.length > 0) return judge(t, far, reading, at);
    // A whole move (or its rest) between two readings, further still:
    // the reading is the end board of a candidate move.
    const whole = movesEndingAt(t, reading);
    if (whole !== null) {
      return {
        tracker: { ...t, reading },
        verdict: { kind: "complete", move: whole, carry: false },
      };
    }
    // The turn was pending on a shorter move and the mover's marbles seemed
    // to go on (a black marble lifted could be a broadside's second), but
    // the board now fits no longer move: it was the opponent's first act (a
    // push begun at its front, the pushed marbles first). The shorter move
    // stands and the reading is judged in the next turn, as when pending.
    if (t.after !== undefined && track(t.after.turn, reading, at).verdict.kind !== "inconsistent") {
      return { tracker: t, verdict: { kind: "complete", move: t.after.move, carry: true } };
    }
    return { tracker: t, verdict: { kind: "inconsistent" } };
  }
  return judge(t, next, reading, at);
}

/** Whether the game's turns branch at every unit (`BoardLayout.nearestFirst`). */
function nearest<P extends Position>(t: TurnTracker<P>): boolean {
  return t.game.layout.nearestFirst === true;
}

/** Steps looked ahead when the usual look-ahead explains nothing, before calling a mistake. */
export const DEEP_LOOKAHEAD = 2048;

/** Moves of each cursor compared with a reading that no point in the look-ahead explains. */
const WHOLE_MOVE_LIMIT = 5000;
/**
 * In a lazy trie, most nodes that comparison may build (each asks the game
 * for a segment of its turn tree): under 100 ms and a few megabytes in a
 * position with 300,000 moves, where 5,000 moves would take over a second.
 */
const WHOLE_MOVE_NODES = 1000;

/** The first (engine order) candidate move whose end board equals the reading, if any. */
function movesEndingAt<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
): LegalMove<P> | null {
  const trie = t.trie;
  const nodeBudget = trie.nodeCount + WHOLE_MOVE_NODES;
  let found: LegalMove<P> | null = null;
  for (const c of t.cursors) {
    if (!c.exact) continue;
    let seen = 0;
    forEachMoveBelow(c.node, (m) => {
      if (sameCounts(t.game.sensorView(m.position).counts, reading)) {
        found = m;
        return false;
      }
      return ++seen < WHOLE_MOVE_LIMIT && !(trie.lazy && trie.nodeCount > nodeBudget);
    });
    if (found !== null) return found;
  }
  return null;
}

function judge<P extends Position>(
  t: TurnTracker<P>,
  cursors: Cursor<P>[],
  reading: Int16Array,
  at: number,
): { tracker: TurnTracker<P>; verdict: TrackVerdict<P> } {
  const exact = cursors.filter((c) => c.exact);
  // `after` (a pending end's next turn) is kept while the turn goes on: the
  // shorter move may still stand (see `track`).
  const tracker: TurnTracker<P> = { ...t, cursors, reading, pendingSince: null };
  if (exact.length === 0) return { tracker, verdict: { kind: "waiting" } };
  const ends = exact.filter(atMoveEnd);
  // A settled board equal to a move's end that also lies part way through
  // another move's changes (an Abalone line carried front first passes
  // through the results of its front marbles' moves, a single marble's step
  // is half of a broadside) is no end yet: the turn is pending, and the
  // shorter move stands by a button, the opponent's first act or the quiet
  // moment, while the longer one goes on from there (issue 28).
  const open = cursors.filter((c) => !(atMoveEnd(c) && !canContinue(c)));
  if (ends.length > 0 && open.length === 0) {
    return { tracker, verdict: { kind: "complete", move: completeMove(ends), carry: false } };
  }
  if (ends.length > 0) {
    const move = completeMove(cursors);
    const after: NextTurn<P> =
      t.after?.move === move
        ? t.after
        : { move, turn: startTurn(t.game, move.position, t.options, undefined, t) };
    const pending = {
      ...tracker,
      pendingSince: at,
      maxTotal: pendingMaxTotal(t, ends, reading, after),
      after,
    };
    return { tracker: pending, verdict: { kind: "pending" } };
  }
  return { tracker: { ...tracker, maxTotal: baseMaxTotal(t) }, verdict: { kind: "progress" } };
}

/** Most stones on the board during the turn: its total plus the reserve placements of the longest move. */
function baseMaxTotal<P extends Position>(t: TurnTracker<P>): number {
  return sum(t.before) + t.trie.maxPlaced;
}

/** Moves listed to bound the next turn's reserve placements (every Bao namua move places one seed). */
const NEXT_PLACED_LIMIT = 200;

/**
 * While the end of the turn is pending, the opponent's first act may already
 * be read (case 2 of "End of the turn"), and in games with a reserve (Bao's
 * namua) that act adds a seed to the board: the sensor sanity bound then
 * allows the next turn's placements on top of the ended move's board.
 */
function pendingMaxTotal<P extends Position>(
  t: TurnTracker<P>,
  ends: readonly Cursor<P>[],
  reading: Int16Array,
  after: NextTurn<P>,
): number {
  let max = baseMaxTotal(t);
  const seen = new Set<LegalMove<P>>();
  for (const c of ends) {
    const m = c.node.move;
    if (m === null || seen.has(m)) continue;
    seen.add(m);
    // A game whose turns place nothing from a reserve (no `place` step in
    // any move of the next turn, as its trie counts) needs no second list.
    const trie = after.turn.trie;
    if (m === after.move && trie.maxPlaced === 0 && !trie.lazy && !trie.truncated) {
      max = Math.max(max, sum(reading));
      continue;
    }
    let placed = 0;
    for (const next of t.game.legal(m.position, NEXT_PLACED_LIMIT).moves) {
      let n = 0;
      for (const s of next.trace) if (s.op === "place") n++;
      placed = Math.max(placed, n);
    }
    max = Math.max(max, sum(reading) + placed);
  }
  return max;
}

/** A button press (or the player's word) ends an ambiguous turn at once. */
export function confirmEnd<P extends Position>(t: TurnTracker<P>): LegalMove<P> | null {
  return t.pendingSince === null ? null : completeMove(t.cursors);
}

// ------------------------------------------------------------------ what the LEDs and the status show

export interface TurnGuide {
  /** Stones the player holds now, from the board's total (reserve placements counted). */
  readonly inHand: number;
  /** Pits a turn may start from (only before the first pick-up), or place a reserve stone in (Bao's namua). */
  readonly starts: readonly string[];
  /** Where the next stone goes (two pits while the direction is still open). */
  readonly nextStone: readonly string[];
  /** Pits to capture from next. */
  readonly captureFrom: readonly string[];
  /** Pits the captured stones join (the landing pit lifted with them). */
  readonly capturedTo: readonly string[];
  /**
   * Captured stones taken into the hand and sown on from a pit (Bao: the
   * kichwa that receives the first captured seed, BK-5): the first pit they
   * are sown into, once a capture is next or has just been made. Two pits
   * while the candidates still allow either (the player's choice, `B4*L` /
   * `B4*R`). Empty in games whose captured stones join a lifted landing pit
   * (see `capturedTo`).
   */
  readonly captureSowsInto: readonly string[];
  /** Pits to lift next (a relay, a safari, a takasa) other than a start: the whole pit. */
  readonly liftNext: readonly string[];
  /**
   * Pits to lift next of which only part is taken (a lift step of fewer
   * stones than the pit holds; Bao's taxed nyumba, BK-11: two seeds). The
   * trace says how many; no game is named here.
   */
  readonly liftPart: readonly string[];
  /** How many stones those lifts take (Bao's taxed nyumba: 2), 0 when `liftPart` is empty. */
  readonly liftPartStones: number;
  /**
   * While the end of the turn is pending (Bao's stop in the nyumba, BK-12):
   * where the opponent may start should the stop stand, since their first
   * act accepts it; empty otherwise.
   */
  readonly nextStarts: readonly string[];
  /** Where the last stone in hand lands if the hand is sown on. */
  readonly lastStone: readonly string[];
  /** Stage number (1 for the first handful, 0 before the turn starts). */
  readonly stage: number;
  /** No stone of the turn has moved yet. */
  readonly atStart: boolean;
  /** A pick-up group with a capture is next or in progress. */
  readonly capturing: boolean;
  readonly candidates: number;
}

function uniq(xs: readonly string[]): string[] {
  return [...new Set(xs)].sort();
}

/**
 * Where the last stone of the current handful lands: follow sow steps while
 * the hand lasts. Of the branches that sow into one place (which bead falls
 * next, on a board that tells them apart), one is followed: they land alike.
 */
function lastStoneOf<P extends Position>(
  node: TrieNode<P>,
  offset: number,
  out: Set<number>,
  placeOf: readonly number[],
): void {
  let n = node;
  let off = offset;
  let guard = 0;
  let last = -1;
  for (;;) {
    if (++guard > 4096) return;
    if (off < n.steps.length) {
      const s = n.steps[off] as Step;
      if (s.op !== OP_SOW && s.op !== OP_PLACE) break;
      last = s.pit;
      if ((n.hand[off + 1] as number) === 0 && s.op === OP_SOW) break;
      off++;
      continue;
    }
    if (n.children.length === 1) {
      n = n.children[0] as TrieNode<P>;
      off = 0;
      continue;
    }
    const places = new Set<number>();
    for (const c of n.children) {
      const first = c.steps[0] as Step;
      const place = placeOf[first.pit] ?? -1;
      if (first.op !== OP_SOW || places.has(place)) continue;
      places.add(place);
      lastStoneOf(c, 0, out, placeOf);
    }
    break;
  }
  if (last >= 0) out.add(last);
}

/**
 * Where stones captured into the hand are first sown, from a point: past the
 * run of capture steps at or after it (every branch), the pits of the sow
 * steps that follow. A capture run followed by a lift (the landing pit lifted
 * with the captured stones) adds nothing. `afterCapture`: the point itself
 * follows a capture step.
 */
function captureSowsFrom<P extends Position>(
  node: TrieNode<P>,
  offset: number,
  afterCapture: boolean,
  out: Set<number>,
  budget: { n: number },
): void {
  if (--budget.n < 0) return;
  if (offset < node.steps.length) {
    const s = node.steps[offset] as Step;
    if (s.op === OP_CAPTURE) captureSowsFrom(node, offset + 1, true, out, budget);
    else if (afterCapture && s.op === OP_SOW) out.add(s.pit);
    return;
  }
  for (const c of node.children) captureSowsFrom(c, 0, afterCapture, out, budget);
}

export function guide<P extends Position>(t: TurnTracker<P>): TurnGuide {
  if (allFree(t.trie)) return freeGuide(t);
  // Places, as players name them (a gem's reading `A3:S4` lights A3).
  const name = (i: number) => placeOfReading(t.pits[i] as string);
  const starts: string[] = [];
  const nextStone: string[] = [];
  const captureFrom: string[] = [];
  const capturedTo: string[] = [];
  const liftNext: string[] = [];
  const liftPart: string[] = [];
  let liftPartStones = 0;
  const last = new Set<number>();
  const sowsInto = new Set<number>();
  const nodes = new Set<TrieNode<P>>();
  let atStart = true;
  let capturing = false;
  let stage = 0;
  for (const c of t.cursors) {
    const depth = c.node.depth + c.offset;
    if (depth > 0 || !c.exact) atStart = false;
    stage = Math.max(stage, c.node.stage[c.offset] as number);
    nodes.add(c.node);
    const prev =
      c.offset > 0
        ? c.node.steps[c.offset - 1]
        : c.node.parent?.steps[c.node.parent.steps.length - 1];
    if (prev !== undefined && prev.op === OP_CAPTURE) capturing = true;
    // Captures made in any order (a chain of gems, GB-4): every one still to
    // take flashes, whichever were taken before, and the cup blinks while a
    // gem has yet to reach it (issue 28).
    const due = capturesLeft(c, t.reading);
    for (const b of due) {
      capturing = true;
      for (const d of b.left) captureFrom.push(name(d.from));
      for (const d of b.undropped) if (d.to !== null) capturedTo.push(name(d.to));
    }
    if (due.length === 0) {
      captureSowsFrom(c.node, c.offset, prev?.op === OP_CAPTURE, sowsInto, { n: 256 });
    }
    const next = nextSteps(c.node, c.offset);
    for (const s of next) {
      // A placement from the reserve starting the turn (Bao's namua) is a start, lit as one.
      if (s.op === OP_PLACE && depth === 0 && c.exact) starts.push(name(s.pit));
      else if (s.op === OP_SOW || s.op === OP_PLACE) nextStone.push(name(s.pit));
    }
    if (next.some((s) => s.op === OP_SOW)) lastStoneOf(c.node, c.offset, last, t.placeOf);
    for (const g of pickUpGroups(c.node, c.offset)) {
      const hasCapture = g.some((s) => s.op === OP_CAPTURE);
      if (hasCapture) capturing = true;
      for (const s of g) {
        if (s.op === OP_CAPTURE) {
          // Shown until the pit is emptied (captures in any order: see `due`).
          if (due.length === 0 && ((t.reading[s.pit] as number) > 0 || c.exact))
            captureFrom.push(name(s.pit));
        } else if (hasCapture) {
          capturedTo.push(name(s.pit));
        } else if (depth === 0) {
          starts.push(name(s.pit));
        } else if (s.op === OP_LIFT && s.n < (c.board[s.pit] as number)) {
          liftPart.push(name(s.pit));
          liftPartStones = liftPartStones === 0 ? s.n : Math.min(liftPartStones, s.n);
        } else {
          liftNext.push(name(s.pit));
        }
      }
    }
  }
  let candidates = 0;
  for (const n of nodes) candidates += n.moveCount;
  const first = t.cursors[0];
  const inHand =
    first === undefined
      ? 0
      : sum(t.before) + (first.node.placed[first.offset] as number) - sum(t.reading);
  return {
    inHand,
    starts: uniq(starts),
    nextStone: uniq(nextStone),
    captureFrom: uniq(captureFrom),
    capturedTo: uniq(capturedTo),
    captureSowsInto: uniq([...sowsInto].map(name)),
    liftNext: uniq(liftNext),
    liftPart: uniq(liftPart),
    liftPartStones,
    nextStarts: nextStartsOf(t),
    lastStone: uniq([...last].map(name)),
    stage,
    atStart,
    capturing,
    candidates,
  };
}

/** The opponent's starts after the move whose end is pending, if any (see `TurnGuide.nextStarts`). */
function nextStartsOf<P extends Position>(t: TurnTracker<P>): string[] {
  if (t.pendingSince === null) return [];
  const ended = completeMove(t.cursors);
  if (t.game.outcome(ended.position) !== null) return [];
  const next =
    t.after !== undefined && t.after.move === ended
      ? t.after.turn
      : startTurn(t.game, ended.position, t.options, undefined, t);
  return [...guide(next).starts];
}

/**
 * The guide while marbles are touched (an unsettled snapshot) in a turn
 * whose changes happen at once: `reading` is the last settled one with the
 * touched places as the snapshot reads them. Null in other turns, or when
 * no move still possible is part way there (a flicker, not a touch).
 */
export function touchGuide<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
): TurnGuide | null {
  if (!allFree(t.trie) || sameCounts(reading, t.reading)) return null;
  const g = freeGuide({ ...t, reading });
  return g.nextStone.length > 0 ? g : null;
}

/** Whether a turn's changes all happen at once (an Abalone move), guided by `freeGuide`. */
function allFree<P extends Position>(trie: MoveTrie<P>): boolean {
  return trie.allFree;
}

/**
 * The guide of a turn whose changes happen at once (an Abalone move). Before
 * anything moved: the places a move takes a marble of the mover's from
 * (`starts`), and the places the last move changed (`lastStone`, so the
 * opponent sees it). Once the board differs (a marble lifted, or moved part
 * way): where the moves it can still be part of put marbles not yet there
 * (`nextStone`): the lines that marble may go along.
 */
function freeGuide<P extends Position>(t: TurnTracker<P>): TurnGuide {
  const name = (i: number) => placeOfReading(t.pits[i] as string);
  const starts = new Set<string>();
  const nextStone = new Set<string>();
  const last = new Set<string>();
  let atStart = true;
  let candidates = 0;
  for (const c of t.cursors) {
    let diff = 0;
    for (let i = 0; i < c.board.length; i++) if (c.board[i] !== t.reading[i]) diff++;
    if (diff > 0 || c.node.depth + c.offset > 0) atStart = false;
    const groups =
      diff === 0
        ? freeGroups(c.node, c.offset)
        : freeGroupsHolding(c.node, c.offset, c.board, t.reading, diff);
    for (const g of groups) {
      candidates++;
      if (diff === 0) {
        for (const s of g) if (s.op === OP_LIFT) starts.add(name(s.pit));
        continue;
      }
      const end = new Map<number, number>();
      for (const s of g) {
        end.set(
          s.pit,
          (end.get(s.pit) ?? (c.board[s.pit] as number)) + (isPickUp(s.op) ? -s.n : 1),
        );
      }
      for (const [pit, after] of end) {
        if ((t.reading[pit] as number) < after) nextStone.add(name(pit));
      }
    }
  }
  if (atStart && t.previous !== undefined) {
    for (let i = 0; i < t.before.length; i++) {
      if (t.previous[i] !== t.before[i]) last.add(name(i));
    }
  }
  return {
    inHand: Math.max(0, sum(t.before) - sum(t.reading)),
    starts: atStart ? [...starts].sort() : [],
    nextStone: [...nextStone].sort(),
    captureFrom: [],
    capturedTo: [],
    captureSowsInto: [],
    liftNext: [],
    liftPart: [],
    liftPartStones: 0,
    // A shorter move ended part way through a longer one (pending): the
    // opponent's marbles, as their first act accepts it.
    nextStarts: nextStartsOf(t),
    lastStone: [...last].sort(),
    stage: atStart ? 0 : 1,
    atStart,
    capturing: false,
    candidates,
  };
}

/** Up to `limit` move strings still possible (the candidates of the turn). */
export function candidateMoves<P extends Position>(t: TurnTracker<P>, limit = 50): string[] {
  const out = new Set<string>();
  for (const c of t.cursors) {
    for (const m of movesBelow(c.node, limit)) out.add(m.move);
    if (out.size >= limit) break;
  }
  return [...out].sort().slice(0, limit);
}
