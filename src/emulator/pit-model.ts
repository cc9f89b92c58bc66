/**
 * What a load cell under a pit feels, in grams, over emulated time: the cup,
 * the stones in it (each with its own weight from a matched, seeded stone
 * set), the cell's zero offset and sensitivity, and how the cup rings after a
 * stone lands or is lifted. The stones follow a `PhysicalBoard`: stones
 * lifted go into the hand (last in, first out) and are the ones dropped next,
 * so the same 32 calibration stones moved from pit to pit stay the same
 * stones; stones placed with an empty hand come from the box.
 *
 *   const stones = new StoneBox({ grams: 5.4, spread: 0.01, seed: 3 });
 *   const pits = new PitModels(physical, stones, { seed: 3 }, () => nowSeconds);
 *   pits.counts(ch, t)             // ADC counts of channel ch at time t (before the ADC's filter)
 */
import { seededRandom } from "../shared/index.js";
import type { PhysicalBoard } from "../board/index.js";

export interface StoneSetOptions {
  /** Mean stone mass, grams (the reference zirconia set: 5.4). */
  readonly grams?: number;
  /** Relative spread: each stone's mass is uniform in mean × (1 ± spread) (default 0.01). */
  readonly spread?: number;
  readonly seed?: number;
}

/** Every stone ever used, drawn from one seeded set. */
export class StoneBox {
  private readonly random: () => number;
  /** The set's nominal stone mass, grams. */
  readonly grams: number;
  private readonly spread: number;
  private readonly box: number[] = [];

  constructor(options: StoneSetOptions = {}) {
    this.grams = options.grams ?? 5.4;
    this.spread = options.spread ?? 0.01;
    this.random = seededRandom((options.seed ?? 1) ^ 0x5157);
  }

  /** A stone out of the box (a new one when the box is empty). */
  take(): number {
    return this.box.pop() ?? this.grams * (1 + this.spread * (2 * this.random() - 1));
  }

  putBack(stone: number): void {
    this.box.push(stone);
  }
}

/**
 * ADC counts per gram of a nominal cell (1 kg, 1 mV/V, 4.3 V excitation, gain 128): the
 * reference firmware's uncalibrated pits assume 11,600 counts for a 5.4 g stone.
 */
export const DEFAULT_COUNTS_PER_GRAM = 11_600 / 5.4;

export type SensorFault =
  /** The module drives DOUT high: never ready. */
  | "stuck-high"
  /** The cable is off: DOUT floats, reading the pin's pull-up. */
  | "unplugged"
  /** A broken cell wire: every conversion 0x7FFFFF. */
  | "pinned"
  /** The same value every conversion (no noise at all). */
  | "frozen";

export interface PitModelOptions {
  readonly seed?: number;
  /** The cup's weight, grams (each cup ± 8 %). Default 25. */
  readonly cupGrams?: number;
  /** ADC counts per gram at gain 128 (each cell ± 15 %). Default `DEFAULT_COUNTS_PER_GRAM`. */
  readonly countsPerGram?: number;
  /** Cell zero offsets, up to ± this many counts. Default 150 000 (≈ 80 g). */
  readonly zeroSpread?: number;
  /** Noise per conversion, counts rms. Default 40 (≈ 0.02 g). */
  readonly noiseCounts?: number;
  /** Ringing after a change: frequency (Hz) and decay time constant (s). Default 140, 0.03. */
  readonly ringHz?: number;
  readonly ringSeconds?: number;
  /** Faulty sensors by channel. */
  readonly faults?: Readonly<Record<number, SensorFault>>;
}

interface Pit {
  readonly stones: number[];
  readonly cup: number;
  readonly gain: number;
  readonly zero: number;
  /** Recent steps: when (s), how many grams; they ring down. */
  steps: { t: number; grams: number }[];
}

