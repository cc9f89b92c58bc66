/**
 * An Abalone position, its options and its JSON form (abalone.md, AB-1,
 * AB-7, "Notation" and the Clarifications "Invalid positions"): read with
 * every invariant checked, each refusal a typed error naming its field and
 * rule.
 */
import { describeValue, err, ok, seededRandom, type Result } from "../../shared/index.js";
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, OptionValue, Position } from "../core/types.js";
import {
  BLACK,
  CELL_LETTER,
  EMPTY,
  HOLES,
  HOLE_COUNT,
  MARBLE,
  NEUTRAL,
  WHITE,
  distance,
  holeIndex,
  holeName,
  type AbaloneSide,
  type Cell,
} from "./geometry.js";
import {
  generateMoves,
  inlineResult,
  moveKind,
  moveRules,
  resultFalls,
  MAX_VARIANT_MOVES,
  type NeutralOff,
} from "./variants.js";
import { moveDir, moveFrom, moveLength } from "./moves.js";
import type { GameError, GameErrorCode } from "../core/errors.js";

export const GAME_ID = "abalone";

/** Marbles of each colour in every start (AB-1). */
export const MARBLES = 14;
/** Most marbles of a colour that can be off the board (AB-6). */
export const MAX_OFF = 6;

/** The fixed starts of AB-1 (the ones `leaveOut` applies to, AB-9.8). */
export const FIXED_STARTS = ["standard", "belgian-daisy", "german-daisy"] as const;
export type FixedStart = (typeof FIXED_STARTS)[number];
/** Every start: AB-1's, AB-9.3's drawn from `seed`, and the board as it stands. */
export const STARTS = [...FIXED_STARTS, "random", "partly-random", "board"] as const;
export type StartName = (typeof STARTS)[number];
export const NEUTRAL_OFF = ["forbidden", "counts", "wins"] as const;

/** A count per side (`off`, `pushOffsToWin`). */
export type PerSide = { readonly b: number; readonly w: number };

/** Every option with its value (AB-1, AB-7). */
export type AbaloneOptions = {
  readonly start: StartName;
  readonly moveLimit: number | null;
  readonly noPushLimit: number | null;
  /** Holes of the start emptied before the first move, in hole order. */
  readonly leaveOut: readonly string[];
  readonly pushOffsToWin: PerSide;
  /** AB-9.1: the 2x2 team game, each colour's two members in turn. */
  readonly teams: "shared" | null;
  /** AB-9.2: all marbles alike (`x`). */
  readonly singleColour: boolean;
  /** AB-9.3: the seed of a random start. */
  readonly seed: number | null;
  /** AB-9.4: holes no marble enters, in hole order. */
  readonly obstacles: readonly string[];
  /** AB-9.5: holes a pushed marble leaves the game by, in hole order. */
  readonly traps: readonly string[];
  /** AB-9.6: where the neutral marble starts, or null for none. */
  readonly neutral: string | null;
  readonly neutralOff: NeutralOff;
  /** AB-9.7: the shield and rotation moves. */
  readonly shapes: boolean;
};

/** AB-9.1: which member of each team makes that colour's next move. */
export type Seat = { readonly b: 0 | 1; readonly w: 0 | 1 };

export interface AbalonePosition extends Position {
  readonly game: typeof GAME_ID;
  readonly options: AbaloneOptions;
  readonly toMove: AbaloneSide;
  /** Each hole's content (geometry.ts: EMPTY, BLACK, WHITE), in hole order. */
  readonly board: Uint8Array;
  /** Marbles of each colour pushed off the board. */
  readonly off: PerSide;
  /** AB-7: moves played by both players since the start. */
  readonly moveCount: number;
  /** AB-7: moves since the last push-off (or the start). */
  readonly noPushCount: number;
  /** AB-9.1, with `teams`: whose seat of each team moves next (else null). */
  readonly seat: Seat | null;
  /** AB-9.6: the player who pushed the neutral marble out of the game, or null. */
  readonly neutralOffBy: AbaloneSide | null;
}

/** The error codes of this game's refusals (with the handler's own). */
export type AbaloneErrorCode = Exclude<GameErrorCode, "bad-move">;

function fail(
  code: AbaloneErrorCode,
  message: string,
  field: string,
  rule: string,
): Result<never, GameError> {
  return err(code, `${message} (${rule})`, { field, rule });
}

