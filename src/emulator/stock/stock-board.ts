/**
 * The stock-parts board of issue 15 under emulation: the genuine
 * StandardFirmata image for the Mega (hardware/firmata/StandardFirmata-mega.hex)
 * on an emulated ATmega2560 among
 *
 * - 32 load cells (the pit models of pit-model.ts: the same stones, cups and
 *   ringing as the reference board's) each behind an INA125P amplifier and a
 *   10 Hz RC filter (`AnalogFrontEnd`), two pits per analogue input A0..A15
 *   through 2:1 switches selected by D22 (PA0): D22 low, Ai reads pit i
 *   (A1..B8); D22 high, pit 16 + i (C1..D8);
 * - seven PCA9685 LED controllers at 0x40..0x46 on TWI (SDA D20, SCL D21):
 *   pit k's RGB LED (common cathode) on chip 0x40 + ⌊k / 5⌋, channels
 *   3·(k mod 5) red, +1 green, +2 blue;
 * - button 1 on D2 (PE4), button 2 on D3 (PE5), each to ground: pressed
 *   reads low when the firmware has the pin's pull-up on;
 * - USART0 (57600 baud under StandardFirmata) as a byte stream: the
 *   firmware's bytes as it sends them, host bytes one per byte time.
 *
 * The API follows `EmulatedBoard` (src/emulator/board.ts):
 *
 *   import { StockBoard, loadStandardFirmata } from "../emulator/index.js";
 *   const image = loadStandardFirmata();                       // Result<Uint8Array, EmulatorError>
 *   if (!image.ok) throw new Error(image.error.message);
 *   const board = StockBoard.create({ firmware: image.value, seed: 3, counts: 4 });
 *   if (!board.ok) throw new Error(board.error.message);
 *   const b = board.value;
 *   b.onTx((byte) => …);                        // Firmata bytes from the board
 *   b.receive([0xf0, 0x79, 0xf7]);              // REPORT_FIRMWARE query, paced at 57600 baud
 *   await b.runFor(500);                        // emulated ms, as fast as the host can
 *   b.physical.hand.lift("B3");                 // stones move; the amplifiers feel it
 *   b.ledOf("A1");                              // { r, g, b } 0..255 as the PCA9685s drive it
 *   b.press(1); b.release(1); b.reset("external");
 *   b.start({ realTime: true }); await b.stop(); // paced for people (serveStockOnPty does this)
 *
 * For a serialport client (firmata-io, johnny-five, `SerialPortStream`) in
 * memory, without a pty: `new StockBinding(board)` (stock-binding.ts) is a
 * serialport binding whose one port is this board (open resets it, as a
 * Mega's DTR does; `unplug()`/`replug()` pull and reconnect the cable).
 *
 * `board.clock` is a `Scheduler` on the cycle clock (ms since power-up): a
 * host session or a hand (`playTrace`) given it runs in emulated time,
 * deterministic for a seed. `board.afe`, `board.pca`, `board.bus` and
 * `board.uart` are the parts, for tests and benches.
 */
import { readFileSync } from "node:fs";
import { ADCMuxInputType, EEPROMMemoryBackend, PinState } from "avr8js";
import type { ADCMuxInput } from "avr8js";
import { PhysicalBoard } from "../../board/index.js";
import type { InitialCounts, Scheduler } from "../../board/index.js";
import { err, ok } from "../../shared/index.js";
import type { Result } from "../../shared/index.js";
import { CYCLES_PER_MS, EEPROM_BYTES, FLASH_BYTES, Mega2560 } from "../atmega2560.js";
import type { Chip, ResetReason } from "../atmega2560.js";
import { MegaButtons, MegaRun, megaClock } from "../mega-run.js";
import type { PaceOptions } from "../mega-run.js";
import { parseIntelHex } from "../intel-hex.js";
import { PitModels, StoneBox } from "../pit-model.js";
import type { PitModelOptions, StoneSetOptions } from "../pit-model.js";
import { ANALOG_INPUTS, AnalogFrontEnd, PITS_4X8, pitName } from "./analog-front-end.js";
import type { AmplifierFault, AnalogFrontEndOptions } from "./analog-front-end.js";
import { Pca9685, TwiBus } from "./pca9685.js";
import { UsartBridge } from "../usart-bridge.js";
import type { EmulatorError } from "../errors.js";

