/**
 * An in-process simulated stock-parts board (issue 15) on one fake clock:
 * the scripted StandardFirmata 2.3 Mega of firmata-device.ts, whose 16
 * analogue inputs now carry the weights of a `PhysicalBoard` (stones and a
 * hand) through the emulator's own analogue front end — each pit's load
 * cell model (seeded stone masses, cup ringing), its INA125P with its
 * seeded ± 3 % offset and gain, the 10 Hz RC filter, ADC noise — behind the
 * D22-selected 2:1 switches, and whose I2C requests reach seven emulated
 * PCA9685s (0x40..0x46), so the pit LEDs johnny-five drives can be read
 * back. Under it runs the real host side: `FirmataBoard` (the ordinary
 * `BoardSession`) over `FirmataTransport`, firmata-io and `HostFirmware`,
 * with a calibration file holding each pit's tare and gain as
 * `kete calibrate` would find them.
 *
 *   const sim = await openSimulatedStockBoard({ counts, seed: 3 });
 *   sim.board                       // the BoardLink (FirmataBoard) for a Controller
 *   sim.mega.physical.hand          // lift / drop / place …
 *   await sim.run(promise)          // advances the fake clock until it settles
 *   sim.mega.ledOf("B3")            // { r, g, b } 0..255 from the PCA9685 registers
 *   await sim.close();
 *
 * Only the Firmata bytes differ from the real Mega's timing: reports come
 * every sampling interval at once (no 57600-baud pacing of the board's
 * replies); the host's own line-time accounting still paces its writes.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { seededRandom } from "../../src/shared/random.js";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { FirmataBoard } from "../../src/board/firmata/firmata-board.js";
import { formatCalibration } from "../../src/board/firmata/calibration-file.js";
import type { PitCalibration } from "../../src/board/firmata/sensing.js";
import { PitModels, StoneBox } from "../../src/emulator/pit-model.js";
import {
  AnalogFrontEnd,
  PITS_4X8,
  adcNoiseVolts,
  pitName,
  type AnalogFrontEndOptions,
} from "../../src/emulator/stock/analog-front-end.js";
import { Pca9685 } from "../../src/emulator/stock/pca9685.js";
import {
  PCA9685_CHIPS,
  PCA9685_FIRST_ADDRESS,
  RGB_DARK,
  ledChannelsOf,
  type RgbLevel,
} from "../../src/emulator/stock/stock-board.js";
import { FakeFirmataMega } from "./firmata-device.js";

/** Firmata's I2C_REQUEST sysex command. */
const I2C_REQUEST = 0x76;
const REFERENCE_VOLTS = 5;

export interface SimulatedStockOptions {
  /** Stones per pit at the start (canonical 4x8 order). */
  readonly counts: readonly number[];
  readonly seed?: number;
  /**
   * `emulated` (default): the emulator's `AnalogFrontEnd` (cup ringing, the RC
   * filter integrated in 0.25 ms steps); `stepped`: `SteppedFrontEnd`, the same
   * parts solved exactly between changes, without the ringing (about four
   * times cheaper: for the long game suites).
   */
  readonly model?: "emulated" | "stepped";
  readonly frontEnd?: Omit<AnalogFrontEndOptions, "seed" | "faults">;
  /** Pits left out of the calibration file (a board not yet calibrated: `calibration-needed`). */
  readonly uncalibrated?: readonly string[];
}

/** What the fake Mega needs of a front end. */
interface FrontEnd {
  adcCode(k: number, reference: number): number;
  expectedCode(k: number, grams: number, reference?: number): number;
}

const RAIL_LOW = 0.05;
const RAIL_HIGH = 4.95;

/**
 * The analogue front end of the design (INA125P with seeded ± spread of
 * offset and gain, a first-order RC low-pass, Gaussian noise at the ADC) for
 * a pit load that changes in steps: the stones of `PitModels` (the same
 * seeded stone masses, the same stones moving from pit to hand to pit), the
 * filter solved exactly from each change to each conversion. It leaves out
 * the cup's 140 Hz ringing, which the 10 Hz filter attenuates about 14-fold
 * and which dies in ~0.1 s, well inside a settling time of deb = 200 ms.
 */