/** A list of distinct hole names, sorted (which holes the start fills is checked with `start`). */
function checkHoleList(
  value: unknown,
  field: string,
  rule: string,
): Result<OptionValue, GameError> {
  if (!Array.isArray(value)) {
    return fail(
      "bad-option",
      `${field} is ${describeValue(value)}; it must be a list of holes`,
      field,
      rule,
    );
  }
  const holes: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "string" || holeIndex(item) < 0) {
      return fail(
        "bad-option",
        `${field} holds ${describeValue(item)}, which is not a hole A1…I9`,
        field,
        rule,
      );
    }
    if (holes.includes(item)) {
      return fail("bad-option", `${field} names ${item} twice`, field, rule);
    }
    holes.push(item);
  }
  return ok(holes.sort((a, b) => holeIndex(a) - holeIndex(b)));
}

function checkNeutral(value: unknown, field: string): Result<OptionValue, GameError> {
  if (value === null || (typeof value === "string" && holeIndex(value) >= 0)) return ok(value);
  return fail(
    "bad-option",
    `${field} is ${describeValue(value)}; it must be null (no neutral marble) or the hole it starts on, e.g. "E5"`,
    field,
    "AB-9.6",
  );
}

function checkSeed(value: unknown, field: string): Result<OptionValue, GameError> {
  if (value === null || (typeof value === "number" && Number.isSafeInteger(value)))
    return ok(value);
  return fail(
    "bad-option",
    `${field} is ${describeValue(value)}; it must be null or a whole number (the random start's seed)`,
    field,
    "AB-9.3",
  );
}

/**
 * A count for each colour, `{"b":n,"w":n}`, each a whole number from `min`
 * to MAX_OFF (marbles pushed off: the option AB-7's, the position's AB-6's).
 */
function readPerSide(
  value: unknown,
  field: string,
  min: number,
  code: AbaloneErrorCode,
  rule: string,
): Result<PerSide, GameError> {
  const shape = `${field} must be {"b":n,"w":n} with whole numbers from ${min} to ${MAX_OFF}`;
  if (!isObject(value) || Object.keys(value).length !== 2 || !("b" in value) || !("w" in value)) {
    return fail(code, shape, field, rule);
  }
  for (const side of ["b", "w"] as const) {
    const n = value[side];
    if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > MAX_OFF) {
      return fail(code, `${shape}; ${side} is ${describeValue(n)}`, `${field}.${side}`, rule);
    }
  }
  return ok({ b: value.b as number, w: value.w as number });
}

function checkPushOffs(value: unknown, field: string): Result<OptionValue, GameError> {
  return readPerSide(value, field, 1, "bad-option", "AB-7");
}

export const OPTION_SPECS: readonly OptionSpec[] = [
  { name: "start", default: "standard", values: [...STARTS], rule: "AB-1" },
  { name: "moveLimit", default: null, values: null, min: 1, nullable: true, rule: "AB-7" },
  { name: "noPushLimit", default: null, values: null, min: 1, nullable: true, rule: "AB-7" },
  {
    name: "leaveOut",
    default: [],
    values: null,
    rule: "AB-7",
    check: (v, f) => checkHoleList(v, f, "AB-7"),
    accepts: 'a list of holes the start fills, e.g. ["A1","A5"]',
  },
  {
    name: "pushOffsToWin",
    default: { b: MAX_OFF, w: MAX_OFF },
    values: null,
    rule: "AB-7",
    check: checkPushOffs,
    accepts: `{"b":n,"w":n}, each a whole number from 1 to ${MAX_OFF}`,
  },
  { name: "teams", default: null, values: [null, "shared"], rule: "AB-9.1" },
  { name: "singleColour", default: false, values: [false, true], rule: "AB-9.2" },
  {
    name: "seed",
    default: null,
    values: null,
    rule: "AB-9.3",
    check: checkSeed,
    accepts: "null or a whole number",
  },
  {
    name: "obstacles",
    default: [],
    values: null,
    rule: "AB-9.4",
    check: (v, f) => checkHoleList(v, f, "AB-9.4"),
    accepts: 'a list of holes empty at the start, e.g. ["E4","E6"]',
  },
  {
    name: "traps",
    default: [],
    values: null,
    rule: "AB-9.5",
    check: (v, f) => checkHoleList(v, f, "AB-9.5"),
    accepts: 'a list of holes empty at the start, e.g. ["D4","F6"]',
  },
  {
    name: "neutral",
    default: null,
    values: null,
    rule: "AB-9.6",
    check: checkNeutral,
    accepts: 'null or a hole empty at the start, e.g. "E5"',
  },
  { name: "neutralOff", default: "forbidden", values: [...NEUTRAL_OFF], rule: "AB-9.6" },
  { name: "shapes", default: false, values: [false, true], rule: "AB-9.7" },
];