export class PitModels {
  readonly noiseCounts: number;
  readonly faults: Map<number, SensorFault>;
  private readonly pits: Pit[];
  private readonly byPit: Map<string, Pit>;
  private readonly hand: number[] = [];
  private readonly ringW: number;
  private readonly ringTau: number;

  /** `channelOfPit` maps a pit name to its sensor channel (the geometry file). */
  constructor(
    physical: PhysicalBoard,
    channelOfPit: ReadonlyMap<string, number>,
    private readonly box: StoneBox,
    options: PitModelOptions,
    private readonly now: () => number,
  ) {
    const random = seededRandom((options.seed ?? 1) ^ 0x7a11);
    const cup = options.cupGrams ?? 25;
    const gain = options.countsPerGram ?? DEFAULT_COUNTS_PER_GRAM;
    const zero = options.zeroSpread ?? 150_000;
    this.noiseCounts = options.noiseCounts ?? 40;
    this.ringW = 2 * Math.PI * (options.ringHz ?? 140);
    this.ringTau = options.ringSeconds ?? 0.03;
    this.faults = new Map(Object.entries(options.faults ?? {}).map(([c, f]) => [Number(c), f]));
    const channels = Math.max(...channelOfPit.values()) + 1;
    this.pits = [];
    for (let c = 0; c < channels; c++) {
      this.pits.push({
        stones: [],
        cup: cup * (1 + 0.08 * (2 * random() - 1)),
        gain: gain * (1 + 0.15 * (2 * random() - 1)),
        zero: Math.round(zero * (2 * random() - 1)),
        steps: [],
      });
    }
    this.byPit = new Map();
    for (const [pit, ch] of channelOfPit) {
      const p = this.pits[ch];
      if (p !== undefined) this.byPit.set(pit, p);
    }
    for (const pit of physical.pits) this.follow(pit, physical.count(pit), false);
    physical.onChange((pit, count) => this.follow(pit, count, true));
  }

  /** A cell as a calibration would find it: the raw reading of the empty cup, counts per gram. */
  cellOf(channel: number): { zero: number; countsPerGram: number } {
    const p = this.pits[channel];
    return p === undefined
      ? { zero: 0, countsPerGram: 0 }
      : { zero: p.zero + p.gain * p.cup, countsPerGram: p.gain };
  }

  /** Pit `pit`'s load at time `t` (s), grams on the cup, without noise (undefined: no such pit). */
  gramsAt(pit: string, t: number): number | undefined {
    const p = this.byPit.get(pit);
    if (p === undefined) return undefined;
    return (this.counts(this.pits.indexOf(p), t) - p.zero) / p.gain;
  }

  /** The pit's stones now (for tests): their masses. */
  stonesIn(pit: string): readonly number[] {
    return this.byPit.get(pit)?.stones ?? [];
  }

  private follow(pit: string, count: number, ring: boolean): void {
    const p = this.byPit.get(pit);
    if (p === undefined) return;
    let delta = 0;
    while (p.stones.length > count) {
      const s = p.stones.pop() as number;
      this.hand.push(s);
      delta -= s;
    }
    while (p.stones.length < count) {
      const s = this.hand.pop() ?? this.box.take();
      p.stones.push(s);
      delta += s;
    }
    if (!ring || delta === 0) return;
    const t = this.now();
    p.steps = p.steps.filter((s) => t - s.t < 10 * this.ringTau);
    p.steps.push({ t, grams: delta });
  }

  /** Channel `ch`'s signal at time `t` (s), in ADC counts at gain 128, without noise. */
  counts(ch: number, t: number): number {
    const p = this.pits[ch];
    if (p === undefined) return 0;
    let grams = p.cup;
    for (const s of p.stones) grams += s;
    for (const step of p.steps) {
      const dt = t - step.t;
      if (dt < 0) grams -= step.grams;
      else grams -= step.grams * Math.exp(-dt / this.ringTau) * Math.cos(this.ringW * dt);
    }
    return p.zero + p.gain * grams;
  }
}
