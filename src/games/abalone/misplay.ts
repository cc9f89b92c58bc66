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
 *
 * Under AB-9's options, first: a marble on an obstacle (AB-9.4) or sitting
 * in a trap (AB-9.5: a pushed marble leaves the game there, an own one
 * never enters), the neutral marble moved by itself (AB-9.6: no player
 * moves it), a shield that pushed (AB-9.7: shields never push); then a push is judged by the variant's own
 * rules (a single colour's pushes cite AB-9.2, the neutral marble pushed
 * out under `neutralOff` "forbidden" AB-9.6). A marble pushed into a trap
 * is taken out by the hand, as one pushed over the edge.
 */
import { HOLE_READINGS, msg, type Message, type MessageParam } from "../../shared/index.js";
import type { Misplay } from "../core/rules.js";
import {
  COLOUR_OF,
  EMPTY,
  HOLE_COUNT,
  NEUTRAL,
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
import { triangles } from "./slips.js";
import {
  BLOCKED,
  INTO_OBSTACLE,
  NEUTRAL_OFF,
  OBSTACLE,
  OUTNUMBERED,
  OWN_INTO_TRAP,
  OWN_OFF,
  SINGLE_PUSH,
  TOO_LONG,
  TRAP,
  inlineResult,
  moveRules,
  ownValue,
  type MoveRules,
} from "./variants.js";

const WORD = ["", "black", "white"] as const;

/**
 * The board after each marble of `movers` shoves the run of marbles from it
 * one hole in `dir`; a marble shoved into a trap (`holes`, AB-9.5) is taken
 * out, as one shoved over the edge.
 */
function shoved(
  board: Uint8Array,
  movers: readonly number[],
  dir: number,
  holes: Uint8Array | null,
): Uint8Array {
  const out = board.slice();
  const moving = new Set<number>();
  for (const h of movers) {
    for (let x = h; x >= 0 && board[x] !== EMPTY; x = NEXT[x * 6 + dir] as number) moving.add(x);
  }
  for (const x of moving) out[x] = EMPTY;
  for (const x of moving) {
    const to = NEXT[x * 6 + dir] as number;
    if (to >= 0 && (holes === null || holes[to] !== TRAP)) out[to] = board[x] as number;
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
  // The same as a message for the players' language (issue 32).
  const said = (id: string, more: Readonly<Record<string, number>> = {}) =>
    msg(`abalone.${id}`, {
      colour: msg(`colour.${SIDE_LETTER[own]}`),
      other: msg(`colour.${SIDE_LETTER[other(own)]}`),
      place: where,
      ...more,
    });
  switch (fault.kind) {
    case "too-long":
      return misplay(
        "AB-2",
        `a line of four or more ${mine} marbles moved from ${where}; such a line never moves as a whole`,
        said("tooLong"),
      );
    case "own-off":
      return misplay(
        "AB-3",
        `a ${mine} marble pushed off the board from ${where}'s line; an own marble never leaves it`,
        said("ownOff"),
      );
    case "single-push":
      return misplay(
        "AB-5",
        `the ${mine} marble on ${where} pushed a ${theirs} marble; one marble never pushes`,
        said("singlePush"),
      );
    case "outnumbered":
      return misplay(
        "AB-5",
        `${fault.group} ${mine} marbles from ${where} pushed ${fault.pushed} ${theirs}; the pushing line must outnumber the pushed one`,
        said("outnumbered", { group: fault.group, pushed: fault.pushed }),
      );
    case "blocked":
      return misplay(
        "AB-5",
        `${fault.group} ${mine} marbles from ${where} pushed the ${theirs} line, but a ${mine} marble behind it blocks the push`,
        said("blocked", { group: fault.group }),
      );
  }
}

/**
 * A misplay by the mover; `said` is the same as a message for the players'
 * language (issue 32; absent: said in English everywhere).
 */
function misplay(rule: string, text: string, said: Message | null = null): Misplay {
  return {
    rule,
    message: `${text} (${rule})`,
    ...(said === null ? {} : { text: msg("abalone.withRule", { text: said, rule }) }),
    byMover: true,
  };
}

/** A side's name (`Black`) as a message (`side.b`), for the players' language. */
function sideWords(name: string): MessageParam {
  const letter = (Object.keys(SIDE_NAME) as (keyof typeof SIDE_NAME)[]).find(
    (k) => SIDE_NAME[k] === name,
  );
  return letter === undefined ? name : msg(`side.${letter}`);
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
function pushOf(
  board: Uint8Array,
  after: Uint8Array,
  colour: number,
  holes: Uint8Array | null = null,
): Push | null {
  let best: Push | null = null;
  let fewest = Infinity;
  const consider = (p: Push, movers: readonly number[]) => {
    const n = moving(board, movers, p.dir);
    if (n < fewest && same(shoved(board, movers, p.dir, holes), after)) {
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
  const rules = moveRules(p.options);
  if (!rules.plain) return variantMisplay(p, rules, after);
  const own = COLOUR_OF[p.toMove];
  const mover = SIDE_NAME[p.toMove];
  const diff = changed(p.board, after);
  const holes = diff.map(holeName);
  const push = pushOf(p.board, after, own);
  if (push !== null && push.kind === "inline") {
    const why = inlineWhy(p.board, own, push.from, push.dir);
    if (why !== null) return why;
  }
  if (push !== null && push.kind === "broadside") return broadsideWhy(mover, push.line);
  const wrong = wrongSide(p, own, after, diff);
  if (wrong !== null) return wrong;
  return misplay(
    "AB-2",
    `${holes.join(" ")} changed as no legal move of ${mover} changes them`,
    msg("abalone.noMove", { side: sideWords(mover), places: holes.join(" ") }),
  );
}

function broadsideWhy(mover: string, line: readonly number[]): Misplay {
  const holes = line.map(holeName).join(" ");
  return misplay(
    "AB-4",
    `${mover}'s line ${holes} moved sideways into an occupied hole; a broadside move needs every hole it moves into empty and never pushes`,
    msg("abalone.broadside", { side: sideWords(mover), line: holes }),
  );
}

/** A marble of the side not to move moved (AB-2), or null. */
function wrongSide(
  p: AbalonePosition,
  own: Colour,
  after: Uint8Array,
  diff: readonly number[],
  holes: Uint8Array | null = null,
): Misplay | null {
  const theirs = other(own);
  if (
    pushOf(p.board, after, theirs, holes) !== null ||
    diff.every((h) => p.board[h] !== own && after[h] !== own)
  ) {
    const name = SIDE_NAME[SIDE_LETTER[theirs]];
    return {
      rule: "AB-2",
      message: `${SIDE_NAME[p.toMove]}'s turn, but ${name} moved ${diff.map(holeName).join(" ")} (AB-2)`,
      text: msg("abalone.outOfTurn", {
        side: msg(`side.${p.toMove}`),
        other: msg(`side.${SIDE_LETTER[theirs]}`),
        places: diff.map(holeName).join(" "),
      }),
      byMover: false,
    };
  }
  return null;
}

/** The misplays of AB-9's options (see the file comment). */
function variantMisplay(p: AbalonePosition, rules: MoveRules, after: Uint8Array): Misplay | null {
  const side = COLOUR_OF[p.toMove];
  const own = ownValue(rules, side);
  const mover = SIDE_NAME[p.toMove];
  const diff = changed(p.board, after);
  for (const h of diff) {
    if (after[h] === EMPTY) continue;
    if (rules.holes[h] === OBSTACLE) {
      return misplay(
        "AB-9.4",
        `a marble moved onto the obstacle ${holeName(h)}; no marble enters one`,
        msg("abalone.ontoObstacle", { place: holeName(h) }),
      );
    }
    if (rules.holes[h] === TRAP) {
      return misplay(
        "AB-9.5",
        `a marble stands in the trap ${holeName(h)}; a player's own marble never enters a trap, and an opponent's pushed into one leaves the game`,
        msg("abalone.inTrap", { place: holeName(h) }),
      );
    }
  }
  const neutral = neutralAlone(p.board, after, diff);
  if (neutral !== null) return neutral;
  if (rules.shapes) {
    const turned = shieldPushed(p.board, after, own, rules.holes);
    if (turned !== null) return turned;
  }
  const push = pushOf(p.board, after, own, rules.holes);
  if (push !== null && push.kind === "inline") {
    const why = variantInlineWhy(p.board, rules, side, push.from, push.dir);
    if (why !== null) return why;
  }
  if (push !== null && push.kind === "broadside") return broadsideWhy(mover, push.line);
  if (!rules.single) {
    const wrong = wrongSide(p, side, after, diff, rules.holes);
    if (wrong !== null) return wrong;
  }
  return misplay(
    "AB-2",
    `${diff.map(holeName).join(" ")} changed as no legal move of ${mover} changes them`,
    msg("abalone.noMove", { side: msg(`side.${p.toMove}`), places: diff.map(holeName).join(" ") }),
  );
}

/** AB-9.6: the neutral marble moved to another hole and nothing else changed. */
function neutralAlone(
  before: Uint8Array,
  after: Uint8Array,
  diff: readonly number[],
): Misplay | null {
  if (diff.length !== 2) return null;
  const from = diff.find((h) => before[h] === NEUTRAL && after[h] === EMPTY);
  const to = diff.find((h) => before[h] === EMPTY && after[h] === NEUTRAL);
  if (from === undefined || to === undefined) return null;
  return misplay(
    "AB-9.6",
    `the neutral marble moved from ${holeName(from)} to ${holeName(to)}; no player moves it, only a line's push does`,
    msg("abalone.neutralMoved", { from: holeName(from), to: holeName(to) }),
  );
}

/** AB-9.7: a triangle of own marbles moved one hole, shoving a marble ahead of it. */
function shieldPushed(
  before: Uint8Array,
  after: Uint8Array,
  own: number,
  holes: Uint8Array,
): Misplay | null {
  for (const tri of triangles(before, own)) {
    for (let dir = 0; dir < 6; dir++) {
      if (!same(shoved(before, tri, dir, holes), after)) continue;
      return misplay(
        "AB-9.7",
        `the shield ${tri.map(holeName).join(" ")} moved and pushed a marble ahead of it; a shield moves only into empty holes and never pushes`,
        msg("abalone.shieldPushed", { places: tri.map(holeName).join(" ") }),
      );
    }
  }
  return null;
}

/** Why the inline push from `from` in `dir` is refused under the variant's rules, or null. */
function variantInlineWhy(
  board: Uint8Array,
  rules: MoveRules,
  side: Colour,
  from: number,
  dir: number,
): Misplay | null {
  const where = holeName(from);
  const push = rules.single ? "AB-9.2" : "AB-5";
  switch (inlineResult(board, rules, side, from, dir)) {
    case TOO_LONG:
      return misplay(
        "AB-2",
        `a line of four or more marbles moved from ${where}; such a line never moves as a whole`,
        msg("abalone.variant.tooLong", { place: where }),
      );
    case OWN_OFF:
      return misplay(
        "AB-3",
        `a marble of the mover pushed off the board from ${where}'s line; an own marble never leaves it`,
        msg("abalone.variant.ownOff", { place: where }),
      );
    case SINGLE_PUSH:
      return misplay(
        push,
        `the marble on ${where} pushed another; one marble never pushes`,
        msg("abalone.variant.singlePush", { place: where }),
      );
    case OUTNUMBERED:
      return misplay(
        push,
        `the line from ${where} pushed as many marbles as it holds, or more; the pushing line must outnumber the pushed one`,
        msg("abalone.variant.outnumbered", { place: where }),
      );
    case BLOCKED:
      return misplay(
        "AB-5",
        `the line from ${where} pushed, but an own marble behind the pushed line blocks the push`,
        msg("abalone.variant.blocked", { place: where }),
      );
    case INTO_OBSTACLE:
      return misplay(
        "AB-9.4",
        `the line from ${where} moved a marble onto an obstacle; no marble enters one`,
        msg("abalone.variant.intoObstacle", { place: where }),
      );
    case OWN_INTO_TRAP:
      return misplay(
        "AB-9.5",
        `the line from ${where} moved the mover's own marble into a trap; only a pushed marble falls into one`,
        msg("abalone.variant.ownIntoTrap", { place: where }),
      );
    case NEUTRAL_OFF:
      return misplay(
        "AB-9.6",
        `the line from ${where} pushed the neutral marble out of the game, which neutralOff "forbidden" does not allow`,
        msg("abalone.variant.neutralOff", { place: where }),
      );
    default:
      return null;
  }
}