/** The options AB-9 added: a position written before them reads them as their defaults. */
const VARIANT_OPTIONS = new Set([
  "teams",
  "singleColour",
  "seed",
  "obstacles",
  "traps",
  "neutral",
  "neutralOff",
  "shapes",
]);

function holesOf(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(" ")) {
    const m = /^([A-I])(\d)(?:[–-]\1(\d))?$/.exec(part);
    if (m === null) throw new Error(`start layout: bad part ${part}`);
    const to = m[3] === undefined ? Number(m[2]) : Number(m[3]);
    for (let d = Number(m[2]); d <= to; d++) out.push(`${m[1]}${d}`);
  }
  return out;
}

/** The three starts of AB-1, as the rules list them. */
const START_HOLES: Readonly<Record<FixedStart, { readonly b: string; readonly w: string }>> = {
  standard: { b: "A1–A5 B1–B6 C3–C5", w: "I5–I9 H4–H9 G5–G7" },
  "belgian-daisy": {
    b: "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
    w: "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
  },
  "german-daisy": {
    b: "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
    w: "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
  },
};

/** AB-9.3, `partly-random`: the three marbles of each side the draw places anew. */
const REDRAWN = { b: ["C3", "C4", "C5"], w: ["G5", "G6", "G7"] } as const;
/** AB-9.3: the 19 holes within two steps of E5, in name order. */
const CENTRE: readonly string[] = HOLES.filter((h) => distance(holeIndex(h), holeIndex("E5")) <= 2);

function isFixed(start: StartName): start is FixedStart {
  return (FIXED_STARTS as readonly string[]).includes(start);
}

/** The board of a fixed start (b/w), before any hole is left out. */
export function startBoard(start: FixedStart): Uint8Array {
  const board = new Uint8Array(HOLE_COUNT);
  for (const h of holesOf(START_HOLES[start].b)) board[holeIndex(h)] = BLACK;
  for (const h of holesOf(START_HOLES[start].w)) board[holeIndex(h)] = WHITE;
  return board;
}

/** The holes a start fills for certain (AB-1; `partly-random`: all but the six redrawn). */
function fixedHoles(start: StartName): Uint8Array | null {
  if (isFixed(start)) return startBoard(start);
  if (start !== "partly-random") return null;
  const board = startBoard("standard");
  for (const h of [...REDRAWN.b, ...REDRAWN.w]) board[holeIndex(h)] = EMPTY;
  return board;
}

/** Marbles of each colour left out (AB-7, handicap); an error when a hole is empty at the start. */
function leftOut(options: AbaloneOptions, field: string): Result<PerSide, GameError> {
  if (options.leaveOut.length === 0 || !isFixed(options.start)) return ok({ b: 0, w: 0 });
  const board = startBoard(options.start);
  let b = 0;
  let w = 0;
  for (const name of options.leaveOut) {
    const c = board[holeIndex(name)];
    if (c === EMPTY) {
      return fail(
        "bad-option",
        `${field}.leaveOut names ${name}, which the ${options.start} start leaves empty`,
        `${field}.leaveOut`,
        "AB-7",
      );
    }
    if (c === BLACK) b++;
    else w++;
  }
  return ok({ b, w });
}

/** The holes a random start may draw from: `among`, without obstacles, traps and the neutral hole. */
function candidates(options: AbaloneOptions, among: readonly string[]): string[] {
  return among.filter(
    (h) => !options.obstacles.includes(h) && !options.traps.includes(h) && options.neutral !== h,
  );
}

