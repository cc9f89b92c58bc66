/**
 * An Abalone position, its options and its JSON form (abalone.md, AB-1,
 * AB-7, "Notation" and the Clarifications "Invalid positions"): read with
 * every invariant checked, each refusal a typed error naming its field and
 * rule.
 */
import { describeValue, err, ok, type Result } from "../../shared/index.js";
import { resolveOptions } from "../core/options.js";
import type { OptionSpec, OptionValue, Position } from "../core/types.js";
import {
  BLACK,
  CELL_LETTER,
  EMPTY,
  HOLE_COUNT,
  WHITE,
  holeIndex,
  holeName,
  type AbaloneSide,
  type Cell,
} from "./geometry.js";

export const GAME_ID = "abalone";

/** Marbles of each colour in every start (AB-1). */
export const MARBLES = 14;
/** Most marbles of a colour that can be off the board (AB-6). */
export const MAX_OFF = 6;

export const STARTS = ["standard", "belgian-daisy", "german-daisy"] as const;
export type StartName = (typeof STARTS)[number];

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
};

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
}

/** The error codes of this game's refusals (with the handler's own). */
export type AbaloneErrorCode = "bad-position" | "bad-option" | "illegal-move" | "game-over";

function fail(code: AbaloneErrorCode, message: string, field: string, rule: string): Result<never> {
  return err(code, `${message} (${rule})`, { field, rule });
}

/** `leaveOut`'s shape: distinct hole names (which holes the start fills is checked with `start`). */
function checkLeaveOut(value: unknown, field: string): Result<OptionValue> {
  if (!Array.isArray(value)) {
    return fail(
      "bad-option",
      `${field} is ${describeValue(value)}; it must be a list of holes`,
      field,
      "AB-7",
    );
  }
  const holes: string[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== "string" || holeIndex(item) < 0) {
      return fail(
        "bad-option",
        `${field} holds ${describeValue(item)}, which is not a hole A1…I9`,
        field,
        "AB-7",
      );
    }
    if (holes.includes(item)) {
      return fail("bad-option", `${field} names ${item} twice`, field, "AB-7");
    }
    holes.push(item);
  }
  return ok(holes.sort((a, b) => holeIndex(a) - holeIndex(b)));
}

function checkPushOffs(value: unknown, field: string): Result<OptionValue> {
  const shape = `${field} must be {"b":n,"w":n} with whole numbers from 1 to ${MAX_OFF}`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail("bad-option", shape, field, "AB-7");
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length !== 2 || !keys.includes("b") || !keys.includes("w")) {
    return fail("bad-option", shape, field, "AB-7");
  }
  for (const side of ["b", "w"] as const) {
    const n = record[side];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > MAX_OFF) {
      return fail(
        "bad-option",
        `${shape}; ${side} is ${describeValue(n)}`,
        `${field}.${side}`,
        "AB-7",
      );
    }
  }
  return ok({ b: record.b as number, w: record.w as number });
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
    check: checkLeaveOut,
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
];

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
const START_HOLES: Readonly<Record<StartName, { readonly b: string; readonly w: string }>> = {
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

/** The board of a start, before any hole is left out. */
export function startBoard(start: StartName): Uint8Array {
  const board = new Uint8Array(HOLE_COUNT);
  for (const h of holesOf(START_HOLES[start].b)) board[holeIndex(h)] = BLACK;
  for (const h of holesOf(START_HOLES[start].w)) board[holeIndex(h)] = WHITE;
  return board;
}

/** Marbles of each colour left out (AB-7, handicap); an error when a hole is empty at the start. */
function leftOut(options: AbaloneOptions, field: string): Result<PerSide> {
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

/** Options filled in and checked, the left-out holes against the chosen start. */
export function readOptions(input: unknown, field: string): Result<AbaloneOptions> {
  const resolved = resolveOptions(GAME_ID, OPTION_SPECS, input, field);
  if (!resolved.ok) return resolved;
  const o = resolved.value;
  const options: AbaloneOptions = {
    start: o.start as StartName,
    moveLimit: o.moveLimit as number | null,
    noPushLimit: o.noPushLimit as number | null,
    leaveOut: o.leaveOut as readonly string[],
    pushOffsToWin: o.pushOffsToWin as PerSide,
  };
  const out = leftOut(options, field);
  return out.ok ? ok(options) : out;
}

/** The position before the first move (AB-1), with the left-out holes emptied. */
export function initialPosition(options: AbaloneOptions): AbalonePosition {
  const board = startBoard(options.start);
  for (const name of options.leaveOut) board[holeIndex(name)] = EMPTY;
  return {
    game: GAME_ID,
    options,
    toMove: "b",
    board,
    off: { b: 0, w: 0 },
    moveCount: 0,
    noPushCount: 0,
  };
}

export function optionsToJSON(o: AbaloneOptions): Record<string, unknown> {
  return {
    start: o.start,
    moveLimit: o.moveLimit,
    noPushLimit: o.noPushLimit,
    leaveOut: [...o.leaveOut],
    pushOffsToWin: { b: o.pushOffsToWin.b, w: o.pushOffsToWin.w },
  };
}

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
  };
}

