/**
 * The Abalone board's sensor PCB under emulation (hardware/abalone.md §5, §9):
 * eight TCA9548A switches at 0x70..0x77 on the Mega's TWI (SDA D20, SCL D21),
 * 61 TMAG5273A1 sensors at 0x35, hole i on switch ⌊i/8⌋ port i mod 8 (ports
 * 5–7 of switch 7 free), the switches' RESET on D53, every sensor reading the
 * marbles' field at its hole (abalone-field.ts) with its own offset (stray
 * fields of screws and the Mega, the sensor's offset: up to ±0.3 mT per axis,
 * removed by TARE) and gain (±2 %), drawn from the seed.
 *
 *   const sensors = new AbaloneSensors({ field, clock: () => cpu.cycles / MEGA_HZ });
 *   mcu.onBuild((c) => sensors.bus.connect(c.twi, c.cpu));
 *   sensors.unplug(true);   // the ribbon pulled: nothing answers (H9 of §14)
 */
import { ABALONE_HOLES, type AbaloneField } from "./abalone-field.js";
import { seededRandom } from "../shared/index.js";
import { TwiBus } from "./stock/pca9685.js";
import { TCA9548A_BASE, Tca9548a } from "./tca9548a.js";
import { Tmag5273 } from "./tmag5273.js";

export interface AbaloneSensorsOptions {
  /** The marbles' field at each hole's sensor (an `AbaloneField`, or one that follows something). */
  field: Pick<AbaloneField, "field">;
  /** The emulated time, seconds. */
  clock: () => number;
  seed?: number;
  /** Sensor noise scale (1 = the datasheet's 0.05 mT rms at 16×). */
  noise?: number;
  /** Offsets and gain errors (default on). */
  tolerances?: boolean;
}

export class AbaloneSensors {
  readonly bus = new TwiBus();
  readonly switches: Tca9548a[] = [];
  readonly sensors: Tmag5273[] = [];

  constructor(opts: AbaloneSensorsOptions) {
    const random = seededRandom((opts.seed ?? 1) ^ 0x5a5a);
    const sym = (a: number): number => (2 * random() - 1) * a;
    const gauss = (): number => {
      const u = Math.max(1e-12, random());
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
    };
    const tol = opts.tolerances ?? true;
    for (let s = 0; s < 8; s++) {
      const sw = new Tca9548a(TCA9548A_BASE + s);
      this.switches.push(sw);
      this.bus.attach(sw);
    }
    for (let h = 0; h < ABALONE_HOLES; h++) {
      const sensor = new Tmag5273({
        field: (t) => opts.field.field(h, t),
        clock: opts.clock,
        offset: tol ? [sym(0.3), sym(0.3), sym(0.3)] : [0, 0, 0],
        gain: tol ? 1 + sym(0.02) : 1,
        noise: opts.noise ?? 1,
        gauss,
      });
      this.sensors.push(sensor);
      const sw = this.switches[h >> 3];
      if (sw !== undefined) this.bus.attach(sw.port(h & 7, sensor));
    }
  }

  /** The switches' RESET line (D53, active low): held low deselects every port. */
  reset(): void {
    for (const sw of this.switches) sw.reset();
  }

  /** The ribbon pulled (true) or plugged back (false): the sensors power up afresh. */
  unplug(out: boolean): void {
    for (const sw of this.switches) {
      sw.present = !out;
      if (out) sw.reset();
    }
    for (const s of this.sensors) {
      s.present = !out;
      if (!out) s.powerOn();
    }
  }
}
