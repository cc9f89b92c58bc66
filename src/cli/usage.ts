/** Exit codes, usage errors and the help texts shared by the `kete` subcommands. */
import type { Command } from "commander";
import { games } from "../games/index.js";

/** Done: a game finished, a command did what it was asked. */
export const EXIT_OK = 0;
/** A file, journal, port or board that cannot be used; `replay --verify` found a mismatch. */
export const EXIT_FAILED = 1;
/** Bad command line: unknown command, game or option, malformed argument. */
export const EXIT_USAGE = 2;
/** `kete play`: no result within `--minutes`; the game is paused, resumable. */
export const EXIT_TIMED_OUT = 3;
/** `kete calibrate`: some pits were refused, skipped or failed their verification. */
export const EXIT_INCOMPLETE = 4;
/** `kete play`: interrupted (Ctrl-C, SIGTERM, SIGHUP, a closed output); paused, resumable. */
export const EXIT_INTERRUPTED = 130;

/** Prints `error: <message>` and a usage hint on stderr, then exits with code 2. */
export function usageError(command: Command, message: string): never {
  command.error(`error: ${message}`, { exitCode: EXIT_USAGE, code: "kete.usage" });
}

/** `a, b, c` (or `none`): the names that exist, for error messages. */
export function listNames(names: readonly string[]): string {
  return names.length === 0 ? "none" : names.join(", ");
}

/** Each game id with its default options, one per line (what `--game`, `<game>` take). */
export function gamesHelp(how = "change one with --option name=value"): string {
  const width = Math.max(...games.map((g) => g.id.length));
  const lines = games.map((g) => {
    const options = g.optionSpecs
      .map(
        (s) =>
          `${s.name}=${typeof s.default === "object" && s.default !== null ? JSON.stringify(s.default) : String(s.default)}`,
      )
      .join(" ");
    return `  ${g.id.padEnd(width)}  ${options}`;
  });
  return `Games and their default options (${how}):\n${lines.join("\n")}`;
}

const CODE_TEXT: Readonly<Record<number, string>> = {
  [EXIT_OK]: "done",
  [EXIT_FAILED]: "a file, journal, port or board that cannot be used",
  [EXIT_USAGE]: "usage: unknown command, game or option, malformed argument",
  [EXIT_TIMED_OUT]: "no result within --minutes: the game is paused, resumable",
  [EXIT_INTERRUPTED]: "interrupted (Ctrl-C, SIGTERM, SIGHUP, closed output): paused, resumable",
};

/** What each command's help says after its options: extra defaults, games, exit codes, where to read more. */
interface CommandHelp {
  readonly notes?: readonly string[];
  /** List the games, saying how their options are changed. */
  readonly games?: string;
  /** Exit codes besides 0 and 2, with what they mean for this command when it differs. */
  readonly codes: readonly (number | readonly [number, string])[];
  /** Where it is described: a page of docs/ and its section. */
  readonly doc: readonly [page: string, section: string];
}

