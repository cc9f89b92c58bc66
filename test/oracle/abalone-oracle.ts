// Independent reference implementation ("test oracle") of Abalone, written from
// docs/rules/abalone.md (with its binding Clarifications) and the general and Abalone
// sections of docs/spec/engine-protocol.md alone. It shares no code with the engine in
// src/games/abalone/ and was written without reading it.
//
// Deliberately plain and slow: JSON positions in and out, holes named as the rules name
// them and stepped by (row, diagonal) pairs, every move found by trying every own marble
// in every direction (inline) and every line of two or three in every sideways direction
// (broadside), each played on a copied board, traces found by comparing the board before
// and after, and the moves sorted at the end.
//
// COORDINATES. Row A..I is r = 0..8, diagonal 1..9 is c. A hole exists when
// 1 <= c <= 9, 0 <= r <= 8 and -3 <= c - r <= 5 (row A: 1..5, row E: 1..9, row I: 5..9).
// The six directions (dr, dc): (0,+1) (0,-1) along a row, (+1,0) (-1,0) and (+1,+1)
// (-1,-1) along the two diagonals, so A1's neighbours are A2, B1 and B2.
//
// INTERPRETATIONS (where the text had to be read one way)
//  I1. Inline: the group is the trailing marble and every own marble directly ahead of
//      it; more than three is no move (AB-2). Its leader's next hole must exist, and be
//      empty or start a line of opponent marbles shorter than the group, followed by an
//      empty hole or the edge (AB-3, AB-5). A single marble never pushes.
//  I2. Broadside: two or three own marbles in a line, moved one hole in one of the four
//      directions off the line's axis; every destination must exist and be empty (AB-4).
//  I3. `leaveOut`: distinct holes, each occupied in the chosen start (its colour there is
//      the colour left out). Anything else is an invalid option.
//  I4. "Six off for both" is read with `pushOffsToWin`: a position in which both colours
//      have reached their targets is invalid (with the default targets: six off for both).
//  I5. The game is over, checked in this order: a colour reached its push-off target
//      (AB-6; the one reached wins), moveCount >= 2 * moveLimit (AB-7), noPushCount >=
//      noPushLimit (AB-7), the player to move has no legal move (AB-6, loses).
//  I6. Unknown top-level fields of a position are not checked (the rules name none).
//  I7. perft counts a finished position before the depth as one leaf (as `kete perft`).
//  I8. The variant options of AB-9 (teams … shapes) are another oracle's
//      (./abalone-variants-oracle.ts): this one reads them only at their defaults, and
//      as their defaults when a position omits them, and writes them as the engine does.

export type Colour = "b" | "w";
export type Reading = Colour | "e";

export const STARTS = ["standard", "belgian-daisy", "german-daisy"] as const;

export interface AbOptions {
  start: string;
  moveLimit: number | null;
  noPushLimit: number | null;
  leaveOut: string[];
  pushOffsToWin: { b: number; w: number };
  teams: null;
  singleColour: false;
  seed: null;
  obstacles: string[];
  traps: string[];
  neutral: null;
  neutralOff: "forbidden";
  shapes: false;
}

export interface AbPosition {
  game: string;
  options: AbOptions;
  toMove: Colour;
  cells: Record<string, Colour>;
  off: { b: number; w: number };
  moveCount: number;
  noPushCount: number;
}

export type AbStep =
  | { op: "off"; cell: string; colour: Colour }
  | { op: "hole"; cell: string; from: Reading; to: Reading };

export interface AbMove {
  move: string;
  position: AbPosition;
  trace: AbStep[];
}

export interface AbOutcome {
  winner: Colour | null;
  /** The rule that ended the game: "AB-6" or "AB-7". */
  rule: string;
  /** Which end: "push-offs", "no-move", "moveLimit", "noPushLimit". */
  kind: string;
  score: { b: number; w: number };
}

export type AbResult<T> = { ok: true; value: T } | { ok: false; error: string };

// ---------------------------------------------------------------- the board

const ROWS = "ABCDEFGHI";

