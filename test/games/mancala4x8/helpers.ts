/**
 * Shared helpers for the four-row mancala tests: reading hand-built JSON
 * positions, replaying a move's trace on a board with an independent model of
 * the circuits, and fast-check arbitraries of random legal positions.
 *
 * Everything here goes through the game-agnostic `Game` interface and the JSON
 * form of positions, so later game families can copy the pattern: replace the
 * board model (rows, circuits) and the arbitraries, keep the properties.
 */
import fc from "fast-check";
import type { Game, Position, Trace } from "../../../src/games/core/types.js";
import { findGame } from "../../../src/games/index.js";

export const ROW_NAMES = ["A", "B", "C", "D"] as const;
export type RowName = (typeof ROW_NAMES)[number];
/** The board in its JSON form: `pits.X[i]` is pit `X(i+1)`. */
export type Pits = Record<RowName, number[]>;
export type SideName = "S" | "N";

export const GAME_IDS = ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"] as const;
export type GameId = (typeof GAME_IDS)[number];

/** Stones in play per game (HB-1, HUS-1, BDE-1). */
export const TOTAL: Readonly<Record<GameId, number>> = {
  husbao: 48,
  "husbao-bis": 48,
  "husbao-front": 48,
  hus: 48,
  "bao-de": 64,
};

/** Allowed `direction` values per game (README "Rule options"). */
export const DIRECTIONS: Readonly<Record<GameId, readonly string[]>> = {
  husbao: ["free", "cw", "ccw"],
  "husbao-bis": ["free", "cw", "ccw"],
  "husbao-front": ["free", "cw", "ccw"],
  hus: ["cw", "ccw"],
  "bao-de": ["free", "cw", "ccw"],
};

export function hasCaptureOption(id: GameId): boolean {
  return id === "hus" || id === "bao-de";
}

export function getGame(id: string): Game {
  const g = findGame(id);
  if (g === undefined) throw new Error(`no game ${id} in the registry`);
  return g;
}

/** Position JSON as the tests write it. */
export interface PositionJSON {
  game: string;
  options?: Record<string, unknown>;
  toMove: SideName;
  pits: Pits;
}

/** Reads a hand-built JSON position; fails the test (throws) if the engine refuses it. */
export function parse(json: PositionJSON | Record<string, unknown>): {
  game: Game;
  position: Position;
} {
  const id = (json as { game?: unknown }).game;
  if (typeof id !== "string") throw new Error("test position without game");
  const game = getGame(id);
  const r = game.parsePosition(json);
  if (!r.ok) throw new Error(`engine refused test position: ${r.error.message}`);
  return { game, position: r.value };
}

function isNumberArray(v: unknown): v is number[] {
  return Array.isArray(v) && v.every((x) => typeof x === "number");
}

/** The pits of a position, through its JSON form. */
export function pitsOf(game: Game, position: Position): Pits {
  const json = game.positionToJSON(position);
  const raw: unknown = json.pits;
  if (typeof raw !== "object" || raw === null) throw new Error("positionToJSON without pits");
  const rows = raw as Record<string, unknown>;
  const out: Partial<Pits> = {};
  for (const r of ROW_NAMES) {
    const row = rows[r];
    if (!isNumberArray(row) || row.length !== 8) throw new Error(`bad row ${r}`);
    out[r] = row.slice();
  }
  return out as Pits;
}

export function total(pits: Pits): number {
  let n = 0;
  for (const r of ROW_NAMES) for (const v of pits[r]) n += v;
  return n;
}

export function sideTotal(pits: Pits, side: SideName): number {
  const rows: RowName[] = side === "S" ? ["A", "B"] : ["C", "D"];
  let n = 0;
  for (const r of rows) for (const v of pits[r]) n += v;
  return n;
}

export function clonePits(pits: Pits): Pits {
  return { A: pits.A.slice(), B: pits.B.slice(), C: pits.C.slice(), D: pits.D.slice() };
}

// ---------------------------------------------------------------------------
// An independent model of the circuits (mancala-4x8.md, "Geometry and names")
// ---------------------------------------------------------------------------

