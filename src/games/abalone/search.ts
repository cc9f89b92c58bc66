/**
 * Perft and random playouts on one board played and taken back in place,
 * without building positions or traces (the benchmark's fast path). A game
 * that is over is a leaf: a push-off target or a limit reached (AB-6, AB-7),
 * or no legal move for the player to move (AB-6).
 */
import { COLOUR_OF, other, type Colour } from "./geometry.js";
import { MAX_MOVES, generate, play, pushedOff, undo } from "./moves.js";
import { endedByCount } from "./outcome.js";
import type { AbalonePosition } from "./position.js";

/** Leaves `depth` plies below `p`. */
export function perftOf(p: AbalonePosition, depth: number): number {
  if (depth <= 0) return 1;
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
