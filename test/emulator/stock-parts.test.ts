/**
 * The stock board's parts on their own: the PCA9685 register model (as the
 * datasheet and johnny-five's driver use it) and the analogue front end
 * (amplifier, RC filter, switch, ADC code).
 */
import { describe, expect, it } from "vitest";
import { PhysicalBoard } from "../../src/board/index.js";
import {
  AnalogFrontEnd,
  PCA9685_REG,
  Pca9685,
  PitModels,
  StoneBox,
  ledChannelsOf,
  pitName,
} from "../../src/emulator/index.js";

/** One write transaction: the control register, then the data bytes. */
function writeTo(chip: Pca9685, register: number, ...data: number[]): void {
  chip.begin(chip.address, true);
  chip.write(register);
  for (const b of data) chip.write(b);
  chip.end();
}

/** johnny-five's PCA9685 expander: set-up, then pwmWrite(pin, level) (bytes truncated by the firmware). */
function johnnyFiveInit(chip: Pca9685): void {
  writeTo(chip, PCA9685_REG.MODE1, 0x00);
  writeTo(chip, PCA9685_REG.MODE1, 0x10);
  writeTo(chip, PCA9685_REG.PRE_SCALE, Math.round(25e6 / (4096 * 1526)) - 1);
  writeTo(chip, PCA9685_REG.MODE1, 0x00);
  writeTo(chip, PCA9685_REG.MODE1, 0xa0);
}

function johnnyFiveWrite(chip: Pca9685, pin: number, level: number): void {
  let on = 0;
  let off = Math.trunc((4095 * level) / 255);
  if (level === 0) off = 4096;
  if (level === 255) [on, off] = [4096, 0];
  writeTo(chip, 6 + 4 * pin, on & 0xff, (on >> 8) & 0xff, off & 0xff, (off >> 8) & 0xff);
}

describe("PCA9685", () => {
  it("powers up asleep with every output full off, and answers its address and All Call", () => {
    const chip = new Pca9685(0x43);
    expect(chip.regs[PCA9685_REG.MODE1]).toBe(0x11);
    expect(chip.regs[PCA9685_REG.PRE_SCALE]).toBe(0x1e);
    for (let n = 0; n < 16; n++) expect(chip.duty(n)).toBe(0);
    expect(chip.answers(0x43, true)).toBe(true);
    expect(chip.answers(0x44, true)).toBe(false);
    expect(chip.answers(0x70, true)).toBe(true);
    writeTo(chip, PCA9685_REG.MODE1, 0x00);
    expect(chip.answers(0x70, true)).toBe(false);
  });

  it("gives back every level johnny-five writes, full on and full off included", () => {
    const chip = new Pca9685(0x40);
    johnnyFiveInit(chip);
    expect(chip.frequency).toBeGreaterThan(1400);
    for (const level of [0, 1, 2, 17, 127, 128, 200, 254, 255]) {
      johnnyFiveWrite(chip, 5, level);
      expect(chip.level(5)).toBe(level);
    }
  });

  it("writes one register again and again without auto-increment, and increments with it", () => {
    const chip = new Pca9685(0x40);
    writeTo(chip, PCA9685_REG.MODE1, 0x00); // awake, AI off
    writeTo(chip, 6, 0x11, 0x22, 0x33);
    expect([...chip.regs.slice(6, 10)]).toEqual([0x33, 0x00, 0x00, 0x10]);
    writeTo(chip, PCA9685_REG.MODE1, 0x20);
    writeTo(chip, 6, 0x00, 0x00, 0x00, 0x08);
    expect(chip.duty(0)).toBe(0x800);
    // Reading from a register pointer, auto-incrementing.
    chip.begin(chip.address, true);
    chip.write(8);
    chip.end();
    chip.begin(chip.address, false);
    expect([chip.read(), chip.read()]).toEqual([0x00, 0x08]);
  });

  it("keeps PRE_SCALE unless asleep, loads every channel from ALL_LED, and is dark asleep", () => {
    const chip = new Pca9685(0x40);
    writeTo(chip, PCA9685_REG.MODE1, 0x20);
    writeTo(chip, PCA9685_REG.PRE_SCALE, 0x05);
    expect(chip.regs[PCA9685_REG.PRE_SCALE]).toBe(0x1e);
    writeTo(chip, PCA9685_REG.ALL_LED_ON_L, 0x00, 0x10, 0x00, 0x00);
    for (let n = 0; n < 16; n++) expect(chip.level(n)).toBe(255);
    writeTo(chip, PCA9685_REG.MODE1, 0x30);
    expect(chip.level(3)).toBe(0);
    writeTo(chip, PCA9685_REG.PRE_SCALE, 0x05);
    expect(chip.regs[PCA9685_REG.PRE_SCALE]).toBe(0x05);
  });

  it("maps pit k to chip 0x40 + k div 5, channels 3(k mod 5) .. +2", () => {
    expect(ledChannelsOf(0)).toEqual({ address: 0x40, red: 0 });
    expect(ledChannelsOf(7)).toEqual({ address: 0x41, red: 6 });
    expect(ledChannelsOf(31)).toEqual({ address: 0x46, red: 3 });
  });
});

