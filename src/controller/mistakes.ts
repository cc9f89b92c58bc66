/**
 * Mistakes and sensor faults: what went wrong at the first settled reading
 * no legal continuation explains, in words a player can act on, citing the rule.
 *
 * Sensor sanity comes first: a pit the board cannot read, or more stones on
 * the board than the game has (no hand can add stones), is a *sensor fault*,
 * never a player's mistake.
 *
 * Otherwise the reading is compared with the nearest point of the legal
 * continuations (fewest stones different, then the earliest), and the
 * difference is read as one physical act:
 *
 * | kind | rule | message (example) |
 * |---|---|---|
 * | `out-of-turn` | TURN | `South's turn, but C5 changed` |
 * | `single-stone-start` | CORE-4 | `B2 holds one stone; a turn starts from two or more (CORE-4)` |
 * | `refused-start` | CORE-5 (or the engine's rule) | `B3 cannot start a turn: B3+ would need more than 200 stages, so it is not a legal turn (CORE-5)` |
 * | `several-lifts` | CORE-1 | `B2 and B3 were both lifted; a turn starts from one pit (CORE-1)` |
 * | `wrong-pit` | CORE-1 | `stone dropped in B6; the next stone belongs in B5 (CORE-1)` |
 * | `skipped-pit` | CORE-1 | `stone dropped in B6, skipping B5; the next stone belongs in B5 (CORE-1)` |
 * | `several-stones` | CORE-1 | `2 stones dropped in B5; one stone per pit, the next belongs in B5 (CORE-1)` |
 * | `several-stones` | BK-9 (Bao) | `2 stones placed in B5; a turn places one (BK-9)` |
 * | `wrong-direction` | CORE-2 | `stone dropped in B3, against the direction of this turn; the next stone belongs in B5 (CORE-2)` |
 * | `wrong-direction` | HB-3 / HUS-2 / BDE-2 | first drop against a fixed direction |
 * | `capture-not-taken` | HB-4/5/6, HUS-3, BDE-3 | `the last stone fell in B4 and C4 holds 3 stones: take them before sowing on (HB-4)` |
 * | `no-capture` | the capture rule | `stones taken from C4, but no capture applies here (HB-4); lift B4 and sow on` |
 * | `wrong-capture` | the capture rule | `stones taken from C3; the capture is from C4 (HB-4)` |
 * | `wrong-lift` | CORE-3 / CORE-1 | `B7 lifted; the last stone fell in B4, so B4 is lifted and sown on (CORE-3)` |
 * | `wrong-placement` | the engine's rule (BK-9, BK-8, BK-16) | `a seed placed in B1: B1 is empty; the seed goes into an occupied front pit (BK-9)` |
 * | `capture-not-taken` | BK-6 (Bao) | `B6 lifted; the last seed fell on a capture spot: capture C6 first (BK-6)` |
 * | `wrong-kichwa` | BK-5 (Bao) | `captured seeds sown from B1; they go into B8 first (BK-5)` |
 * | `unexpected` | CORE-1 | anything else: the pits that differ |
 *
 * TURN is the controller's id for "only the player to move touches the
 * board"; the rules files have no number for it.
 *
 * Rule ids of the game: a refused start or placement cites the engine's own
 * answer (Bao: BK-8 for a compulsory capture not taken, BK-9 for a placement,
 * BK-18 for the stage limit); stones captured into the hand and sown from the
 * wrong pit cite `CAPTURED_SOWING_RULE` (Bao's BK-5).
 */
import type { Game, Position, Side } from "../games/index.js";
import { opponentOf, sideName, type BoardKnowledge } from "./knowledge.js";
import {
  OP_CAPTURE,
  OP_LIFT,
  OP_PLACE,
  OP_SOW,
  movesBelow,
  pathSteps,
  type Step,
  type TrieNode,
} from "./trie.js";
import { DEEP_LOOKAHEAD, explore, nextSteps, pickUpGroups, type TurnTracker } from "./tracking.js";

export type MistakeKind =
  | "out-of-turn"
  | "single-stone-start"
  | "refused-start"
  | "several-lifts"
  | "wrong-pit"
  | "skipped-pit"
  | "several-stones"
  | "wrong-direction"
  | "capture-not-taken"
  | "no-capture"
  | "wrong-capture"
  | "wrong-lift"
  | "wrong-placement"
  | "wrong-kichwa"
  | "unexpected";

