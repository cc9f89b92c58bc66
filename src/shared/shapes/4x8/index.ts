/**
 * `4x8` (PROTOCOL.md §5.1): four-row mancala, 32 pits reporting stone counts.
 * Rows `A` and `B` are South's, `C` and `D` North's; columns 1..8.
 */
import { COUNT_CODEC } from "../counts.js";
import { maskDigitsOf, range, rowColumn, rowsOf } from "../shape.js";
import type { BoardShape } from "../shape.js";
import { rowsDrawing } from "../terminal.js";

const CELLS = rowsOf("ABCD", () => range(1, 8));
const STEP = 64;
const PIT_R = 26;
const MARGIN = 36;
/** Row D at the top, A at the bottom, a gap between North's rows and South's. */
const ROW_Y: Readonly<Record<string, number>> = { D: 0, C: 1, B: 2.25, A: 3.25 };

export const FOUR_BY_EIGHT: BoardShape<"4x8", "counts"> = {
  id: "4x8",
  kind: "counts",
  title: "four-row mancala, 32 pits",
  cells: CELLS,
  maskDigits: maskDigitsOf(CELLS),
  readingNames: COUNT_CODEC.readingNames(CELLS),
  codec: COUNT_CODEC,
  maxCount: 64,
  terminal: (board, unsettled, paint) =>
    rowsDrawing(CELLS, COUNT_CODEC.texts(board), unsettled, paint),
  terminalLegend: "~ unsettled, ? sensor fault",
  drawing: () => ({
    width: 2 * MARGIN + 7 * STEP,
    height: 2 * MARGIN + 3.25 * STEP,
    at: (name) => {
      const rc = rowColumn(name);
      const y = rc === null ? 0 : (ROW_Y[rc.row] ?? 0);
      return { x: MARGIN + ((rc?.column ?? 1) - 1) * STEP, y: MARGIN + y * STEP, r: PIT_R };
    },
  }),
  physicalStart: { counts: CELLS.map(() => 4) },
};
