/** Shared by the Abalone tests: positions written as the rules write them. */
import { abalone, type AbalonePosition } from "../../../src/games/abalone/index.js";
import type { Cells } from "./naive.js";

export const ab = abalone;

/** AB-1's three starts, copied from abalone.md. */
export const STARTS: Readonly<Record<string, { b: string; w: string }>> = {
  standard: {
    b: "A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5",
    w: "I5 I6 I7 I8 I9 H4 H5 H6 H7 H8 H9 G5 G6 G7",
  },
  "belgian-daisy": {
    b: "A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9",
    w: "A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
  },
  "german-daisy": {
    b: "B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9",
    w: "B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
  },
};

export const DEFAULT_OPTIONS = {
  start: "standard",
  moveLimit: null,
  noPushLimit: null,
  leaveOut: [],
  pushOffsToWin: { b: 6, w: 6 },
};

export function cellsOf(black: string, white: string): Record<string, "b" | "w"> {
  const cells: Record<string, "b" | "w"> = {};
  for (const h of black.split(" ").filter((x) => x !== "")) cells[h] = "b";
  for (const h of white.split(" ").filter((x) => x !== "")) cells[h] = "w";
  return cells;
}

export interface PositionJSON {
  game: string;
  options: Record<string, unknown>;
  toMove: string;
  cells: Record<string, string>;
  off: { b: number; w: number };
  moveCount: number;
  noPushCount: number;
}

/**
 * A position JSON with `black` and `white` marbles (space-separated holes),
 * the rest at the defaults; unless `options.leaveOut` is given, the marbles
 * neither on the board nor `off` are left out (AB-7, handicap) from the
 * standard start's holes, so that any few marbles make a valid position.
 */
export function positionJSON(
  black: string,
  white: string,
  extra: Partial<Omit<PositionJSON, "options">> & { options?: Record<string, unknown> } = {},
): PositionJSON {
  const cells = cellsOf(black, white);
  const off = extra.off ?? { b: 0, w: 0 };
  const nb = Object.values(cells).filter((c) => c === "b").length;
  const nw = Object.values(cells).filter((c) => c === "w").length;
  const std = STARTS.standard!;
  const leaveOut = [
    ...std.b.split(" ").slice(0, Math.max(0, 14 - nb - off.b)),
    ...std.w.split(" ").slice(0, Math.max(0, 14 - nw - off.w)),
  ];
  return {
    game: "abalone",
    toMove: "b",
    moveCount: 0,
    noPushCount: 0,
    ...extra,
    off,
    cells,
    options: { ...DEFAULT_OPTIONS, leaveOut, ...(extra.options ?? {}) },
  };
}

export function parse(json: unknown): AbalonePosition {
  const r = ab.parsePosition(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The position of `positionJSON`, parsed. */
export function at(
  black: string,
  white: string,
  extra: Parameters<typeof positionJSON>[2] = {},
): AbalonePosition {
  return parse(positionJSON(black, white, extra));
}

export function jsonOf(p: AbalonePosition): PositionJSON {
  return ab.positionToJSON(p) as unknown as PositionJSON;
}

export function cellsMap(p: AbalonePosition): Cells {
  return new Map(Object.entries(jsonOf(p).cells) as ["string", "b" | "w"][]);
}

export function moveNames(p: AbalonePosition): string[] {
  return ab.legal(p).moves.map((m) => m.move);
}

export function start(options: Record<string, unknown> = {}): AbalonePosition {
  const r = ab.initial(options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/**
 * A position under AB-9's `options` with `cells` as given (letters b w n x),
 * five marbles of each colour off and the rest filled in on far holes.
 */
export function variantPosition(
  cells: Record<string, string>,
  options: Record<string, unknown> = {},
  extra: Record<string, unknown> = {},
): AbalonePosition {
  const start = abalone.initial(options);
  if (!start.ok) throw new Error(start.error.message);
  const json = abalone.positionToJSON(start.value);
  const all: Record<string, string> = { ...cells };
  // Fill each colour up to 14 - 5 off on holes far from the examples.
  const single = options.singleColour === true;
  const spare = ["I5", "I6", "I7", "I8", "I9", "H5", "H6", "H7", "H8", "H9", "G7", "G8", "G9"];
  const spareB = ["A5", "B6", "C7", "D8", "E9", "F9", "G9", "H9", "I9", "I8", "I7"];
  const need = (letter: string, n: number, pool: string[]) => {
    let have = Object.values(all).filter((v) => v === letter).length;
    for (const h of pool) {
      if (have >= n) break;
      if (all[h] === undefined) {
        all[h] = letter;
        have++;
      }
    }
  };
  if (single) need("x", 18, [...spare, ...spareB]);
  else {
    need("w", 9, spare);
    need("b", 9, spareB);
  }
  const parsed = abalone.parsePosition({
    ...json,
    cells: all,
    off: { b: 5, w: 5 },
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}
