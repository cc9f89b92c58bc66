/**
 * 32 HX711 load-cell ADCs on the reference board's pins (hardware/README.md
 * §4, §9), speaking the chip's bit-level protocol (HX711 datasheet):
 *
 * - each chip converts continuously at ≈ 80 SPS from its own oscillator
 *   (each a few % off, seeded); when a conversion is ready DOUT goes low;
 * - a reading starts with a rising edge of PD_SCK while DOUT is low; each
 *   rising edge shifts the next of 24 bits (two's complement, MSB first) onto
 *   DOUT; pulse 25 selects channel A gain 128 for the next conversion (26:
 *   channel B gain 32, unconnected here; 27: A gain 64), and DOUT stays high
 *   until that conversion; pulses while no reading is under way are ignored;
 * - conversions go on while nobody reads: an unread chip keeps DOUT low with
 *   the newest value; one that completes while the chip is being read changes
 *   the bits still to come (the corrupted reading hardware/README.md §4 talks of);
 * - PD_SCK high for more than 60 µs powers the chip down (DOUT high); the
 *   next low level resets it: gain 128, first data after the 50 ms settling time;
 * - the digital filter settles to a step in four conversions (each output is
 *   the mean of the last four conversion periods, the load sampled four times
 *   a period), plus seeded Gaussian noise (40 counts rms); outputs saturate at
 *   0x7FFFFF / 0x800000. The datasheet gives the settling time (50 ms at
 *   80 SPS, 400 ms at 10 SPS: four conversions either way), not the filter's
 *   shape; a boxcar over four periods is the simplest filter with that
 *   settling (its nulls at multiples of 20 Hz take most of the cup's ringing)
 *   and the one modelled (physics.ts `HX711`).
 *
 * For benches without the AVR, `Hx711Stream` gives one pit's output words at
 * its conversion times from the same pit model, filter and noise:
 *
 *   const stream = new Hx711Stream(pits, channel, { seed: 3, startSeconds: 1 });
 *   while (stream.time < 1.5) console.log(stream.time, stream.next());  // time: the next conversion's
 *
 * Rows: PD_SCK of row A..D on PH3..PH6; the DOUT lines of a row on PORTA,
 * PORTC, PORTL, PORTK; channel = 8 × row + bit.
 */
import { seededRandom } from "../shared/index.js";
import { MEGA_HZ } from "./atmega2560.js";
import type { Chip, Mega2560, PortName } from "./atmega2560.js";
import type { PitModels } from "./pit-model.js";
import { HX711 } from "./physics.js";

export interface Hx711Row {
  /** Bit of PORTH carrying the row's PD_SCK. */
  readonly clockBit: number;
  /** Port whose bits are the row's DOUT lines. */
  readonly dataPort: PortName;
  /** How many of the port's bits, from bit 0 (default 8; the rest of the port is not driven). */
  readonly bits?: number;
}

/** hardware/README.md §9. */
export const REFERENCE_ROWS: readonly Hx711Row[] = [
  { clockBit: 3, dataPort: "A" },
  { clockBit: 4, dataPort: "C" },
  { clockBit: 5, dataPort: "L" },
  { clockBit: 6, dataPort: "K" },
];

/**
 * The Glassperlenspiel board (hardware/glassperlenspiel.md §8.1): one clock on
 * PH3 (D6) for all 12; DOUT of places 0-7 on PORTA, 8-11 on PC0-PC3 (PC4-PC7
 * are the readers' chip selects).
 */
export const GEMS_ROWS: readonly Hx711Row[] = [
  { clockBit: 3, dataPort: "A" },
  { clockBit: 3, dataPort: "C", bits: 4 },
];

const POWER_DOWN_CYCLES = (60 * MEGA_HZ) / 1e6;
const MAX = 0x7fffff;
const MIN = -0x800000;

export interface Hx711Options {
  readonly seed?: number;
  /** Nominal samples per second (RATE high: 80). */
  readonly sps?: number;
  /** Oscillator spread between chips, relative (default 0.03: ± 3 %). */
  readonly spread?: number;
}