function exists(r: number, c: number): boolean {
  return r >= 0 && r <= 8 && c >= 1 && c <= 9 && c - r >= -3 && c - r <= 5;
}

function nameOf(r: number, c: number): string {
  return `${ROWS[r]}${c}`;
}

/** Every hole, in name order (row letter, then diagonal number). */
export const HOLES: readonly string[] = (() => {
  const out: string[] = [];
  for (let r = 0; r <= 8; r++)
    for (let c = 1; c <= 9; c++) if (exists(r, c)) out.push(nameOf(r, c));
  return out;
})();

const HOLE_SET = new Set(HOLES);

export function isHole(name: string): boolean {
  return HOLE_SET.has(name);
}

function coords(name: string): [number, number] {
  return [ROWS.indexOf(name[0] as string), Number(name.slice(1))];
}

export type Direction = readonly [number, number];

export const DIRECTIONS: readonly Direction[] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, -1],
];

function step(name: string, d: Direction): string | null {
  const [r, c] = coords(name);
  const nr = r + d[0];
  const nc = c + d[1];
  return exists(nr, nc) ? nameOf(nr, nc) : null;
}

/** Each hole's neighbours, one per direction of DIRECTIONS (worked out once). */
const NEIGHBOURS = new Map<string, (string | null)[]>(
  HOLES.map((h) => [h, DIRECTIONS.map((d) => step(h, d))]),
);

/** The hole one step from `name` in direction `d`, or null off the board. */
export function neighbour(name: string, d: Direction): string | null {
  const i = DIRECTIONS.indexOf(d);
  return i < 0 ? step(name, d) : ((NEIGHBOURS.get(name) as (string | null)[])[i] as string | null);
}

function other(colour: Colour): Colour {
  return colour === "b" ? "w" : "b";
}

// ---------------------------------------------------------------- starts

function row(letter: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let c = from; c <= to; c++) out.push(`${letter}${c}`);
  return out;
}

const START_CELLS: Record<string, { b: string[]; w: string[] }> = {
  standard: {
    b: [...row("A", 1, 5), ...row("B", 1, 6), ...row("C", 3, 5)],
    w: [...row("I", 5, 9), ...row("H", 4, 9), ...row("G", 5, 7)],
  },
  "belgian-daisy": {
    b: "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9".split(" "),
    w: "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6".split(" "),
  },
  "german-daisy": {
    b: "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9".split(" "),
    w: "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5".split(" "),
  },
};

/** The holes each colour holds in a start (AB-1), in the rules' order. */
export function abStartCells(start: string): { b: string[]; w: string[] } {
  const s = START_CELLS[start];
  if (s === undefined) throw new Error(`unknown start ${start}`);
  return { b: [...s.b], w: [...s.w] };
}

/** The start's colour at `hole`, or null when the start leaves it empty. */
export function startColour(start: string, hole: string): Colour | null {
  const s = START_CELLS[start];
  if (s === undefined) return null;
  if (s.b.includes(hole)) return "b";
  if (s.w.includes(hole)) return "w";
  return null;
}

export const DEFAULT_OPTIONS: AbOptions = {
  start: "standard",
  moveLimit: null,
  noPushLimit: null,
  leaveOut: [],
  pushOffsToWin: { b: 6, w: 6 },
  ...AB9_DEFAULTS(),
};

/** AB-9's options at their defaults (I8). */
function AB9_DEFAULTS() {
  return {
    teams: null,
    singleColour: false,
    seed: null,
    obstacles: [] as string[],
    traps: [] as string[],
    neutral: null,
    neutralOff: "forbidden",
    shapes: false,
  } as const;
}

function copyOptions(o: AbOptions): AbOptions {
  return {
    ...o,
    leaveOut: [...o.leaveOut],
    pushOffsToWin: { ...o.pushOffsToWin },
    obstacles: [],
    traps: [],
  };
}

