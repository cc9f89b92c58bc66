/**
 * The board a game is played on: a kete board on a serial port, or the
 * built-in simulated board (whose hands are the virtual players'), ready
 * (handshake done) or the one line that says why not.
 */
import { statSync } from "node:fs";
import { Option } from "commander";
import { BOARD_KINDS, SimulatedBoard, openBoard, waitForReady } from "../../board/index.js";
import type { BoardKind, BoardLink, Scheduler, SessionOptions } from "../../board/index.js";
import {
  MARBLE_COLOURS,
  holesOfReadings,
  tellsNeutral,
  type HoleContent,
  type InfoMessage,
} from "../../protocol/index.js";
import { err, ok, shapeOf, type GeometryId, type Result } from "../../shared/index.js";
import type { CliError } from "../errors.js";

/**
 * `--board KIND`, as `kete play`, `board-test` and `calibrate` all declare it:
 * one of `BOARD_KINDS` (src/board/kinds.ts), commander refusing any other.
 */
export function boardOption(): Option {
  return new Option(
    "--board <kind>",
    "what runs on --port: kete firmware (serial, default) or StandardFirmata on the stock-parts board (firmata; its calibration kept in a file on this computer)",
  ).choices([...BOARD_KINDS]);
}

/** `--wait`: how long the board may take to be ready (the kind's default: `readyMsOf`). */
export function waitOption(): Option {
  return new Option(
    "--wait <seconds>",
    "how long the board may take to be ready (default 8, 12 with --board firmata)",
  );
}

/** `--baud`: a kete board's line speed when its firmware was built for another. */
export function baudOption(): Option {
  return new Option(
    "--baud <rate>",
    "the kete board's line speed when its firmware was built for another than 115200, e.g. 250000",
  );
}

/** `--board`: serial (default) or firmata; the usage error says what each is. */
export function boardKindOf(
  text: string | undefined,
  port: string | undefined,
): Result<BoardKind, CliError> {
  if (text === undefined) return ok("serial");
  if (!BOARD_KINDS.some((kind) => kind === text)) {
    return err(
      "usage",
      `--board must be serial (a board running kete firmware) or firmata (the stock-parts board running StandardFirmata), not '${text}'`,
    );
  }
  if (text === "firmata" && port === undefined) {
    return err(
      "usage",
      "--board firmata needs --port, the Arduino's serial device, e.g. --port /dev/ttyACM0",
    );
  }
  return ok(text as BoardKind);
}

export interface BoardChoice {
  /** The serial device, or null for the simulated board. */
  readonly port: string | null;
  /** What runs on `port` (default serial). */
  readonly boardKind?: BoardKind;
  /** `--wait`: how long a board on `port` may take to be ready (absent: `readyMsOf` its kind). */
  readonly readyMs?: number;
  /** `--baud`: a kete board's line speed (absent: 115200). */
  readonly baudRate?: number;
  /** Simulated board: the hands' pace (1 = a person), sensor noise, the seed. */
  readonly pace: number;
  readonly noise: boolean;
  readonly seed: number;
  /** The game's board shape (`4x8`, `2x5+2`, `hex61`, …): the simulated board is built to it. */
  readonly geometry?: GeometryId;
  /** Simulated board: a noisy cable, lines lost or damaged both ways (absent: none). */
  readonly lineNoise?: { readonly lose: number; readonly corrupt: number };
}

export interface OpenBoard {
  readonly board: BoardLink;
  /** The simulated board, whose hand the players move; null on a real board. */
  readonly sim: SimulatedBoard | null;
}

/** Whether a path is a folder (a missing or unreadable one is not: opening it says which). */
function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Why a `--port` path cannot be a serial device (empty, a folder), or null. */
export function badPort(port: string): string | null {
  if (port.trim() === "") {
    return "--port needs the board's serial device, e.g. --port /dev/ttyACM0";
  }
  return isFolder(port)
    ? `${port} is a folder, not a serial device; name the board's device, e.g. --port /dev/ttyACM0`
    : null;
}

/**
 * The speeds a kete board may run at (PROTOCOL.md §2, revision 1.5): 115200,
 * the default every board answers at, and 250000 (exact at 16 MHz; the
 * reference firmware built with `-DKETE_BAUD=250000UL`); the others for a
 * maker's own firmware.
 */
export const KETE_BAUD_RATES: readonly number[] = [57600, 115200, 230400, 250000, 500000, 1000000];

/**
 * `--baud RATE`: the line speed of a kete board built for another than
 * 115200 (absent: undefined, 115200). The stock-parts board runs
 * StandardFirmata at 57600 and nothing else.
 */
export function baudFlag(
  text: string | undefined,
  kind: BoardKind,
): Result<number | undefined, CliError> {
  if (text === undefined) return ok(undefined);
  const n = Number(text);
  if (kind === "firmata") {
    return n === 57600
      ? ok(undefined)
      : err(
          "usage",
          `--baud: the stock-parts board (--board firmata) runs StandardFirmata at 57600 baud only, not '${text}'`,
        );
  }
  if (!/^\d+$/.test(text) || !KETE_BAUD_RATES.includes(n)) {
    return err(
      "usage",
      `--baud must be the board's line speed, one of ${KETE_BAUD_RATES.join(", ")} (115200 unless the firmware was built for another, e.g. -DKETE_BAUD=250000UL), not '${text}'`,
    );
  }
  return ok(n);
}

