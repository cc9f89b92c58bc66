/**
 * What a load cell under a pit feels, in grams, over emulated time: the cup,
 * the stones in it (each with its own weight from a matched, seeded stone
 * set), the cell's zero offset and sensitivity, and how the cup moves when a
 * stone arrives or leaves. The stones follow a `PhysicalBoard`: stones
 * lifted go into the hand (last in, first out) and are the ones dropped next,
 * so the same 32 calibration stones moved from pit to pit stay the same
 * stones; stones placed with an empty hand come from the box.
 *
 * How a stone arrives is `physics` (physics.ts, hardware/physics.md):
 * `"placed"` (set down at rest, the cup ringing at 140 Hz) or `"dropped"`
 * (it falls, bounces with its weight absent in flight, each impact an
 * impulse ringing the cup at a frequency that falls with load and dies by the
 * cup's `lining`; the cells' zeros drift with the room's temperature). A hand
 * can rest on a rim in either (`restHand`, times in seconds of the same clock:
 * an emulated board's `now` / 1000).
 *
 *   const stones = new StoneBox({ grams: 5.4, spread: 0.01, seed: 3 });
 *   const pits = new PitModels(physical, channelOfPit, stones, { seed: 3, physics: "dropped" }, () => nowSeconds);
 *   pits.counts(ch, t)             // ADC counts of channel ch at time t (before the ADC's filter)
 *   pits.restHand("A1", 2.0, 2.5)  // a hand on A1's rim from 2 s to 2.5 s
 *   pits.lastDrop("A1")            // how the last stone into A1 fell
 *
 * `counts` is called per conversion per channel: it allocates nothing, and a
 * pit keeps only the disturbances still ringing (pruned as they die).
 */
import { seededRandom } from "../shared/index.js";
import type { PhysicalBoard } from "../board/index.js";
import {
  DEFAULT_PHYSICS,
  GRAVITY,
  HX711,
  PHYSICS,
  REFERENCE_STONE_GRAMS,
  bounce,
  ringOmega,
  ringSeconds,
} from "./physics.js";
import type {
  Bounce,
  CupLining,
  PhysicsMode,
  PhysicsParameters,
  Range,
  TemperatureParameters,
} from "./physics.js";

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
  /** HX711 noise per conversion, counts rms. Default 40 (≈ 0.02 g; physics.ts `HX711`). */
  readonly noiseCounts?: number;
  /** `"placed"` (a stone set down) or `"dropped"` (it falls and bounces). Default `DEFAULT_PHYSICS`. */
  readonly physics?: PhysicsMode;
  /** `"dropped"`: what the cups are lined with, all of them, or by pit name (others: hard). Default hard. */
  readonly lining?: CupLining | Readonly<Record<string, CupLining>>;
  /** `"dropped"`: the model's parameters (default `PHYSICS`). */
  readonly parameters?: PhysicsParameters;
  /** Temperature drift of the cells' zeros: on by default with `"dropped"`, off with `"placed"`. */
  readonly drift?: boolean;
  /** `"placed"`: ringing after a change, frequency (Hz) and decay time constant (s). Default 140, 0.03. */
  readonly ringHz?: number;
  readonly ringSeconds?: number;
  /** Faulty sensors by channel. */
  readonly faults?: Readonly<Record<number, SensorFault>>;
}

/** How a hand rests on a rim (`PitModels.restHand`); unset values are seeded from `PHYSICS.hand`. */
export interface RestingHand {
  /** Its weight on the rim, grams-force. */
  readonly grams?: number;
  /** Tremor frequency (Hz) and amplitude (fraction of the force). */
  readonly tremorHz?: number;
  readonly tremorFraction?: number;
  /** Sway frequency (Hz) and amplitude (fraction of the force). */
  readonly swayHz?: number;
  readonly swayFraction?: number;
  /** Ramps at the start and end, s. */
  readonly onsetSeconds?: number;
  readonly releaseSeconds?: number;
}

/**
 * A disturbance of the cup after time `t` (s): a load `step` (grams) that
 * comes on at `t` and rings, and an impulse giving a ringing of `kick` grams
 * amplitude: before `t`: −step; after: e^(−dt/τ)·(kick·sin ωdt − step·cos ωdt).
 */
