/**
 * Mistakes a hand makes at the Abalone board, for simulated players
 * (`Game.slip`): each a physical change of the board that no legal move
 * makes, nor passes through, and the rule kete must name it by. Under
 * AB-9's options the hand breaks the option's own rule where the board
 * allows: a marble moved onto an obstacle (AB-9.4) or into a trap (AB-9.5),
 * the neutral marble moved by hand (AB-9.6), a shield that pushes a marble
 * (AB-9.7: shields and rotations never push); otherwise a broadside into an
 * occupied hole (AB-4) or one marble pushing one (AB-5). (A marble of the
 * side not to move, moved, may be its last move still pending, which kete
 * rightly takes as such: no slip of that kind.) A marble pushed over the edge by a slip would look, settled, like
 * one held in the hand, so no slip pushes one off.
 */
import type { MarbleStep, Slip } from "../core/types.js";
import {
  CELL_LETTER,
  COLOUR_OF,
  EMPTY,
  HOLE_COUNT,
  NEUTRAL,
  NEXT,
  holeName,
  type Cell,
} from "./geometry.js";
import type { AbalonePosition } from "./position.js";
import {
  FREE,
  MAX_VARIANT_MOVES,
  OBSTACLE,
  generateMoves,
  moveRules,
  ownValue,
  playMove,
} from "./variants.js";

const next = (h: number, d: number): number => NEXT[h * 6 + d] as number;

/** The hole steps that turn `before` into `after` (hole name order). */
function stepsOf(before: Uint8Array, after: Uint8Array): MarbleStep[] {
  const steps: MarbleStep[] = [];
  for (let h = 0; h < HOLE_COUNT; h++) {
    if (before[h] === after[h]) continue;
    steps.push({
      op: "hole",
      cell: holeName(h),
      from: CELL_LETTER[before[h] as Cell],
      to: CELL_LETTER[after[h] as Cell],
    });
  }
  return steps;
}

/** The boards every legal move leaves. */
function legalResults(p: AbalonePosition): Uint8Array[] {
  const rules = moveRules(p.options);
  const side = COLOUR_OF[p.toMove];
  const buf = new Int32Array(MAX_VARIANT_MOVES);
  const n = generateMoves(p.board, rules, side, buf);
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const b = p.board.slice();
    playMove(b, rules, side, buf[i] as number);
    out.push(b);
  }
  return out;
}

/**
 * Whether a board lies on the way of a legal move: every hole it changes
 * holds what some legal move leaves there (a marble carried front first,
 * part of a push), so kete rightly waits for the rest rather than call it.
 */
function onTheWay(before: Uint8Array, after: Uint8Array, legal: readonly Uint8Array[]): boolean {
  const changed: number[] = [];
  for (let h = 0; h < HOLE_COUNT; h++) if (before[h] !== after[h]) changed.push(h);
  return legal.some((l) => changed.every((h) => l[h] === after[h]));
}

interface Candidate {
  readonly what: string;
  readonly rule: string;
  readonly after: Uint8Array;
}

