/**
 * The stock-parts board's analogue front end (the design of issue 15: one
 * INA125P per load cell, an RC low-pass, a 2:1 CD74HC4053 switch per Mega
 * analogue input), as voltages on the emulated clock:
 *
 * - amplifier: V = offset + gain × grams on the cup beyond the empty cup
 *   (nominal 0.5 V and 8.9 mV/g; each pit's offset and gain a few % off,
 *   seeded), clipped to the INA125P's output swing (about 0.05 .. 4.95 V
 *   on a 5 V supply);
 * - the ≈ 10 Hz RC filter after it, a first-order low-pass integrated on
 *   the cycle clock (exact for an input held over each sub-step of ≤ 0.25 ms;
 *   the cup's 140 Hz ringing is mostly filtered away, as on the board);
 * - noise at the ADC input (amplifier, switch, reference, and the Mega's
 *   own ADC with its CPU running): Gaussian, fresh for every conversion,
 *   `noiseLsb` LSB rms of the 10-bit ADC (1 LSB = 5 V / 1024): 0.3, 0.6 (the
 *   realistic one: 0.5–1 LSB rms with the CPU running) or 1.0; default
 *   `DEFAULT_ADC_NOISE_LSB` (physics.ts: 0.6 LSB rms, a Mega's ADC with its CPU running);
 * - the switch: analogue input Ai carries pit i while the select line (D22)
 *   is low, pit 16 + i while it is high; it follows the RC filter, so a
 *   conversion just after the select changes already sees the other pit;
 * - faults: `rail-high` (the input at the 5 V rail: an amplifier output
 *   shorted to 5 V, or its ground lost; reads 1023), `rail-low` (at 0 V: the
 *   output shorted to ground or unpowered; reads 0), `frozen`
 *   (a constant voltage, no noise).
 *
 * Pit index k (0..31) is row "ABCD"[k / 8], column k mod 8 + 1, the canonical
 * 4x8 order: k = 0..15 are A1..A8, B1..B8 and k = 16..31 C1..C8, D1..D8.
 *
 *   const afe = new AnalogFrontEnd(pits, { seed: 3 }, () => seconds);
 *   afe.volts(5)              // pit 5's voltage at the switch input now (with noise)
 *   afe.adcCode(5, 5.0)       // what a 10-bit conversion against 5 V returns
 *   afe.adcCodeAt(5, 1.25)    // the same at t = 1.25 s (benches: no clock needed; t rising per pit)
 */
import { seededRandom } from "../../shared/index.js";
import type { PitModels } from "../pit-model.js";
import { DEFAULT_ADC_NOISE_VOLTS, MEGA_ADC } from "../physics.js";

export const PITS_4X8 = 32;
export const ANALOG_INPUTS = 16;

/** Pit name of index k in the canonical 4x8 order. */
export function pitName(k: number): string {
  return `${"ABCD"[Math.floor(k / 8)] ?? "?"}${(k % 8) + 1}`;
}

export type AmplifierFault = "rail-high" | "rail-low" | "frozen";

export interface AnalogFrontEndOptions {
  readonly seed?: number;
  /** Output with the empty cup, volts (default 0.5). */
  readonly offsetVolts?: number;
  /** Volts per gram on the cup (default 0.0089). */
  readonly voltsPerGram?: number;
  /** Relative spread of each pit's offset and gain, uniform ± (default 0.03). */
  readonly spread?: number;
  /**
   * Noise at the ADC input, LSB rms of the 10-bit ADC (1 LSB = 5 V / 1024):
   * 0.3, 0.6 (realistic), 1.0. Default `DEFAULT_ADC_NOISE_LSB`. Wins over `noiseVolts`.
   */
  readonly noiseLsb?: number;
  /** The same in volts rms (issue 15's design: 300e-6 ≈ 0.06 LSB). */
  readonly noiseVolts?: number;
  /** The RC filter's corner frequency, Hz (default 10). */
  readonly cornerHz?: number;
  /** Faults by pit index. */
  readonly faults?: Readonly<Record<number, AmplifierFault>>;
}

const RAIL_LOW = 0.05;
const RAIL_HIGH = 4.95;
const SUB_STEP = 0.25e-3;

interface Amplifier {
  readonly offset: number;
  readonly gain: number;
  readonly fault: AmplifierFault | undefined;
  /** The RC filter's output (V) at time `t` (s). */
  v: number;
  t: number;
  started: boolean;
}

export class AnalogFrontEnd {
  private readonly amps: Amplifier[] = [];
  private readonly random: () => number;
  private readonly noise: number;
  private readonly tau: number;
  /** Conversions served (tests, benches). */
  samples = 0;

