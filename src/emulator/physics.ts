/**
 * The emulated boards' physics, every number in one place with where it
 * comes from (hardware/physics.md tells the same story in prose). `PitModels`
 * (pit-model.ts) uses it, and through it both the reference board's HX711s
 * (hx711.ts) and the stock-parts board's analogue front end
 * (stock/analog-front-end.ts).
 *
 * Two models, one switch (`PitModelOptions.physics`):
 *
 * - `"placed"`: a stone is set down at rest; its weight appears as a step and
 *   the cup rings at a fixed 140 Hz for ≈ 0.1 s. Today's default.
 * - `"dropped"`: a stone falls from the hand and bounces: it hits at the time
 *   the count changes, flies (its weight absent from the cell), hits again
 *   with each impact an impulse J = m·v·(1 + e) that rings the cup; the cup
 *   is a spring–mass system whose frequency falls with load and whose damping
 *   depends on its lining (`hard` wood or `felt`); a pile of stones damps both
 *   the bounce and the ringing. Lifting stones rings the cup less. The cells'
 *   zero drifts with a slowly changing room temperature.
 *
 * A hand resting on a cup's rim (`PitModels.restHand`) works in both.
 *
 * The honest model is the default (issue 27): stones are `"dropped"`, cups
 * are hard wood, cells drift, and the stock board's ADC has 0.6 LSB rms of
 * noise. `"placed"` and `designNoiseVolts` keep the kinder figures of issues
 * 12 and 15 for the tests that measure against them.
 */

/** How a stone arrives in a pit (see above). */
export type PhysicsMode = "placed" | "dropped";

/** What a cup is lined with: bare hard wood, or felt. */
export type CupLining = "hard" | "felt";

/** The physics a `PitModels` uses when its options name none. */
export const DEFAULT_PHYSICS: PhysicsMode = "dropped";

/** Standard gravity, m/s². */
export const GRAVITY = 9.81;

/** A closed interval [low, high] a seeded value is drawn from, uniformly. */
export type Range = readonly [number, number];

export interface LiningParameters {
  /**
   * Coefficient of restitution of a stone on the empty cup. Chosen so that a
   * drop from 2–8 cm bounces for the bench's 50–150 ms (issue 27): the bounces
   * of a drop from h last 2·e·v/(g·(1 − e)), v = √(2gh); e = 0.33 gives 63 ms
   * at 2 cm, 126 ms at 8 cm. (A ceramic ball on a rigid wooden block has e ≈
   * 0.5–0.6; a cup on a cell gives way and takes energy, hence lower.)
   */
  readonly restitution: Range;
  /**
   * Decay time constant of the cup's ringing, s (envelope e^(−t/τ)), empty
   * cup. Read "rings for" as "decays by 40 dB", 4.6 τ: hard wood 0.03 s rings
   * for 138 ms, the top of the bench's 20–150 ms (issue 27; also the 0.03 s of
   * the placed model); felt 0.005 s for 23 ms, its bottom.
   */
  readonly ringSeconds: number;
}

/** The parameters of the physical model; `PHYSICS` holds the defaults. */
export interface PhysicsParameters {
  /** Height a stone falls from above the pile, m (issue 27: 2–8 cm). */
  readonly dropHeight: Range;
  readonly lining: Readonly<Record<CupLining, LiningParameters>>;
  /**
   * A pile damps the bounce: a stone landing on n stones bounces with
   * e / (1 + n / restitutionStones). A loose granular bed absorbs most of an
   * impact (assumption, after the low effective restitution of impacts on
   * granular beds); with 4 stones the bounce halves, on 20 it is a sixth (≤ 15 ms).
   */
  readonly pileRestitutionStones: number;
  /** A pile damps the ringing too: τ / (1 + n / ringStones) (assumption: friction between stones). */
  readonly pileRingStones: number;
  /** Bounces end when a flight would be shorter than this, s (the stone rolls to rest). */
  readonly minFlightSeconds: number;
  /** At most this many impacts per drop (a bound; e ≤ 0.4 ends sooner). */
  readonly maxImpacts: number;
  /**
   * Stiffness of the cell with its cup mount, N/m: f = (1/2π)·√(k / (m_cup + m_load)).
   * 22 kN/m puts the empty 25 g cup at 150 Hz and 20 stones (133 g) at 65 Hz,
   * the bench's 50–150 Hz (issue 27); it is also a 1 kg bar cell's deflection
   * of 0.45 mm at full scale, inside the 0.2–0.5 mm such cells are made for.
   */
  readonly stiffness: number;
  /** Hand speed when lifting stones, m/s: the fingers' small knock on the cup (assumption). */
  readonly liftSpeed: Range;
  /** A handful: up to this many stones of one change fall one by one; the rest fall as one mass. */
  readonly handfulStones: number;
  /** The `"placed"` model: fixed ringing frequency, Hz, and decay, s (issue 12's figures). */
  readonly placedRingHz: number;
  readonly placedRingSeconds: number;
  readonly temperature: TemperatureParameters;
  readonly hand: HandParameters;
}

