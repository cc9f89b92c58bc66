/** Glassperlenspiel (glassperlenspiel.md): beads with identity on the `2x5+2` board. */
import { GlassGame } from "./game.js";

export const glassperlenspiel = new GlassGame();
export { GlassGame } from "./game.js";
export type { GlassPosition } from "./position.js";
export { parseMove, type GlassMove } from "./notation.js";