/** How long a real board may take to answer the handshake. */
const SERIAL_READY_MS = 8000;
/**
 * A Mega resets when its port opens, StandardFirmata announces itself after its
 * bootloader and a 1.6 s blink, and the LED controllers' set-up takes most of a
 * second at 57600 baud before the first scan.
 */
const FIRMATA_READY_MS = 12000;

/**
 * How long `kete play`, `board-test` and `calibrate` wait for a board of this
 * kind to be ready, unless `--wait` says otherwise.
 */
export function readyMsOf(kind: BoardKind, waitMs?: number): number {
  return waitMs ?? (kind === "firmata" ? FIRMATA_READY_MS : SERIAL_READY_MS);
}

/**
 * `--wait SECONDS` (1 to 600): for a board slower to start than kete's
 * defaults allow (a long bootloader, a busy Raspberry Pi, a hub that powers
 * the board up late). Absent: undefined, the kind's default, and a board
 * that does not answer its first HELLOs (3 s) is reported at once; given,
 * kete keeps asking (opening the port again) until the time is up.
 */
export function waitFlag(text: string | undefined): Result<number | undefined, CliError> {
  if (text === undefined) return ok(undefined);
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || n < 1 || n > 600) {
    return err(
      "usage",
      `--wait must be the seconds to wait for the board, from 1 to 600, not '${text}'`,
    );
  }
  return ok(Math.round(n * 1000));
}

/**
 * The board's debounce: 100 ms at a person's pace, down to 30 ms for fast
 * unattended games. 100 ms by measurement (issue 27, hardware/README.md §3):
 * below 50 ms a stone still bouncing in a hard cup settles at the old count,
 * below 80 ms a hand's tremor on a rim can; at 100 ms none of 20,000 drops
 * settled falsely (`npm run bench -- settle`). The stock-parts host needs five
 * readings of a still run (≈ 130 ms) anyway (hardware/firmata.md §13).
 */
export function settleMs(pace: number): number {
  return Math.round(Math.min(100, Math.max(30, 100 * pace)));
}

/**
 * How often the board must send a snapshot when nothing changes (PROTOCOL.md
 * §7; the board's own default is 2000 ms). The quiet moment that ends an
 * ambiguous turn (Bao's stop in the nyumba, `quietMs`) does not depend on it:
 * `kete play` asks for a snapshot when the quiet moment is up.
 */
export const SNAPSHOT_INTERVAL_MS = 1000;

/**
 * What kete tells a board after every handshake (`CFG`, PROTOCOL.md §7): the
 * debounce its tracking assumes and the snapshot interval above, whatever the
 * board's own defaults are.
 */
export function boardSettings(
  pace: number,
): Pick<SessionOptions, "debounceMs" | "snapshotIntervalMs"> {
  return { debounceMs: settleMs(pace), snapshotIntervalMs: SNAPSHOT_INTERVAL_MS };
}

/** A hex61 board's readings as its holes (canonical order; a faulty reading as empty). */
function holesFrom(readings: readonly number[]): HoleContent[] {
  return (holesOfReadings(readings) ?? []).map((h) => h ?? "empty");
}

/** The simulated board's construction options for a choice. */
export function simulatedOptions(
  choice: BoardChoice,
  counts: readonly number[],
  scheduler: Scheduler,
) {
  return {
    geometry: choice.geometry,
    // The Abalone board's readings are each hole's bits, one per kind of marble.
    ...(shapeOf(choice.geometry ?? "4x8").kind === "holes"
      ? { holes: holesFrom(counts) }
      : { counts: [...counts] }),
    // The board's debounce follows the hands' pace, as a real board's would be
    // tuned to its players: faster hands, shorter settling. Jitter under a
    // hovering hand only at a person's pace: faster hands hover all the time
    // and the board would never settle mid-move. So too a dropped stone's
    // bounce (50–150 ms in a hard cup, issue 27): faster hands drop the next
    // stone before it would end.
    noise: choice.noise
      ? {
          jitter: choice.pace >= 0.5 ? 0.2 : 0,
          settleMs: settleMs(choice.pace),
          bounceMs: choice.pace >= 0.5 ? 150 : 0,
          lineLoss: 0.002,
          lineCorruption: 0.002,
        }
      : (false as const),
    seed: choice.seed,
    scheduler,
    session: boardSettings(choice.pace),
    ...(choice.lineNoise === undefined ? {} : { lineNoise: choice.lineNoise }),
  };
}

/**
 * Opens the board and waits for its handshake. `counts` are the stones the
 * simulated board starts with (sensor order).
 */
