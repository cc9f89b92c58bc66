/**
 * Abalone's evaluation (issue 29, abalone.md): what a position is worth when
 * the search can look no further, in marbles.
 *
 * Material alone says nothing in Abalone until a marble falls: every other
 * move scores 0, and a search on material shuffles the same marbles back and
 * forth. The terms here are those the Abalone programs of the literature
 * weigh: Aichholzer, Aurenhammer and Werner's ABA-PRO (2002) and Lemmens'
 * player (Maastricht, 2005; re-measured in Chorus' thesis, 2009) score the
 * marbles pushed off first, then how close a side's marbles stand to the
 * centre, how closely they keep together, and which marbles on the edge
 * ring the other side can push off at its next move:
 *
 * - `off`: marbles pushed off (AB-6), one marble each, the unit of the score;
 *   the positional terms together stay well below one marble a move, so a
 *   push-off always dominates what a move changes otherwise.
 * - centre: for every marble, 4 minus its distance to E5 (rings 0 to 4), the
 *   edge ring worth 0: a marble in the middle can be pushed off only through
 *   a long walk, and a side in the middle pushes the other to the edge.
 *   Counted per marble present, so losing a marble never gains centre.
 * - cohesion: for every marble, its own neighbours (six at most): a group
 *   pushes (AB-5 needs a longer line) and resists being pushed.
 * - danger: a marble on the edge ring with a line of one or two of its own
 *   from the edge inward, followed by a longer line of the opponent's (up to
 *   three move, AB-2, AB-5): it falls at the opponent's next move. For the
 *   side to move the danger is its opponent's (it pushes one off now, nearly
 *   a marble) and its own (it may save one, at most, each move). Either is
 *   worth less than a marble however many marbles are in danger: one falls
 *   a move, and a marble pushed off is worth more than one threatened.
 *
 * The variants of AB-9 (docs/rules/abalone.md) change what these terms see
 * (`marbleRules`, read once per options object):
 *
 * - AB-9.5 traps are ways out like the edge: a marble next to a trap, in
 *   line with a longer line of the other colour's behind it, falls into it
 *   at the next push (the danger term, over "exits": a hole with the
 *   directions that lead off the board or into a trap).
 * - AB-9.4 obstacles hold no marble and stop a push: a marble's centre worth
 *   is the pushes in a straight line it stands from a way out (the edge or a
 *   trap), an obstacle ending the line, at most 4. On the plain board that
 *   is 4 minus its ring, the term above.
 * - AB-9.6 the neutral marble is pushed as part of the line ahead of a
 *   group; with `neutralOff` "counts" it is one more marble either side can
 *   win (in danger for both), with "wins" the side that can push it out
 *   has won (`neutralWin`) and the side that must stop it is in danger
 *   (`neutralThreat`); "forbidden" leaves it a marble that blocks.
 * - AB-9.2 single colour: no marble is a side's, so centre, cohesion and
 *   danger by colour mean nothing; material (`off`, what each player pushed
 *   off) and whether the side to move can push a marble off now
 *   (`single`) are the evaluation.
 * - AB-9.1 teams play the two colours: the same evaluation; AB-9.7's
 *   shield and rotation moves come from the engine like the others.
 *
 * Positions carry their board as `board`, a `Uint8Array` of the 61 holes in
 * `hex61` order (0 empty, 1 Black, 2 White, 3 the neutral marble, 4 a
 * single-colour marble: abalone/geometry.ts), and the marbles pushed off as
 * `off`. The loop reads the board once and allocates nothing.
 */
import type { Position, Side } from "../games/index.js";
import { GEOMETRIES, HEX_STEPS } from "../shared/index.js";

/** What the evaluation needs of an Abalone position. */
export interface MarblePosition extends Position {
  readonly board: Uint8Array;
  readonly off: Readonly<Record<string, number>>;
}

export function isMarblePosition(p: Position): p is MarblePosition {
  const q = p as Partial<MarblePosition>;
  return q.board instanceof Uint8Array && typeof q.off === "object" && q.off !== null;
}

