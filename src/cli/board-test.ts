/**
 * `kete board-test --port PATH`: sensor-test mode for whoever builds a board.
 * Shakes hands and shows the board's identity, then the live count of every
 * pit laid out as the board (rows D and C on top, B and A below; unsettled
 * and faulty pits marked), cycles every LED through its colours and then
 * lights each pit in turn, and reports bad lines, sensor faults and buttons.
 * Runs until Ctrl-C (or SIGTERM, SIGHUP, a closed output), for `--seconds N`, or `--once` (one snapshot, no LEDs).
 * Plain text; colour only on a terminal without NO_COLOR. A port that is not
 * there or not a kete board: one line on stderr, exit 1.
 *
 * The geometry is the board's own (its INFO and snapshots); the pieces live
 * in ./board-test/: render (text), events (what each event means), screen
 * (live or appended output), leds (the LED program).
 */
import type { EventEmitter } from "node:events";
import type { Command } from "commander";
import { openBoard, settledSnapshot, waitForReady } from "../board/index.js";
import type { BoardKind, BoardSession } from "../board/index.js";
import { GEOMETRIES } from "../protocol/index.js";
import type { InfoMessage } from "../protocol/index.js";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { recordEvent } from "./board-test/events.js";
import { cycleLeds, ledProgram } from "./board-test/leds.js";
import {
  describeInfo,
  emptyStats,
  painter,
  renderBoard,
  summary,
  uncalibratedLine,
} from "./board-test/render.js";
import type { Stats } from "./board-test/render.js";
import { Screen } from "./board-test/screen.js";
import { whenOutputCloses } from "./output.js";
import { baudOption, boardOption, readyMsOf, waitFlag, waitOption } from "./play/board.js";
import { chooseBoard } from "./board-flags.js";
import { usageError } from "./usage.js";
import type { CliError } from "./errors.js";

export { describeInfo, renderBoard } from "./board-test/render.js";

interface BoardTestFlags {
  readonly port?: string;
  readonly board?: string;
  readonly wait?: string;
  readonly baud?: string;
  readonly seconds?: string;
  readonly once?: boolean;
  readonly leds?: boolean;
}

/** Exit code when the board cannot be reached or is not a kete board. */
export const EXIT_NO_BOARD = 1;

/** How long the handshake may take, and `--once` may wait for its snapshot. */
const SNAPSHOT_MS = 3000;

export function registerBoardTestCommand(program: Command): Command {
  return program
    .command("board-test")
    .description("check a sensor board: live pit counts, every LED, line errors and faults")
    .requiredOption("-p, --port <path>", "the board's serial device, e.g. /dev/ttyACM0")
    .addOption(boardOption())
    .addOption(waitOption())
    .addOption(baudOption())
    .option("-s, --seconds <n>", "stop after this many seconds (default: run until Ctrl-C)")
    .option("--once", "show the board's info and one settled snapshot, then exit")
    .option("--no-leds", "leave the LEDs alone")
    .showHelpAfterError("(run 'kete board-test --help' for usage)")
    .action(async (flags: BoardTestFlags, command: Command) => {
      const seconds = parseSeconds(flags.seconds);
      if (!seconds.ok) usageError(command, seconds.error.message);
      const wait = waitFlag(flags.wait);
      if (!wait.ok) usageError(command, wait.error.message);
      const board = await chooseBoard(command, flags, EXIT_NO_BOARD);
      const code = await runBoardTest({
        port: board.port ?? "",
        boardKind: board.kind,
        ...(wait.value === undefined ? {} : { readyMs: wait.value }),
        ...(board.baudRate === undefined ? {} : { baudRate: board.baudRate }),
        seconds: seconds.value,
        once: flags.once === true,
        leds: flags.leds !== false,
        out: (text) => process.stdout.write(text),
        colour: process.stdout.isTTY === true && process.env.NO_COLOR === undefined,
        live: process.stdout.isTTY === true,
      });
      process.exit(code);
    });
}

/** `--seconds`: absent is null (until Ctrl-C); otherwise a plain decimal number > 0. */
export function parseSeconds(text: string | undefined): Result<number | null, CliError> {
  if (text === undefined) return ok(null);
  const seconds = Number(text);
  if (!/^\d+(\.\d+)?$/.test(text) || seconds <= 0) {
    return err("usage", `--seconds must be a number > 0, not '${text}'`);
  }
  return ok(seconds);
}

export interface BoardTestRun {
  readonly port: string;
  /** What runs on the port (absent: serial). */
  readonly boardKind?: BoardKind;
  /** `--wait`: how long the board may take to be ready, ms (absent: its kind's default). */
  readonly readyMs?: number;
  /** `--baud`: a kete board's line speed (absent: 115200). */
  readonly baudRate?: number;
  readonly seconds: number | null;
  readonly once: boolean;
  readonly leds: boolean;
  readonly out: (text: string) => void;
  /** The one line of a board that cannot be used; default stderr. */
  readonly err?: (text: string) => void;
  /** ANSI colours. */
  readonly colour: boolean;
  /** Redraw one screen in place (a terminal) instead of appending (a log, a pipe). */
  readonly live: boolean;
}

