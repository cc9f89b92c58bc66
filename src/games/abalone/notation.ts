/**
 * Abalone's move notation (abalone.md, "Notation" and its Clarification):
 *
 * - inline, a single marble included: the trailing marble's hole and the
 *   hole it moves to, `A1B2`; the group is that marble and every own marble
 *   directly ahead of it;
 * - broadside (two or three marbles): the two end holes in ascending name
 *   order, then the hole the first-named end moves to, `C3C5D3`.
 *
 * Only these spellings are moves: `C5C3D5` (ends descending), a last-end
 * destination, lower case or spaces are refused here, with the rule.
 */
import { err, ok, type Result } from "../../shared/index.js";
import { directionBetween, holeIndex, holeName, neighbour } from "./geometry.js";

export type AbaloneMove =
  | { readonly kind: "inline"; readonly from: number; readonly dir: number }
  | {
      readonly kind: "broadside";
      /** The first-named end (the lower hole name). */
      readonly first: number;
      /** The axis direction (0, 1 or 2) from the first end to the last. */
      readonly axis: number;
      /** Marbles in the line: 2 or 3. */
      readonly length: number;
      readonly dir: number;
    };

function refused(message: string): Result<never> {
  return err("illegal-move", `${message} (AB-2)`, { rule: "AB-2", field: "move" });
}

const HOLE = "([A-I][1-9])";
const INLINE = new RegExp(`^${HOLE}${HOLE}$`);
const BROADSIDE = new RegExp(`^${HOLE}${HOLE}${HOLE}$`);

function hole(name: string, move: string): Result<number> {
  const h = holeIndex(name);
  return h < 0 ? refused(`${move} names ${name}, which is not one of the 61 holes`) : ok(h);
}

/** The line from `first` to `last` along one axis: its axis and length, or null. */
function lineBetween(first: number, last: number): { axis: number; length: number } | null {
  for (let axis = 0; axis < 3; axis++) {
    let h = first;
    for (let length = 2; length <= 3; length++) {
      h = neighbour(h, axis);
      if (h < 0) break;
      if (h === last) return { axis, length };
    }
  }
  return null;
}

function parseBroadside(m: RegExpExecArray, move: string): Result<AbaloneMove> {
  const [first, last, to] = [
    hole(m[1] as string, move),
    hole(m[2] as string, move),
    hole(m[3] as string, move),
  ];
  if (!first.ok) return first;
  if (!last.ok) return last;
  if (!to.ok) return to;
  if (first.value >= last.value) {
    return refused(
      `${move}: a broadside move names its two end holes in ascending order (${m[2]} before ${m[1]} is not a spelling of a move)`,
    );
  }
  const line = lineBetween(first.value, last.value);
  if (line === null) {
    return refused(`${move}: ${m[1]} and ${m[2]} are not the ends of a line of two or three holes`);
  }
  const dir = directionBetween(first.value, to.value);
  if (dir < 0) {
    return refused(
      `${move}: ${m[3]} is not next to ${m[1]}; the last hole is where the first-named end moves`,
    );
  }
  if (dir % 3 === line.axis) {
    return refused(
      `${move} moves the line along itself; an inline move is written as its trailing marble and where it goes`,
    );
  }
  return ok({ kind: "broadside", first: first.value, axis: line.axis, length: line.length, dir });
}

/** Reads a move in the one spelling the rules give it. */
export function parseMove(move: string): Result<AbaloneMove> {
  const inline = INLINE.exec(move);
  if (inline !== null) {
    const from = hole(inline[1] as string, move);
    if (!from.ok) return from;
    const to = hole(inline[2] as string, move);
    if (!to.ok) return to;
    const dir = directionBetween(from.value, to.value);
    if (dir < 0)
      return refused(`${move}: ${inline[2]} is not next to ${inline[1]}; a marble moves one hole`);
    return ok({ kind: "inline", from: from.value, dir });
  }
  const broadside = BROADSIDE.exec(move);
  if (broadside !== null) return parseBroadside(broadside, move);
  return refused(
    `${JSON.stringify(move)} is not a move: inline moves are written as the trailing marble's hole and where it goes (A1B2), broadside ones as both end holes and where the first goes (C3C5D3)`,
  );
}

/** A move written as the rules write it. */
export function formatMove(m: AbaloneMove): string {
  if (m.kind === "inline") return holeName(m.from) + holeName(neighbour(m.from, m.dir));
  let last = m.first;
  for (let i = 1; i < m.length; i++) last = neighbour(last, m.axis);
  return holeName(m.first) + holeName(last) + holeName(neighbour(m.first, m.dir));
}

/** A typed move (any case, stray spaces) in the notation's spelling; other text as it is. */
export function normaliseMove(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}
