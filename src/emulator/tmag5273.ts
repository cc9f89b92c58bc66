/**
 * The TMAG5273A1 3-axis linear Hall sensor on I2C, as the TI datasheet
 * (SLYS046, and its register-compatible sibling TMAG5173-Q1, SLYS035) describes
 * it, to the extent the Abalone board's firmware (hardware/abalone.md §5) and a
 * register-level driver need:
 *
 * - address 0x35 (the A1 variant's factory address);
 * - registers 0x00..0x1C: DEVICE_CONFIG_1 (CONV_AVG in bits 4:2, I2C_RD in 1:0),
 *   DEVICE_CONFIG_2 (OPERATING_MODE in bits 1:0: 0 standby, 2 continuous),
 *   SENSOR_CONFIG_1 (MAG_CH_EN in bits 7:4; 7 = X, Y and Z), SENSOR_CONFIG_2
 *   (X_Y_RANGE bit 1, Z_RANGE bit 0: 0 = ±40 mT, 1 = ±80 mT on A1),
 *   DEVICE_ID 0x0D (VER = 1: the ±40/±80 mT die), MANUFACTURER_ID 0x0E/0x0F
 *   ("TI": 0x49, 0x54), results X/Y/Z_MSB/LSB at 0x12..0x17 (16-bit two's
 *   complement, full scale = the range), CONV_STATUS 0x18 (RESULT_STATUS bit 0,
 *   cleared by reading it; POR bit 4, set at power-on and cleared by writing 1
 *   to it; SET_COUNT bits 7:5, a rolling count of conversions);
 * - the standard I2C read (I2C_RD = 0): a write sets the register pointer,
 *   each byte read or written advances it;
 * - continuous mode converts the enabled axes back to back; one axis takes
 *   tmeasure = 25 µs + 25 µs × the averaging (50 µs at CONV_AVG 000b and 825 µs
 *   at 101b, the datasheet's two figures, one channel; linear between), so
 *   X, Y, Z at 16× take 1.275 ms. A read returns the last finished conversion,
 *   the field sampled when it finished;
 * - noise: 0.05 mT rms per axis at 16× (hardware/abalone.md §3.3, datasheet
 *   typical), scaling as 1/√averaging; an offset per axis, and the gain error,
 *   are the sensor's own (set by the board, seeded);
 * - `present = false` (unplugged, dead) stops it answering.
 *
 * The field comes from a callback: `field(t)` in mT at time t (seconds).
 */
import type { I2cDevice } from "./stock/pca9685.js";

export const TMAG5273_ADDRESS = 0x35;
export const TMAG5273_REG = {
  DEVICE_CONFIG_1: 0x00,
  DEVICE_CONFIG_2: 0x01,
  SENSOR_CONFIG_1: 0x02,
  SENSOR_CONFIG_2: 0x03,
  DEVICE_ID: 0x0d,
  MANUFACTURER_ID_LSB: 0x0e,
  MANUFACTURER_ID_MSB: 0x0f,
  X_MSB_RESULT: 0x12,
  CONV_STATUS: 0x18,
  DEVICE_STATUS: 0x1c,
} as const;
const LAST_REG = 0x1c;
/** Writable configuration registers (0x00..0x0C); the rest are read-only. */
const LAST_CONFIG = 0x0c;

/** tmeasure of one axis, seconds, for CONV_AVG code `avg` (0..5: 1×..32×). */
export function tmag5273AxisTime(avg: number): number {
  return (25 + 25 * 2 ** Math.min(5, avg)) * 1e-6;
}

/** Noise at 16× averaging, mT rms per axis (hardware/abalone.md §3.3). */
export const TMAG5273_NOISE_16X_MT = 0.05;

export interface Tmag5273Options {
  /** The field at the sensor at time t (s), mT, x y z. */
  field: (t: number) => readonly [number, number, number];
  /** The emulated time, seconds. */
  clock: () => number;
  /** Offset per axis, mT (added before the gain). */
  offset?: readonly [number, number, number];
  /** Gain error, a factor (1 = exact). */
  gain?: number;
  /** Noise scale (1 = the datasheet's figure; 0 = none). */
  noise?: number;
  /** A standard normal deviate (seeded by the board). */
  gauss: () => number;
}

export class Tmag5273 implements I2cDevice {
  readonly regs = new Uint8Array(LAST_REG + 1);
  present = true;
  /** A stuck converter: results stop changing (a fault of §6). */
  stuck = false;
  /** Result reads (tests, benches). */
  reads = 0;
  private pointer = 0;
  private expectPointer = false;
  private started = 0;
  private lastConversion = -1;
  /** The results are latched once per transaction (a burst read never tears). */
  private latched = false;

  constructor(private readonly opts: Tmag5273Options) {
    this.powerOn();
  }

  /** Power-on defaults: standby, no channel enabled, results 0 (datasheet register map). */
  powerOn(): void {
    this.regs.fill(0);
    this.regs[TMAG5273_REG.DEVICE_ID] = 0x01;
    this.regs[TMAG5273_REG.MANUFACTURER_ID_LSB] = 0x49;
    this.regs[TMAG5273_REG.MANUFACTURER_ID_MSB] = 0x54;
    this.regs[TMAG5273_REG.CONV_STATUS] = 0x10; // POR
    this.pointer = 0;
    this.lastConversion = -1;
  }

