/** Abalone (abalone.md): marbles on the `hex61` board. */
import { AbaloneGame } from "./game.js";

export const abalone = new AbaloneGame();
export { AbaloneGame } from "./game.js";
export type { AbalonePosition, AbaloneOptions } from "./position.js";
export { parseMove, formatMove, type AbaloneMove } from "./notation.js";