const COMMAND_HELP: Readonly<Record<string, CommandHelp>> = {
  engine: {
    notes: ["One JSON request per line on stdin, one answer per line on stdout."],
    games: 'a request\'s "options"',
    codes: [
      [EXIT_OK, "end of input (a bad request is answered with an error, not an exit)"],
      [EXIT_FAILED, "the answers cannot be written"],
    ],
    doc: ["docs/engine.md", "The engine interface: `kete engine`"],
  },
  perft: { games: "--option name=value", codes: [], doc: ["docs/benchmarks.md", "perft"] },
  play: {
    notes: [
      "Defaults not shown above: --seed from the clock; --minutes 10 off a terminal, 120 on one",
      "(the simulated board only: a game on --port has no limit unless --minutes is given);",
      "--pace 1 on a terminal, 0.05 otherwise.",
    ],
    games: "--option name=value",
    codes: [
      [EXIT_OK, "the game has a result"],
      [EXIT_FAILED, "the port, the journal or the game to resume cannot be used"],
      EXIT_TIMED_OUT,
      EXIT_INTERRUPTED,
    ],
    doc: ["docs/playing.md", "Playing: `kete play`"],
  },
  replay: {
    codes: [
      [EXIT_OK, "replayed, or --verify reproduced every decision and record"],
      [EXIT_FAILED, "the journal cannot be read, or --verify found a mismatch or a damaged line"],
    ],
    doc: ["docs/playing.md", "The journal, replay and export"],
  },
  export: {
    codes: [
      [
        EXIT_FAILED,
        "the journal cannot be read, or its records do not follow from its readings (--unverified)",
      ],
    ],
    doc: ["docs/playing.md", "The journal, replay and export"],
  },
  games: { codes: [], doc: ["docs/playing.md", "The journal, replay and export"] },
  serve: {
    notes: [
      "Read-only: the page cannot change a journal. Beyond 127.0.0.1 (--host) every request needs",
      "the access token printed with the link.",
    ],
    codes: [
      [EXIT_OK, "stopped (Ctrl-C, SIGTERM)"],
      [EXIT_FAILED, "the address or port cannot be had"],
    ],
    doc: ["docs/playing.md", "Web view"],
  },
  "board-sim": {
    codes: [
      [EXIT_OK, "stopped (Ctrl-C, SIGTERM, SIGHUP)"],
      [
        EXIT_FAILED,
        "the pseudo-terminal cannot be made (is socat installed?) or the firmware cannot be read",
      ],
    ],
    doc: ["docs/board.md", "The board"],
  },
  "board-test": {
    codes: [
      [EXIT_OK, "stopped (Ctrl-C, SIGTERM, SIGHUP, --seconds, closed output), or --once shown"],
      [EXIT_FAILED, "the port is not there or is not a kete board"],
    ],
    doc: ["docs/board.md", "The board"],
  },
  calibrate: {
    notes: [
      "Keys: Enter confirm, b back, s skip, q or Ctrl-C stop (the board's button 1 confirms,",
      "button 2 goes back, held for a second skips). Off a terminal, stdin lines: confirm, back, skip, stop.",
    ],
    codes: [
      [EXIT_OK, "every pit calibrated and verified; the report written"],
      [
        EXIT_FAILED,
        "the port is not there, not a kete board, gone, or the report cannot be written",
      ],
      [
        EXIT_INCOMPLETE,
        "some pits were refused, skipped or failed verification (the report says which)",
      ],
      [
        EXIT_INTERRUPTED,
        "stopped (Ctrl-C, SIGTERM, SIGHUP, closed output): LEDs out, report written",
      ],
    ],
    doc: ["docs/board.md", "Calibrating a board: `kete calibrate`"],
  },
  enrol: {
    notes: [
      "Enrolment is the board's own mode (both buttons held at reset, hardware/glassperlenspiel.md",
      "§5.3): kete says the steps, waits for the board to leave it, and checks every gem in its pit.",
    ],
    codes: [
      [EXIT_OK, "all ten gems read by name in their pits, no plain stone left over"],
      [
        EXIT_FAILED,
        "the port or board cannot be used, is no 2x5+2 board, or a gem is not read in its pit",
      ],
    ],
    doc: ["docs/board.md", "Enrolling the gems: `kete enrol`"],
  },
  ports: {
    notes: [
      "Each port is asked HELLO (a kete board answers INFO), then Firmata's version at 57600 baud.",
      "KETE_PORTS=PATH:PATH names the ports to ask instead of looking for them (as PATH… does).",
      "--port auto (play, board-test, calibrate) picks the one kete board, or with --board firmata",
      "the one StandardFirmata board, and says which.",
    ],
    codes: [[EXIT_FAILED, "no serial port found"]],
    doc: ["docs/board.md", "The board"],
  },
};

/** The exit-code lines: `code` and what it means (`own` overrides the usual meaning). */
function codeLines(codes: readonly (number | readonly [number, string])[]): string {
  const own = new Map<number, string>(codes.map((c) => (typeof c === "number" ? [c, ""] : c)));
  if (!own.has(EXIT_OK)) own.set(EXIT_OK, "");
  if (!own.has(EXIT_USAGE)) own.set(EXIT_USAGE, "");
  return [...own]
    .sort(([a], [b]) => a - b)
    .map(([code, text]) => `  ${String(code).padEnd(3)}  ${text || CODE_TEXT[code]}`)
    .join("\n");
}

/** Said once, on the program's help page: not a line under every command's exit codes. */
const CLOSED_OUTPUT =
  "Output piped into a command that stops reading early (head, less) ends kete quietly.";

/** The text under `kete --help`. */
export function programHelp(): string {
  return [
    "",
    gamesHelp(),
    "",
    "Exit codes:",
    codeLines([
      EXIT_OK,
      [EXIT_FAILED, `${CODE_TEXT[EXIT_FAILED]}; replay --verify found a mismatch`],
      EXIT_USAGE,
      [EXIT_TIMED_OUT, `kete play: ${CODE_TEXT[EXIT_TIMED_OUT]}`],
      [EXIT_INTERRUPTED, `kete play: ${CODE_TEXT[EXIT_INTERRUPTED]}`],
    ]),
    CLOSED_OUTPUT,
    "",
    "Run 'kete <command> --help' for a command; README.md and docs/ tell the whole story.",
  ].join("\n");
}

/** The text under `kete <name> --help`, or null for a command without one. */
export function commandHelp(name: string): string | null {
  const help = COMMAND_HELP[name];
  if (help === undefined) return null;
  return [
    "",
    ...(help.notes ?? []),
    ...(help.notes === undefined ? [] : [""]),
    ...(help.games === undefined ? [] : [gamesHelp(`change one with ${help.games}`), ""]),
    "Exit codes:",
    codeLines(help.codes),
    "",
    `See ${help.doc[0]}, section "${help.doc[1]}".`,
  ].join("\n");
}

/** Adds the games, defaults and exit codes under the help of `program` and each of its commands. */
export function addHelpTexts(program: Command): void {
  program.addHelpText("after", programHelp());
  for (const command of program.commands) {
    const text = commandHelp(command.name());
    if (text !== null) command.addHelpText("after", text);
  }
}