export interface TemperatureParameters {
  /**
   * Zero drift of a cell, stones (5.4 g) per °C: 0.07 (issue 27; hardware/firmata.md
   * §2.1: the INA125P's ≤ 2 µV/°C offset drift, ≤ 0.07 stone/°C at its
   * datasheet maximum). A cheap 1 kg bar cell's own zero coefficient
   * (typically 0.05 % FS / 10 °C, 0.05 g/°C ≈ 0.01 stone/°C) is smaller; with
   * mounting stress and gradients 0.07 is the pessimistic figure, used for
   * both boards.
   */
  readonly driftStonesPerDegree: number;
  /** Each cell's coefficient: ± this relative spread around the figure, with a seeded sign. */
  readonly coefficientSpread: number;
  /**
   * Ambient temperature: a ramp, °C per hour (a room warming up or cooling
   * down: ± 2 °C over an hour, sign seeded) plus a random walk, °C per √hour,
   * in steps of `walkStepSeconds`, linear in between.
   */
  readonly rampPerHour: number;
  readonly walkPerSqrtHour: number;
  readonly walkStepSeconds: number;
}

export interface HandParameters {
  /** Weight of a hand resting on a rim, grams-force (a relaxed fingertip to a heel of the hand). */
  readonly grams: Range;
  /** How long the hand takes to settle on the rim and to lift off, s. */
  readonly onsetSeconds: number;
  readonly releaseSeconds: number;
  /** Physiological tremor: 8–12 Hz, its amplitude a fraction of the force (a few %). */
  readonly tremorHz: Range;
  readonly tremorFraction: number;
  /** Slow postural sway: 0.2–0.6 Hz, a fraction of the force. */
  readonly swayHz: Range;
  readonly swayFraction: number;
}

export const PHYSICS: PhysicsParameters = {
  dropHeight: [0.02, 0.08],
  lining: {
    hard: { restitution: [0.28, 0.38], ringSeconds: 0.03 },
    // Felt takes most of an impact: a bounce of ≤ 13 ms (2–8 cm), the ringing gone in ≈ 25 ms.
    felt: { restitution: [0.02, 0.05], ringSeconds: 0.005 },
  },
  pileRestitutionStones: 4,
  pileRingStones: 40,
  minFlightSeconds: 0.002,
  maxImpacts: 12,
  stiffness: 22_000,
  liftSpeed: [0, 0.05],
  handfulStones: 4,
  placedRingHz: 140,
  placedRingSeconds: 0.03,
  temperature: {
    driftStonesPerDegree: 0.07,
    coefficientSpread: 0.3,
    rampPerHour: 2,
    walkPerSqrtHour: 0.3,
    walkStepSeconds: 60,
  },
  hand: {
    grams: [50, 300],
    onsetSeconds: 0.15,
    releaseSeconds: 0.1,
    tremorHz: [8, 12],
    tremorFraction: 0.03,
    swayHz: [0.2, 0.6],
    swayFraction: 0.05,
  },
};

/** The reference stone the figures in stones are given for, grams (the zirconia set). */
export const REFERENCE_STONE_GRAMS = 5.4;

// ---------------------------------------------------------------- ADCs

