/**
 * Abalone behind the `Game` interface (abalone.md): positions of marbles on
 * the 61 holes, moves in the rules' one spelling listed in move-string
 * order, apply with the rule of every refusal, the end of the game (AB-6,
 * AB-7), perft and random play without building moves.
 *
 * The controller follows Abalone on a hex61 board (holes reading empty /
 * black / white) through the controller-facing members: `layout` (holes
 * owned by neither side, never sown), `ruleBook`, `refusal`, `withBoard`,
 * `misplay` (misplay.ts: a board no legal move reaches, read as the push a
 * player made, with its rule), and the sowing-step `trace` with
 * `sensorSteps` (apply.ts: each hole the move's marbles leave or enter as
 * the marble that leaves it and the one that arrives, on the `E5:b`
 * readings, all free since the marbles of a move move at once). The engine
 * protocol's own Abalone trace (`off`, `hole`) comes from `protocolTrace`.
 */
import { HOLE_READINGS, err, ok, readingNames, type Result } from "../../shared/index.js";
import type { BoardLayout } from "../core/board.js";
import {
  gameOverError,
  type BoardAct,
  type Misplay,
  type Refusal,
  type RuleBook,
} from "../core/rules.js";
import type {
  BoardChange,
  Game,
  LegalMove,
  LegalMoves,
  MarbleStep,
  OptionSpec,
  Outcome,
  Played,
  SensorStep,
  SensorView,
  Side,
  Slip,
  TraceStep,
} from "../core/types.js";
import { applyMove, playCode } from "./apply.js";
import {
  ABALONE_LAYOUT,
  CELL_LETTER,
  COLOUR_OF,
  EMPTY,
  HOLES,
  HOLE_COUNT,
  MARBLE,
  READING_OFFSET,
  SIDE_NAME,
  cellOfReadings,
  holeIndex,
} from "./geometry.js";
import { misplayOf } from "./misplay.js";
import { moveAxis, moveDir, moveFrom, moveLength } from "./moves.js";
import { formatMove, normaliseMove, shapeString } from "./notation.js";
import { outcomeOf } from "./outcome.js";
import {
  GAME_ID,
  OPTION_SPECS,
  initialPosition,
  optionsToJSON,
  parsePosition,
  positionToJSON,
  readOptions,
  type AbalonePosition,
} from "./position.js";
import { perftOf, playoutOf } from "./search.js";
import { slipOf } from "./slips.js";
import { MAX_VARIANT_MOVES, generateMoves, moveKind, moveRules, movedHoles } from "./variants.js";
import type { GameError } from "../core/errors.js";
import type { AbaloneSide } from "./geometry.js";

const READINGS = readingNames("hex61");
/** Marbles of each colour (AB-1). */
const MARBLES_A_SIDE = 14;

/** AB-9.4's obstacles and AB-9.5's traps among `options` (read as given; validated elsewhere). */
function markedOf(
  options: Readonly<Record<string, unknown>> | undefined,
): { readonly place: string; readonly kind: "obstacle" | "trap" }[] {
  const holes = (v: unknown): string[] =>
    Array.isArray(v) ? v.filter((h): h is string => typeof h === "string") : [];
  return [
    ...holes(options?.obstacles).map((place) => ({ place, kind: "obstacle" as const })),
    ...holes(options?.traps).map((place) => ({ place, kind: "trap" as const })),
  ];
}

/** A move code written in notation. */
export function moveString(code: number): string {
  if (moveKind(code) !== 0) return shapeString(code);
  const length = moveLength(code);
  return length === 0
    ? formatMove({ kind: "inline", from: moveFrom(code), dir: moveDir(code) })
    : formatMove({
        kind: "broadside",
        first: moveFrom(code),
        axis: moveAxis(code),
        length,
        dir: moveDir(code),
      });
}

/** The legal move codes of a position whose game goes on, sorted by move string. */
function sortedMoves(p: AbalonePosition): { code: number; move: string }[] {
  const buf = new Int32Array(MAX_VARIANT_MOVES);
  const n = generateMoves(p.board, moveRules(p.options), COLOUR_OF[p.toMove], buf);
  const out: { code: number; move: string }[] = [];
  for (let i = 0; i < n; i++)
    out.push({ code: buf[i] as number, move: moveString(buf[i] as number) });
  return out.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}

function materialize(p: AbalonePosition, code: number, move: string): LegalMove<AbalonePosition> {
  const played = playCode(p, code);
  return { move, position: played.position, trace: played.trace };
}

export class AbaloneGame implements Game<AbalonePosition> {
  readonly id = GAME_ID;
  readonly title = "Abalone";
  readonly optionSpecs: readonly OptionSpec[] = OPTION_SPECS;
  readonly layout: BoardLayout<AbaloneSide> = ABALONE_LAYOUT;

  initial(options?: Readonly<Record<string, unknown>>): Result<AbalonePosition, GameError> {
    const read = readOptions(options, "options");
    return read.ok ? initialPosition(read.value) : read;
  }

