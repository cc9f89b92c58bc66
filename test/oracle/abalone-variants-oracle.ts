// Independent reference implementation ("test oracle") of Abalone with every variant of
// AB-9 (teams, singleColour, random starts, obstacles, traps, the neutral marble, shield
// and rotation), written from docs/rules/abalone.md (AB-1…AB-9 and the Clarifications),
// the option table of docs/rules/README.md and the notation, fields and traces of
// docs/spec/engine-protocol-abalone-variants.md alone. It imports nothing from
// src/games/abalone (nor from the older oracle): holes are names, steps are (row,
// diagonal) pairs, boards are plain objects, every move is found by trying every group a
// player could choose and played on a copy, and the moves are sorted at the end.
//
// COORDINATES. Row A..I is r = 0..8, diagonal 1..9 is c; a hole exists when 1 <= c <= 9,
// 0 <= r <= 8 and -3 <= c - r <= 5. Neighbours differ by (0,±1), (±1,0) or ±(1,1).
//
// INTERPRETATIONS (the spec's DECISIONs where the rules are silent, and readings)
//  V1. Inline, two colours: the group is the named marble and every own marble directly
//      ahead (more than three: no move); the pushed line is every non-own marble directly
//      ahead of it, the neutral one included; it must be shorter than the group; behind it
//      an empty hole or the edge, never an own marble.
//  V2. Inline, single colour: the player chooses a group of 1..3 single-colour marbles
//      from the named one on (the neutral marble is never in a group); the pushed line is
//      every marble directly ahead of the group; it must be shorter than the group. The
//      spelling names the named marble and its destination; choices that give the same
//      spelling give the same board (checked), so they are one move.
//  V3. Whatever would enter the hole behind the moving marbles: the edge: the pushed
//      line's last marble leaves the game (the group's own never does); an obstacle: no
//      move; a trap: a pushed marble leaves the game there, an own (group) marble may not
//      enter; the neutral marble may leave only with neutralOff "counts" or "wins".
//  V4. Broadside, shield and rotation destinations must be on the board, empty, and
//      neither an obstacle nor a trap. A shield's destination holes are the holes its
//      marbles move into that the triangle does not already hold.
//  V5. A marble out of the game (over the edge or into a trap) is counted in `off` against
//      the pusher's opponent (off.w += 1 when Black pushed), also in the single-colour
//      game, so score = {b: off.w, w: off.b} everywhere. The neutral marble: `counts`
//      likewise; `wins`: not counted, the pusher wins at once. Either way the position's
//      `neutralOffBy` names the pusher; noPushCount restarts.
//  V6. End order: neutral `wins`, push-off targets, moveLimit, noPushLimit (single colour:
//      nobody's marbles on row E, a draw), then no legal move.
//  V7. Random starts: the candidate holes are the 61 (random) or the 19 within two steps
//      of E5 (partly-random), less obstacles, traps and the neutral hole, sorted by name;
//      redrawn while any legal first move of Black puts a marble out of the game; after
//      100,000 draws the seed is refused (AB-9.3).
//  V9. singleColour with start "partly-random" is refused (AB-9.8): see vOptions.
//  V8. Missing AB-9 options and missing `seat` / `neutralOffBy` read as their defaults;
//      the AB-1 / AB-7 options must all be given.

export type Side = "b" | "w";
export type Marble = "b" | "w" | "n" | "x";
export type Reading = Marble | "e";

export interface VOptions {
  start: string;
  moveLimit: number | null;
  noPushLimit: number | null;
  leaveOut: string[];
  pushOffsToWin: { b: number; w: number };
  teams: "shared" | null;
  singleColour: boolean;
  seed: number | null;
  obstacles: string[];
  traps: string[];
  neutral: string | null;
  neutralOff: "forbidden" | "counts" | "wins";
  shapes: boolean;
}

export interface VPosition {
  game: "abalone";
  options: VOptions;
  toMove: Side;
  cells: Record<string, Marble>;
  off: { b: number; w: number };
  moveCount: number;
  noPushCount: number;
  seat?: { b: 0 | 1; w: 0 | 1 };
  neutralOffBy?: Side | null;
}

export type VStep =
  | { op: "off"; cell: string; colour: Marble; trap?: string }
  | { op: "hole"; cell: string; from: Reading; to: Reading };

