/**
 * How the commands read journals: a journal's game must be one kete knows
 * (src/games). Its own small module so that `kete games` and `kete export`
 * need not load what `kete play` does.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { findGame } from "../games/index.js";
import { err, ok, type Result } from "../shared/index.js";
import type { CliError } from "./errors.js";

/**
 * Journals are read knowing which games this kete plays (the journal layer
 * knows no games), and a damaged line in the middle leaves the game up to it
 * (issue 32): each command says so.
 */
export const journalOptions = {
  isGame: (id: string) => findGame(id) !== undefined,
  salvage: true,
} as const;

/**
 * `--games-dir DIR` (issue 32): `~` and `~/…` are the home folder, as a
 * shell would have made them had the path not been quoted (`'~/x'` made a
 * folder named `~`); `~user` is refused (write the full path), and an empty
 * value too (journals would go to the current folder). Absent: `fallback`.
 */
export function gamesDirFlag(
  text: string | undefined,
  fallback: () => string,
  home: () => string = homedir,
): Result<string, CliError> {
  if (text === undefined) return ok(fallback());
  if (text.trim() === "") {
    return err(
      "usage",
      "--games-dir needs a folder; an empty one would put the journals in the current folder (leave the flag out for your data folder)",
    );
  }
  if (text === "~") return ok(home());
  if (text.startsWith("~/")) return ok(join(home(), text.slice(2)));
  if (text.startsWith("~")) {
    return err(
      "usage",
      `--games-dir '${text}': kete expands only ~ and ~/ (your home folder); write the full path`,
    );
  }
  return ok(text);
}