  constructor(
    private readonly pits: PitModels,
    options: AnalogFrontEndOptions,
    private readonly now: () => number,
  ) {
    const seed = options.seed ?? 1;
    const spread = options.spread ?? 0.03;
    const shape = seededRandom(seed ^ 0xafe0);
    this.random = seededRandom(seed ^ 0xafe1);
    this.noise = adcNoiseVolts(options);
    this.tau = 1 / (2 * Math.PI * (options.cornerHz ?? 10));
    const offset = options.offsetVolts ?? 0.5;
    const gain = options.voltsPerGram ?? 0.0089;
    for (let k = 0; k < PITS_4X8; k++) {
      this.amps.push({
        offset: offset * (1 + spread * (2 * shape() - 1)),
        gain: gain * (1 + spread * (2 * shape() - 1)),
        fault: options.faults?.[k],
        v: 0,
        t: 0,
        started: false,
      });
    }
  }

  /** Grams on pit k's cup beyond the empty cup at time t (stones and ringing), no noise. */
  grams(k: number, t: number): number {
    const cell = this.pits.cellOf(k);
    if (cell.countsPerGram === 0) return 0;
    return (this.pits.counts(k, t) - cell.zero) / cell.countsPerGram;
  }

  /** The amplifier's output for pit k at time t, before the filter. */
  private amplifier(a: Amplifier, k: number, t: number): number {
    const v = a.offset + a.gain * this.grams(k, t);
    return Math.min(RAIL_HIGH, Math.max(RAIL_LOW, v));
  }

  /** Pit k's filtered voltage at time t (s), advancing the filter to t. */
  filtered(k: number, t: number): number {
    const a = this.amps[k];
    if (a === undefined) return 0;
    if (!a.started || t - a.t > 20 * this.tau) {
      // Long unobserved (or never): the filter has settled on the input of a while ago.
      a.t = Math.max(0, t - 20 * this.tau);
      a.v = this.amplifier(a, k, a.t);
      a.started = true;
    }
    while (a.t < t) {
      const dt = Math.min(SUB_STEP, t - a.t);
      const mid = a.t + dt / 2;
      a.v += (this.amplifier(a, k, mid) - a.v) * (1 - Math.exp(-dt / this.tau));
      a.t += dt;
    }
    return a.v;
  }

  /** Pit k's voltage at the switch as the ADC samples it now (filter, noise, faults). */
  volts(k: number): number {
    const a = this.amps[k];
    if (a === undefined) return 0;
    switch (a.fault) {
      case "rail-high":
        return 5;
      case "rail-low":
        return 0;
      case "frozen":
        return a.offset;
      default:
        return this.filtered(k, this.now()) + this.noise * this.gaussian();
    }
  }

  /**
   * A 10-bit conversion of pit k at time `t` (s) against `reference` volts,
   * without the board's clock: benches ask for the codes of one pit at its
   * sample times. Times must not go back for a pit (the RC filter advances).
   */
  adcCodeAt(k: number, t: number, reference = MEGA_ADC.referenceVolts): number {
    const a = this.amps[k];
    if (a === undefined) return 0;
    this.samples++;
    let v: number;
    if (a.fault === "rail-high") v = 5;
    else if (a.fault === "rail-low") v = 0;
    else if (a.fault === "frozen") v = a.offset;
    else v = this.filtered(k, t) + this.noise * this.gaussian();
    return Math.min(1023, Math.max(0, Math.round((v / reference) * 1023)));
  }

  /** The noise at the ADC input, volts rms. */
  get noiseVolts(): number {
    return this.noise;
  }

  /** The pit analogue input `input` (0..15) carries, for the switch's select level. */
  static pitOf(input: number, selectHigh: boolean): number {
    return selectHigh ? ANALOG_INPUTS + input : input;
  }

  /** A 10-bit conversion of pit k against `reference` volts: round(V / ref × 1023), 0..1023. */
  adcCode(k: number, reference: number): number {
    this.samples++;
    const code = Math.round((this.volts(k) / reference) * 1023);
    return Math.min(1023, Math.max(0, code));
  }

  /** Pit k's nominal reading with `grams` on the cup, without noise or filter (tests). */
  expectedCode(k: number, grams: number, reference = 5): number {
    const a = this.amps[k];
    if (a === undefined) return 0;
    const v = Math.min(RAIL_HIGH, Math.max(RAIL_LOW, a.offset + a.gain * grams));
    return Math.min(1023, Math.max(0, Math.round((v / reference) * 1023)));
  }

  private gaussian(): number {
    const u = Math.max(1e-12, this.random());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
  }
}

/** The ADC noise an options object asks for, volts rms (`noiseLsb` first, then `noiseVolts`). */
export function adcNoiseVolts(options: { noiseLsb?: number; noiseVolts?: number }): number {
  if (options.noiseLsb !== undefined) return options.noiseLsb * MEGA_ADC.lsbVolts;
  return options.noiseVolts ?? DEFAULT_ADC_NOISE_VOLTS;
}
