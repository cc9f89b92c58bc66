/** Bao la kiswahili and Bao la kujifunza (shared/rules/bao-kiswahili.md). */
import { BaoGame } from "./game.js";
import { BAO_VARIANTS } from "./variants.js";

export const baoGames: readonly BaoGame[] = BAO_VARIANTS.map((v) => new BaoGame(v));
export { BaoGame } from "./game.js";
export type { BaoPosition, BaoOptions } from "./position.js";
export type { BaoGameId } from "./variants.js";
export { parseMove, formatMove, type BaoMove } from "./notation.js";
export * as geometry from "./geometry.js";
