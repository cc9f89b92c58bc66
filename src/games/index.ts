/**
 * The registry of every game kete knows, by engine id.
 */
import type { Game } from "./core/types.js";
import { baoGames } from "./bao/index.js";
import { fourRowGames } from "./mancala4x8/index.js";
import { glassperlenspiel } from "./glassperlenspiel/index.js";
import { abalone } from "./abalone/index.js";
import { kalah } from "./kalah/index.js";
import { oware } from "./oware/index.js";

/** The games sown on the 4x8 board: the five four-row games and both Baos. */
export const fourRowBoardGames: readonly Game[] = [...fourRowGames, ...baoGames];

export const games: readonly Game[] = [
  ...fourRowBoardGames,
  glassperlenspiel,
  abalone,
  kalah,
  oware,
];

export function findGame(id: string): Game | undefined {
  return games.find((g) => g.id === id);
}

export * from "./core/types.js";
export * from "./core/trace.js";
export * from "./core/options.js";
export * from "./core/board.js";
export * from "./core/rules.js";
export * from "./core/errors.js";
