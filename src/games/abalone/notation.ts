/**
 * Abalone's move notation (abalone.md, "Notation" and its Clarification):
 *
 * - inline, a single marble included: the trailing marble's hole and the
 *   hole it moves to, `A1B2`; the group is that marble and every own marble
 *   directly ahead of it;
 * - broadside (two or three marbles): the two end holes in ascending name
 *   order, then the hole the first-named end moves to, `C3C5D3`.
 *
 * - shield (AB-9.7): the triangle's three holes in ascending name order,
 *   then the hole the first-named marble moves to, `C3C4D4C2`;
 * - rotation (AB-9.7): the lance's or arc's three holes in ascending name
 *   order, then the hole the first-named END marble (not the middle one)
 *   moves to, `E4E5E6F5` (E4 turns round E5 to F5, E6 to D5).
 *
 * Only these spellings are moves: `C5C3D5` (ends descending), a last-end
 * destination, lower case or spaces are refused here, with the rule.
 * (docs/spec/engine-protocol-abalone-variants.md writes the shapes' notation.)
 */
import { err, ok, type Result } from "../../shared/index.js";
import { directionBetween, holeIndex, holeName, neighbour } from "./geometry.js";
import {
  encodeRotation,
  encodeShield,
  moveKind,
  rotationMoves,
  rotationParts,
  shieldDir,
  shieldHoles,
  KIND_ROTATION,
  KIND_SHIELD,
} from "./variants.js";
import type { GameError } from "../core/errors.js";

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
    }
  /** AB-9.7: a shape move, as its move code (variants.ts: encodeShield, encodeRotation). */
  | { readonly kind: "shape"; readonly code: number };

function refused(message: string): Result<never, GameError> {
  return err("illegal-move", `${message} (AB-2)`, { rule: "AB-2", field: "move" });
}

const HOLE = "([A-I][1-9])";
const INLINE = new RegExp(`^${HOLE}${HOLE}$`);
const BROADSIDE = new RegExp(`^${HOLE}${HOLE}${HOLE}$`);
const SHAPE = new RegExp(`^${HOLE}${HOLE}${HOLE}${HOLE}$`);

function shapeRefused(message: string): Result<never, GameError> {
  return err("illegal-move", `${message} (AB-9.7)`, { rule: "AB-9.7", field: "move" });
}

/** A shield or rotation written `C3C4D4C2` / `E4E5E6F5` (AB-9.7), as its move code. */
function parseShape(m: RegExpExecArray, move: string): Result<AbaloneMove, GameError> {
  const holes: number[] = [];
  for (const name of [m[1], m[2], m[3], m[4]] as string[]) {
    const h = hole(name, move);
    if (!h.ok) return h;
    holes.push(h.value);
  }
  const [x, y, z, to] = holes as [number, number, number, number];
  if (!(x < y && y < z)) {
    return shapeRefused(
      `${move}: a shield or rotation names its three marbles' holes in ascending order, then where the first-named (end) marble goes`,
    );
  }
  const near = (a: number, b: number) => directionBetween(a, b) >= 0;
  if (near(x, y) && near(y, z) && near(x, z)) {
    const dir = directionBetween(x, to);
    if (dir < 0) {
      return shapeRefused(
        `${move}: ${m[4]} is not next to ${m[1]}; a shield names where its first marble moves, one hole`,
      );
    }
    const type = directionBetween(x, y) === 0 ? 0 : 1;
    return ok({ kind: "shape", code: encodeShield(x, type, dir) });
  }
  const middle = [x, y, z].find((h) => [x, y, z].every((o) => o === h || near(h, o)));
  if (middle === undefined) {
    return shapeRefused(
      `${move}: ${m[1]} ${m[2]} ${m[3]} are not a triangle (shield), nor a line or obtuse corner of three (rotation)`,
    );
  }
  const ends = [x, y, z].filter((h) => h !== middle) as [number, number];
  const da = directionBetween(middle, ends[0]);
  const dc = directionBetween(middle, ends[1]);
  const dt = directionBetween(middle, to);
  const step = dt < 0 ? -1 : (dt - da + 6) % 6;
  if (step !== 1 && step !== 5) {
    return shapeRefused(
      `${move}: a rotation turns ${holeName(ends[0])}, its first-named end, one step round ${holeName(middle)}; ${m[4]} is not where it goes`,
    );
  }
  // The ends in ascending direction order; `step` 1 turns both the way directions ascend.
  const a = Math.min(da, dc);
  const c = Math.max(da, dc);
  return ok({ kind: "shape", code: encodeRotation(middle, a, c, step === 1 ? 1 : 0) });
}

function hole(name: string, move: string): Result<number, GameError> {
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

function parseBroadside(m: RegExpExecArray, move: string): Result<AbaloneMove, GameError> {
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
export function parseMove(move: string): Result<AbaloneMove, GameError> {
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
  const shape = SHAPE.exec(move);
  if (shape !== null) return parseShape(shape, move);
  return refused(
    `${JSON.stringify(move)} is not a move: inline moves are written as the trailing marble's hole and where it goes (A1B2), broadside ones as both end holes and where the first goes (C3C5D3), with shapes (AB-9.7) a shield or rotation as its three holes and where the first goes (C3C4D4C2, E4E5E6F5)`,
  );
}

/** A move written as the rules write it. */
export function formatMove(m: AbaloneMove): string {
  if (m.kind === "shape") return shapeString(m.code);
  if (m.kind === "inline") return holeName(m.from) + holeName(neighbour(m.from, m.dir));
  let last = m.first;
  for (let i = 1; i < m.length; i++) last = neighbour(last, m.axis);
  return holeName(m.first) + holeName(last) + holeName(neighbour(m.first, m.dir));
}

/** A typed move (any case, stray spaces) in the notation's spelling; other text as it is. */
export function normaliseMove(text: string): string {
  return text.replace(/\s+/g, "").toUpperCase();
}

/** A shield or rotation code written as the notation writes it (AB-9.7). */
export function shapeString(code: number): string {
  if (moveKind(code) === KIND_SHIELD) {
    const holes = shieldHoles(code);
    const to = neighbour(holes[0], shieldDir(code));
    return [...holes, to].map(holeName).join("");
  }
  if (moveKind(code) !== KIND_ROTATION) throw new Error(`move code ${code} is no shape`);
  const { middle } = rotationParts(code);
  const turns = rotationMoves(code).sort((p, q) => p[0] - q[0]);
  const holes = [middle, turns[0][0], turns[1][0]].sort((p, q) => p - q);
  return [...holes, turns[0][1]].map(holeName).join("");
}
