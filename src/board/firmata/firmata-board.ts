/**
 * `FirmataBoard`: a `BoardLink` to the stock-parts board (issue 15), an
 * Arduino Mega running unmodified StandardFirmata at 57600 baud, on a
 * serialport 13 port, through firmata-io (and johnny-five for the LEDs).
 *
 *   const board = new FirmataBoard("/dev/ttyACM0", { calibrationFile });
 *   board.subscribe((event) => …);   // the serial board's events, same meaning
 *   await waitForReady(board, 10000);
 *
 * The board's work (scanning, counts, settling, LED patterns, buttons,
 * calibration) runs on the host in `HostFirmware`, which speaks PROTOCOL.md
 * lines; `FirmataTransport` hands those lines to the ordinary `BoardSession`
 * as a serial port would. So handshake, link loss and reconnection (§6.5),
 * reboot detection (§6.6) and resync are the serial board's own code: an
 * unplugged port is a closed transport; a board reset (StandardFirmata sends
 * its version and firmware report again) is a `BOOT`; a board that stops
 * reporting goes silent.
 */
import { SerialPort } from "serialport";
import { SerialPortStream } from "@serialport/stream";
import firmataIo from "firmata-io";
import type { Firmata } from "firmata-io";
import { err, ok } from "../../shared/index.js";
import { GEOMETRIES } from "../../protocol/index.js";
import type { Result } from "../../shared/index.js";
import { realScheduler } from "../scheduler.js";
import type { Scheduler } from "../scheduler.js";
import { BoardSession } from "../session.js";
import type { SessionOptions, Transport, TransportHandlers } from "../session.js";
import type { BindingInterface } from "../serial-board.js";
import {
  ANALOG_CHANNELS,
  BUTTON_PINS,
  BYTE_MS,
  FIRMATA_BAUD_RATE,
  SAMPLING_INTERVAL_MS,
  SELECT_PIN,
} from "./mega.js";
import { HostFirmware } from "./firmware.js";
import type { LedPlanOptions } from "./leds.js";
import type { BootReason } from "./types.js";
import { attachLeds } from "./j5-leds.js";
import type { LedOutput } from "./j5-leds.js";
import {
  defaultCalibrationFile,
  firmataBoardId,
  readCalibrationFile,
  writeCalibrationFile,
} from "./calibration-file.js";
import type { CalibrationTable } from "./calibration-file.js";
import type { LinkError, OpenErrorCode } from "../errors.js";

/** Firmata's PIN_STATE_QUERY sysex command. */
const PIN_STATE_QUERY = 0x6d;

export interface FirmataTransportOptions {
  readonly scheduler?: Scheduler;
  readonly binding?: BindingInterface;
  /** The calibration file (default ~/.config/kete/firmata/<board id>.json). */
  readonly calibrationFile?: string;
  /** How long the Firmata handshake may take after opening (a Mega resets on open), ms. */
  readonly firmataReadyMs?: number;
  /** firmata-io asks for the version if the board sends none in this long (wall clock), ms. */
  readonly versionWaitMs?: number;
  readonly leds?: LedPlanOptions;
}

export interface FirmataBoardOptions extends SessionOptions, FirmataTransportOptions {}

/** Why a Firmata device is not the stock-parts board, or null. */
export function notStockBoard(io: Firmata): string | null {
  if (io.analogPins.length < ANALOG_CHANNELS) {
    return `it has ${io.analogPins.length} analogue inputs, the stock-parts board needs a Mega's ${ANALOG_CHANNELS}`;
  }
  if (io.pins.length <= SELECT_PIN) return `it has no pin D${SELECT_PIN}`;
  return null;
}

/** How long after StandardFirmata announces a restart (or is sent SYSTEM_RESET) the host sends its set-up, ms. */
const AFTER_RESET_MS = 250;

