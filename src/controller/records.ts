/**
 * The game at the board as plain data, for the machine's context: positions
 * in their JSON form, the turn's cursors as paths into the move trie, boards
 * as arrays. No game object, no trie, no function, no typed array, so the
 * machine's snapshot can be persisted (`actor.getPersistedSnapshot()`, JSON)
 * and an actor restored from it goes on exactly where the first one stood.
 *
 * The referee works on the *live* form (`GameState`: the game, parsed
 * positions, the tracker with its trie). `toRecord` makes the plain form and
 * remembers which live state it came from, so the next reading finds that
 * state again at no cost (`fromRecord`); a record restored from storage is
 * rebuilt once: the game looked up by id, positions parsed, the turn's trie
 * made anew and each cursor followed down its path (tries are deterministic).
 */
import type { Game, Outcome, Position, Side } from "../games/index.js";
import { findGame } from "../games/index.js";
import type { Mistake } from "./mistakes.js";
import type { GameState, MistakeState, PenaltyState, Ply, PlyKind } from "./referee.js";
import type { PenaltyStatus, Policy } from "./restore.js";
import { startTurn, type Cursor, type TrackingOptions, type TurnTracker } from "./tracking.js";
import type { TrieNode } from "./trie.js";

/** A position as the game writes it (`Game.positionToJSON`). */
export type PositionJson = Readonly<Record<string, unknown>>;

export interface CursorRecord {
  /** Child indices from the trie's root to the cursor's node. */
  readonly path: readonly number[];
  readonly offset: number;
  readonly board: readonly number[];
  readonly exact: boolean;
}

export interface TurnRecord {
  /** The position whose turn is tracked (during a penalty, not yet the game's position). */
  readonly position: PositionJson;
  readonly cursors: readonly CursorRecord[];
  readonly reading: readonly number[];
  readonly pendingSince: number | null;
  readonly maxTotal: number;
  /** The readings before the last move (lit for the opponent), when known. */
  readonly previous?: readonly number[];
}

export interface PlyRecord {
  readonly kind: PlyKind;
  readonly side: Side;
  readonly move: string | null;
  readonly before: PositionJson;
  readonly at: number;
}

export interface GameRecord {
  /** The game's engine id. */
  readonly id: string;
  readonly position: PositionJson;
  readonly plies: readonly PlyRecord[];
  readonly turn: TurnRecord;
  readonly outcome: Outcome | null;
}

export interface MistakeRecord {
  readonly mistake: Mistake;
  readonly policy: Policy;
  readonly target: readonly number[];
  readonly after: MistakeState["after"];
  readonly position: PositionJson;
  readonly resume: TurnRecord | null;
  readonly kind: PlyKind;
}

export interface PenaltyRecord {
  readonly erring: Side;
  readonly start: readonly number[];
  readonly position: PositionJson;
  readonly status: PenaltyStatus;
}

/**
 * Live states by the record made of them, for the latest records only: the
 * context always holds the newest, so a handful suffices (a record older
 * than that is rebuilt, as one restored from storage is). A small ring,
 * not a WeakMap: thousands of short-lived weak keys a second cost the
 * garbage collector more than the lookups save.
 */
const RECENT = 16;
const recentKeys: (object | null)[] = new Array<object | null>(RECENT).fill(null);
const recentValues: unknown[] = new Array<unknown>(RECENT).fill(null);
let recentNext = 0;

const live = {
  get(record: object): unknown {
    for (let i = 0; i < RECENT; i++) if (recentKeys[i] === record) return recentValues[i];
    return undefined;
  },
  set(record: object, state: unknown): void {
    recentKeys[recentNext] = record;
    recentValues[recentNext] = state;
    recentNext = (recentNext + 1) % RECENT;
  },
};

function remember<R extends object>(record: R, state: unknown): R {
  live.set(record, state);
  return record;
}

/** Why a record cannot be brought back to life (a corrupted or foreign snapshot). */
export class RecordError extends Error {}

// ------------------------------------------------------------------ cursors

/** Paths of trie nodes, kept while the trie lives (cursors stay on a node for many readings). */
const paths = new WeakMap<object, readonly number[]>();

function pathOf<P extends Position>(node: TrieNode<P>): readonly number[] {
  const known = paths.get(node);
  if (known !== undefined) return known;
  const path: number[] = [];
  let n: TrieNode<P> = node;
  while (n.parent !== null) {
    path.push(n.parent.children.indexOf(n));
    n = n.parent;
  }
  path.reverse();
  paths.set(node, path);
  return path;
}

function nodeAt<P extends Position>(root: TrieNode<P>, path: readonly number[]): TrieNode<P> {
  let n = root;
  for (const i of path) {
    const c = n.children[i];
    if (c === undefined) throw new RecordError(`no branch ${i} in the turn's move trie`);
    n = c;
  }
  return n;
}

function turnToRecord(t: TurnTracker): TurnRecord {
  return remember(
    {
      position: jsonOf(t.game, t.position),
      cursors: t.cursors.map((c) => ({
        path: pathOf(c.node),
        offset: c.offset,
        board: Array.from(c.board),
        exact: c.exact,
      })),
      reading: Array.from(t.reading),
      pendingSince: t.pendingSince,
      maxTotal: t.maxTotal,
      ...(t.previous === undefined ? {} : { previous: Array.from(t.previous) }),
    },
    t,
  );
}

