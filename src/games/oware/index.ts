/** Oware (abapa) on the `2x6+2` board (docs/rules/oware.md). */
import { OwareGame } from "./game.js";

export const oware = new OwareGame();
export type { OwarePosition } from "./position.js";
