/**
 * How the commands read journals: a journal's game must be one kete knows
 * (src/games). Its own small module so that `kete games` and `kete export`
 * need not load what `kete play` does.
 */
import { findGame } from "../games/index.js";

/** Journals are read knowing which games this kete plays (the journal layer knows no games). */
export const journalOptions = { isGame: (id: string) => findGame(id) !== undefined } as const;