describe("analogue front end", () => {
  function frontEnd(counts: number[] | number, noiseVolts?: number) {
    let t = 0;
    const physical = new PhysicalBoard({ geometry: "4x8", counts });
    const channels = new Map(Array.from({ length: 32 }, (_, k) => [pitName(k), k] as const));
    const pits = new PitModels(
      physical,
      channels,
      new StoneBox({ seed: 5 }),
      {
        seed: 5,
        // stones set down, so a step is a step (dropped ones: physics.test.ts)
        physics: "placed",
      },
      () => t,
    );
    const afe = new AnalogFrontEnd(
      pits,
      { seed: 5, ...(noiseVolts === undefined ? {} : { noiseVolts }) },
      () => t,
    );
    return { physical, afe, pits, at: (s: number) => (t = s) };
  }

  it("reads 0.5 V + 8.9 mV/g within the parts' spread, one stone ≈ 9.8 LSB", () => {
    const { afe } = frontEnd(0);
    for (let k = 0; k < 32; k++) {
      const empty = afe.expectedCode(k, 0);
      expect(empty).toBeGreaterThanOrEqual(Math.round((0.485 / 5) * 1023));
      expect(empty).toBeLessThanOrEqual(Math.round((0.515 / 5) * 1023));
      const stone = afe.expectedCode(k, 54) - empty;
      expect(stone / 10).toBeGreaterThan(9.2);
      expect(stone / 10).toBeLessThan(10.5);
    }
  });

  it("filters a stone's landing with the 10 Hz RC: 63 % after one time constant", () => {
    const { physical, afe, at } = frontEnd(0, 0);
    at(1);
    const before = afe.filtered(3, 1);
    physical.hand.place(pitName(3));
    const tau = 1 / (2 * Math.PI * 10);
    const later = afe.filtered(3, 1 + 3);
    const step = later - before;
    expect(step).toBeGreaterThan(0.04);
    const { physical: p2, afe: a2, at: at2 } = frontEnd(0, 0);
    at2(1);
    p2.hand.place(pitName(3));
    const oneTau = a2.filtered(3, 1 + tau) - before;
    // The cup's 140 Hz ringing rides on it, filtered down to a few %.
    expect(oneTau / step).toBeGreaterThan(0.55);
    expect(oneTau / step).toBeLessThan(0.72);
  });

  it("has the noise its options name at the ADC input: issue 15's 300 µV", () => {
    const { afe, at } = frontEnd(4, 300e-6);
    at(2);
    const v = Array.from({ length: 2000 }, () => afe.volts(9));
    const mean = v.reduce((a, b) => a + b, 0) / v.length;
    const rms = Math.sqrt(v.reduce((a, b) => a + (b - mean) ** 2, 0) / v.length);
    expect(rms).toBeGreaterThan(200e-6);
    expect(rms).toBeLessThan(400e-6);
  });

  it("switches input i between pit i and pit 16 + i", () => {
    expect(AnalogFrontEnd.pitOf(0, false)).toBe(0);
    expect(AnalogFrontEnd.pitOf(15, false)).toBe(15);
    expect(AnalogFrontEnd.pitOf(0, true)).toBe(16);
    expect(AnalogFrontEnd.pitOf(15, true)).toBe(31);
    expect([0, 15, 16, 31].map(pitName)).toEqual(["A1", "B8", "C1", "D8"]);
  });
});
