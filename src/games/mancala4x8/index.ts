/** The four-row mancala games: husbao, husbao-bis, husbao-front, hus, bao-de. */
import { FourRowGame } from "./game.js";
import { VARIANTS } from "./variants.js";

export const fourRowGames: readonly FourRowGame[] = VARIANTS.map((v) => new FourRowGame(v));
export { FourRowGame } from "./game.js";
export type { FourRowPosition, FourRowOptions } from "./position.js";
export type { FourRowGameId } from "./variants.js";
export { parseMove, formatMove, type FourRowMove } from "./notation.js";
export * as geometry from "../fourrow/geometry.js";
