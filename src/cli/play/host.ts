/**
 * What a game at the board needs of the world around it — time, the output,
 * the terminal, signals — as one object: `processHost` is the real process;
 * tests give a fake clock and collect the output.
 */
import { performance } from "node:perf_hooks";
import logUpdate from "log-update";
import { realScheduler, type Scheduler } from "../../board/index.js";
import type { EventEmitter } from "node:events";
import { whenOutputCloses } from "../output.js";
import { OUTPUT_CLOSED, watchInterrupts, watchKeys, type SignalSource } from "./input.js";
import type { Screen, TerminalSize } from "./screen.js";
import type { PlaySettings } from "./settings.js";
import type { SpeechSpawn } from "./speech.js";
import { workerThinker, type Thinker } from "./think.js";

export interface PlayHost {
  /** The time of everything: the hands, the board, the game clock, the time limit. */
  readonly scheduler: Scheduler;
  /** Wall-clock milliseconds since 1970: a new journal's start time and game id. */
  date(): number;
  /** Standard output. */
  write(text: string): void;
  /** One line on standard error. */
  error(line: string): void;
  /** Calls `pause` with why on an interrupt (Ctrl-C, SIGTERM, SIGHUP, a closed output); returns the stop function. */
  interrupts(pause: (why: string) => void): () => void;
  /** Hands typed keys to `onKeys` (a terminal in raw mode), or null without one. */
  readonly keys: ((onKeys: (chunk: string) => void) => () => void) | null;
  /** The terminal the live frame is drawn on, or null to print a log. */
  readonly screen: Screen | null;
  /** Called before each LED command, or null. */
  readonly onLeds: (() => void) | null;
  /**
   * How kete searches (its moves, hints; think.ts): the process's runs in a
   * worker thread with the level's time limit; absent: in this thread on node
   * budgets only (deterministic, what the fake-clock tests use).
   */
  readonly think?: Thinker;
  /** How `--speak` starts the speech engine (speech.ts); absent: `espeak-ng` as a child process. */
  readonly speech?: SpeechSpawn;
}

/** This process: real time, stdout and stderr, its signals and terminal. */
export function processHost(s: Pick<PlaySettings, "live">): PlayHost {
  const stdin = process.stdin;
  return {
    scheduler: realScheduler,
    date: () => Date.now(),
    write: (text) => process.stdout.write(text),
    error: (line) => process.stderr.write(`${line}\n`),
    interrupts: (pause) => watchProcess(process, process.stdout, process.stderr, pause),
    keys: s.live && stdin.isTTY === true ? (onKeys) => watchKeys(stdin, onKeys) : null,
    screen: s.live
      ? {
          draw: (text) => logUpdate(text),
          done: () => logUpdate.done(),
          size: () => terminalSize(process.stdout),
        }
      : null,
    onLeds: process.env.KETE_PROBE_STARTUP ? startupProbe : null,
    think: workerThinker().think,
  };
}

/** A terminal's columns and rows, or null where the output is not one (a pipe, a file). */
export function terminalSize(out: { columns?: number; rows?: number }): TerminalSize | null {
  const { columns, rows } = out;
  return typeof columns === "number" && typeof rows === "number" && columns > 0 && rows > 0
    ? { columns, rows }
    : null;
}

/**
 * The game's interrupts in this process: a signal or an output that cannot
 * be written (stdout or stderr) pauses it. Once the game stops listening, it
 * closes its journal and board and exits with its own code (130 after a
 * pause): an output gone meanwhile (a terminal that hung up, SIGHUP) is
 * ignored rather than left to the process-wide handler (src/cli/output.ts),
 * which would end the process first, with 0.
 */
export function watchProcess(
  signals: SignalSource,
  stdout: EventEmitter,
  stderr: EventEmitter,
  pause: (why: string) => void,
): () => void {
  const stopSignals = watchInterrupts(signals, stdout, pause);
  const stopErrors = whenOutputCloses(() => pause(OUTPUT_CLOSED), stderr);
  return () => {
    stopSignals();
    stopErrors();
    for (const stream of [stdout, stderr]) whenOutputCloses(() => undefined, stream);
  };
}

/** `npm run bench` measures start-up to the first LED command, then stops here. */
function startupProbe(): void {
  process.stderr.write(`kete-probe first-led ${performance.now().toFixed(1)}\n`);
  process.exit(0);
}
