/**
 * `SerialBoard`: a `BoardLink` to a real board (or anything speaking the
 * protocol, e.g. `kete board-sim` on a pseudo-terminal) on a serial port.
 *
 *   const board = new SerialBoard("/dev/ttyACM0", { debounceMs: 150 });
 *   board.subscribe((event) => …);            // link, hello, snapshot, button, board-error, line-error
 *   await waitForReady(board, 5000);          // from ./session.js
 *   await board.setLeds([{ pit: "A1", led: { pattern: "blink", colour: "green" } }]);
 *   await board.close();
 *
 * All protocol logic lives in `BoardSession` (./session.ts); this file is the
 * port: 115200 8N1; lines framed by `@serialport/parser-readline` behind a
 * guard that keeps the 250-byte bound (./line-framing.ts, PROTOCOL.md §2,
 * §11); writes dropped (and later retransmitted by the session) rather than
 * queued when the device does not read. `binding` lets tests use
 * `SerialPortMock.binding`.
 */
import { SerialPort } from "serialport";
import { SerialPortStream } from "@serialport/stream";
import type { OpenOptions } from "@serialport/stream";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { createReadlineFraming } from "./line-framing.js";
import { BoardSession, DEFAULT_KETE_BAUD } from "./session.js";
import type { LineFraming, SessionOptions, Transport, TransportHandlers } from "./session.js";
import type { LinkError, OpenErrorCode } from "./errors.js";
import type { ParseError } from "../protocol/index.js";

/** A serialport binding (the platform's, or `SerialPortMock.binding`). */
export type BindingInterface = OpenOptions["binding"];

export const DEFAULT_BAUD_RATE = DEFAULT_KETE_BAUD;

/** Bytes the port may hold unwritten before further lines are dropped. */
const MAX_UNWRITTEN = 4096;

export interface SerialBoardOptions extends SessionOptions {
  readonly baudRate?: number;
  /** The serialport binding (default: the platform's; tests: `SerialPortMock.binding`). */
  readonly binding?: BindingInterface;
}

const ERRNO_TEXT: readonly (readonly [OpenErrorCode, RegExp, string])[] = [
  ["ENOENT", /ENOENT|no such file or directory/i, "no such device"],
  ["EACCES", /EACCES|permission denied/i, "permission denied (is the user in the dialout group?)"],
  ["EBUSY", /EBUSY|resource busy|cannot lock/i, "the port is in use by another program"],
  ["ENXIO", /ENXIO|no such device or address/i, "no such device"],
  ["ENOTTY", /ENOTTY|inappropriate ioctl/i, "not a serial port"],
  ["EIO", /EIO|input\/output error/i, "input/output error"],
  ["EBADF", /EBADF|bad file descriptor/i, "the device disconnected"],
];

/** An open or I/O error of a serial port in words a user can act on, with its code. */
export function serialErrorText(e: unknown): { code: OpenErrorCode; message: string } {
  const text =
    e instanceof Error ? `${(e as NodeJS.ErrnoException).code ?? ""} ${e.message}` : String(e);
  for (const [code, pattern, message] of ERRNO_TEXT) {
    if (pattern.test(text)) return { code, message };
  }
  return { code: "open-failed", message: e instanceof Error ? e.message : String(e) };
}

/** The serial port as a session transport. */
export class SerialTransport implements Transport {
  readonly name: string;
  readonly baudRate: number;
  private readonly binding: BindingInterface;
  private port: SerialPortStream | null = null;

  constructor(path: string, options: { baudRate?: number; binding?: BindingInterface } = {}) {
    this.name = path;
    this.baudRate = options.baudRate ?? DEFAULT_BAUD_RATE;
    this.binding = options.binding ?? SerialPort.binding;
  }

  open(handlers: TransportHandlers): Promise<Result<void, LinkError>> {
    return new Promise((resolve) => {
      let port: SerialPortStream;
      try {
        port = new SerialPortStream({
          binding: this.binding,
          path: this.name,
          baudRate: this.baudRate,
          autoOpen: false,
        });
      } catch (e) {
        const { code, message } = serialErrorText(e);
        resolve(err(code, message));
        return;
      }
      let opened = false;
      let gone = false;
      const lose = (reason: string): void => {
        if (gone || this.port !== port) return;
        gone = true;
        this.port = null;
        handlers.closed(reason);
      };
      port.on("data", (chunk: Buffer) => {
        if (this.port === port) handlers.data(chunk);
      });
      port.on("close", (e: Error | null) =>
        lose(e === null ? "port closed" : serialErrorText(e).message),
      );
      port.on("error", (e: Error) => {
        if (!opened) return;
        lose(serialErrorText(e).message);
        if (port.isOpen) port.close(() => undefined);
      });
      port.open((e) => {
        if (e) {
          const { code, message } = serialErrorText(e);
          resolve(err(code, message));
          return;
        }
        opened = true;
        this.port = port;
        resolve(ok(undefined));
      });
    });
  }

  write(text: string): void {
    const port = this.port;
    if (port === null || !port.isOpen) return;
    // A device that does not read must not make us buffer without bound:
    // the session retransmits what it needs to.
    if (port.writableLength > MAX_UNWRITTEN) return;
    port.write(text, "ascii");
  }

  /** The port's lines: `ReadlineParser` behind the length guard, one per connection (§2, §11). */
  framing(deliver: (framed: Result<string, ParseError>) => void): LineFraming {
    return createReadlineFraming(deliver);
  }

  close(): Promise<void> {
    const port = this.port;
    this.port = null;
    if (port === null || !port.isOpen) return Promise.resolve();
    return new Promise((resolve) => port.close(() => resolve()));
  }
}

/** A board on a serial port. See the file comment for use. */
export class SerialBoard extends BoardSession {
  readonly path: string;

  constructor(path: string, options: SerialBoardOptions = {}) {
    super(new SerialTransport(path, options), options);
    this.path = path;
  }
}