  parsePosition(json: unknown): Result<AbalonePosition, GameError> {
    return parsePosition(json);
  }

  positionToJSON(position: AbalonePosition): Record<string, unknown> {
    return positionToJSON(position);
  }

  legal(position: AbalonePosition, limit = 100_000): LegalMoves<AbalonePosition> {
    if (outcomeOf(position) !== null) return { moves: [], truncated: false };
    const all = sortedMoves(position);
    const moves = all
      .slice(0, Math.max(0, limit))
      .map((m) => materialize(position, m.code, m.move));
    return { moves, truncated: all.length > moves.length };
  }

  normaliseMove(text: string): string {
    return normaliseMove(text);
  }

  apply(position: AbalonePosition, move: string): Played<AbalonePosition> {
    const over = outcomeOf(position);
    if (over !== null) return gameOverError(over, over.rule);
    const played = applyMove(position, move);
    return played.ok ? ok({ position: played.value.position, trace: played.value.trace }) : played;
  }

  /** The engine protocol's trace of a legal move (`off`, then `hole` steps); empty for an illegal one. */
  protocolTrace(position: AbalonePosition, move: string): readonly MarbleStep[] {
    const played = applyMove(position, move, false);
    return played.ok ? played.value.marbleSteps : [];
  }

  /** Each hole's marble on its reading (`E5:b`, `E5:w`, the neutral `E5:n`, a single-colour `E5:x`). */
  sensorView(position: AbalonePosition): SensorView {
    const counts = new Array<number>(READINGS.length).fill(0);
    for (let h = 0; h < HOLE_COUNT; h++) {
      const v = position.board[h] as number;
      if (v !== EMPTY) counts[h * HOLE_READINGS + (READING_OFFSET[v] as number)] = 1;
    }
    return { geometry: "hex61", pits: READINGS, counts };
  }

  /**
   * Each step on the reading of its hole and colour (`E5:b`); all free, as
   * the marbles of one move change their holes at once (engine-protocol.md).
   */
  sensorSteps(step: TraceStep): readonly SensorStep[] {
    switch (step.op) {
      case "lift":
        return [{ op: "lift", reading: `${step.pit}:${step.gems?.[0] ?? ""}`, n: 1, free: true }];
      case "capture":
        return [{ op: "capture", reading: `${step.pit}:${step.gem ?? ""}`, n: 1, free: true }];
      case "sow":
        return [{ op: "sow", reading: `${step.pit}:${step.bead ?? ""}`, n: 1, free: true }];
      case "place":
        // Abalone has no reserve: its traces never place.
        return [];
    }
  }

  ruleBook(options?: Readonly<Record<string, unknown>>): RuleBook {
    const marked = markedOf(options);
    return {
      ...(marked.length === 0 ? {} : { marked }),
      turnOrder: "AB-2",
      sowing: "AB-2",
      keepDirection: "AB-2",
      direction: null,
      fixedDirection: null,
      relay: null,
      start: "AB-2",
      stageLimit: null,
      capture: "AB-5",
      captureAgain: null,
      capturedSowing: null,
      placement: null,
      penalty: null,
      flagFall: "AB-7",
      refusedPolicies: {
        penalty5:
          "penalty5 cannot apply to Abalone: its rules (AB-1…AB-7) have no penalty and no stones to hand over; choose retry, forfeit or truncate",
      },
    };
  }

  /** A start is moving a marble: refused when the hole holds none of the mover's, or no legal move moves it. */
  refusal(position: AbalonePosition, act: BoardAct): Refusal | null {
    const over = outcomeOf(position);
    if (over !== null)
      return { reason: "other", rule: over.rule, message: `the game is over (${over.reason})` };
    if (act.kind === "place") {
      return {
        reason: "placement",
        rule: "AB-2",
        message: `no marble is put onto the board from outside, as at ${act.place} (AB-2)`,
      };
    }
    const h = holeIndex(act.place);
    const mover = SIDE_NAME[position.toMove];
    const rules = moveRules(position.options);
    const side = COLOUR_OF[position.toMove];
    if (h < 0 || position.board[h] !== (rules.single ? MARBLE : side)) {
      return {
        reason: "not-own",
        rule: "AB-2",
        message: `${act.place} holds no marble of ${mover}, who is to move (AB-2)`,
      };
    }
    const buf = new Int32Array(MAX_VARIANT_MOVES);
    const n = generateMoves(position.board, rules, side, buf);
    for (let i = 0; i < n; i++)
      if (movedHoles(position.board, rules, side, buf[i] as number).includes(h)) return null;
    return {
      reason: "other",
      rule: "AB-2",
      message: `no legal move of ${mover} moves the marble in ${act.place} (AB-2)`,
    };
  }

  /** A settled board no legal move explains, read as the push a player made and its rule (misplay.ts). */
  misplay(position: AbalonePosition, counts: readonly number[]): Misplay | null {
    return misplayOf(position, counts);
  }

