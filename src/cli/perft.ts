/**
 * `kete perft <game> <depth>`: counts the positions `depth` plies from the start,
 * for checking a move generator against known counts and for timing it.
 */
import type { Command } from "commander";
import { findGame, games } from "../games/index.js";
import { runPerft } from "../engine/index.js";
import { collect, parseOptionAssignments } from "./options.js";
import { listNames, usageError } from "./usage.js";

interface PerftFlags {
  readonly option?: readonly string[];
  readonly divide?: boolean;
}

export function registerPerftCommand(program: Command): Command {
  return program
    .command("perft")
    .description("count the leaves of the move tree from a game's start position")
    .argument("<game>", "engine id of the game, e.g. husbao")
    .argument("<depth>", "plies to look ahead (a whole number >= 0)")
    .option("-o, --option <name=value>", "a rule option (repeatable), e.g. direction=cw", collect)
    .option("-d, --divide", "also print the count below each legal first move")
    .showHelpAfterError("(run 'kete perft --help' for usage)")
    .action((gameId: string, depthText: string, flags: PerftFlags, command: Command) => {
      const game = findGame(gameId);
      if (game === undefined) {
        usageError(
          command,
          `unknown game '${gameId}' (games: ${listNames(games.map((g) => g.id))})`,
        );
      }
      const depth = /^\d+$/.test(depthText) ? Number(depthText) : NaN;
      if (!Number.isSafeInteger(depth)) {
        usageError(command, `depth must be a whole number >= 0, not '${depthText}'`);
      }
      const options = parseOptionAssignments(game, flags.option ?? []);
      if (!options.ok) usageError(command, options.error.message);
      const initial = game.initial(options.value);
      if (!initial.ok) usageError(command, initial.error.message);

      const started = performance.now();
      const result = runPerft(game, initial.value, depth, flags.divide === true);
      const seconds = (performance.now() - started) / 1000;

      const out: string[] = [];
      for (const d of result.divisions ?? []) out.push(`${d.move}: ${d.nodes}`);
      if (result.divisions !== null) out.push("");
      out.push(`nodes ${result.nodes}`);
      out.push(`time ${seconds.toFixed(3)} s`);
      out.push(`nps ${seconds > 0 ? Math.round(result.nodes / seconds) : result.nodes}`);
      process.stdout.write(`${out.join("\n")}\n`);
    });
}