/** Every slip of the kinds the position's options call for (see the file comment). */
function candidates(p: AbalonePosition): Candidate[] {
  const rules = moveRules(p.options);
  const side = COLOUR_OF[p.toMove];
  const own = ownValue(rules, side);
  const board = p.board;
  const moved = (changes: readonly [number, number][]): Uint8Array => {
    const b = board.slice();
    for (const [from] of changes) b[from] = EMPTY;
    for (const [from, to] of changes) b[to] = board[from] as number;
    return b;
  };
  const special: Candidate[] = [];
  const plain: Candidate[] = [];
  const legal = legalResults(p);
  for (let h = 0; h < HOLE_COUNT; h++) {
    const here = board[h] as number;
    for (let d = 0; d < 6; d++) {
      const to = next(h, d);
      if (to < 0) continue;
      // AB-9.4, AB-9.5: an own marble rolled onto an obstacle or into a trap (it stays there).
      if (here === own && board[to] === EMPTY && rules.holes[to] !== FREE) {
        const obstacle = rules.holes[to] === OBSTACLE;
        special.push({
          what: `${holeName(h)} rolled ${obstacle ? "onto the obstacle" : "into the trap"} ${holeName(to)}`,
          rule: obstacle ? "AB-9.4" : "AB-9.5",
          after: moved([[h, to]]),
        });
      }
      // AB-9.6: the neutral marble moved by hand, with no own marble beside it
      // (a line of the mover's touching it could be pushing it, front first).
      const touched = [0, 1, 2, 3, 4, 5].some((e) => next(h, e) >= 0 && board[next(h, e)] === own);
      if (here === NEUTRAL && !touched && board[to] === EMPTY && rules.holes[to] === FREE) {
        special.push({
          what: `the neutral marble moved by hand from ${holeName(h)} to ${holeName(to)}`,
          rule: "AB-9.6",
          after: moved([[h, to]]),
        });
      }
      // AB-5: one marble (nothing own behind it) pushing one, into an empty free hole.
      const back = next(h, (d + 3) % 6);
      const beyond = next(to, d);
      if (
        !rules.single &&
        here === own &&
        (back < 0 || board[back] !== own) &&
        board[to] !== EMPTY &&
        board[to] !== own &&
        beyond >= 0 &&
        board[beyond] === EMPTY &&
        rules.holes[beyond] === FREE
      ) {
        plain.push({
          what: `${holeName(h)} alone pushed ${holeName(to)}`,
          rule: "AB-5",
          after: moved([
            [to, beyond],
            [h, to],
          ]),
        });
      }
    }
    // AB-4: a line of two moved sideways, its second marble shoving a marble into an empty hole.
    if (here !== own) continue;
    for (let axis = 0; axis < 3; axis++) {
      const h2 = next(h, axis);
      if (h2 < 0 || board[h2] !== own) continue;
      for (let d = 0; d < 6; d++) {
        if (d % 3 === axis) continue;
        const t1 = next(h, d);
        const t2 = next(h2, d);
        const past = t2 < 0 ? -1 : next(t2, d);
        if (t1 < 0 || t2 < 0 || past < 0) continue;
        if (board[t1] !== EMPTY || board[t2] === EMPTY || board[past] !== EMPTY) continue;
        if (rules.holes[t1] !== FREE || rules.holes[past] !== FREE) continue;
        plain.push({
          what: `${holeName(h)} ${holeName(h2)} moved sideways into ${holeName(t2)}`,
          rule: "AB-4",
          after: moved([
            [t2, past],
            [h, t1],
            [h2, t2],
          ]),
        });
      }
    }
  }
  if (rules.shapes) special.push(...shieldPushes(board, own, rules.holes));
  const fresh = (c: Candidate) => !onTheWay(board, c.after, legal);
  const chosen = special.filter(fresh);
  return chosen.length > 0 ? chosen : plain.filter(fresh);
}

/** The triangles of own marbles: a hole and its neighbours in directions 0 and 1, or 1 and 2. */
export function triangles(board: Uint8Array, own: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let h = 0; h < HOLE_COUNT; h++) {
    if (board[h] !== own) continue;
    for (let type = 0; type < 2; type++) {
      const p = next(h, type);
      const q = next(h, type + 1);
      if (p >= 0 && q >= 0 && board[p] === own && board[q] === own) out.push([h, p, q]);
    }
  }
  return out;
}

/** AB-9.7: a shield (a triangle moved one hole) shoving a marble in its way one hole on. */
function shieldPushes(board: Uint8Array, own: number, holes: Uint8Array): Candidate[] {
  const out: Candidate[] = [];
  for (const tri of triangles(board, own)) {
    for (let d = 0; d < 6; d++) {
      const ahead = tri.map((h) => next(h, d)).filter((t) => !tri.includes(t));
      if (ahead.some((t) => t < 0 || holes[t] !== FREE)) continue;
      const hit = ahead.filter((t) => board[t] !== EMPTY);
      if (hit.length !== 1) continue;
      const t = hit[0] as number;
      const past = next(t, d);
      if (board[t] === own || past < 0 || board[past] !== EMPTY || holes[past] !== FREE) continue;
      const after = board.slice();
      after[past] = board[t] as number;
      for (const h of tri) after[h] = EMPTY;
      for (const h of tri) after[next(h, d)] = own;
      out.push({
        what: `the shield ${tri.map(holeName).join(" ")} pushed ${holeName(t)} to ${holeName(past)}`,
        rule: "AB-9.7",
        after,
      });
    }
  }
  return out;
}

/** One slip drawn at random, or null when the board allows none. */
export function slipOf(p: AbalonePosition, random: () => number): Slip | null {
  const all = candidates(p);
  if (all.length === 0) return null;
  const pick = all[Math.floor(random() * all.length)] as Candidate;
  return { what: pick.what, rule: pick.rule, steps: stepsOf(p.board, pick.after) };
}
