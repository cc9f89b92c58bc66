/**
 * The emulated parts on their own, driven from the test through the chip's
 * registers (the chip runs an endless `rjmp .` meanwhile): the Intel-hex
 * loader, the HX711's bit-level protocol, the SK9822 chain, the EEPROM file
 * and the watchdog. All timing is the chip's cycle clock.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  CYCLES_PER_MS,
  DEFAULT_COUNTS_PER_GRAM,
  EmulatedBoard,
  FLASH_BYTES,
  MCUSR_BITS,
  REG,
  Sk9822Chain,
  parseIntelHex,
} from "../../src/emulator/index.js";
import type { EmulatedBoardOptions } from "../../src/emulator/index.js";

/** `rjmp .` at address 0: the chip spins while the test drives its pins. */
function spinImage(): Uint8Array {
  const image = new Uint8Array(FLASH_BYTES);
  image[0] = 0xff;
  image[1] = 0xcf;
  return image;
}

function spinBoard(options: Omit<EmulatedBoardOptions, "firmware"> = {}): EmulatedBoard {
  const b = EmulatedBoard.create({ seed: 5, ...options, firmware: spinImage() });
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
}

const PORTH = 0x102;
const DDRH = 0x101;
const PINA = 0x20;

/** Drives PD_SCK of all four rows (PH3..PH6) and steps the chip `us` µs. */
function clock(board: EmulatedBoard, high: boolean, us = 1): void {
  board.mcu.cpu.writeData(PORTH, high ? 0x78 : 0);
  board.mcu.runUntil(board.mcu.cycles + us * 16);
}

function readAll(board: EmulatedBoard, pulses = 25): number[][] {
  const bits: number[][] = [];
  for (let i = 0; i < pulses; i++) {
    clock(board, true);
    const d = board.mcu.cpu.data;
    bits.push([d[PINA] ?? 0, d[0x26] ?? 0, d[0x109] ?? 0, d[0x106] ?? 0]);
    clock(board, false);
  }
  return bits;
}

function value(bits: number[][], ch: number): number {
  let v = 0;
  for (let i = 0; i < 24; i++) v = (v << 1) | (((bits[i]?.[ch >> 3] ?? 0) >> (ch & 7)) & 1);
  return v & 0x800000 ? v - 0x1000000 : v;
}

async function untilReady(board: EmulatedBoard, channel = 0, ms = 200): Promise<void> {
  const row = [0x20, 0x26, 0x109, 0x106][channel >> 3] ?? 0x20;
  const ok = await board.runUntil(() => {
    board.mcu.runUntil(board.mcu.cycles + 16);
    return (((board.mcu.cpu.data[row] ?? 0) >> (channel & 7)) & 1) === 0;
  }, ms);
  expect(ok).toBe(true);
}

describe("Intel HEX", () => {
  it("loads data records at extended addresses and checks every checksum", () => {
    const text = [":0400000001020304F2", ":020000040001F9", ":02000000AABB99", ":00000001FF"].join(
      "\n",
    );
    const r = parseIntelHex(text, FLASH_BYTES);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect([...r.value.slice(0, 5)]).toEqual([1, 2, 3, 4, 0xff]);
    expect([...r.value.slice(0x10000, 0x10002)]).toEqual([0xaa, 0xbb]);
    const bad = parseIntelHex(text.replace("F2", "F3"), FLASH_BYTES);
    expect(bad.ok ? "" : bad.error.message).toMatch(/line 1: bad checksum/);
    const cut = parseIntelHex(":0400000001020304F2\n", FLASH_BYTES);
    expect(cut.ok ? "" : cut.error.message).toMatch(/no end-of-file record/);
  });
});