export class SteppedFrontEnd implements FrontEnd {
  private readonly amps: { offset: number; gain: number; input: number; v: number; t: number }[] =
    [];
  private readonly random: () => number;
  private readonly noise: number;
  private readonly tau: number;

  constructor(
    private readonly pits: PitModels,
    physical: PhysicalBoard,
    options: Omit<AnalogFrontEndOptions, "faults">,
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
      const a = {
        offset: offset * (1 + spread * (2 * shape() - 1)),
        gain: gain * (1 + spread * (2 * shape() - 1)),
        input: 0,
        v: 0,
        t: now(),
      };
      this.amps.push(a);
      a.input = this.input(k);
      a.v = a.input;
    }
    // After PitModels' own listener (registered first): its stones have moved.
    physical.onChange((pit) => {
      const k = PITS_4X8_NAMES.indexOf(pit);
      const a = this.amps[k];
      if (a === undefined) return;
      this.advance(a, this.now());
      a.input = this.input(k);
    });
  }

  private input(k: number): number {
    const a = this.amps[k];
    if (a === undefined) return 0;
    let grams = 0;
    for (const s of this.pits.stonesIn(pitName(k))) grams += s;
    return Math.min(RAIL_HIGH, Math.max(RAIL_LOW, a.offset + a.gain * grams));
  }

  private advance(a: { input: number; v: number; t: number }, t: number): void {
    if (t > a.t) a.v = a.input + (a.v - a.input) * Math.exp(-(t - a.t) / this.tau);
    a.t = t;
  }

  adcCode(k: number, reference: number): number {
    const a = this.amps[k];
    if (a === undefined) return 0;
    this.advance(a, this.now());
    const volts = a.v + this.noise * this.gaussian();
    return Math.min(1023, Math.max(0, Math.round((volts / reference) * 1023)));
  }

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

const PITS_4X8_NAMES: readonly string[] = Array.from({ length: PITS_4X8 }, (_, k) => pitName(k));

/** The fake Mega with pit weights on its analogue inputs and PCA9685s on its I2C bus. */
export class SimulatedStockMega extends FakeFirmataMega {
  readonly physical: PhysicalBoard;
  readonly pits: PitModels;
  readonly afe: FrontEnd;
  readonly pca: readonly Pca9685[];
  /** I2C write requests decoded (each a PCA9685 register write burst). */
  i2cRequests = 0;

  constructor(clock: FakeScheduler, options: SimulatedStockOptions) {
    super(clock);
    const seed = options.seed ?? 1;
    this.physical = new PhysicalBoard({ geometry: "4x8", counts: options.counts });
    const indexOf = new Map<string, number>();
    for (let k = 0; k < PITS_4X8; k++) indexOf.set(pitName(k), k);
    const seconds = (): number => clock.now() / 1000;
    this.pits = new PitModels(this.physical, indexOf, new StoneBox({ seed }), { seed }, seconds);
    this.afe =
      options.model === "stepped"
        ? new SteppedFrontEnd(this.pits, this.physical, { ...options.frontEnd, seed }, seconds)
        : new AnalogFrontEnd(this.pits, { ...options.frontEnd, seed }, seconds);
    const chips: Pca9685[] = [];
    for (let i = 0; i < PCA9685_CHIPS; i++) chips.push(new Pca9685(PCA9685_FIRST_ADDRESS + i));
    this.pca = chips;
  }

  /** A conversion of pit `pit` through its amplifier, filter and switch (a stuck pit overrides). */
  override raw(pit: number): number {
    return this.stuck.get(pit) ?? this.afe.adcCode(pit, REFERENCE_VOLTS);
  }

