/**
 * Playing one move given in notation (AB-2…AB-5, AB-9): every refusal names
 * the rule broken; a legal move gives the next position (AB-7's counters
 * advanced, AB-9.1's seat turned, AB-9.6's neutral marble accounted), the
 * trace the engine protocol writes (`off` first, then the changed holes in
 * name order) and the sowing-step trace of the `Game` contract.
 */
import { err, ok, type Result } from "../../shared/index.js";
import type { MarbleStep, Trace, TraceStep } from "../core/types.js";
import {
  CELL_LETTER,
  EMPTY,
  HOLE_COUNT,
  MARBLE,
  NEUTRAL,
  SIDE_LETTER,
  NEXT,
  COLOUR_OF,
  holeName,
  other,
  type Cell,
  type Colour,
} from "./geometry.js";
import { parseMove, type AbaloneMove } from "./notation.js";
import { encodeBroadside, encodeInline, moveDir, moveFrom, moveLength } from "./moves.js";
import {
  BLOCKED,
  FREE,
  INTO_OBSTACLE,
  KIND_ROTATION,
  KIND_SHIELD,
  NEUTRAL_OFF,
  NOT_OWN,
  OBSTACLE,
  OUTNUMBERED,
  OWN_INTO_TRAP,
  OWN_OFF,
  SINGLE_PUSH,
  TOO_LONG,
  inlineResult,
  lineSizes,
  moveKind,
  moveRules,
  ownValue,
  playMove,
  resultGroup,
  resultPushed,
  rotationMoves,
  shieldDir,
  shieldHoles,
  type MoveRules,
} from "./variants.js";
import type { AbalonePosition } from "./position.js";
import type { GameError } from "../core/errors.js";

const COLOUR_WORD = ["", "black", "white", "neutral", ""] as const;

function illegal(rule: string, message: string): Result<never, GameError> {
  return err("illegal-move", `${message} (${rule})`, { rule, field: "move" });
}

/** "black marble", or "marble" in the single-colour game. */
function marbleWord(value: number): string {
  const word = COLOUR_WORD[value as Cell];
  return word === "" ? "marble" : `${word} marble`;
}

/** Why an inline move is refused, in words with its rule; null when it is legal. */
function inlineRefusal(
  p: AbalonePosition,
  rules: MoveRules,
  move: string,
  from: number,
  dir: number,
): Result<never, GameError> | null {
  const side = COLOUR_OF[p.toMove];
  const result = inlineResult(p.board, rules, side, from, dir);
  if (result >= 0) return null;
  const own = ownValue(rules, side);
  const mine = COLOUR_WORD[own as Cell];
  const theirs = rules.single ? "" : COLOUR_WORD[other(side)];
  const pushedWord = rules.single ? "marbles ahead" : `${theirs} or neutral`;
  const hole = holeName(from);
  const { group, pushed } = lineSizes(p.board, rules, side, from, dir);
  const singleRule = rules.single ? "AB-9.2" : "AB-5";
  switch (result) {
    case NOT_OWN:
      return illegal("AB-2", `${move}: ${hole} holds no ${marbleWord(own)}`);
    case TOO_LONG:
      return illegal(
        "AB-2",
        `${move} would move a line of four or more ${mine} marbles; such a line never moves as a whole`,
      );
    case OWN_OFF:
      return illegal(
        "AB-3",
        `${move} would move ${rules.single ? "the group's" : `a ${mine}`} marble off the board; a player's own marble never leaves it`,
      );
    case SINGLE_PUSH:
      return illegal(
        singleRule,
        `${move}: one marble never pushes, and the hole ahead of ${hole} holds a marble`,
      );
    case OUTNUMBERED:
      return illegal(
        singleRule,
        `${move}: ${group} ${rules.single ? "marbles" : `${mine} marbles`} cannot push ${pushed} ${pushedWord}; the pushing line must outnumber the pushed one`,
      );
    case BLOCKED:
      return illegal("AB-5", `${move}: a ${mine} marble behind the pushed line blocks the push`);
    case INTO_OBSTACLE:
      return illegal(
        "AB-9.4",
        `${move} would move a marble onto an obstacle; no marble enters one`,
      );
    case OWN_INTO_TRAP:
      return illegal(
        "AB-9.5",
        `${move} would move the mover's own marble into a trap; only a pushed marble falls into one`,
      );
    case NEUTRAL_OFF:
      return illegal(
        "AB-9.6",
        `${move} would push the neutral marble out of the game, which options.neutralOff "forbidden" does not allow`,
      );
    default:
      return illegal("AB-2", `${move} is not a legal move`);
  }
}

