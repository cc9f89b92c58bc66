/**
 * `kete calibrate` against a board: the handshake, the board's calibration
 * before (CALGET), the step machine (machine.ts) fed with the board's
 * snapshots, buttons and answers, the person's keys and the clock's ticks,
 * its commands sent and its LEDs lit, then the calibration after, the LEDs
 * put out, the port closed and the report written. Everything that touches
 * the process (keys, signals, files' folder, the clock) comes in `io`, so the
 * tests run it on a simulated board and a fake clock.
 */
import { every, waitForReady } from "../../board/index.js";
import type { BoardEvent, BoardSession, LinkError, Scheduler } from "../../board/index.js";
import { GEOMETRIES } from "../../protocol/index.js";
import type { InfoMessage, SnapshotBoard } from "../../protocol/index.js";
import { err, ok, shapeOf } from "../../shared/index.js";
import type { Result } from "../../shared/index.js";
import { describeInfo } from "../board-test/render.js";
import { EXIT_FAILED, EXIT_INCOMPLETE, EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE } from "../usage.js";
import { calibrateHoles } from "./holes.js";
import { REFERENCE_RAW_PER_STONE, startCalibration, stepCalibration } from "./machine.js";
import type {
  CalibrationCommand,
  CalibrationEffect,
  CalibrationEvent,
  CalibrationPlan,
  CalibrationState,
  CalibrationTiming,
} from "./machine.js";
import type { CalibrationReport, CalrEntry, ReportInput, ReportRun } from "./report.js";
import {
  buildReport,
  reportDir,
  reportName,
  reportPassed,
  summaryLines,
  writeReport,
} from "./report.js";
import { CalibrationScreen } from "./screen.js";
import { join } from "node:path";
import type { CliError } from "../errors.js";

export { EXIT_INCOMPLETE };

/** How long the handshake may take; how long the board may be gone before kete gives up. */
/** How long the board may take to be ready, unless `CalibrateOptions.readyMs` says. */
const READY_MS = 8000;
const GONE_MS = 30_000;
const TICK_MS = 100;

export type PersonAction = "confirm" | "back" | "skip" | "stop";

export interface CalibrateOptions {
  /** The pits to calibrate (`--pits`), null for every pit of the board. */
  readonly pits: readonly string[] | null;
  readonly stones: number;
  /** Stones for the verification, null for none. */
  readonly verifyStones: number | null;
  readonly yes: boolean;
  /** `--report PATH`, or null for `calibration/` in `gamesDir`. */
  readonly reportPath: string | null;
  readonly gamesDir: string;
  readonly timing?: Partial<CalibrationTiming>;
  /**
   * Raw units (CALR) per stone of an uncalibrated pit, to weigh a pit before
   * calibration (default: the reference board's HX711 units; the stock-parts
   * board's are ADC units, `FIRMATA_RAW_PER_STONE`).
   */
  readonly rawPerStone?: number;
  /** How long the board may take to be ready (default 8 s; a stock-parts board's Mega resets on open). */
  readonly readyMs?: number;
}

export interface CalibrateIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly live: boolean;
  readonly colour: boolean;
  readonly scheduler: Scheduler;
  readonly date: () => Date;
  /** Starts hearing the person (keys, lines, buttons aside, signals); returns the function that stops. */
  readonly input: (on: (action: PersonAction) => void) => () => void;
}

/** Calibrates the board (a session not yet ready); resolves to the exit code. */
export async function calibrateBoard(
  board: BoardSession,
  options: CalibrateOptions,
  io: CalibrateIo,
): Promise<number> {
  const say = (line: string): void => io.err(`kete calibrate: ${line}\n`);
  const ready = await waitForReady(board, options.readyMs ?? READY_MS, {
    failOnLost: true,
    scheduler: io.scheduler,
  });
  if (!ready.ok) return close(board, () => say(ready.error.message), EXIT_FAILED);
  const info = ready.value;
  const pits = choosePits(info, options);
  if (!pits.ok) {
    const code = pits.error.code === "usage" ? EXIT_USAGE : EXIT_FAILED;
    return close(board, () => say(pits.error.message), code);
  }
  const before = await calibrationTable(board);
  const faulty = pits.value.filter((p) => before.get(p)?.status === "fault");
  // A board of holes is calibrated with the reference marbles (hardware/abalone.md §7).
  if (shapeOf(info.geometry).kind === "holes")
    return calibrateHex61(board, info, pits.value, before, options, io);
  const plan: CalibrationPlan = {
    pits: pits.value.filter((p) => !faulty.includes(p)),
    boardPits: GEOMETRIES[info.geometry].cells,
    stones: options.stones,
    verifyStones: options.verifyStones,
    statuses: new Map([...before].map(([p, e]) => [p, e.status])),
    wholeBoard: options.pits === null && faulty.length === 0,
    yes: options.yes,
    rawPerStone: options.rawPerStone ?? REFERENCE_RAW_PER_STONE,
    ...(options.timing === undefined ? {} : { timing: options.timing }),
  };
  if (plan.pits.length === 0) {
    const why = `nothing to calibrate: the sensor of ${faulty.join(" ")} is faulty`;
    return close(board, () => say(why), EXIT_INCOMPLETE);
  }
  const screen = openScreen(info, faulty, io);
  const end = await runMachine(board, plan, io, screen);
  const report = await closeAndReport(
    board,
    { info, state: end.state, before, faulty },
    options,
    io,
  );
  if (report === null) return EXIT_FAILED;
  if (end.gone) return EXIT_FAILED;
  if (end.state.phase === "stopped" && end.byPerson) return EXIT_INTERRUPTED;
  return reportPassed(report) && report.completed ? EXIT_OK : EXIT_INCOMPLETE;
}