/** The Firmata board as a session transport: the host firmware's lines in and out. */
export class FirmataTransport implements Transport {
  readonly name: string;
  readonly boardId: string;
  readonly calibrationFile: string;
  private readonly scheduler: Scheduler;
  private readonly options: FirmataTransportOptions;
  private port: SerialPortStream | null = null;
  private io: Firmata | null = null;
  private leds: LedOutput | null = null;
  private firmware: HostFirmware | null = null;
  private pendingLines: string[] = [];
  /** When the bytes written so far will have left the line (host ms): 57600 baud is the bottleneck. */
  private lineFree = 0;
  private missing: readonly string[] = [];
  /** Bumped by `close`, so an `open` still in progress gives up. */
  private generation = 0;
  /** Ends the wait for the first scan (the port went away meanwhile). */
  private abortFirstScan: (() => void) | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(path: string, options: FirmataTransportOptions = {}) {
    this.name = path;
    this.options = options;
    this.scheduler = options.scheduler ?? realScheduler;
    this.boardId = firmataBoardId(path);
    this.calibrationFile = options.calibrationFile ?? defaultCalibrationFile(this.boardId);
  }

  /** The host firmware of the open connection (tests, measurements). */
  get hostFirmware(): HostFirmware | null {
    return this.firmware;
  }

  /** Pits the calibration file did not hold when the board was last opened (PROTOCOL.md §10 `need`). */
  get uncalibrated(): readonly string[] {
    return this.missing;
  }

  async open(handlers: TransportHandlers): Promise<Result<void, LinkError>> {
    const generation = this.generation;
    const closedMeanwhile = (): Result<void, LinkError> =>
      err("closed", `${this.name} was closed while it was being opened`);
    const table = await readCalibrationFile(this.calibrationFile);
    if (!table.ok) return table;
    this.missing = GEOMETRIES["4x8"].cells.filter((pit) => !table.value.has(pit));
    if (generation !== this.generation) return closedMeanwhile();
    const opened = await this.openPort(handlers);
    if (!opened.ok) return opened;
    const port = opened.value;
    if (generation !== this.generation) {
      // Closed while the port was opening: close() found no port to close.
      if (this.port === port) this.port = null;
      await this.closePort(port);
      return closedMeanwhile();
    }
    const io = await this.handshake(port);
    if (!io.ok || generation !== this.generation) {
      await this.closePort(port);
      return io.ok ? closedMeanwhile() : io;
    }
    this.io = io.value;
    const firmware = this.start(io.value, table.value, handlers);
    // Open once the pits have been read: the LED controllers' set-up bytes hold the
    // first scan back for most of a second, and a SNAP must be answered in 500 ms (§6.3).
    const scanned = await this.firstScan(firmware);
    if (!scanned.ok || generation !== this.generation) {
      await this.close();
      return scanned.ok ? closedMeanwhile() : scanned;
    }
    return ok(undefined);
  }

  private firstScan(firmware: HostFirmware): Promise<Result<void, LinkError>> {
    const waitMs = this.options.firmataReadyMs ?? 10000;
    return new Promise((resolve) => {
      const cancel = this.scheduler.schedule(
        () =>
          resolve(
            err(
              "no-reports",
              `StandardFirmata on ${this.name} sends no analogue reports (${waitMs / 1000} s): is D${SELECT_PIN} free and are A0..A15 wired?`,
            ),
          ),
        waitMs,
      );
      this.abortFirstScan = () => {
        cancel();
        resolve(err("closed", `${this.name} went away before its first scan`));
      };
      void firmware.firstScan().then(() => {
        cancel();
        this.abortFirstScan = null;
        resolve(ok(undefined));
      });
    });
  }

  write(text: string): void {
    this.firmware?.receive(text);
  }

  async close(): Promise<void> {
    this.generation++;
    this.abortFirstScan?.();
    this.abortFirstScan = null;
    this.firmware?.stop();
    this.firmware?.connect(null);
    this.firmware = null;
    this.leds?.detach();
    this.leds = null;
    this.io = null;
    const port = this.port;
    this.port = null;
    if (port !== null) await this.closePort(port);
    await this.saving;
  }