/** What the options say together (AB-9.3 … AB-9.8), after each was checked alone. */
function checkTogether(o: AbaloneOptions, field: string): Result<true, GameError> {
  if (o.teams !== null && o.singleColour) {
    return fail(
      "bad-option",
      `${field}.teams is "shared" with ${field}.singleColour true: the team game is played with two colours; choose one of them`,
      `${field}.teams`,
      "AB-9.8",
    );
  }
  if (o.singleColour && o.start === "partly-random") {
    // AB-9.3's redraw could never end: the 22 marbles it keeps already let Black push one off
    // (A3A2: A3 A2 push A1 over the edge, AB-9.2).
    return fail(
      "bad-option",
      `${field}.start "partly-random" cannot be played with ${field}.singleColour: its 22 fixed marbles already let Black push one off (A3A2), so every draw would be redrawn; choose "random" or a fixed start`,
      `${field}.start`,
      "AB-9.8",
    );
  }
  if ((o.start === "random" || o.start === "partly-random") && o.seed === null) {
    return fail(
      "bad-option",
      `${field}.start is "${o.start}" but ${field}.seed is null; the start is drawn from the seed: give a whole number`,
      `${field}.seed`,
      "AB-9.3",
    );
  }
  if (o.leaveOut.length > 0 && !isFixed(o.start)) {
    return fail(
      "bad-option",
      `${field}.leaveOut applies to the standard and daisy starts only, not to "${o.start}"`,
      `${field}.leaveOut`,
      "AB-9.8",
    );
  }
  const both = o.obstacles.find((h) => o.traps.includes(h));
  if (both !== undefined) {
    return fail(
      "bad-option",
      `${field}.obstacles and ${field}.traps both name ${both}; a hole is one or the other`,
      `${field}.traps`,
      "AB-9.5",
    );
  }
  if (o.neutral !== null && (o.obstacles.includes(o.neutral) || o.traps.includes(o.neutral))) {
    return fail(
      "bad-option",
      `${field}.neutral is ${o.neutral}, which is an obstacle or a trap; the neutral marble starts on a free hole`,
      `${field}.neutral`,
      "AB-9.6",
    );
  }
  // Obstacles, traps and the neutral hole must be empty at the start (AB-9.4, AB-9.5, AB-9.6).
  const filled = fixedHoles(o.start);
  if (filled !== null) {
    for (const h of o.leaveOut) filled[holeIndex(h)] = EMPTY;
    const named: [string, readonly string[], string][] = [
      ["obstacles", o.obstacles, "AB-9.4"],
      ["traps", o.traps, "AB-9.5"],
      ["neutral", o.neutral === null ? [] : [o.neutral], "AB-9.6"],
    ];
    for (const [name, holes, rule] of named) {
      const taken = holes.find((h) => filled[holeIndex(h)] !== EMPTY);
      if (taken !== undefined) {
        return fail(
          "bad-option",
          `${field}.${name} names ${taken}, which the ${o.start} start fills; it must be empty at the start`,
          `${field}.${name}`,
          rule,
        );
      }
    }
  }
  const room =
    o.start === "random"
      ? { free: candidates(o, HOLES).length, need: 2 * MARBLES, where: "the 61 holes" }
      : o.start === "partly-random"
        ? {
            free: candidates(o, CENTRE).length,
            need: 6,
            where: "the 19 holes within two steps of E5",
          }
        : null;
  if (room !== null && room.free < room.need) {
    return fail(
      "bad-option",
      `${field}.start "${o.start}" needs ${room.need} free holes among ${room.where}, but obstacles, traps and the neutral hole leave ${room.free}`,
      `${field}.start`,
      "AB-9.3",
    );
  }
  return ok(true);
}

/** Options filled in and checked, each alone and then together. */
export function readOptions(input: unknown, field: string): Result<AbaloneOptions, GameError> {
  const resolved = resolveOptions(GAME_ID, OPTION_SPECS, input, field);
  if (!resolved.ok) return resolved;
  const o = resolved.value;
  const options: AbaloneOptions = {
    start: o.start as StartName,
    moveLimit: o.moveLimit as number | null,
    noPushLimit: o.noPushLimit as number | null,
    leaveOut: o.leaveOut as readonly string[],
    pushOffsToWin: o.pushOffsToWin as PerSide,
    teams: o.teams as "shared" | null,
    singleColour: o.singleColour as boolean,
    seed: o.seed as number | null,
    obstacles: o.obstacles as readonly string[],
    traps: o.traps as readonly string[],
    neutral: o.neutral as string | null,
    neutralOff: o.neutralOff as NeutralOff,
    shapes: o.shapes as boolean,
  };
  const together = checkTogether(options, field);
  if (!together.ok) return together;
  const out = leftOut(options, field);
  return out.ok ? ok(options) : out;
}

