/**
 * Moves under the variant options of AB-9 (abalone.md): the single-colour
 * game (AB-9.2), obstacles (AB-9.4), traps (AB-9.5), the neutral marble
 * (AB-9.6) and the shield and rotation moves (AB-9.7). A position whose
 * options set none of these plays by moves.ts's fast generator; the team
 * game (AB-9.1) and the random starts (AB-9.3) change no move.
 *
 * Inline moves, in every variant: from the named marble, the group is the
 * mover's marbles directly ahead of it and the pushed line is the marbles
 * directly ahead of the group.
 * - Two colours: the group is every own marble directly ahead (four or more
 *   never move, AB-2); the pushed line is every non-own marble directly
 *   ahead of it, the neutral one included (AB-9.6), and an own marble behind
 *   it blocks the push (AB-5).
 * - Single colour (AB-9.2, AB-5 with "opponent" read as "any"): the run of
 *   marbles from the named one moves as a whole; its first marbles up to
 *   three (never the neutral one) are the group, the rest the pushed line.
 *   A longer group only shortens the pushed line, so the run moves when its
 *   first `min(3, single-colour marbles in front)` marbles outnumber the
 *   rest — one fewer when the edge or a trap is ahead, where the pushed line
 *   must hold a marble to leave (the group's own never does).
 * - Behind the moving marbles: an empty hole (the run moves one hole), the
 *   edge (the pushed line's last marble leaves the game; an own marble never
 *   does, AB-3), an obstacle (no marble enters it: illegal, AB-9.4) or a trap
 *   (an own marble may not enter it; a pushed one leaves the game there as
 *   over the edge, AB-9.5). The neutral marble leaves only when `neutralOff`
 *   is not `"forbidden"` (AB-9.6).
 *
 * Broadside moves need every destination on the board, empty, and neither an
 * obstacle nor a trap. Shield and rotation (AB-9.7) likewise, and never push.
 */
import { EMPTY, HOLE_COUNT, MARBLE, NEUTRAL, NEXT, holeIndex, type Colour } from "./geometry.js";
import {
  encodeBroadside,
  encodeInline,
  generate,
  moveAxis,
  moveDir,
  moveFrom,
  moveLength,
  stepBroadside,
} from "./moves.js";

/** A hole's kind under the options: free, an obstacle (AB-9.4), a trap (AB-9.5). */
export const FREE = 0;
export const OBSTACLE = 1;
export const TRAP = 2;

export type NeutralOff = "forbidden" | "counts" | "wins";

/** What the options change in the moves (see `moveRules`). */
export interface MoveRules {
  /** None of the options below: moves.ts's generator and play/undo. */
  readonly plain: boolean;
  readonly single: boolean;
  /** Per hole: FREE, OBSTACLE or TRAP. */
  readonly holes: Uint8Array;
  readonly neutralOff: NeutralOff;
  readonly shapes: boolean;
}

/** The options this file reads (a structural slice of AbaloneOptions). */
export interface MoveOptions {
  readonly singleColour: boolean;
  readonly obstacles: readonly string[];
  readonly traps: readonly string[];
  readonly neutral: string | null;
  readonly neutralOff: NeutralOff;
  readonly shapes: boolean;
}

const CACHE = new WeakMap<MoveOptions, MoveRules>();

/** The move rules of a set of options (worked out once per options object). */
export function moveRules(o: MoveOptions): MoveRules {
  const cached = CACHE.get(o);
  if (cached !== undefined) return cached;
  const holes = new Uint8Array(HOLE_COUNT);
  for (const h of o.obstacles) holes[holeIndex(h)] = OBSTACLE;
  for (const h of o.traps) holes[holeIndex(h)] = TRAP;
  const rules: MoveRules = {
    plain:
      !o.singleColour &&
      o.obstacles.length === 0 &&
      o.traps.length === 0 &&
      o.neutral === null &&
      !o.shapes,
    single: o.singleColour,
    holes,
    neutralOff: o.neutralOff,
    shapes: o.shapes,
  };
  CACHE.set(o, rules);
  return rules;
}

/** The value of the mover's marbles: its colour, or any marble in the single-colour game. */
export function ownValue(rules: MoveRules, side: Colour): number {
  return rules.single ? MARBLE : side;
}

// ------------------------------------------------------------ move codes