export interface Mistake {
  readonly kind: MistakeKind;
  /** The rule id cited (`CORE-1`, `HB-4`, … or `TURN`). */
  readonly rule: string;
  readonly message: string;
  /** Who erred: the player to move, or (out of turn) the other player. */
  readonly side: Side;
  /** Pits where the reading differs from the nearest legal point. */
  readonly pits: readonly string[];
  /** Where the next stone (or hand) belonged. */
  readonly expected: readonly string[];
}

/** The point of the legal continuations nearest to a wrong reading. */
export interface Reference<P extends Position = Position> {
  readonly node: TrieNode<P>;
  readonly offset: number;
  readonly board: Int16Array;
}

export interface SensorFault {
  readonly kind: "unreadable" | "too-many-stones";
  readonly pits: readonly string[];
  readonly message: string;
}

/** Sensor sanity of one reading (counts may be null for a pit the board cannot read). */
export function checkSensors(
  counts: readonly (number | null)[],
  pits: readonly string[],
  maxTotal: number,
): SensorFault | null {
  const bad = pits.filter((_, i) => counts[i] === null || counts[i] === undefined);
  if (bad.length > 0 || counts.length !== pits.length) {
    return {
      kind: "unreadable",
      pits: bad,
      message: `the sensor of ${bad.length > 0 ? bad.join(", ") : "some pits"} cannot be read`,
    };
  }
  let total = 0;
  for (const c of counts) total += c as number;
  if (total > maxTotal) {
    return {
      kind: "too-many-stones",
      pits: [],
      message: `the board reads ${total} stones, but the game has ${maxTotal}: no hand adds stones (sensor fault)`,
    };
  }
  return null;
}

// ------------------------------------------------------------------ rule ids the game names

/** The rule an option belongs to (`direction` → HB-3 …), from the game's option specs. */
export function optionRule(game: Game, option: string): string | null {
  return game.optionSpecs.find((s) => s.name === option)?.rule ?? null;
}

/** The game's capture rule: the `capture` option's rule, else the engine's answer to a declined capture. */
export function captureRule<P extends Position>(game: Game<P>, position: P, move: string): string {
  const fromOption = optionRule(game, "capture");
  if (fromOption !== null) return fromOption;
  const probe = game.apply(position, `${move}/.`);
  if (!probe.ok && probe.error.rule !== undefined) return probe.error.rule;
  return "CORE-3";
}

/** The rule of the stage limit: the `maxStages` option's (Bao: BK-18), else CORE-5. */
function stageRule(game: Game): string {
  return optionRule(game, "maxStages") ?? "CORE-5";
}

/**
 * Several stones put from the reserve into one pit where a turn places one:
 * the rule naming the placement, per game (the engine cannot be asked: two
 * seeds at once have no notation).
 */
export const PLACEMENT_RULE: Readonly<Record<string, string>> = {
  "bao-kiswahili": "BK-9",
};

/**
 * A sowing that ends on a capture spot inside a turn must capture again: the
 * rule, per game, where a capture has no lift of the landing pit to miss
 * (Bao; the four-row games name their capture rule through the engine).
 */
export const CAPTURE_AGAIN_RULE: Readonly<Record<string, string>> = {
  "bao-kiswahili": "BK-6",
  "bao-kujifunza": "BK-6",
};

/**
 * Captured stones taken into the hand are sown from the wrong pit: the rule
 * naming where they go, per game (the engine cannot be asked: a wrong kichwa
 * has no notation).
 */
export const CAPTURED_SOWING_RULE: Readonly<Record<string, string>> = {
  "bao-kiswahili": "BK-5",
  "bao-kujifunza": "BK-5",
};