/** Whether Black, to move first, could push a marble out of the game (AB-9.3's redraw). */
function firstMovePushesOff(board: Uint8Array, options: AbaloneOptions): boolean {
  const rules = moveRules(options);
  const buf = new Int32Array(MAX_VARIANT_MOVES);
  const n = generateMoves(board, rules, BLACK, buf);
  for (let i = 0; i < n; i++) {
    const code = buf[i] as number;
    if (moveKind(code) !== 0 || moveLength(code) !== 0) continue;
    if (resultFalls(inlineResult(board, rules, BLACK, moveFrom(code), moveDir(code)))) return true;
  }
  return false;
}

/**
 * Most draws of a random start before the seed is refused (AB-9.3; the
 * engine spec's DECISION: a start is usually found within a few hundred
 * draws, but one colour with traps can need very many).
 */
export const MAX_DRAWS = 100_000;

/**
 * AB-9.3: the random start of `seed`: the candidate holes, sorted by name,
 * shuffled by Fisher–Yates from the last index down with mulberry32; Black
 * takes the first `per` holes, White the next `per`; redrawn, continuing the
 * generator, while Black's first move could push a marble off.
 */
function drawStart(
  options: AbaloneOptions,
  base: Uint8Array,
  among: readonly string[],
  per: number,
): Result<Uint8Array, GameError> {
  const random = seededRandom(options.seed ?? 0);
  const sorted = candidates(options, among);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const holes = sorted.slice();
    for (let i = holes.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [holes[i], holes[j]] = [holes[j] as string, holes[i] as string];
    }
    const board = base.slice();
    holes.slice(0, per).forEach((h) => (board[holeIndex(h)] = BLACK));
    holes.slice(per, 2 * per).forEach((h) => (board[holeIndex(h)] = WHITE));
    const final = finish(board, options);
    if (!firstMovePushesOff(final, options)) return ok(final);
  }
  return fail(
    "bad-option",
    `no start drawn from seed ${String(options.seed)} in ${MAX_DRAWS} draws keeps Black's first move from pushing a marble off; choose another seed`,
    "options.seed",
    "AB-9.3",
  );
}

/** A start's b/w board as the variant plays it: all alike (AB-9.2), the neutral marble set (AB-9.6). */
function finish(board: Uint8Array, options: AbaloneOptions): Uint8Array {
  if (options.singleColour) {
    for (let h = 0; h < HOLE_COUNT; h++) if (board[h] !== EMPTY) board[h] = MARBLE;
  }
  if (options.neutral !== null) board[holeIndex(options.neutral)] = NEUTRAL;
  return board;
}

/** The board before the first move (AB-1, AB-9.3), with the left-out holes emptied. */
function initialBoard(options: AbaloneOptions): Result<Uint8Array, GameError> {
  if (isFixed(options.start)) {
    const board = startBoard(options.start);
    for (const name of options.leaveOut) board[holeIndex(name)] = EMPTY;
    return ok(finish(board, options));
  }
  if (options.start === "random") return drawStart(options, new Uint8Array(HOLE_COUNT), HOLES, 14);
  if (options.start === "partly-random") {
    return drawStart(options, fixedHoles("partly-random") as Uint8Array, CENTRE, 3);
  }
  return fail(
    "bad-option",
    'options.start "board" is the board as the players set it up: its first settled reading is the start, so there is no start without a board; give kete engine the position itself',
    "options.start",
    "AB-9.3",
  );
}

/** The position before the first move (AB-1, AB-9), or why these options have none. */
export function initialPosition(options: AbaloneOptions): Result<AbalonePosition, GameError> {
  const board = initialBoard(options);
  if (!board.ok) return board;
  return ok({
    game: GAME_ID,
    options,
    toMove: "b",
    board: board.value,
    off: { b: 0, w: 0 },
    moveCount: 0,
    noPushCount: 0,
    seat: options.teams === null ? null : { b: 0, w: 0 },
    neutralOffBy: null,
  });
}

export function optionsToJSON(o: AbaloneOptions): Record<string, unknown> {
  return {
    start: o.start,
    moveLimit: o.moveLimit,
    noPushLimit: o.noPushLimit,
    leaveOut: [...o.leaveOut],
    pushOffsToWin: { b: o.pushOffsToWin.b, w: o.pushOffsToWin.w },
    teams: o.teams,
    singleColour: o.singleColour,
    seed: o.seed,
    obstacles: [...o.obstacles],
    traps: [...o.traps],
    neutral: o.neutral,
    neutralOff: o.neutralOff,
    shapes: o.shapes,
  };
}