const FIELDS = ["game", "options", "toMove", "cells", "off", "moveCount", "noPushCount"];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function readCells(raw: unknown): Result<Uint8Array> {
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
    if (value !== "b" && value !== "w") {
      return fail(
        "bad-position",
        `${field}.${name} is ${describeValue(value)}; a hole listed holds "b" or "w"`,
        `${field}.${name}`,
        "AB-1",
      );
    }
    board[h] = value === "b" ? BLACK : WHITE;
  }
  return ok(board);
}

function readOff(raw: unknown): Result<PerSide> {
  const field = "position.off";
  const shape = `${field} must be {"b":n,"w":n} with whole numbers from 0 to ${MAX_OFF}`;
  if (!isObject(raw) || Object.keys(raw).length !== 2 || !("b" in raw) || !("w" in raw)) {
    return fail("bad-position", shape, field, "AB-6");
  }
  for (const side of ["b", "w"] as const) {
    const n = raw[side];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > MAX_OFF) {
      return fail(
        "bad-position",
        `${shape}; ${side} is ${describeValue(n)}`,
        `${field}.${side}`,
        "AB-6",
      );
    }
  }
  return ok({ b: raw.b as number, w: raw.w as number });
}

function readCounter(raw: unknown, name: string): Result<number> {
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

/** Reads the fields after the header; `checkTotals` then checks what they say together. */
function readBody(
  json: Record<string, unknown>,
): Result<{ board: Uint8Array; off: PerSide; moveCount: number; noPushCount: number }> {
  const board = readCells(json.cells);
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
  return ok({
    board: board.value,
    off: off.value,
    moveCount: moveCount.value,
    noPushCount: noPushCount.value,
  });
}

/** Marbles on the board + off + left out = 14 per colour; not both sides past their target. */
function checkTotals(board: Uint8Array, off: PerSide, options: AbaloneOptions): Result<true> {
  const out = leftOut(options, "position.options");
  if (!out.ok) return out;
  const onBoard = { b: 0, w: 0 };
  for (let h = 0; h < HOLE_COUNT; h++) {
    if (board[h] === BLACK) onBoard.b++;
    else if (board[h] === WHITE) onBoard.w++;
  }
  for (const side of ["b", "w"] as const) {
    const total = onBoard[side] + off[side] + out.value[side];
    if (total !== MARBLES) {
      const colour = side === "b" ? "black" : "white";
      return fail(
        "bad-position",
        `${onBoard[side]} ${colour} marbles on the board + ${off[side]} off + ${out.value[side]} left out make ${total}; there are ${MARBLES}`,
        "position.cells",
        "AB-1",
      );
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
export function parsePosition(json: unknown): Result<AbalonePosition> {
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
  const body = readBody(json);
  if (!body.ok) return body;
  const totals = checkTotals(body.value.board, body.value.off, options.value);
  if (!totals.ok) return totals;
  return ok({ game: GAME_ID, options: options.value, toMove: json.toMove, ...body.value });
}

/** A position's options: every one given (a missing option is refused), each checked. */
function readPositionOptions(raw: unknown): Result<AbaloneOptions> {
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
    if (!(spec.name in raw)) {
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