/** Why a pit cannot start a turn, in the engine's words (both directions tried). */
export function explainStart<P extends Position>(
  game: Game<P>,
  position: P,
  pit: string,
): { rule: string; message: string } {
  const errors = ["+", "-"].flatMap((d) => {
    const r = game.apply(position, `${pit}${d}`);
    return r.ok ? [] : [r.error];
  });
  const stages = stageRule(game);
  const stage = errors.find((e) => e.rule === "CORE-5" || e.rule === stages);
  if (stage !== undefined)
    return { rule: stage.rule ?? stages, message: `${pit} cannot start a turn: ${stage.message}` };
  // A rule the engine names for both directions (Bao: BK-8, a compulsory capture not taken).
  const named = errors.filter((e) => e.rule !== undefined);
  const agreed = named[0];
  if (
    agreed !== undefined &&
    named.length === errors.length &&
    named.every((e) => e.rule === agreed.rule)
  ) {
    return {
      rule: agreed.rule ?? stages,
      message: `${pit} cannot start a turn: ${agreed.message}`,
    };
  }
  const limit = position.options["maxStages"];
  if (typeof limit === "number") {
    return {
      rule: stages,
      message: `${pit} cannot start a turn: every way of sowing it would need more than ${limit} stages (${stages})`,
    };
  }
  const first = errors[0];
  if (first !== undefined) {
    return {
      rule: first.rule ?? "CORE-4",
      message: `${pit} cannot start a turn: ${first.message}`,
    };
  }
  return { rule: "CORE-4", message: `${pit} cannot start a turn now (CORE-4)` };
}

/** Placement tokens tried to ask the engine why a placement is wrong (Bao: takasa, then capture). */
const PLACEMENT_TOKENS = ["*+", "*-", "*", "*L", "*R"] as const;

/**
 * Why a seed placed from the reserve into `pit` starts no legal turn, in the
 * engine's words; answers that only correct the notation ("write B3*L") come last.
 */
export function explainPlacement<P extends Position>(
  game: Game<P>,
  position: P,
  pit: string,
): { rule: string; message: string } | null {
  const errors = PLACEMENT_TOKENS.flatMap((t) => {
    const r = game.apply(position, `${pit}${t}`);
    return r.ok || r.error.rule === undefined ? [] : [r.error];
  });
  const notation = (m: string) => /\bwrit(e|ten)\b/.test(m);
  const best = errors.find((e) => !notation(e.message)) ?? errors[0];
  if (best === undefined) return null;
  return { rule: best.rule as string, message: best.message };
}

// ------------------------------------------------------------------ classification

/**
 * The nearest legal point to a reading: fewest stones different, then fewest
 * steps in. It looks as deep as the tracker does before calling a mistake
 * (fast hands: the wrong stone may fall long after the last settled reading),
 * so the mistake is named where it happened, not at the turn's start.
 */
