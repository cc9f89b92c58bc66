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
 * | `out-of-turn` | turn order (CORE-7) | `South's turn, but C5 changed` |
 * | `single-stone-start` | CORE-4 | `B2 holds one stone; a turn starts from two or more (CORE-4)` |
 * | `refused-start` | CORE-5 (or the engine's rule) | `B3 cannot start a turn: B3+ would need more than 200 stages, so it is not a legal turn (CORE-5)` |
 * | `several-lifts` | CORE-1 | `B2 and B3 were both lifted; a turn starts from one pit (CORE-1)` |
 * | `wrong-pit` | CORE-1 | `stone dropped in B6; the next stone belongs in B5 (CORE-1)` |
 * | `skipped-pit` | CORE-1 | `stone dropped in B6, skipping B5; the next stone belongs in B5 (CORE-1)` |
 * | `start-pit-on-lap` | GB-2 | `S3 dropped in A3, the start pit: a sowing that comes round skips the pit it started from (GB-2); move S3 to A4` |
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
 * | `refused-move` | the game's (AB-2…AB-5) | a board the game reads as a move its rules refuse (`Game.misplay`): `a line of four or more black marbles moved from A1; such a line never moves as a whole (AB-2)` |
 * | `unexpected` | CORE-1 | anything else: the pits that differ |
 *
 * Every rule id comes from the game: its `RuleBook` for the options in force
 * (`Game.ruleBook`: the capture rule, the direction rule, Bao's BK-5/6/9 …)
 * and, for a start or placement that begins no legal turn, the game's typed
 * `Refusal` (`Game.refusal`: CORE-4, CORE-5, BK-8 …). Ownership and sowing
 * successors come from its `BoardLayout`. The controller knows no game.
 */
import type { BoardLayout, Position, Refusal, RuleBook, Side } from "../games/index.js";
import { opponent, sideName } from "../games/index.js";
import { english } from "../i18n/index.js";
import { placeOfReading } from "../shared/index.js";
import { allOf, anyOf, msg, verbatim, type Message, type MessageParam } from "../shared/index.js";
import {
  OP_CAPTURE,
  OP_LIFT,
  OP_PLACE,
  OP_SOW,
  pathSteps,
  type Step,
  type TrieNode,
} from "./trie.js";
import {
  DEEP_LOOKAHEAD,
  capturesLeft,
  explore,
  follows,
  freeCaptureGroups,
  nextSteps,
  pickUpGroups,
  readingOwner,
  type Bound,
  type TurnTracker,
  type Visitor,
} from "./tracking.js";

export type MistakeKind =
  | "out-of-turn"
  | "single-stone-start"
  | "refused-start"
  | "several-lifts"
  | "wrong-pit"
  | "skipped-pit"
  | "start-pit-on-lap"
  | "several-stones"
  | "wrong-direction"
  | "capture-not-taken"
  | "no-capture"
  | "wrong-capture"
  | "wrong-lift"
  | "wrong-placement"
  | "wrong-kichwa"
  | "refused-move"
  | "unexpected"
  /** A legal move made for kete that is not the move kete chose (computer.ts): no rule broken. */
  | "not-computer-move";

export interface Mistake {
  readonly kind: MistakeKind;
  /** The rule id cited (`CORE-1`, `HB-4`, `CORE-7` …). */
  readonly rule: string;
  /** In English (the journal's language). */
  readonly message: string;
  /** The same as a message, for the player's language (issue 32). */
  readonly text: Message;
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

export type SensorFaultKind = "unreadable" | "too-many-stones";

export interface SensorFault {
  readonly kind: SensorFaultKind;
  readonly pits: readonly string[];
  /** In English (the journal's language). */
  readonly message: string;
  /** The same as a message, for the player's language. */
  readonly text: Message;
}

/** Sensor sanity of one reading (counts may be null for a pit the board cannot read). */
export function checkSensors(
  counts: readonly (number | null)[],
  pits: readonly string[],
  maxTotal: number,
): SensorFault | null {
  const bad = pits.filter((_, i) => counts[i] === null || counts[i] === undefined);
  if (bad.length > 0 || counts.length !== pits.length) {
    const text =
      bad.length > 0
        ? msg("fault.unreadable", { places: bad.join(", ") })
        : msg("fault.unreadableSome");
    return { kind: "unreadable", pits: bad, message: english.text(text), text };
  }
  let total = 0;
  for (const c of counts) total += c as number;
  if (total > maxTotal) {
    const text = msg("fault.tooMany", { count: total, max: maxTotal });
    return { kind: "too-many-stones", pits: [], message: english.text(text), text };
  }
  return null;
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
  const visit: Visitor<P> = (node, offset, board) => {
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
  };
  if (t.game.layout.nearestFirst !== true) {
    explore(t.cursors, reading, DEEP_LOOKAHEAD, visit);
    return out;
  }
  // A turn that branches at every unit: the nearest points first, one step deeper each
  // pass, until a budget of visits (a mistake is named where it happened, near the cursors).
  let left = NEAREST_POINT_VISITS;
  for (let depth = 0; depth <= DEEP_LOOKAHEAD && left > 0; depth++) {
    const bound: Bound = { limit: Infinity, cap: left, cut: false, capped: false, visits: 0 };
    explore(t.cursors, reading, depth, visit, bound);
    if (!bound.cut || bound.capped) break;
    left -= bound.visits;
  }
  return out;
}

/** Points `nearestPoint` visits at most in a turn that branches at every unit. */
const NEAREST_POINT_VISITS = 4000;

/** `3 stones`, in the player's language. */
function stones(n: number): Message {
  return msg("n.stones", { count: n });
}

function list(xs: readonly string[]): MessageParam {
  return anyOf(xs);
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

/** A classified mistake and the legal point it was measured against. */
export interface Classified<P extends Position = Position> {
  readonly mistake: Mistake;
  readonly reference: Reference<P>;
}

/**
 * Everything the classifiers read about a wrong reading: the nearest legal
 * point, how the reading differs from it, what was due next, and the game's
 * rule book and layout. Computed once per mistake (`sceneOf`).
 */
interface Scene<P extends Position> {
  readonly t: TurnTracker<P>;
  readonly reading: Int16Array;
  readonly layout: BoardLayout;
  readonly rules: RuleBook;
  readonly refs: readonly Reference<P>[];
  readonly ref: Reference<P>;
  readonly mover: Side;
  readonly other: Side;
  /** reading − expected board, per pit. */
  readonly D: Int16Array;
  readonly changed: readonly number[];
  readonly up: readonly number[];
  readonly down: readonly number[];
  readonly depth: number;
  readonly hand: number;
  readonly path: readonly Step[];
  readonly next: readonly Step[];
  readonly nextSows: readonly string[];
  readonly captureGroups: readonly Step[][];
  readonly capturePits: ReadonlySet<number>;
}

function sceneOf<P extends Position>(t: TurnTracker<P>, reading: Int16Array): Scene<P> {
  const refs = nearestPoint(t, reading);
  const ref = refs[0] ?? { node: t.trie.root, offset: 0, board: t.before };
  const layout = t.game.layout;
  const D = new Int16Array(ref.board.length);
  for (let i = 0; i < D.length; i++) D[i] = (reading[i] as number) - (ref.board[i] as number);
  const changed: number[] = [];
  for (let i = 0; i < D.length; i++) if (D[i] !== 0) changed.push(i);
  const next = refs.flatMap((r) => nextSteps(r.node, r.offset));
  const captureGroups = refs
    .flatMap((r) => pickUpGroups(r.node, r.offset))
    .filter((g) => g.some((s) => s.op === OP_CAPTURE));
  return {
    t,
    reading,
    layout,
    rules: t.game.ruleBook(t.position.options),
    refs,
    ref,
    mover: t.position.toMove,
    other: opponent(layout, t.position.toMove),
    D,
    changed,
    up: changed.filter((i) => (D[i] as number) > 0),
    down: changed.filter((i) => (D[i] as number) < 0),
    depth: ref.node.depth + ref.offset,
    hand: ref.node.hand[ref.offset] as number,
    path: pathSteps(ref.node, ref.offset),
    next,
    nextSows: [
      ...new Set(
        next.filter((s) => s.op === OP_SOW).map((s) => placeOfReading(t.pits[s.pit] as string)),
      ),
    ].sort(),
    captureGroups,
    capturePits: new Set(
      captureGroups.flatMap((g) => g.filter((s) => s.op === OP_CAPTURE).map((s) => s.pit)),
    ),
  };
}

/** The place of reading `i`, as players name it (a gem's reading `A3:S4` is in A3). */
function name<P extends Position>(sc: Scene<P>, i: number): string {
  return placeOfReading(sc.t.pits[i] as string);
}

function ownerOf<P extends Position>(sc: Scene<P>, i: number): Side | null {
  return readingOwner(sc.t, i);
}

/** A pit of the player not to move. */
function isForeign<P extends Position>(sc: Scene<P>, i: number): boolean {
  const o = ownerOf(sc, i);
  return o !== null && o !== sc.mover;
}

/** A pit of the player to move, or of no one. */
function isOwn<P extends Position>(sc: Scene<P>, i: number): boolean {
  const o = ownerOf(sc, i);
  return o === null || o === sc.mover;
}

/** A mistake; `text` says it (its English is the journal's `message`), citing `rule`. */
function make<P extends Position>(
  sc: Scene<P>,
  kind: MistakeKind,
  rule: string,
  text: Message,
  side: Side = sc.mover,
  expected: readonly string[] = sc.nextSows,
): Classified<P> {
  const pits = [...new Set(sc.changed.map((i) => name(sc, i)))];
  const message = english.text(text);
  return { mistake: { kind, rule, message, text, side, pits, expected }, reference: sc.ref };
}

/** A side as a message (`side.S`: South, Południe …). */
function sideMsg<P extends Position>(sc: Scene<P>, side: Side): MessageParam {
  return english.has(`side.${side}`) ? msg(`side.${side}`) : sideName(sc.layout, side);
}

/**
 * Why an act starts no turn: the game's own words where it gives a message
 * (`Refusal.text`), else by its reason in the player's language, with the
 * game's English sentence kept for English (`refusal.*`: `{{english}}`).
 */
function refusalText(why: Refusal, place: string): Message {
  if (why.text !== undefined) return why.text;
  return msg(`refusal.${why.reason}`, { english: why.message, place, rule: why.rule });
}

/** What the player should do next, for the end of a message. */
function whatNext<P extends Position>(sc: Scene<P>): Message {
  if (sc.nextSows.length > 0) return msg("next.stone", { places: list(sc.nextSows) });
  const lifts = [...new Set(sc.next.filter((s) => s.op === OP_LIFT).map((s) => name(sc, s.pit)))];
  if (lifts.length > 0 && sc.depth > 0) return msg("next.lift", { places: list(lifts) });
  if (sc.capturePits.size > 0) {
    return msg("next.take", { places: list([...sc.capturePits].map((i) => name(sc, i))) });
  }
  return msg("next.asLit");
}

function captureRuleOf<P extends Position>(sc: Scene<P>): string {
  return sc.rules.capture ?? sc.rules.sowing;
}

function outOfTurn<P extends Position>(sc: Scene<P>, pit: number): Classified<P> {
  return make(
    sc,
    "out-of-turn",
    sc.rules.turnOrder,
    msg("mistake.outOfTurn", {
      side: sideMsg(sc, sc.mover),
      place: name(sc, pit),
      rule: sc.rules.turnOrder,
    }),
    sc.other,
  );
}

/** A. Pits of the player not to move changed: out of turn, or stones taken where no capture applies. */
function foreignChange<P extends Position>(sc: Scene<P>): Classified<P> | null {
  const foreignDown = sc.down.filter((i) => isForeign(sc, i) && !sc.capturePits.has(i));
  const foreignUp = sc.up.filter((i) => isForeign(sc, i));
  const first = foreignDown[0];
  if (first !== undefined) {
    if (sc.depth === 0 || sc.hand !== 0) return outOfTurn(sc, first);
    // Only a reserve seed placed so far (Bao's namua) and no capture due:
    // the mover has nothing to take, so the other player touched the board
    // (issue 32: it was read as the mover's capture where none applies).
    const last = sc.path[sc.path.length - 1];
    const placedOnly = sc.path.every((s) => s.op === OP_PLACE);
    if (last?.op === OP_PLACE && placedOnly && sc.capturePits.size === 0)
      return outOfTurn(sc, first);
    const rule = captureRuleOf(sc);
    const p = name(sc, first);
    if (sc.capturePits.size > 0) {
      const expected = [...sc.capturePits].map((i) => name(sc, i)).sort();
      return make(
        sc,
        "wrong-capture",
        rule,
        msg("mistake.wrongCapture", { place: p, places: list(expected), rule }),
        sc.mover,
        expected,
      );
    }
    return make(
      sc,
      "no-capture",
      rule,
      msg("mistake.noCapture", { place: p, rule, next: whatNext(sc) }),
    );
  }
  const up = foreignUp[0];
  if (up !== undefined && sc.hand === 0) return outOfTurn(sc, up);
  return null;
}

/** B1. At the start of a turn with a reserve: a handful, or a stone put where no turn starts. */
function startPlacement<P extends Position>(sc: Scene<P>): Classified<P> | null {
  const placing = sc.next.some((s) => s.op === OP_PLACE);
  const ownUp = sc.up.filter((i) => isOwn(sc, i));
  if (!placing || sc.down.length > 0 || ownUp.length !== 1 || sc.up.length !== 1) return null;
  const y = ownUp[0] as number;
  const placeable = sc.next.some((s) => s.op === OP_PLACE && s.pit === y);
  if (placeable && (sc.D[y] as number) > 1) {
    const rule = sc.rules.placement ?? sc.rules.sowing;
    return make(
      sc,
      "several-stones",
      rule,
      msg("mistake.placedSeveral", { stones: stones(sc.D[y] as number), place: name(sc, y), rule }),
      sc.mover,
      [name(sc, y)],
    );
  }
  if (placeable) return null;
  const why = sc.t.game.refusal(sc.t.position, { kind: "place", place: name(sc, y) });
  if (why === null) return null;
  const legal = [
    ...new Set(sc.next.filter((s) => s.op === OP_PLACE).map((s) => name(sc, s.pit))),
  ].sort();
  return make(
    sc,
    "wrong-placement",
    why.rule,
    msg("mistake.wrongPlacement", { place: name(sc, y), why: refusalText(why, name(sc, y)) }),
    sc.mover,
    legal,
  );
}

/** B2. The first act of a turn: lifts from several pits, a single stone, a start the rules refuse. */
function startLift<P extends Position>(sc: Scene<P>): Classified<P> | null {
  if (sc.down.length === 0) return outOfTurn(sc, sc.up[0] ?? 0);
  // Places, not readings: a pit's stones and its gems are lifted together.
  const ownDown = [...new Set(sc.down.filter((i) => isOwn(sc, i)).map((i) => name(sc, i)))];
  if (ownDown.length >= 2 && sc.up.length === 0) {
    const rule = sc.rules.sowing;
    return make(
      sc,
      "several-lifts",
      rule,
      msg("mistake.severalLifts", { places: allOf(ownDown), rule }),
    );
  }
  // The start pit: the pit that lost most.
  let start = sc.down[0] as number;
  for (const i of sc.down) if ((sc.D[i] as number) < (sc.D[start] as number)) start = i;
  const place = name(sc, start);
  if (sc.next.some((s) => s.op === OP_LIFT && name(sc, s.pit) === place)) return null;
  const why = sc.t.game.refusal(sc.t.position, { kind: "start", place: name(sc, start) });
  if (why === null) return null;
  const kind = why.reason === "too-few" ? "single-stone-start" : "refused-start";
  return make(sc, kind, why.rule, refusalText(why, place), sc.mover, []);
}

/** C1. A handful from the reserve: the stone just placed came with more. */
function placedHandful<P extends Position>(sc: Scene<P>): Classified<P> | null {
  const placed = sc.path[sc.path.length - 1];
  if (placed?.op !== OP_PLACE || sc.down.length > 0 || sc.up.length !== 1) return null;
  if (sc.up[0] !== placed.pit) return null;
  const rule = sc.rules.placement ?? sc.rules.sowing;
  return make(
    sc,
    "several-stones",
    rule,
    msg("mistake.placedSeveral", {
      stones: stones((sc.D[placed.pit] as number) + 1),
      place: name(sc, placed.pit),
      rule,
    }),
    sc.mover,
    [name(sc, placed.pit)],
  );
}

/** C2. The landing pit lifted (sowing on) although a capture was due first. */
function captureSkipped<P extends Position>(sc: Scene<P>): Classified<P> | null {
  for (const g of sc.captureGroups) {
    const caps = g.filter((s) => s.op === OP_CAPTURE);
    const lift = g.find((s) => s.op === OP_LIFT);
    if (lift === undefined) continue;
    if (caps.every((c) => sc.D[c.pit] === 0) && (sc.D[lift.pit] as number) < 0) {
      const rule = captureRuleOf(sc);
      const c = caps[0] as Step;
      return make(
        sc,
        "capture-not-taken",
        rule,
        msg("mistake.captureNotTaken", {
          landing: name(sc, lift.pit),
          place: name(sc, c.pit),
          stones: stones(sc.ref.board[c.pit] as number),
          rule,
        }),
        sc.mover,
        caps.map((s) => name(sc, s.pit)),
      );
    }
  }
  return null;
}

/**
 * C2b. The same, seen from the point the readings reached (the nearest
 * point may lie past the capture, where the captured pit reads too many and
 * the stones look misplaced): at a point whose next pick-up group captures
 * and then lifts the landing pit, the captured pits are untouched, the landing
 * pit is empty, and every other pit that differs gained stones, no
 * more in all than the landing pit lost (its stones sown on).
 */
function captureSkippedAhead<P extends Position>(sc: Scene<P>): Classified<P> | null {
  let found: Classified<P> | null = null;
  const reading = sc.reading;
  // Only where the tracker stands: a point further on would take a stone
  // sown past the landing pit for the landing pit lifted.
  explore(sc.t.cursors, reading, 0, (node, offset, board) => {
    for (const g of pickUpGroups(node, offset)) {
      const caps = g.filter((s) => s.op === OP_CAPTURE);
      const lift = g.find((s) => s.op === OP_LIFT);
      if (caps.length === 0 || lift === undefined) continue;
      // The whole landing pit lifted (a pit part emptied is a stone short, not a skipped capture).
      const lost = (board[lift.pit] as number) - (reading[lift.pit] as number);
      if (lost <= 0 || reading[lift.pit] !== 0 || caps.some((c) => reading[c.pit] !== board[c.pit]))
        continue;
      let gained = 0;
      let fits = true;
      const changed: number[] = [];
      for (let i = 0; i < board.length; i++) {
        const d = (reading[i] as number) - (board[i] as number);
        if (d === 0) continue;
        changed.push(i);
        if (i === lift.pit) continue;
        if (d < 0) fits = false;
        gained += d;
      }
      if (!fits || gained === 0 || gained > lost) continue;
      const rule = captureRuleOf(sc);
      const c = caps[0] as Step;
      const text = msg("mistake.captureNotTaken", {
        landing: name(sc, lift.pit),
        place: name(sc, c.pit),
        stones: stones(board[c.pit] as number),
        rule,
      });
      found = {
        mistake: {
          kind: "capture-not-taken",
          rule,
          message: english.text(text),
          text,
          side: sc.mover,
          pits: [...new Set(changed.map((i) => name(sc, i)))],
          expected: caps.map((s) => name(sc, s.pit)),
        },
        reference: { node, offset, board: board.slice() },
      };
      return false;
    }
    return true;
  });
  return found;
}

/** C3. Stones taken from a pit no step of the turn lifts or captures now. */
function wrongLift<P extends Position>(sc: Scene<P>): Classified<P> | null {
  const relayLifts = sc.next.filter((s) => s.op === OP_LIFT).map((s) => s.pit);
  const wrongDown = sc.down.filter((i) => !relayLifts.includes(i) && !sc.capturePits.has(i));
  const first = wrongDown[0];
  if (first === undefined || sc.depth === 0) return null;
  const p = name(sc, first);
  if (sc.hand > 0) {
    const rule = sc.rules.sowing;
    return make(
      sc,
      "wrong-lift",
      rule,
      msg("mistake.liftedWithHand", { place: p, count: sc.hand, next: whatNext(sc), rule }),
    );
  }
  const relay = sc.rules.relay ?? sc.rules.sowing;
  const landing = relayLifts[0];
  if (landing !== undefined) {
    return make(
      sc,
      "wrong-lift",
      relay,
      msg("mistake.liftedNotRelay", { place: p, landing: name(sc, landing), rule: relay }),
      sc.mover,
      [name(sc, landing)],
    );
  }
  const again = sc.rules.captureAgain;
  if (again !== null && sc.capturePits.size > 0) {
    const expected = [...sc.capturePits].map((i) => name(sc, i)).sort();
    return make(
      sc,
      "capture-not-taken",
      again,
      msg("mistake.liftedNotCapture", { place: p, places: list(expected), rule: again }),
      sc.mover,
      expected,
    );
  }
  return make(
    sc,
    "wrong-lift",
    relay,
    msg("mistake.lifted", { place: p, next: whatNext(sc), rule: relay }),
  );
}

/** C4. A stone dropped where it does not belong: how many, which way, how far. */
function wrongDrop<P extends Position>(sc: Scene<P>): Classified<P> | null {
  if (sc.up.length === 0 || sc.nextSows.length === 0) return null;
  const sowing = sc.rules.sowing;
  const due = list(sc.nextSows);
  const wrong = sc.up.filter((i) => !sc.nextSows.includes(name(sc, i)));
  if (wrong.length === 0) {
    const y = sc.up[0] as number;
    return make(
      sc,
      "several-stones",
      sowing,
      msg("mistake.droppedSeveral", {
        stones: stones(sc.D[y] as number),
        place: name(sc, y),
        due,
        rule: sowing,
      }),
    );
  }
  const y = wrong[0] as number;
  const last = sc.path[sc.path.length - 1];
  const kichwa = sc.rules.capturedSowing;
  if (last !== undefined && last.op === OP_CAPTURE && kichwa !== null) {
    return make(
      sc,
      "wrong-kichwa",
      kichwa,
      msg("mistake.wrongKichwa", { place: name(sc, y), due, rule: kichwa }),
    );
  }
  if (last !== undefined && last.op === OP_SOW && last.pit === y) {
    return make(
      sc,
      "several-stones",
      sowing,
      msg("mistake.droppedSeveral", {
        stones: stones((sc.D[y] as number) + 1),
        place: name(sc, y),
        due,
        rule: sowing,
      }),
    );
  }
  return startPitOnLap(sc, y) ?? wrongDirection(sc, y) ?? misplacedStone(sc, y);
}

/**
 * C4. A bead dropped back into the pit the turn started from, once the
 * sowing has come round to it, in a game whose laps pass over that pit
 * (`RuleBook.skipsStart`, GB-2): said plainly, with the bead (a gem by its
 * tag) and the pit it goes into instead.
 */
function startPitOnLap<P extends Position>(sc: Scene<P>, y: number): Classified<P> | null {
  const rule = sc.rules.skipsStart ?? null;
  const start = sc.path[0];
  if (rule === null || start === undefined || start.op !== OP_LIFT) return null;
  if (name(sc, y) !== name(sc, start.pit) || !sc.path.some((s) => s.op === OP_SOW)) return null;
  const reading = sc.t.pits[y] as string;
  const colon = reading.indexOf(":");
  const n = sc.D[y] as number;
  const gem = colon >= 0 ? reading.slice(colon + 1) : null;
  const bead: MessageParam = gem ?? (n === 1 ? msg("n.stone") : stones(n));
  const it: MessageParam = gem ?? msg("n.theStones", { count: n });
  return make(
    sc,
    "start-pit-on-lap",
    rule,
    msg("mistake.startPitOnLap", { bead, place: name(sc, y), rule, it, due: list(sc.nextSows) }),
  );
}

function droppedWords<P extends Position>(sc: Scene<P>, y: number): Message {
  const n = sc.D[y] as number;
  return n === 1
    ? msg("mistake.stoneDropped", { place: name(sc, y) })
    : msg("mistake.stonesDropped", { stones: stones(n), place: name(sc, y) });
}

function sownAfter<P extends Position>(sc: Scene<P>, from: number, to: number): boolean {
  return follows(sc.t, from, to);
}

/** C4a. The stone went back where the one before came from, or against the direction of play. */
function wrongDirection<P extends Position>(sc: Scene<P>, y: number): Classified<P> | null {
  const due = list(sc.nextSows);
  const dropped = droppedWords(sc, y);
  if (behindPit(sc.path) === y) {
    const rule = sc.rules.keepDirection;
    return make(sc, "wrong-direction", rule, msg("mistake.againstTurn", { dropped, due, rule }));
  }
  const hasSown =
    sc.path.some((s) => s.op === OP_SOW) || sc.path.filter((s) => s.op === OP_LIFT).length > 1;
  const startLift = sc.path[0];
  if (hasSown || startLift === undefined || !sownAfter(sc, y, startLift.pit)) return null;
  const rule = sc.rules.direction ?? sc.rules.keepDirection;
  const fixed = sc.rules.fixedDirection;
  return make(
    sc,
    "wrong-direction",
    rule,
    msg("mistake.againstPlay", {
      dropped,
      fixed: fixed === null ? "" : msg("mistake.fixed", { direction: fixed }),
      due,
      rule,
    }),
  );
}

/** C4b. The stone went past the pit it belonged in, or elsewhere. */
function misplacedStone<P extends Position>(sc: Scene<P>, y: number): Classified<P> {
  const due = list(sc.nextSows);
  const dropped = droppedWords(sc, y);
  const rule = sc.rules.sowing;
  // Past the pit due: the stone after next, or the pit beyond the one due (not back where the hand came from).
  const from = lastPit(sc.path);
  const skipped =
    sc.refs.some((r) => nextAfter(r.node, r.offset).some((s) => s.op === OP_SOW && s.pit === y)) ||
    sc.next.some((s) => s.op === OP_SOW && y !== from && sownAfter(sc, s.pit, y));
  if (skipped) {
    return make(sc, "skipped-pit", rule, msg("mistake.skipped", { dropped, due, rule }));
  }
  return make(sc, "wrong-pit", rule, msg("mistake.wrongPit", { dropped, due, rule }));
}

/** D. Anything else: the pits that differ. */
function unexpected<P extends Position>(sc: Scene<P>): Classified<P> {
  const shown = sc.changed.slice(0, 4).map((i) =>
    msg("mistake.reads", {
      place: name(sc, i),
      reads: sc.reading[i] as number,
      expected: sc.ref.board[i] as number,
    }),
  );
  return make(
    sc,
    "unexpected",
    sc.rules.sowing,
    msg("mistake.unexpected", { shown: { list: shown, join: "semicolon" }, next: whatNext(sc) }),
  );
}

/** The pit the last stone fell into or was lifted from, if any. */
function lastPit(path: readonly Step[]): number | null {
  for (let i = path.length - 1; i >= 0; i--) {
    const s = path[i] as Step;
    if (s.op === OP_LIFT || s.op === OP_SOW) return s.pit;
  }
  return null;
}

/**
 * Classifies a reading the tracker found inconsistent (call after
 * `checkSensors`): the first classifier that recognises the act names it.
 * Deterministic: the same tracker and reading give the same mistake.
 */
export function classifyMistake<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
): Classified<P> {
  const misplayed = misplayAt(t, reading);
  if (misplayed !== null) return misplayed;
  const due = freeCaptureMistake(t, reading);
  if (due !== null) return due;
  const sc = sceneOf(t, reading);
  const atStart = sc.depth === 0 ? (startPlacement(sc) ?? startLift(sc)) : null;
  return (
    foreignChange(sc) ??
    atStart ??
    placedHandful(sc) ??
    captureSkipped(sc) ??
    captureSkippedAhead(sc) ??
    wrongLift(sc) ??
    wrongDrop(sc) ??
    unexpected(sc)
  );
}

/**
 * A board the game itself reads as a move its rules refuse (`Game.misplay`:
 * moves that change many places at once, which no single act explains),
 * named from the turn's start: the places changed since, and the board to
 * restore is the one the turn began with.
 */
export function misplayAt<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
): Classified<P> | null {
  const read = t.game.misplay?.(t.position, Array.from(reading)) ?? null;
  if (read === null) return null;
  const pits = new Set<string>();
  for (let i = 0; i < t.before.length; i++) {
    if (t.before[i] !== reading[i]) pits.add(placeOfReading(t.pits[i] as string));
  }
  const mover = t.position.toMove;
  return {
    mistake: {
      kind: "refused-move",
      rule: read.rule,
      message: read.message,
      // The game's own words (Abalone's misplays): a message where it gives one, else its English.
      text: read.text ?? verbatim(read.message),
      side: read.byMover ? mover : opponent(t.game.layout, mover),
      pits: [...pits],
      expected: [],
    },
    reference: { node: t.trie.root, offset: 0, board: t.before },
  };
}

/** The steps two ahead of a point (the step after each next step). */
function nextAfter<P extends Position>(node: TrieNode<P>, offset: number): Step[] {
  if (offset + 1 < node.steps.length) return [node.steps[offset + 1] as Step];
  if (offset < node.steps.length) return node.children.map((c) => c.steps[0] as Step);
  return node.children.flatMap((c) =>
    c.steps.length > 1 ? [c.steps[1] as Step] : c.children.map((g) => g.steps[0] as Step),
  );
}

// ------------------------------------------------------------------ captures made in any order

/**
 * Captures the game lets the player make in any order (free capture steps,
 * Glassperlenspiel's gems into the cup), read from where the tracker stands:
 * a unit taken that no branch takes (a wrong gem), a unit put where no
 * capture puts it (the wrong cup), or the board touched elsewhere while the
 * captures are due (not taken). Null when no capture is due, or the reading
 * changes only what the captures change (another classifier names it).
 */
export function freeCaptureMistake<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
): Classified<P> | null {
  for (const c of t.cursors) {
    const all = freeCaptureGroups(c.node, c.offset);
    if (all.length === 0) continue;
    const sc = sceneAt(t, reading, c);
    // A chain cites GB-4 at every step, the captures already made counted (issue 28).
    const made = pathSteps(c.node, c.offset).filter((s) => s.op === OP_CAPTURE).length;
    const chain = made + Math.max(...all.map((b) => b.length));
    const rule = chain > 1 ? (sc.rules.captureChain ?? captureRuleOf(sc)) : captureRuleOf(sc);
    // What the message asks for: only the gems still to take, not those already in the hand.
    const left = capturesLeft(c, reading);
    const from = new Set(all.flatMap((b) => b.map((d) => d.from)));
    const to = new Set(all.flatMap((b) => b.flatMap((d) => (d.to === null ? [] : [d.to]))));
    const most = Math.max(...left.map((b) => b.left.length));
    const options = [
      ...new Set(
        left.flatMap((b) =>
          b.left.map((d) => `${readingTag(sc, d.from) ?? ""}\u0000${name(sc, d.from)}`),
        ),
      ),
    ]
      .sort()
      .map((o) => {
        const [gem, place] = o.split("\u0000") as [string, string];
        return msg("gems.from", { gem, place });
      });
    const into = [...new Set([...to].map((i) => name(sc, i)))].sort();
    const intoText: MessageParam = into.length > 0 ? msg("gems.into", { places: list(into) }) : "";
    const take =
      most === 0
        ? msg("gems.putTaken", { places: list(into) })
        : most === 1
          ? msg("gems.takeOne", { options: anyOf(options), into: intoText })
          : msg("gems.takeSome", { count: most, options: anyOf(options), into: intoText });
    const places = [...new Set(left.flatMap((b) => b.left.map((d) => name(sc, d.from))))];
    const lit = places.length > 0 ? places : into;
    const wrongTaken = sc.down.find((i) => !from.has(i) && readingTag(sc, i) !== null);
    if (wrongTaken !== undefined) {
      const what = msg("gems.takenFrom", {
        gem: tagOf(sc, wrongTaken),
        place: name(sc, wrongTaken),
      });
      return make(
        sc,
        "wrong-capture",
        rule,
        msg("gems.wrongTaken", { what, take, rule }),
        sc.mover,
        lit,
      );
    }
    const wrongPut = sc.up.find((i) => !to.has(i) && !from.has(i) && readingTag(sc, i) !== null);
    if (wrongPut !== undefined) {
      const what = msg("gems.putInto", { gem: tagOf(sc, wrongPut), place: name(sc, wrongPut) });
      return make(
        sc,
        "wrong-capture",
        rule,
        msg("gems.wrongPut", { what, places: list(into), rule }),
        sc.mover,
        into,
      );
    }
    const elsewhere = sc.changed.find((i) => !from.has(i) && !to.has(i));
    if (elsewhere !== undefined) {
      return make(
        sc,
        "capture-not-taken",
        rule,
        msg("gems.changedElsewhere", { place: name(sc, elsewhere), take, rule }),
        sc.mover,
        lit,
      );
    }
  }
  return null;
}

/** The scene of a reading measured at a tracker's cursor (not the nearest point). */
function sceneAt<P extends Position>(
  t: TurnTracker<P>,
  reading: Int16Array,
  c: { readonly node: TrieNode<P>; readonly offset: number; readonly board: Int16Array },
): Scene<P> {
  const base = sceneOf({ ...t, cursors: [{ ...c, exact: true }] }, reading);
  return base;
}

/** The tag part of a reading's name (`N3` of `B3:N3`), or null for a count. */
function readingTag<P extends Position>(sc: Scene<P>, i: number): string | null {
  const r = sc.t.pits[i] as string;
  const at = r.indexOf(":");
  return at < 0 ? null : r.slice(at + 1);
}

function tagOf<P extends Position>(sc: Scene<P>, i: number): MessageParam {
  return readingTag(sc, i) ?? msg("n.aStone");
}