function turnFromRecord(r: TurnRecord, game: Game, tracking: TrackingOptions): TurnTracker {
  const known = live.get(r) as TurnTracker | undefined;
  if (known !== undefined) return known;
  const previous = r.previous === undefined ? undefined : Int16Array.from(r.previous);
  const fresh = startTurn(game, parse(game, r.position), tracking, previous);
  const cursors: Cursor[] = r.cursors.map((c) => ({
    node: nodeAt(fresh.trie.root, c.path),
    offset: c.offset,
    board: Int16Array.from(c.board),
    exact: c.exact,
  }));
  const t: TurnTracker = {
    ...fresh,
    cursors,
    reading: Int16Array.from(r.reading),
    pendingSince: r.pendingSince,
    maxTotal: r.maxTotal,
  };
  live.set(r, t);
  return t;
}

// ------------------------------------------------------------------ positions and games

/** Positions and plies are immutable and reused from state to state: write each once. */
const written = new WeakMap<object, PositionJson | PlyRecord>();

function jsonOf(game: Game, position: Position): PositionJson {
  const known = written.get(position) as PositionJson | undefined;
  if (known !== undefined) return known;
  const json = game.positionToJSON(position);
  written.set(position, json);
  return json;
}

function plyRecord(game: Game, ply: Ply): PlyRecord {
  const known = written.get(ply) as PlyRecord | undefined;
  if (known !== undefined) return known;
  const r: PlyRecord = { ...ply, before: jsonOf(game, ply.before) };
  written.set(ply, r);
  return r;
}

/** The plies' records: the same array of plies (no move since) gives the same records. */
const pliesWritten = new WeakMap<readonly Ply[], readonly PlyRecord[]>();

function pliesRecord(game: Game, plies: readonly Ply[]): readonly PlyRecord[] {
  const known = pliesWritten.get(plies);
  if (known !== undefined) return known;
  const r = plies.map((p) => plyRecord(game, p));
  pliesWritten.set(plies, r);
  return r;
}

function parse(game: Game, json: PositionJson): Position {
  const p = game.parsePosition(json);
  if (!p.ok)
    throw new RecordError(`a stored position of ${game.id} is invalid: ${p.error.message}`);
  return p.value;
}

/**
 * Games records were made for, by id: a record rebuilt in this process finds
 * its game here even when it is not in the registry (a test's game, a game
 * handed to the Controller). A record from storage finds it in the registry.
 */
const gamesSeen = new Map<string, Game>();

export function toRecord(gs: GameState): GameRecord {
  if (gamesSeen.get(gs.game.id) !== gs.game) gamesSeen.set(gs.game.id, gs.game);
  return remember(
    {
      id: gs.game.id,
      position: jsonOf(gs.game, gs.position),
      plies: pliesRecord(gs.game, gs.plies),
      turn: turnToRecord(gs.turn),
      outcome: gs.outcome,
    },
    gs,
  );
}

/**
 * The live game of a record: the one it was made from while this process
 * lives, else rebuilt (the game found by id among `games`, then the registry).
 */
export function fromRecord(
  r: GameRecord,
  tracking: TrackingOptions,
  games: readonly Game[] = [],
): GameState {
  const known = live.get(r) as GameState | undefined;
  if (known !== undefined) return known;
  const game = games.find((g) => g.id === r.id) ?? gamesSeen.get(r.id) ?? findGame(r.id);
  if (game === undefined) throw new RecordError(`no game "${r.id}"`);
  const position = parse(game, r.position);
  const plies: Ply[] = r.plies.map((p) => ({ ...p, before: parse(game, p.before) }));
  const turn = turnFromRecord(r.turn, game, tracking);
  const gs: GameState = { game, position, plies, turn, outcome: r.outcome };
  live.set(r, gs);
  return gs;
}

export function mistakeToRecord(game: Game, m: MistakeState): MistakeRecord {
  return remember(
    {
      ...m,
      target: Array.from(m.target),
      position: jsonOf(game, m.position),
      resume: m.resume === null ? null : turnToRecord(m.resume),
    },
    m,
  );
}

export function mistakeFromRecord(
  r: MistakeRecord,
  gs: GameState,
  tracking: TrackingOptions,
): MistakeState {
  const known = live.get(r) as MistakeState | undefined;
  if (known !== undefined) return known;
  const m: MistakeState = {
    ...r,
    position: parse(gs.game, r.position),
    resume: r.resume === null ? null : turnFromRecord(r.resume, gs.game, tracking),
  };
  live.set(r, m);
  return m;
}

export function penaltyToRecord(game: Game, p: PenaltyState): PenaltyRecord {
  return remember({ ...p, start: Array.from(p.start), position: jsonOf(game, p.position) }, p);
}

export function penaltyFromRecord(r: PenaltyRecord, gs: GameState): PenaltyState {
  const known = live.get(r) as PenaltyState | undefined;
  if (known !== undefined) return known;
  const p: PenaltyState = { ...r, position: parse(gs.game, r.position) };
  live.set(r, p);
  return p;
}
