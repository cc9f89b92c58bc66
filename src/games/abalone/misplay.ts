/**
 * A settled board no legal move explains, read as the move a player made
 * (`Game.misplay`): the marbles of one line, or of one line of two or three
 * moved sideways, pushed one hole in one direction — each shoving every
 * marble directly ahead of it, the last over the edge — and the rule that
 * move breaks: a line of four or more (AB-2), an own marble over the edge
 * (AB-3), a push the rules do not allow (AB-5: one marble, not
 * outnumbering, blocked), a broadside into an occupied hole (AB-4), or a
 * marble of the side not to move (AB-2). A board that is no such push is
 * named by the holes that changed (AB-2).
 */
import { HOLE_READINGS } from "../../shared/index.js";
import type { Misplay } from "../core/rules.js";
import {
  COLOUR_OF,
  EMPTY,
  HOLE_COUNT,
  NEXT,
  SIDE_LETTER,
  SIDE_NAME,
  cellOfReadings,
  holeName,
  other,
  type Colour,
} from "./geometry.js";
import { inlineFault } from "./moves.js";
import type { AbalonePosition } from "./position.js";

const WORD = ["", "black", "white"] as const;

/** The board after each marble of `movers` shoves the run of marbles from it one hole in `dir`. */
function shoved(board: Uint8Array, movers: readonly number[], dir: number): Uint8Array {
  const out = board.slice();
  const moving = new Set<number>();
  for (const h of movers) {
    for (let x = h; x >= 0 && board[x] !== EMPTY; x = NEXT[x * 6 + dir] as number) moving.add(x);
  }
  for (const x of moving) out[x] = EMPTY;
  for (const x of moving) {
    const to = NEXT[x * 6 + dir] as number;
    if (to >= 0) out[to] = board[x] as number;
  }
  return out;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The board a readings vector shows (`E5:b`, `E5:w`, `E5:n`, `E5:x` per hole), or null when a hole reads two. */
function boardOf(counts: readonly number[]): Uint8Array | null {
  if (counts.length !== HOLE_READINGS * HOLE_COUNT) return null;
  const out = new Uint8Array(HOLE_COUNT);
  for (let h = 0; h < HOLE_COUNT; h++) {
    const cell = cellOfReadings(counts, h * HOLE_READINGS);
    if (cell === -1) return null;
    out[h] = cell;
  }
  return out;
}

/** Why the inline push of `own`'s marble on `from` in `dir` is refused, in words with its rule. */
function inlineWhy(board: Uint8Array, own: Colour, from: number, dir: number): Misplay | null {
  const fault = inlineFault(board, own, from, dir);
  if (fault === null || fault.kind === "not-own") return null;
  const mine = WORD[own];
  const theirs = WORD[other(own)];
  const where = holeName(from);
  switch (fault.kind) {
    case "too-long":
      return misplay(
        "AB-2",
        `a line of four or more ${mine} marbles moved from ${where}; such a line never moves as a whole`,
      );
    case "own-off":
      return misplay(
        "AB-3",
        `a ${mine} marble pushed off the board from ${where}'s line; an own marble never leaves it`,
      );
    case "single-push":
      return misplay(
        "AB-5",
        `the ${mine} marble on ${where} pushed a ${theirs} marble; one marble never pushes`,
      );
    case "outnumbered":
      return misplay(
        "AB-5",
        `${fault.group} ${mine} marbles from ${where} pushed ${fault.pushed} ${theirs}; the pushing line must outnumber the pushed one`,
      );
    case "blocked":
      return misplay(
        "AB-5",
        `${fault.group} ${mine} marbles from ${where} pushed the ${theirs} line, but a ${mine} marble behind it blocks the push`,
      );
  }
}

function misplay(rule: string, text: string): Misplay {
  return { rule, message: `${text} (${rule})`, byMover: true };
}

/** The holes on which two boards differ. */
function changed(a: Uint8Array, b: Uint8Array): number[] {
  const out: number[] = [];
  for (let h = 0; h < HOLE_COUNT; h++) if (a[h] !== b[h]) out.push(h);
  return out;
}

type Push =
  | { readonly kind: "inline"; readonly from: number; readonly dir: number }
  | { readonly kind: "broadside"; readonly line: readonly number[]; readonly dir: number };

/** How many marbles a push moves (each shoved run counted once). */
function moving(board: Uint8Array, movers: readonly number[], dir: number): number {
  const seen = new Set<number>();
  for (const h of movers) {
    for (let x = h; x >= 0 && board[x] !== EMPTY; x = NEXT[x * 6 + dir] as number) seen.add(x);
  }
  return seen.size;
}

/**
 * A push by `colour` whose result is `after`: inline from a line's trailing
 * hole, or a line of two or three moved sideways. Of several that give the
 * same board (a line shoved over the edge looks like a shorter one), the one
 * that moves the fewest marbles.
 */
function pushOf(board: Uint8Array, after: Uint8Array, colour: Colour): Push | null {
  let best: Push | null = null;
  let fewest = Infinity;
  const consider = (p: Push, movers: readonly number[]) => {
    const n = moving(board, movers, p.dir);
    if (n < fewest && same(shoved(board, movers, p.dir), after)) {
      best = p;
      fewest = n;
    }
  };
  for (let h = 0; h < HOLE_COUNT; h++) {
    if (board[h] !== colour) continue;
    for (let dir = 0; dir < 6; dir++) {
      const back = NEXT[h * 6 + ((dir + 3) % 6)] as number;
      if (back < 0 || board[back] !== colour) consider({ kind: "inline", from: h, dir }, [h]);
    }
    for (let axis = 0; axis < 3; axis++) {
      const line = [h];
      for (
        let x = NEXT[h * 6 + axis] as number;
        x >= 0 && board[x] === colour && line.length < 3;
        x = NEXT[x * 6 + axis] as number
      ) {
        line.push(x);
        for (let dir = 0; dir < 6; dir++) {
          if (dir % 3 !== axis) consider({ kind: "broadside", line: line.slice(), dir }, line);
        }
      }
    }
  }
  return best;
}

/** See the file comment; null when the board shows the position itself or cannot be read. */
export function misplayOf(p: AbalonePosition, counts: readonly number[]): Misplay | null {
  const after = boardOf(counts);
  if (after === null || same(after, p.board)) return null;
  const own = COLOUR_OF[p.toMove];
  const mover = SIDE_NAME[p.toMove];
  const diff = changed(p.board, after);
  const holes = diff.map(holeName);
  const push = pushOf(p.board, after, own);
  if (push !== null && push.kind === "inline") {
    const why = inlineWhy(p.board, own, push.from, push.dir);
    if (why !== null) return why;
  }
  if (push !== null && push.kind === "broadside") {
    const line = push.line.map(holeName).join(" ");
    return misplay(
      "AB-4",
      `${mover}'s line ${line} moved sideways into an occupied hole; a broadside move needs every hole it moves into empty and never pushes`,
    );
  }
  const theirs = other(own);
  if (
    pushOf(p.board, after, theirs) !== null ||
    diff.every((h) => p.board[h] !== own && after[h] !== own)
  ) {
    const name = SIDE_NAME[SIDE_LETTER[theirs]];
    return {
      rule: "AB-2",
      message: `${mover}'s turn, but ${name} moved ${holes.join(" ")} (AB-2)`,
      byMover: false,
    };
  }
  return misplay("AB-2", `${holes.join(" ")} changed as no legal move of ${mover} changes them`);
}
