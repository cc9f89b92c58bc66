/**
 * The `kete` command line: one subcommand per module, wired up here.
 * Usage errors (unknown command, bad argument) print a short message and a
 * hint on stderr and exit with code 2; the exit codes are in usage.ts.
 *
 * Each command's module is loaded only when that command runs: `kete perft`
 * need not load the serial ports, the emulator and the web server that other
 * commands use (a third of a second of start-up, paid by every script that
 * calls kete). `kete --help`, an unknown command or an option before the
 * command loads them all, so the program's help and commander's "did you
 * mean" see every command.
 */
import { readFileSync } from "node:fs";
import { Command } from "commander";
import { addHelpTexts, EXIT_USAGE } from "./usage.js";

type Register = (program: Command) => Command;

/** The commands in the order `kete --help` lists them, each with how to load it. */
const COMMANDS: ReadonlyArray<readonly [string, () => Promise<Register>]> = [
  ["engine", async () => (await import("./engine.js")).registerEngineCommand],
  ["perft", async () => (await import("./perft.js")).registerPerftCommand],
  ["play", async () => (await import("./play.js")).registerPlayCommand],
  ["replay", async () => (await import("./replay.js")).registerReplayCommand],
  ["export", async () => (await import("./export.js")).registerExportCommand],
  ["games", async () => (await import("./games.js")).registerGamesCommand],
  ["serve", async () => (await import("./serve.js")).registerServeCommand],
  ["board-sim", async () => (await import("./board-sim.js")).registerBoardSimCommand],
  ["board-test", async () => (await import("./board-test.js")).registerBoardTestCommand],
  ["calibrate", async () => (await import("./calibrate.js")).registerCalibrateCommand],
  ["enrol", async () => (await import("./enrol.js")).registerEnrolCommand],
  ["ports", async () => (await import("./ports.js")).registerPortsCommand],
];

/**
 * The program with the commands `argv` can need: the one it names, or all of
 * them when its first argument is not a command's name (`--help`, `help`,
 * `--version`, a typo). Without `argv`, all of them.
 */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
  const program = new Command("kete")
    .description("referee and teacher for mancala games on a sensor board")
    .version(packageVersion(), "-V, --version")
    .showHelpAfterError("(run 'kete --help' for usage)")
    // Help and --version exit 0; every other complaint of commander's is a usage error.
    .exitOverride((e) => process.exit(e.exitCode === 0 ? 0 : EXIT_USAGE));
  const named = COMMANDS.filter(([name]) => name === argv?.[2]);
  const wanted = named.length > 0 ? named : COMMANDS;
  const registers = await Promise.all(wanted.map(([, load]) => load()));
  // Subcommands made with .command() inherit exitOverride from the program.
  for (const register of registers) register(program);
  // Under each help: the game ids with their defaults, the exit codes, the docs page and section.
  addHelpTexts(program);
  return program;
}

export async function runCli(argv: readonly string[]): Promise<void> {
  await (await buildProgram(argv)).parseAsync([...argv]);
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
