/**
 * The emulated board on a pseudo-terminal (socat, as `kete board-sim`): the
 * firmware's USART0 bytes go out of the pty, and what a serial client writes
 * comes in at the UART's byte time. The board runs in the background, paced
 * to the wall clock or as fast as it can.
 *
 *   const served = await serveOnPty(board, { pace: { realTime: true } });
 *   served.value.hostPath        // connect kete here
 *   await served.value.unplug(); // the USB cable out: the port vanishes, the board loses power
 *   await served.value.replug(); // back at the same path: the board boots afresh
 *   await served.value.stop();
 *
 * Any board with a byte stream and a run loop serves (`PtyServable`: the
 * reference board, or the stock board of src/emulator/stock, served at
 * `baudRate: 57600` as StandardFirmata's host expects).
 */
import { SerialPort } from "serialport";
import { openPtyPair, ptyPaths } from "../board/index.js";
import type { PtyPair } from "../board/index.js";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { EmulatedBoard, PaceOptions } from "./board.js";
import type { EmulatorError } from "./errors.js";

/** What `serveOnPty` needs of a board: its UART's bytes and a background run loop. */
export interface PtyServable {
  receive(chunk: Uint8Array): void;
  onTx(fn: (byte: number) => void): () => void;
  start(pace: PaceOptions): void;
  stop(): Promise<void>;
  /** Power back after an unplug: the board boots (an emulated board's `reset("power")`). */
  powerUp?(): void;
}

/** How long bytes from the board wait to go out together, ms (a USB-serial bridge's latency). */
const BRIDGE_FLUSH_MS = 4;

export interface ServedBoard<B extends PtyServable = EmulatedBoard> {
  readonly hostPath: string;
  readonly board: B;
  /**
   * The USB cable pulled: the host's port vanishes and the board (powered by
   * USB) stops; what the hand does meanwhile is on the board when it is back.
   */
  unplug(): Promise<void>;
  /** Plugged back: the port is there again at the same path and the board boots. */
  replug(): Promise<Result<void, EmulatorError>>;
  stop(): Promise<void>;
}

export interface ServeOptions {
  readonly hostPath?: string;
  readonly pace: PaceOptions;
  /** The board end's line speed (default 115200; a pty passes bytes at any). */
  readonly baudRate?: number;
}

export async function serveOnPty<B extends PtyServable = EmulatedBoard>(
  board: B,
  options: ServeOptions,
): Promise<Result<ServedBoard<B>, EmulatorError>> {
  const paths = ptyPaths("emu", options.hostPath);
  if (!paths.ok) return paths;
  const { host: hostPath, board: boardPath } = paths.value;
  const out: number[] = [];
  let port: SerialPort | null = null;
  let pair: PtyPair | null = null;
  const plugIn = async (): Promise<Result<void, EmulatorError>> => {
    const opened = await openPtyPair(hostPath, boardPath);
    if (!opened.ok) return opened;
    const p = new SerialPort({
      path: boardPath,
      baudRate: options.baudRate ?? 115200,
      autoOpen: false,
    });
    const failed = await new Promise<Error | null>((resolve) => p.open((e) => resolve(e)));
    if (failed !== null) {
      await opened.value.close();
      return err("open-failed", `cannot open ${boardPath}: ${failed.message}`);
    }
    p.on("data", (chunk: Buffer) => board.receive(chunk));
    p.on("error", () => undefined);
    port = p;
    pair = opened.value;
    return ok(undefined);
  };
  const pullOut = async (): Promise<void> => {
    const p = port;
    const q = pair;
    port = null;
    pair = null;
    out.length = 0;
    if (p !== null)
      await new Promise<void>((resolve) => (p.isOpen ? p.close(() => resolve()) : resolve()));
    await q?.close();
  };
  const first = await plugIn();
  if (!first.ok) return first;
  // The bytes go out together every few milliseconds, as a real board's USB-serial
  // bridge sends them (USB frames, the bridge's latency timer), not one write per
  // emulated slice: a write every millisecond cost socat, the kernel's pty and kete
  // a wake-up each, more CPU than the host's reading of them.
  let powered = true;
  const untap = board.onTx((byte) => {
    if (!powered) return;
    if (out.length === 0) {
      setTimeout(() => {
        const bytes = Buffer.from(out);
        out.length = 0;
        // A host that does not read must not make the bridge buffer without bound.
        if (port !== null && port.isOpen && port.writableLength < 65536) port.write(bytes);
      }, BRIDGE_FLUSH_MS);
    }
    out.push(byte);
  });
  board.start(options.pace);
  return ok({
    hostPath,
    board,
    unplug: async () => {
      powered = false;
      await pullOut();
    },
    replug: async () => {
      const back = await plugIn();
      if (!back.ok) return back;
      powered = true;
      board.powerUp?.();
      return ok(undefined);
    },
    stop: async () => {
      untap();
      await board.stop();
      await pullOut();
    },
  });
}
