/**
 * The genuine StandardFirmata image for the Mega (hardware/firmata/) on the
 * emulated stock board, driven with raw Firmata bytes (protocol.md): its
 * identity and capabilities, analogue reports of the pits through the D22
 * switches, stones felt, PCA9685 LEDs lit over I2C, a button, a reset.
 * Emulated time only; the firmware announces itself ≈ 1.6 s after a reset
 * (Firmata 2.3 blinks its version on D13 first).
 */
import { describe, expect, it } from "vitest";
import { StockBoard, loadStandardFirmata, pitName } from "../../src/emulator/index.js";
import {
  F,
  completeCycle,
  decodePairs,
  i2cWrite,
  seven,
  stockBoard,
  sysex,
} from "./stock-firmata.js";
import type { FirmataListener } from "./stock-firmata.js";

const BOOT_MS = 2000;
/** Mega pin numbers: D22 selects the switches; A0 is pin 54. */
const D22 = 22;

/**
 * These tests check wiring and protocol reading by reading, so the board is
 * the quiet one of issue 15 (stones set down, 300 µV ≈ 0.06 LSB of ADC noise)
 * unless a test asks otherwise; the honest defaults (dropped stones, 0.6 LSB)
 * are measured in physics.test.ts and played in the whole-game tests.
 */
const QUIET = { pits: { physics: "placed" }, frontEnd: { noiseVolts: 300e-6 } } as const;

async function booted(
  options: Parameters<typeof stockBoard>[0] = {},
): Promise<{ board: StockBoard; rx: FirmataListener }> {
  const made = stockBoard({ ...QUIET, ...options });
  await made.board.runFor(BOOT_MS);
  return made;
}

/** What the host sends to report all 16 analogue inputs every 10 ms. */
const reportAllAnalog = (): number[] => [
  ...sysex(F.SAMPLING_INTERVAL, ...seven(10)),
  ...Array.from({ length: 16 }, (_, p) => [F.REPORT_ANALOG | p, 1]).flat(),
];

/** D22 as an output, then high or low (DIGITAL_MESSAGE for port 2: pins 16..23). */
const selectHalf = (high: boolean): number[] => [
  F.SET_PIN_MODE,
  D22,
  F.OUTPUT,
  F.DIGITAL_MESSAGE | 2,
  ...seven(high ? 1 << (D22 - 16) : 0),
];

/** Stones in the pits, all different along a row so that the halves cannot be mistaken. */
const COUNTS = Array.from({ length: 32 }, (_, k) => (k * 5) % 11);

/** The analogue values of the second complete cycle that begins after now (the design's half-scan). */
async function halfScan(board: StockBoard, rx: FirmataListener): Promise<number[]> {
  const since = board.now;
  let first: { at: number } | null = null;
  let second: { values: number[] } | null = null;
  const ok = await board.runUntil(() => {
    first ??= completeCycle(rx, since);
    second = first === null ? null : completeCycle(rx, first.at);
    return second !== null;
  }, 200);
  expect(ok).toBe(true);
  return (second as { values: number[] } | null)?.values ?? [];
}

function gramsIn(board: StockBoard, pit: string): number {
  return board.pits.stonesIn(pit).reduce((a, b) => a + b, 0);
}