/** Kinds of move code (bits 24–25); 0 is moves.ts's inline and broadside. */
export const KIND_SHIELD = 1;
export const KIND_ROTATION = 2;
export const moveKind = (code: number): number => (code >>> 24) & 3;

/**
 * A shield: the triangle's first hole `h` with `h`'s neighbours in
 * directions 0 and 1 (`type` 0) or 1 and 2 (`type` 1), moved in `dir`.
 */
export function encodeShield(h: number, type: number, dir: number): number {
  return h | (type << 6) | (dir << 7) | (KIND_SHIELD << 24);
}

/** The three holes of a shield code, in name order. */
export function shieldHoles(code: number): [number, number, number] {
  const h = code & 63;
  const type = (code >> 6) & 1;
  const p = NEXT[h * 6 + type] as number;
  const q = NEXT[h * 6 + type + 1] as number;
  return p < q ? [h, p, q] : [h, q, p];
}

export const shieldDir = (code: number): number => (code >> 7) & 7;

/**
 * A rotation: the middle marble `m`, its two end marbles in directions `a`
 * and `c` (a < c; c − a is 2 or 4 for an arc, 3 for a lance), turned one
 * step the way of ascending directions (`sense` 1) or descending (0).
 */
export function encodeRotation(m: number, a: number, c: number, sense: number): number {
  return m | (a << 6) | (c << 9) | (sense << 12) | (KIND_ROTATION << 24);
}

export function rotationParts(code: number): {
  middle: number;
  a: number;
  c: number;
  step: number;
} {
  return {
    middle: code & 63,
    a: (code >> 6) & 7,
    c: (code >> 9) & 7,
    step: ((code >> 12) & 1) === 1 ? 1 : 5,
  };
}

/** Where each end of a rotation goes: [end, destination] twice. */
export function rotationMoves(code: number): [[number, number], [number, number]] {
  const { middle, a, c, step } = rotationParts(code);
  const at = (d: number) => NEXT[middle * 6 + (d % 6)] as number;
  return [
    [at(a), at(a + step)],
    [at(c), at(c + step)],
  ];
}

// ------------------------------------------------------------ inline

/** Why an inline move is refused (negative), as `inlineResult` answers. */
export const NOT_OWN = -1;
export const TOO_LONG = -2;
export const OWN_OFF = -3;
export const SINGLE_PUSH = -4;
export const OUTNUMBERED = -5;
export const BLOCKED = -6;
export const INTO_OBSTACLE = -7;
export const OWN_INTO_TRAP = -8;
export const NEUTRAL_OFF = -9;

/**
 * The inline move of the marble on `from` in `dir`: a refusal (negative, see
 * above) or `group | pushed << 2 | falls << 4 | trap << 5`: the group's and
 * the pushed line's sizes, whether the pushed line's last marble leaves the
 * game, and whether it leaves into a trap rather than over the edge.
 */
export function inlineResult(
  board: Uint8Array,
  rules: MoveRules,
  side: Colour,
  from: number,
  dir: number,
): number {
  const own = ownValue(rules, side);
  if (board[from] !== own) return NOT_OWN;
  let group: number;
  let pushed: number;
  let last = from;
  let x = NEXT[from * 6 + dir] as number;
  if (rules.single) {
    let run = 1;
    let lead = 1;
    while (x >= 0 && board[x] !== EMPTY) {
      if (lead === run && board[x] === MARBLE) lead++;
      run++;
      last = x;
      x = NEXT[x * 6 + dir] as number;
    }
    // The largest group that leaves a marble to push when the edge or a trap is ahead.
    const mustPush = x < 0 || rules.holes[x] === TRAP;
    group = Math.min(3, lead, mustPush ? run - 1 : run);
    if (x >= 0 && rules.holes[x] === OBSTACLE) return INTO_OBSTACLE;
    if (group === 0) return x < 0 ? OWN_OFF : OWN_INTO_TRAP;
    pushed = run - group;
    if (pushed > 0 && group === 1) return SINGLE_PUSH;
    if (pushed >= group) return OUTNUMBERED;
  } else {
    group = 1;
    while (x >= 0 && board[x] === own) {
      group++;
      last = x;
      x = NEXT[x * 6 + dir] as number;
    }
    if (group > 3) return TOO_LONG;
    pushed = 0;
    while (x >= 0 && board[x] !== EMPTY && board[x] !== own) {
      pushed++;
      last = x;
      x = NEXT[x * 6 + dir] as number;
    }
    if (pushed === 0 && x < 0) return OWN_OFF;
    if (pushed > 0 && group === 1) return SINGLE_PUSH;
    if (pushed >= group) return OUTNUMBERED;
    if (x >= 0 && board[x] === own) return BLOCKED;
  }
  let falls = 0;
  let trap = 0;
  if (x < 0) {
    if (pushed === 0) return OWN_OFF;
    falls = 1;
  } else if (rules.holes[x] === OBSTACLE) {
    return INTO_OBSTACLE;
  } else if (rules.holes[x] === TRAP) {
    if (pushed === 0) return OWN_INTO_TRAP;
    falls = 1;
    trap = 1;
  }
  if (falls === 1 && board[last] === NEUTRAL && rules.neutralOff === "forbidden") {
    return NEUTRAL_OFF;
  }
  return group | (pushed << 2) | (falls << 4) | (trap << 5);
}