/** The HX711 (datasheet, Avia Semiconductor): 80 SPS with RATE high; settles in 4 conversions (50 ms). */
export const HX711 = {
  sps: 80,
  /** Output data settling time at 80 SPS: 50 ms = 4 conversion periods (datasheet, table "Key electrical characteristics"). */
  filterConversions: 4,
  /**
   * Noise, counts rms at gain 128: 40 ≈ 0.02 g with a 1 kg cell at 4.3 V
   * (datasheet: 90 nV rms input noise at 80 SPS, gain 128; a count is
   * 0.5·AVDD / 128 / 2²³ ≈ 2.0 nV, so 90 nV ≈ 45 counts).
   */
  noiseCounts: 40,
} as const;

/** The Mega's ADC (ATmega2560 datasheet §26): 10 bits against AVcc = 5 V. */
export const MEGA_ADC = {
  referenceVolts: 5,
  /** 1 LSB = 5 V / 1024 = 4.88 mV (datasheet: V_IN·1024/V_REF). */
  lsbVolts: 5 / 1024,
  /**
   * Noise choices, LSB rms: 0.3 (a quiet board, sleep-mode conversions),
   * 0.6 (the realistic one: with the CPU running a Mega's ADC shows 0.5–1 LSB
   * rms, issue 27), 1.0 (a noisy supply).
   */
  noiseLsbChoices: [0.3, 0.6, 1.0] as const,
  realisticNoiseLsb: 0.6,
  /** Issue 15's design figure: amplifier, switch and reference noise, 300 µV ≈ 0.06 LSB. */
  designNoiseVolts: 300e-6,
} as const;

/** The stock board's ADC noise when its options name none, volts rms. */
export const DEFAULT_ADC_NOISE_VOLTS: number = MEGA_ADC.realisticNoiseLsb * MEGA_ADC.lsbVolts;

/** The same in LSB rms: 0.6. */
export const DEFAULT_ADC_NOISE_LSB: number = DEFAULT_ADC_NOISE_VOLTS / MEGA_ADC.lsbVolts;

// ---------------------------------------------------------------- formulas

/** The cup's ringing, rad/s, for a cup of `cupGrams` holding `loadGrams`: ω = √(k / m). */
export function ringOmega(
  cupGrams: number,
  loadGrams: number,
  p: PhysicsParameters = PHYSICS,
): number {
  return Math.sqrt(p.stiffness / ((cupGrams + loadGrams) / 1000));
}

/** The same in Hz. */
export function ringHz(
  cupGrams: number,
  loadGrams: number,
  p: PhysicsParameters = PHYSICS,
): number {
  return ringOmega(cupGrams, loadGrams, p) / (2 * Math.PI);
}

/** The ringing's decay time constant, s, for a lining and a pile of `stones`. */
export function ringSeconds(
  lining: CupLining,
  stones: number,
  p: PhysicsParameters = PHYSICS,
): number {
  return p.lining[lining].ringSeconds / (1 + stones / p.pileRingStones);
}

/** A bounce: when each impact comes (s after the first) and its impulse (N·s). */
export interface Bounce {
  readonly times: readonly number[];
  readonly impulses: readonly number[];
  /** When the stone comes to rest (the last impact), s after the first. */
  readonly restsAfter: number;
}

/**
 * The impacts of a stone of `grams` falling `height` m with restitution `e`:
 * it hits at 0 with speed v₀ = √(2gh) and impulse m·v₀·(1 + e), flies 2·e·v/g,
 * hits again at e·v, … until a flight would be shorter than `minFlight`; the
 * last impact stops it (impulse m·v). Σ impulses = m·v₀ + m·g·(time in flight).
 */
export function bounce(
  grams: number,
  height: number,
  e: number,
  p: PhysicsParameters = PHYSICS,
): Bounce {
  const m = grams / 1000;
  let v = Math.sqrt(2 * GRAVITY * height);
  let t = 0;
  const times: number[] = [];
  const impulses: number[] = [];
  for (let i = 0; i < p.maxImpacts; i++) {
    times.push(t);
    const flight = (2 * e * v) / GRAVITY;
    const last = flight < p.minFlightSeconds || i === p.maxImpacts - 1;
    impulses.push(m * v * (last ? 1 : 1 + e));
    if (last) break;
    t += flight;
    v *= e;
  }
  return { times, impulses, restsAfter: t };
}

/** How long the bounces of a drop from `height` with restitution `e` last, s (closed form, endless bounces). */
export function bounceSeconds(height: number, e: number): number {
  return (2 * e * Math.sqrt(2 * GRAVITY * height)) / (GRAVITY * (1 - e));
}
