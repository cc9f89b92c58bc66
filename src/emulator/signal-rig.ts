/**
 * The emulated boards' signals without the AVR, for benches and tests: one
 * `PitModels` (the same physics the emulated boards use) on a clock you set,
 * with the reference board's HX711 output words (`Hx711Stream`: physics + the
 * chip's 4-conversion filter + noise) and the stock-parts board's 10-bit ADC
 * codes (`AnalogFrontEnd.adcCodeAt`: physics + INA125P + RC filter + noise)
 * for any pit. A pit's channel is its index in the canonical 4x8 order
 * (A1..A8, B1..B8, C1..C8, D1..D8) for both.
 *
 *   import { SignalRig } from "../emulator/index.js";
 *   const rig = new SignalRig({ seed: 7, counts: 4, physics: "dropped", lining: "felt", noiseLsb: 0.6 });
 *   rig.at(1).drop("A1");                 // a stone falls into A1, first impact at t = 1 s
 *   rig.restHand("A2", 0.9, 1.4);         // a hand on A2's rim from 0.9 s to 1.4 s
 *   const hx = rig.hx711("A1", 0.9);      // A1's HX711, first conversion at 0.9 s
 *   while (hx.time < 1.5) console.log(hx.time, hx.next());   // time: the next conversion's
 *   for (let t = 0.9; t < 1.5; t += 0.03) console.log(t, rig.adcCode("A1", t));
 *   rig.hx711Cell("A1");                  // { zero, perStone }: what a calibration finds
 *   rig.expectedCode("A1", 5);            // A1's stock code with 5 stones at rest, no noise
 *   rig.pits.lastDrop("A1");              // how the stone fell: height, restitution, impacts
 *
 * Changes happen at the clock's time (`at`); ask for signals after setting
 * it. `adcCode` times must not go back for a pit (its RC filter runs forward);
 * `hx711` streams may start anywhere.
 */
import { PhysicalBoard } from "../board/index.js";
import type { InitialCounts } from "../board/index.js";
import { Hx711Stream } from "./hx711.js";
import { PitModels, StoneBox } from "./pit-model.js";
import type { PitModelOptions, RestingHand, StoneSetOptions } from "./pit-model.js";
import { AnalogFrontEnd, PITS_4X8, pitName } from "./stock/analog-front-end.js";
import type { AnalogFrontEndOptions } from "./stock/analog-front-end.js";

export interface SignalRigOptions extends Omit<PitModelOptions, "seed" | "faults"> {
  readonly seed?: number;
  /** Stones at the start (default 4 a pit). */
  readonly counts?: InitialCounts;
  readonly stones?: StoneSetOptions;
  /** The stock board's front end (noise: `noiseLsb`). */
  readonly frontEnd?: Omit<AnalogFrontEndOptions, "seed" | "faults">;
  /** Shorthand for `frontEnd.noiseLsb`. */
  readonly noiseLsb?: number;
}

export class SignalRig {
  readonly physical: PhysicalBoard;
  readonly pits: PitModels;
  readonly afe: AnalogFrontEnd;
  readonly seed: number;
  private readonly box: StoneBox;
  private t = 0;

  constructor(options: SignalRigOptions = {}) {
    const { seed = 1, counts = 4, stones, frontEnd, noiseLsb, ...pitOptions } = options;
    this.seed = seed;
    this.physical = new PhysicalBoard({ geometry: "4x8", counts });
    const channels = new Map<string, number>();
    for (let k = 0; k < PITS_4X8; k++) channels.set(pitName(k), k);
    this.box = new StoneBox({ seed, ...stones });
    const clock = (): number => this.t;
    this.pits = new PitModels(this.physical, channels, this.box, { ...pitOptions, seed }, clock);
    const afe = noiseLsb === undefined ? { ...frontEnd } : { ...frontEnd, noiseLsb };
    this.afe = new AnalogFrontEnd(this.pits, { ...afe, seed }, clock);
  }

  /** The clock, s. */
  get time(): number {
    return this.t;
  }

  /** Sets the clock (s): the next change happens then. */
  at(seconds: number): this {
    this.t = seconds;
    return this;
  }

  /** `n` stones fall into `pit` now (the first impact now). */
  drop(pit: string, n = 1): this {
    const r = this.physical.adjust(pit, n);
    if (!r.ok) throw new Error(r.error.message);
    return this;
  }

  /** `n` stones lifted out of `pit` now. */
  lift(pit: string, n = 1): this {
    const r = this.physical.adjust(pit, -n);
    if (!r.ok) throw new Error(r.error.message);
    return this;
  }

  /** A hand on `pit`'s rim from `from` to `until` (s). */
  restHand(pit: string, from: number, until: number, options?: RestingHand): this {
    this.pits.restHand(pit, from, until, options);
    return this;
  }

  /** The pit's channel (its canonical index). */
  channel(pit: string): number {
    const ch = this.pits.channelOf(pit);
    if (ch === undefined) throw new Error(`no pit ${pit} on a 4x8 board`);
    return ch;
  }

  /** The pit's HX711, its first conversion at `fromSeconds`; its noise seeded by the rig's seed. */
  hx711(pit: string, fromSeconds: number, sps?: number): Hx711Stream {
    return new Hx711Stream(this.pits, this.channel(pit), {
      seed: this.seed,
      startSeconds: fromSeconds,
      ...(sps === undefined ? {} : { sps }),
    });
  }

  /** The pit's HX711 words over [from, until), conversion by conversion (allocates the arrays). */
  hx711Words(pit: string, from: number, until: number): { times: number[]; words: number[] } {
    const stream = this.hx711(pit, from);
    const times: number[] = [];
    const words: number[] = [];
    while (stream.time < until) {
      times.push(stream.time);
      words.push(stream.next());
    }
    return { times, words };
  }

  /** The HX711 counts a calibration finds for the pit: the empty cup's reading, counts per stone. */
  hx711Cell(pit: string): { zero: number; perStone: number } {
    const cell = this.pits.cellOf(this.channel(pit));
    return { zero: cell.zero, perStone: cell.countsPerGram * this.stoneGrams };
  }

  /** The stock board's 10-bit code of `pit` at `seconds` (not before its last one), against 5 V. */
  adcCode(pit: string, seconds: number): number {
    return this.afe.adcCodeAt(this.channel(pit), seconds);
  }

  /** The pit's code with `stones` nominal stones at rest, no noise (a calibration's view). */
  expectedCode(pit: string, stones: number): number {
    return this.afe.expectedCode(this.channel(pit), stones * this.stoneGrams);
  }

  /** The stone set's nominal mass, grams. */
  get stoneGrams(): number {
    return this.box.grams;
  }
}