  private openPort(handlers: TransportHandlers): Promise<Result<SerialPortStream, LinkError>> {
    return new Promise((resolve) => {
      let port: SerialPortStream;
      try {
        port = new SerialPortStream({
          binding: this.options.binding ?? SerialPort.binding,
          path: this.name,
          baudRate: FIRMATA_BAUD_RATE,
          autoOpen: false,
        });
      } catch (e) {
        resolve(err("open-failed", e instanceof Error ? e.message : String(e)));
        return;
      }
      let gone = false;
      const lose = (reason: string): void => {
        if (gone || this.port !== port) return;
        gone = true;
        this.firmware?.stop();
        this.abortFirstScan?.();
        this.abortFirstScan = null;
        this.port = null;
        handlers.closed(reason);
      };
      port.on("close", (e?: Error | null) => lose(e instanceof Error ? e.message : "port closed"));
      port.on("error", (e: Error) => {
        lose(e.message);
        if (port.isOpen) port.close(() => undefined);
      });
      port.open((e) => {
        if (e) {
          resolve(err(openErrorCode(e), e.message));
          return;
        }
        this.port = port;
        resolve(ok(port));
      });
    });
  }

  /** firmata-io's handshake: version, firmware, capabilities, analogue mapping. */
  private handshake(port: SerialPortStream): Promise<Result<Firmata, LinkError>> {
    const waitMs = this.options.firmataReadyMs ?? 10000;
    return new Promise((resolve) => {
      let done = false;
      const finish = (result: Result<Firmata, LinkError>): void => {
        if (done) return;
        done = true;
        cancel();
        resolve(result);
      };
      // firmata-io writes through this: every byte is counted onto the line's time.
      const line = {
        write: (data: Buffer, callback?: (error?: Error | null) => void): boolean => {
          const now = this.scheduler.now();
          this.lineFree = Math.max(now, this.lineFree) + data.length * BYTE_MS;
          return port.write(data, callback);
        },
        on: (event: string, listener: (...args: never[]) => void): unknown =>
          port.on(event, listener as unknown as (...args: unknown[]) => void),
      };
      const io = new firmataIo.Firmata(
        line,
        { reportVersionTimeout: this.options.versionWaitMs ?? 2000 },
        (e) => {
          if (e !== undefined) finish(err("firmata", e.message));
        },
      );
      io.once("ready", () => {
        const why = notStockBoard(io);
        finish(why === null ? ok(io) : err("not-stock-board", `${this.name}: ${why}`));
      });
      port.once("close", () => finish(err("closed", `${this.name} closed during the handshake`)));
      const cancel = this.scheduler.schedule(
        () =>
          finish(
            err(
              "no-firmata",
              `no StandardFirmata answered on ${this.name} in ${waitMs / 1000} s (is the board flashed with StandardFirmata, 57600 baud?)`,
            ),
          ),
        waitMs,
      );
    });
  }