/** A side's 16 pits in clockwise order: South B1…B8 A8…A1, North D1…D8 C8…C1. */
export function circuitCW(side: SideName): string[] {
  const [first, second] = side === "S" ? ["B", "A"] : ["D", "C"];
  const out: string[] = [];
  for (let c = 1; c <= 8; c++) out.push(`${first}${c}`);
  for (let c = 8; c >= 1; c--) out.push(`${second}${c}`);
  return out;
}

/** The pit after `pit` in the side's circuit, `+` clockwise or `-` counter-clockwise. */
export function nextPit(pit: string, sign: "+" | "-"): string {
  const side: SideName = pit[0] === "A" || pit[0] === "B" ? "S" : "N";
  const c = circuitCW(side);
  const k = c.indexOf(pit);
  return c[(k + (sign === "+" ? 1 : 15)) % 16] as string;
}

export function ownerOfPit(pit: string): SideName {
  return pit[0] === "A" || pit[0] === "B" ? "S" : "N";
}

function cell(pits: Pits, pit: string): { row: number[]; col: number } {
  const row = pits[pit[0] as RowName];
  const col = Number(pit.slice(1)) - 1;
  if (row === undefined || !(col >= 0 && col < 8)) throw new Error(`bad pit name ${pit}`);
  return { row, col };
}

export function getPit(pits: Pits, pit: string): number {
  const { row, col } = cell(pits, pit);
  return row[col] as number;
}

export function setPit(pits: Pits, pit: string, n: number): void {
  const { row, col } = cell(pits, pit);
  row[col] = n;
}

export interface Replay {
  pits: Pits;
  /** Number of `lift` steps: one per stage (CORE-5). */
  stages: number;
  /** Number of `capture` steps. */
  captures: number;
}

/**
 * Replays a trace on a board, checking every step against what the pit
 * sensors would see (engine-protocol.md, "Trace"):
 * - `lift` of an own pit that holds exactly `n ≥ 1` stones (all of them): it becomes 0;
 *   the hand is empty before it, or holds only stones just captured;
 * - `sow` into an own pit: +1, and the pit is the next one in the circuit in
 *   the move's direction (no pit skipped, the direction never changes, CORE-1/2);
 * - `capture` of an opponent pit holding exactly `n ≥ 1`: it becomes 0;
 * - at the end the hand is empty and the trace started with a lift of `start`.
 * Throws with a description of the first step that does not fit.
 */
export function replayTrace(
  before: Pits,
  trace: Trace,
  mover: SideName,
  start: string,
  sign: "+" | "-",
): Replay {
  const pits = clonePits(before);
  let hand = 0;
  let captured = 0; // stones in hand that came from captures since the last sow
  let prev: string | null = null;
  let stages = 0;
  let captures = 0;
  trace.forEach((step, i) => {
    const where = `step ${i} ${JSON.stringify(step)}`;
    if (i === 0 && (step.op !== "lift" || step.pit !== start)) {
      throw new Error(`${where}: a trace starts with the lift of ${start}`);
    }
    if (step.op === "lift") {
      if (ownerOfPit(step.pit) !== mover) throw new Error(`${where}: lift from a foreign pit`);
      const held = getPit(pits, step.pit);
      if (held !== step.n || step.n < 1) throw new Error(`${where}: pit held ${held}`);
      if (hand !== captured) throw new Error(`${where}: lift with ${hand} stones still in hand`);
      setPit(pits, step.pit, 0);
      hand += step.n;
      captured = 0;
      prev = step.pit;
      stages++;
    } else if (step.op === "sow") {
      if (hand < 1) throw new Error(`${where}: sow from an empty hand`);
      if (prev === null || step.pit !== nextPit(prev, sign)) {
        throw new Error(
          `${where}: expected a sow into ${prev === null ? "?" : nextPit(prev, sign)}`,
        );
      }
      if (captured !== 0) throw new Error(`${where}: captured stones sown before a lift`);
      setPit(pits, step.pit, getPit(pits, step.pit) + 1);
      hand--;
      prev = step.pit;
    } else if (step.op === "capture") {
      if (ownerOfPit(step.pit) === mover) throw new Error(`${where}: capture from an own pit`);
      const held = getPit(pits, step.pit);
      if (held !== step.n || step.n < 1) throw new Error(`${where}: pit held ${held}`);
      setPit(pits, step.pit, 0);
      hand += step.n;
      captured += step.n;
      captures++;
    } else {
      throw new Error(`${where}: unexpected op in a four-row game`);
    }
  });
  if (hand !== 0) throw new Error(`trace ends with ${hand} stones in hand`);
  return { pits, stages, captures };
}