export async function openGameBoard(
  choice: BoardChoice,
  counts: readonly number[],
  scheduler: Scheduler,
): Promise<Result<OpenBoard, CliError>> {
  if (choice.port !== null) {
    const bad = badPort(choice.port);
    if (bad !== null) return err("no-board", bad);
    if (choice.boardKind === "firmata") return openFirmata(choice.port, choice, scheduler);
    // A person plays a real board: a person's debounce, whatever --pace says.
    const serial = openBoard("serial", {
      port: choice.port,
      scheduler,
      ...boardSettings(1),
      ...(choice.baudRate === undefined ? {} : { baudRate: choice.baudRate }),
    });
    const port = choice.port;
    const ready = await readyOrClosed(
      serial,
      "serial",
      choice,
      scheduler,
      (why) =>
        `no kete board answered on ${port} (${why}); check the cable, the port name (kete board-test --port ${port}) and that the board runs kete firmware`,
    );
    return ready.ok ? ok({ board: serial, sim: null }) : ready;
  }
  const sim = new SimulatedBoard(simulatedOptions(choice, counts, scheduler));
  // A noisy cable may lose a few HELLOs in a row: as long as a real board's wait.
  const ready = await sim.ready(choice.lineNoise === undefined ? undefined : SERIAL_READY_MS);
  if (!ready.ok) {
    await sim.close();
    return err("no-board", `the simulated board did not start: ${ready.error.message}`);
  }
  return ok({ board: sim, sim });
}

/**
 * Waits for a real board to be ready (`--wait`, or the kind's default, when a
 * lost port fails at once); when it is not, closes it and says why in the
 * words of `noAnswer`.
 */
async function readyOrClosed(
  board: BoardLink,
  kind: BoardKind,
  choice: BoardChoice,
  scheduler: Scheduler,
  noAnswer: (why: string) => string,
): Promise<Result<void, CliError>> {
  const ready = await waitForReady(board, readyMsOf(kind, choice.readyMs), {
    failOnLost: choice.readyMs === undefined,
    scheduler,
  });
  if (ready.ok) return ok(undefined);
  await board.close();
  return err("no-board", noAnswer(ready.error.message));
}

/** The stock-parts board (StandardFirmata on a Mega, 4x8 only), ready, or why not. */
async function openFirmata(
  port: string,
  choice: BoardChoice,
  scheduler: Scheduler,
): Promise<Result<OpenBoard, CliError>> {
  if (choice.geometry !== undefined && choice.geometry !== "4x8") {
    return err(
      "no-board",
      `the stock-parts board (--board firmata) is a 4x8 board; this game is played on a ${choice.geometry} board`,
    );
  }
  const readyMs = readyMsOf("firmata", choice.readyMs);
  // StandardFirmata's own handshake may take all of the wait (firmata-board.ts).
  const board = openBoard("firmata", { port, scheduler, ...boardSettings(1), readyMs });
  const ready = await readyOrClosed(
    board,
    "firmata",
    choice,
    scheduler,
    (why) =>
      `no stock-parts board answered on ${port} (${why}); check the cable, the port name (kete board-test --board firmata --port ${port}) and that the Arduino runs StandardFirmata`,
  );
  if (!ready.ok) return ready;
  const missing = board.firmata.uncalibrated;
  if (missing.length > 0) {
    await board.close();
    const which = missing.length === 32 ? "none of its pits is" : `${missing.join(" ")} are not`;
    return err(
      "no-board",
      `the stock-parts board on ${port} is not calibrated (${which} in ${board.firmata.calibrationFile}), so its counts cannot be trusted; calibrate it first: kete calibrate --board firmata --port ${port}`,
    );
  }
  return ok({ board, sim: null });
}

/**
 * Why a game's options cannot be played on the board that answered, or null.
 * AB-9.6's neutral marble must be told from both colours and an empty hole;
 * a board says it does with `n` in `INFO holes=` (PROTOCOL.md §5.3, §12.2,
 * protocol 2). One that does not say so (a protocol-1 board, the reference
 * board before issue 29) would read the neutral marble as an empty hole or
 * as a colour, and every push of it as a mistake or a wrong move: refused
 * before the game starts. `where` names the board (its port).
 */
export function boardRefusal(
  geometry: GeometryId | undefined,
  options: Readonly<Record<string, unknown>>,
  info: InfoMessage | null,
  where: string,
): string | null {
  if (geometry !== "hex61" || info === null) return null;
  const neutral = options.neutral;
  if (typeof neutral !== "string" || tellsNeutral(info)) return null;
  const said =
    info.holes === undefined
      ? `its INFO (protocol ${info.proto}) does not say holes=, so it tells black and white only`
      : `its INFO says holes=${info.holes.map((m) => MARBLE_COLOURS[m]).join("") || "-"}, without n`;
  return (
    `AB-9.6: the neutral marble (--option neutral=${neutral}) must be told from a black marble, a white one and an empty hole, ` +
    `and the board ${where} (${info.boardId}, firmware ${info.firmware}) does not tell it: ${said}. ` +
    `Play without --option neutral, on the simulated board (drop --port), or flash firmware that senses the neutral marble ` +
    `(hardware/abalone.md §2.3: a hex61 image that says holes=bwn)`
  );
}