/**
 * The sizes of the group and of the pushed line an inline move from `from`
 * in `dir` would have (as `inlineResult` counts them), for refusals' words.
 */
export function lineSizes(
  board: Uint8Array,
  rules: MoveRules,
  side: Colour,
  from: number,
  dir: number,
): { group: number; pushed: number } {
  const own = ownValue(rules, side);
  let run = 0;
  let lead = 0;
  let pushed = 0;
  for (let x = from; x >= 0 && board[x] !== EMPTY; x = NEXT[x * 6 + dir] as number) {
    if (!rules.single && board[x] === own && pushed > 0) break;
    if (lead === run && board[x] === own) lead++;
    else pushed++;
    run++;
  }
  if (!rules.single) return { group: lead, pushed };
  let x = from;
  for (let i = 1; i < run; i++) x = NEXT[x * 6 + dir] as number;
  const next = NEXT[x * 6 + dir] as number;
  const mustPush = next < 0 || rules.holes[next] === TRAP;
  const group = Math.min(3, lead, mustPush ? run - 1 : run);
  return { group, pushed: run - group };
}

export const resultGroup = (r: number): number => r & 3;
export const resultPushed = (r: number): number => (r >> 2) & 3;
export const resultFalls = (r: number): boolean => (r & 16) !== 0;
export const resultTrap = (r: number): boolean => (r & 32) !== 0;

/** Whether a hole may receive a moving marble: on the board, empty, neither obstacle nor trap. */
function open(board: Uint8Array, rules: MoveRules, h: number): boolean {
  return h >= 0 && board[h] === EMPTY && rules.holes[h] === FREE;
}

// ------------------------------------------------------------ generation

/** Most moves a variant position can have (a generous bound for move buffers). */
export const MAX_VARIANT_MOVES = 2048;

/**
 * Every legal move of `side` on `board` under `rules`, written into `out`
 * (when given) from index 0, in generation order; returns how many.
 */
export function generateMoves(
  board: Uint8Array,
  rules: MoveRules,
  side: Colour,
  out: Int32Array | null,
): number {
  if (rules.plain) return generate(board, side, out);
  const own = ownValue(rules, side);
  let count = 0;
  const add = (code: number) => {
    if (out !== null) out[count] = code;
    count++;
  };
  for (let h = 0; h < HOLE_COUNT; h++) {
    if (board[h] !== own) continue;
    for (let dir = 0; dir < 6; dir++) {
      if (inlineResult(board, rules, side, h, dir) >= 0) add(encodeInline(h, dir));
    }
    // Broadside: the lines of two and three from h along the ascending axes.
    for (let axis = 0; axis < 3; axis++) {
      const line = [h];
      for (let x = NEXT[h * 6 + axis] as number; x >= 0 && board[x] === own && line.length < 3;) {
        line.push(x);
        for (let dir = 0; dir < 6; dir++) {
          if (dir % 3 === axis) continue;
          if (line.every((y) => open(board, rules, NEXT[y * 6 + dir] as number))) {
            add(encodeBroadside(h, axis, line.length, dir));
          }
        }
        x = NEXT[x * 6 + axis] as number;
      }
    }
    if (!rules.shapes) continue;
    // Shields: the two triangles whose first hole is h.
    for (let type = 0; type < 2; type++) {
      const p = NEXT[h * 6 + type] as number;
      const q = NEXT[h * 6 + type + 1] as number;
      if (p < 0 || q < 0 || board[p] !== own || board[q] !== own) continue;
      for (let dir = 0; dir < 6; dir++) {
        let fits = true;
        for (const v of [h, p, q]) {
          const to = NEXT[v * 6 + dir] as number;
          if (to !== h && to !== p && to !== q && !open(board, rules, to)) fits = false;
        }
        if (fits) add(encodeShield(h, type, dir));
      }
    }
    // Rotations around h: three lances and six arcs, each turned either way.
    for (let a = 0; a < 6; a++) {
      for (const span of [2, 3, 4]) {
        const c = a + span;
        if (c > 5 || (span === 4 && a !== 0 && a !== 1)) continue;
        const ea = NEXT[h * 6 + a] as number;
        const ec = NEXT[h * 6 + c] as number;
        if (ea < 0 || ec < 0 || board[ea] !== own || board[ec] !== own) continue;
        for (let sense = 0; sense < 2; sense++) {
          const step = sense === 1 ? 1 : 5;
          const ta = NEXT[h * 6 + ((a + step) % 6)] as number;
          const tc = NEXT[h * 6 + ((c + step) % 6)] as number;
          if (open(board, rules, ta) && open(board, rules, tc)) {
            add(encodeRotation(h, a, c, sense));
          }
        }
      }
    }
  }
  return count;
}

