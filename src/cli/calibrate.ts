/**
 * `kete calibrate --port PATH`: guides whoever built a board through tare and
 * per-pit calibration (PROTOCOL.md §10, hardware/README.md §2.4) with the
 * board's LEDs, verifies every pit afterwards and writes a calibration
 * report. The pieces live in ./calibrate/: machine (the pure step machine),
 * view and screen (what is shown), link (the session plus the CALR lines),
 * report (the file), run (all of it against a board).
 *
 * Keys on a terminal: Enter (or space, y) confirm, b or Backspace back, s
 * skip, q or Ctrl-C stop. Off a terminal, standard input is read as lines
 * (`confirm`/empty, `back`, `skip`, `stop`). SIGINT, SIGTERM, SIGHUP and a
 * closed output stop the run: LEDs out, port closed, the report written.
 */
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { FIRMATA_RAW_PER_STONE, openBoard, realScheduler } from "../board/index.js";
import { defaultGamesDir } from "../journal/index.js";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { baudOption, boardOption, readyMsOf, waitFlag, waitOption } from "./play/board.js";
import { calibrateBoard } from "./calibrate/run.js";
import type { CalibrateOptions, PersonAction } from "./calibrate/run.js";
import { gamesDirFlag } from "./journal-options.js";
import { chooseBoard } from "./board-flags.js";
import { watchInterrupts, watchKeys } from "./play/input.js";
import type { RawInput } from "./play/input.js";
import { usageError } from "./usage.js";
import type { CliError } from "./errors.js";

export { EXIT_INCOMPLETE } from "./calibrate/run.js";

/** The stones of hardware/README.md §2.3: the recommended calibration sample. */
export const DEFAULT_STONES = 32;

export interface CalibrateFlags {
  readonly port?: string;
  /** `--board serial|firmata`: what runs on the port. */
  readonly board?: string;
  /** `--wait SECONDS`: how long the board may take to be ready. */
  readonly wait?: string;
  /** `--baud RATE`: a kete board's line speed. */
  readonly baud?: string;
  readonly pits?: string;
  readonly stones?: string;
  /** A count, or false for `--no-verify`. */
  readonly verify?: string | boolean;
  readonly yes?: boolean;
  readonly report?: string;
  readonly gamesDir?: string;
}

function count(text: string, flag: string): Result<number, CliError> {
  if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 255) {
    return err("usage", `${flag} must be a whole number of stones 1..255, not '${text}'`);
  }
  return ok(Number(text));
}

/** The flags as options (the pits are checked against the board once it has said its geometry). */
export function calibrateOptions(
  flags: CalibrateFlags,
  gamesDir: string = defaultGamesDir(),
): Result<CalibrateOptions, CliError> {
  if ((flags.port ?? "").trim() === "")
    return err("usage", "--port needs the board's serial device");
  const stones = count(flags.stones ?? String(DEFAULT_STONES), "--stones");
  if (!stones.ok) return stones;
  let verifyStones: number | null = stones.value;
  if (flags.verify === false) verifyStones = null;
  else if (typeof flags.verify === "string") {
    const v = count(flags.verify, "--verify");
    if (!v.ok) return v;
    verifyStones = v.value;
  }
  let pits: string[] | null = null;
  if (flags.pits !== undefined) {
    pits = flags.pits.split(",").map((p) => p.trim().toUpperCase());
    const bad = pits.find((p) => !/^[A-Z]{1,2}[0-9]{0,2}$/.test(p));
    if (bad !== undefined) {
      return err(
        "usage",
        `--pits takes pit names separated by commas (A1,B3), not '${flags.pits}'`,
      );
    }
    const twice = pits.find((p, i) => pits?.indexOf(p) !== i);
    if (twice !== undefined) return err("usage", `--pits names ${twice} twice`);
  }
  if (flags.report !== undefined && flags.report.trim() === "") {
    return err("usage", "--report needs a file name");
  }
  const dir = gamesDirFlag(flags.gamesDir, () => gamesDir);
  if (!dir.ok) return dir;
  return ok({
    pits,
    stones: stones.value,
    verifyStones,
    yes: flags.yes === true,
    reportPath: flags.report ?? null,
    gamesDir: dir.value,
  });
}