/**
 * A position's JSON: `seat` only in the team game (AB-9.1), `neutralOffBy`
 * only with a neutral marble (AB-9.6).
 */
export function positionToJSON(p: AbalonePosition): Record<string, unknown> {
  const cells: Record<string, string> = {};
  for (let h = 0; h < HOLE_COUNT; h++) {
    const c = p.board[h] as Cell;
    if (c !== EMPTY) cells[holeName(h)] = CELL_LETTER[c];
  }
  return {
    game: p.game,
    options: optionsToJSON(p.options),
    toMove: p.toMove,
    cells,
    off: { b: p.off.b, w: p.off.w },
    moveCount: p.moveCount,
    noPushCount: p.noPushCount,
    ...(p.seat === null ? {} : { seat: { b: p.seat.b, w: p.seat.w } }),
    ...(p.options.neutral === null ? {} : { neutralOffBy: p.neutralOffBy }),
  };
}

const FIELDS = [
  "game",
  "options",
  "toMove",
  "cells",
  "off",
  "moveCount",
  "noPushCount",
  "seat",
  "neutralOffBy",
];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const CELL_OF: Readonly<Record<string, Cell>> = { b: BLACK, w: WHITE, n: NEUTRAL, x: MARBLE };

function readCells(raw: unknown, options: AbaloneOptions): Result<Uint8Array, GameError> {
  const field = "position.cells";
  if (!isObject(raw)) {
    return fail(
      "bad-position",
      `${field} must be an object of occupied holes, {"A1":"b",…}`,
      field,
      "AB-1",
    );
  }
  const board = new Uint8Array(HOLE_COUNT);
  const marbles = options.singleColour
    ? { allowed: ["x", "n"], rule: "AB-9.2", words: '"x" (single colour, AB-9.2)' }
    : { allowed: ["b", "w", "n"], rule: "AB-1", words: '"b" or "w"' };
  for (const [name, value] of Object.entries(raw)) {
    const h = holeIndex(name);
    if (h < 0) {
      return fail(
        "bad-position",
        `${field}.${name} is not one of the 61 holes A1…I9`,
        `${field}.${name}`,
        "AB-1",
      );
    }
    if (typeof value !== "string" || !marbles.allowed.includes(value)) {
      return fail(
        "bad-position",
        `${field}.${name} is ${describeValue(value)}; a hole listed holds ${marbles.words}${options.neutral === null ? "" : ' or "n" (the neutral marble)'}`,
        `${field}.${name}`,
        marbles.rule,
      );
    }
    if (value === "n" && options.neutral === null) {
      return fail(
        "bad-position",
        `${field}.${name} holds the neutral marble "n", but options.neutral is null`,
        `${field}.${name}`,
        "AB-9.6",
      );
    }
    if (options.obstacles.includes(name) || options.traps.includes(name)) {
      const what = options.obstacles.includes(name)
        ? ["an obstacle", "AB-9.4"]
        : ["a trap", "AB-9.5"];
      return fail(
        "bad-position",
        `${field}.${name} holds a marble, but ${name} is ${what[0]}; no marble stays there`,
        `${field}.${name}`,
        what[1] as string,
      );
    }
    board[h] = CELL_OF[value] as Cell;
  }
  return ok(board);
}

function readOff(raw: unknown): Result<PerSide, GameError> {
  return readPerSide(raw, "position.off", 0, "bad-position", "AB-6");
}

function readCounter(raw: unknown, name: string): Result<number, GameError> {
  if (raw === undefined) return ok(0);
  if (typeof raw !== "number" || !Number.isSafeInteger(raw) || raw < 0) {
    return fail(
      "bad-position",
      `position.${name} is ${describeValue(raw)}; it must be a whole number ≥ 0`,
      `position.${name}`,
      "AB-7",
    );
  }
  return ok(raw);
}

