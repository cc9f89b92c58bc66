/**
 * What the Glassperlenspiel comparison tests share (see
 * glassperlenspiel-compare.test.ts and glassperlenspiel-spread.test.ts): the
 * engine against the independent oracle
 * (./glassperlenspiel-oracle.ts, written from the rules file alone before the
 * engine): along random whole games from the start, and on random spreads of
 * beads (gem phase, feeding, the stones-only phase), both must list the same
 * moves in the same order with the same positions and traces, play the same
 * move to the same position and trace, and end the game the same way.
 */
import { expect } from "vitest";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import {
  PIT_NAMES,
  gpInitial,
  gpKey,
  gpLargestOrders,
  gpLegal,
  gpNormal,
  gpOutcome,
  gpRandomMove,
  type GpPosition,
} from "./glassperlenspiel-oracle.js";

const game = findGame("glassperlenspiel") as Game;

/** Positions with more bead orders than this in one pit are checked by the move played only. */
const LIST_LIMIT = 240;

function parse(json: GpPosition): Position {
  const parsed = game.parsePosition(json);
  if (!parsed.ok) throw new Error(`${parsed.error.message} in ${JSON.stringify(json)}`);
  return parsed.value;
}

function engineMoves(p: Position) {
  return game.legal(p, Number.MAX_SAFE_INTEGER).moves.map((m) => ({
    move: m.move,
    position: game.positionToJSON(m.position),
    trace: m.trace,
  }));
}

export const stats = {
  listed: 0,
  moves: 0,
  played: 0,
  ends: new Map<string, number>(),
  /** Moves compared by kind: what the comparison covered. */
  kinds: new Map<string, number>(),
};

function count(kind: string): void {
  stats.kinds.set(kind, (stats.kinds.get(kind) ?? 0) + 1);
}

/** Tallies what a listed move exercises: captures of each kind, chains, laps. */
function tally(m: { move: string; trace: { op: string }[] }): void {
  const captures = m.trace.filter((s) => s.op === "capture").length;
  const sows = m.trace.filter((s) => s.op === "sow").length;
  if (captures > 0 && !m.move.includes("/")) count("direct");
  if (m.move.includes("/")) count("indirect");
  if (/\/.*[NS]C/.test(m.move)) count("from the cup");
  if (captures >= 2) count("chain");
  if (sows >= 10) count("lap");
}

function agreeOnOutcome(json: GpPosition, p: Position): void {
  const expected = gpOutcome(gpNormal(json));
  const got = game.outcome(p);
  const where = JSON.stringify(json);
  if (expected === null) {
    expect(got, where).toBeNull();
    return;
  }
  expect(got?.winner, where).toBe(expected.winner);
  expect(got?.score, where).toEqual(expected.score);
  expect(got?.reason, where).toContain(`(${expected.rule})`);
  stats.ends.set(expected.rule, (stats.ends.get(expected.rule) ?? 0) + 1);
}

/** Lists every move (when not too many) and agrees on the outcome. */
export function agree(json: GpPosition): void {
  const p = parse(json);
  expect(game.positionToJSON(p)).toEqual(gpNormal(json));
  agreeOnOutcome(json, p);
  if (gpLargestOrders(json) > LIST_LIMIT) return;
  const expected = gpLegal(json);
  expect(engineMoves(p), JSON.stringify(json)).toEqual(expected);
  stats.listed++;
  stats.moves += expected.length;
  for (const m of expected) tally(m);
}

/** Plays a whole random game (the oracle's moves), checking each position and the move played. */
export function playGame(seed: number, from: GpPosition = gpInitial(), maxPlies = 400): number {
  const random = seededRandom(seed);
  let json = from;
  for (let ply = 0; ply < maxPlies; ply++) {
    agree(json);
    const move = gpRandomMove(json, random);
    if (move === null) return ply;
    const applied = game.apply(parse(json), move.move);
    if (!applied.ok) throw new Error(`${applied.error.message} in ${JSON.stringify(json)}`);
    expect(game.positionToJSON(applied.value.position), move.move).toEqual(move.position);
    expect(applied.value.trace, move.move).toEqual(move.trace);
    stats.played++;
    if (move.trace.filter((s) => s.op === "sow").length >= 10) count("lap");
    json = move.position;
  }
  return maxPlies;
}

/** A random valid position: 10 stones and 10 gems spread over pits (and gems over cups). */
export function spread(random: () => number, kind: "gems" | "feed" | "stones"): GpPosition {
  const p = gpInitial();
  for (const name of PIT_NAMES) p.pits[name] = { stones: 0, gems: [] };
  const toMove = random() < 0.5 ? "S" : "N";
  p.toMove = toMove;
  // With "feed", the opponent's row is left empty.
  const allowed = PIT_NAMES.filter((n) => kind !== "feed" || n[0] === (toMove === "S" ? "A" : "B"));
  const used = allowed.filter(() => random() < 0.6);
  if (used.length === 0) used.push(allowed[Math.floor(random() * allowed.length)]!);
  const anyPit = () => used[Math.floor(random() * used.length)]!;
  for (let s = 0; s < 10; s++) p.pits[anyPit()]!.stones++;
  for (const g of ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"]) {
    const r = random();
    if (kind === "stones" || r < 0.3) (random() < 0.5 ? p.cups.S : p.cups.N).push(g);
    else p.pits[anyPit()]!.gems.push(g);
  }
  return p;
}

/** `p` with a history in which its key occurs twice (over, GB-7) or once (not yet). */
export function repeatedOnce(p: GpPosition, twice: boolean): GpPosition {
  const key = (q: GpPosition) => gpKey(q);
  const flipped = { ...p, toMove: p.toMove === "S" ? "N" : "S" };
  const pair = [key(p), key(flipped)];
  return { ...p, history: twice ? [...pair, ...pair] : pair };
}