/** A key typed on the terminal as an action, or null. */
export function keyAction(key: string): PersonAction | null {
  if (key === "\r" || key === "\n" || key === " " || key === "y" || key === "c") return "confirm";
  if (key === "b" || key === "\u007f") return "back";
  if (key === "s") return "skip";
  if (key === "q" || key === "\u0003") return "stop";
  return null;
}

/** A line of standard input (not a terminal) as an action, or null. */
export function lineAction(line: string): PersonAction | null {
  const word = line.trim().toLowerCase();
  if (word === "" || word === "confirm" || word === "y" || word === "yes") return "confirm";
  if (word === "back" || word === "b") return "back";
  if (word === "skip" || word === "s") return "skip";
  if (word === "stop" || word === "q" || word === "quit") return "stop";
  return null;
}

/** Keys (a terminal) or lines (a pipe) on stdin, and the signals and closed output that stop. */
function processInput(on: (action: PersonAction) => void): () => void {
  const stopSignals = watchInterrupts(process, process.stdout, () => on("stop"));
  let stopReading: () => void;
  if (process.stdin.isTTY === true) {
    stopReading = watchKeys(process.stdin as unknown as RawInput, (chunk) => {
      for (const key of chunk) {
        const action = keyAction(key);
        if (action !== null) on(action);
      }
    });
  } else {
    const lines = createInterface({ input: process.stdin, terminal: false });
    lines.on("line", (line) => {
      const action = lineAction(line);
      if (action !== null) on(action);
    });
    process.stdin.on("error", () => undefined);
    stopReading = () => {
      lines.close();
      process.stdin.pause();
    };
  }
  return () => {
    stopSignals();
    stopReading();
  };
}

export function registerCalibrateCommand(program: Command): Command {
  return program
    .command("calibrate")
    .description(
      "tare and calibrate a board's pits with its LEDs, verify them, write a report (hex61: its holes, with a white and a black reference marble)",
    )
    .requiredOption("-p, --port <path>", "the board's serial device, e.g. /dev/ttyACM0")
    .addOption(boardOption())
    .addOption(waitOption())
    .addOption(baudOption())
    .option("--pits <list>", "calibrate only these pits, e.g. A1,B3 (default: every pit)")
    .option("--stones <n>", `calibration stones per pit (default ${DEFAULT_STONES}; not on hex61)`)
    .option("--verify <n>", "stones per pit for the verification (default: as --stones)")
    .option("--no-verify", "skip the verification")
    .option("-y, --yes", "take pits kete cannot check as empty; go on by itself where it can")
    .option("--report <path>", "the report file (default: calibration/ in the games folder)")
    .option("--games-dir <dir>", "the games folder (default: your data folder, or KETE_GAMES_DIR)")
    .showHelpAfterError("(run 'kete calibrate --help' for usage)")
    .action(async (flags: CalibrateFlags, command: Command) => {
      const options = calibrateOptions(flags);
      if (!options.ok) usageError(command, options.error.message);
      const wait = waitFlag(flags.wait);
      if (!wait.ok) usageError(command, wait.error.message);
      const chosen = await chooseBoard(command, flags);
      const kind = chosen.kind;
      const readyMs = readyMsOf(kind, wait.value);
      const board = openBoard(kind, {
        port: chosen.port ?? "",
        ...(kind === "firmata" ? { readyMs } : {}),
        ...(chosen.baudRate === undefined ? {} : { baudRate: chosen.baudRate }),
      });
      const run =
        kind === "firmata"
          ? { ...options.value, rawPerStone: FIRMATA_RAW_PER_STONE, readyMs }
          : { ...options.value, readyMs };
      const code = await calibrateBoard(board, run, {
        out: (text) => process.stdout.write(text),
        err: (text) => process.stderr.write(text),
        live: process.stdout.isTTY === true,
        colour: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
        scheduler: realScheduler,
        date: () => new Date(),
        input: processInput,
      });
      process.exit(code);
    });
}