export function abCopy(p: AbPosition): AbPosition {
  return {
    game: p.game,
    options: copyOptions(p.options),
    toMove: p.toMove,
    cells: { ...p.cells },
    off: { ...p.off },
    moveCount: p.moveCount,
    noPushCount: p.noPushCount,
  };
}

/** The starting position (AB-1) for these options (missing ones take their defaults). */
export function abInitial(options: Partial<AbOptions> = {}): AbPosition {
  const o = copyOptions({ ...DEFAULT_OPTIONS, ...options });
  const start = START_CELLS[o.start];
  if (start === undefined) throw new Error(`unknown start ${o.start}`);
  const cells: Record<string, Colour> = {};
  for (const h of start.b) cells[h] = "b";
  for (const h of start.w) cells[h] = "w";
  for (const h of o.leaveOut) delete cells[h];
  const p: AbPosition = {
    game: "abalone",
    options: o,
    toMove: "b",
    cells,
    off: { b: 0, w: 0 },
    moveCount: 0,
    noPushCount: 0,
  };
  const checked = abParse(p);
  if (!checked.ok) throw new Error(checked.error);
  return checked.value;
}

// ---------------------------------------------------------------- parsing

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function isWhole(x: unknown): x is number {
  return typeof x === "number" && Number.isInteger(x);
}

function sameKeys(o: Record<string, unknown>, keys: string[]): boolean {
  const have = Object.keys(o).sort();
  const want = [...keys].sort();
  return have.length === want.length && have.every((k, i) => k === want[i]);
}

