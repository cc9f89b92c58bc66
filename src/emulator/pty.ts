/**
 * The emulated board on a pseudo-terminal (socat, as `kete board-sim`): the
 * firmware's USART0 bytes go out of the pty, and what a serial client writes
 * comes in at the UART's byte time. The board runs in the background, paced
 * to the wall clock or as fast as it can.
 *
 *   const served = await serveOnPty(board, { pace: { realTime: true } });
 *   served.value.hostPath        // connect kete here
 *   await served.value.stop();
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SerialPort } from "serialport";
import { openPtyPair, socatAvailable } from "../board/index.js";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { EmulatedBoard, PaceOptions } from "./board.js";

export interface ServedBoard {
  readonly hostPath: string;
  readonly board: EmulatedBoard;
  stop(): Promise<void>;
}

export interface ServeOptions {
  readonly hostPath?: string;
  readonly pace: PaceOptions;
}

export async function serveOnPty(
  board: EmulatedBoard,
  options: ServeOptions,
): Promise<Result<ServedBoard>> {
  if (!socatAvailable()) {
    return err("no-socat", "socat is not installed (Debian/Ubuntu: apt-get install socat)");
  }
  const hostPath =
    options.hostPath ?? join(tmpdir(), `kete-emu-${Math.random().toString(36).slice(2, 8)}`);
  const boardPath = `${hostPath}.board`;
  for (const p of [hostPath, boardPath]) {
    if (existsSync(p)) return err("path-taken", `${p} already exists`);
  }
  const pair = await openPtyPair(hostPath, boardPath);
  if (!pair.ok) return pair;
  const port = new SerialPort({ path: boardPath, baudRate: 115200, autoOpen: false });
  const opened = await new Promise<Error | null>((resolve) => port.open((e) => resolve(e)));
  if (opened !== null) {
    await pair.value.close();
    return err("open-failed", `cannot open ${boardPath}: ${opened.message}`);
  }
  port.on("data", (chunk: Buffer) => board.receive(chunk));
  port.on("error", () => undefined);
  // Bytes of one slice go out together, after the slice.
  let out: number[] = [];
  const untap = board.onTx((byte) => {
    if (out.length === 0) {
      setImmediate(() => {
        const bytes = Buffer.from(out);
        out = [];
        // A host that does not read must not make the bridge buffer without bound.
        if (port.isOpen && port.writableLength < 65536) port.write(bytes);
      });
    }
    out.push(byte);
  });
  board.start(options.pace);
  return ok({
    hostPath,
    board,
    stop: async () => {
      untap();
      await board.stop();
      await new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));
      await pair.value.close();
    },
  });
}