  private start(io: Firmata, table: CalibrationTable, handlers: TransportHandlers): HostFirmware {
    let cancelSetUp: (() => void) | null = null;
    /** The set-up, `AFTER_RESET_MS` after StandardFirmata (re)started; then the host firmware boots. */
    const setUpLater = (reason: BootReason): void => {
      cancelSetUp?.();
      cancelSetUp = this.scheduler.schedule(() => {
        cancelSetUp = null;
        if (this.io !== io) return;
        this.setUp(io);
        firmware.boot(reason);
      }, AFTER_RESET_MS);
    };
    const firmware = new HostFirmware(
      {
        digitalWrite: (pin, value) => io.digitalWrite(pin, value),
        lineFreeAt: () => this.lineFree,
        queryPinState: (pin) => io.sysexCommand([PIN_STATE_QUERY, pin]),
        writeLed: (pit, rgb) => this.leds?.write(pit, rgb),
        // SYSTEM_RESET: StandardFirmata forgets what it misread (an I2C read it keeps
        // repeating, pin modes) and stops reporting; the set-up follows as after a reset.
        restart: () => {
          if (this.io !== io) return;
          io.reset();
          setUpLater("watchdog");
        },
      },
      {
        scheduler: this.scheduler,
        boardId: this.boardId,
        firmware: firmwareIdent(io),
        calibration: table,
        saveCalibration: (t) => this.save(t),
        leds: this.options.leds,
      },
    );
    this.firmware = firmware;
    // Board lines reach the session after the call that caused them returns (as from a port).
    firmware.connect((line) => {
      this.pendingLines.push(line);
      if (this.pendingLines.length === 1) {
        queueMicrotask(() => {
          const lines = this.pendingLines.join("");
          this.pendingLines = [];
          if (this.firmware === firmware) handlers.data(lines);
        });
      }
    });
    // Port errors are the port's handlers' to report; firmata-io re-emits them.
    io.on("error", () => undefined);
    io.on("analog-read", (report: { pin: number; value: number }) => {
      if (this.io === io) firmware.analog(report.pin, report.value);
    });
    for (const pin of BUTTON_PINS) {
      io.on(`digital-read-${pin}`, (value: number) => {
        if (this.io === io) firmware.digital(pin, value);
      });
    }
    io.on(`pin-state-${SELECT_PIN}`, () => {
      if (this.io === io) firmware.fenced(io.pins[SELECT_PIN]?.state ?? -1);
    });
    // StandardFirmata sends its version again when it restarts: the board was reset (§6.6).
    // It announces itself before its set-up has run (Firmata.begin, then the reset of all
    // 70 pins); the host's set-up, sent at once, arrived while the sketch was still busy,
    // filled its 64-byte receive buffer and lost bytes: I2C writes went to addresses no chip
    // has (0x00, 0x70), and the Mega hung (one emulated game in seven). So the host waits.
    io.on("queryfirmware", () => {
      if (this.io === io) setUpLater("reset");
    });
    // Start from StandardFirmata's own defaults, quiet: a board that kept its power while
    // the cable was out (or behind a pty) still reports at full rate and may hold what it
    // misread; a set-up sent into that flood can be misread too, and does not undo every
    // misread (a reopened board never reported again, CI 2026-11-26). A Mega that
    // auto-reset on open is quiet already.
    io.reset();
    setUpLater("power");
    return firmware;
  }

  /** What StandardFirmata must be told after every start: the design's pins and reports. */
  private setUp(io: Firmata): void {
    this.leds?.detach();
    this.leds = attachLeds(io);
    io.setSamplingInterval(SAMPLING_INTERVAL_MS);
    io.pinMode(SELECT_PIN, io.MODES.OUTPUT);
    for (const pin of BUTTON_PINS) {
      // INPUT, then HIGH, turns the AVR's pull-up on in every StandardFirmata: the image
      // avrgirl-arduino ships for the Mega is Firmata 2.3, which has no PULLUP mode
      // (2.5 added it, and still treats INPUT + HIGH as INPUT_PULLUP).
      io.pinMode(pin, io.MODES.INPUT);
      io.digitalWrite(pin, 1);
      io.reportDigitalPin(pin, 1);
    }
    for (let channel = 0; channel < ANALOG_CHANNELS; channel++) io.reportAnalogPin(channel, 1);
  }

  private save(table: CalibrationTable): void {
    this.saving = this.saving.then(async () => {
      await writeCalibrationFile(this.calibrationFile, this.boardId, table);
    });
  }

  private closePort(port: SerialPortStream): Promise<void> {
    if (!port.isOpen) return Promise.resolve();
    return new Promise((resolve) => port.close(() => resolve()));
  }
}

function firmwareIdent(io: Firmata): string {
  const v = io.firmware.version;
  return v === undefined ? "firmata" : `firmata-${v.major}.${v.minor}`;
}

const OPEN_ERRNOS = ["ENOENT", "EACCES", "EBUSY", "ENXIO", "ENOTTY", "EIO"] as const;

function openErrorCode(e: Error): OpenErrorCode {
  const text = `${(e as NodeJS.ErrnoException).code ?? ""} ${e.message}`;
  const m = /\b(ENOENT|EACCES|EBUSY|ENXIO|ENOTTY|EIO)\b/.exec(text);
  return OPEN_ERRNOS.find((code) => code === m?.[1]) ?? "open-failed";
}

/** The stock-parts board on a serial port. See the file comment for use. */
export class FirmataBoard extends BoardSession {
  readonly path: string;
  readonly firmata: FirmataTransport;

  constructor(path: string, options: FirmataBoardOptions = {}) {
    const transport = new FirmataTransport(path, options);
    super(transport, options);
    this.path = path;
    this.firmata = transport;
  }
}
