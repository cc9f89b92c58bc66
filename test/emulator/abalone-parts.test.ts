/**
 * The Abalone board's parts under emulation (hardware/abalone.md §2–§5, §9):
 * TCA9548A switches and TMAG5273 sensors on the TWI bus, driven through the
 * same event interface avr8js's TWI unit calls (a scripted I2C master stands
 * in for the Mega), and the marbles' dipole fields they read.
 */
import type { AVRTWI, CPU } from "avr8js";
import { describe, expect, it } from "vitest";
import {
  AbaloneField,
  AbaloneSensors,
  holeRowCol,
  holeXY,
  MARBLE_K_MT,
  TMAG5273_ADDRESS,
  tmag5273AxisTime,
} from "../../src/emulator/index.js";

/** A scripted I2C master on the bus's TWI event interface; time advances per bus event. */
class Master {
  t = 0;
  private acked = false;
  private byte = 0;
  private readonly handler: AVRTWI["eventHandler"];

  constructor(
    sensors: AbaloneSensors,
    private readonly bitS = 1 / 400_000,
  ) {
    const twi = {
      sclFrequency: 400_000,
      eventHandler: undefined as unknown as AVRTWI["eventHandler"],
      completeStart: () => undefined,
      completeStop: () => undefined,
      completeConnect: (ack: boolean) => {
        this.acked = ack;
      },
      completeWrite: (ack: boolean) => {
        this.acked = ack;
      },
      completeRead: (value: number) => {
        this.byte = value;
      },
    };
    const cpu = {
      addClockEvent: (fn: () => void, cycles: number) => {
        this.t += cycles / 16e6;
        fn();
      },
    };
    sensors.bus.connect(twi as unknown as AVRTWI, cpu as unknown as CPU);
    this.handler = twi.eventHandler;
  }

  /** Writes bytes to a 7-bit address; false when the address or a byte was not acknowledged. */
  write(address: number, bytes: number[]): boolean {
    this.handler.start(false);
    this.handler.connectToSlave(address, true);
    let ok = this.acked;
    for (const b of bytes) {
      if (!ok) break;
      this.handler.writeByte(b);
      ok = this.acked;
    }
    this.handler.stop();
    return ok;
  }

  /** Register read: pointer write, repeated start, n bytes; null when not acknowledged. */
  readRegs(address: number, reg: number, n: number): number[] | null {
    this.handler.start(false);
    this.handler.connectToSlave(address, true);
    if (!this.acked) {
      this.handler.stop();
      return null;
    }
    this.handler.writeByte(reg);
    this.handler.start(true);
    this.handler.connectToSlave(address, false);
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      this.handler.readByte(i < n - 1);
      out.push(this.byte);
    }
    this.handler.stop();
    return out;
  }

  wait(seconds: number): void {
    this.t += seconds;
  }

  /** hole's sensor selected on its switch (the previous switch's port off first), read X Y Z in mT. */
  readHole(hole: number, prevSwitch: number | null): [number, number, number] | null {
    const sw = hole >> 3;
    if (prevSwitch !== null && prevSwitch !== sw) this.write(0x70 + prevSwitch, [0]);
    if (!this.write(0x70 + sw, [1 << (hole & 7)])) return null;
    const r = this.readRegs(TMAG5273_ADDRESS, 0x12, 7);
    if (r === null) return null;
    const v = (i: number): number => {
      const u = ((r[2 * i] ?? 0) << 8) | (r[2 * i + 1] ?? 0);
      return ((u & 0x8000 ? u - 0x10000 : u) * 40) / 32768;
    };
    return [v(0), v(1), v(2)];
  }

  /** Every sensor into continuous XYZ at 16× (what the firmware's setup writes). */
  configureAll(): void {
    for (let h = 0; h < 61; h++) {
      this.write(0x70 + (h >> 3), [1 << (h & 7)]);
      this.write(TMAG5273_ADDRESS, [0x00, 4 << 2, 0x02, 0x70]); // DEVICE_CONFIG_1/2, SENSOR_CONFIG_1
      this.write(0x70 + (h >> 3), [0]);
    }
  }
}

function setup(opts: { tolerances?: boolean; noise?: number; seed?: number } = {}): {
  field: AbaloneField;
  sensors: AbaloneSensors;
  master: Master;
} {
  const field = new AbaloneField({
    seed: opts.seed ?? 3,
    tolerances: opts.tolerances ?? false,
    rocking: false,
  });
  let master: Master | null = null;
  const sensors = new AbaloneSensors({
    field,
    clock: () => master?.t ?? 0,
    seed: opts.seed ?? 3,
    noise: opts.noise ?? 0,
    tolerances: opts.tolerances ?? false,
  });
  master = new Master(sensors);
  return { field, sensors, master };
}

