/**
 * `2x6+2` (PROTOCOL.md §5.4): the board of Kalah and Oware, the mancala
 * boards most often sold: two rows of six pits, `A1`..`A6` (South's) and
 * `B1`..`B6` (North's), and a store at each end, `SC` (South's, beside `A6`)
 * and `NC` (North's, beside `B1`). Every place reports its stone count.
 */
import { COUNT_CODEC } from "../counts.js";
import { maskDigitsOf, range, rowColumn, rowsOf } from "../shape.js";
import type { BoardShape, Cells, Painter } from "../shape.js";
import { cellText } from "../terminal.js";

const CELLS = [...rowsOf("AB", () => range(1, 6)), "SC", "NC"];
const INDEX = new Map(CELLS.map((c, i) => [c, i]));

/**
 * The board as it lies: North's row `B1`…`B6` on the far side, South's
 * `A1`…`A6` on the near one, North's store `NC` at the left end (North's
 * right) and South's `SC` at the right.
 */
function terminal(board: Cells, unsettled: ReadonlySet<string>, paint: Painter): string[] {
  const texts = COUNT_CODEC.texts(board);
  const cell = (name: string): string =>
    cellText(texts[INDEX.get(name) ?? -1] ?? null, unsettled.has(name), paint);
  const row = (letter: string): string =>
    range(1, 6)
      .map((c) => ` ${cell(`${letter}${c}`)}`)
      .join(" ");
  const columns = range(1, 6)
    .map((c) => String(c).padStart(3) + " ")
    .join(" ");
  return [
    `          ${columns}`,
    `  B       ${row("B")}`,
    `  NC ${cell("NC")}  ${" ".repeat(29)}  ${cell("SC")} SC`,
    `  A       ${row("A")}`,
  ];
}

const STEP = 64;
const PIT_R = 26;
const STORE_R = 34;
const MARGIN = 36;

export const TWO_BY_SIX_PLUS_TWO: BoardShape<"2x6+2", "counts"> = {
  id: "2x6+2",
  kind: "counts",
  title: "Kalah and Oware, 12 pits and 2 stores",
  cells: CELLS,
  maskDigits: maskDigitsOf(CELLS),
  readingNames: COUNT_CODEC.readingNames(CELLS),
  codec: COUNT_CODEC,
  maxCount: 64,
  terminal,
  terminalLegend: "NC North's store, SC South's; ~ unsettled, ? sensor fault",
  // North's row B above South's row A; NC beyond B1 on the left, SC beyond A6 on the right.
  drawing: () => {
    const left = MARGIN + 2 * STORE_R + 20;
    const middle = MARGIN + STEP / 2;
    return {
      width: 2 * left + 5 * STEP,
      height: 2 * MARGIN + STEP,
      at: (name) => {
        if (name === "NC") return { x: MARGIN + STORE_R, y: middle, r: STORE_R };
        if (name === "SC") return { x: left + 5 * STEP + 20 + STORE_R, y: middle, r: STORE_R };
        const rc = rowColumn(name);
        return {
          x: left + ((rc?.column ?? 1) - 1) * STEP,
          y: rc?.row === "B" ? MARGIN : MARGIN + STEP,
          r: PIT_R,
        };
      },
    };
  },
  // KA-1 / OW-1: four stones in every pit, the stores empty.
  physicalStart: { counts: CELLS.map((c) => (c.endsWith("C") ? 0 : 4)) },
};