/** Weights, in marbles (see the header); the bench's `abalone` matches measured them. */
export const ABALONE_WEIGHTS = {
  /** A ring nearer the centre, per marble. */
  centre: 0.05,
  /** An own neighbour, per marble (each touching pair counts twice). */
  cohesion: 0.012,
  /** The side to move can push a marble off now: the first such marble. */
  threat: 0.7,
  /** Each further marble of the side not to move in danger (one falls a move). */
  threatMore: 0.1,
  /** The threats' worth at most: below a marble pushed off. */
  threatMax: 0.9,
  /** The side to move has a marble in danger (it may save it). */
  danger: 0.3,
  /** … two or more: it saves one at most; each further one adds `threatMore`. */
  danger2: 0.6,
  /** The dangers' worth at most: below a marble pushed off. */
  dangerMax: 0.8,
  /** AB-9.6 "wins": the side to move can push the neutral marble out (it wins next move). */
  neutralWin: 20,
  /** AB-9.6 "wins": the other side can push it out unless the side to move stops it. */
  neutralThreat: 1.5,
  /** AB-9.2: the side to move can push a marble off now (either side could, next). */
  single: 0.5,
} as const;

/** What `n` marbles of the side not to move in danger are worth to the side to move. */
function threats(n: number): number {
  const w = ABALONE_WEIGHTS;
  return n === 0 ? 0 : Math.min(w.threatMax, w.threat + w.threatMore * (n - 1));
}

/** What `n` marbles of the side to move in danger cost it. */
function dangers(n: number): number {
  const w = ABALONE_WEIGHTS;
  if (n <= 1) return n * w.danger;
  return Math.min(w.dangerMax, w.danger2 + w.threatMore * (n - 2));
}

/** A hole's content (abalone/geometry.ts). */
const EMPTY = 0;
const NEUTRAL = 3;
const MARBLE = 4;

const HOLES: readonly string[] = GEOMETRIES.hex61.cells;
const N = HOLES.length;
const ROWS = "ABCDEFGHI";
const ROW = HOLES.map((h) => ROWS.indexOf(h[0] as string));
const DIAG = HOLES.map((h) => Number(h.slice(1)));
const INDEX = new Map(HOLES.map((h, i) => [h, i]));
/** `NEXT[h * 6 + d]`: the neighbour of hole `h` in direction `d`, or -1 beyond the edge. */
const NEXT = Int8Array.from({ length: N * 6 }, (_, k) => {
  const h = Math.floor(k / 6);
  const [dr, dd] = HEX_STEPS[k % 6] as readonly [number, number];
  return INDEX.get(`${ROWS[(ROW[h] as number) + dr] ?? "?"}${(DIAG[h] as number) + dd}`) ?? -1;
});
/** Hex distance to E5 (row 4, diagonal 5): 0 at the centre, 4 on the edge ring. */
export const RING = Int8Array.from(HOLES, (_, h) => {
  const dr = (ROW[h] as number) - 4;
  const dd = (DIAG[h] as number) - 5;
  return (Math.abs(dr) + Math.abs(dd) + Math.abs(dr - dd)) / 2;
});

/** A hole from which a marble can leave the game, with the directions that lead out. */
interface Exit {
  readonly hole: number;
  readonly out: readonly number[];
}

/** What the evaluation reads of a position's options (AB-9; see the header). */
export interface MarbleRules {
  /** AB-9.2: every marble is anybody's (cells 4). */
  readonly single: boolean;
  /** AB-9.6: what pushing the neutral marble out does. */
  readonly neutralOff: "forbidden" | "counts" | "wins";
  /** Per hole: pushes in a straight line from a way out (the edge, a trap), 0 to 4. */
  readonly worth: Int8Array;
  /** The holes next to a way out (the edge ring, the traps' neighbours), with the ways. */
  readonly exits: readonly Exit[];
}

/** The hole indexes an option lists (unknown names and non-lists: none). */
function holeList(value: unknown): Set<number> {
  const out = new Set<number>();
  if (!Array.isArray(value)) return out;
  for (const name of value as unknown[]) {
    const h = typeof name === "string" ? INDEX.get(name) : undefined;
    if (h !== undefined) out.add(h);
  }
  return out;
}

/** The rules of a set of options (AB-9.2, AB-9.4, AB-9.5, AB-9.6). */
function rulesFrom(options: Readonly<Record<string, unknown>>): MarbleRules {
  const obstacles = holeList(options.obstacles);
  const traps = holeList(options.traps);
  const off = options.neutralOff;
  const neutralOff = off === "counts" || off === "wins" ? off : "forbidden";
  // AB-9.4: an obstacle ends a line (nothing is pushed into it); AB-9.5: a trap is a way out.
  const worth = Int8Array.from({ length: N }, (_, h) => {
    let best = 4;
    for (let d = 0; d < 6; d++) {
      let steps = 0;
      for (let x = h; steps < best; steps++) {
        const y = NEXT[x * 6 + d] as number;
        if (y < 0 || traps.has(y)) {
          best = steps;
          break;
        }
        if (obstacles.has(y)) break;
        x = y;
      }
    }
    return best;
  });
  const exits: Exit[] = [];
  for (let h = 0; h < N; h++) {
    if (obstacles.has(h) || traps.has(h)) continue;
    const out = [0, 1, 2, 3, 4, 5].filter((d) => {
      const y = NEXT[h * 6 + d] as number;
      return y < 0 || traps.has(y);
    });
    if (out.length > 0) exits.push({ hole: h, out });
  }
  return {
    single: options.singleColour === true,
    neutralOff,
    worth,
    exits,
  };
}