const E5 = 30;

describe("abalone parts: the grid", () => {
  it("numbers the 61 holes A1..I9 on a 40 mm triangular grid whose 40 mm neighbours are AB-2's six", () => {
    expect(holeRowCol(0)).toEqual([0, 1]);
    expect(holeRowCol(E5)).toEqual([4, 5]);
    expect(holeRowCol(60)).toEqual([8, 9]);
    for (let h = 0; h < 61; h++) {
      const [r, c] = holeRowCol(h);
      const [x, y] = holeXY(h);
      const near: string[] = [];
      for (let o = 0; o < 61; o++) {
        const [ox, oy] = holeXY(o);
        if (Math.abs(Math.hypot(ox - x, oy - y) - 40) < 0.01) {
          const [or, oc] = holeRowCol(o);
          near.push(`${or - r},${oc - c}`);
        }
      }
      for (const d of near) expect(["0,1", "0,-1", "1,0", "-1,0", "1,1", "-1,-1"]).toContain(d);
    }
  });
});

describe("abalone parts: TCA9548A and TMAG5273 on the TWI", () => {
  it("reaches a sensor only through its enabled switch port; every sensor answers 0x35 alone", () => {
    const { sensors, master } = setup();
    expect(master.readRegs(TMAG5273_ADDRESS, 0x0d, 3)).toBeNull(); // no port enabled: silence
    for (let h = 0; h < 61; h++) {
      expect(master.write(0x70 + (h >> 3), [1 << (h & 7)])).toBe(true);
      // DEVICE_ID 1 (±40/±80 mT die), manufacturer "TI"
      expect(master.readRegs(TMAG5273_ADDRESS, 0x0d, 3)).toEqual([0x01, 0x49, 0x54]);
      expect(sensors.switches[h >> 3]?.control).toBe(1 << (h & 7));
      expect(master.write(0x70 + (h >> 3), [0])).toBe(true);
    }
    expect(master.write(0x77, [1 << 5])).toBe(true); // switch 7's ports 5–7 are free
    expect(master.readRegs(TMAG5273_ADDRESS, 0x0d, 1)).toBeNull();
    master.write(0x77, [0]);
    // the RESET line deselects every port
    master.write(0x72, [0x0f]);
    expect(sensors.switches[2]?.control).toBe(0x0f);
    sensors.reset();
    expect(sensors.switches[2]?.control).toBe(0);
    // an unplugged ribbon: no switch answers
    sensors.unplug(true);
    expect(master.write(0x70, [1])).toBe(false);
    sensors.unplug(false);
    expect(master.write(0x70, [1])).toBe(true);
  });

  it("converts X, Y, Z in continuous mode at the datasheet's pace, results in ±40 mT two's complement", () => {
    const { field, sensors, master } = setup();
    expect(tmag5273AxisTime(0)).toBeCloseTo(50e-6, 9); // CONV_AVG 000b, one channel
    expect(tmag5273AxisTime(5)).toBeCloseTo(825e-6, 9); // 101b
    master.configureAll();
    expect(sensors.sensors[E5]?.conversionTime()).toBeCloseTo(3 * 425e-6, 9);
    // a black marble pointing straight up over E5: Bz = 2k (§2.1)
    field.put(E5, "b", 0);
    master.wait(0.002);
    const up = master.readHole(E5, null);
    expect(up).not.toBeNull();
    // the marble rolled (a random orientation): μ = √(Bx² + By² + (Bz/2)²) is still k (§3.2)
    const [bx, by, bz] = up ?? [0, 0, 0];
    expect(Math.hypot(bx, by, bz / 2)).toBeCloseTo(MARBLE_K_MT.b, 1);
    // CONV_STATUS: a fresh result, then cleared by reading it
    master.wait(0.002);
    const s1 = master.readRegs(TMAG5273_ADDRESS, 0x18, 1)?.[0] ?? 0;
    expect(s1 & 1).toBe(1);
    const s2 = master.readRegs(TMAG5273_ADDRESS, 0x18, 1)?.[0] ?? 0;
    expect(s2 & 1).toBe(0);
    // standby (the power-on mode) converts nothing: results stay 0
    sensors.sensors[E5]?.powerOn();
    master.wait(0.01);
    expect(master.readHole(E5, null)).toEqual([0, 0, 0]);
  });

  it("adds the neighbours' fields, offsets, gain and noise; one scan of 61 holes at 400 kHz takes ≈ 21 ms", () => {
    const { field, sensors, master } = setup({ tolerances: true, noise: 1, seed: 9 });
    master.configureAll();
    // an empty E5 among six black neighbours reads their fields (§4: what the correction removes)
    for (const h of [29, 31, 21, 22, 38, 39]) field.put(h, "b", 0);
    master.wait(0.01);
    const t0 = master.t;
    let prev: number | null = null;
    const scan: ([number, number, number] | null)[] = [];
    for (let h = 0; h < 61; h++) {
      scan.push(master.readHole(h, prev));
      prev = h >> 3;
    }
    master.write(0x70 + (prev ?? 0), [0]);
    const scanMs = (master.t - t0) * 1000;
    // bus time alone (no AVR gaps): the design's 21 ms includes ≈ 3.4 ms of gaps (§5)
    expect(scanMs).toBeGreaterThan(14);
    expect(scanMs).toBeLessThan(21);
    expect(scan.every((v) => v !== null)).toBe(true);
    const e5 = scan[E5] ?? [0, 0, 0];
    // the neighbours' fields are there: lifted, E5 reads its offset alone
    for (const h of [29, 31, 21, 22, 38, 39]) field.lift(h);
    master.wait(0.002);
    const alone = master.readHole(E5, null) ?? [0, 0, 0];
    const diff = Math.hypot(e5[0] - alone[0], e5[1] - alone[1], e5[2] - alone[2]);
    expect(diff).toBeGreaterThan(0.1);
    expect(diff).toBeLessThan(6 * 0.35);
    // and the offset (≤ 0.3 mT an axis, × the gain) with no marble at all
    expect(Math.max(...alone.map(Math.abs))).toBeLessThan(0.3 * 1.02 + 0.25);
    expect(sensors.sensors[E5]?.reads).toBeGreaterThan(1);
    // noise: the same still field read 200 times scatters by ≈ 0.05 mT rms per axis
    const xs: number[] = [];
    for (let i = 0; i < 200; i++) {
      master.wait(0.002);
      xs.push(master.readHole(E5, null)?.[0] ?? 0);
    }
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const rms = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(rms).toBeGreaterThan(0.035);
    expect(rms).toBeLessThan(0.07);
  });
});

