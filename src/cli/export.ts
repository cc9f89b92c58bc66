/** `kete export FILE --format text|json`: a readable record of a game. */
import type { Command } from "commander";
import { exportGame, exportJson, exportText } from "../journal/index.js";
import { readJournal } from "../journal/index.js";
import { findGame } from "../games/index.js";
import { journalOptions } from "./journal-options.js";
import { usageError } from "./usage.js";

export function registerExportCommand(program: Command): Command {
  return program
    .command("export")
    .description("print a game record: tags, numbered moves with mistakes, result")
    .argument("<file>", "a game journal (see kete games)")
    .option("-f, --format <format>", "text or json", "text")
    .action((file: string, flags: { format: string }, command: Command) => {
      if (flags.format !== "text" && flags.format !== "json") {
        usageError(command, `--format must be text or json, not '${flags.format}'`);
      }
      const journal = readJournal(file, journalOptions);
      if (!journal.ok) {
        process.stderr.write(`kete export: ${journal.error.message}\n`);
        process.exit(1);
      }
      const sides = findGame(journal.value.header.game)?.layout.sideNames;
      const game = exportGame(journal.value, sides);
      process.stdout.write(flags.format === "json" ? exportJson(game) : exportText(game));
    });
}
