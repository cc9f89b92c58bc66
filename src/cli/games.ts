/** `kete games`: the recorded games, newest first (issue 32). */
import type { Command } from "commander";
import { defaultGamesDir, scanJournals, sidesOf, type JournalSummary } from "../journal/index.js";
import { gamesDirFlag, journalOptions } from "./journal-options.js";
import { usageError } from "./usage.js";

/** `2026-11-22 03:34` in the local time zone (journals hold UTC). */
export function localTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso.slice(0, 16).padEnd(16);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** One game's line: local start time, game, players, plies (each side's move counts one), result, file. */
export function gameLine(g: JournalSummary): string {
  const h = g.header;
  const result =
    g.playingIn !== null
      ? "being played"
      : g.result === null
        ? "unfinished"
        : g.result.winner === null
          ? "draw"
          : `${h.players[g.result.winner] ?? g.result.winner} won`;
  const [first, second] = sidesOf(h.players);
  const players = `${h.players[first ?? ""] ?? ""} v ${h.players[second ?? ""] ?? ""}`;
  const damaged = g.damaged === null ? "" : `  (damaged at line ${g.damaged.line}: read up to it)`;
  return `${localTime(h.startedAt)}  ${h.game.padEnd(13)} ${players.padEnd(24)} ${String(g.moves).padStart(4)} plies  ${result.padEnd(16)} ${g.path}${damaged}\n`;
}

export function registerGamesCommand(program: Command): Command {
  return program
    .command("games")
    .description("list recorded games, newest first: date, game, players, plies, result")
    .option(
      "--games-dir <dir>",
      "where journals are kept (default: your data folder, or KETE_GAMES_DIR)",
    )
    .action((flags: { gamesDir?: string }, command: Command) => {
      const given = gamesDirFlag(flags.gamesDir, () => defaultGamesDir());
      if (!given.ok) usageError(command, given.error.message);
      const dir = given.value;
      const folder = scanJournals(dir, journalOptions);
      if (!folder.ok) {
        process.stderr.write(`kete games: ${folder.error.message}\n`);
        process.exit(1);
      }
      const { games, skipped } = folder.value;
      if (games.length === 0) process.stdout.write(`no games recorded in ${dir}\n`);
      // Newest first: the game just played heads the list.
      for (const g of [...games].reverse()) process.stdout.write(gameLine(g));
      if (skipped.length > 0) {
        const files = skipped.length === 1 ? "1 file" : `${skipped.length} files`;
        process.stderr.write(`kete games: skipped ${files} that kete cannot read as a journal:\n`);
        for (const s of skipped) process.stderr.write(`  ${s.path}: ${s.reason}\n`);
      }
    });
}