/** The test on the board at `run.port` (kete firmware or StandardFirmata); resolves to the exit code. */
export async function runBoardTest(run: BoardTestRun): Promise<number> {
  const kind = run.boardKind ?? "serial";
  const board = openBoard(kind, {
    port: run.port,
    ...(kind === "firmata" ? { readyMs: readyMsOf("firmata", run.readyMs) } : {}),
    ...(run.baudRate === undefined ? {} : { baudRate: run.baudRate }),
  });
  return testBoard(board, run);
}

/** The test on a board link not yet ready (a `SerialBoard`; a `SimulatedBoard` in tests). */
export async function testBoard(board: BoardSession, run: BoardTestRun): Promise<number> {
  const ready = await waitForReady(board, readyMsOf(run.boardKind ?? "serial", run.readyMs), {
    failOnLost: run.readyMs === undefined,
  });
  if (!ready.ok) return giveUp(board, run, ready.error.message);
  const stats = emptyStats();
  const screen = new Screen(board, { live: run.live, out: run.out, paint: painter(run.colour) });
  board.subscribe((event) => {
    const report = recordEvent(stats, event);
    for (const note of report.notes) screen.note(note);
    // `--once` draws one board, the settled one (showOnce): none from the stream before it.
    if (report.redraw && !run.once) screen.redraw();
  });
  if (!run.live) run.out(`${describeInfo(ready.value)}\n`);
  const uncalibrated = await uncalibratedNote(board, ready.value, run);
  if (uncalibrated !== null) screen.note(uncalibrated);
  if (run.once) return showOnce(board, run, screen);
  return watch(board, run, { screen, stats, info: ready.value });
}

/**
 * The board's uncalibrated pits and the command that fixes it, or null. A
 * board announces them (`ERR calibration-needed`) as it boots, before the
 * handshake is done; one that did not boot just now (kept its power) is
 * asked (CALGET) if it calibrates at all. hardware/README.md §16 step 3.
 */
async function uncalibratedNote(
  board: BoardSession,
  info: InfoMessage,
  run: BoardTestRun,
): Promise<string | null> {
  if (info.calibration) await board.command({ type: "calibration-request" });
  const cells = GEOMETRIES[info.geometry].cells;
  return uncalibratedLine(board.uncalibratedPits, cells, run.port, run.boardKind ?? "serial");
}

/** Closes the board and says why in one line: exit 1. */
async function giveUp(board: BoardSession, run: BoardTestRun, why: string): Promise<number> {
  await board.close();
  (run.err ?? ((text) => process.stderr.write(text)))(`kete board-test: ${why}\n`);
  return EXIT_NO_BOARD;
}

/**
 * `--once`: one fresh snapshot (settled if the board settles within the
 * wait), drawn once; no LEDs. The wait is the board's ready wait (8 s, 12 s
 * for a stock-parts board, or `--wait`): a board just booted on a slow
 * computer may need seconds before every pit is still, and an unsettled
 * board is what a maker would misread as a fault.
 */
async function showOnce(board: BoardSession, run: BoardTestRun, screen: Screen): Promise<number> {
  const settleWait = Math.max(SNAPSHOT_MS, readyMsOf(run.boardKind ?? "serial", run.readyMs));
  const first = await settledSnapshot(board, settleWait);
  screen.cancel();
  if (first === null) {
    return giveUp(board, run, `${run.port} sent no snapshot in ${settleWait / 1000} s`);
  }
  run.out(`${renderBoard(first, painter(run.colour))}\n`);
  await board.close();
  return 0;
}

/** The live test: the board drawn as it changes and the LEDs cycled until stopped, then the summary. */
async function watch(
  board: BoardSession,
  run: BoardTestRun,
  seen: { readonly screen: Screen; readonly stats: Stats; readonly info: InfoMessage },
): Promise<number> {
  const { screen, stats } = seen;
  const stopLeds = run.leds
    ? cycleLeds(board, ledProgram(seen.info), {
        onStep: (label) => screen.showLedStep(label),
        onRefused: (message) => screen.note(`LED command refused: ${message}`),
      })
    : () => undefined;
  await stopped(run.seconds);
  stopLeds();
  screen.flush();
  if (run.leds && board.state === "ready") await board.clearLeds();
  await board.close();
  const uncalibrated = uncalibratedLine(
    board.uncalibratedPits,
    GEOMETRIES[seen.info.geometry].cells,
    run.port,
    run.boardKind ?? "serial",
  );
  run.out(
    `${summary(board.lineErrors, stats)}\n${uncalibrated === null ? "" : `${uncalibrated}\n`}`,
  );
  return 0;
}

/** The signals that end the live test as Ctrl-C does (SIGHUP: the terminal or SSH session is gone). */
const STOP_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Resolves on Ctrl-C, SIGTERM, SIGHUP, a closed output (`kete board-test |
 * head`) or after `seconds` (when not null): the LEDs are then put out and
 * the port closed as after any stop.
 */
export function stopped(
  seconds: number | null,
  world: { readonly signals: Pick<NodeJS.Process, "on" | "off">; readonly output: EventEmitter } = {
    signals: process,
    output: process.stdout,
  },
): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      for (const signal of STOP_SIGNALS) world.signals.off(signal, finish);
      stopWatchingOutput();
      if (timer !== null) clearTimeout(timer);
      resolve();
    };
    for (const signal of STOP_SIGNALS) world.signals.on(signal, finish);
    const stopWatchingOutput = whenOutputCloses(finish, world.output);
    const timer = seconds === null ? null : setTimeout(finish, seconds * 1000);
  });
}
