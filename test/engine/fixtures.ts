/**
 * Positions the engine tests share, as `kete engine` reads them
 * (docs/spec/engine-protocol.md, "Position").
 */
import { rows } from "../games/fourrow/board.js";

/** A HusBao game that is over: South's front row is empty (HB-7/HB-8). */
export const FINISHED_HUSBAO = {
  game: "husbao",
  options: { direction: "free", maxStages: 200 },
  toMove: "S",
  pits: rows("1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 5 5 5 5 5 5 5 5 / 0 0 0 0 0 0 0 0"),
} as const;
