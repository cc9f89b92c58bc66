/**
 * Why a Bao start or move is not legal, as typed values (`Fault`): the checks
 * behind `apply`'s refusals and `refusal`, one rule each, in the order a
 * player meets them — the phase (BK-2, BK-9, BK-13), the pit (BK-9, BK-13,
 * BK-16), how a namua placement is written (BK-9, BK-5), the start among the
 * others (BK-8; takasa restrictions BK-10, BK-11, BK-15) and the turn played
 * out with its choices (BK-18, BK-12). Messages cite the rule at their end.
 */
import type { Refusal, RefusalReason } from "../core/rules.js";
import {
  FRONT_OWNER,
  PIT_NAMES,
  SIDE_NAMES,
  facing,
  pitIndex,
  sideIndex,
} from "../fourrow/geometry.js";
import { NYUMBA, isKichwa, isKimbi } from "./geometry.js";
import type { BaoMove } from "./notation.js";
import { startToken } from "./notation.js";
import type { BaoPosition } from "./position.js";
import {
  MAX_STARTS,
  captureStarts,
  frontRow,
  inNamua,
  takasaStarts,
  type StartRules,
} from "./starts.js";
import {
  CHOICE,
  END,
  HAND,
  OVERFLOW,
  OWNED,
  SAFARI,
  STOP,
  TurnRunner,
  V_CAPTURE,
  V_CAPTURE_R,
  loadState,
} from "./turn.js";
import type { BaoVariant } from "./variants.js";

export interface Fault extends Refusal {
  /**
   * `rule`: a rule refuses it; `notation`: only how the move is written is
   * wrong (`B4*` where `B4*L` is meant); `unexplained`: no rule names it
   * (the message then cites none).
   */
  readonly kind: "rule" | "notation" | "unexplained";
}