/** AB-9.1: `seat` in the team game ({"b":0,"w":0} when missing), refused without it. */
function readSeat(raw: unknown, options: AbaloneOptions): Result<Seat | null, GameError> {
  const field = "position.seat";
  if (options.teams === null) {
    if (raw === undefined) return ok(null);
    return fail(
      "bad-position",
      `${field} is given, but options.teams is null; only the team game has seats`,
      field,
      "AB-9.1",
    );
  }
  if (raw === undefined) return ok({ b: 0, w: 0 });
  const shape = `${field} must be {"b":0|1,"w":0|1}: the member of each team who makes that colour's next move`;
  if (!isObject(raw) || Object.keys(raw).length !== 2 || !("b" in raw) || !("w" in raw)) {
    return fail("bad-position", shape, field, "AB-9.1");
  }
  const b = raw.b;
  const w = raw.w;
  if ((b !== 0 && b !== 1) || (w !== 0 && w !== 1)) {
    return fail("bad-position", shape, field, "AB-9.1");
  }
  return ok({ b, w });
}

/** AB-9.6: who pushed the neutral marble out (null, or missing, while it is on the board). */
function readNeutralOffBy(
  raw: unknown,
  options: AbaloneOptions,
): Result<AbaloneSide | null, GameError> {
  const field = "position.neutralOffBy";
  if (raw === undefined || raw === null) return ok(null);
  if (options.neutral === null) {
    return fail(
      "bad-position",
      `${field} is given, but options.neutral is null; there is no neutral marble`,
      field,
      "AB-9.6",
    );
  }
  if (raw !== "b" && raw !== "w") {
    return fail(
      "bad-position",
      `${field} is ${describeValue(raw)}; it must be null (the neutral marble is on the board) or "b"/"w" (who pushed it out)`,
      field,
      "AB-9.6",
    );
  }
  return ok(raw);
}

type Body = {
  board: Uint8Array;
  off: PerSide;
  moveCount: number;
  noPushCount: number;
  seat: Seat | null;
  neutralOffBy: AbaloneSide | null;
};

/** Reads the fields after the header; `checkTotals` then checks what they say together. */
function readBody(json: Record<string, unknown>, options: AbaloneOptions): Result<Body, GameError> {
  const board = readCells(json.cells, options);
  if (!board.ok) return board;
  const off = readOff(json.off);
  if (!off.ok) return off;
  const moveCount = readCounter(json.moveCount, "moveCount");
  if (!moveCount.ok) return moveCount;
  const noPushCount = readCounter(json.noPushCount, "noPushCount");
  if (!noPushCount.ok) return noPushCount;
  if (noPushCount.value > moveCount.value) {
    return fail(
      "bad-position",
      `position.noPushCount is ${noPushCount.value}, more than the ${moveCount.value} moves played (moveCount)`,
      "position.noPushCount",
      "AB-7",
    );
  }
  const seat = readSeat(json.seat, options);
  if (!seat.ok) return seat;
  const neutralOffBy = readNeutralOffBy(json.neutralOffBy, options);
  if (!neutralOffBy.ok) return neutralOffBy;
  return ok({
    board: board.value,
    off: off.value,
    moveCount: moveCount.value,
    noPushCount: noPushCount.value,
    seat: seat.value,
    neutralOffBy: neutralOffBy.value,
  });
}

/**
 * Marbles on the board + off + left out = 14 per colour (28 in all in the
 * single-colour game), the neutral marble once on the board or pushed out
 * (AB-9.6: with `counts` it is in `off` as the pusher's opponent's);
 * not both sides past their target.
 */
