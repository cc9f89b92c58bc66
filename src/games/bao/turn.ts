/**
 * One Bao turn, seed by seed: the engine's hot loop (bao-kiswahili.md,
 * BK-4 … BK-7, BK-9, BK-11, BK-12, BK-13, BK-14, BK-16, BK-18).
 *
 * The whole game state a turn touches lives in one `Uint8Array(36)`: the 32
 * pits (A1…D8), each player's hand (reserve) at 32/33 and whether each still
 * owns their nyumba at 34/35. A `TurnRunner` (on the shared `PathRunner`,
 * ../fourrow/runner.ts) plays a start on a copy of it and allocates nothing per
 * seed. The only choice inside a turn is the safari at a functional nyumba
 * (BK-12); `forEachPath` walks the choices depth first (stop `.` before safari
 * `s`, the sorted order), and can stop at any time.
 *
 * What BK-18 counts as a stage: one sowing — the sowing after the first lift
 * (mtaji phase) or after the placement's lift (namua takasa, taxed or not), the
 * sowing of each capture's seeds from a kichwa (in a namua capture turn that is
 * the first stage), each relay and each safari. So the stages of a turn are
 * exactly its `lift` plus `capture` steps in the trace; a namua placement is
 * not a stage.
 */
import { CW, CCW, FRONT_OWNER, facing, type Direction } from "../fourrow/geometry.js";
import { NYUMBA, beforeKichwa, KIMBI_DIR } from "./geometry.js";
import {
  CYCLE_WATCH_FROM,
  TRACE_STAGES,
  CHOICE,
  END,
  OVERFLOW,
  PathRunner,
  type Stop,
} from "../fourrow/runner.js";
import { OP_CAPTURE, OP_LIFT, OP_PLACE } from "../fourrow/trace.js";
import type { BaoPosition } from "./position.js";

export { CHOICE, END, OVERFLOW, type Stop } from "../fourrow/runner.js";

/** Layout of the turn state (`STATE_SIZE` bytes). */
export const HAND = 32; // HAND + side: seeds in the side's reserve
export const OWNED = 34; // OWNED + side: 1 while the side owns its nyumba
export const STATE_SIZE = 36;

/** Choice codes, in sorted order of their notation characters. */
export const STOP = 0; // `.` stay in the nyumba
export const SAFARI = 1; // `s` go on safari
export const CHOICE_CHARS = ".s";

/**
 * How a turn starts; a start is `pit << 3 | variant`. In notation order of the
 * suffix after the pit name.
 */
export const V_CW = 0; // `+`  mtaji phase: lift and sow clockwise (BK-13)
export const V_CCW = 1; // `-`  mtaji phase: counter-clockwise
export const V_CAPTURE = 2; // `*`  namua: place on a capture spot in a kimbi (BK-9, BK-5)
export const V_CAPTURE_L = 3; // `*L` namua capture, captured seeds from the left kichwa
export const V_CAPTURE_R = 4; // `*R` namua capture, from the right kichwa
export const V_PLACE_CW = 5; // `*+` namua takasa placement, sow clockwise
export const V_PLACE_CCW = 6; // `*-` namua takasa placement, counter-clockwise
export const VARIANT_SUFFIX = ["+", "-", "*", "*L", "*R", "*+", "*-"] as const;

export interface TurnRules {
  /** Bao la kiswahili: the nyumba rules (BK-11, BK-12). */
  readonly nyumba: boolean;
  /** BK-12 option `safari: choice`. */
  readonly safariChoice: boolean;
  /** BK-18 (option `maxStages`). */
  readonly maxStages: number;
}

/** The turn state of a position: its pits, hands and nyumba ownership, into `out`. */
export function loadState(
  position: BaoPosition,
  out: Uint8Array = new Uint8Array(STATE_SIZE),
): Uint8Array {
  out.set(position.pits);
  out[HAND] = position.hand.S;
  out[HAND + 1] = position.hand.N;
  out[OWNED] = position.nyumba.S ? 1 : 0;
  out[OWNED + 1] = position.nyumba.N ? 1 : 0;
  return out;
}