describe("HX711", () => {
  it("signals ready at about 80 SPS per chip, each chip at its own rate", async () => {
    const board = spinBoard();
    board.mcu.cpu.writeData(DDRH, 0x78);
    // Read chip 0 whenever ready, for one second: the readings counted are its conversions.
    await board.runFor(100);
    const before = board.hx711.stats.conversions;
    const start = board.now;
    await board.runFor(1000);
    const perChip = (board.hx711.stats.conversions - before) / 32 / ((board.now - start) / 1000);
    expect(perChip).toBeGreaterThan(77);
    expect(perChip).toBeLessThan(83);
  });

  it("ignores pulses while no reading is under way (before the first data after power-up)", async () => {
    const board = spinBoard();
    board.mcu.cpu.writeData(DDRH, 0x78);
    await board.runFor(10); // the first conversions come after the 50 ms settling time
    readAll(board, 27);
    expect(board.hx711.stats.reads).toBe(0);
    await untilReady(board, 0);
    expect(board.hx711.gainOf(0)).toBe(25);
  });

  it("shifts 24 bits MSB first on rising edges, the 25th pulse ends the reading with DOUT high", async () => {
    const board = spinBoard({ counts: 3 });
    board.mcu.cpu.writeData(DDRH, 0x78);
    await untilReady(board, 0);
    await untilReady(board, 31);
    // Every chip that is ready now: wait for all of them, as the firmware does.
    await board.runUntil(() => {
      board.mcu.runUntil(board.mcu.cycles + 16);
      const d = board.mcu.cpu.data;
      return ((d[0x20] ?? 1) | (d[0x26] ?? 1) | (d[0x109] ?? 1) | (d[0x106] ?? 1)) === 0;
    }, 100);
    const words = Array.from({ length: 32 }, (_, ch) => board.hx711.lastWord(ch));
    const bits = readAll(board);
    for (let ch = 0; ch < 32; ch++) {
      expect(value(bits, ch)).toBe(words[ch]);
      expect(board.hx711.readsOf(ch).at(-1)).toBe(words[ch]);
    }
    expect(bits[24]).toEqual([0xff, 0xff, 0xff, 0xff]);
    expect(board.hx711.gainOf(0)).toBe(25);
  });

  it("reads heavier with more stones, by the cell's counts per gram", async () => {
    const board = spinBoard({ counts: 0, pits: { noiseCounts: 0 } });
    board.mcu.cpu.writeData(DDRH, 0x78);
    await board.runFor(200);
    const empty = board.hx711.lastWord(7); // A1 is channel 7
    board.physical.setCount("A1", 10);
    await board.runFor(300);
    const full = board.hx711.lastWord(7);
    const grams = board.pits.stonesIn("A1").reduce((a, b) => a + b, 0);
    expect(grams).toBeGreaterThan(53);
    expect(grams).toBeLessThan(55);
    const perGram = (full - empty) / grams;
    expect(perGram).toBeGreaterThan(DEFAULT_COUNTS_PER_GRAM * 0.84);
    expect(perGram).toBeLessThan(DEFAULT_COUNTS_PER_GRAM * 1.16);
  });

  it("selects channel A gain 64 with 27 pulses and gain 128 again with 25", async () => {
    const board = spinBoard({ counts: 0, pits: { noiseCounts: 0 } });
    board.mcu.cpu.writeData(DDRH, 0x78);
    await board.runFor(200);
    await untilReady(board, 0);
    readAll(board, 27);
    expect(board.hx711.gainOf(0)).toBe(25); // takes effect with the next conversion
    await untilReady(board, 0);
    expect(board.hx711.gainOf(0)).toBe(27);
    const half = board.hx711.lastWord(0);
    readAll(board, 25);
    await board.runFor(80); // the filter forgets the gain-64 conversions
    const full = board.hx711.lastWord(0);
    expect(Math.abs(full / 2 - half)).toBeLessThan(Math.abs(full) * 0.02 + 50);
  });

  it("keeps converting while nobody reads: DOUT stays low with the newest value", async () => {
    const board = spinBoard({ counts: 2 });
    await board.runFor(300);
    expect((board.mcu.cpu.data[PINA] ?? 0xff) & 1).toBe(0);
    const a = board.hx711.lastWord(0);
    await board.runFor(50);
    expect(board.hx711.lastWord(0)).not.toBe(a);
    expect(board.hx711.readsOf(0)).toEqual([]);
  });

  it("powers down when PD_SCK stays high over 60 µs, and is ready again 4 conversions after it falls", async () => {
    const board = spinBoard();
    board.mcu.cpu.writeData(DDRH, 0x78);
    await board.runFor(100);
    clock(board, true, 50);
    clock(board, false);
    expect(board.hx711.isPowered(0)).toBe(true);
    clock(board, true, 70);
    expect(board.hx711.isPowered(0)).toBe(false);
    expect((board.mcu.cpu.data[PINA] ?? 0) & 1).toBe(1);
    clock(board, false);
    const woke = board.now;
    await untilReady(board, 0, 100);
    const after = board.now - woke;
    expect(after).toBeGreaterThan(4 * 12.5 * 0.96);
    expect(after).toBeLessThan(4 * 12.5 * 1.04 + 0.1);
  });

  it("a conversion completing mid-read changes the bits still to come", async () => {
    const board = spinBoard({ counts: 1 });
    board.mcu.cpu.writeData(DDRH, 0x78);
    await board.runFor(100);
    await untilReady(board, 0);
    const before = board.hx711.stats.corrupted;
    // Read slowly (1 ms per bit): every chip's next conversion lands inside the read.
    for (let i = 0; i < 25; i++) {
      clock(board, true, 1);
      clock(board, false, 999);
    }
    expect(board.hx711.stats.corrupted).toBeGreaterThan(before);
  });

  it("faulty sensors: stuck high never ready, an unplugged line reads its pull-up, a pinned one 0x7FFFFF", async () => {
    const board = spinBoard({ faults: { A8: "stuck-high", A7: "unplugged", A6: "pinned" } });
    board.mcu.cpu.writeData(DDRH, 0x78);
    await board.runFor(200);
    // A8 is channel 0, A7 channel 1, A6 channel 2.
    expect((board.mcu.cpu.data[PINA] ?? 0) & 0b11).toBe(0b01); // pull-ups off: A7 floats low
    board.mcu.cpu.writeData(0x22, 0xff); // PORTA pull-ups on
    board.mcu.runUntil(board.mcu.cycles + 16);
    expect((board.mcu.cpu.data[PINA] ?? 0) & 0b11).toBe(0b11);
    expect(board.hx711.lastWord(2)).toBe(0x7fffff);
  });
});

