/**
 * Move generation on a bare board (AB-2…AB-5 with the Clarification on
 * pushes), shared by `legal`, `apply`, perft and random play. A move is a
 * small integer: the hole of its trailing marble (inline) or first-named end
 * (broadside), its direction, and for broadside its axis and length.
 *
 * - Inline (AB-3): the group is the trailing marble and every own marble
 *   directly ahead of it, one to three; the hole ahead of the leader must be
 *   on the board and empty, or start a line of opponent marbles shorter than
 *   the group (AB-5: 2v1, 3v1, 3v2) followed by an empty hole or the edge.
 * - Broadside (AB-4): a line of two or three own marbles moves sideways into
 *   holes that are all on the board and empty.
 */
import { EMPTY, NEXT, type Colour } from "./geometry.js";

const HOLES = 61;

export function encodeInline(from: number, dir: number): number {
  return from | (dir << 6);
}

export function encodeBroadside(first: number, axis: number, length: number, dir: number): number {
  return first | (dir << 6) | (axis << 9) | (length << 11);
}

export const moveFrom = (code: number): number => code & 63;
export const moveDir = (code: number): number => (code >> 6) & 7;
export const moveAxis = (code: number): number => (code >> 9) & 3;
/** 0 for an inline move, else the broadside line's length. */
export const moveLength = (code: number): number => (code >> 11) & 3;

/** Why an inline move is not legal, or null when it is (see `inlineFault`). */
export type InlineFault =
  | { readonly kind: "not-own" }
  | { readonly kind: "too-long" }
  | { readonly kind: "own-off" }
  | { readonly kind: "single-push" }
  | { readonly kind: "outnumbered"; readonly group: number; readonly pushed: number }
  | { readonly kind: "blocked"; readonly group: number; readonly pushed: number };

/**
 * Checks the inline move of the marble on `from` in `dir`: null when legal,
 * else why not (the group and pushed line sizes where they matter).
 */
export function inlineFault(
  board: Uint8Array,
  own: Colour,
  from: number,
  dir: number,
): InlineFault | null {
  if (board[from] !== own) return { kind: "not-own" };
  let n = 1;
  let x = NEXT[from * 6 + dir] as number;
  while (x >= 0 && board[x] === own) {
    n++;
    x = NEXT[x * 6 + dir] as number;
  }
  if (n > 3) return { kind: "too-long" };
  if (x < 0) return { kind: "own-off" };
  if (board[x] === EMPTY) return null;
  if (n === 1) return { kind: "single-push" };
  let k = 0;
  let y = x;
  while (y >= 0 && board[y] !== EMPTY && board[y] !== own) {
    k++;
    y = NEXT[y * 6 + dir] as number;
  }
  if (k >= n) return { kind: "outnumbered", group: n, pushed: k };
  if (y >= 0 && board[y] === own) return { kind: "blocked", group: n, pushed: k };
  return null;
}

/** Whether the broadside line from `first` (length 2 or 3 along `axis`) may move in `dir`. */
export function broadsideLegal(
  board: Uint8Array,
  own: Colour,
  first: number,
  axis: number,
  length: number,
  dir: number,
): boolean {
  let h = first;
  for (let i = 0; i < length; i++) {
    if (h < 0 || board[h] !== own) return false;
    const to = NEXT[h * 6 + dir] as number;
    if (to < 0 || board[to] !== EMPTY) return false;
    h = NEXT[h * 6 + axis] as number;
  }
  return true;
}

/** `inlineFault(…) === null`, without building the fault: the generator's hot path. */
function inlineLegal(board: Uint8Array, own: number, from: number, dir: number): boolean {
  let n = 1;
  let x = NEXT[from * 6 + dir] as number;
  while (x >= 0 && board[x] === own) {
    n++;
    x = NEXT[x * 6 + dir] as number;
  }
  if (x < 0 || n > 3) return false;
  if (board[x] === EMPTY) return true;
  if (n === 1) return false;
  // Opponent marbles ahead: at most n - 1 of them, then an empty hole or the edge.
  let y = NEXT[x * 6 + dir] as number;
  if (y < 0 || board[y] === EMPTY) return true;
  if (board[y] === own || n === 2) return false;
  y = NEXT[y * 6 + dir] as number;
  return y < 0 || board[y] === EMPTY;
}

/**
 * Every legal move of `own` on `board`, written into `out` from index 0
 * (when given), in generation order; returns how many there are.
 */
