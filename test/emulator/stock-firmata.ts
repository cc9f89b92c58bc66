/**
 * Test support for the stock board: raw Firmata bytes written by the tests
 * (protocol facts from firmata/protocol's protocol.md and i2c.md; no Firmata
 * library), and a parser of what the board sends, messages stamped with
 * emulated time.
 */
import { StockBoard, loadStandardFirmata } from "../../src/emulator/index.js";
import type { StockBoardOptions } from "../../src/emulator/index.js";

export const F = {
  DIGITAL_MESSAGE: 0x90,
  ANALOG_MESSAGE: 0xe0,
  REPORT_ANALOG: 0xc0,
  REPORT_DIGITAL: 0xd0,
  SET_PIN_MODE: 0xf4,
  REPORT_VERSION: 0xf9,
  SYSTEM_RESET: 0xff,
  START_SYSEX: 0xf0,
  END_SYSEX: 0xf7,
  // sysex commands
  ANALOG_MAPPING_QUERY: 0x69,
  ANALOG_MAPPING_RESPONSE: 0x6a,
  CAPABILITY_QUERY: 0x6b,
  CAPABILITY_RESPONSE: 0x6c,
  I2C_REQUEST: 0x76,
  I2C_CONFIG: 0x78,
  REPORT_FIRMWARE: 0x79,
  SAMPLING_INTERVAL: 0x7a,
  STRING_DATA: 0x71,
  // pin modes
  INPUT: 0,
  OUTPUT: 1,
  ANALOG: 2,
  PWM: 3,
  I2C: 6,
} as const;

export type FirmataMessage =
  | {
      readonly kind: "version";
      readonly major: number;
      readonly minor: number;
      readonly at: number;
    }
  | { readonly kind: "analog"; readonly pin: number; readonly value: number; readonly at: number }
  | { readonly kind: "digital"; readonly port: number; readonly value: number; readonly at: number }
  | {
      readonly kind: "sysex";
      readonly command: number;
      readonly data: number[];
      readonly at: number;
    }
  | { readonly kind: "other"; readonly byte: number; readonly at: number };

/** 14-bit values as two 7-bit bytes, LSB first. */
export const seven = (v: number): number[] => [v & 0x7f, (v >> 7) & 0x7f];

export const sysex = (command: number, ...data: number[]): number[] => [
  F.START_SYSEX,
  command,
  ...data,
  F.END_SYSEX,
];

/** I2C write of `bytes` to a 7-bit address (I2C_REQUEST, write mode, 7-bit addressing). */
export const i2cWrite = (address: number, bytes: readonly number[]): number[] =>
  sysex(F.I2C_REQUEST, address & 0x7f, 0x00, ...bytes.flatMap((b) => seven(b)));

/** A sysex payload's 7-bit pairs as bytes/characters (firmware name, strings). */
export function decodePairs(data: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < data.length; i += 2) out.push((data[i] ?? 0) | ((data[i + 1] ?? 0) << 7));
  return out;
}

/** Collects the board's messages. */
export class FirmataListener {
  readonly messages: FirmataMessage[] = [];
  readonly bytes: number[] = [];
  private pending: number[] = [];
  private inSysex = false;

  constructor(private readonly board: StockBoard) {
    board.onTx((b) => this.push(b));
  }

  private push(b: number): void {
    this.bytes.push(b);
    const at = this.board.now;
    if (this.inSysex) {
      if (b === F.END_SYSEX) {
        const [command = 0, ...data] = this.pending;
        this.messages.push({ kind: "sysex", command, data, at });
        this.inSysex = false;
        this.pending = [];
      } else this.pending.push(b);
      return;
    }
    if (b === F.START_SYSEX) {
      this.inSysex = true;
      this.pending = [];
      return;
    }
    if (b & 0x80) {
      this.pending = [b];
      if (b === F.SYSTEM_RESET) {
        this.messages.push({ kind: "other", byte: b, at });
        this.pending = [];
      }
      return;
    }
    if (this.pending.length === 0) return; // data byte without a command: dropped
    this.pending.push(b);
    if (this.pending.length < 3) return;
    const [cmd = 0, lo = 0, hi = 0] = this.pending;
    this.pending = [];
    const value = lo | (hi << 7);
    if (cmd === F.REPORT_VERSION) this.messages.push({ kind: "version", major: lo, minor: hi, at });
    else if ((cmd & 0xf0) === F.ANALOG_MESSAGE) {
      this.messages.push({ kind: "analog", pin: cmd & 0x0f, value, at });
    } else if ((cmd & 0xf0) === F.DIGITAL_MESSAGE) {
      this.messages.push({ kind: "digital", port: cmd & 0x0f, value, at });
    } else this.messages.push({ kind: "other", byte: cmd, at });
  }

  sysex(command: number): Extract<FirmataMessage, { kind: "sysex" }>[] {
    return this.messages.filter(
      (m): m is Extract<FirmataMessage, { kind: "sysex" }> =>
        m.kind === "sysex" && m.command === command,
    );
  }

  analog(): Extract<FirmataMessage, { kind: "analog" }>[] {
    return this.messages.filter(
      (m): m is Extract<FirmataMessage, { kind: "analog" }> => m.kind === "analog",
    );
  }

  digital(): Extract<FirmataMessage, { kind: "digital" }>[] {
    return this.messages.filter(
      (m): m is Extract<FirmataMessage, { kind: "digital" }> => m.kind === "digital",
    );
  }
}

/** A stock board running the vendored StandardFirmata, with a listener on its serial output. */
export function stockBoard(options: Omit<StockBoardOptions, "firmware"> = {}): {
  board: StockBoard;
  rx: FirmataListener;
} {
  const image = loadStandardFirmata();
  if (!image.ok) throw new Error(image.error.message);
  const board = StockBoard.create({ firmware: image.value, ...options });
  if (!board.ok) throw new Error(board.error.message);
  return { board: board.value, rx: new FirmataListener(board.value) };
}

/**
 * The analogue values of the first complete report cycle (A0..A15, in pin
 * order) that starts after `since` ms; null if none.
 */
export function completeCycle(
  rx: FirmataListener,
  since: number,
  pins = 16,
): { values: number[]; at: number } | null {
  const analog = rx.analog().filter((m) => m.at > since);
  for (let i = 0; i + pins <= analog.length; i++) {
    if (analog[i]?.pin !== 0) continue;
    const run = analog.slice(i, i + pins);
    if (run.every((m, j) => m.pin === j)) {
      return { values: run.map((m) => m.value), at: run[0]?.at ?? 0 };
    }
  }
  return null;
}
