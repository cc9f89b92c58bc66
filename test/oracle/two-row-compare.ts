/**
 * Shared by the Kalah and Oware oracle comparisons: one position's JSON
 * read by the engine and compared with the oracle's reading of the rules.
 */
import { expect } from "vitest";
import type { Game, Outcome, Position } from "../../src/games/core/types.js";

/** The twelve pits of the 2x6+2 board, South's row first. */
export const TWO_ROW_PITS = [
  "A1",
  "A2",
  "A3",
  "A4",
  "A5",
  "A6",
  "B1",
  "B2",
  "B3",
  "B4",
  "B5",
  "B6",
];

/** One listed move as both sides write it. */
export interface OracleMove<J> {
  readonly move: string;
  readonly position: J;
  readonly trace: readonly unknown[];
}

/** The engine's position of `json` (a test's own JSON: a refusal is thrown). */
export function parseFor(game: Game, json: unknown): Position {
  const parsed = game.parsePosition(json);
  if (!parsed.ok) throw new Error(`${parsed.error.message} in ${JSON.stringify(json)}`);
  return parsed.value;
}

/**
 * `json` through the engine and the oracle: the JSON round-trips, both list the
 * same moves (order, positions, traces; `agreed`) and end the game the same way.
 */
export function compareWithOracle<J, M extends OracleMove<J>>(
  game: Game,
  json: J,
  oracleLegal: (json: J) => readonly M[],
  oracleOutcome: (json: J) => unknown,
): { readonly want: readonly M[]; readonly outcome: Outcome | null; readonly agreed: boolean } {
  const p = parseFor(game, json);
  expect(game.positionToJSON(p)).toEqual(json);
  const want = oracleLegal(json);
  const got = game.legal(p).moves.map((m) => ({
    move: m.move,
    position: game.positionToJSON(m.position),
    trace: m.trace,
  }));
  const agreed = JSON.stringify(got) === JSON.stringify(want);
  if (!agreed) expect(got, JSON.stringify(json)).toEqual(want);
  const outcome = game.outcome(p);
  expect(outcome === null ? null : { winner: outcome.winner, score: outcome.score }).toEqual(
    oracleOutcome(json),
  );
  return { want, outcome, agreed };
}
