/**
 * The kinds of board kete talks to on a serial port, and the one factory that
 * opens each (issue 31: a board kind is a module). `serial` is a board running
 * kete firmware (PROTOCOL.md on the wire: `SerialBoard`); `firmata` is the
 * stock-parts board running StandardFirmata, whose board side kete runs on
 * the host (`FirmataBoard`, ./firmata). Both are a `BoardSession`, not yet
 * ready: wait for it (`waitForReady`) as for any link.
 *
 *   const board = openBoard("firmata", { port: "/dev/ttyACM0", readyMs: 12000 });
 *   const ready = await waitForReady(board, 12000);
 *
 * A new kind adds its name to `BOARD_KINDS` and its case here; `--board`
 * (src/cli/board-kind.ts) offers every name of `BOARD_KINDS`.
 */
import { FirmataBoard } from "./firmata/index.js";
import { SerialBoard } from "./serial-board.js";
import type { BindingInterface } from "./serial-board.js";
import type { SessionOptions } from "./session.js";

export const BOARD_KINDS = ["serial", "firmata"] as const;
/** What runs on the port: kete firmware (`serial`) or StandardFirmata on the stock-parts board (`firmata`). */
export type BoardKind = (typeof BOARD_KINDS)[number];

export interface OpenBoardOptions extends SessionOptions {
  /** The serial device. */
  readonly port: string;
  /** `serial`: the line speed (absent: 115200). The stock-parts board runs at 57600 only. */
  readonly baudRate?: number;
  /** `firmata`: how long StandardFirmata's own handshake may take, ms (absent: its default). */
  readonly readyMs?: number;
  /** `serial`: the serialport binding (tests: `SerialPortMock.binding`). */
  readonly binding?: BindingInterface;
}

/** A board of some kind: the session and, for the stock-parts board, its Firmata side. */
export type KindBoard = SerialBoard | FirmataBoard;

/** The board of `kind` on `options.port`, opening (a session not yet ready). */
export function openBoard(kind: "serial", options: OpenBoardOptions): SerialBoard;
export function openBoard(kind: "firmata", options: OpenBoardOptions): FirmataBoard;
export function openBoard(kind: BoardKind, options: OpenBoardOptions): KindBoard;
export function openBoard(kind: BoardKind, options: OpenBoardOptions): KindBoard {
  const { port, baudRate, readyMs, binding, ...session } = options;
  switch (kind) {
    case "serial":
      return new SerialBoard(port, {
        ...session,
        ...(baudRate === undefined ? {} : { baudRate }),
        ...(binding === undefined ? {} : { binding }),
      });
    case "firmata":
      return new FirmataBoard(port, {
        ...session,
        ...(readyMs === undefined ? {} : { firmataReadyMs: readyMs }),
      });
  }
}
