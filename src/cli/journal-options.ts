/**
 * How the commands read journals: a journal's game must be one kete knows
 * (src/games). Its own small module so that `kete games` and `kete export`
 * need not load what `kete play` does.
 */
import { findGame } from "../games/index.js";

/**
 * Journals are read knowing which games this kete plays (the journal layer
 * knows no games), and a damaged line in the middle leaves the game up to it
 * (issue 32): each command says so.
 */
export const journalOptions = {
  isGame: (id: string) => findGame(id) !== undefined,
  salvage: true,
} as const;