/**
 * A hex61 board (hardware/abalone.md §7): the board empty and TARE, then the
 * white and the black reference marble carried from hole to hole (holes.ts);
 * `--stones` and `--verify` do not apply. CALGET after says `ok` for each hole
 * that took both levels, as its EEPROM will hold them across reboots.
 */
async function calibrateHex61(
  board: BoardSession,
  info: InfoMessage,
  holes: readonly string[],
  before: ReadonlyMap<string, CalrEntry>,
  options: CalibrateOptions,
  io: CalibrateIo,
): Promise<number> {
  const faulty = holes.filter((p) => before.get(p)?.status === "fault");
  const chosen = holes.filter((p) => !faulty.includes(p));
  if (chosen.length === 0) {
    const why = `nothing to calibrate: the sensor of ${faulty.join(" ")} is faulty`;
    return close(board, () => io.err(`kete calibrate: ${why}\n`), EXIT_INCOMPLETE);
  }
  const screen = openScreen(info, faulty, io);
  const wholeBoard = options.pits === null && faulty.length === 0;
  const run = await calibrateHoles(board, chosen, wholeBoard, io, screen);
  const state: ReportRun = {
    plan: { boardPits: GEOMETRIES.hex61.cells, stones: 0, verifyStones: null },
    phase: run.completed ? "finished" : "stopped",
    results: run.results,
  };
  const report = await closeAndReport(board, { info, state, before, faulty }, options, io);
  if (report === null) return EXIT_FAILED;
  if (run.gone) return EXIT_FAILED;
  if (!run.completed && run.byPerson) return EXIT_INTERRUPTED;
  return reportPassed(report) && report.completed ? EXIT_OK : EXIT_INCOMPLETE;
}

/** The screen of a run: its title from the board's INFO, the pits left out said first. */
function openScreen(
  info: InfoMessage,
  faulty: readonly string[],
  io: CalibrateIo,
): CalibrationScreen {
  const screen = new CalibrationScreen({
    live: io.live,
    colour: io.colour,
    out: io.out,
    title: `kete calibrate: ${describeInfo(info).split("\n")[0] ?? ""}`,
  });
  if (!io.live) io.out(`${describeInfo(info)}\n`);
  if (faulty.length > 0) screen.note(`left out, their sensor is faulty: ${faulty.join(" ")}`);
  return screen;
}

/**
 * After a run: the board's calibration read back (while it is still there),
 * its LEDs cleared, the session closed; the report built, summed up and
 * written (`--report` or the games folder's). Null when it could not be
 * written (said on stderr).
 */
async function closeAndReport(
  board: BoardSession,
  run: Pick<ReportInput, "info" | "state" | "before" | "faulty">,
  options: CalibrateOptions,
  io: CalibrateIo,
): Promise<CalibrationReport | null> {
  const after = board.state === "ready" ? await calibrationTable(board) : new Map();
  if (board.state === "ready") await board.clearLeds();
  await board.close();
  const date = io.date();
  const report = buildReport({ ...run, port: board.name, date, after });
  for (const line of summaryLines(report)) io.out(`${line}\n`);
  const path =
    options.reportPath ?? join(reportDir(options.gamesDir), reportName(run.info.boardId, date));
  const written = writeReport(path, report);
  if (!written.ok) {
    io.err(`kete calibrate: ${written.error.message}\n`);
    return null;
  }
  io.out(`calibration report: ${path}\n`);
  return report;
}

async function close(board: BoardSession, tell: () => void, code: number): Promise<number> {
  await board.close();
  tell();
  return code;
}

/** The pits to calibrate: `--pits`, each checked against the board's geometry, or every pit. */
export function choosePits(
  info: InfoMessage,
  options: CalibrateOptions,
): Result<string[], CliError> {
  if (!info.calibration) {
    return err("unsupported", "this board does not support calibration (its INFO says cal=0)");
  }
  if (shapeOf(info.geometry).kind !== "holes" && options.stones > info.maxCount) {
    return err(
      "usage",
      `--stones ${options.stones} is more than this board counts (max=${info.maxCount})`,
    );
  }
  if (shapeOf(info.geometry).kind !== "holes" && (options.verifyStones ?? 0) > info.maxCount) {
    return err(
      "usage",
      `--verify ${options.verifyStones} is more than this board counts (max=${info.maxCount})`,
    );
  }
  const cells = GEOMETRIES[info.geometry].cells;
  if (options.pits === null) return ok([...cells]);
  const unknown = options.pits.filter((p) => !cells.includes(p));
  if (unknown.length > 0) {
    return err(
      "usage",
      `--pits: ${unknown.join(", ")} is not a pit of this ${info.geometry} board`,
    );
  }
  return ok(cells.filter((p) => options.pits?.includes(p)));
}

