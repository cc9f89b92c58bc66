/**
 * `hex61` (PROTOCOL.md §5.3): the Abalone board, 61 holes in rows `A`..`I`
 * (A = A1..A5, E = E1..E9, I = I5..I9); each hole reports empty (`.`) or the
 * colour of the marble in it.
 */
import { ok } from "../../result.js";
import type { CellError, Result } from "../../result.js";
import { cellError } from "../cells.js";
import { maskDigitsOf, range, round1, rowColumn, rowsOf } from "../shape.js";
import type { BoardShape, CellCodec, Cells, HoleCells, HoleContent, Painter } from "../shape.js";
import { boardRows } from "../terminal.js";
import { MARBLE_COLOURS, READING_SEPARATOR } from "../vocabulary.js";
import type { MarbleColour } from "../vocabulary.js";

const CELLS = rowsOf("ABCDEFGHI", (r) => (r <= 4 ? range(1, 5 + r) : range(r - 3, 9)));
const MARBLES = Object.keys(MARBLE_COLOURS) as MarbleColour[];

/** A hole's character on the wire: `.` when empty, else its marble's letter. */
export const HOLE_CHARS: Readonly<Record<HoleContent, string>> = { empty: ".", ...MARBLE_COLOURS };
/** The content a character stands for. */
export const HOLE_BY_CHAR: ReadonlyMap<string, HoleContent> = new Map(
  (Object.keys(HOLE_CHARS) as HoleContent[]).map((h) => [HOLE_CHARS[h], h]),
);
/** A hall sensor's value for each content (a simulated board's reading): 0 empty, then the colours. */
export const HOLE_CODES: readonly HoleContent[] = ["empty", ...MARBLES];

/**
 * The six directions of the hexagon as (row, diagonal) steps, `d + 3` the
 * opposite of `d` (abalone.md, coordinates; PROTOCOL.md §5.3's names).
 */
export const HEX_STEPS: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 1],
  [1, 0],
  [0, -1],
  [-1, -1],
  [-1, 0],
];

function holesOf(board: Cells): readonly (HoleContent | null)[] {
  return "holes" in board ? board.holes : [];
}

const HOLE_CODEC: CellCodec = {
  kind: "holes",
  parse<G extends string>(
    geometry: G,
    cells: readonly string[],
    token: string,
  ): Result<Cells<G>, CellError> {
    if (token.length !== cells.length) {
      return cellError("wrong-field-count", `${geometry} needs ${cells.length} cells`, "cells");
    }
    const holes: (HoleContent | null)[] = [];
    for (const ch of token) {
      if (ch === "?") holes.push(null);
      else {
        const hole = HOLE_BY_CHAR.get(ch);
        if (hole === undefined)
          return cellError("bad-field", `'${ch}' is not . b w n x or ?`, "cells");
        holes.push(hole);
      }
    }
    const board: HoleCells<G> = { geometry, holes };
    return ok(board);
  },
  format: (board) =>
    holesOf(board)
      .map((h) => (h === null ? "?" : HOLE_CHARS[h]))
      .join(""),
  readings(board, n) {
    const holes = holesOf(board);
    const out: (number | null)[] = [];
    for (let i = 0; i < n; i++) {
      const hole = holes[i] ?? null;
      for (const colour of MARBLES) out.push(hole === null ? null : hole === colour ? 1 : 0);
    }
    return out;
  },
  texts: (board) => holesOf(board).map((h) => (h === null ? null : HOLE_CHARS[h])),
  readingNames: (cells) =>
    Object.freeze(
      cells.flatMap((cell) =>
        MARBLES.map((m) => `${cell}${READING_SEPARATOR}${MARBLE_COLOURS[m]}`),
      ),
    ),
  fromReadings: (geometry, cells, readings) => ({
    geometry,
    holes: cells.map((_, i): HoleContent | null => {
      const bits = MARBLES.map((_, m) => readings[MARBLES.length * i + m]);
      if (bits.some((b) => b === null || b === undefined)) return null;
      return MARBLES.find((_, m) => bits[m] === 1) ?? "empty";
    }),
  }),
  fromSensors: (geometry, values) => ({
    geometry,
    holes: values.map((v) => (v === null ? null : (HOLE_CODES[v] ?? "empty"))),
  }),
};