/** Why a destination refuses a marble: off the board, taken, an obstacle or a trap. */
function blockedWhy(
  p: AbalonePosition,
  rules: MoveRules,
  move: string,
  to: readonly number[],
  rule: string,
): Result<never, GameError> {
  for (const h of to) {
    if (h >= 0 && rules.holes[h] === OBSTACLE) {
      return illegal(
        "AB-9.4",
        `${move} would move a marble onto the obstacle ${holeName(h)}; no marble enters one`,
      );
    }
    if (h >= 0 && p.board[h] === EMPTY && rules.holes[h] !== FREE) {
      return illegal(
        "AB-9.5",
        `${move} would move the mover's own marble into the trap ${holeName(h)}`,
      );
    }
  }
  return illegal(
    rule,
    `${move}: a ${rule === "AB-4" ? "broadside" : "shield or rotation"} move needs every hole it moves into on the board and empty; it never pushes`,
  );
}

function broadsideRefusal(
  p: AbalonePosition,
  rules: MoveRules,
  move: string,
  m: AbaloneMove & { kind: "broadside" },
): Result<never, GameError> | null {
  const own = ownValue(rules, COLOUR_OF[p.toMove]);
  let h = m.first;
  const to: number[] = [];
  for (let i = 0; i < m.length; i++) {
    if (p.board[h] !== own)
      return illegal("AB-2", `${move}: ${holeName(h)} holds no ${marbleWord(own)}`);
    to.push(NEXT[h * 6 + m.dir] as number);
    h = NEXT[h * 6 + m.axis] as number;
  }
  if (to.every((h) => open(p, rules, h))) return null;
  return blockedWhy(p, rules, move, to, "AB-4");
}

/** Whether a marble may move into `h`: on the board, empty, neither obstacle nor trap (AB-4, AB-9). */
function open(p: AbalonePosition, rules: MoveRules, h: number): boolean {
  return h >= 0 && p.board[h] === EMPTY && rules.holes[h] === FREE;
}

/** The marbles a shape code moves and where to (AB-9.7). */
function shapeMoves(code: number): [number, number][] {
  if (moveKind(code) === KIND_ROTATION) return rotationMoves(code);
  const dir = shieldDir(code);
  return shieldHoles(code).map((h) => [h, NEXT[h * 6 + dir] as number]);
}

function shapeRefusal(
  p: AbalonePosition,
  rules: MoveRules,
  move: string,
  code: number,
): Result<never, GameError> | null {
  if (!p.options.shapes) {
    return illegal(
      "AB-9.7",
      `${move} is a ${moveKind(code) === KIND_SHIELD ? "shield" : "rotation"} move, played only with the option shapes`,
    );
  }
  const own = ownValue(rules, COLOUR_OF[p.toMove]);
  const moves = shapeMoves(code);
  const group =
    moveKind(code) === KIND_SHIELD
      ? shieldHoles(code)
      : [...rotationMoves(code).map(([f]) => f), code & 63];
  for (const h of group) {
    if (p.board[h] !== own)
      return illegal("AB-9.7", `${move}: ${holeName(h)} holds no ${marbleWord(own)}`);
  }
  const into = moves.map(([, t]) => t).filter((t) => !group.includes(t));
  if (into.every((h) => open(p, rules, h))) return null;
  return blockedWhy(p, rules, move, into, "AB-9.7");
}

/** A parsed move as a move code, or the refusal of an illegal one. */
export function moveCode(p: AbalonePosition, move: string): Result<number, GameError> {
  const parsed = parseMove(move);
  if (!parsed.ok) return parsed;
  const m = parsed.value;
  const rules = moveRules(p.options);
  if (m.kind === "shape") return shapeRefusal(p, rules, move, m.code) ?? ok(m.code);
  if (m.kind === "inline") {
    const refused = inlineRefusal(p, rules, move, m.from, m.dir);
    return refused ?? ok(encodeInline(m.from, m.dir));
  }
  const refused = broadsideRefusal(p, rules, move, m);
  return refused ?? ok(encodeBroadside(m.first, m.axis, m.length, m.dir));
}

export interface Played {
  readonly position: AbalonePosition;
  /** The engine protocol's steps (engine-protocol.md, "Abalone traces"). */
  readonly marbleSteps: readonly MarbleStep[];
  /** The `Game` contract's steps (see `sowingSteps`). */
  readonly trace: Trace;
}