function fault(
  reason: RefusalReason,
  rule: string,
  message: string,
  kind: Fault["kind"] = "rule",
): Fault {
  return { reason, rule, message: `${message} (${rule})`, kind };
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What every check of one position reads. */
export interface Judge {
  readonly variant: BaoVariant;
  readonly rules: StartRules;
  /** The position's turn state (turn.ts). */
  readonly state: Uint8Array;
  readonly side: 0 | 1;
  /** "South" or "North". */
  readonly who: string;
  /** BK-16: the blocked pit, or -1. */
  readonly blocked: number;
  /** BK-9: the side to move still has seeds in hand. */
  readonly namua: boolean;
}

export function judgeOf(variant: BaoVariant, rules: StartRules, position: BaoPosition): Judge {
  const state = loadState(position);
  const side = sideIndex(position.toMove);
  return {
    variant,
    rules,
    state,
    side,
    who: SIDE_NAMES[position.toMove],
    blocked: position.blocked === null ? -1 : pitIndex(position.blocked),
    namua: inNamua(rules, state, side),
  };
}

/** BK-2, BK-9, BK-13: a placement where the phase wants a lift, or the other way round. */
export function phaseFault(j: Judge, pit: number, placing: boolean, text: string): Fault | null {
  const name = PIT_NAMES[pit] as string;
  if (placing && !j.variant.kiswahili) {
    return fault(
      "placement",
      "BK-2",
      `${text} places a seed from the hand, but bao-kujifunza has no seeds in hand and no namua phase; lift a pit instead (${name}+ or ${name}-)`,
    );
  }
  if (j.namua && !placing) {
    return fault(
      "other",
      "BK-9",
      `${j.who} still has ${plural(j.state[HAND + j.side], "seed")} in hand (namua): a turn starts by placing one into an occupied front pit, written ${name}*, ${name}*L/R or ${name}*+/-`,
    );
  }
  if (!j.namua && placing) {
    return fault(
      "placement",
      "BK-13",
      `${j.who} has no seeds in hand (mtaji phase): a turn starts by lifting a pit of two or more, written ${name}+ or ${name}-`,
    );
  }
  return null;
}

/** BK-9 (namua: an occupied own front pit), BK-13 (an own pit of two or more), BK-16 (not blocked). */
export function pitFault(j: Judge, pit: number): Fault | null {
  const name = PIT_NAMES[pit] as string;
  const seeds = j.state[pit];
  if (j.namua) {
    if (FRONT_OWNER[pit] !== j.side) {
      const row = j.side === 0 ? "B1…B8" : "C1…C8";
      return fault(
        "placement",
        "BK-9",
        `${name} is not ${j.who}'s front pit; the seed goes into ${row}`,
      );
    }
    if (seeds === 0) {
      return fault(
        "placement",
        "BK-9",
        `${name} is empty; the seed goes into an occupied front pit`,
      );
    }
  } else {
    if (pit >> 4 !== j.side) return fault("not-own", "BK-13", `${name} is not ${j.who}'s pit`);
    if (seeds < 2) {
      return fault(
        "too-few",
        "BK-13",
        `${name} holds ${plural(seeds, "seed")}; a turn starts from a pit with two or more`,
      );
    }
  }
  if (pit === j.blocked) {
    return fault(
      j.namua ? "placement" : "other",
      "BK-16",
      `${name} is blocked this turn (takasia): it may not start ${j.who}'s turn`,
    );
  }
  return null;
}

/** BK-9, BK-5: a namua placement written as a capture where it is a takasa, or with the wrong kichwa choice. */
export function notationFault(j: Judge, pit: number, variant: number): Fault | null {
  if (!j.namua) return null;
  const name = PIT_NAMES[pit] as string;
  const victim = facing(pit);
  const spot = j.state[victim] > 0;
  const capturing = variant <= V_CAPTURE_R;
  if (spot && !capturing) {
    return fault(
      "other",
      "BK-9",
      `a seed placed in ${name} lands on a capture spot (${PIT_NAMES[victim]} holds ${j.state[victim]}), so it captures: write ${isKimbi(pit) ? `${name}*` : `${name}*L or ${name}*R`}`,
      "notation",
    );
  }
  if (!spot && capturing) {
    return fault(
      "other",
      "BK-9",
      `${PIT_NAMES[victim]} is empty, so ${name} is no capture spot: the placement is a takasa, written ${name}*+ or ${name}*-`,
      "notation",
    );
  }
  if (capturing && isKimbi(pit) && variant !== V_CAPTURE) {
    return fault(
      "other",
      "BK-5",
      `${name} is a kimbi: the captured seeds go to its nearest kichwa, so there is no choice; write ${name}*`,
      "notation",
    );
  }
  if (capturing && !isKimbi(pit) && variant === V_CAPTURE) {
    return fault(
      "other",
      "BK-5",
      `the first capture of a namua turn from ${name} (not a kimbi) needs a kichwa: write ${name}*L or ${name}*R`,
      "notation",
    );
  }
  return null;
}

function listed(list: Int32Array, count: number, start: number): boolean {
  for (let i = 0; i < count; i++) if (list[i] === start) return true;
  return false;
}

/**
 * BK-8, then the takasa restrictions: why a start that passed the phase and
 * pit checks is not among the starts the player may choose, or null when it is.
 */
export function startFault(j: Judge, start: number, text: string): Fault | null {
  const { rules, state, side, blocked } = j;
  const candidates = new Int32Array(MAX_STARTS);
  const nCaptures = captureStarts(rules, state, side, blocked, candidates);
  if (listed(candidates, nCaptures, start)) return null;
  const probe = new TurnRunner(rules, false);
  for (let i = 0; i < nCaptures; i++) {
    if (probe.hasPath(state, side, blocked, candidates[i])) {
      return fault(
        "capture-required",
        "BK-8",
        `${text} captures nothing, but a capture is possible (${startToken(candidates[i])}) and captures are compulsory`,
      );
    }
  }
  const nTakasa = takasaStarts(rules, state, side, blocked, candidates);
  if (listed(candidates, nTakasa, start)) return null;
  return takasaFault(j, start >> 3, text);
}

/** Which takasa restriction (BK-10, BK-11, BK-15) refuses a start that is not among the takasa starts. */
function takasaFault(j: Judge, pit: number, text: string): Fault {
  const { rules, state, side } = j;
  const name = PIT_NAMES[pit] as string;
  const { occupied, twoOrMore } = frontRow(state, side);
  if (j.namua) {
    if (state[pit] === 1 && twoOrMore > 0) {
      return fault(
        "placement",
        "BK-10",
        `${name} holds a single seed; a namua takasa may start there only when no front pit holds two or more`,
      );
    }
    if (
      rules.taxOnlyIfNoOther &&
      pit === NYUMBA[side] &&
      state[OWNED + side] !== 0 &&
      state[pit] + 1 >= 6 &&
      occupied > 1
    ) {
      return fault(
        "placement",
        "BK-11",
        `${name} is the functional nyumba; with nyumbaTax "only-if-no-other" it may start a namua takasa only when it is the only occupied front pit`,
      );
    }
    if (occupied === 1 && isKichwa(pit)) {
      return fault(
        "placement",
        "BK-10",
        `${name} is the lone kichwa; sown towards the back row it would leave the front row empty`,
      );
    }
  } else if (twoOrMore > 0 && FRONT_OWNER[pit] !== side) {
    return fault(
      "other",
      "BK-15",
      `${text} makes a takasa turn from a back pit, but a front pit holds two or more seeds; a takasa starts there`,
    );
  }
  return unexplained(j, text);
}

/** No rule names why: `apply` says only that the move is not legal here. */
function unexplained(j: Judge, text: string): Fault {
  return {
    reason: "other",
    rule: j.namua ? "BK-9" : "BK-13",
    message: `${text} is not a legal move here`,
    kind: "unexplained",
  };
}

/** An allowed start played with the move's choices: BK-18 (too long) or BK-12 (safari choices), else null. */
export function runFault(j: Judge, move: BaoMove, start: number, text: string): Fault | null {
  const runner = new TurnRunner(j.rules, false);
  runner.begin(j.state, j.side, j.blocked, start);
  let used = 0;
  let stop = runner.settle();
  while (stop !== END) {
    if (stop === OVERFLOW) {
      const why = runner.cycled
        ? "never ends: its sowings repeat in a cycle"
        : `would need more than ${j.rules.maxStages} sowings`;
      return fault("stage-limit", "BK-18", `${text} ${why}, so it is not a legal turn`);
    }
    if (stop === CHOICE && used >= move.choices.length) {
      return fault(
        "other",
        "BK-12",
        `${text} ends a sowing in ${j.who}'s functional nyumba (${PIT_NAMES[runner.last]}); add /s to go on safari or /. to stop there`,
      );
    }
    stop = runner.choose(move.choices[used++] === SAFARI ? SAFARI : STOP);
  }
  if (used < move.choices.length) {
    const why = j.rules.safariChoice
      ? `that turn meets only ${used} safari choice${used === 1 ? "" : "s"}`
      : "the safari is mandatory here (option safari), so there is no choice to write";
    return fault(
      "other",
      "BK-12",
      `${text} names ${move.choices.length} safari choices, but ${why}`,
    );
  }
  return null;
}

/** Why a well-formed move is not legal (the first check that refuses it), or an unexplained fault. */
export function moveFault(j: Judge, move: BaoMove, text: string): Fault {
  const placing = move.variant >= V_CAPTURE;
  const start = (move.pit << 3) | move.variant;
  return (
    phaseFault(j, move.pit, placing, text) ??
    pitFault(j, move.pit) ??
    notationFault(j, move.pit, move.variant) ??
    startFault(j, start, text) ??
    runFault(j, move, start, text) ??
    unexplained(j, text)
  );
}