export function generate(board: Uint8Array, own: Colour, out: Int32Array | null): number {
  let count = 0;
  for (let h = 0; h < HOLES; h++) {
    if (board[h] !== own) continue;
    // Directions in which h's neighbour is on the board and empty.
    let free = 0;
    for (let dir = 0; dir < 6; dir++) {
      const x = NEXT[h * 6 + dir] as number;
      if (x >= 0 && board[x] === EMPTY) {
        free |= 1 << dir;
        if (out !== null) out[count] = encodeInline(h, dir);
        count++;
      } else if (x >= 0 && board[x] === own && inlineLegal(board, own, h, dir)) {
        if (out !== null) out[count] = encodeInline(h, dir);
        count++;
      }
    }
    if (free === 0) continue;
    for (let axis = 0; axis < 3; axis++) {
      let last = NEXT[h * 6 + axis] as number;
      let both = free;
      for (let length = 2; length <= 3; length++) {
        if (last < 0 || board[last] !== own) break;
        let lastFree = 0;
        for (let dir = 0; dir < 6; dir++) {
          const x = NEXT[last * 6 + dir] as number;
          if (x >= 0 && board[x] === EMPTY) lastFree |= 1 << dir;
        }
        both &= lastFree & ~((1 << axis) | (1 << (axis + 3)));
        if (both === 0) break;
        for (let dir = 0; dir < 6; dir++) {
          if ((both & (1 << dir)) !== 0) {
            if (out !== null) out[count] = encodeBroadside(h, axis, length, dir);
            count++;
          }
        }
        last = NEXT[last * 6 + axis] as number;
      }
    }
  }
  return count;
}

/** Most moves any position can have (a generous bound for move buffers). */
export const MAX_MOVES = 14 * 6 + 14 * 3 * 2 * 4;

/**
 * A broadside move (a group moving sideways, `moveLength` ≠ 0) on `board` in
 * place: each marble of the group steps one hole in the move's direction, or
 * with `back` steps back (taking the move back).
 */
export function stepBroadside(board: Uint8Array, own: number, code: number, back: boolean): void {
  const dir = moveDir(code);
  const axis = moveAxis(code);
  const length = moveLength(code);
  let h = moveFrom(code);
  for (let i = 0; i < length; i++) {
    const to = NEXT[h * 6 + dir] as number;
    board[back ? to : h] = EMPTY;
    board[back ? h : to] = own;
    h = NEXT[h * 6 + axis] as number;
  }
}

/**
 * Plays a legal move on `board` in place. Returns what `undo` needs: the
 * group's size, the pushed line's size and whether its last marble went off.
 */
export function play(board: Uint8Array, own: Colour, code: number): number {
  if (moveLength(code) !== 0) {
    stepBroadside(board, own, code, false);
    return 0;
  }
  const from = moveFrom(code);
  const dir = moveDir(code);
  let n = 1;
  let x = NEXT[from * 6 + dir] as number;
  while (board[x] === own) {
    n++;
    x = NEXT[x * 6 + dir] as number;
  }
  board[from] = EMPTY;
  if (board[x] === EMPTY) {
    board[x] = own;
    return n;
  }
  const opp = board[x] as number;
  board[x] = own;
  let k = 1;
  let y = NEXT[x * 6 + dir] as number;
  while (y >= 0 && board[y] === opp) {
    k++;
    y = NEXT[y * 6 + dir] as number;
  }
  if (y < 0) return n | (k << 2) | 16;
  board[y] = opp;
  return n | (k << 2);
}

/** Whether `play`'s answer says a marble went off. */
export const pushedOff = (undo: number): boolean => (undo & 16) !== 0;

/** Takes back `play(board, own, code)`, given what it answered. */
export function undo(board: Uint8Array, own: Colour, code: number, info: number): void {
  if (moveLength(code) !== 0) {
    stepBroadside(board, own, code, true);
    return;
  }
  const from = moveFrom(code);
  const dir = moveDir(code);
  const n = info & 3;
  const k = (info >> 2) & 3;
  let x = from;
  for (let i = 0; i < n; i++) x = NEXT[x * 6 + dir] as number;
  board[from] = own;
  if (k === 0) {
    board[x] = EMPTY;
    return;
  }
  const opp = own === 1 ? 2 : 1;
  board[x] = opp;
  if ((info & 16) !== 0) return;
  let y = x;
  for (let i = 0; i < k; i++) y = NEXT[y * 6 + dir] as number;
  board[y] = EMPTY;
}