interface Ring {
  readonly t: number;
  readonly step: number;
  readonly kick: number;
  readonly w: number;
  readonly tau: number;
  /** From when its ringing is negligible (below 10⁻⁶ of its start), s; the placed model: never. */
  readonly quiet: number;
  /** The fall it belongs to (each stone dropped, numbered from 1); 0: none. */
  readonly fall: number;
}

/** A ringing of the dropped model is negligible after this many time constants (e^−14 < 10⁻⁶). */
const QUIET_TAUS = 14;

interface Hand {
  readonly from: number;
  readonly until: number;
  readonly grams: number;
  readonly onset: number;
  readonly release: number;
  readonly tremorW: number;
  readonly tremorPhase: number;
  readonly tremorFraction: number;
  readonly swayW: number;
  readonly swayPhase: number;
  readonly swayFraction: number;
}

interface Pit {
  readonly stones: number[];
  readonly cup: number;
  readonly gain: number;
  readonly zero: number;
  readonly lining: CupLining;
  /** Zero drift, grams per °C above the starting temperature. */
  readonly drift: number;
  /** Recent disturbances; they ring down and are pruned. */
  rings: Ring[];
  hands: Hand[];
  /** The last stone dropped in (tests, benches). */
  lastDrop: DropRecord | undefined;
  /** Load that is not a stone, grams (the gems of `2x5+2`, `addLoad`). */
  extra: number;
}

/** How a dropped stone fell (`PitModels.lastDrop`). */
export interface DropRecord {
  /** Its first impact, s. */
  readonly at: number;
  readonly grams: number;
  /** Its fall, m, and its restitution (the pile's damping applied). */
  readonly height: number;
  readonly restitution: number;
  /** Impacts (s after `at`), impulses (N·s) and when it rests. */
  readonly bounce: Bounce;
}

/** How long after a disturbance's start it may still be asked for (callers look back ≤ 0.35 s). */
const LOOK_BACK = 1;

export class PitModels {
  readonly noiseCounts: number;
  readonly faults: Map<number, SensorFault>;
  /** The physics in use. */
  readonly physics: PhysicsMode;
  readonly parameters: PhysicsParameters;
  private readonly pits: Pit[];
  private readonly byPit: Map<string, Pit>;
  private readonly hand: number[] = [];
  private readonly ringW: number;
  private readonly ringTau: number;
  /** Drops, lifts and hands: their own stream, so the cells of a seed stay as they were. */
  private readonly chance: () => number;
  /** Stones dropped so far (numbers each fall's rings). */
  private fallCount = 0;
  private readonly ambient: Ambient | null;