export class TurnRunner extends PathRunner {
  side: 0 | 1 = 0;
  /** BK-16: the mover's blocked pit (a relay ending there stops), or -1. */
  blocked = -1;
  /** The turn's type, fixed by its first sowing or placement: mtaji (capturing) or takasa. */
  mtaji = false;

  /** `board` is the whole turn state (STATE_SIZE bytes): pits, hands, nyumba ownership. */
  /** `recordStages`: see TRACE_STAGES (../fourrow/runner.ts); lower only in tests. */
  constructor(
    readonly rules: TurnRules,
    recordTrace: boolean,
    recordStages = TRACE_STAGES,
  ) {
    super(STATE_SIZE, recordTrace, recordStages);
  }

  /**
   * Plays the start up to the end of its first sowing (the caller checked that
   * the start is allowed). Sets `mtaji` for the turn.
   */
  begin(from: Uint8Array, side: 0 | 1, blocked: number, start: number): void {
    const b = this.board;
    for (let i = 0; i < STATE_SIZE; i++) b[i] = from[i]; // faster than set() for 36 bytes
    this.side = side;
    this.blocked = blocked;
    this.stage = 1;
    this.choiceCount = 0;
    this.cycled = false;
    if (this.trace !== null) this.trace.length = 0;
    const pit = start >> 3;
    const variant = start & 7;
    if (variant >= V_CAPTURE) {
      this.place(pit, variant);
      this.markOrigin();
      return;
    }
    // BK-13: lift every seed of an own pit and sow.
    this.dir = variant === V_CW ? CW : CCW;
    const n = b[pit];
    b[pit] = 0;
    if (pit === NYUMBA[side]) b[OWNED + side] = 0; // sown whole (BK-12)
    this.rec?.push(OP_LIFT, pit, n);
    this.sow(pit, n);
    // BK-14: a capture spot at the end of the first sowing makes a mtaji turn,
    // unless the start pit held more than 15 seeds.
    const p = this.last;
    this.mtaji = n <= 15 && FRONT_OWNER[p] === side && b[p] >= 2 && b[facing(p)] > 0;
    this.markOrigin();
  }

  /** BK-9: one seed from the reserve into an occupied front pit, then its capture or takasa sowing. */
  private place(pit: number, variant: number): void {
    const b = this.board;
    const side = this.side;
    b[HAND + side]--;
    b[pit]++;
    this.rec?.push(OP_PLACE, pit, 0);
    if (variant <= V_CAPTURE_R) {
      // On a capture spot: a mtaji turn, capture at once (BK-4). BK-5: from a
      // kimbi the nearest kichwa, else the kichwa the player chose.
      this.mtaji = true;
      const kimbi = KIMBI_DIR[pit];
      this.capture(pit, kimbi >= 0 ? (kimbi as Direction) : variant === V_CAPTURE_L ? CW : CCW);
      return;
    }
    // Takasa: lift the pit and sow (BK-9); from the functional nyumba only two seeds (BK-11).
    this.mtaji = false;
    this.dir = variant === V_PLACE_CW ? CW : CCW;
    let n = b[pit];
    if (this.rules.nyumba && pit === NYUMBA[side] && b[OWNED + side] !== 0) {
      if (n >= 6) n = 2;
      else b[OWNED + side] = 0; // sown whole: ownership ends (BK-12)
    }
    b[pit] -= n;
    this.rec?.push(OP_LIFT, pit, n);
    this.sow(pit, n);
  }

  /**
   * BK-4: take every seed of the opponent's front pit facing `spot` (ending the
   * opponent's nyumba ownership if it is theirs, BK-12); BK-5: sow them starting
   * in the kichwa of direction `dir`, which becomes the current direction.
   */
  private capture(spot: number, dir: Direction): void {
    const b = this.board;
    const victim = facing(spot);
    const n = b[victim];
    const opponent = this.side ^ 1;
    b[victim] = 0;
    if (victim === NYUMBA[opponent]) b[OWNED + opponent] = 0;
    this.rec?.push(OP_CAPTURE, victim, n);
    this.dir = dir;
    this.sow(beforeKichwa(this.side, dir), n);
  }