function checkTotals(body: Body, options: AbaloneOptions): Result<true, GameError> {
  const { board, off, neutralOffBy } = body;
  const out = leftOut(options, "position.options");
  if (!out.ok) return out;
  const onBoard = { b: 0, w: 0, x: 0, n: 0 };
  for (let h = 0; h < HOLE_COUNT; h++) {
    const c = board[h] as Cell;
    if (c === BLACK) onBoard.b++;
    else if (c === WHITE) onBoard.w++;
    else if (c === MARBLE) onBoard.x++;
    else if (c === NEUTRAL) onBoard.n++;
  }
  if (options.neutral !== null) {
    const want = neutralOffBy === null ? 1 : 0;
    if (onBoard.n !== want) {
      return fail(
        "bad-position",
        neutralOffBy === null
          ? `position.cells holds ${onBoard.n} neutral marbles; there is one, on the board until pushed out (then neutralOffBy names who pushed it)`
          : `position.neutralOffBy is "${neutralOffBy}", yet the neutral marble is on the board`,
        "position.cells",
        "AB-9.6",
      );
    }
    if (neutralOffBy !== null && options.neutralOff === "forbidden") {
      return fail(
        "bad-position",
        `position.neutralOffBy is "${neutralOffBy}", but options.neutralOff is "forbidden": the neutral marble never leaves`,
        "position.neutralOffBy",
        "AB-9.6",
      );
    }
  }
  // With `counts`, the neutral marble is in `off` as one of the pusher's opponent's.
  const counted = { b: 0, w: 0 };
  if (neutralOffBy !== null && options.neutralOff === "counts") {
    counted[neutralOffBy === "b" ? "w" : "b"] = 1;
  }
  if (options.singleColour) {
    const total = onBoard.x + off.b + off.w + out.value.b + out.value.w - counted.b - counted.w;
    if (total !== 2 * MARBLES) {
      return fail(
        "bad-position",
        `${onBoard.x} marbles on the board + ${off.b + off.w - counted.b - counted.w} off + ${out.value.b + out.value.w} left out make ${total}; there are ${2 * MARBLES}`,
        "position.cells",
        "AB-9.2",
      );
    }
  } else {
    for (const side of ["b", "w"] as const) {
      const total = onBoard[side] + off[side] - counted[side] + out.value[side];
      if (total !== MARBLES) {
        const colour = side === "b" ? "black" : "white";
        return fail(
          "bad-position",
          `${onBoard[side]} ${colour} marbles on the board + ${off[side] - counted[side]} off + ${out.value[side]} left out make ${total}; there are ${MARBLES}`,
          "position.cells",
          "AB-1",
        );
      }
    }
  }
  if (off.w >= options.pushOffsToWin.b && off.b >= options.pushOffsToWin.w) {
    return fail(
      "bad-position",
      `position.off is {"b":${off.b},"w":${off.w}}: both sides have pushed off the marbles they need to win, but the game ends at the first`,
      "position.off",
      "AB-6",
    );
  }
  return ok(true);
}

/** Reads a position's JSON, checking every invariant (abalone.md, "Invalid positions"). */
export function parsePosition(json: unknown): Result<AbalonePosition, GameError> {
  if (!isObject(json)) {
    return err("bad-position", "position must be a JSON object", { field: "position" });
  }
  for (const key of Object.keys(json)) {
    if (!FIELDS.includes(key)) {
      return err(
        "bad-position",
        `position.${key} is not a field of an abalone position (fields: ${FIELDS.join(", ")})`,
        {
          field: `position.${key}`,
        },
      );
    }
  }
  if (json.game !== GAME_ID) {
    return err("bad-position", `position.game must be "${GAME_ID}"`, { field: "position.game" });
  }
  const options = readPositionOptions(json.options);
  if (!options.ok) return options;
  if (json.toMove !== "b" && json.toMove !== "w") {
    return fail(
      "bad-position",
      `position.toMove is ${describeValue(json.toMove)}; it must be "b" or "w"`,
      "position.toMove",
      "AB-1",
    );
  }
  const body = readBody(json, options.value);
  if (!body.ok) return body;
  const totals = checkTotals(body.value, options.value);
  if (!totals.ok) return totals;
  return ok({ game: GAME_ID, options: options.value, toMove: json.toMove, ...body.value });
}

/**
 * A position's options: every one of AB-1 and AB-7 given (a missing one is
 * refused), those AB-9 added read as their defaults when missing (positions
 * written before them), each checked.
 */
function readPositionOptions(raw: unknown): Result<AbaloneOptions, GameError> {
  const field = "position.options";
  if (!isObject(raw)) {
    return fail(
      "bad-position",
      `${field} must be an object with every option of ${GAME_ID}`,
      field,
      "AB-7",
    );
  }
  for (const spec of OPTION_SPECS) {
    if (!(spec.name in raw) && !VARIANT_OPTIONS.has(spec.name)) {
      return fail(
        "bad-position",
        `${field}.${spec.name} is missing; a position carries every option (${OPTION_SPECS.map((s) => s.name).join(", ")})`,
        `${field}.${spec.name}`,
        spec.rule,
      );
    }
  }
  const read = readOptions(raw, field);
  if (read.ok) return read;
  return err("bad-position", read.error.message, {
    ...(read.error.field === undefined ? {} : { field: read.error.field }),
    ...(read.error.rule === undefined ? {} : { rule: read.error.rule }),
  });
}