function bad(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function parseLimit(x: unknown): number | null | undefined {
  if (x === null) return null;
  if (isWhole(x) && x >= 1) return x;
  return undefined;
}

function parseOptions(x: unknown): AbResult<AbOptions> {
  if (!isObject(x)) return bad("options: not an object");
  const names = ["start", "leaveOut", "pushOffsToWin", "moveLimit", "noPushLimit"];
  const ab9: Record<string, unknown> = AB9_DEFAULTS();
  for (const k of Object.keys(x)) {
    if (k in ab9) {
      if (JSON.stringify(x[k]) !== JSON.stringify(ab9[k]))
        return bad(`options.${k}: a variant (I8)`);
    } else if (!names.includes(k)) return bad(`options: unknown ${k}`);
  }
  for (const k of names) if (!(k in x)) return bad(`options: missing ${k}`);
  const start = x.start;
  if (typeof start !== "string" || !(STARTS as readonly string[]).includes(start)) {
    return bad("options.start: not a start (AB-1)");
  }
  const leaveOut = x.leaveOut;
  if (!Array.isArray(leaveOut)) return bad("options.leaveOut: not a list");
  const holes: string[] = [];
  for (const h of leaveOut as unknown[]) {
    if (typeof h !== "string" || startColour(start, h) === null || holes.includes(h)) {
      return bad(`options.leaveOut: ${String(h)} is no marble of the start (AB-7)`);
    }
    holes.push(h);
  }
  const pow = x.pushOffsToWin;
  if (!isObject(pow) || !sameKeys(pow, ["b", "w"])) return bad("options.pushOffsToWin: shape");
  const pb = pow.b;
  const pw = pow.w;
  if (!isWhole(pb) || !isWhole(pw) || pb < 1 || pb > 6 || pw < 1 || pw > 6) {
    return bad("options.pushOffsToWin: each 1-6 (AB-7)");
  }
  const moveLimit = parseLimit(x.moveLimit);
  const noPushLimit = parseLimit(x.noPushLimit);
  if (moveLimit === undefined) return bad("options.moveLimit: null or a whole number >= 1");
  if (noPushLimit === undefined) return bad("options.noPushLimit: null or a whole number >= 1");
  return {
    ok: true,
    value: {
      start,
      moveLimit,
      noPushLimit,
      leaveOut: holes,
      pushOffsToWin: { b: pb, w: pw },
      ...AB9_DEFAULTS(),
    },
  };
}

function parseCounter(x: unknown): number | undefined {
  if (x === undefined) return 0;
  if (isWhole(x) && x >= 0) return x;
  return undefined;
}

/** Reads and checks a position in the spec's JSON form; the value is its normal form. */
export function abParse(json: unknown): AbResult<AbPosition> {
  if (!isObject(json)) return bad("position: not an object");
  if (json.game !== "abalone") return bad("game: not abalone");
  const options = parseOptions(json.options);
  if (!options.ok) return options;
  const o = options.value;
  const toMove = json.toMove;
  if (toMove !== "b" && toMove !== "w") return bad("toMove: not b/w");
  if (!isObject(json.cells)) return bad("cells: not an object");
  for (const [h, v] of Object.entries(json.cells)) {
    if (!isHole(h)) return bad(`cells: ${h} is no hole`);
    if (v !== "b" && v !== "w") return bad(`cells.${h}: not b/w`);
  }
  const cells: Record<string, Colour> = {};
  for (const h of HOLES) if (json.cells[h] !== undefined) cells[h] = json.cells[h] as Colour;
  const offJson = json.off;
  if (!isObject(offJson) || !sameKeys(offJson, ["b", "w"])) return bad("off: shape");
  const ob = offJson.b;
  const ow = offJson.w;
  if (!isWhole(ob) || !isWhole(ow) || ob < 0 || ob > 6 || ow < 0 || ow > 6) {
    return bad("off: whole numbers 0-6");
  }
  const off = { b: ob, w: ow };
  for (const colour of ["b", "w"] as const) {
    const onBoard = Object.values(cells).filter((v) => v === colour).length;
    const leftOut = o.leaveOut.filter((h) => startColour(o.start, h) === colour).length;
    if (onBoard + off[colour] + leftOut !== 14)
      return bad(`${colour}: marbles + off + left out != 14`);
  }
  if (off.w >= o.pushOffsToWin.b && off.b >= o.pushOffsToWin.w) return bad("both have won (AB-6)");
  const moveCount = parseCounter(json.moveCount);
  const noPushCount = parseCounter(json.noPushCount);
  if (moveCount === undefined) return bad("moveCount: not a whole number >= 0");
  if (noPushCount === undefined) return bad("noPushCount: not a whole number >= 0");
  if (noPushCount > moveCount) return bad("noPushCount > moveCount");
  return {
    ok: true,
    value: { game: "abalone", options: o, toMove, cells, off, moveCount, noPushCount },
  };
}

/** The normal form of a valid position (throws on an invalid one). */
export function abNormal(json: unknown): AbPosition {
  const parsed = abParse(json);
  if (!parsed.ok) throw new Error(`${parsed.error} in ${JSON.stringify(json)}`);
  return parsed.value;
}

// ---------------------------------------------------------------- moves

/** A move found on the board alone: its notation, the board after it, and the marble it pushed off. */
interface RawMove {
  move: string;
  cells: Record<string, Colour>;
  pushedOff: { cell: string; colour: Colour } | null;
}

/** A new board: `cells` with the holes `emptied` emptied, then the holes `filled` filled (in hole order). */
function changed(
  cells: Record<string, Colour>,
  emptied: readonly string[],
  filled: readonly (readonly [string, Colour])[],
): Record<string, Colour> {
  const fill = new Map(filled);
  const next: Record<string, Colour> = {};
  for (const h of HOLES) {
    const v = fill.get(h) ?? (emptied.includes(h) ? undefined : cells[h]);
    if (v !== undefined) next[h] = v;
  }
  return next;
}

function inlineMove(
  cells: Record<string, Colour>,
  me: Colour,
  from: string,
  d: Direction,
): RawMove | null {
  // The group: the trailing marble and every own marble directly ahead (AB-2).
  const group: string[] = [from];
  let ahead = neighbour(from, d);
  while (ahead !== null && cells[ahead] === me) {
    group.push(ahead);
    ahead = neighbour(ahead, d);
  }
  if (group.length > 3) return null; // AB-2: four or more never move as a whole.
  if (ahead === null) return null; // an own marble never leaves the board
  const notation = from + (neighbour(from, d) as string);
  if (cells[ahead] === undefined) {
    // AB-3: a plain step into an empty hole.
    return { move: notation, cells: changed(cells, [from], [[ahead, me]]), pushedOff: null };
  }
  // AB-5 (sumito): the opponent line directly ahead.
  const opp = other(me);
  const pushed: string[] = [];
  let behind: string | null = ahead;
  while (behind !== null && cells[behind] === opp) {
    pushed.push(behind);
    behind = neighbour(behind, d);
  }
  if (pushed.length >= group.length) return null; // must outnumber (one marble never pushes)
  if (behind !== null && cells[behind] !== undefined) return null; // own marble behind blocks
  // The leader moves into the first pushed hole, the pushed line one hole on.
  if (behind === null) {
    // The last pushed marble leaves the board.
    const last = pushed[pushed.length - 1] as string;
    const next = changed(cells, [from], [[ahead, me]]);
    return { move: notation, cells: next, pushedOff: { cell: last, colour: opp } };
  }
  const next = changed(
    cells,
    [from],
    [
      [ahead, me],
      [behind, opp],
    ],
  );
  return { move: notation, cells: next, pushedOff: null };
}

function broadsideMoves(cells: Record<string, Colour>, me: Colour): Map<string, RawMove> {
  const found = new Map<string, RawMove>();
  for (const first of HOLES) {
    if (cells[first] !== me) continue;
    for (const axis of DIRECTIONS) {
      const line: string[] = [first];
      for (let k = 2; k <= 3; k++) {
        const nxt = neighbour(line[line.length - 1] as string, axis);
        if (nxt === null || cells[nxt] !== me) break;
        line.push(nxt);
        for (const d of DIRECTIONS) {
          const parallel =
            (d[0] === axis[0] && d[1] === axis[1]) || (d[0] === -axis[0] && d[1] === -axis[1]);
          if (parallel) continue;
          const dests = line.map((h) => neighbour(h, d));
          if (dests.some((h) => h === null || cells[h] !== undefined)) continue; // AB-4
          const ends = [line[0] as string, line[line.length - 1] as string].sort();
          const lo = ends[0] as string;
          const hi = ends[1] as string;
          const move = lo + hi + (neighbour(lo, d) as string);
          const next = changed(
            cells,
            line,
            dests.map((h) => [h as string, me]),
          );
          found.set(move, { move, cells: next, pushedOff: null });
        }
      }
    }
  }
  return found;
}

function rawMoves(cells: Record<string, Colour>, me: Colour): RawMove[] {
  const all = broadsideMoves(cells, me);
  for (const from of HOLES) {
    if (cells[from] !== me) continue;
    for (const d of DIRECTIONS) {
      const m = inlineMove(cells, me, from, d);
      if (m !== null) {
        if (all.has(m.move)) throw new Error(`two moves spelt ${m.move}`);
        all.set(m.move, m);
      }
    }
  }
  return [...all.values()].sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
}

function after(p: AbPosition, m: RawMove): AbPosition {
  const off = { ...p.off };
  if (m.pushedOff !== null) off[m.pushedOff.colour]++;
  return {
    game: "abalone",
    options: copyOptions(p.options),
    toMove: other(p.toMove),
    cells: m.cells,
    off,
    moveCount: p.moveCount + 1,
    noPushCount: m.pushedOff === null ? p.noPushCount + 1 : 0,
  };
}

function traceOf(before: Record<string, Colour>, m: RawMove): AbStep[] {
  const trace: AbStep[] = [];
  if (m.pushedOff !== null)
    trace.push({ op: "off", cell: m.pushedOff.cell, colour: m.pushedOff.colour });
  for (const h of HOLES) {
    const from: Reading = before[h] ?? "e";
    const to: Reading = m.cells[h] ?? "e";
    if (from !== to) trace.push({ op: "hole", cell: h, from, to });
  }
  return trace;
}

// ---------------------------------------------------------------- outcome

function rowE(cells: Record<string, Colour>, colour: Colour): number {
  return HOLES.filter((h) => h[0] === "E" && cells[h] === colour).length;
}

function compare(b: number, w: number): Colour | null {
  return b > w ? "b" : w > b ? "w" : null;
}

/** How the game ended (I5), on a parsed position; `moves` are its raw moves if known. */
function outcomeOf(p: AbPosition, moves?: RawMove[]): AbOutcome | null {
  const o = p.options;
  const score = { b: p.off.w, w: p.off.b };
  if (p.off.w >= o.pushOffsToWin.b) return { winner: "b", rule: "AB-6", kind: "push-offs", score };
  if (p.off.b >= o.pushOffsToWin.w) return { winner: "w", rule: "AB-6", kind: "push-offs", score };
  if (o.moveLimit !== null && p.moveCount >= 2 * o.moveLimit) {
    return { winner: compare(score.b, score.w), rule: "AB-7", kind: "moveLimit", score };
  }
  if (o.noPushLimit !== null && p.noPushCount >= o.noPushLimit) {
    const winner = compare(rowE(p.cells, "b"), rowE(p.cells, "w"));
    return { winner, rule: "AB-7", kind: "noPushLimit", score };
  }
  if ((moves ?? rawMoves(p.cells, p.toMove)).length === 0) {
    return { winner: other(p.toMove), rule: "AB-6", kind: "no-move", score };
  }
  return null;
}

/** How the game ended, or null while it goes on (I5). */
export function abOutcome(json: unknown): AbOutcome | null {
  return outcomeOf(abNormal(json));
}

// ---------------------------------------------------------------- the service

/** Every legal move in move-string order, with the position it leads to and its trace. */
export function abLegal(json: unknown): AbMove[] {
  const p = abNormal(json);
  const moves = rawMoves(p.cells, p.toMove);
  if (outcomeOf(p, moves) !== null) return [];
  return moves.map((m) => ({
    move: m.move,
    position: after(p, m),
    trace: traceOf(p.cells, m),
  }));
}

/** Plays a move given in notation; an illegal move (or a finished game) is an error. */
export function abApply(
  json: unknown,
  move: string,
): AbResult<{ position: AbPosition; trace: AbStep[] }> {
  const found = abLegal(json).find((m) => m.move === move);
  if (found === undefined) return bad(`${move}: not a legal move`);
  return { ok: true, value: { position: found.position, trace: found.trace } };
}

/** Leaves `depth` plies on; a finished position counts as one leaf (I7). */
export function abPerft(json: unknown, depth: number): number {
  const walk = (q: AbPosition, d: number): number => {
    if (d === 0) return 1;
    const moves = rawMoves(q.cells, q.toMove);
    if (outcomeOf(q, moves) !== null) return 1;
    if (d === 1) return moves.length; // each child is a leaf
    let n = 0;
    for (const m of moves) n += walk(after(q, m), d - 1);
    return n;
  };
  return walk(abNormal(json), depth);
}

/**
 * A random legal move (null when the game is over). With `pushBias`, a move that pushes an
 * opponent marble off, or else one that pushes at all, is preferred with that probability, so
 * that random games reach their ends.
 */
export function abRandomMove(json: unknown, random: () => number, pushBias = 0): AbMove | null {
  return abPick(abLegal(json), random, pushBias);
}

/** `abRandomMove` from an already listed set of moves. */
export function abPick(moves: AbMove[], random: () => number, pushBias = 0): AbMove | null {
  if (moves.length === 0) return null;
  const pick = (list: AbMove[]) => list[Math.floor(random() * list.length)] as AbMove;
  if (random() < pushBias) {
    const offs = moves.filter((m) => m.trace.some((s) => s.op === "off"));
    if (offs.length > 0) return pick(offs);
    const pushes = moves.filter((m) => isPush(m));
    if (pushes.length > 0) return pick(pushes);
  }
  return pick(moves);
}

/** A move that moved an opponent marble (a sumito). */
export function isPush(m: AbMove): boolean {
  return m.trace.some((s) => s.op === "off" || (s.op === "hole" && s.from !== "e" && s.to !== "e"));
}
