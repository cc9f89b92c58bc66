/**
 * kete's own host session (`BoardSession`, the one `SerialBoard` uses) on the
 * emulated board, in memory and on the emulated clock: the firmware image
 * answers kete's handshake, CFG, LED and calibration commands exactly as over
 * USB, and every protocol timeout is counted in emulated milliseconds, so a
 * test or a whole game against the real firmware is deterministic for a seed.
 *
 *   const link = new EmulatedLink(board, { debounceMs: 150 });
 *   board.start({ realTime: false });               // or drive board.runFor(ms)
 *   await waitForReady(link, 3000, { scheduler: board.clock });
 *   await playTrace(board.physical, trace, { scheduler: board.clock });
 */
import { BoardSession } from "../board/index.js";
import type { LinkError, SessionOptions, Transport, TransportHandlers } from "../board/index.js";
import { ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { EmulatedBoard } from "./board.js";

/** The USB cable: board bytes to the host a line at a time, host lines to the UART. */
class EmulatedTransport implements Transport {
  readonly name = "emulated board";
  private handlers: TransportHandlers | null = null;
  private untap: (() => void) | null = null;

  constructor(private readonly board: EmulatedBoard) {}

  open(handlers: TransportHandlers): Promise<Result<void, LinkError>> {
    this.handlers = handlers;
    let pending = "";
    this.untap = this.board.onTx((byte) => {
      pending += String.fromCharCode(byte);
      if (byte !== 10) return;
      const chunk = pending;
      pending = "";
      // Like a port: bytes arrive asynchronously, after the CPU's slice.
      queueMicrotask(() => {
        if (this.handlers === handlers) handlers.data(chunk);
      });
    });
    return Promise.resolve(ok(undefined));
  }

  write(text: string): void {
    if (this.handlers !== null) this.board.receive(text);
  }

  close(): Promise<void> {
    this.handlers = null;
    this.untap?.();
    this.untap = null;
    return Promise.resolve();
  }
}

export class EmulatedLink extends BoardSession {
  readonly board: EmulatedBoard;

  constructor(board: EmulatedBoard, options: Omit<SessionOptions, "scheduler"> = {}) {
    super(new EmulatedTransport(board), { ...options, scheduler: board.clock });
    this.board = board;
  }
}
