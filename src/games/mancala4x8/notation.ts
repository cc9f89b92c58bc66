/**
 * Move notation of the four-row games (mancala-4x8.md, "Notation"):
 * start pit, direction (`+` clockwise, `-` counter-clockwise), and with
 * optional captures `/` and one character per capture opportunity met
 * (`x` taken, `.` declined): `B3+`, `A8-`, `B3+/x.x`.
 */
import { ok, type Result } from "../../shared/index.js";
import {
  CCW,
  CW,
  DIRECTION_SIGNS,
  PIT_NAMES,
  PIT_PATTERN,
  pitIndex,
  type Direction,
} from "../fourrow/geometry.js";
import { CHOICE_CHARS, DECLINE, TAKE } from "./turn.js";
import type { GameError } from "../core/errors.js";
import { notAMove } from "../fourrow/notation.js";

export interface FourRowMove {
  readonly start: number;
  readonly dir: Direction;
  /** DECLINE / TAKE per capture opportunity, in order. */
  readonly choices: readonly number[];
}

const MOVE_SHAPE = new RegExp(`^(${PIT_PATTERN})([+-])(?:/([x.]+))?$`);

export function parseMove(text: string): Result<FourRowMove, GameError> {
  const m = MOVE_SHAPE.exec(text);
  if (m === null) {
    return notAMove(
      text,
      "is not a move: write the start pit, + or - for the direction, and for optional captures / then x or . per opportunity (e.g. B3+, A8-, B3+/x.)",
    );
  }
  const choices = [...(m[3] ?? "")].map((c) => (c === "x" ? TAKE : DECLINE));
  return ok({ start: pitIndex(m[1] as string), dir: m[2] === "+" ? CW : CCW, choices });
}

export function formatMove(move: FourRowMove): string {
  const head = `${PIT_NAMES[move.start]}${DIRECTION_SIGNS[move.dir]}`;
  if (move.choices.length === 0) return head;
  return `${head}/${move.choices.map((c) => CHOICE_CHARS[c]).join("")}`;
}

/** Notation straight from a runner's choice buffer (no intermediate arrays). */
export function formatMoveParts(
  start: number,
  dir: Direction,
  choices: Uint8Array,
  count: number,
): string {
  let s = `${PIT_NAMES[start]}${DIRECTION_SIGNS[dir]}`;
  if (count > 0) {
    s += "/";
    for (let i = 0; i < count; i++) s += CHOICE_CHARS[choices[i]];
  }
  return s;
}
