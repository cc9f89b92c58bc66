/**
 * The emulated board's USART0 as a `Transport` for tests that run kete's
 * session on an emulated firmware image: the board's bytes by line, kete's
 * lines in, and the LEDs kete asked for (what a board maker's eyes see).
 */
import type { LinkError, Transport, TransportHandlers } from "../../src/board/index.js";
import type { EmulatedBoard } from "../../src/emulator/index.js";
import { parseHostLine } from "../../src/protocol/index.js";
import type { LedState } from "../../src/protocol/index.js";
import { ok } from "../../src/shared/index.js";
import type { Result } from "../../src/shared/index.js";

/** USART0 as a transport: the board's bytes by line, kete's lines in; the LEDs kete asked for. */
export class EmulatorCable implements Transport {
  readonly name = "emulated board";
  readonly leds = new Map<string, LedState>();
  private stop: (() => void) | null = null;

  constructor(private readonly board: EmulatedBoard) {}

  open(handlers: TransportHandlers): Promise<Result<void, LinkError>> {
    let line = "";
    this.stop = this.board.onTx((byte) => {
      line += String.fromCharCode(byte);
      if (byte === 10) {
        const text = line;
        line = "";
        queueMicrotask(() => handlers.data(text));
      }
    });
    return Promise.resolve(ok(undefined));
  }

  write(text: string): void {
    const parsed = parseHostLine(text.trimEnd());
    if (parsed.ok && parsed.value.type === "led") {
      for (const e of parsed.value.leds) this.leds.set(e.pit, e.led);
    } else if (parsed.ok && parsed.value.type === "led-clear") this.leds.clear();
    this.board.receive(text);
  }

  close(): Promise<void> {
    this.stop?.();
    this.stop = null;
    return Promise.resolve();
  }
}