/** The standard board's rules (no AB-9 option): what positions without options read. */
export const PLAIN_RULES: MarbleRules = rulesFrom({});

const RULES = new WeakMap<object, MarbleRules>();
let lastOptions: object | null = null;
let lastRules: MarbleRules = PLAIN_RULES;

/** The evaluation's rules of a position's options, worked out once per options object. */
export function marbleRules(p: Position): MarbleRules {
  const o = p.options as unknown;
  if (typeof o !== "object" || o === null) return PLAIN_RULES;
  if (o === lastOptions) return lastRules;
  let rules = RULES.get(o);
  if (rules === undefined) {
    rules = rulesFrom(o as Readonly<Record<string, unknown>>);
    RULES.set(o, rules);
  }
  [lastOptions, lastRules] = [o, rules];
  return rules;
}

/**
 * Whether the marble on exit hole `h` leaves the game at an inline push
 * towards `d` by the side whose marbles are `pusher` (1, 2, or 4 in the
 * single-colour game): AB-5 with AB-9.6's neutral marble in the pushed line,
 * AB-9.2's run of alike marbles, AB-9.5's traps as the edge.
 */
function pushedOut(board: Uint8Array, rules: MarbleRules, h: number, d: number, pusher: number) {
  const v = board[h];
  if (v === EMPTY || (v === NEUTRAL && rules.neutralOff === "forbidden")) return false;
  const back = (d + 3) % 6;
  if (rules.single) {
    // The named marble `j` holes in from `h`: the group is its run of alike marbles
    // towards `h` (at most three, and leaving one to push: AB-9.2), the rest is pushed.
    let lead = v === MARBLE ? 1 : 0;
    let x = NEXT[h * 6 + back] as number;
    for (let j = 1; j <= 4 && x >= 0 && board[x] !== EMPTY; j++) {
      lead = board[x] === MARBLE ? lead + 1 : 0;
      const group = Math.min(3, lead, j);
      const pushed = j + 1 - group;
      if (group >= 2 && pushed >= 1 && pushed < group) return true;
      x = NEXT[x * 6 + back] as number;
    }
    return false;
  }
  if (v === pusher) return false;
  // The pushed line: every other marble from `h` inward (the neutral one too), then the group.
  let pushed = 0;
  let x = h;
  while (x >= 0 && board[x] !== EMPTY && board[x] !== pusher) {
    pushed++;
    x = NEXT[x * 6 + back] as number;
  }
  if (pushed > 2 || x < 0 || board[x] !== pusher) return false;
  let group = 0;
  while (x >= 0 && board[x] === pusher && group < 3) {
    group++;
    x = NEXT[x * 6 + back] as number;
  }
  return group > pushed;
}

/** Whether the marble on exit `e` leaves the game at `pusher`'s next inline push. */
function falls(board: Uint8Array, rules: MarbleRules, e: Exit, pusher: number): boolean {
  for (const d of e.out) if (pushedOut(board, rules, e.hole, d, pusher)) return true;
  return false;
}

/** The colour code of a side: its place in `layout.sides`, plus one (b 1, w 2). */
export function colourOf(sides: readonly Side[], side: Side): number {
  return sides.indexOf(side) + 1;
}

/**
 * The position's worth for `side` (colour `own`, the other side `opp`), in
 * marbles; `centreOnly` leaves out cohesion and danger (the one-ply greedy
 * player's "most pushed off, then nearest the centre", weighted so that the
 * centre never outweighs a marble).
 */