  /** Each pit's tare and gain as `kete calibrate` finds them (40 stones on the cup). */
  calibration(): Map<string, PitCalibration> {
    const table = new Map<string, PitCalibration>();
    for (let k = 0; k < PITS_4X8; k++) {
      const tare = this.afe.expectedCode(k, 0);
      const gain = (this.afe.expectedCode(k, 40 * 5.4) - tare) / 40;
      table.set(pitName(k), { tare, gain });
    }
    return table;
  }

  /** What the RGB LED under `pit` shows: each colour's PWM level 0..255. */
  ledOf(pit: string): RgbLevel {
    const m = /^([A-D])([1-8])$/.exec(pit);
    if (m === null) return RGB_DARK;
    const k = 8 * "ABCD".indexOf(m[1] ?? "A") + Number(m[2]) - 1;
    const { address, red } = ledChannelsOf(k);
    const chip = this.pca[address - PCA9685_FIRST_ADDRESS];
    if (chip === undefined) return RGB_DARK;
    return { r: chip.level(red), g: chip.level(red + 1), b: chip.level(red + 2) };
  }

  /** Lit pits as `{ B3: "g" }` (the colours on at more than a quarter). */
  litLeds(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let k = 0; k < PITS_4X8; k++) {
      const { r, g, b } = this.ledOf(pitName(k));
      const on = `${r > 64 ? "r" : ""}${g > 64 ? "g" : ""}${b > 64 ? "b" : ""}`;
      if (on !== "") out[pitName(k)] = on;
    }
    return out;
  }

  /** I2C_REQUEST writes (Firmata: address LSB, address MSB | mode << 3, data as 7-bit pairs) reach the chips. */
  protected override sysex(body: readonly number[]): void {
    super.sysex(body);
    if (body[0] !== I2C_REQUEST) return;
    const address = (body[1] ?? 0) | (((body[2] ?? 0) & 0x07) << 7);
    const mode = ((body[2] ?? 0) >> 3) & 0x03;
    if (mode !== 0) return; // reads: the PCA9685 driver never reads
    this.i2cRequests++;
    const targets = this.pca.filter((c) => c.answers(address, true));
    for (const c of targets) c.begin(address, true);
    for (let i = 3; i + 1 < body.length; i += 2) {
      const byte = (body[i] ?? 0) | ((body[i + 1] ?? 0) << 7);
      for (const c of targets) c.write(byte);
    }
    for (const c of targets) c.end();
  }
}

export interface SimulatedStockBoard {
  readonly clock: FakeScheduler;
  readonly mega: SimulatedStockMega;
  readonly board: FirmataBoard;
  /** Advances the fake clock in `stepMs` steps until `done` or `limitMs`; whether it was done. */
  until(done: () => boolean, limitMs?: number, stepMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** A simulated stock-parts board, opened and ready (handshake done, first scan read). */
export async function openSimulatedStockBoard(
  options: SimulatedStockOptions & { readonly debounceMs?: number },
): Promise<SimulatedStockBoard> {
  const clock = new FakeScheduler();
  const mega = new SimulatedStockMega(clock, options);
  const dir = mkdtempSync(join(tmpdir(), "kete-firmata-sim-"));
  const calibrationFile = join(dir, "cal.json");
  const table = mega.calibration();
  for (const pit of options.uncalibrated ?? []) table.delete(pit);
  writeFileSync(calibrationFile, formatCalibration("simulated", table));
  const board = new FirmataBoard(mega.path, {
    binding: mega.binding,
    scheduler: clock,
    calibrationFile,
    ...(options.debounceMs === undefined ? {} : { debounceMs: options.debounceMs }),
  });
  const until = async (done: () => boolean, limitMs = 5000, stepMs = 5): Promise<boolean> => {
    const start = clock.now();
    while (!done()) {
      if (clock.now() - start > limitMs) return false;
      await clock.advance(stepMs);
    }
    return true;
  };
  if (!(await until(() => board.state === "ready", 10000))) {
    throw new Error(`the simulated stock board did not open (${board.state})`);
  }
  return {
    clock,
    mega,
    board,
    until,
    close: async () => {
      await board.close();
    },
  };
}
