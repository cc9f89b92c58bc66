/**
 * Which starts a player may choose (bao-kiswahili.md): captures first and
 * compulsory (BK-8); namua placements (BK-9) and their takasa restrictions
 * (BK-10, BK-11); mtaji-phase starts (BK-13, BK-14, BK-15); the takasia block
 * (BK-16). Starts are `pit << 3 | variant` as in `turn.ts`; whether a start
 * survives the stage limit (BK-18) is the runner's to say.
 */
import {
  CCW,
  CW,
  FRONT_OWNER,
  FRONT_START,
  NEXT,
  facing,
  type Direction,
} from "../fourrow/geometry.js";
import { NYUMBA, isKichwa, isKimbi, LANDING, landingOf } from "./geometry.js";
import {
  HAND,
  OWNED,
  V_CAPTURE,
  V_CAPTURE_L,
  V_CAPTURE_R,
  V_CCW,
  V_CW,
  V_PLACE_CCW,
  V_PLACE_CW,
  type TurnRules,
  type TurnRunner,
} from "./turn.js";

export interface StartRules extends TurnRules {
  /** BK-11 option `nyumbaTax: only-if-no-other`. */
  readonly taxOnlyIfNoOther: boolean;
  /** BK-16 option `takasia`. */
  readonly takasia: boolean;
}

/**
 * A list of candidate starts of `side` (before BK-18; `blocked` starts
 * nothing, BK-16) written into `out`; returns how many.
 */
export type StartLister = (
  rules: StartRules,
  state: Uint8Array,
  side: 0 | 1,
  blocked: number,
  out: Int32Array,
) => number;

/** The front row of `side`: how many of its pits hold seeds, and how many two or more (BK-10, BK-15). */
export function frontRow(state: Uint8Array, side: 0 | 1): { occupied: number; twoOrMore: number } {
  const front = FRONT_START[side];
  let occupied = 0;
  let twoOrMore = 0;
  for (let pit = front; pit < front + 8; pit++) {
    if (state[pit] > 0) occupied++;
    if (state[pit] >= 2) twoOrMore++;
  }
  return { occupied, twoOrMore };
}

/** The most starts a position can have (16 pits x 2 directions). */
export const MAX_STARTS = 32;

/** BK-9: the namua phase lasts while the player (kiswahili) has seeds in hand. */
export function inNamua(rules: StartRules, state: Uint8Array, side: 0 | 1): boolean {
  return rules.nyumba && state[HAND + side] > 0;
}

/** The opponent pit a capturing start takes first (BK-4). */
export function targetOf(state: Uint8Array, start: number): number {
  const pit = start >> 3;
  const variant = start & 7;
  if (variant >= V_CAPTURE) return facing(pit);
  return facing(landingOf(pit, state[pit], variant === V_CW ? CW : CCW));
}

/**
 * Candidate starts that capture, before BK-18: namua placements on a capture
 * spot (BK-9; from a non-kimbi pit one per kichwa, BK-5), or mtaji-phase starts
 * of 2…15 seeds whose first sowing ends on a capture spot (BK-13, BK-14). A
 * blocked pit starts nothing (BK-16). Returns how many were written to `out`.
 */
export const captureStarts: StartLister = (rules, state, side, blocked, out) => {
  let count = 0;
  if (inNamua(rules, state, side)) {
    for (let pit = FRONT_START[side], end = pit + 8; pit < end; pit++) {
      if (state[pit] === 0 || state[facing(pit)] === 0 || pit === blocked) continue;
      if (isKimbi(pit)) out[count++] = (pit << 3) | V_CAPTURE;
      else {
        out[count++] = (pit << 3) | V_CAPTURE_L;
        out[count++] = (pit << 3) | V_CAPTURE_R;
      }
    }
    return count;
  }
  for (let pit = side << 4, end = pit + 16; pit < end; pit++) {
    const n = state[pit];
    if (n < 2 || n > 15 || pit === blocked) continue;
    const cw = LANDING[pit * 16 + n]; // BK-14: the first sowing's last pit
    if (FRONT_OWNER[cw] === side && state[cw] > 0 && state[facing(cw)] > 0) {
      out[count++] = (pit << 3) | V_CW;
    }
    const ccw = LANDING[(32 + pit) * 16 + n];
    if (FRONT_OWNER[ccw] === side && state[ccw] > 0 && state[facing(ccw)] > 0) {
      out[count++] = (pit << 3) | V_CCW;
    }
  }
  return count;
};

/** Whether sowing n seeds from the emptied `pit` in `dir` puts none in the side's front row. */
function leavesFrontEmpty(pit: number, n: number, dir: Direction): boolean {
  const next = NEXT[dir];
  let p = pit;
  for (let i = Math.min(n, 16); i > 0; i--) {
    p = next[p];
    if (FRONT_OWNER[p] >= 0) return false;
  }
  return true;
}

/**
 * Candidate takasa starts, before BK-18, for a turn without a capture.
 * Namua (BK-9): a placement into an occupied front pit whose facing pit is
 * empty, either direction, except a single-seed pit while a front pit holds two
 * or more (BK-10), a lone kichwa sown towards the back row leaving the front
 * row empty (BK-10), and with `nyumbaTax: only-if-no-other` a functional nyumba
 * that is not the only occupied front pit (BK-11). Mtaji phase (BK-13): any pit
 * of two or more that is not a capturing start (more than 15 seeds never
 * captures, BK-14), restricted to front pits while one holds two or more
 * (BK-15). A blocked pit starts nothing (BK-16).
 */