describe("SK9822 chain", () => {
  const frame = (leds: [number, number, number, number][], tail = true): number[] => {
    const bytes = [0, 0, 0, 0];
    for (const [br, r, g, b] of leds) bytes.push(0xe0 | br, b, g, r);
    if (tail) bytes.push(0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff);
    return bytes;
  };

  it("gives the k-th frame after a start frame to LED k, shown once 32 zero bits follow", () => {
    const chain = new Sk9822Chain(3);
    for (const b of frame(
      [
        [8, 255, 0, 0],
        [31, 0, 255, 0],
      ],
      false,
    ))
      chain.push(b);
    expect(chain.shown[0]).toEqual({ brightness: 0, r: 0, g: 0, b: 0 });
    for (const b of [0, 0, 0, 0]) chain.push(b);
    expect(chain.shown[0]).toEqual({ brightness: 8, r: 255, g: 0, b: 0 });
    expect(chain.shown[1]).toEqual({ brightness: 31, r: 0, g: 255, b: 0 });
    expect(chain.shown[2]).toEqual({ brightness: 0, r: 0, g: 0, b: 0 });
  });

  it("drops frames past the last LED, and a dark frame turns an LED off", () => {
    const chain = new Sk9822Chain(1);
    for (const b of frame([
      [8, 1, 2, 3],
      [8, 9, 9, 9],
    ]))
      chain.push(b);
    expect(chain.shown).toEqual([{ brightness: 8, r: 1, g: 2, b: 3 }]);
    for (const b of frame([[0, 0, 0, 0]])) chain.push(b);
    expect(chain.shown).toEqual([{ brightness: 0, r: 0, g: 0, b: 0 }]);
  });
});

describe("SPI to the SK9822 chain", () => {
  /** The chip's SPI unit sends `bytes` (master, F_CPU/4) in SPI `mode` (CPOL, CPHA). */
  function sendSpi(board: EmulatedBoard, bytes: number[], mode: number, ssOutput = true): void {
    const cpu = board.mcu.cpu;
    cpu.writeData(0x24, ssOutput ? 0b111 : 0b110); // DDRB: SS?, SCK, MOSI outputs
    cpu.writeData(0x4c, 0x50 | ((mode & 2) << 2) | ((mode & 1) << 2)); // SPE | MSTR | CPOL | CPHA
    for (const b of bytes) {
      cpu.writeData(0x4e, b);
      board.mcu.runUntil(board.mcu.cycles + 40);
    }
  }
  const frame = [0, 0, 0, 0, 0xe8, 0x10, 0x20, 0x30, 0, 0, 0, 0];

  it("mode 0 and mode 3 reach the LEDs as sent", () => {
    for (const mode of [0, 3]) {
      const board = spinBoard();
      sendSpi(board, frame, mode);
      expect(board.chain.shown[0]).toEqual({ brightness: 8, r: 0x30, g: 0x20, b: 0x10 });
    }
  });

  it("mode 1 puts each bit out on the sampling edge: one bit late, which the frames' alignment absorbs", () => {
    const board = spinBoard();
    sendSpi(board, frame, 1);
    expect(board.chain.shown[0]).toEqual({ brightness: 8, r: 0x30, g: 0x20, b: 0x10 });
  });

  it("with SS an input pulled low the SPI unit leaves master mode and the chain sees nothing", () => {
    const board = spinBoard();
    sendSpi(board, frame, 0, false);
    expect(board.chain.bytes).toBe(0);
    expect((board.mcu.cpu.data[0x4c] ?? 0) & 0x10).toBe(0);
  });
});

describe("EEPROM and resets", () => {
  const dir = mkdtempSync(join(tmpdir(), "kete-eeprom-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps the EEPROM in a file between runs", async () => {
    const path = join(dir, "board.eeprom");
    const board = spinBoard({ eepromPath: path });
    board.eeprom.writeMemory(0x10, 0x2a);
    await board.runFor(150);
    expect(readFileSync(path)[0x10]).toBe(0x2a);
    expect(readFileSync(path).length).toBe(4096);
    const again = spinBoard({ eepromPath: path });
    expect(again.eeprom.readMemory(0x10)).toBe(0x2a);
    expect(again.eeprom.readMemory(0x11)).toBe(0xff);
  });

  it("the watchdog resets the chip, which keeps WDE on with WDRF set", async () => {
    const board = spinBoard();
    const cpu = board.mcu.cpu;
    cpu.writeData(REG.WDTCSR, 0x18); // WDCE | WDE
    cpu.writeData(REG.WDTCSR, 0x08); // WDE, 16 ms
    await board.runFor(20);
    expect(board.mcu.resets).toEqual(["watchdog"]);
    expect((board.mcu.cpu.data[REG.MCUSR] ?? 0) & MCUSR_BITS.watchdog).toBe(MCUSR_BITS.watchdog);
    expect(board.mcu.cpu.data[REG.WDTCSR]).toBe(0x08);
    expect(board.mcu.cycles).toBeGreaterThan(16 * CYCLES_PER_MS);
  });
});