  /** `channelOfPit` maps a pit name to its sensor channel (the geometry file). */
  constructor(
    physical: PhysicalBoard,
    channelOfPit: ReadonlyMap<string, number>,
    private readonly box: StoneBox,
    options: PitModelOptions,
    private readonly now: () => number,
  ) {
    const seed = options.seed ?? 1;
    const random = seededRandom(seed ^ 0x7a11);
    const cup = options.cupGrams ?? 25;
    const gain = options.countsPerGram ?? DEFAULT_COUNTS_PER_GRAM;
    const zero = options.zeroSpread ?? 150_000;
    this.noiseCounts = options.noiseCounts ?? HX711.noiseCounts;
    this.physics = options.physics ?? DEFAULT_PHYSICS;
    this.parameters = options.parameters ?? PHYSICS;
    this.ringW = 2 * Math.PI * (options.ringHz ?? this.parameters.placedRingHz);
    this.ringTau = options.ringSeconds ?? this.parameters.placedRingSeconds;
    this.faults = new Map(Object.entries(options.faults ?? {}).map(([c, f]) => [Number(c), f]));
    this.chance = seededRandom((seed ^ 0xd209) >>> 0);
    const drifting = options.drift ?? this.physics === "dropped";
    const temperature = this.parameters.temperature;
    this.ambient = drifting ? new Ambient(temperature, seededRandom((seed ^ 0x7e39) >>> 0)) : null;
    const coefficients = seededRandom((seed ^ 0xc0ef) >>> 0);
    const liningOf = new Map<number, CupLining>();
    for (const [pit, ch] of channelOfPit) {
      const l = options.lining;
      liningOf.set(ch, l === undefined ? "hard" : typeof l === "string" ? l : (l[pit] ?? "hard"));
    }
    const channels = Math.max(...channelOfPit.values()) + 1;
    this.pits = [];
    for (let c = 0; c < channels; c++) {
      const sign = coefficients() < 0.5 ? -1 : 1;
      const size = 1 + temperature.coefficientSpread * (2 * coefficients() - 1);
      this.pits.push({
        stones: [],
        cup: cup * (1 + 0.08 * (2 * random() - 1)),
        gain: gain * (1 + 0.15 * (2 * random() - 1)),
        zero: Math.round(zero * (2 * random() - 1)),
        lining: liningOf.get(c) ?? "hard",
        drift: sign * size * temperature.driftStonesPerDegree * REFERENCE_STONE_GRAMS,
        rings: [],
        hands: [],
        lastDrop: undefined,
        extra: 0,
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

  /** The sensor channel of a pit (undefined: none). */
  channelOf(pit: string): number | undefined {
    const p = this.byPit.get(pit);
    return p === undefined ? undefined : this.pits.indexOf(p);
  }

  /** A pit's cup lining. */
  liningOf(pit: string): CupLining | undefined {
    return this.byPit.get(pit)?.lining;
  }

  /** The cup's mass (g) of a channel, and its ringing now (Hz) with the stones it holds. */
  cupOf(channel: number): { grams: number; ringHz: number } {
    const p = this.pits[channel];
    if (p === undefined) return { grams: 0, ringHz: 0 };
    return {
      grams: p.cup,
      ringHz: ringOmega(p.cup, sum(p.stones), this.parameters) / (2 * Math.PI),
    };
  }

  /** The room's temperature at `t` (s), °C above the start (0 when drift is off). */
  temperatureAt(t: number): number {
    return this.ambient?.at(t) ?? 0;
  }

  /** A channel's zero drift, grams per °C (as drawn for its cell; acts only when drift is on). */
  driftOf(channel: number): number {
    return this.pits[channel]?.drift ?? 0;
  }

  /**
   * A hand rests on `pit`'s rim from `from` until `until` (s, the emulated
   * clock): its weight comes on over `onsetSeconds`, trembles and sways, and
   * goes over `releaseSeconds` after `until`. Values not given are seeded.
   */
  restHand(pit: string, from: number, until: number, options: RestingHand = {}): void {
    const p = this.byPit.get(pit);
    if (p === undefined) return;
    const h = this.parameters.hand;
    const pick = (r: Range): number => r[0] + (r[1] - r[0]) * this.chance();
    const grams = pick(h.grams);
    const tremorHz = pick(h.tremorHz);
    const swayHz = pick(h.swayHz);
    const tremorPhase = 2 * Math.PI * this.chance();
    const swayPhase = 2 * Math.PI * this.chance();
    this.prune(p, this.now());
    p.hands.push({
      from,
      until,
      grams: options.grams ?? grams,
      onset: options.onsetSeconds ?? h.onsetSeconds,
      release: options.releaseSeconds ?? h.releaseSeconds,
      tremorW: 2 * Math.PI * (options.tremorHz ?? tremorHz),
      tremorPhase,
      tremorFraction: options.tremorFraction ?? h.tremorFraction,
      swayW: 2 * Math.PI * (options.swayHz ?? swayHz),
      swayPhase,
      swayFraction: options.swayFraction ?? h.swayFraction,
    });
  }

  /** How the last stone dropped into `pit` fell (`"dropped"` only; undefined: none yet). */
  lastDrop(pit: string): DropRecord | undefined {
    return this.byPit.get(pit)?.lastDrop;
  }

  /** Disturbances a channel keeps now (tests: the list stays short). */
  activeDisturbances(channel: number): number {
    const p = this.pits[channel];
    return p === undefined ? 0 : p.rings.length + p.hands.length;
  }

  private follow(pit: string, count: number, ring: boolean): void {
    const p = this.byPit.get(pit);
    if (p === undefined) return;
    const before = p.stones.length;
    let delta = 0;
    const added: number[] = [];
    while (p.stones.length > count) {
      const s = p.stones.pop() as number;
      this.hand.push(s);
      delta -= s;
    }
    while (p.stones.length < count) {
      const s = this.hand.pop() ?? this.box.take();
      p.stones.push(s);
      added.push(s);
      delta += s;
    }
    if (!ring || delta === 0) return;
    const t = this.now();
    if (this.physics === "placed") {
      p.rings = p.rings.filter((s) => t - s.t < 10 * this.ringTau);
      p.rings.push(this.placedStep(delta, t));
      return;
    }
    this.prune(p, t);
    if (added.length > 0) this.drop(p, before, added, t);
    else this.lift(p, -delta, before - count, t);
  }

  /** Stones `added` fall into a pit that held `before` stones, the first hitting at `t`. */
  private drop(p: Pit, before: number, added: readonly number[], t: number): void {
    const q = this.parameters;
    const handful = q.handfulStones;
    // A handful: the first few fall one by one, the rest as one mass (a bound on the list).
    const falls = added.slice(0, handful);
    if (added.length > handful) falls.push(sum(added.slice(handful)));
    const load = sum(p.stones);
    const w = ringOmega(p.cup, load, q);
    const tau = ringSeconds(p.lining, p.stones.length, q);
    const lining = q.lining[p.lining];
    falls.forEach((grams, i) => {
      const fall = ++this.fallCount;
      const height = pick(q.dropHeight, this.chance);
      const e0 = pick(lining.restitution, this.chance);
      const e = e0 / (1 + (before + i) / q.pileRestitutionStones);
      const b = bounce(grams, height, e, q);
      b.times.forEach((dt, k) => {
        const j = b.impulses[k] ?? 0;
        // An impulse J on the spring–mass cup: force J·ω·sin ωt (in grams-force: ×1000/g).
        const kick = ((j * w) / GRAVITY) * 1000;
        const quiet = t + dt + QUIET_TAUS * tau;
        p.rings.push({ t: t + dt, step: 0, kick, w, tau, quiet, fall });
      });
      // Its weight, absent in flight, sits on the cup from the last impact on.
      const rest = t + b.restsAfter;
      const quiet = rest + QUIET_TAUS * tau;
      p.rings.push({ t: rest, step: grams, kick: 0, w, tau, quiet, fall });
      p.lastDrop = { at: t, grams, height, restitution: e, bounce: b };
    });
  }

  /** `grams` lifted at `t`: the weight goes (the cup rings) and the fingers knock it a little. */
  private lift(p: Pit, grams: number, stones: number, t: number): void {
    const q = this.parameters;
    // Stones still bouncing are the first lifted (last in, first out): the hand catches
    // them, so their impacts and their coming to rest still to come are off.
    let caught = Infinity;
    for (let k = 0; k < stones; k++) {
      let last = 0;
      for (const r of p.rings) if (r.t > t && r.fall > last && r.fall < caught) last = r.fall;
      if (last === 0) break;
      caught = last;
    }
    if (caught < Infinity) {
      let n = 0;
      for (const r of p.rings) if (r.t <= t || r.fall < caught) p.rings[n++] = r;
      p.rings.length = n;
    }
    const w = ringOmega(p.cup, sum(p.stones), q);
    const tau = ringSeconds(p.lining, p.stones.length, q);
    const j = (grams / 1000) * pick(q.liftSpeed, this.chance);
    const kick = ((j * w) / GRAVITY) * 1000 * (this.chance() < 0.5 ? -1 : 1);
    p.rings.push({ t, step: -grams, kick, w, tau, quiet: t + QUIET_TAUS * tau, fall: 0 });
  }

  /**
   * `grams` more on `pit` (less when negative): a gem of `2x5+2` put down or
   * taken up. With `ring` it lands as a dropped stone does (its fall, bounces
   * and the cup's ringing) or leaves as a lifted one; without, it is there at once.
   */
  addLoad(pit: string, grams: number, ring = true): void {
    const p = this.byPit.get(pit);
    if (p === undefined || grams === 0) return;
    p.extra += grams;
    if (!ring) return;
    const t = this.now();
    if (this.physics === "placed") {
      p.rings.push(this.placedStep(grams, t));
      return;
    }
    this.prune(p, t);
    if (grams > 0) this.drop(p, p.stones.length, [grams], t);
    else this.lift(p, -grams, 0, t);
  }

  /** With the "placed" physics: a load of `grams` set down at `t`, no fall, the cup ringing as it does. */
  private placedStep(grams: number, t: number): Ring {
    return { t, step: grams, kick: 0, w: this.ringW, tau: this.ringTau, quiet: Infinity, fall: 0 };
  }

  /** Drops disturbances over by `t` (their ringing below 10⁻⁶ of its start). */
  private prune(p: Pit, t: number): void {
    let n = 0;
    for (const r of p.rings) if (t < r.quiet + LOOK_BACK) p.rings[n++] = r;
    p.rings.length = n;
    n = 0;
    for (const h of p.hands) if (t < h.until + h.release + LOOK_BACK) p.hands[n++] = h;
    p.hands.length = n;
  }

  /** Channel `ch`'s signal at time `t` (s), in ADC counts at gain 128, without noise. */
  counts(ch: number, t: number): number {
    const p = this.pits[ch];
    if (p === undefined) return 0;
    let grams = p.cup + p.extra;
    for (const s of p.stones) grams += s;
    let over = 0;
    for (const r of p.rings) {
      const dt = t - r.t;
      if (dt < 0) grams -= r.step;
      else if (t >= r.quiet) {
        // Rung down: its step is in the stones; dropped once callers cannot look back to it.
        if (t > r.quiet + LOOK_BACK) over++;
      } else {
        const decay = Math.exp(-dt / r.tau);
        grams -= r.step * decay * Math.cos(r.w * dt);
        if (r.kick !== 0) grams += r.kick * decay * Math.sin(r.w * dt);
      }
    }
    if (over > 0) this.prune(p, t);
    for (const h of p.hands) grams += handGrams(h, t);
    if (this.ambient !== null) grams += p.drift * this.ambient.at(t);
    return p.zero + p.gain * grams;
  }
}

/** A resting hand's force at `t`, grams. */
function handGrams(h: Hand, t: number): number {
  if (t <= h.from || t >= h.until + h.release) return 0;
  let level = 1;
  if (t < h.from + h.onset) level = 0.5 - 0.5 * Math.cos((Math.PI * (t - h.from)) / h.onset);
  if (t > h.until) level *= 0.5 + 0.5 * Math.cos((Math.PI * (t - h.until)) / h.release);
  const tremor = h.tremorFraction * Math.sin(h.tremorW * t + h.tremorPhase);
  const sway = h.swayFraction * Math.sin(h.swayW * t + h.swayPhase);
  return h.grams * level * (1 + tremor + sway);
}

/**
 * The room's temperature, °C above the start, at `t` s: a ramp (its sign
 * seeded) plus a seeded random walk, stepped every `walkStepSeconds` and
 * linear in between, drawn lazily as time goes on.
 */
class Ambient {
  private readonly walk: number[] = [0];
  private readonly ramp: number;
  private readonly stepSd: number;

  constructor(
    private readonly p: TemperatureParameters,
    private readonly random: () => number,
  ) {
    this.ramp = ((random() < 0.5 ? -1 : 1) * p.rampPerHour) / 3600;
    this.stepSd = p.walkPerSqrtHour * Math.sqrt(p.walkStepSeconds / 3600);
  }

  at(t: number): number {
    if (t <= 0) return 0;
    const x = t / this.p.walkStepSeconds;
    const i = Math.floor(x);
    while (this.walk.length <= i + 1) {
      const u = Math.max(1e-12, this.random());
      const g = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.random());
      this.walk.push((this.walk.at(-1) ?? 0) + this.stepSd * g);
    }
    const a = this.walk[i] ?? 0;
    const b = this.walk[i + 1] ?? a;
    return this.ramp * t + a + (b - a) * (x - i);
  }
}

function pick(r: Range, random: () => number): number {
  return r[0] + (r[1] - r[0]) * random();
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}
