/**
 * The registry of every game kete knows, by engine id.
 */
import type { Game } from "./core/types.js";

export const games: readonly Game[] = [];

export function findGame(id: string): Game | undefined {
  return games.find((g) => g.id === id);
}
