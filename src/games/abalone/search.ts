/**
 * Perft and random playouts on one board played and taken back in place,
 * without building positions or traces (the benchmark's fast path). A game
 * that is over is a leaf: a push-off target or a limit reached (AB-6, AB-7),
 * or no legal move for the player to move (AB-6).
 */
import { COLOUR_OF, NEUTRAL, other, type Colour } from "./geometry.js";
import { MAX_MOVES, generate, play, pushedOff, undo } from "./moves.js";
import { endedByCount } from "./outcome.js";
import type { AbalonePosition } from "./position.js";
import {
  MAX_VARIANT_MOVES,
  generateMoves,
  moveRules,
  playMove,
  type MoveRules,
} from "./variants.js";

/**
 * The counters a variant game carries from ply to ply: marbles off per
 * colour index (1 black, 2 white), moves, moves since the last push-off and
 * whether the neutral marble has won (AB-9.6 `wins`).
 */
interface Counters {
  off: [number, number, number];
  moveCount: number;
  noPush: number;
  neutralWon: boolean;
}

function countersOf(p: AbalonePosition): Counters {
  return {
    off: [0, p.off.b, p.off.w],
    moveCount: p.moveCount,
    noPush: p.noPushCount,
    neutralWon: p.neutralOffBy !== null && p.options.neutralOff === "wins",
  };
}

/** The counters after `side` played a move whose fall was `marble` (0: none). */
function advance(c: Counters, rules: MoveRules, side: Colour, marble: number): Counters {
  if (marble === 0) return { ...c, moveCount: c.moveCount + 1, noPush: c.noPush + 1 };
  const off: [number, number, number] = [0, c.off[1], c.off[2]];
  const neutral = marble === NEUTRAL;
  if (!neutral || rules.neutralOff === "counts") off[other(side)]++;
  return {
    off,
    moveCount: c.moveCount + 1,
    noPush: 0,
    neutralWon: c.neutralWon || (neutral && rules.neutralOff === "wins"),
  };
}

function ended(p: AbalonePosition, c: Counters): boolean {
  return endedByCount(p.options, c.off[1], c.off[2], c.moveCount, c.noPush, c.neutralWon);
}

/** Perft under variant rules (AB-9): each child on its own copy of the board. */
function variantPerft(p: AbalonePosition, rules: MoveRules, depth: number): number {
  const buffers = Array.from({ length: depth }, () => new Int32Array(MAX_VARIANT_MOVES));
  const walk = (board: Uint8Array, side: Colour, left: number, c: Counters): number => {
    if (ended(p, c)) return 1;
    if (left === 1) return Math.max(1, generateMoves(board, rules, side, null));
    const buf = buffers[left - 1] as Int32Array;
    const n = generateMoves(board, rules, side, buf);
    if (n === 0) return 1;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const next = board.slice();
      const fall = playMove(next, rules, side, buf[i] as number);
      total += walk(next, other(side), left - 1, advance(c, rules, side, fall.marble));
    }
    return total;
  };
  return walk(p.board, COLOUR_OF[p.toMove], depth, countersOf(p));
}

/** Leaves `depth` plies below `p`. */
export function perftOf(p: AbalonePosition, depth: number): number {
  if (depth <= 0) return 1;
  const rules = moveRules(p.options);
  if (!rules.plain || p.neutralOffBy !== null) return variantPerft(p, rules, depth);
  const board = p.board.slice();
  const off = [0, p.off.b, p.off.w];
  const buffers = Array.from({ length: depth }, () => new Int32Array(MAX_MOVES));
  const o = p.options;
  const walk = (side: Colour, left: number, moveCount: number, noPush: number): number => {
    if (endedByCount(o, off[1] as number, off[2] as number, moveCount, noPush)) return 1;
    if (left === 1) return Math.max(1, generate(board, side, null));
    const buf = buffers[left - 1] as Int32Array;
    const n = generate(board, side, buf);
    if (n === 0) return 1;
    const opp = other(side);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const code = buf[i] as number;
      const info = play(board, side, code);
      const gone = pushedOff(info);
      if (gone) off[opp]++;
      total += walk(opp, left - 1, moveCount + 1, gone ? 0 : noPush + 1);
      if (gone) off[opp]--;
      undo(board, side, code, info);
    }
    return total;
  };
  return walk(COLOUR_OF[p.toMove], depth, p.moveCount, p.noPushCount);
}

/** Plays uniformly random legal moves until the game ends or `maxPlies`; returns the plies played. */
export function playoutOf(p: AbalonePosition, random: () => number, maxPlies: number): number {
  const rules = moveRules(p.options);
  if (!rules.plain) {
    const board = p.board.slice();
    const buf = new Int32Array(MAX_VARIANT_MOVES);
    let side = COLOUR_OF[p.toMove];
    let c = countersOf(p);
    for (let ply = 0; ply < maxPlies; ply++) {
      if (ended(p, c)) return ply;
      const n = generateMoves(board, rules, side, buf);
      if (n === 0) return ply;
      const fall = playMove(board, rules, side, buf[Math.floor(random() * n)] as number);
      c = advance(c, rules, side, fall.marble);
      side = other(side);
    }
    return maxPlies;
  }
  const board = p.board.slice();
  const off = [0, p.off.b, p.off.w];
  const buf = new Int32Array(MAX_MOVES);
  let side = COLOUR_OF[p.toMove];
  let moveCount = p.moveCount;
  let noPush = p.noPushCount;
  for (let ply = 0; ply < maxPlies; ply++) {
    if (endedByCount(p.options, off[1] as number, off[2] as number, moveCount, noPush)) return ply;
    const n = generate(board, side, buf);
    if (n === 0) return ply;
    const info = play(board, side, buf[Math.floor(random() * n)] as number);
    const opp = other(side);
    if (pushedOff(info)) {
      off[opp]++;
      noPush = 0;
    } else {
      noPush++;
    }
    moveCount++;
    side = opp;
  }
  return maxPlies;
}
