/**
 * Checks of the `Game` contract that the property tests of every game family
 * make on a position and its legal list, written once: listed moves apply to
 * the same result, random moves come from the list, the legal list's prefix
 * and truncation, and the JSON round trip.
 */
import fc from "fast-check";
import { expect } from "vitest";
import type { Game, LegalMove, Position } from "../../src/games/core/types.js";

/** Reads a generated JSON position; a refusal is the generator's fault and fails the run. */
export function setup(game: Game, json: unknown): { game: Game; position: Position } {
  const r = game.parsePosition(json);
  if (!r.ok) throw new Error(`generated position refused: ${r.error.message}`);
  return { game, position: r.value };
}

/** A property over generated JSON positions, each handed to `check` as JSON and parsed by its game. */
export function propertyOver<J extends { game: string }>(
  arb: fc.Arbitrary<J>,
  gameOf: (id: string) => Game,
  check: (json: J, game: Game, position: Position) => void,
  runs: number,
): void {
  const parsed = (json: J) => {
    const { game, position } = setup(gameOf(json.game), json);
    check(json, game, position);
  };
  fc.assert(fc.property(arb, parsed), { numRuns: runs });
}

/** apply(move) of each listed move gives the same position and trace as legal. */
export function expectApplyAsListed(
  game: Game,
  position: Position,
  moves: readonly LegalMove<Position>[],
): void {
  for (const m of moves) {
    const r = game.apply(position, m.move);
    if (!r.ok) throw new Error(`${m.move} listed but refused: ${r.error.message}`);
    expect(r.value.position).toEqual(m.position);
    expect(r.value.trace).toEqual(m.trace);
  }
}

/** Three randomMove draws: each one of the listed moves (same position and trace), null iff none. */
export function expectRandomMovesListed(
  game: Game,
  position: Position,
  moves: readonly LegalMove<Position>[],
  random: () => number,
): void {
  for (let i = 0; i < 3; i++) {
    const r = game.randomMove(position, random);
    if (moves.length === 0) {
      expect(r).toBeNull();
      continue;
    }
    if (r === null) throw new Error("randomMove gave null with legal moves");
    const listed = moves.find((m) => m.move === r.move);
    expect(listed, r.move).toBeDefined();
    expect(r.position).toEqual(listed?.position);
    expect(r.trace).toEqual(listed?.trace);
  }
}

/** legal(position, k) is the first k of the full list, truncated iff the list is longer. */
export function expectLegalPrefix(
  game: Game,
  position: Position,
  moves: readonly LegalMove<Position>[],
  k: number,
): void {
  const part = game.legal(position, k);
  expect(part.moves).toEqual(moves.slice(0, k));
  expect(part.truncated).toBe(moves.length > k);
}

/** positionToJSON gives back the generated JSON, and parsing it through JSON.stringify gives the position. */
export function expectJsonRoundTrip(game: Game, position: Position, json: unknown): void {
  const out = game.positionToJSON(position);
  expect(out).toEqual(json);
  const again = game.parsePosition(JSON.parse(JSON.stringify(out)));
  if (!again.ok) throw new Error(again.error.message);
  expect(again.value).toEqual(position);
  expect(game.positionToJSON(again.value)).toEqual(out);
}

/** Applies `move` (a refusal fails the test) and checks legal lists it with the same position and trace. */
export function applyAsListed(game: Game, position: Position, move: string) {
  const r = game.apply(position, move);
  if (!r.ok) throw new Error(`${move} refused: ${r.error.message}`);
  const listed = game.legal(position).moves.find((m) => m.move === move);
  expect(listed, `${move} listed by legal`).toBeDefined();
  expect(listed?.trace).toEqual(r.value.trace);
  expect(listed?.position).toEqual(r.value.position);
  return r.value;
}

/** formatMove(parseMove(s)) = s for each listed move string. */
export function expectNotationRoundTrip<M>(
  moves: readonly LegalMove<Position>[],
  parseMove: (text: string) => { ok: true; value: M } | { ok: false; error: { message: string } },
  formatMove: (move: M) => string,
): void {
  for (const m of moves) {
    const p = parseMove(m.move);
    if (!p.ok) throw new Error(p.error.message);
    expect(formatMove(p.value)).toBe(m.move);
  }
}