export function nearestPoint<P extends Position>(
  t: TurnTracker<P>,
  reading: ArrayLike<number>,
): Reference<P>[] {
  let best = Number.POSITIVE_INFINITY;
  let bestDepth = Number.POSITIVE_INFINITY;
  let out: Reference<P>[] = [];
  explore(t.cursors, reading, DEEP_LOOKAHEAD, (node, offset, board) => {
    let l1 = 0;
    for (let i = 0; i < board.length; i++)
      l1 += Math.abs((reading[i] as number) - (board[i] as number));
    const depth = node.depth + offset;
    if (l1 < best || (l1 === best && depth < bestDepth)) {
      best = l1;
      bestDepth = depth;
      out = [{ node, offset, board: board.slice() }];
    } else if (l1 === best && depth === bestDepth) {
      out.push({ node, offset, board: board.slice() });
    }
    return true;
  });
  return out;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function list(xs: readonly string[]): string {
  if (xs.length <= 1) return xs[0] ?? "";
  return `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}`;
}

/** The pit the stone before the last one fell into (or was lifted from): where a reversal lands. */
function behindPit(path: readonly Step[]): number | null {
  const seq: number[] = [];
  for (const s of path) {
    if (s.op !== OP_LIFT && s.op !== OP_SOW) continue;
    if (seq[seq.length - 1] !== s.pit) seq.push(s.pit);
  }
  return seq.length >= 2 ? (seq[seq.length - 2] as number) : null;
}

/**
 * Classifies a reading the tracker found inconsistent (call after
 * `checkSensors`). Deterministic: the same tracker and reading give the same mistake.
 */
export function classifyMistake<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
  k: BoardKnowledge,
): { mistake: Mistake; reference: Reference<P> } {
  const refs = nearestPoint(t, reading);
  const ref = refs[0] ?? { node: t.trie.root, offset: 0, board: t.before };
  const name = (i: number) => t.pits[i] as string;
  const mover = t.position.toMove;
  const other = opponentOf(k, mover) ?? "?";
  const board = ref.board;
  const D = new Int16Array(board.length);
  for (let i = 0; i < board.length; i++) D[i] = (reading[i] as number) - (board[i] as number);
  const changed: number[] = [];
  for (let i = 0; i < D.length; i++) if (D[i] !== 0) changed.push(i);
  const pits = changed.map(name);
  const depth = ref.node.depth + ref.offset;
  const hand = ref.node.hand[ref.offset] as number;
  const path = pathSteps(ref.node, ref.offset);
  const next = refs.flatMap((r) => nextSteps(r.node, r.offset));
  const nextSows = [...new Set(next.filter((s) => s.op === OP_SOW).map((s) => name(s.pit)))].sort();
  const groups = refs.flatMap((r) => pickUpGroups(r.node, r.offset));
  const captureGroups = groups.filter((g) => g.some((s) => s.op === OP_CAPTURE));
  const capturePits = new Set(
    captureGroups.flatMap((g) => g.filter((s) => s.op === OP_CAPTURE).map((s) => s.pit)),
  );
  const anyMove = movesBelow(ref.node, 1)[0]?.move ?? movesBelow(t.trie.root, 1)[0]?.move ?? "";
  const make = (
    kind: MistakeKind,
    rule: string,
    message: string,
    side: Side = mover,
    expected: readonly string[] = nextSows,
  ): { mistake: Mistake; reference: Reference<P> } => ({
    mistake: { kind, rule, message, side, pits, expected },
    reference: ref,
  });
  const owner = (i: number): Side | undefined => k.owners.get(i);
  const isForeign = (i: number) => {
    const o = owner(i);
    return o !== undefined && o !== mover;
  };
  const whatNext = (): string => {
    if (nextSows.length > 0) return `the next stone belongs in ${list(nextSows)}`;
    const lifts = [...new Set(next.filter((s) => s.op === OP_LIFT).map((s) => name(s.pit)))];
    if (lifts.length > 0 && depth > 0) return `lift ${list(lifts)} and sow on`;
    if (capturePits.size > 0) return `take the stones of ${list([...capturePits].map(name))}`;
    return "the turn goes on as the lights show";
  };

  // A. Pits of the player not to move.
  const foreignDown = changed.filter(
    (i) => isForeign(i) && (D[i] as number) < 0 && !capturePits.has(i),
  );
  const foreignUp = changed.filter((i) => isForeign(i) && (D[i] as number) > 0);
  if (foreignDown.length > 0) {
    const p = name(foreignDown[0] as number);
    if (depth > 0 && hand === 0 && capturePits.size > 0) {
      const rule = captureRule(t.game, t.position, anyMove);
      const expected = [...capturePits].map(name).sort();
      return make(
        "wrong-capture",
        rule,
        `stones taken from ${p}; the capture is from ${list(expected)} (${rule})`,
        mover,
        expected,
      );
    }
    if (depth > 0 && hand === 0) {
      const rule = captureRule(t.game, t.position, anyMove);
      return make(
        "no-capture",
        rule,
        `stones taken from ${p}, but no capture applies here (${rule}); ${whatNext()}`,
      );
    }
    return make("out-of-turn", "TURN", `${sideName(mover)}'s turn, but ${p} changed`, other);
  }
  if (foreignUp.length > 0 && hand === 0) {
    return make(
      "out-of-turn",
      "TURN",
      `${sideName(mover)}'s turn, but ${name(foreignUp[0] as number)} changed`,
      other,
    );
  }

  const down = changed.filter((i) => (D[i] as number) < 0);
  const up = changed.filter((i) => (D[i] as number) > 0);

  // B. The start of the turn.
  if (depth === 0) {
    const placing = next.some((s) => s.op === OP_PLACE);
    const ownUp = up.filter((i) => owner(i) === mover || owner(i) === undefined);
    if (placing && down.length === 0 && ownUp.length === 1 && up.length === 1) {
      const y = ownUp[0] as number;
      const placeable = next.some((s) => s.op === OP_PLACE && s.pit === y);
      if (placeable && (D[y] as number) > 1) {
        const rule = PLACEMENT_RULE[t.game.id] ?? "CORE-1";
        return make(
          "several-stones",
          rule,
          `${plural(D[y] as number, "stone")} placed in ${name(y)}; a turn places one (${rule})`,
          mover,
          [name(y)],
        );
      }
      const why = placeable ? null : explainPlacement(t.game, t.position, name(y));
      if (why !== null) {
        const legal = [
          ...new Set(next.filter((s) => s.op === OP_PLACE).map((s) => name(s.pit))),
        ].sort();
        return make(
          "wrong-placement",
          why.rule,
          `a stone placed in ${name(y)}: ${why.message}`,
          mover,
          legal,
        );
      }
    }
    if (down.length === 0) {
      const p = name((up[0] ?? 0) as number);
      return make("out-of-turn", "TURN", `${sideName(mover)}'s turn, but ${p} changed`, other);
    }
    const ownDown = down.filter((i) => owner(i) === mover || owner(i) === undefined);
    if (ownDown.length >= 2 && up.length === 0) {
      return make(
        "several-lifts",
        "CORE-1",
        `${ownDown.map(name).join(" and ")} were both lifted; a turn starts from one pit (CORE-1)`,
      );
    }
    // The start pit: the pit that lost most.
    let start = down[0] as number;
    for (const i of down) if ((D[i] as number) < (D[start] as number)) start = i;
    const had = t.before[start] as number;
    if (had === 1) {
      return make(
        "single-stone-start",
        "CORE-4",
        `${name(start)} holds one stone; a turn starts from two or more (CORE-4)`,
        mover,
        [],
      );
    }
    const legalStart = next.some((s) => s.pit === start && s.op === OP_LIFT);
    if (!legalStart) {
      const why = explainStart(t.game, t.position, name(start));
      return make("refused-start", why.rule, why.message, mover, []);
    }
  }

  // C. Inside the turn.
  // A handful from the reserve: the stone just placed came with more.
  const placed = path[path.length - 1];
  if (placed?.op === OP_PLACE && down.length === 0 && up.length === 1 && up[0] === placed.pit) {
    const rule = PLACEMENT_RULE[t.game.id] ?? "CORE-1";
    return make(
      "several-stones",
      rule,
      `${plural((D[placed.pit] as number) + 1, "stone")} placed in ${name(placed.pit)}; a turn places one (${rule})`,
      mover,
      [name(placed.pit)],
    );
  }
  for (const g of captureGroups) {
    const caps = g.filter((s) => s.op === OP_CAPTURE);
    const lift = g.find((s) => s.op === OP_LIFT);
    if (lift === undefined) continue;
    if (caps.every((c) => D[c.pit] === 0) && (D[lift.pit] as number) < 0) {
      const rule = captureRule(t.game, t.position, anyMove);
      const c = caps[0] as Step;
      return make(
        "capture-not-taken",
        rule,
        `the last stone fell in ${name(lift.pit)} and ${name(c.pit)} holds ${plural(board[c.pit] as number, "stone")}: take them before sowing on (${rule})`,
        mover,
        caps.map((s) => name(s.pit)),
      );
    }
  }
  const relayLifts = next.filter((s) => s.op === OP_LIFT).map((s) => s.pit);
  const wrongDown = down.filter((i) => !relayLifts.includes(i) && !capturePits.has(i));
  if (wrongDown.length > 0 && depth > 0) {
    const p = name(wrongDown[0] as number);
    if (hand > 0) {
      return make(
        "wrong-lift",
        "CORE-1",
        `${p} lifted while ${plural(hand, "stone")} ${hand === 1 ? "is" : "are"} still in hand; ${whatNext()} (CORE-1)`,
      );
    }
    const landing = relayLifts[0];
    if (landing !== undefined) {
      return make(
        "wrong-lift",
        "CORE-3",
        `${p} lifted; the last stone fell in ${name(landing)}, so ${name(landing)} is lifted and sown on (CORE-3)`,
        mover,
        [name(landing)],
      );
    }
    const againRule = CAPTURE_AGAIN_RULE[t.game.id];
    if (againRule !== undefined && capturePits.size > 0) {
      const expected = [...capturePits].map(name).sort();
      return make(
        "capture-not-taken",
        againRule,
        `${p} lifted; the last seed fell on a capture spot: capture ${list(expected)} first (${againRule})`,
        mover,
        expected,
      );
    }
    return make("wrong-lift", "CORE-3", `${p} lifted; ${whatNext()} (CORE-3)`);
  }
  if (up.length > 0 && nextSows.length > 0) {
    const wrong = up.filter((i) => !nextSows.includes(name(i)));
    if (wrong.length === 0) {
      const y = up[0] as number;
      return make(
        "several-stones",
        "CORE-1",
        `${plural(D[y] as number, "stone")} dropped in ${name(y)}; one stone per pit, the next belongs in ${list(nextSows)} (CORE-1)`,
      );
    }
    const y = wrong[0] as number;
    const lastStep = path[path.length - 1];
    const kichwaRule = CAPTURED_SOWING_RULE[t.game.id];
    if (lastStep !== undefined && lastStep.op === OP_CAPTURE && kichwaRule !== undefined) {
      return make(
        "wrong-kichwa",
        kichwaRule,
        `captured stones sown from ${name(y)}; the first goes into ${list(nextSows)} (${kichwaRule})`,
      );
    }
    if (lastStep !== undefined && lastStep.op === OP_SOW && lastStep.pit === y) {
      return make(
        "several-stones",
        "CORE-1",
        `${plural((D[y] as number) + 1, "stone")} dropped in ${name(y)}; one stone per pit, the next belongs in ${list(nextSows)} (CORE-1)`,
      );
    }
    const dropped =
      (D[y] as number) === 1
        ? `stone dropped in ${name(y)}`
        : `${plural(D[y] as number, "stone")} dropped in ${name(y)}`;
    const hasSown =
      path.some((s) => s.op === OP_SOW) || path.filter((s) => s.op === OP_LIFT).length > 1;
    const behind = behindPit(path);
    if (behind === y) {
      return make(
        "wrong-direction",
        "CORE-2",
        `${dropped}, against the direction of this turn; the next stone belongs in ${list(nextSows)} (CORE-2)`,
      );
    }
    const startLift = path[0];
    if (!hasSown && startLift !== undefined && k.successors.has(y * 1024 + startLift.pit)) {
      const rule = optionRule(t.game, "direction") ?? "CORE-2";
      const fixed = t.position.options["direction"];
      return make(
        "wrong-direction",
        rule,
        `${dropped}, against the direction of play${typeof fixed === "string" ? ` (fixed ${fixed} in this game)` : ""}; the next stone belongs in ${list(nextSows)} (${rule})`,
      );
    }
    // Skipped: the stone went where the one after next belongs.
    const skipped =
      refs.some((r) => nextAfter(r.node, r.offset).some((s) => s.op === OP_SOW && s.pit === y)) ||
      next.some((s) => s.op === OP_SOW && k.successors.has(s.pit * 1024 + y));
    if (skipped) {
      return make(
        "skipped-pit",
        "CORE-1",
        `${dropped}, skipping ${list(nextSows)}; the next stone belongs in ${list(nextSows)} (CORE-1)`,
      );
    }
    return make(
      "wrong-pit",
      "CORE-1",
      `${dropped}; the next stone belongs in ${list(nextSows)} (CORE-1)`,
    );
  }
  const shown = changed
    .slice(0, 4)
    .map((i) => `${name(i)} reads ${reading[i]}, expected ${board[i]}`)
    .join("; ");
  return make(
    "unexpected",
    "CORE-1",
    `the board does not match any legal continuation: ${shown}; ${whatNext()}`,
  );
}

/** The steps two ahead of a point (the step after each next step). */
function nextAfter<P extends Position>(node: TrieNode<P>, offset: number): Step[] {
  if (offset + 1 < node.steps.length) return [node.steps[offset + 1] as Step];
  if (offset < node.steps.length) return node.children.map((c) => c.steps[0] as Step);
  return node.children.flatMap((c) =>
    c.steps.length > 1 ? [c.steps[1] as Step] : c.children.map((g) => g.steps[0] as Step),
  );
}
