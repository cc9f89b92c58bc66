/**
 * The pits' RGB LEDs through johnny-five: one `Led.RGB` per pit, controller
 * PCA9685 (`isAnode: false`), on the chips and channels of ./mega.ts.
 *
 * johnny-five keeps its PCA9685 expanders in one registry per process, keyed
 * by I2C address, each bound for good to the IO object it was created on,
 * and initialises a chip only when it creates it. A FirmataBoard, however,
 * gets a new firmata-io instance on every (re)connection, and a board reset
 * or unplug leaves chips that need initialising again. So johnny-five runs
 * here over one process-wide IO object (`I2cBridge`) that forwards I2C to
 * whichever Firmata board is attached now (writes are dropped while none
 * is), and `attach` initialises the chips again itself, with the register
 * sequence johnny-five uses (MODE1 reset, sleep, PRESCALE for 200 Hz, wake,
 * auto-increment), before the LEDs are written again. One process drives one
 * stock-parts board's LEDs at a time: the last attached.
 */
import { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import type johnnyFive from "johnny-five";
import type { RGB } from "johnny-five";
import { PCA9685_BASE, PCA9685_CHIPS, PIT_COUNT, ledWiring } from "./mega.js";
import type { Rgb } from "./leds.js";

/** The I2C calls johnny-five's PCA9685 makes (firmata-io's, or a test's recorder). */
export interface I2cBus {
  i2cConfig(options: number | { readonly delay?: number; readonly address?: number }): unknown;
  i2cWrite(address: number, bytes: readonly number[]): unknown;
  i2cWriteReg(address: number, register: number, value: number): unknown;
}

const MODE1 = 0x00;
const PRESCALE = 0xfe;
/** johnny-five's Led.RGB runs its PCA9685s at 200 Hz: round(25 MHz / (4096 × 200)) − 1. */
const PRESCALE_200HZ = Math.round(25_000_000 / (4096 * 200)) - 1;

/** The IO object johnny-five sees: I2C forwarded to the attached bus, nothing else. */
class I2cBridge extends EventEmitter {
  readonly isReady = true;
  readonly name = "kete-firmata";
  readonly pins: never[] = [];
  readonly analogPins: never[] = [];
  readonly MODES = { INPUT: 0, OUTPUT: 1, ANALOG: 2, PWM: 3, SERVO: 4, I2C: 6, PULLUP: 11 };
  readonly HIGH = 1;
  readonly LOW = 0;
  readonly RESOLUTION = { ADC: 1023, DAC: null, PWM: 255 };
  target: I2cBus | null = null;

  i2cConfig(options: number | { readonly delay?: number; readonly address?: number }): this {
    this.target?.i2cConfig(
      typeof options === "number" ? options : { delay: options.delay, address: options.address },
    );
    return this;
  }

  i2cWrite(address: number, bytes: readonly number[]): this {
    // johnny-five computes some PWM bytes as fractions; the wire carries bytes.
    this.target?.i2cWrite(
      address,
      bytes.map((b) => Math.trunc(b) & 0xff),
    );
    return this;
  }

  i2cWriteReg(address: number, register: number, value: number): this {
    this.target?.i2cWriteReg(address, register, Math.trunc(value) & 0xff);
    return this;
  }

  pinMode(): void {}
  digitalWrite(): void {}
}

interface Shared {
  readonly bridge: I2cBridge;
  readonly leds: RGB[];
}

let shared: Shared | null = null;

/** johnny-five, loaded when a stock-parts board first connects (it takes ~90 ms to load). */
let five: typeof johnnyFive | null = null;

function loadFive(): typeof johnnyFive {
  five ??= createRequire(import.meta.url)("johnny-five") as typeof johnnyFive;
  return five;
}

function create(bridge: I2cBridge): RGB[] {
  const five = loadFive();
  const board = new five.Board({ io: bridge, repl: false, debug: false, sigint: false });
  const leds: RGB[] = [];
  for (let pit = 0; pit < PIT_COUNT; pit++) {
    const { address, pins } = ledWiring(pit);
    const led = new five.Led.RGB({ board, controller: "PCA9685", address, pins, isAnode: false });
    leds.push(led);
  }
  return leds;
}

/** PCA9685 set-up as johnny-five does it, for chips it will not initialise again. */
export function initialiseChips(bus: I2cBus): void {
  for (let chip = 0; chip < PCA9685_CHIPS; chip++) {
    const address = PCA9685_BASE + chip;
    bus.i2cConfig({ address });
    bus.i2cWriteReg(address, MODE1, 0x00);
    bus.i2cWriteReg(address, MODE1, 0x10);
    bus.i2cWriteReg(address, PRESCALE, PRESCALE_200HZ);
    bus.i2cWriteReg(address, MODE1, 0x00);
    bus.i2cWriteReg(address, MODE1, 0xa0);
  }
}

/** The LED writer of the attached board. */
export interface LedOutput {
  write(pit: number, rgb: Rgb): void;
  /** Stops forwarding to this board (it is closed or gone). */
  detach(): void;
}

/** Attaches a Firmata board's I2C to the pits' LEDs, initialising its PCA9685s. */
export function attachLeds(bus: I2cBus): LedOutput {
  if (shared === null) {
    const bridge = new I2cBridge();
    bridge.target = bus;
    // johnny-five initialises every chip as it creates it: through the bridge, on this board.
    shared = { bridge, leds: create(bridge) };
  } else {
    shared.bridge.target = bus;
    initialiseChips(bus);
  }
  const { bridge, leds } = shared;
  return {
    write(pit, rgb) {
      if (bridge.target !== bus) return;
      leds[pit]?.color([rgb[0], rgb[1], rgb[2]]);
    },
    detach() {
      if (bridge.target === bus) bridge.target = null;
    },
  };
}
