/**
 * Playing one move given in notation (AB-2…AB-5): every refusal names the
 * rule broken; a legal move gives the next position (AB-7's counters
 * advanced), the trace the engine protocol writes (`off` first, then the
 * changed holes in name order) and the sowing-step trace of the `Game`
 * contract.
 */
import { err, ok, type Result } from "../../shared/index.js";
import type { MarbleStep, Trace, TraceStep } from "../core/types.js";
import {
  CELL_LETTER,
  COLOUR_OF,
  EMPTY,
  HOLE_COUNT,
  SIDE_LETTER,
  NEXT,
  holeName,
  other,
  type Cell,
  type Colour,
} from "./geometry.js";
import { parseMove, type AbaloneMove } from "./notation.js";
import {
  broadsideLegal,
  encodeBroadside,
  encodeInline,
  inlineFault,
  moveDir,
  moveFrom,
  moveLength,
  play,
  pushedOff,
} from "./moves.js";
import type { AbalonePosition } from "./position.js";

const COLOUR_WORD = ["", "black", "white"] as const;

function illegal(rule: string, message: string): Result<never> {
  return err("illegal-move", `${message} (${rule})`, { rule, field: "move" });
}

/** Why an inline move is refused, in words with its rule; null when it is legal. */
function inlineRefusal(
  p: AbalonePosition,
  move: string,
  from: number,
  dir: number,
): Result<never> | null {
  const own = COLOUR_OF[p.toMove];
  const fault = inlineFault(p.board, own, from, dir);
  if (fault === null) return null;
  const opp = COLOUR_WORD[other(own)];
  const hole = holeName(from);
  switch (fault.kind) {
    case "not-own":
      return illegal("AB-2", `${move}: ${hole} holds no ${COLOUR_WORD[own]} marble`);
    case "too-long":
      return illegal(
        "AB-2",
        `${move} would move a line of four or more ${COLOUR_WORD[own]} marbles; such a line never moves as a whole`,
      );
    case "own-off":
      return illegal(
        "AB-3",
        `${move} would move a ${COLOUR_WORD[own]} marble off the board; an own marble never leaves it`,
      );
    case "single-push":
      return illegal(
        "AB-5",
        `${move}: one marble never pushes, and the hole ahead of ${hole} holds a ${opp} marble`,
      );
    case "outnumbered":
      return illegal(
        "AB-5",
        `${move}: ${fault.group} ${COLOUR_WORD[own]} marbles cannot push ${fault.pushed} ${opp}; the pushing line must outnumber the pushed one`,
      );
    case "blocked":
      return illegal(
        "AB-5",
        `${move}: a ${COLOUR_WORD[own]} marble behind the ${opp} line blocks the push`,
      );
  }
}

function broadsideRefusal(
  p: AbalonePosition,
  move: string,
  m: AbaloneMove & { kind: "broadside" },
): Result<never> | null {
  const own = COLOUR_OF[p.toMove];
  let h = m.first;
  for (let i = 0; i < m.length; i++) {
    if (p.board[h] !== own)
      return illegal("AB-2", `${move}: ${holeName(h)} holds no ${COLOUR_WORD[own]} marble`);
    h = NEXT[h * 6 + m.axis] as number;
  }
  if (broadsideLegal(p.board, own, m.first, m.axis, m.length, m.dir)) return null;
  return illegal(
    "AB-4",
    `${move}: a broadside move needs every hole it moves into on the board and empty; it never pushes`,
  );
}

/** A parsed move as a move code, or the refusal of an illegal one. */
export function moveCode(p: AbalonePosition, move: string): Result<number> {
  const parsed = parseMove(move);
  if (!parsed.ok) return parsed;
  const m = parsed.value;
  if (m.kind === "inline") {
    const refused = inlineRefusal(p, move, m.from, m.dir);
    return refused ?? ok(encodeInline(m.from, m.dir));
  }
  const refused = broadsideRefusal(p, move, m);
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
 * The hole over whose edge a push-off sends the last pushed marble: the last
 * of the pushed line, which reaches the edge, so the last hole on the board
 * straight ahead of the trailing marble.
 */
function offHole(code: number): number {
  const dir = moveDir(code);
  let h = moveFrom(code);
  while ((NEXT[h * 6 + dir] as number) >= 0) h = NEXT[h * 6 + dir] as number;
  return h;
}

/**
 * The contract's trace of a move: for each changed hole in name order, the
 * marble that leaves it (`lift` of an own marble, `capture` of an opponent's,
 * its colour as the one gem tag, `b` or `w`, as the `hex61` readings name
 * them: `E5:b`) and the marble that arrives (`sow`, the colour as its bead).
 * A marble pushed off leaves no hole the sensors see, so it has no step.
 * The holes inside a moving line (`still`) keep their colour, yet their
 * marble moves too: each is a marble leaving and one arriving, so that a
 * reading with such a hole empty (the front marble moved first, or lifted)
 * lies within the move's free steps, as a hand really leaves it.
 */
function sowingSteps(
  before: Uint8Array,
  after: Uint8Array,
  own: Colour,
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
 * The holes an inline move's marbles leave and enter that end as they
 * began: every marble of the moving line but the trailing one, and of the
 * pushed line but its first (empty for a broadside, whose holes all change).
 */
function stillHoles(board: Uint8Array, own: Colour, code: number): number[] {
  if (moveLength(code) !== 0) return [];
  const dir = moveDir(code);
  const out: number[] = [];
  let h = moveFrom(code);
  for (const colour of [own, other(own)]) {
    let first = true;
    while (h >= 0 && board[h] === colour) {
      if (!first) out.push(h);
      first = false;
      h = NEXT[h * 6 + dir] as number;
    }
  }
  return out;
}

/** Plays a legal move's code: the next position and both traces. */
export function playCode(p: AbalonePosition, code: number): Played {
  const own = COLOUR_OF[p.toMove];
  const board = p.board.slice();
  const info = play(board, own, code);
  const off = pushedOff(info);
  const oppSide = SIDE_LETTER[other(own)];
  const marbleSteps: MarbleStep[] = [];
  if (off) marbleSteps.push({ op: "off", cell: holeName(offHole(code)), colour: oppSide });
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
  const position: AbalonePosition = {
    game: p.game,
    options: p.options,
    toMove: SIDE_LETTER[other(own)],
    board,
    off: off ? { ...p.off, [oppSide]: p.off[oppSide] + 1 } : p.off,
    moveCount: p.moveCount + 1,
    noPushCount: off ? 0 : p.noPushCount + 1,
  };
  return {
    position,
    marbleSteps,
    trace: sowingSteps(p.board, board, own, stillHoles(p.board, own, code)),
  };
}

/** Plays a move given in notation; the game must not be over (game.ts checks). */
export function applyMove(p: AbalonePosition, move: string): Result<Played> {
  const code = moveCode(p, move);
  return code.ok ? ok(playCode(p, code.value)) : code;
}