  /**
   * Another board (readings in `sensorView` order) and/or side to move, the
   * counters and `off` kept; validated as `parsePosition` validates (a
   * changed marble total is an error). A turn passed on the same board keeps
   * `moveCount` as it is: no move was played (AB-7 counts moves).
   */
  withBoard(position: AbalonePosition, change: BoardChange): Result<AbalonePosition, GameError> {
    const json = positionToJSON(position);
    if (change.counts !== undefined) {
      if (!Array.isArray(change.counts) || change.counts.length !== READINGS.length) {
        return err(
          "bad-position",
          `counts must be the ${READINGS.length} readings of the hex61 board`,
          { field: "counts" },
        );
      }
      const cells: Record<string, string> = {};
      for (let h = 0; h < HOLE_COUNT; h++) {
        const cell = cellOfReadings(change.counts, h * HOLE_READINGS);
        if (cell === -1) {
          const at = change.counts.slice(h * HOLE_READINGS, (h + 1) * HOLE_READINGS);
          return err(
            "bad-position",
            `hole ${HOLES[h] as string} reads ${at.join(", ")} (b, w, n, x); a hole holds one marble or none`,
            { field: "counts" },
          );
        }
        if (cell !== EMPTY) cells[HOLES[h] as string] = CELL_LETTER[cell];
      }
      json.cells = cells;
    }
    if (change.toMove !== undefined) json.toMove = change.toMove;
    return parsePosition(json);
  }

  outcome(position: AbalonePosition): Outcome<AbaloneSide> | null {
    const over = outcomeOf(position);
    return over === null
      ? null
      : { winner: over.winner, reason: over.reason, text: over.text, score: over.score };
  }

  /** A hand's mistake for simulated players, with the rule kete must name (slips.ts). */
  slip(position: AbalonePosition, random: () => number): Slip | null {
    return outcomeOf(position) === null ? slipOf(position, random) : null;
  }

  startsFromBoard(options: Readonly<Record<string, unknown>>): boolean {
    return options.start === "board";
  }

  /**
   * AB-9.3, `start: "board"`: the board as set up is the start; marbles
   * missing from 14 a colour count as pushed off (in the single-colour game
   * the missing of 28 are shared, Black's half rounded up).
   */
  fromBoard(
    options: Readonly<Record<string, unknown>>,
    counts: readonly number[],
    toMove: Side,
  ): Result<AbalonePosition, GameError> {
    const read = readOptions(options, "options");
    if (!read.ok) return read;
    const cells: Record<string, string> = {};
    const on: Record<string, number> = { b: 0, w: 0, n: 0, x: 0 };
    for (let h = 0; h < HOLE_COUNT; h++) {
      const cell = cellOfReadings(counts, h * HOLE_READINGS);
      if (cell === -1) {
        return err("bad-position", `hole ${HOLES[h] as string} reads two marbles at once`, {
          field: "counts",
        });
      }
      if (cell === EMPTY) continue;
      cells[HOLES[h] as string] = CELL_LETTER[cell];
      on[CELL_LETTER[cell]] = (on[CELL_LETTER[cell]] ?? 0) + 1;
    }
    const o = read.value;
    const missing = 2 * MARBLES_A_SIDE - (on.x ?? 0);
    const off = o.singleColour
      ? { b: Math.ceil(missing / 2), w: Math.floor(missing / 2) }
      : { b: MARBLES_A_SIDE - (on.b ?? 0), w: MARBLES_A_SIDE - (on.w ?? 0) };
    return parsePosition({
      game: GAME_ID,
      options: optionsToJSON(o),
      toMove,
      cells,
      off,
      moveCount: 0,
      noPushCount: 0,
      ...(o.teams === null ? {} : { seat: { b: 0, w: 0 } }),
      ...(o.neutral === null ? {} : { neutralOffBy: null }),
    });
  }

  /** AB-9.1: the member of `side`'s team who makes its next move (null without teams). */
  seat(position: AbalonePosition, side: Side): number | null {
    return position.seat === null || (side !== "b" && side !== "w") ? null : position.seat[side];
  }

  /** AB-9.2: the single-colour game reads every marble but the neutral one as one kind (`x`). */
  readsPresence(position: AbalonePosition): boolean {
    return position.options.singleColour;
  }

  perft(position: AbalonePosition, depth: number): number {
    return perftOf(position, depth);
  }

  randomMove(position: AbalonePosition, random: () => number): LegalMove<AbalonePosition> | null {
    if (outcomeOf(position) !== null) return null;
    const buf = new Int32Array(MAX_VARIANT_MOVES);
    const n = generateMoves(
      position.board,
      moveRules(position.options),
      COLOUR_OF[position.toMove],
      buf,
    );
    const code = buf[Math.floor(random() * n)] as number;
    return materialize(position, code, moveString(code));
  }

  playout(position: AbalonePosition, random: () => number, maxPlies: number): number {
    return playoutOf(position, random, maxPlies);
  }
}
