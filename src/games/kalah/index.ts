/** Kalah (6,4) on the `2x6+2` board (docs/rules/kalah.md). */
import { KalahGame } from "./game.js";

export const kalah = new KalahGame();
export type { KalahPosition } from "./position.js";