/** Start pit and direction sign of a four-row move string such as `B3+/x.`. */
export function moveHead(move: string): { start: string; sign: "+" | "-" } {
  const m = /^([A-D][1-8])([+-])/.exec(move);
  if (m === null) throw new Error(`not a four-row move: ${move}`);
  return { start: m[1] as string, sign: m[2] === "+" ? "+" : "-" };
}

// ---------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------

/** Cuts `n` stones into 32 counts by 31 sorted cut points: piles and empty pits. */
function compositionArb(n: number): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: 0, max: n }), { minLength: 31, maxLength: 31 }).map((cuts) => {
    const s = [0, ...cuts.sort((a, b) => a - b), n];
    const out: number[] = [];
    for (let i = 0; i < 32; i++) out.push((s[i + 1] as number) - (s[i] as number));
    return out;
  });
}

/** Drops each stone into a random pit, with a bias towards one side (even spreads, lopsided sides). */
function scatterArb(n: number): fc.Arbitrary<number[]> {
  return fc
    .tuple(
      fc.integer({ min: 0, max: 100 }),
      fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: n, maxLength: n }),
    )
    .map(([southPercent, draws]) => {
      const out = new Array<number>(32).fill(0);
      for (const d of draws) {
        const south = (d & 0xff) % 100 < southPercent;
        const pit = (south ? 0 : 16) + ((d >> 8) & 15);
        out[pit] = (out[pit] as number) + 1;
      }
      return out;
    });
}

export function pitsFromArray(a: readonly number[]): Pits {
  return {
    A: a.slice(0, 8),
    B: a.slice(8, 16),
    C: a.slice(16, 24),
    D: a.slice(24, 32),
  };
}

/** A random distribution of the game's stone total over the 32 pits. */
export function pitsArb(id: GameId): fc.Arbitrary<Pits> {
  const n = TOTAL[id];
  return fc.oneof(compositionArb(n), scatterArb(n)).map(pitsFromArray);
}

/** Small limits (often refusing starts, CORE-5) as well as the default. */
export const maxStagesArb: fc.Arbitrary<number> = fc.oneof(
  fc.constant(200),
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 13, max: 300 }),
);

/**
 * With optional captures every opportunity doubles the paths of a start, so a
 * long limit can mean millions of moves; the properties keep it short there.
 */
export const optionalMaxStagesArb: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: 1, max: 12 }),
  fc.integer({ min: 13, max: 40 }),
);

export function optionsArb(id: GameId): fc.Arbitrary<Record<string, string | number>> {
  const direction = fc.constantFrom(...DIRECTIONS[id]);
  if (hasCaptureOption(id)) {
    return fc.oneof(
      fc.record({ direction, capture: fc.constant("mandatory"), maxStages: maxStagesArb }),
      fc.record({ direction, capture: fc.constant("optional"), maxStages: optionalMaxStagesArb }),
    );
  }
  return fc.record({ direction, maxStages: maxStagesArb });
}

export function positionJsonArb(id: GameId): fc.Arbitrary<PositionJSON> {
  return fc.record({
    game: fc.constant(id),
    options: optionsArb(id),
    toMove: fc.constantFrom<SideName>("S", "N"),
    pits: pitsArb(id),
  });
}

/** Any of the five games with its random position. */
export const anyPositionJsonArb: fc.Arbitrary<PositionJSON> = fc
  .constantFrom(...GAME_IDS)
  .chain((id) => positionJsonArb(id));

/** Deterministic pseudo-random numbers in [0, 1) for `randomMove`. */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