  /**
   * BK-6 / BK-7 at the end of each sowing: capture again (mtaji turns), relay,
   * stop in the functional nyumba, or end — until the turn ends, exceeds the
   * stage limit, or reaches a safari the player must decide.
   */
  settle(): Stop {
    const b = this.board;
    const side = this.side;
    const nyumba = this.rules.nyumba ? NYUMBA[side] : -1;
    const max = this.rules.maxStages;
    this.cycle.reset();
    for (;;) {
      const p = this.last;
      if (this.stage >= CYCLE_WATCH_FROM && this.cycle.repeats(b, (p << 1) | this.dir)) {
        this.cycled = true;
        return OVERFLOW;
      }
      const own = b[p];
      // An empty pit before the last seed: the turn ends (BK-6, BK-7).
      if (own < 2) return END;
      // BK-6: a capture spot in a mtaji turn. BK-5: from a kimbi the nearest
      // kichwa (maybe reversing), otherwise the one continuing the direction.
      if (this.mtaji && FRONT_OWNER[p] === side && b[facing(p)] > 0) {
        if (this.stage >= max) return OVERFLOW;
        this.stage++;
        const kimbi = KIMBI_DIR[p];
        this.capture(p, kimbi >= 0 ? (kimbi as Direction) : this.dir);
        continue;
      }
      // BK-16 takasia: a relay ending in the blocked pit stops.
      if (p === this.blocked) return END;
      // BK-12: the functional nyumba (owned, 6 or more with the seed just sown).
      if (p === nyumba && b[OWNED + side] !== 0 && own >= 6) {
        if (!this.mtaji) return END; // BK-7: a takasa sowing ending there ends the turn
        if (this.rules.safariChoice) return CHOICE;
        // safari: mandatory — sown on as a relay below, ending ownership.
      }
      if (!this.relay()) return OVERFLOW;
    }
  }

  /** Relay (or safari): lift the landing pit and sow on. False if BK-18 refuses the stage. */
  private relay(): boolean {
    if (this.stage >= this.rules.maxStages) return false;
    this.stage++;
    const b = this.board;
    const p = this.last;
    const n = b[p];
    b[p] = 0;
    if (p === NYUMBA[this.side]) b[OWNED + this.side] = 0; // sown whole (BK-12)
    this.rec?.push(OP_LIFT, p, n);
    this.sow(p, n);
    return true;
  }

  /** Plays a choice at a safari `settle` returned, and settles on. */
  choose(choice: number): Stop {
    this.recordChoice(choice);
    if (choice === STOP) return END;
    return this.relay() ? this.settle() : OVERFLOW;
  }

  protected follow(choice: number): Stop {
    return this.choose(choice);
  }

  /**
   * Walks every legal path of one start in sorted order, calling `visit` at the
   * end of each (this runner's `board`, `choices` and `trace` then describe
   * that move). Paths refused by BK-18 are skipped. `visit` returns false to
   * stop; `forEachPath` then returns false.
   */
  forEachPath(
    from: Uint8Array,
    side: 0 | 1,
    blocked: number,
    start: number,
    visit: (runner: TurnRunner) => boolean,
  ): boolean {
    this.begin(from, side, blocked, start);
    return this.walkPaths(this.settle(), visit);
  }

  /** Whether the start has at least one legal path (stops at the first). */
  hasPath(from: Uint8Array, side: 0 | 1, blocked: number, start: number): boolean {
    this.begin(from, side, blocked, start);
    return this.hasPathFrom(this.settle());
  }

  /** The number of legal paths of the start (its moves). */
  countPaths(from: Uint8Array, side: 0 | 1, blocked: number, start: number): number {
    this.begin(from, side, blocked, start);
    return this.countPathsFrom(this.settle());
  }
}