/**
 * The board as it lies: a hexagon, row `I` on the far side and `A` on the
 * near one, each row shifted by half a hole from the next as the holes are,
 * its columns named at its right-hand end. Each hole shows `.` empty, `b`
 * black or `w` white, `~` after it while unsettled (a marble rolling over
 * it), `?` for a faulty hall sensor (`n` the neutral marble, `x` a marble of
 * no told colour); the marbles of each colour on the board close the picture.
 */
function terminal(board: Cells, unsettled: ReadonlySet<string>, paint: Painter): string[] {
  const holes = holesOf(board);
  const rows = boardRows(CELLS).reverse();
  const widest = Math.max(...rows.map((r) => r.cells.length));
  const lines = rows.map((row) => {
    const indent = " ".repeat(2 * (widest - row.cells.length));
    const shown = row.cells.map((i) => {
      const h = holes[i] ?? null;
      if (h === null) return paint.fault("? ");
      const letter = HOLE_CHARS[h];
      return unsettled.has(CELLS[i] ?? "") ? paint.unsettled(`${letter}~`) : `${letter} `;
    });
    const first = CELLS[row.cells[0] ?? 0]?.slice(1) ?? "";
    const last = CELLS[row.cells[row.cells.length - 1] ?? 0]?.slice(1) ?? "";
    return `  ${row.name}   ${indent}${shown.join("  ")}${indent}   ${first}..${last}`;
  });
  const count = (c: HoleContent): number => holes.filter((h) => h === c).length;
  const more = (c: HoleContent, word: string): string =>
    count(c) > 0 ? `  ${word} ${count(c)}` : "";
  return [
    ...lines,
    `  black ${count("black")}  white ${count("white")}${more("neutral", "neutral")}${more("marble", "marbles")} on the board`,
  ];
}

const STEP = 64;
const PIT_R = 26;
const MARGIN = 36;

export const HEX61: BoardShape<"hex61", "holes"> = {
  id: "hex61",
  kind: "holes",
  title: "Abalone, a hexagon of 61 holes, marble colour",
  cells: CELLS,
  maskDigits: maskDigitsOf(CELLS),
  readingNames: HOLE_CODEC.readingNames(CELLS),
  codec: HOLE_CODEC,
  maxCount: 1,
  terminal,
  terminalLegend: ". empty, b black, w white, n neutral, x a marble; ~ unsettled, ? sensor fault",
  // Row I at the top, A at the bottom, each row centred on row E (columns 1…9 at x offsets 0…8).
  drawing: () => {
    const rowStep = (STEP * Math.sqrt(3)) / 2;
    return {
      width: 2 * MARGIN + 8 * STEP,
      height: round1(2 * MARGIN + 8 * rowStep),
      at: (name) => {
        const rc = rowColumn(name);
        const r = rc === null ? 0 : rc.row.charCodeAt(0) - 65;
        const c = rc?.column ?? 1;
        return {
          x: round1(MARGIN + (c - 1 + (4 - r) / 2) * STEP),
          y: round1(MARGIN + (8 - r) * rowStep),
          r: PIT_R,
        };
      },
    };
  },
  // AB-1's standard start: black A1–A5 B1–B6 C3–C5, white G5–G7 H4–H9 I5–I9.
  physicalStart: {
    holes:
      "bbbbb" +
      "bbbbbb" +
      "..bbb.." +
      "........" +
      "........." +
      "........" +
      "..www.." +
      "wwwwww" +
      "wwwww",
  },
};