/** D22 is PA0 on the Mega (the select line of every analogue switch). */
const SELECT_PORT = "A";
const SELECT_BIT = 0;
export const PCA9685_FIRST_ADDRESS = 0x40;
export const PCA9685_CHIPS = 7;
export const PITS_PER_PCA9685 = 5;

/** An RGB LED as the PCA9685 channels drive it: each colour's level 0..255. */
export interface RgbLevel {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

export const RGB_DARK: RgbLevel = { r: 0, g: 0, b: 0 };

/** Where pit index k's LED sits: the chip's address and its red channel (green +1, blue +2). */
export function ledChannelsOf(k: number): { address: number; red: number } {
  return {
    address: PCA9685_FIRST_ADDRESS + Math.floor(k / PITS_PER_PCA9685),
    red: 3 * (k % PITS_PER_PCA9685),
  };
}

export interface StockBoardOptions {
  /** The flash image (`loadStandardFirmata`). */
  readonly firmware: Uint8Array;
  readonly physical?: PhysicalBoard;
  /** Stones at the start when no `physical` is given (default 4 per pit). */
  readonly counts?: InitialCounts;
  readonly seed?: number;
  readonly stones?: StoneSetOptions;
  readonly pits?: Omit<PitModelOptions, "faults" | "seed">;
  readonly frontEnd?: Omit<AnalogFrontEndOptions, "seed" | "faults">;
  /** Faulty amplifiers by pit name (A1..D8). */
  readonly faults?: Readonly<Record<string, AmplifierFault>>;
}

/** The vendored StandardFirmata image for the Mega (hardware/firmata/). */
export function standardFirmataPath(): string {
  return new URL("../../../hardware/firmata/StandardFirmata-mega.hex", import.meta.url).pathname;
}

/** The StandardFirmata flash image (default: the vendored one). */
export function loadStandardFirmata(
  path = standardFirmataPath(),
): Result<Uint8Array, EmulatorError> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    return err("no-firmware", `cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const image = parseIntelHex(text, FLASH_BYTES);
  return image.ok ? image : err(image.error.code, `${path}: ${image.error.message}`);
}

export class StockBoard {
  readonly mcu: Mega2560;
  readonly physical: PhysicalBoard;
  readonly pits: PitModels;
  readonly afe: AnalogFrontEnd;
  readonly bus = new TwiBus();
  /** The PCA9685s, 0x40 first. */
  readonly pca: readonly Pca9685[];
  readonly uart: UsartBridge;
  /** A scheduler on the emulated clock (ms since power-up). */
  readonly clock: Scheduler;
  /** Conversions by select level (tests: the switch was used both ways). */
  readonly conversions = { low: 0, high: 0 };
  private readonly buttons: MegaButtons;
  private readonly run: MegaRun;

  private constructor(options: StockBoardOptions) {
    const seed = options.seed ?? 1;
    this.physical =
      options.physical ?? new PhysicalBoard({ geometry: "4x8", counts: options.counts ?? 4 });
    this.mcu = new Mega2560(options.firmware, new EEPROMMemoryBackend(EEPROM_BYTES));
    this.buttons = new MegaButtons(this.mcu);
    this.run = new MegaRun(this.mcu);
    this.clock = megaClock(this.mcu);
    const indexOf = new Map<string, number>();
    for (let k = 0; k < PITS_4X8; k++) indexOf.set(pitName(k), k);
    const box = new StoneBox({ seed, ...options.stones });
    const seconds = (): number => this.mcu.cycles / (CYCLES_PER_MS * 1000);
    this.pits = new PitModels(this.physical, indexOf, box, { ...options.pits, seed }, seconds);
    const faults: Record<number, AmplifierFault> = {};
    for (const [pit, fault] of Object.entries(options.faults ?? {})) {
      const k = indexOf.get(pit);
      if (k !== undefined) faults[k] = fault;
    }
    this.afe = new AnalogFrontEnd(this.pits, { ...options.frontEnd, seed, faults }, seconds);
    const chips: Pca9685[] = [];
    for (let i = 0; i < PCA9685_CHIPS; i++) {
      const chip = new Pca9685(PCA9685_FIRST_ADDRESS + i);
      this.bus.attach(chip);
      chips.push(chip);
    }
    this.pca = chips;
    this.uart = new UsartBridge(this.mcu);
    this.mcu.onBuild((chip) => this.attach(chip));
  }

  /** A board with the firmware image loaded, powered up, not yet running. */
  static create(options: StockBoardOptions): Result<StockBoard, EmulatorError> {
    if (options.firmware.length !== FLASH_BYTES) {
      return err("bad-firmware", `an ATmega2560 image is ${FLASH_BYTES} bytes`);
    }
    for (const pit of Object.keys(options.faults ?? {})) {
      if (!/^[A-D][1-8]$/.test(pit)) return err("bad-fault", `no pit ${pit} on a 4x8 board`);
    }
    return ok(new StockBoard(options));
  }

  /** Emulated milliseconds since power-up. */
  get now(): number {
    return this.mcu.cycles / CYCLES_PER_MS;
  }

  // ----------------------------------------------------------------- parts

  private attach(chip: Chip): void {
    const { adc, cpu } = chip;
    adc.onADCRead = (input: ADCMuxInput) => {
      const value = this.convert(input, chip);
      cpu.addClockEvent(() => adc.completeADCRead(value), adc.sampleCycles);
    };
    this.bus.connect(chip.twi, cpu);
    chip.port("E").addListener(() => this.buttons.refresh());
    this.buttons.refresh();
  }

  /** Whether the switches' select line (D22) is high: driven high, or floating with its pull-up. */
  get selectHigh(): boolean {
    const state = this.mcu.chip.port(SELECT_PORT).pinState(SELECT_BIT);
    return state === PinState.High || state === PinState.InputPullUp;
  }

  /** One conversion: a pit through the switch for A0..A15, else the mux's constant. */
  private convert(input: ADCMuxInput, chip: Chip): number {
    const reference = chip.adc.referenceVoltage;
    if (input.type === ADCMuxInputType.SingleEnded && input.channel < ANALOG_INPUTS) {
      const high = this.selectHigh;
      if (high) this.conversions.high++;
      else this.conversions.low++;
      return this.afe.adcCode(AnalogFrontEnd.pitOf(input.channel, high), reference);
    }
    const volts = input.type === ADCMuxInputType.Constant ? input.voltage : 0;
    return Math.min(1023, Math.max(0, Math.round((volts / reference) * 1023)));
  }

  /** Presses button 1 (D2) or 2 (D3). */
  press(button: number): void {
    this.buttons.press(button);
  }

  release(button: number): void {
    this.buttons.release(button);
  }

  /** What the RGB LED under `pit` (A1..D8) shows: each colour's PWM level 0..255. */
  ledOf(pit: string): RgbLevel {
    const m = /^([A-D])([1-8])$/.exec(pit);
    if (m === null) return RGB_DARK;
    const k = 8 * "ABCD".indexOf(m[1] ?? "A") + Number(m[2]) - 1;
    const { address, red } = ledChannelsOf(k);
    const chip = this.pca[address - PCA9685_FIRST_ADDRESS];
    if (chip === undefined) return RGB_DARK;
    return { r: chip.level(red), g: chip.level(red + 1), b: chip.level(red + 2) };
  }

  /**
   * Reset pin (`external`: what opening the port does through the Mega's
   * auto-reset), a power cycle (`power`: the PCA9685s power up afresh too),
   * or a brown-out. Bytes still on their way to the board are lost.
   */
  reset(reason: ResetReason): void {
    this.uart.flush();
    if (reason === "power") for (const chip of this.pca) chip.powerOn();
    this.mcu.reset(reason);
  }

  // ------------------------------------------------------------------ UART

  /** Bytes the firmware sends, each when its stop bit is out. */
  onTx(fn: (byte: number) => void): () => void {
    return this.uart.onTx(fn);
  }

  /** Host bytes: delivered to USART0 one per byte time, in order. */
  receive(chunk: Uint8Array | readonly number[]): void {
    this.uart.receive(chunk);
  }

  // ------------------------------------------------------------------ time

  /** Runs `ms` of emulated time as fast as the host can, yielding to the event loop every slice. */
  runFor(ms: number): Promise<void> {
    return this.run.runFor(ms);
  }

  /** Runs until `done()` holds (checked every slice) or `ms` have passed; whether it held. */
  runUntil(done: () => boolean, ms: number): Promise<boolean> {
    return this.run.runUntil(done, ms);
  }

  /** Runs in the background until `stop()`, paced or as fast as possible. */
  start(pace: PaceOptions): void {
    this.run.start(pace);
  }

  get isRunning(): boolean {
    return this.run.isRunning;
  }

  stop(): Promise<void> {
    return this.run.stop();
  }
}
