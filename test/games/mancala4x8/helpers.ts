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
import { clonePits, compositionArb, getGame, getPit, maxStagesArb } from "../fourrow/board.js";
import { nextPit, ownerOfPit, pitsFromArray, ROW_NAMES, setPit } from "../fourrow/board.js";
import type { Pits, RowName, SideName } from "../fourrow/board.js";

/** The board model both four-row families share. */
export * from "../fourrow/board.js";

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

export function sideTotal(pits: Pits, side: SideName): number {
  const rows: RowName[] = side === "S" ? ["A", "B"] : ["C", "D"];
  let n = 0;
  for (const r of rows) for (const v of pits[r]) n += v;
  return n;
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

/** A random distribution of the game's stone total over the 32 pits. */
export function pitsArb(id: GameId): fc.Arbitrary<Pits> {
  const n = TOTAL[id];
  return fc.oneof(compositionArb(n), scatterArb(n)).map(pitsFromArray);
}

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