class Chip711 {
  period: number;
  word = 0;
  /** Pulses of the reading under way (0 before its first). */
  pulses = 0;
  /** A reading began (a pulse while DOUT was low) and its conversion has not come yet. */
  reading = false;
  gainPulses = 25;
  powered = true;
  generation = 0;
  dout = true;
  frozen: number | null = null;
  /** Bits shifted out in the current reading. */
  out = 0;
  readonly history: number[] = [];
  /** The last complete 24-bit readings shifted out (signed), oldest first. */
  readonly reads: number[] = [];

  constructor(
    readonly channel: number,
    period: number,
  ) {
    this.period = period;
  }
}

export class Hx711Bank {
  private readonly chips: Chip711[] = [];
  private readonly gauss: () => number;
  private clockLevel: number[];
  private riseAt: number[];
  private checkPending: boolean[];
  /** DOUT levels last put on each row's port (-1: none since the chip's last build). */
  private driven: number[];
  /** Conversions done, readings started (first pulse), corrupted readings: for tests. */
  readonly stats = { conversions: 0, reads: 0, corrupted: 0, powerDowns: 0 };

  constructor(
    private readonly mcu: Mega2560,
    private readonly pits: PitModels,
    private readonly rows: readonly Hx711Row[] = REFERENCE_ROWS,
    options: Hx711Options = {},
  ) {
    const random = seededRandom((options.seed ?? 1) ^ 0x4711);
    this.gauss = () => {
      const u = 1 - random();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    };
    const nominal = MEGA_HZ / (options.sps ?? 80);
    const spread = options.spread ?? 0.03;
    for (let ch = 0; ch < rows.length * 8; ch++) {
      const chip = new Chip711(ch, Math.round(nominal * (1 + spread * (2 * random() - 1))));
      this.chips.push(chip);
      // Power-up: first data after the settling time, at each chip's own phase.
      this.scheduleConversion(chip, mcu.cycles + 4 * chip.period + random() * chip.period);
    }
    this.clockLevel = rows.map(() => 0);
    this.riseAt = rows.map(() => 0);
    this.checkPending = rows.map(() => false);
    this.driven = rows.map(() => -1);
    mcu.onBuild((chip) => this.attach(chip));
  }

  /** Complete readings shifted out of a channel, oldest first (the last 256). */
  readsOf(channel: number): readonly number[] {
    return this.chips[channel]?.reads ?? [];
  }

  /** Whether a channel's chip is powered (PD_SCK not held high). */
  isPowered(channel: number): boolean {
    return this.chips[channel]?.powered ?? false;
  }

  /** The conversion gain pulses selected (25: A/128, 26: B/32, 27: A/64). */
  gainOf(channel: number): number {
    return this.chips[channel]?.gainPulses ?? 25;
  }

  /** The chip's last conversion (signed counts), for tests. */
  lastWord(channel: number): number {
    const w = this.chips[channel]?.word ?? 0;
    return w & 0x800000 ? w - 0x1000000 : w;
  }

  private attach(chip: Chip): void {
    this.driven = this.rows.map(() => -1);
    // After an MCU reset its pins are inputs: the clocks fall low.
    this.rows.forEach((_, r) => this.edge(r, 0));
    chip.port("H").addListener((value) => {
      this.rows.forEach((row, r) => {
        const level = (value >> row.clockBit) & 1;
        if (level !== this.clockLevel[r]) this.edge(r, level);
      });
    });
    for (const row of this.rows) chip.port(row.dataPort).addListener(() => this.refreshRow(row));
    this.rows.forEach((row) => this.refreshRow(row));
  }