  answers(address: number): boolean {
    return this.present && address === TMAG5273_ADDRESS;
  }

  begin(_address: number, write: boolean): void {
    this.expectPointer = write;
    this.latched = false;
  }

  write(byte: number): boolean {
    if (this.expectPointer) {
      this.pointer = byte & 0x7f;
      this.expectPointer = false;
      return true;
    }
    if (this.pointer === TMAG5273_REG.CONV_STATUS && (byte & 0x10) !== 0) {
      this.regs[TMAG5273_REG.CONV_STATUS] = (this.regs[TMAG5273_REG.CONV_STATUS] ?? 0) & ~0x10;
    } else if (this.pointer <= LAST_CONFIG) {
      const was = this.mode();
      this.regs[this.pointer] = byte & 0xff;
      if (this.mode() === 2 && was !== 2) {
        this.started = this.opts.clock();
        this.lastConversion = -1;
      }
    }
    this.pointer = (this.pointer + 1) & 0x7f;
    return true;
  }

  read(): number {
    if (
      !this.latched &&
      this.pointer >= TMAG5273_REG.X_MSB_RESULT &&
      this.pointer <= TMAG5273_REG.CONV_STATUS
    ) {
      this.convert();
      this.latched = true;
    }
    const r = this.pointer;
    const value = r <= LAST_REG ? (this.regs[r] ?? 0) : 0;
    if (r === TMAG5273_REG.X_MSB_RESULT) this.reads++;
    if (r === TMAG5273_REG.CONV_STATUS) {
      this.regs[r] = value & ~0x01; // RESULT_STATUS clears once read
    }
    this.pointer = (this.pointer + 1) & 0x7f;
    return value;
  }

  end(): void {
    this.expectPointer = false;
  }

  /** The sensor's own offset (mT, per axis) and gain error. */
  tolerance(): { offset: readonly [number, number, number]; gain: number } {
    return { offset: this.opts.offset ?? [0, 0, 0], gain: this.opts.gain ?? 1 };
  }

  private mode(): number {
    return (this.regs[TMAG5273_REG.DEVICE_CONFIG_2] ?? 0) & 3;
  }

  private channels(): number {
    return ((this.regs[TMAG5273_REG.SENSOR_CONFIG_1] ?? 0) >> 4) & 0x0f;
  }

  private avg(): number {
    return Math.min(5, ((this.regs[TMAG5273_REG.DEVICE_CONFIG_1] ?? 0) >> 2) & 7);
  }

  /** One XYZ conversion's duration at the present configuration, seconds. */
  conversionTime(): number {
    const ch = this.channels();
    const axes = ch === 7 ? 3 : ch === 3 || ch === 5 || ch === 6 ? 2 : ch === 0 ? 0 : 1;
    return Math.max(1, axes) * tmag5273AxisTime(this.avg());
  }

  /** Brings the result registers up to the last conversion finished by now. */
  private convert(): void {
    if (this.mode() !== 2 || this.channels() === 0 || this.stuck) return;
    const period = this.conversionTime();
    const k = Math.floor((this.opts.clock() - this.started) / period);
    if (k < 0 || k === this.lastConversion) return;
    this.lastConversion = k;
    const at = this.started + (k + 1) * period;
    const b = this.opts.field(at);
    const o = this.opts.offset ?? [0, 0, 0];
    const gain = this.opts.gain ?? 1;
    const sigma = (this.opts.noise ?? 1) * TMAG5273_NOISE_16X_MT * Math.sqrt(16 / 2 ** this.avg());
    const ch = this.channels();
    const cfg2 = this.regs[TMAG5273_REG.SENSOR_CONFIG_2] ?? 0;
    const ranges = [
      (cfg2 & 2) !== 0 ? 80 : 40,
      (cfg2 & 2) !== 0 ? 80 : 40,
      (cfg2 & 1) !== 0 ? 80 : 40,
    ];
    for (let a = 0; a < 3; a++) {
      const on =
        ch === 7 ||
        (a === 0 && (ch & 1) !== 0) ||
        (a === 1 && (ch & 2) !== 0) ||
        (a === 2 && (ch & 4) !== 0);
      const mT = on ? ((b[a] ?? 0) + (o[a] ?? 0)) * gain + sigma * this.opts.gauss() : 0;
      const range = ranges[a] ?? 40;
      const code = Math.max(-32768, Math.min(32767, Math.round((mT * 32768) / range)));
      const u = code & 0xffff;
      this.regs[TMAG5273_REG.X_MSB_RESULT + 2 * a] = u >> 8;
      this.regs[TMAG5273_REG.X_MSB_RESULT + 2 * a + 1] = u & 0xff;
    }
    const status = this.regs[TMAG5273_REG.CONV_STATUS] ?? 0;
    this.regs[TMAG5273_REG.CONV_STATUS] = (status & 0x10) | ((k & 7) << 5) | 0x01;
  }
}