describe("StandardFirmata on the emulated stock board", () => {
  it("runs the example of StockBoard's file comment", async () => {
    const image = loadStandardFirmata();
    if (!image.ok) throw new Error(image.error.message);
    const board = StockBoard.create({ firmware: image.value, seed: 3, counts: 4 });
    if (!board.ok) throw new Error(board.error.message);
    const b = board.value;
    const bytes: number[] = [];
    b.onTx((byte) => bytes.push(byte));
    await b.runFor(BOOT_MS);
    b.receive([0xf0, 0x79, 0xf7]);
    await b.runFor(500);
    expect(bytes.filter((x) => x === 0xf9)).toHaveLength(1);
    expect(bytes.filter((x) => x === 0x79)).toHaveLength(2);
    b.physical.hand.lift("B3");
    expect(b.ledOf("A1")).toEqual({ r: 0, g: 0, b: 0 });
    b.press(1);
    b.release(1);
    b.reset("external");
    b.start({ realTime: false });
    await new Promise((r) => setTimeout(r, 50));
    await b.stop();
    expect(b.mcu.resets).toEqual(["external"]);
  });

  it("announces Firmata 2.3 and StandardFirmata.ino after reset, and answers REPORT_FIRMWARE", async () => {
    const { board, rx } = stockBoard();
    await board.runFor(1000);
    expect(rx.messages).toEqual([]);
    await board.runFor(BOOT_MS - 1000);
    const version = rx.messages.find((m) => m.kind === "version");
    expect(version).toMatchObject({ major: 2, minor: 3 });
    board.receive(sysex(F.REPORT_FIRMWARE));
    await board.runFor(50);
    const names = rx.sysex(F.REPORT_FIRMWARE);
    expect(names).toHaveLength(2);
    for (const m of names) {
      expect(m.data.slice(0, 2)).toEqual([2, 3]);
      expect(String.fromCharCode(...decodePairs(m.data.slice(2)))).toBe("StandardFirmata.ino");
    }
    expect(board.uart.baud).toBeCloseTo(58_824, -1); // UBRR 16, U2X off: the core's 57600
  });

  it("answers the capability and analog-mapping queries for the Mega's 70 pins", async () => {
    const { board, rx } = await booted();
    board.receive([...sysex(F.CAPABILITY_QUERY), ...sysex(F.ANALOG_MAPPING_QUERY)]);
    await board.runFor(200);
    const caps = rx.sysex(F.CAPABILITY_RESPONSE)[0]?.data ?? [];
    const pins: number[][] = [];
    let pin: number[] = [];
    for (const b of caps) {
      if (b === 0x7f) {
        pins.push(pin);
        pin = [];
      } else pin.push(b);
    }
    expect(pins).toHaveLength(70);
    const modes = (p: number): Map<number, number> => {
      const m = new Map<number, number>();
      const list = pins[p] ?? [];
      for (let i = 0; i + 1 < list.length; i += 2) m.set(list[i] ?? -1, list[i + 1] ?? -1);
      return m;
    };
    expect(modes(2).get(F.INPUT)).toBe(1);
    expect(modes(D22).get(F.OUTPUT)).toBe(1);
    expect(modes(20).get(F.I2C)).toBe(1);
    expect(modes(21).get(F.I2C)).toBe(1);
    expect(modes(54).get(F.ANALOG)).toBe(10);
    expect(modes(69).get(F.ANALOG)).toBe(10);
    // Firmata 2.3 has no PULLUP mode (0x0B): pull-ups are an INPUT pin written high.
    expect(modes(2).has(0x0b)).toBe(false);
    const mapping = rx.sysex(F.ANALOG_MAPPING_RESPONSE)[0]?.data ?? [];
    expect(mapping).toHaveLength(70);
    expect(mapping.slice(54)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    expect(mapping.slice(0, 54).every((b) => b === 0x7f)).toBe(true);
  });

  it("reports all 16 inputs every 10 ms: the pits' weights, A1..B8 with D22 low, C1..D8 high", async () => {
    const { board, rx } = await booted({ counts: COUNTS, seed: 7 });
    board.receive(reportAllAnalog());
    board.receive(selectHalf(false));
    const low = await halfScan(board, rx);
    board.receive(selectHalf(true));
    const high = await halfScan(board, rx);
    const expected = (k: number): number => board.afe.expectedCode(k, gramsIn(board, pitName(k)));
    for (let i = 0; i < 16; i++) {
      expect(Math.abs((low[i] ?? -99) - expected(i)), `A${i} low`).toBeLessThanOrEqual(1);
      expect(Math.abs((high[i] ?? -99) - expected(16 + i)), `A${i} high`).toBeLessThanOrEqual(1);
    }
    expect(board.conversions.low).toBeGreaterThan(0);
    expect(board.conversions.high).toBeGreaterThan(0);
    // The report cycle: 16 values every 10 ms (48 bytes, 8.2 ms of the 57600-baud line).
    const starts = rx
      .analog()
      .filter((m) => m.pin === 0)
      .map((m) => m.at);
    const gaps = starts.slice(2).map((t, i) => t - (starts[i + 1] ?? 0));
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(mean).toBeGreaterThan(9.5);
    expect(mean).toBeLessThan(10.5);
    // Paced at the line's byte time: a 3-byte message every 3 × 170 µs at most.
    const analog = rx.analog();
    const spacing = analog.slice(1).map((m, i) => m.at - (analog[i]?.at ?? 0));
    expect(Math.min(...spacing)).toBeGreaterThanOrEqual((3 * 170) / 1000 - 1e-3);
  });

  it("feels a stone dropped in a pit: about ten LSB more on its input", async () => {
    const { board, rx } = await booted({ counts: 4, seed: 11 });
    board.receive(reportAllAnalog());
    board.receive(selectHalf(true));
    const before = await halfScan(board, rx);
    board.physical.hand.place("C6"); // pit 21: A5 with D22 high
    await board.runFor(150); // the cup rings down, the RC filter settles
    const after = await halfScan(board, rx);
    const rise = (after[5] ?? 0) - (before[5] ?? 0);
    expect(rise).toBeGreaterThanOrEqual(8);
    expect(rise).toBeLessThanOrEqual(12);
    for (let i = 0; i < 16; i++) {
      if (i !== 5)
        expect(Math.abs((after[i] ?? 0) - (before[i] ?? 0)), `A${i}`).toBeLessThanOrEqual(1);
    }
  });

  it("reads a faulty amplifier as the design's faults: 1023 at the 5 V rail, 0 at ground", async () => {
    const { board, rx } = await booted({ faults: { A3: "rail-high", C2: "rail-low" } });
    board.receive(reportAllAnalog());
    board.receive(selectHalf(false));
    const low = await halfScan(board, rx);
    board.receive(selectHalf(true));
    const high = await halfScan(board, rx);
    expect(low[2]).toBe(1023);
    expect(high[1]).toBe(0);
    expect(low[1]).toBeGreaterThan(100);
    expect(high[2]).toBeGreaterThan(100);
  });

  it("lights the right pit's LED in the right colour through I2C writes to a PCA9685", async () => {
    const { board } = await booted();
    const address = 0x41; // pits 5..9: A6, A7, A8, B1, B2
    const setup = [
      ...sysex(F.I2C_CONFIG, ...seven(0)),
      // johnny-five's PCA9685 expander set-up: reset, sleep, prescale, wake, auto-increment.
      ...i2cWrite(address, [0x00, 0x00]),
      ...i2cWrite(address, [0x00, 0x10]),
      ...i2cWrite(address, [0xfe, 3]),
      ...i2cWrite(address, [0x00, 0x00]),
      ...i2cWrite(address, [0x00, 0xa0]),
    ];
    // Pit A8 (k = 7): channels 6, 7, 8 of 0x41. johnny-five's values, wider than a byte
    // (4096: full on / full off), which the firmware truncates to 8 bits.
    const pwm = (channel: number, level: number): number[] => {
      const [on, off] =
        level === 0 ? [0, 4096] : level === 255 ? [4096, 0] : [0, (4095 * level) / 255];
      return i2cWrite(address, [6 + 4 * channel, on, on >> 8, Math.trunc(off), off >> 8]);
    };
    board.receive([...setup, ...pwm(6, 255), ...pwm(7, 128), ...pwm(8, 0)]);
    await board.runFor(100);
    expect(board.ledOf("A8")).toEqual({ r: 255, g: 128, b: 0 });
    for (const pit of ["A6", "A7", "B1", "B2", "A1", "D8"]) {
      expect(board.ledOf(pit), pit).toEqual({ r: 0, g: 0, b: 0 });
    }
    expect(board.bus.nacks).toBe(0);
    expect(board.pca[1]?.frequency).toBeGreaterThan(1500);
  });

  it("reports button 1 (D2) pressed as port 0 with bit 2 low, released high again", async () => {
    const { board, rx } = await booted();
    // johnny-five's Button with isPullup: INPUT, then the pin written high; then port reporting.
    board.receive([
      F.SET_PIN_MODE,
      2,
      F.INPUT,
      F.DIGITAL_MESSAGE | 0,
      ...seven(1 << 2),
      F.REPORT_DIGITAL | 0,
      1,
    ]);
    await board.runFor(50);
    const last = (): number | undefined =>
      rx
        .digital()
        .filter((m) => m.port === 0)
        .at(-1)?.value;
    expect((last() ?? 0) & 0b100).toBe(0b100);
    board.press(1);
    await board.runFor(20);
    expect((last() ?? 0b100) & 0b100).toBe(0);
    board.release(1);
    await board.runFor(20);
    expect((last() ?? 0) & 0b100).toBe(0b100);
    expect(rx.digital().filter((m) => m.port === 0)).toHaveLength(3);
  });

  it("re-boots on a reset mid-run: analogue reports stop and the firmware announces itself again", async () => {
    const { board, rx } = await booted({ seed: 2 });
    board.receive(reportAllAnalog());
    await board.runFor(100);
    expect(rx.analog().length).toBeGreaterThan(100);
    board.receive(sysex(F.REPORT_FIRMWARE)); // lost with the reset
    board.reset("external");
    const at = board.now;
    await board.runFor(BOOT_MS);
    const after = rx.messages.filter((m) => m.at > at);
    expect(after[0]).toMatchObject({ kind: "version", major: 2, minor: 3 });
    expect(after[1]).toMatchObject({ kind: "sysex", command: F.REPORT_FIRMWARE });
    expect((after[0]?.at ?? 0) - at).toBeGreaterThan(1500);
    expect(after.filter((m) => m.kind === "analog")).toEqual([]);
    expect(board.mcu.resets).toEqual(["external"]);
  });
});