export interface VMove {
  move: string;
  position: VPosition;
  trace: VStep[];
}

export interface VOutcome {
  winner: Side | null;
  rule: string;
  kind: string;
  score: { b: number; w: number };
}

export type VResult<T> = { ok: true; value: T } | { ok: false; error: string; rule?: string };

// ---------------------------------------------------------------- the board

const ROWS = "ABCDEFGHI";
const exists = (r: number, c: number) =>
  r >= 0 && r <= 8 && c >= 1 && c <= 9 && c - r >= -3 && c - r <= 5;

export const HOLES: readonly string[] = (() => {
  const out: string[] = [];
  for (let r = 0; r <= 8; r++)
    for (let c = 1; c <= 9; c++) if (exists(r, c)) out.push(ROWS[r] + String(c));
  return out;
})();
const IS_HOLE = new Set(HOLES);

type Vec = readonly [number, number];
const STEPS: readonly Vec[] = [
  [0, 1],
  [0, -1],
  [1, 0],
  [-1, 0],
  [1, 1],
  [-1, -1],
];

function rc(h: string): [number, number] {
  return [ROWS.indexOf(h[0] as string), Number(h.slice(1))];
}

const GONE = new Map<string, string | null>();

/** The hole one step `v` from `h`, or null beyond the edge (remembered once worked out). */
function go(h: string, v: Vec): string | null {
  const key = `${h}${v[0]}${v[1]}`;
  const known = GONE.get(key);
  if (known !== undefined) return known;
  const [r, c] = rc(h);
  const to = exists(r + v[0], c + v[1]) ? ROWS[r + v[0]] + String(c + v[1]) : null;
  GONE.set(key, to);
  return to;
}

function adjacent(a: string, b: string): boolean {
  return STEPS.some((v) => go(a, v) === b);
}

function neighbours(h: string): string[] {
  return STEPS.map((v) => go(h, v)).filter((x): x is string => x !== null);
}