export function abaloneScore(
  p: MarblePosition,
  side: Side,
  other: Side,
  own: number,
  opp: number,
  centreOnly = false,
): number {
  const w = ABALONE_WEIGHTS;
  const rules = marbleRules(p);
  const material = (p.off[other] ?? 0) - (p.off[side] ?? 0);
  const board = p.board;
  const toMove = p.toMove === side;
  if (rules.single) {
    if (centreOnly) return material;
    // AB-9.2: any marble that can fall falls to the side to move.
    let out = 0;
    for (const e of rules.exits) {
      const c = board[e.hole];
      if (c === EMPTY || !falls(board, rules, e, MARBLE)) continue;
      if (c === NEUTRAL && rules.neutralOff === "wins") out += 1_000;
      else out++;
    }
    const tactics = out >= 1_000 ? w.neutralWin : out > 0 ? w.single : 0;
    return material + (toMove ? tactics : -tactics);
  }
  const worth = rules.worth;
  let centre = 0;
  let cohesion = 0;
  for (let h = 0; h < N; h++) {
    const c = board[h];
    if (c !== own && c !== opp) continue;
    const s = c === own ? 1 : -1;
    centre += s * (worth[h] as number);
    if (centreOnly) continue;
    let n = 0;
    for (let d = 0; d < 6; d++) {
      const x = NEXT[h * 6 + d] as number;
      if (x >= 0 && board[x] === c) n++;
    }
    cohesion += s * n;
  }
  // At most 36 rings between the sides: the centre only breaks ties of material.
  if (centreOnly) return material + 0.01 * centre;
  let ownDanger = 0;
  let oppDanger = 0;
  let neutralByOwn = false;
  let neutralByOpp = false;
  for (const e of rules.exits) {
    const c = board[e.hole];
    if (c === own) {
      if (falls(board, rules, e, opp)) ownDanger++;
    } else if (c === opp) {
      if (falls(board, rules, e, own)) oppDanger++;
    } else if (c === NEUTRAL && rules.neutralOff !== "forbidden") {
      neutralByOwn = falls(board, rules, e, own);
      neutralByOpp = falls(board, rules, e, opp);
    }
  }
  const [mover, waiting] = toMove ? [ownDanger, oppDanger] : [oppDanger, ownDanger];
  const [moverNeutral, waitingNeutral] = toMove
    ? [neutralByOwn, neutralByOpp]
    : [neutralByOpp, neutralByOwn];
  let tactics: number;
  if (rules.neutralOff === "wins" && moverNeutral) tactics = w.neutralWin;
  else if (rules.neutralOff === "counts") {
    // AB-9.6 "counts": the neutral marble is one more marble either side may win.
    tactics = threats(waiting + (moverNeutral ? 1 : 0)) - dangers(mover + (waitingNeutral ? 1 : 0));
  } else {
    tactics = threats(waiting) - dangers(mover) - (waitingNeutral ? w.neutralThreat : 0);
  }
  return material + w.centre * centre + w.cohesion * cohesion + (toMove ? tactics : -tactics);
}

/**
 * Whether `after` has the marbles of colour `own` exactly where `before` had
 * them: a move that takes back that side's previous move (search.ts).
 */
export function takesBack(before: MarblePosition, after: MarblePosition, own: number): boolean {
  const a = before.board;
  const b = after.board;
  if (a.length !== b.length) return false;
  for (let h = 0; h < a.length; h++) if ((a[h] === own) !== (b[h] === own)) return false;
  return true;
}

/**
 * The take-back of AB-9.2's single-colour game, where no marble is the
 * mover's: the move from `p2` to `p3` changes only holes that the mover's
 * previous move (`p0` to `p1`) changed, and puts them back as they were in
 * `p0`.
 */
export function takesBackAlike(
  p0: MarblePosition,
  p1: MarblePosition,
  p2: MarblePosition,
  p3: MarblePosition,
): boolean {
  const [a, b, c, d] = [p0.board, p1.board, p2.board, p3.board];
  if (a.length !== d.length || b.length !== d.length || c.length !== d.length) return false;
  let changed = false;
  for (let h = 0; h < d.length; h++) {
    if (c[h] === d[h]) continue;
    changed = true;
    if (a[h] === b[h] || d[h] !== a[h]) return false;
  }
  return changed;
}

/**
 * The holes of colour `c`'s marbles that the other side can push off at its
 * next move (tests, hints), under `rules` (the standard board's by default).
 */
export function marblesInDanger(
  board: Uint8Array,
  c: number,
  rules: MarbleRules = PLAIN_RULES,
): string[] {
  const out: string[] = [];
  for (const e of rules.exits)
    if (board[e.hole] === c && falls(board, rules, e, 3 - c)) out.push(HOLES[e.hole] as string);
  return out;
}

/**
 * The holes whose marble (any: the other side's, the neutral one, in the
 * single-colour game any) the side of colour `c` can push out of the game
 * at its move now (tests: the engine's moves must agree).
 */
export function marblesOut(p: MarblePosition, c: number): string[] {
  const rules = marbleRules(p);
  const pusher = rules.single ? MARBLE : c;
  const out: string[] = [];
  for (const e of rules.exits)
    if (falls(p.board, rules, e, pusher)) out.push(HOLES[e.hole] as string);
  return out;
}
