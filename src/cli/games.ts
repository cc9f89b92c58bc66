/** `kete games`: the recorded games, oldest first. */
import type { Command } from "commander";
import { defaultGamesDir, listJournals } from "../journal/index.js";

export function registerGamesCommand(program: Command): Command {
  return program
    .command("games")
    .description("list recorded games: date, players, game, result")
    .option(
      "--games-dir <dir>",
      "where journals are kept (default: your data folder, or KETE_GAMES_DIR)",
    )
    .action((flags: { gamesDir?: string }) => {
      const dir = flags.gamesDir ?? defaultGamesDir();
      const list = listJournals(dir);
      if (list.length === 0) {
        process.stdout.write(`no games recorded in ${dir}\n`);
        return;
      }
      for (const g of list) {
        const h = g.header;
        const result =
          g.result === null
            ? "unfinished"
            : g.result.winner === null
              ? "draw"
              : `${g.result.winner === "S" ? h.players.S : h.players.N} won`;
        process.stdout.write(
          `${h.startedAt.slice(0, 16).replace("T", " ")}  ${h.game.padEnd(13)} ${`${h.players.S} v ${h.players.N}`.padEnd(24)} ${String(g.moves).padStart(4)} moves  ${result.padEnd(16)} ${g.path}\n`,
        );
      }
    });
}