function stepsApart(a: string, b: string): number {
  const [r1, c1] = rc(a);
  const [r2, c2] = rc(b);
  const dr = r2 - r1;
  const dc = c2 - c1;
  return Math.max(Math.abs(dr), Math.abs(dc), Math.abs(dr - dc));
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

// ---------------------------------------------------------------- starts

function span(row: string, from: number, to: number): string[] {
  const out: string[] = [];
  for (let c = from; c <= to; c++) out.push(row + String(c));
  return out;
}

const FIXED: Record<string, { b: string[]; w: string[] }> = {
  standard: {
    b: [...span("A", 1, 5), ...span("B", 1, 6), ...span("C", 3, 5)],
    w: [...span("G", 5, 7), ...span("H", 4, 9), ...span("I", 5, 9)],
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
const START_NAMES = [
  "standard",
  "belgian-daisy",
  "german-daisy",
  "random",
  "partly-random",
  "board",
];

/** mulberry32 as AB-9.3 writes it. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function blockedHoles(o: VOptions): Set<string> {
  return new Set([...o.obstacles, ...o.traps, ...(o.neutral === null ? [] : [o.neutral])]);
}

/** The b/w cells a start puts down before any variant touches them (V7); null for "board". */
function startCells(o: VOptions): Record<string, "b" | "w"> | null | "exhausted" {
  const cells: Record<string, "b" | "w"> = {};
  const fixed = FIXED[o.start];
  if (fixed !== undefined) {
    for (const h of fixed.b) cells[h] = "b";
    for (const h of fixed.w) cells[h] = "w";
    for (const h of o.leaveOut) delete cells[h];
    return cells;
  }
  if (o.start !== "random" && o.start !== "partly-random") return null;
  const random = mulberry32(o.seed ?? 0);
  const partly = o.start === "partly-random";
  const base: Record<string, "b" | "w"> = {};
  if (partly) {
    for (const h of FIXED.standard?.b ?? []) if (!["C3", "C4", "C5"].includes(h)) base[h] = "b";
    for (const h of FIXED.standard?.w ?? []) if (!["G5", "G6", "G7"].includes(h)) base[h] = "w";
  }
  const blocked = blockedHoles(o);
  const pool = HOLES.filter((h) => (!partly || stepsApart(h, "E5") <= 2) && !blocked.has(h));
  const per = partly ? 3 : 14;
  for (let draw = 0; draw < 100_000; draw++) {
    const list = [...pool].sort(byName);
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      const t = list[i] as string;
      list[i] = list[j] as string;
      list[j] = t;
    }
    const drawn: Record<string, "b" | "w"> = { ...base };
    for (const h of list.slice(0, per)) drawn[h] = "b";
    for (const h of list.slice(per, 2 * per)) drawn[h] = "w";
    const trial = positionFrom(o, drawn);
    const me = o.singleColour ? "x" : "b";
    const falls = HOLES.some(
      (h) => trial.cells[h] === me && STEPS.some((v) => inline(trial, h, v, true).length > 0),
    );
    if (!falls) return drawn;
  }
  return "exhausted";
}

function positionFrom(o: VOptions, bw: Record<string, "b" | "w">): VPosition {
  const cells: Record<string, Marble> = {};
  for (const h of HOLES) {
    const v = bw[h];
    if (v !== undefined) cells[h] = o.singleColour ? "x" : v;
    if (h === o.neutral) cells[h] = "n";
  }
  const p: VPosition = {
    game: "abalone",
    options: o,
    toMove: "b",
    cells,
    off: { b: 0, w: 0 },
    moveCount: 0,
    noPushCount: 0,
  };
  if (o.teams !== null) p.seat = { b: 0, w: 0 };
  if (o.neutral !== null) p.neutralOffBy = null;
  return p;
}

// ---------------------------------------------------------------- options

export const V_DEFAULTS: VOptions = {
  start: "standard",
  moveLimit: null,
  noPushLimit: null,
  leaveOut: [],
  pushOffsToWin: { b: 6, w: 6 },
  teams: null,
  singleColour: false,
  seed: null,
  obstacles: [],
  traps: [],
  neutral: null,
  neutralOff: "forbidden",
  shapes: false,
};

const isObj = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);
const whole = (x: unknown): x is number => typeof x === "number" && Number.isSafeInteger(x);

function no(error: string, rule?: string): { ok: false; error: string; rule?: string } {
  return rule === undefined ? { ok: false, error } : { ok: false, error, rule };
}

function holeList(x: unknown): string[] | null {
  if (!Array.isArray(x)) return null;
  const out: string[] = [];
  for (const h of x as unknown[]) {
    if (typeof h !== "string" || !IS_HOLE.has(h) || out.includes(h)) return null;
    out.push(h);
  }
  return out.sort(byName);
}

/**
 * Options as a request gives them (missing ones default); `strict` (a position's
 * options) wants the five of AB-1/AB-7 given. The error's rule is the one the option
 * belongs to, or the AB-9 rule that forbids the combination.
 */
export function vOptions(x: unknown, strict = false): VResult<VOptions> {
  if (x === undefined && !strict) x = {};
  if (!isObj(x)) return no("options: not an object");
  for (const k of Object.keys(x)) if (!(k in V_DEFAULTS)) return no(`options.${k}: unknown`);
  if (strict) {
    for (const k of ["start", "moveLimit", "noPushLimit", "leaveOut", "pushOffsToWin"]) {
      if (!(k in x)) return no(`options.${k}: missing`);
    }
  }
  const g = (k: keyof VOptions): unknown => (k in x ? x[k] : V_DEFAULTS[k]);
  const start = g("start");
  if (typeof start !== "string" || !START_NAMES.includes(start)) return no("start", "AB-1");
  const limit = (v: unknown) => v === null || (whole(v) && v >= 1);
  if (!limit(g("moveLimit"))) return no("moveLimit", "AB-7");
  if (!limit(g("noPushLimit"))) return no("noPushLimit", "AB-7");
  const leaveOut = holeList(g("leaveOut"));
  if (leaveOut === null) return no("leaveOut", "AB-7");
  const pow = g("pushOffsToWin");
  if (!isObj(pow) || Object.keys(pow).length !== 2) return no("pushOffsToWin", "AB-7");
  const pb = pow.b;
  const pw = pow.w;
  if (!whole(pb) || !whole(pw) || pb < 1 || pb > 6 || pw < 1 || pw > 6) {
    return no("pushOffsToWin", "AB-7");
  }
  const teams = g("teams");
  if (teams !== null && teams !== "shared") return no("teams", "AB-9.1");
  const single = g("singleColour");
  if (typeof single !== "boolean") return no("singleColour", "AB-9.2");
  const seed = g("seed");
  if (seed !== null && !whole(seed)) return no("seed", "AB-9.3");
  const obstacles = holeList(g("obstacles"));
  if (obstacles === null) return no("obstacles", "AB-9.4");
  const traps = holeList(g("traps"));
  if (traps === null) return no("traps", "AB-9.5");
  const neutral = g("neutral");
  if (neutral !== null && (typeof neutral !== "string" || !IS_HOLE.has(neutral))) {
    return no("neutral", "AB-9.6");
  }
  const neutralOff = g("neutralOff");
  if (neutralOff !== "forbidden" && neutralOff !== "counts" && neutralOff !== "wins") {
    return no("neutralOff", "AB-9.6");
  }
  const shapes = g("shapes");
  if (typeof shapes !== "boolean") return no("shapes", "AB-9.7");
  const o: VOptions = {
    start,
    moveLimit: g("moveLimit") as number | null,
    noPushLimit: g("noPushLimit") as number | null,
    leaveOut,
    pushOffsToWin: { b: pb, w: pw },
    teams,
    singleColour: single,
    seed,
    obstacles,
    traps,
    neutral,
    neutralOff,
    shapes,
  };
  // Together.
  if (teams !== null && single) return no("teams with singleColour", "AB-9.8");
  // V9: with one colour the 22 kept marbles of "partly-random" always allow a push-off
  // (A3 A2 push A1), so the redraw of AB-9.3 would never end: refused (spec's DECISION).
  if (single && start === "partly-random") return no("partly-random single", "AB-9.8");
  if ((start === "random" || start === "partly-random") && seed === null)
    return no("seed", "AB-9.3");
  const fixed = FIXED[start];
  if (leaveOut.length > 0 && fixed === undefined) return no("leaveOut", "AB-9.8");
  if (obstacles.some((h) => traps.includes(h))) return no("obstacle and trap", "AB-9.5");
  if (neutral !== null && (obstacles.includes(neutral) || traps.includes(neutral))) {
    return no("neutral on obstacle/trap", "AB-9.6");
  }
  let filled: string[] = [];
  if (fixed !== undefined) {
    if (leaveOut.some((h) => !fixed.b.includes(h) && !fixed.w.includes(h))) {
      return no("leaveOut: empty hole", "AB-7");
    }
    filled = [...fixed.b, ...fixed.w].filter((h) => !leaveOut.includes(h));
  } else if (start === "partly-random") {
    filled = [...(FIXED.standard?.b ?? []), ...(FIXED.standard?.w ?? [])].filter(
      (h) => !["C3", "C4", "C5", "G5", "G6", "G7"].includes(h),
    );
  }
  if (obstacles.some((h) => filled.includes(h))) return no("obstacle filled", "AB-9.4");
  if (traps.some((h) => filled.includes(h))) return no("trap filled", "AB-9.5");
  if (neutral !== null && filled.includes(neutral)) return no("neutral filled", "AB-9.6");
  const blocked = blockedHoles(o);
  if (start === "random" && HOLES.filter((h) => !blocked.has(h)).length < 28) {
    return no("no room", "AB-9.3");
  }
  if (
    start === "partly-random" &&
    HOLES.filter((h) => stepsApart(h, "E5") <= 2 && !blocked.has(h)).length < 6
  ) {
    return no("no room", "AB-9.3");
  }
  return { ok: true, value: o };
}

/** The starting position (or why there is none: start "board" has none without a board). */
export function vInitial(options: unknown = {}): VResult<VPosition> {
  const o = vOptions(options);
  if (!o.ok) return o;
  const bw = startCells(o.value);
  if (bw === null) return no("start board", "AB-9.3");
  if (bw === "exhausted") return no("no start in 100,000 draws", "AB-9.3");
  return { ok: true, value: positionFrom(o.value, bw) };
}

// ---------------------------------------------------------------- positions

/** Reads and checks a position; the value is its normal form (the engine's key order). */
export function vParse(json: unknown): VResult<VPosition> {
  if (!isObj(json) || json.game !== "abalone") return no("not an abalone position");
  const fields = ["game", "options", "toMove", "cells", "off", "moveCount", "noPushCount"];
  for (const k of Object.keys(json)) {
    if (![...fields, "seat", "neutralOffBy"].includes(k)) return no(`unknown field ${k}`);
  }
  const or = vOptions(json.options, true);
  if (!or.ok) return or;
  const o = or.value;
  if (json.toMove !== "b" && json.toMove !== "w") return no("toMove");
  const toMove: Side = json.toMove;
  if (!isObj(json.cells)) return no("cells");
  const cells: Record<string, Marble> = {};
  for (const [h, v] of Object.entries(json.cells)) {
    if (!IS_HOLE.has(h)) return no(`cells.${h}`);
    const allowed = o.singleColour ? ["x"] : ["b", "w"];
    if (o.neutral !== null) allowed.push("n");
    if (typeof v !== "string" || !allowed.includes(v)) return no(`cells.${h}`);
    if (o.obstacles.includes(h) || o.traps.includes(h)) return no(`cells.${h} on obstacle/trap`);
  }
  for (const h of HOLES) {
    const v = json.cells[h];
    if (v !== undefined) cells[h] = v as Marble;
  }
  const off = json.off;
  if (!isObj(off) || Object.keys(off).length !== 2) return no("off");
  const ob = off.b;
  const ow = off.w;
  if (!whole(ob) || !whole(ow) || ob < 0 || ob > 6 || ow < 0 || ow > 6) return no("off");
  const counter = (v: unknown) => (v === undefined ? 0 : whole(v) && v >= 0 ? v : -1);
  const moveCount = counter(json.moveCount);
  const noPushCount = counter(json.noPushCount);
  if (moveCount < 0 || noPushCount < 0 || noPushCount > moveCount) return no("counters");
  let seat: { b: 0 | 1; w: 0 | 1 } | undefined;
  if (o.teams === null) {
    if (json.seat !== undefined) return no("seat without teams");
  } else if (json.seat === undefined) {
    seat = { b: 0, w: 0 };
  } else {
    const s = json.seat;
    if (!isObj(s) || Object.keys(s).length !== 2) return no("seat");
    if ((s.b !== 0 && s.b !== 1) || (s.w !== 0 && s.w !== 1)) return no("seat");
    seat = { b: s.b, w: s.w };
  }
  let by: Side | null = null;
  if (json.neutralOffBy !== undefined && json.neutralOffBy !== null) {
    if (o.neutral === null) return no("neutralOffBy without neutral");
    if (json.neutralOffBy !== "b" && json.neutralOffBy !== "w") return no("neutralOffBy");
    by = json.neutralOffBy;
  }
  // Totals (V5).
  const count = (m: Marble) => Object.values(cells).filter((v) => v === m).length;
  if (o.neutral !== null) {
    if (count("n") !== (by === null ? 1 : 0)) return no("neutral count");
    if (by !== null && o.neutralOff === "forbidden") return no("neutral out while forbidden");
  }
  const inOff = { b: ob, w: ow };
  if (by !== null && o.neutralOff === "counts") inOff[by === "b" ? "w" : "b"]--;
  const fixed = FIXED[o.start];
  const left = { b: 0, w: 0 };
  for (const h of o.leaveOut) left[fixed?.b.includes(h) === true ? "b" : "w"]++;
  if (o.singleColour) {
    if (count("x") + inOff.b + inOff.w + left.b + left.w !== 28) return no("28 marbles");
  } else {
    for (const s of ["b", "w"] as const) {
      if (count(s) + inOff[s] + left[s] !== 14) return no(`14 ${s} marbles`);
    }
  }
  if (ow >= o.pushOffsToWin.b && ob >= o.pushOffsToWin.w) return no("both won");
  const p: VPosition = {
    game: "abalone",
    options: o,
    toMove,
    cells,
    off: { b: ob, w: ow },
    moveCount,
    noPushCount,
  };
  if (seat !== undefined) p.seat = seat;
  if (o.neutral !== null) p.neutralOffBy = by;
  return { ok: true, value: p };
}

function normal(json: unknown): VPosition {
  const r = vParse(json);
  if (!r.ok) throw new Error(`invalid position (${r.error}): ${JSON.stringify(json)}`);
  return r.value;
}

// ---------------------------------------------------------------- moves

interface Raw {
  move: string;
  cells: Record<string, Marble>;
  /** The marble that left the game, the hole it left and the trap it fell into. */
  out: { marble: Marble; cell: string; trap: string | null } | null;
}

/** `cells` with the moves `from -> to` made at once (to null: the marble leaves). */
function moved(
  cells: Record<string, Marble>,
  moves: [string, string | null][],
): Record<string, Marble> {
  const next = { ...cells };
  for (const [from] of moves) delete next[from];
  for (const [from, to] of moves) if (to !== null) next[to] = cells[from] as Marble;
  const sorted: Record<string, Marble> = {};
  for (const h of HOLES) if (next[h] !== undefined) sorted[h] = next[h];
  return sorted;
}

/** Whether a marble may be moved into `h` (V4): a hole, empty, neither obstacle nor trap. */
function free(p: VPosition, cells: Record<string, Marble>, h: string | null): h is string {
  return (
    h !== null &&
    cells[h] === undefined &&
    !p.options.obstacles.includes(h) &&
    !p.options.traps.includes(h)
  );
}

function mine(p: VPosition): Marble {
  return p.options.singleColour ? "x" : p.toMove;
}

/**
 * The inline moves of the marble on `from` in direction `v` (V1–V3), zero or more
 * choices; with `fallsOnly`, only those that put a marble out of the game, their boards
 * not worked out (the random start's redraw test, V7).
 */
function inline(p: VPosition, from: string, v: Vec, fallsOnly = false): Raw[] {
  const cells = p.cells;
  const me = mine(p);
  const ahead: string[] = []; // every marble directly ahead of `from`, in order
  let h = go(from, v);
  while (h !== null && cells[h] !== undefined) {
    ahead.push(h);
    h = go(h, v);
  }
  const line = [from, ...ahead];
  const groupSizes: number[] = [];
  if (p.options.singleColour) {
    for (let g = 1; g <= 3 && g <= line.length; g++) {
      if (line.slice(0, g).every((x) => cells[x] === "x")) groupSizes.push(g);
    }
  } else {
    let g = 1;
    while (g < line.length && cells[line[g] as string] === me) g++;
    if (g <= 3) groupSizes.push(g);
  }
  const out: Raw[] = [];
  for (const g of groupSizes) {
    const group = line.slice(0, g);
    let pushed = line.slice(g);
    if (!p.options.singleColour) {
      const firstOwn = pushed.findIndex((x) => cells[x] === me);
      if (firstOwn >= 0) {
        if (firstOwn === 0) continue; // cannot happen: the group took every own marble
        continue; // an own marble behind the pushed line blocks (AB-5)
      }
    }
    if (pushed.length >= g) continue; // must be outnumbered (one marble never pushes)
    pushed = [...pushed];
    const moving = [...group, ...pushed];
    const last = moving[moving.length - 1] as string;
    const behind = go(last, v);
    const notation = from + (go(from, v) ?? "");
    if (go(from, v) === null) continue;
    let leaves: { marble: Marble; cell: string; trap: string | null } | null = null;
    if (behind === null || p.options.traps.includes(behind)) {
      if (pushed.length === 0) continue; // own marbles never leave (AB-3, AB-9.5)
      leaves = { marble: cells[last] as Marble, cell: last, trap: behind };
    } else if (p.options.obstacles.includes(behind)) {
      continue;
    }
    if (leaves !== null && leaves.marble === "n" && p.options.neutralOff === "forbidden") continue;
    if (fallsOnly) {
      if (leaves !== null) out.push({ move: notation, cells: {}, out: leaves });
      continue;
    }
    const next = moved(
      cells,
      moving.map((x): [string, string | null] => [
        x,
        x === last && leaves !== null ? null : go(x, v),
      ]),
    );
    out.push({ move: notation, cells: next, out: leaves });
  }
  return out;
}

function broadsides(p: VPosition): Raw[] {
  const me = mine(p);
  const out: Raw[] = [];
  for (const a of HOLES) {
    if (p.cells[a] !== me) continue;
    for (const axis of STEPS) {
      const line = [a];
      for (let k = 2; k <= 3; k++) {
        const n = go(line[line.length - 1] as string, axis);
        if (n === null || p.cells[n] !== me) break;
        line.push(n);
        for (const v of STEPS) {
          if ((v[0] === axis[0] && v[1] === axis[1]) || (v[0] === -axis[0] && v[1] === -axis[1]))
            continue;
          const dest = line.map((x) => go(x, v));
          if (!dest.every((d) => free(p, p.cells, d))) continue;
          const ends = [line[0] as string, line[line.length - 1] as string].sort(byName);
          out.push({
            move: (ends[0] as string) + (ends[1] as string) + (go(ends[0] as string, v) as string),
            cells: moved(
              p.cells,
              line.map((x, i): [string, string | null] => [x, dest[i] as string]),
            ),
            out: null,
          });
        }
      }
    }
  }
  return out;
}

/** AB-9.7 shields: every triangle of the mover's marbles, moved in each of six directions. */
function shields(p: VPosition): Raw[] {
  const me = mine(p);
  const own = HOLES.filter((h) => p.cells[h] === me);
  const out: Raw[] = [];
  for (const a of own) {
    const near = neighbours(a).filter((x) => p.cells[x] === me && x > a);
    for (const b of near) {
      for (const c of near) {
        if (!(b < c) || !adjacent(b, c)) continue;
        const tri = [a, b, c];
        for (const v of STEPS) {
          const dest = tri.map((x) => go(x, v));
          if (dest.some((d) => d === null)) continue;
          if (!dest.every((d) => tri.includes(d as string) || free(p, p.cells, d))) continue;
          out.push({
            move: a + b + c + (dest[0] as string),
            cells: moved(
              p.cells,
              tri.map((x, i): [string, string | null] => [x, dest[i] as string]),
            ),
            out: null,
          });
        }
      }
    }
  }
  return out;
}

/**
 * AB-9.7 rotations: a middle marble with two of its neighbours that are not next to each
 * other (a lance or an obtuse arc); each end turns one step round the middle, to one of
 * the two holes next to both the middle and itself, both ends the same way round.
 */
function rotations(p: VPosition): Raw[] {
  const me = mine(p);
  const out: Raw[] = [];
  const turn = (m: string, e: string, way: number): string | null => {
    // way +1 / -1: the neighbour of m one step round from e (clockwise order of m's ring).
    const ring = ringOf(m);
    const i = ring.indexOf(go(m, vecTo(m, e)) as string);
    return ring[(i + way + 6) % 6] ?? null;
  };
  for (const m of HOLES) {
    if (p.cells[m] !== me) continue;
    const ends = neighbours(m).filter((x) => p.cells[x] === me);
    for (const e1 of ends) {
      for (const e2 of ends) {
        if (!(e1 < e2) || adjacent(e1, e2)) continue;
        for (const way of [1, -1]) {
          const t1 = turn(m, e1, way);
          const t2 = turn(m, e2, way);
          if (!free(p, p.cells, t1) || !free(p, p.cells, t2)) continue;
          const three = [m, e1, e2].sort(byName);
          out.push({
            move: three.join("") + t1,
            cells: moved(p.cells, [
              [e1, t1],
              [e2, t2],
            ]),
            out: null,
          });
        }
      }
    }
  }
  return out;
}

/** The six places round a hole in turning order (null beyond the edge). */
const RING: readonly Vec[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [0, -1],
  [-1, -1],
  [-1, 0],
];
function ringOf(m: string): (string | null)[] {
  return RING.map((v) => go(m, v));
}
function vecTo(a: string, b: string): Vec {
  const [r1, c1] = rc(a);
  const [r2, c2] = rc(b);
  return [r2 - r1, c2 - c1];
}

/** Every legal move of the position's board (the end of the game not looked at). */
function listMoves(p: VPosition): Raw[] {
  const all = new Map<string, Raw>();
  const add = (m: Raw) => {
    const seen = all.get(m.move);
    if (seen !== undefined) {
      if (JSON.stringify(seen) !== JSON.stringify(m)) throw new Error(`two moves spelt ${m.move}`);
      return;
    }
    all.set(m.move, m);
  };
  const me = mine(p);
  for (const h of HOLES) {
    if (p.cells[h] !== me) continue;
    for (const v of STEPS) for (const m of inline(p, h, v)) add(m);
  }
  for (const m of broadsides(p)) add(m);
  if (p.options.shapes) {
    for (const m of shields(p)) add(m);
    for (const m of rotations(p)) add(m);
  }
  return [...all.values()].sort((a, b) => byName(a.move, b.move));
}

function after(p: VPosition, m: Raw): VPosition {
  const o = p.options;
  const them: Side = p.toMove === "b" ? "w" : "b";
  const off = { ...p.off };
  let by = p.neutralOffBy ?? null;
  if (m.out !== null) {
    if (m.out.marble === "n") by = p.toMove;
    if (m.out.marble !== "n" || o.neutralOff === "counts") off[them]++;
  }
  const next: VPosition = {
    game: "abalone",
    options: o,
    toMove: them,
    cells: m.cells,
    off,
    moveCount: p.moveCount + 1,
    noPushCount: m.out === null ? p.noPushCount + 1 : 0,
  };
  if (p.seat !== undefined) {
    next.seat = { ...p.seat };
    next.seat[p.toMove] = p.seat[p.toMove] === 0 ? 1 : 0;
  }
  if (o.neutral !== null) next.neutralOffBy = by;
  return next;
}

function traceOf(p: VPosition, m: Raw): VStep[] {
  const trace: VStep[] = [];
  if (m.out !== null) {
    trace.push(
      m.out.trap === null
        ? { op: "off", cell: m.out.cell, colour: m.out.marble }
        : { op: "off", cell: m.out.cell, colour: m.out.marble, trap: m.out.trap },
    );
  }
  for (const h of HOLES) {
    const from: Reading = p.cells[h] ?? "e";
    const to: Reading = m.cells[h] ?? "e";
    if (from !== to) trace.push({ op: "hole", cell: h, from, to });
  }
  return trace;
}

// ---------------------------------------------------------------- outcome

function ended(p: VPosition, moves: Raw[] | null): VOutcome | null {
  const o = p.options;
  const score = { b: p.off.w, w: p.off.b };
  const lead = (b: number, w: number): Side | null => (b > w ? "b" : w > b ? "w" : null);
  if (p.neutralOffBy !== undefined && p.neutralOffBy !== null && o.neutralOff === "wins") {
    return { winner: p.neutralOffBy, rule: "AB-9.6", kind: "neutral", score };
  }
  if (p.off.w >= o.pushOffsToWin.b) return { winner: "b", rule: "AB-6", kind: "push-offs", score };
  if (p.off.b >= o.pushOffsToWin.w) return { winner: "w", rule: "AB-6", kind: "push-offs", score };
  if (o.moveLimit !== null && p.moveCount >= 2 * o.moveLimit) {
    return { winner: lead(score.b, score.w), rule: "AB-7", kind: "moveLimit", score };
  }
  if (o.noPushLimit !== null && p.noPushCount >= o.noPushLimit) {
    const onE = (s: Side) => HOLES.filter((h) => h[0] === "E" && p.cells[h] === s).length;
    return { winner: lead(onE("b"), onE("w")), rule: "AB-7", kind: "noPushLimit", score };
  }
  if ((moves ?? listMoves(p)).length === 0) {
    return { winner: p.toMove === "b" ? "w" : "b", rule: "AB-6", kind: "no-move", score };
  }
  return null;
}

export function vOutcome(json: unknown): VOutcome | null {
  return ended(normal(json), null);
}

/** Every legal move, sorted, with the position it leads to and its trace. */
export function vLegal(json: unknown): VMove[] {
  const p = normal(json);
  const raws = listMoves(p);
  if (ended(p, raws) !== null) return [];
  return raws.map((m) => ({ move: m.move, position: after(p, m), trace: traceOf(p, m) }));
}

/** Leaves `depth` plies on; a finished position counts as one leaf. */
export function vPerft(json: unknown, depth: number): number {
  const walk = (q: VPosition, d: number): number => {
    if (d === 0) return 1;
    const raws = listMoves(q);
    if (ended(q, raws) !== null) return 1;
    if (d === 1) return raws.length;
    let n = 0;
    for (const m of raws) n += walk(after(q, m), d - 1);
    return n;
  };
  return walk(normal(json), depth);
}