  private edge(r: number, level: number): void {
    this.clockLevel[r] = level;
    const now = this.mcu.cycles;
    const row = this.rows[r] as Hx711Row;
    for (let b = 0; b < 8; b++) {
      const chip = this.chips[8 * r + b] as Chip711;
      if (level === 1) this.rise(chip);
      else if (!chip.powered) this.powerUp(chip, now);
    }
    if (level === 1) {
      this.riseAt[r] = now;
      if (!this.checkPending[r]) this.schedulePowerDownCheck(r, now + POWER_DOWN_CYCLES);
    }
    this.refreshRow(row);
  }

  private schedulePowerDownCheck(r: number, at: number): void {
    this.checkPending[r] = true;
    this.mcu.schedule(at, () => {
      this.checkPending[r] = false;
      if (this.clockLevel[r] !== 1) return;
      const due = (this.riseAt[r] ?? 0) + POWER_DOWN_CYCLES;
      if (this.mcu.cycles < due) {
        this.schedulePowerDownCheck(r, due);
        return;
      }
      for (let b = 0; b < 8; b++) {
        const chip = this.chips[8 * r + b] as Chip711;
        if (!chip.powered) continue;
        chip.powered = false;
        chip.generation++;
        chip.dout = true;
        this.stats.powerDowns++;
      }
      this.refreshRow(this.rows[r] as Hx711Row);
    });
  }

  private rise(chip: Chip711): void {
    if (!chip.powered) return;
    // A reading starts with a pulse while data is ready; other pulses find nothing to shift.
    if (!chip.reading) {
      if (chip.dout) return;
      chip.reading = true;
      this.stats.reads++;
    }
    if (chip.pulses >= 27) return;
    chip.pulses++;
    chip.dout = chip.pulses <= 24 ? ((chip.word >> (24 - chip.pulses)) & 1) === 1 : true;
    if (chip.pulses > 24) return;
    chip.out = ((chip.out << 1) | (chip.dout ? 1 : 0)) & 0xffffff;
    if (chip.pulses === 24) {
      chip.reads.push(chip.out & 0x800000 ? chip.out - 0x1000000 : chip.out);
      if (chip.reads.length > 256) chip.reads.shift();
    }
  }

  private powerUp(chip: Chip711, now: number): void {
    chip.powered = true;
    chip.generation++;
    chip.pulses = 0;
    chip.reading = false;
    chip.gainPulses = 25;
    chip.history.length = 0;
    chip.dout = true;
    this.scheduleConversion(chip, now + 4 * chip.period);
  }

  private scheduleConversion(chip: Chip711, at: number): void {
    const generation = chip.generation;
    this.mcu.schedule(Math.round(at), () => {
      if (chip.generation !== generation || !chip.powered) return;
      this.convert(chip);
      this.scheduleConversion(chip, this.mcu.cycles + chip.period);
    });
  }

  private sample(chip: Chip711): number {
    const fault = this.pits.faults.get(chip.channel);
    if (fault === "pinned") return MAX;
    const now = this.mcu.cycles;
    let sum = 0;
    for (let i = 0; i < 4; i++) {
      sum += this.pits.counts(chip.channel, (now - (i * chip.period) / 4) / MEGA_HZ);
    }
    chip.history.push(sum / 4);
    if (chip.history.length > 4) chip.history.shift();
    let v = chip.history.reduce((a, b) => a + b, 0) / chip.history.length;
    if (chip.gainPulses === 26) v = 0;
    else if (chip.gainPulses === 27) v /= 2;
    v += this.gauss() * this.pits.noiseCounts;
    if (fault === "frozen") v = chip.frozen ??= v;
    return Math.max(MIN, Math.min(MAX, Math.round(v)));
  }

  private convert(chip: Chip711): void {
    const fault = this.pits.faults.get(chip.channel);
    if (fault === "stuck-high" || fault === "unplugged") return;
    this.stats.conversions++;
    if (chip.reading && chip.pulses <= 24) {
      // Being read: the bits still to come are the new conversion's.
      chip.word = this.sample(chip) & 0xffffff;
      this.stats.corrupted++;
      return;
    }
    // The pulses after the last reading chose this conversion's input and gain.
    if (chip.reading) chip.gainPulses = chip.pulses;
    const word = this.sample(chip) & 0xffffff;
    chip.pulses = 0;
    chip.reading = false;
    chip.word = word;
    chip.dout = false;
    const row = this.rows[Math.floor(chip.channel / 8)];
    if (row !== undefined) this.refreshRow(row);
  }