describe("abalone parts: marbles", () => {
  it("rocks a marble set down until it rests, and slides one across the holes between", () => {
    const field = new AbaloneField({ seed: 5 });
    field.put(E5, "w", 0);
    const quiet = field.quietAt();
    expect(quiet).toBeGreaterThanOrEqual(0.2);
    expect(quiet).toBeLessThanOrEqual(0.8);
    // rocking: the vector changes by far more than the 0.4 mT a scan that makes a hole moving (§6)
    let maxStep = 0;
    for (let t = 0; t < quiet * 0.5; t += 0.025) {
      const a = field.field(E5, t);
      const b = field.field(E5, t + 0.025);
      maxStep = Math.max(maxStep, Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]));
    }
    expect(maxStep).toBeGreaterThan(0.4);
    // at rest: still (the swing, under 1 mm at `quiet`, dies out within a few τ)
    const r1 = field.field(E5, quiet + 2);
    const r2 = field.field(E5, quiet + 3);
    expect(Math.hypot(r1[0] - r2[0], r1[1] - r2[1], r1[2] - r2[2])).toBeLessThan(1e-9);
    // slid to E7 over E6 in 0.4 s (0.2 m/s): E6 sees it pass, then it rests in E7
    field.slide(E5, 32, 2, 0.4);
    expect(field.cells()[32]).toBe("w");
    expect(field.cells()[E5]).toBe(".");
    const over = field.field(31, 2.2);
    expect(Math.hypot(over[0], over[1], over[2] / 2)).toBeGreaterThan(1);
    const end = field.field(32, field.quietAt() + 0.1);
    expect(Math.hypot(end[0], end[1], end[2] / 2)).toBeGreaterThan(1.5);
    expect(field.lift(32)).toBe("w");
    expect(field.cells()).toBe(".".repeat(61));
    expect(() => field.put(61, "b", 0)).toThrow(/0\.\.60/);
  });
});
