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
 * The live state a record was made from, kept on the record itself under a
 * symbol: not enumerable, so `JSON.stringify` (a persisted snapshot) leaves
 * it out and a record restored from storage is rebuilt once. No module-level
 * cache: whoever holds the record (the machine's context) holds its live
 * state, and it goes when the record does.
 */
const LIVE = Symbol("live");

function remember<R extends object>(record: R, state: unknown): R {
  Object.defineProperty(record, LIVE, { value: state, enumerable: false, configurable: true });
  return record;
}

function liveOf<T>(record: object): T | undefined {
  return (record as { readonly [LIVE]?: T })[LIVE];
}

/** A record's field written out only when first read (see `plainView`). */
class Later<T> {
  constructor(readonly make: () => T) {}
}

type Fields<R> = { readonly [K in keyof R]: R[K] | Later<R[K]> };

/**
 * A record of `live` whose `Later` fields are written out when first read
 * (then kept as plain data properties): a reading changes the live game, and
 * its plain form (the positions' JSON, the turn's trie paths, boards as
 * arrays) is made only when someone reads it (a persisted snapshot, a test),
 * not at every reading. The fields keep their order, so the JSON does too.
 */
function plainView<R extends object>(fields: Fields<R>, live: unknown): R {
  const record = {} as R;
  for (const key of Object.keys(fields) as (keyof R & string)[]) {
    const f = fields[key];
    if (!(f instanceof Later)) {
      Object.defineProperty(record, key, { value: f, enumerable: true, configurable: true });
      continue;
    }
    Object.defineProperty(record, key, {
      enumerable: true,
      configurable: true,
      get(): unknown {
        const value = (f as Later<unknown>).make();
        Object.defineProperty(record, key, { value, enumerable: true, configurable: true });
        return value;
      },
    });
  }
  return remember(record, live);
}

/** A typed array as a plain array (without the iterator protocol `Array.from` goes through). */
function plain(a: ArrayLike<number>): number[] {
  const out = new Array<number>(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i] as number;
  return out;
}

/** Why a record cannot be brought back to life (a corrupted or foreign snapshot). */
export class RecordError extends Error {}

// ------------------------------------------------------------------ cursors

/** A trie node's path: child indices from the root. */
function pathOf<P extends Position>(node: TrieNode<P>): readonly number[] {
  const path: number[] = [];
  for (let n = node; n.parent !== null; n = n.parent) path.push(n.parent.children.indexOf(n));
  return path.reverse();
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

/** The record of a turn, written out when first read. */
function turnToRecord(t: TurnTracker): TurnRecord {
  return plainView<TurnRecord>(
    {
      position: new Later(() => t.game.positionToJSON(t.position)),
      cursors: new Later(() =>
        t.cursors.map((c) => ({
          path: pathOf(c.node),
          offset: c.offset,
          board: plain(c.board),
          exact: c.exact,
        })),
      ),
      reading: new Later(() => plain(t.reading)),
      pendingSince: t.pendingSince,
      maxTotal: t.maxTotal,
      ...(t.previous === undefined ? {} : { previous: new Later(() => plain(t.previous ?? [])) }),
    },
    t,
  );
}

function turnFromRecord(r: TurnRecord, game: Game, tracking: TrackingOptions): TurnTracker {
  const known = liveOf<TurnTracker>(r);
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
  remember(r, t);
  return t;
}

// ------------------------------------------------------------------ positions and games

function plyRecord(game: Game, ply: Ply): PlyRecord {
  return { ...ply, before: game.positionToJSON(ply.before) };
}

function parse(game: Game, json: PositionJson): Position {
  const p = game.parsePosition(json);
  if (!p.ok)
    throw new RecordError(`a stored position of ${game.id} is invalid: ${p.error.message}`);
  return p.value;
}

/**
 * The plain record of a live game, its parts written out when first read
 * (the id and the outcome at once: the machine's guards read them).
 */
export function toRecord(gs: GameState): GameRecord {
  return plainView<GameRecord>(
    {
      id: gs.game.id,
      position: new Later(() => gs.game.positionToJSON(gs.position)),
      plies: new Later(() => gs.plies.map((p) => plyRecord(gs.game, p))),
      turn: new Later(() => turnToRecord(gs.turn)),
      outcome: gs.outcome,
    },
    gs,
  );
}

/**
 * The live game of a record: the one it was made from while the record
 * lives, else rebuilt (the game found by id among `games`, then the registry).
 */
export function fromRecord(
  r: GameRecord,
  tracking: TrackingOptions,
  games: readonly Game[] = [],
): GameState {
  const known = liveOf<GameState>(r);
  if (known !== undefined) return known;
  const game = games.find((g) => g.id === r.id) ?? findGame(r.id);
  if (game === undefined) throw new RecordError(`no game "${r.id}"`);
  const position = parse(game, r.position);
  const plies: Ply[] = r.plies.map((p) => ({ ...p, before: parse(game, p.before) }));
  const turn = turnFromRecord(r.turn, game, tracking);
  const gs: GameState = { game, position, plies, turn, outcome: r.outcome };
  remember(r, gs);
  return gs;
}

export function mistakeToRecord(game: Game, m: MistakeState): MistakeRecord {
  return remember(
    {
      ...m,
      target: plain(m.target),
      position: game.positionToJSON(m.position),
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
  const known = liveOf<MistakeState>(r);
  if (known !== undefined) return known;
  const m: MistakeState = {
    ...r,
    position: parse(gs.game, r.position),
    resume: r.resume === null ? null : turnFromRecord(r.resume, gs.game, tracking),
  };
  remember(r, m);
  return m;
}

export function penaltyToRecord(game: Game, p: PenaltyState): PenaltyRecord {
  return remember({ ...p, start: plain(p.start), position: game.positionToJSON(p.position) }, p);
}

export function penaltyFromRecord(r: PenaltyRecord, gs: GameState): PenaltyState {
  const known = liveOf<PenaltyState>(r);
  if (known !== undefined) return known;
  const p: PenaltyState = { ...r, position: parse(gs.game, r.position) };
  remember(r, p);
  return p;
}
