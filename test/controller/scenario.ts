/**
 * Hand-built scenarios: boards after each step of a trace, positions from
 * JSON, and a session helper that reports the reading a mistake came at.
 */
import { findGame } from "../../src/games/index.js";
import type { Game, Position, Trace } from "../../src/games/core/types.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { countsAlong } from "../../src/games/core/trace.js";
import { PITS_4X8, counts, startSession, type Session } from "./harness.js";

export type Board = number[];

export function gameOf(id: string): Game<Position> {
  const g = findGame(id);
  if (g === undefined) throw new Error(id);
  return g as Game<Position>;
}

export function initial(id: string, options: Readonly<Record<string, unknown>> = {}): Position {
  const r = gameOf(id).initial(options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A position from rows of digits/counts, e.g. pits("22222222", "12220000", …). */
export function positionFrom(
  id: string,
  rows: { A: number[]; B: number[]; C: number[]; D: number[] },
  toMove = "S",
  options: Readonly<Record<string, unknown>> = {},
): Position {
  const g = gameOf(id);
  const base = g.positionToJSON(initial(id, options));
  const r = g.parsePosition({ ...base, toMove, pits: rows });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export const at = (pit: string): number => PITS_4X8.indexOf(pit);

/** Boards after each step of a trace (index 0: after the first step). */
export function stepBoards(before: Board, trace: Trace): Board[] {
  return countsAlong(PITS_4X8, before, trace);
}

export function change(board: Board, deltas: Record<string, number>): Board {
  const b = board.slice();
  for (const [pit, d] of Object.entries(deltas)) b[at(pit)]! += d;
  return b;
}

export function traceOf(p: Position, move: string): Trace {
  const r = gameOf(p.game).apply(p, move);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.trace;
}

export function session(
  p: Position,
  opts: Readonly<Record<string, unknown>> = {},
  policy?: string,
  guidance = true,
): Session {
  const game = gameOf(p.game);
  return startSession(
    game,
    p,
    { ...p.options, ...opts },
    {
      settings: { onMistake: (policy ?? null) as never, guidance },
    },
  );
}

export function boardOf(p: Position): Board {
  return counts(gameOf(p.game), p);
}

/** Feeds settled boards; returns the index of the board that raised the first mistake (or -1) and the mistake. */
export function feed(
  s: Session,
  boards: readonly Board[],
): { index: number; mistake: Extract<ControllerEvent, { type: "mistake" }> | null } {
  for (let i = 0; i < boards.length; i++) {
    const before = s.events.length;
    s.link.settled(boards[i]!);
    const m = s.events.slice(before).find((e) => e.type === "mistake");
    if (m !== undefined && m.type === "mistake") return { index: i, mistake: m };
  }
  return { index: -1, mistake: null };
}
