/**
 * The `kete` command line: one subcommand per module, wired up here.
 * Usage errors (unknown command, bad argument) print a short message and a
 * hint on stderr and exit with code 2; the exit codes are in usage.ts.
 */
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { registerBoardSimCommand } from "./board-sim.js";
import { registerBoardTestCommand } from "./board-test.js";
import { registerCalibrateCommand } from "./calibrate.js";
import { registerEngineCommand } from "./engine.js";
import { registerPerftCommand } from "./perft.js";
import { registerPlayCommand } from "./play.js";
import { registerReplayCommand } from "./replay.js";
import { registerExportCommand } from "./export.js";
import { registerGamesCommand } from "./games.js";
import { registerServeCommand } from "./serve.js";
import { addHelpTexts, EXIT_USAGE } from "./usage.js";

export function buildProgram(): Command {
  const program = new Command("kete")
    .description("referee and teacher for mancala games on a sensor board")
    .version(packageVersion(), "-V, --version")
    .showHelpAfterError("(run 'kete --help' for usage)")
    // Help and --version exit 0; every other complaint of commander's is a usage error.
    .exitOverride((e) => process.exit(e.exitCode === 0 ? 0 : EXIT_USAGE));
  // Subcommands made with .command() inherit exitOverride from the program.
  registerEngineCommand(program);
  registerPerftCommand(program);
  registerPlayCommand(program);
  registerReplayCommand(program);
  registerExportCommand(program);
  registerGamesCommand(program);
  registerServeCommand(program);
  registerBoardSimCommand(program);
  registerBoardTestCommand(program);
  registerCalibrateCommand(program);
  // Under each help: the game ids with their defaults, the exit codes, the README section.
  addHelpTexts(program);
  return program;
}

export async function runCli(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync([...argv]);
}

function packageVersion(): string {
  try {
    const text = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null && "version" in parsed) {
      return String(parsed.version);
    }
  } catch {
    // fall through
  }
  return "unknown";
}
