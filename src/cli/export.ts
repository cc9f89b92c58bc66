/** `kete export FILE --format text|json`: a readable record of a game. */
import type { Command } from "commander";
import { damageText, exportGame, exportJson, exportText } from "../journal/index.js";
import type { Journal } from "../journal/index.js";
import { readJournal } from "../journal/index.js";
import { findGame } from "../games/index.js";
import { journalOptions } from "./journal-options.js";
import { verifyJournal } from "./play/verify.js";
import { verificationText } from "./replay.js";
import { usageError } from "./usage.js";

interface ExportFlags {
  readonly format: string;
  readonly unverified?: boolean;
}

/** What `kete export` prints, and its exit code. */
export interface ExportOutcome {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number;
}

/**
 * The game record of a journal, once `replay --verify`'s check has passed:
 * every move, mistake and result record follows from the recorded readings
 * (issue 32: an edited move is never printed silently). `--unverified`
 * prints it anyway, tagged `Verified "no: …"`, and says so on stderr.
 */
export function exportOutcome(
  journal: Journal,
  file: string,
  flags: { readonly format: "text" | "json"; readonly unverified: boolean },
): ExportOutcome {
  const v = verifyJournal(journal);
  const sides = findGame(journal.header.game)?.layout.sideNames;
  const whole = exportGame(journal, sides);
  // A journal damaged in its middle: the game up to the damage, tagged and said (issue 32).
  const d = journal.damaged;
  const game =
    d === undefined
      ? whole
      : { ...whole, tags: { ...whole.tags, Damaged: `line ${d.line}; the record ends before it` } };
  const note = d === undefined ? "" : `kete export: ${damageText(file, d)}\n`;
  const print = (g: typeof game) => (flags.format === "json" ? exportJson(g) : exportText(g));
  if (v.mismatch === null) return { stdout: print(game), stderr: note, code: 0 };
  const why = verificationText(v, file);
  const what = v.mismatch.record ?? `decision ${v.mismatch.index + 1}`;
  if (!flags.unverified) {
    return {
      stdout: "",
      stderr:
        `kete export: ${file} does not verify: its records do not follow from its readings\n` +
        why +
        "  (kete replay --verify shows the same; kete export --unverified prints the record as it is)\n",
      code: 1,
    };
  }
  const tagged = { ...game, tags: { ...game.tags, Verified: `no: ${what}` } };
  return {
    stdout: print(tagged),
    stderr: `${note}kete export: warning: ${file} does not verify (${what}); printed as recorded\n`,
    code: 0,
  };
}

export function registerExportCommand(program: Command): Command {
  return program
    .command("export")
    .description("print a game record: tags, numbered moves with mistakes, result")
    .argument("<file>", "a game journal (see kete games)")
    .option("-f, --format <format>", "text or json", "text")
    .option(
      "--unverified",
      "print the record even when its moves do not follow from its readings (tagged Verified no)",
    )
    .action((file: string, flags: ExportFlags, command: Command) => {
      if (flags.format !== "text" && flags.format !== "json") {
        usageError(command, `--format must be text or json, not '${flags.format}'`);
      }
      const journal = readJournal(file, journalOptions);
      if (!journal.ok) {
        process.stderr.write(`kete export: ${journal.error.message}\n`);
        process.exit(1);
      }
      const out = exportOutcome(journal.value, file, {
        format: flags.format,
        unverified: flags.unverified === true,
      });
      process.stdout.write(out.stdout);
      process.stderr.write(out.stderr);
      process.exitCode = out.code;
    });
}