export const takasaStarts: StartLister = (rules, state, side, blocked, out) => {
  let count = 0;
  const front = FRONT_START[side];
  const { occupied, twoOrMore } = frontRow(state, side);
  if (inNamua(rules, state, side)) {
    for (let pit = front; pit < front + 8; pit++) {
      const n = state[pit];
      if (n === 0 || state[facing(pit)] > 0 || pit === blocked) continue;
      if (n === 1 && twoOrMore > 0) continue; // BK-10 single seed
      if (
        rules.taxOnlyIfNoOther &&
        pit === NYUMBA[side] &&
        state[OWNED + side] !== 0 &&
        n + 1 >= 6 &&
        occupied > 1
      ) {
        continue; // BK-11 only-if-no-other
      }
      for (let dir = CW; dir <= CCW; dir++) {
        // BK-10 lone kichwa: judged right after the first sowing of n + 1 seeds.
        if (occupied === 1 && isKichwa(pit) && leavesFrontEmpty(pit, n + 1, dir as Direction)) {
          continue;
        }
        out[count++] = (pit << 3) | (dir === CW ? V_PLACE_CW : V_PLACE_CCW);
      }
    }
    return count;
  }
  const first = twoOrMore > 0 ? front : side << 4; // BK-15
  const last = twoOrMore > 0 ? front + 8 : (side << 4) + 16;
  for (let pit = first; pit < last; pit++) {
    const n = state[pit];
    if (n < 2 || pit === blocked) continue;
    for (let dir = CW; dir <= CCW; dir++) {
      if (n <= 15) {
        const p = LANDING[(dir * 32 + pit) * 16 + n]; // a capturing start is no takasa
        if (FRONT_OWNER[p] === side && state[p] > 0 && state[facing(p)] > 0) continue;
      }
      out[count++] = (pit << 3) | (dir === CW ? V_CW : V_CCW);
    }
  }
  return count;
};

/**
 * The legal starts (at least one path within BK-18) into `out`: the capturing
 * ones if there are any (BK-8), else the takasa ones. `scratch` holds the
 * candidates. Returns the count; `capturing` tells which kind they are.
 */
export function legalStarts(
  runner: TurnRunner,
  rules: StartRules,
  state: Uint8Array,
  side: 0 | 1,
  blocked: number,
  out: Int32Array,
  scratch: Int32Array,
): number {
  let count = 0;
  let n = captureStarts(rules, state, side, blocked, scratch);
  for (let i = 0; i < n; i++) {
    if (runner.hasPath(state, side, blocked, scratch[i])) out[count++] = scratch[i];
  }
  if (count > 0) return count;
  n = takasaStarts(rules, state, side, blocked, scratch);
  for (let i = 0; i < n; i++) {
    if (runner.hasPath(state, side, blocked, scratch[i])) out[count++] = scratch[i];
  }
  return count;
}

/** Whether the side has any legal start (BK-17). */
export function hasLegalStart(
  runner: TurnRunner,
  rules: StartRules,
  state: Uint8Array,
  side: 0 | 1,
  blocked: number,
  scratch: Int32Array,
): boolean {
  let n = captureStarts(rules, state, side, blocked, scratch);
  for (let i = 0; i < n; i++) if (runner.hasPath(state, side, blocked, scratch[i])) return true;
  n = takasaStarts(rules, state, side, blocked, scratch);
  for (let i = 0; i < n; i++) if (runner.hasPath(state, side, blocked, scratch[i])) return true;
  return false;
}

/** Whether the side has a legal capturing start, any block ignored (BK-8, BK-16). */
export function canCapture(
  runner: TurnRunner,
  rules: StartRules,
  state: Uint8Array,
  side: 0 | 1,
  scratch: Int32Array,
): boolean {
  const n = captureStarts(rules, state, side, -1, scratch);
  for (let i = 0; i < n; i++) if (runner.hasPath(state, side, -1, scratch[i])) return true;
  return false;
}

/**
 * BK-16 takasia, judged on the state after a mtaji-phase takasa turn of
 * `mover` (the caller checks that much): if the opponent has no legal capture
 * and every legal capturing start of the mover (blocks ignored) takes the same
 * opponent pit, that pit is blocked for the opponent's next turn — unless it is
 * the opponent's functional nyumba, their only occupied front pit, their only
 * front pit with two or more seeds, or holds a single seed. Returns the pit or -1.
 */
export function blockAfter(
  runner: TurnRunner,
  rules: StartRules,
  state: Uint8Array,
  mover: 0 | 1,
  scratch: Int32Array,
): number {
  const opponent = (mover ^ 1) as 0 | 1;
  if (canCapture(runner, rules, state, opponent, scratch)) return -1;
  const n = captureStarts(rules, state, mover, -1, scratch);
  let target = -1;
  for (let i = 0; i < n; i++) {
    const start = scratch[i];
    if (!runner.hasPath(state, mover, -1, start)) continue;
    const t = targetOf(state, start);
    if (target < 0) target = t;
    else if (t !== target) return -1;
  }
  if (target < 0) return -1;
  const seeds = state[target];
  if (seeds === 1) return -1;
  if (rules.nyumba && target === NYUMBA[opponent] && state[OWNED + opponent] !== 0 && seeds >= 6) {
    return -1;
  }
  const { occupied, twoOrMore } = frontRow(state, opponent);
  if (occupied === 1 || twoOrMore === 1) return -1;
  return target;
}