/**
 * The contract's trace of a move: for each changed hole in name order, the
 * marble that leaves it (`lift` of an own marble, `capture` of another, its
 * letter as the one gem tag, `b`, `w`, `n` or `x`, as the `hex61` readings
 * name them: `E5:b`) and the marble that arrives (`sow`, the letter as its
 * bead). A marble pushed out of the game leaves no hole the sensors see, so
 * it has no step. The holes inside a moving line (`still`) keep their
 * content, yet their marble moves too: each is a marble leaving and one
 * arriving, so that a reading with such a hole empty (the front marble moved
 * first, or lifted) lies within the move's free steps, as a hand really
 * leaves it.
 */
function sowingSteps(
  before: Uint8Array,
  after: Uint8Array,
  own: number,
  still: readonly number[],
): TraceStep[] {
  const steps: TraceStep[] = [];
  for (let h = 0; h < HOLE_COUNT; h++) {
    const was = before[h] as Cell;
    const is = after[h] as Cell;
    if (was === is && !still.includes(h)) continue;
    const pit = holeName(h);
    if (was !== EMPTY) {
      steps.push(
        was === own
          ? { op: "lift", pit, n: 1, stones: 0, gems: [CELL_LETTER[was]] }
          : { op: "capture", pit, n: 1, gem: CELL_LETTER[was] },
      );
    }
    if (is !== EMPTY) steps.push({ op: "sow", pit, bead: CELL_LETTER[is] });
  }
  return steps;
}

/**
 * The holes a move's marbles leave and enter: an inline move's moving and
 * pushed marbles but the trailing one, a shield's holes that another of its
 * marbles enters (none for a broadside or a rotation, whose holes all change).
 */
function stillHoles(board: Uint8Array, rules: MoveRules, side: Colour, code: number): number[] {
  const kind = moveKind(code);
  if (kind === KIND_SHIELD) {
    const holes = shieldHoles(code);
    const dir = shieldDir(code);
    return holes.filter((h) => holes.includes(NEXT[h * 6 + ((dir + 3) % 6)] as number));
  }
  if (kind !== 0 || moveLength(code) !== 0) return [];
  const dir = moveDir(code);
  const result = inlineResult(board, rules, side, moveFrom(code), dir);
  const out: number[] = [];
  let h = moveFrom(code);
  for (let i = 1; i < resultGroup(result) + resultPushed(result); i++) {
    h = NEXT[h * 6 + dir] as number;
    out.push(h);
  }
  return out;
}

/** Plays a legal move's code: the next position and both traces (the contract's only `withTrace`). */
export function playCode(p: AbalonePosition, code: number, withTrace = true): Played {
  const side = COLOUR_OF[p.toMove];
  const rules = moveRules(p.options);
  const board = p.board.slice();
  const still = stillHoles(p.board, rules, side, code);
  const fall = playMove(board, rules, side, code);
  const oppSide = SIDE_LETTER[other(side)];
  const marbleSteps: MarbleStep[] = [];
  if (fall.marble !== 0) {
    marbleSteps.push({
      op: "off",
      cell: holeName(fall.from),
      colour: CELL_LETTER[fall.marble as Cell],
      ...(fall.trap < 0 ? {} : { trap: holeName(fall.trap) }),
    });
  }
  for (let h = 0; h < HOLE_COUNT; h++) {
    if (board[h] !== p.board[h]) {
      marbleSteps.push({
        op: "hole",
        cell: holeName(h),
        from: CELL_LETTER[p.board[h] as Cell],
        to: CELL_LETTER[board[h] as Cell],
      });
    }
  }
  // A marble out of the game counts against the pusher's opponent (AB-6,
  // AB-9.2), the neutral one only with `counts` (AB-9.6; with `wins` the
  // pusher has won, neutralOffBy says who).
  const neutralOut = fall.marble === NEUTRAL;
  const counts = fall.marble !== 0 && (!neutralOut || p.options.neutralOff === "counts");
  const position: AbalonePosition = {
    game: p.game,
    options: p.options,
    toMove: oppSide,
    board,
    off: counts ? { ...p.off, [oppSide]: p.off[oppSide] + 1 } : p.off,
    moveCount: p.moveCount + 1,
    noPushCount: fall.marble !== 0 ? 0 : p.noPushCount + 1,
    seat: p.seat === null ? null : { ...p.seat, [p.toMove]: p.seat[p.toMove] === 0 ? 1 : 0 },
    neutralOffBy: neutralOut ? p.toMove : p.neutralOffBy,
  };
  return {
    position,
    marbleSteps,
    trace: withTrace ? sowingSteps(p.board, board, rules.single ? MARBLE : side, still) : [],
  };
}

/** Plays a move given in notation; the game must not be over (game.ts checks). */
export function applyMove(
  p: AbalonePosition,
  move: string,
  withTrace = true,
): Result<Played, GameError> {
  const code = moveCode(p, move);
  return code.ok ? ok(playCode(p, code.value, withTrace)) : code;
}