/** What playing a move did: the marble that left the game and where (see `playMove`). */
export interface Fall {
  /** The value (geometry.ts) of the marble that left the game, 0 when none did. */
  readonly marble: number;
  /** The hole it left from (the pushed line's last), -1 when none. */
  readonly from: number;
  /** The trap it fell into, -1 when it went over the edge (or none fell). */
  readonly trap: number;
}

const NO_FALL: Fall = { marble: 0, from: -1, trap: -1 };

/** Plays a legal move's code on `board` in place, under any rules. */
export function playMove(board: Uint8Array, rules: MoveRules, side: Colour, code: number): Fall {
  const own = ownValue(rules, side);
  const kind = moveKind(code);
  if (kind === KIND_SHIELD) {
    const holes = shieldHoles(code);
    const dir = shieldDir(code);
    for (const v of holes) board[v] = EMPTY;
    for (const v of holes) board[NEXT[v * 6 + dir] as number] = own;
    return NO_FALL;
  }
  if (kind === KIND_ROTATION) {
    for (const [from, to] of rotationMoves(code)) {
      board[from] = EMPTY;
      board[to] = own;
    }
    return NO_FALL;
  }
  if (moveLength(code) !== 0) {
    stepBroadside(board, own, code, false);
    return NO_FALL;
  }
  const from = moveFrom(code);
  const dir = moveDir(code);
  const result = inlineResult(board, rules, side, from, dir);
  const run = [from];
  for (let i = 1; i < resultGroup(result) + resultPushed(result); i++) {
    run.push(NEXT[(run[i - 1] as number) * 6 + dir] as number);
  }
  const last = run[run.length - 1] as number;
  const ahead = NEXT[last * 6 + dir] as number;
  let fall = NO_FALL;
  if (resultFalls(result)) {
    fall = { marble: board[last] as number, from: last, trap: resultTrap(result) ? ahead : -1 };
  } else {
    board[ahead] = board[last] as number;
  }
  for (let i = run.length - 1; i > 0; i--)
    board[run[i] as number] = board[run[i - 1] as number] as number;
  board[from] = EMPTY;
  return fall;
}

/** The holes of the mover's marbles a legal move moves (the controller's `refusal`). */
export function movedHoles(
  board: Uint8Array,
  rules: MoveRules,
  side: Colour,
  code: number,
): number[] {
  const kind = moveKind(code);
  if (kind === KIND_SHIELD) return shieldHoles(code);
  if (kind === KIND_ROTATION) return rotationMoves(code).map(([from]) => from);
  const from = moveFrom(code);
  const length = moveLength(code);
  const out: number[] = [];
  if (length !== 0) {
    for (let h = from, i = 0; i < length; i++, h = NEXT[h * 6 + moveAxis(code)] as number)
      out.push(h);
    return out;
  }
  const own = ownValue(rules, side);
  const dir = moveDir(code);
  for (
    let h = from;
    h >= 0 && board[h] === own && out.length < 3;
    h = NEXT[h * 6 + dir] as number
  ) {
    out.push(h);
  }
  return out;
}