/** CALGET as a table by pit; empty when the board gives none. */
async function calibrationTable(board: BoardSession): Promise<Map<string, CalrEntry>> {
  const lines = await board.readCalibration();
  if (!lines.ok) return new Map();
  return new Map(lines.value.map((m) => [m.pit, { status: m.status, raw: m.raw }]));
}

/** A snapshot's counts in canonical order (a 2x5+2 place's plain stones). */
function countsOf(board: SnapshotBoard): (number | null)[] {
  if ("counts" in board) return [...board.counts];
  if ("places" in board) return board.places.map((p) => (p === null ? null : p.count));
  return board.holes.map(() => null);
}

interface MachineEnd {
  readonly state: CalibrationState;
  /** Stopped by the person (Ctrl-C, q, a signal). */
  readonly byPerson: boolean;
  /** The board was gone for `GONE_MS`. */
  readonly gone: boolean;
}

/** Runs the step machine on the board until it finishes or is stopped. */
function runMachine(
  board: BoardSession,
  plan: CalibrationPlan,
  io: CalibrateIo,
  screen: CalibrationScreen,
): Promise<MachineEnd> {
  return new Promise((resolve) => {
    const first = startCalibration(plan);
    let state = first.state;
    let done = false;
    let byPerson = false;
    let gone = false;
    let lostAt: number | null = null;
    const apply = (event: CalibrationEvent): void => {
      if (done) return;
      const next = stepCalibration(state, event);
      state = next.state;
      perform(next.effects);
      if (!done) screen.show(state, board.snapshot);
    };
    const perform = (effects: readonly CalibrationEffect[]): void => {
      for (const effect of effects) {
        if (effect.type === "send") {
          void sendCommand(board, effect.command).then((r) =>
            apply(r.ok ? { type: "answer", ok: true } : { type: "answer", ok: false, ...r.error }),
          );
        } else if (effect.type === "poll") {
          void board.readCalibration().then((r) => {
            const raws = new Map(r.ok ? r.value.map((m) => [m.pit, m.raw] as const) : []);
            apply({ type: "raws", raws, at: io.scheduler.now() });
          });
        } else if (effect.type === "leds") void board.setLeds(effect.entries);
        else if (effect.type === "note") screen.note(effect.text);
        else finish();
      }
    };
    const onEvent = (event: BoardEvent): void => {
      if (event.type === "snapshot") {
        const s = event.snapshot;
        apply({
          type: "reading",
          counts: countsOf(s.board),
          unsettled: s.unsettled,
          at: s.receivedAt,
        });
      } else if (event.type === "button") {
        apply({
          type: "button",
          button: event.button,
          action: event.action,
          at: io.scheduler.now(),
        });
      } else if (event.type === "link") {
        lostAt = event.state === "ready" ? null : (lostAt ?? io.scheduler.now());
        if (event.state !== "closed") apply({ type: "link", ready: event.state === "ready" });
        if (event.state === "lost")
          screen.note(`the board is gone: ${event.reason ?? ""}; waiting for it`);
      } else if (event.type === "board-error" && event.code === "sensor-fault") {
        screen.note(event.message);
      }
    };
    const unsubscribe = board.subscribe(onEvent);
    const stopTicks = every(io.scheduler, TICK_MS, () => {
      const now = io.scheduler.now();
      if (lostAt !== null && now - lostAt >= GONE_MS) {
        gone = true;
        screen.note(`the board has been gone for ${GONE_MS / 1000} s: giving up`);
        apply({ type: "stop" });
        return;
      }
      apply({ type: "tick", at: now });
    });
    const stopInput = io.input((action) => {
      if (action === "stop") byPerson = true;
      apply({ type: action });
    });
    const finish = (): void => {
      if (done) return;
      done = true;
      unsubscribe();
      stopTicks();
      stopInput();
      resolve({ state, byPerson, gone });
    };
    perform(first.effects);
    screen.show(state, board.snapshot);
    const latest = board.snapshot;
    if (latest !== null) {
      apply({
        type: "reading",
        counts: countsOf(latest.board),
        unsettled: latest.unsettled,
        at: latest.receivedAt,
      });
    }
  });
}

function sendCommand(
  board: BoardSession,
  command: CalibrationCommand,
): Promise<Result<void, LinkError>> {
  if (command.type === "tare") return board.tare(command.pit ?? undefined);
  return board.command({ type: "calibrate", pit: command.pit, known: command.known });
}