  private refreshRow(row: Hx711Row): void {
    const r = this.rows.indexOf(row);
    const port = this.mcu.chip.port(row.dataPort);
    const pullUps = this.mcu.cpu.data[port.portConfig.PORT] ?? 0;
    const width = row.bits ?? 8;
    let levels = 0;
    for (let b = 0; b < width; b++) {
      const chip = this.chips[8 * r + b] as Chip711;
      const fault = this.pits.faults.get(chip.channel);
      const high =
        fault === "unplugged" ? ((pullUps >> b) & 1) === 1 : fault === "stuck-high" || chip.dout;
      if (high) levels |= 1 << b;
    }
    const before = this.driven[r] ?? -1;
    if (levels === before) return;
    for (let b = 0; b < width; b++) {
      const bit = (levels >> b) & 1;
      if (before < 0 || ((before >> b) & 1) !== bit) port.setPin(b, bit === 1);
    }
    this.driven[r] = levels;
  }
}

/** The nominal conversion rate (RATE high), samples per second. */
const HX711_SPS = HX711.sps;

/** The nominal conversion period, ms. */
export const HX711_PERIOD_MS = 1000 / 80;

export interface Hx711StreamOptions {
  readonly seed?: number;
  /** Samples per second (default 80). */
  readonly sps?: number;
  /** The first conversion's time, s (default 0); the filter starts full, as on a chip long powered. */
  readonly startSeconds?: number;
}

/**
 * One HX711 at gain 128 without the AVR: `next()` converts at the chip's next
 * conversion time (`time`, s; then `time` moves on a period) and returns the
 * output word (signed counts):
 * the mean of the last four conversion periods, each the load sampled four
 * times in its period, plus Gaussian noise of `pits.noiseCounts`, saturating,
 * as `Hx711Bank` does. Faults are not modelled here. Each call to `next` asks
 * the pit model for 4 samples and allocates nothing.
 */
export class Hx711Stream {
  /** The conversion period, s. */
  readonly period: number;
  /** The last conversion's time, s. */
  private last: number;
  private readonly gauss: () => number;
  private readonly history = [0, 0, 0, 0];
  private filled = 0;
  private slot = 0;

  constructor(
    private readonly pits: PitModels,
    readonly channel: number,
    options: Hx711StreamOptions = {},
  ) {
    const random = seededRandom(((options.seed ?? 1) ^ 0x4712 ^ (channel << 8)) >>> 0);
    this.gauss = () => {
      const u = 1 - random();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    };
    this.period = 1 / (options.sps ?? HX711_SPS);
    const start = options.startSeconds ?? 0;
    // The three conversions before the first, so that the first output is a full mean.
    this.last = start - 4 * this.period;
    for (let i = 0; i < 3; i++) this.convert();
  }

  /** When the next conversion is, s (`startSeconds` at first). */
  get time(): number {
    return this.last + this.period;
  }

  /** The output word of the conversion at `time`, signed counts; `time` moves on a period. */
  next(): number {
    const v = this.convert() + this.gauss() * this.pits.noiseCounts;
    return Math.max(MIN, Math.min(MAX, Math.round(v)));
  }

  /** The filtered value of the next conversion, without noise. */
  private convert(): number {
    this.last += this.period;
    let sum = 0;
    for (let i = 0; i < 4; i++)
      sum += this.pits.counts(this.channel, this.last - (i * this.period) / 4);
    this.history[this.slot] = sum / 4;
    this.slot = (this.slot + 1) % 4;
    if (this.filled < 4) this.filled++;
    let total = 0;
    for (let i = 0; i < this.filled; i++) total += this.history[i] ?? 0;
    return total / this.filled;
  }
}
