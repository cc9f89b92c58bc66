/**
 * The reference board (hardware/README.md) around an emulated ATmega2560
 * running a firmware image: 32 HX711s fed by pit models that follow a
 * `PhysicalBoard`, the SK9822 chain decoded from SPI, two buttons, the D13
 * LED, an EEPROM that may live in a file, and USART0 as a byte stream whose
 * receive side is paced at the UART's byte time.
 *
 *   const board = EmulatedBoard.create({ firmware: image, seed: 3, counts: 4 });
 *   board.onTx((byte) => …);               // bytes the firmware sends
 *   board.receive("01 HELLO 1*AF\n");     // bytes to the firmware, one per byte time
 *   await board.runFor(500);               // emulated ms, as fast as the host can
 *   board.physical.hand.lift("B3");        // stones move; the load cells feel it
 *   board.ledOf("A1"); board.press(1); board.reset("external");
 *   board.start({ realTime: true }); await board.stop();   // paced for people
 *
 * Time is the chip's cycle clock: `board.clock` is a `Scheduler` on it, so a
 * hand (`playTrace`) or a `BoardSession` given that clock runs in emulated
 * time, deterministic for a seed whatever the machine's load.
 */
import { readFileSync } from "node:fs";
import { PhysicalBoard, parseWiringText } from "../board/index.js";
import type { BoardWiring, InitialCounts, Scheduler } from "../board/index.js";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { CYCLES_PER_MS, FLASH_BYTES, Mega2560 } from "./atmega2560.js";
import type { Chip, ResetReason } from "./atmega2560.js";
import { calibrateAtFactory } from "./calibration.js";
import { EepromFile } from "./eeprom-file.js";
import { GEMS_ROWS, Hx711Bank, REFERENCE_ROWS } from "./hx711.js";
import type { Hx711Options } from "./hx711.js";
import { parseIntelHex } from "./intel-hex.js";
import { PitModels, StoneBox } from "./pit-model.js";
import type { PitModelOptions, SensorFault, StoneSetOptions } from "./pit-model.js";
import { MegaButtons, MegaRun, megaClock } from "./mega-run.js";
import type { PaceOptions } from "./mega-run.js";
import { Pn5180Bank } from "./pn5180.js";
import type { IsoTag, Pn5180Options } from "./pn5180.js";
import { DARK, Sk9822Chain } from "./sk9822.js";
import { UsartBridge } from "./usart-bridge.js";
import { AbaloneField } from "./abalone-field.js";
import { NeutralSwitches } from "./ldc0851.js";
import { AbaloneSensors } from "./abalone-sensors.js";
import { calibrateHallAtFactory, followHoles } from "./abalone-board.js";
import { GEMS, seededRandom, shapeOf } from "../shared/index.js";
import type { GeometryId } from "../shared/index.js";
import type { Gem } from "../protocol/index.js";
import type { LedColour } from "./sk9822.js";
import type { EmulatorError } from "./errors.js";

export { SLICE_CYCLES, type PaceOptions } from "./mega-run.js";

export interface EmulatedBoardOptions {
  /** The flash image (`loadFirmware`). */
  readonly firmware: Uint8Array;
  readonly physical?: PhysicalBoard;
  /** Stones at the start when no `physical` is given (default 4 per pit). */
  readonly counts?: InitialCounts;
  readonly seed?: number;
  readonly stones?: StoneSetOptions;
  readonly pits?: Omit<PitModelOptions, "faults" | "seed">;
  /** Faulty sensors by pit name. */
  readonly faults?: Readonly<Record<string, SensorFault>>;
  readonly hx711?: Omit<Hx711Options, "seed">;
  /**
   * Start with every pit calibrated (the firmware's EEPROM records written for
   * the emulated cells, where a pit has none yet). Default false: a new board.
   */
  readonly calibrated?: boolean;
  /** Where the EEPROM is kept between runs (default: in memory only). */
  readonly eepromPath?: string | null;
  /** Emulate Timer1 and Timer2 as well (see `Mega2560Options`). */
  readonly timers12?: boolean;
  /** Default: hardware/geometry/4x8.json (2x5+2.json for `geometry: "2x5+2"`). */
  readonly wiring?: BoardWiring;
  /**
   * The board: `4x8` (default, the reference board) or `2x5+2`, the
   * Glassperlenspiel board (hardware/glassperlenspiel.md: 12 load cells on one
   * clock, a PN5180 per place reading the gems' ISO 15693 tags, the LED chain
   * bit-banged on D4/D5), for `build/kete_gems.hex`.
   */
  readonly geometry?: GeometryId;
  /** `hex61`: the Hall sensors' noise scale (1 = the datasheet's). */
  readonly hallNoise?: number;
  /** `2x5+2`: the readers' miss rates and the gems' settling time. */
  readonly readers?: Omit<Pn5180Options, "seed">;
  /**
   * `2x5+2`: the gems' tags as bought, DSFID and AFI 0, not yet enrolled
   * (glassperlenspiel.md §5.3); default false: enrolled at the factory.
   */
  readonly blankTags?: boolean;
}

/** A gem's tag on the emulated board. */
export interface GemTag {
  readonly uid: bigint;
  /** What its DSFID and AFI hold now (the enrolment writes them). */
  readonly dsfid: number;
  readonly afi: number;
  /** The gem's mass, grams. */
  readonly grams: number;
}

/** The AFI the Glassperlenspiel firmware writes to its gems (kete_gems/gems.h, glassperlenspiel.md §2.3). */
export const GEM_AFI = 0xc7;
/** The DSFID naming a gem (§2.3): 0x11..0x15 = S1..S5, 0x21..0x25 = N1..N5. */
export function gemDsfid(gem: Gem): number {
  const i = GEMS.indexOf(gem);
  return i < 5 ? 0x11 + i : 0x21 + i - 5;
}
/** A gem weighs 1.5 plain stones (§5.2). */
const GEM_STONES = 1.5;

/** A firmware image from an Intel HEX file. */
export function loadFirmware(path: string): Result<Uint8Array, EmulatorError> {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    return err("no-firmware", `cannot read ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const image = parseIntelHex(text, FLASH_BYTES);
  return image.ok ? image : err(image.error.code, `${path}: ${image.error.message}`);
}

/** The reference board's wiring (hardware/geometry/4x8.json), or another geometry's. */
export function referenceWiring(geometry: GeometryId = "4x8"): Result<BoardWiring, EmulatorError> {
  const url = new URL(`../../hardware/geometry/${geometry}.json`, import.meta.url);
  try {
    return parseWiringText(readFileSync(url, "utf8"));
  } catch (e) {
    return err("bad-wiring", `cannot read ${url.pathname}: ${String(e)}`);
  }
}

export class EmulatedBoard {
  readonly mcu: Mega2560;
  readonly physical: PhysicalBoard;
  readonly pits: PitModels;
  readonly hx711: Hx711Bank;
  readonly chain: Sk9822Chain;
  readonly eeprom: EepromFile;
  readonly wiring: BoardWiring;
  /**
   * `hex61` (hardware/abalone.md, `build/kete_abalone.hex`): the marbles' fields
   * (following `physical`'s holes) and the 61 TMAG5273 behind 8 TCA9548A on the
   * TWI; null on the other boards.
   */
  readonly marbles: AbaloneField | null = null;
  readonly hall: AbaloneSensors | null = null;
  /** hex61: the neutral marble's inductive switches and their 74HCT165 chain (hardware/abalone.md §2.3). */
  readonly neutral: NeutralSwitches | null = null;
  /** `2x5+2`: the PN5180 readers (null on `4x8`). */
  readonly readers: Pn5180Bank | null = null;
  /** `2x5+2`: each gem's tag (UID, DSFID, AFI) and where and since when it lies. */
  private readonly tags = new Map<
    Gem,
    { uid: bigint; grams: number; since: number; dead: boolean; dsfid: number; afi: number }
  >();
  /** A plain stone's mass, grams (the stone set's nominal). */
  readonly stoneGrams: number;
  private lastLedClock = 0;
  /** A scheduler on the emulated clock (ms since power-up). */
  readonly clock: Scheduler;
  /** D13 ("L"): lit now, and how often it changed. */
  led13 = false;
  led13Changes = 0;
  /**
   * USART0 and the USB bridge (the stock board's part; here with avr8js's own
   * UDRE0 and bytes to the host as the firmware writes them, as this board
   * always ran: see usart-bridge.ts), 115200 baud until the firmware sets one.
   */
  readonly uart: UsartBridge;
  private lastMosiBit = 0;
  private readonly buttons: MegaButtons;
  private readonly run: MegaRun;
  private lastFlush = 0;

  private constructor(options: EmulatedBoardOptions, wiring: BoardWiring, eeprom: EepromFile) {
    const seed = options.seed ?? 1;
    this.wiring = wiring;
    this.eeprom = eeprom;
    // What the board senses is its shape's (src/shared/shapes): gems by tag, or marbles.
    const geometry = options.geometry ?? "4x8";
    const kind = shapeOf(geometry).kind;
    const gems = kind === "gems";
    const hex = kind === "holes";
    this.physical =
      options.physical ??
      new PhysicalBoard({
        geometry,
        ...(options.counts === undefined || hex ? {} : { counts: options.counts }),
      });
    this.mcu = new Mega2560(options.firmware, eeprom, { timers12: options.timers12 === true });
    this.buttons = new MegaButtons(this.mcu);
    this.run = new MegaRun(this.mcu, () => this.afterSlice());
    this.clock = megaClock(this.mcu);
    this.uart = new UsartBridge(this.mcu, {
      idleBaud: 115_200,
      siliconUdre: false,
      txAtStopBit: false,
    });
    const channelOf = new Map(wiring.pits.map((p) => [p.pit, p.channel]));
    const faults: Record<number, SensorFault> = {};
    for (const [pit, fault] of Object.entries(options.faults ?? {})) {
      const ch = channelOf.get(pit);
      if (ch !== undefined) faults[ch] = fault;
    }
    const box = new StoneBox({ seed, ...options.stones });
    this.stoneGrams = box.grams;
    this.pits = new PitModels(
      this.physical,
      channelOf,
      box,
      { ...options.pits, seed, faults },
      () => this.mcu.cycles / (CYCLES_PER_MS * 1000),
    );
    if (options.calibrated === true && !hex)
      calibrateAtFactory(eeprom, wiring, this.pits, box.grams);
    const rows = gems ? GEMS_ROWS : REFERENCE_ROWS;
    this.hx711 = new Hx711Bank(this.mcu, this.pits, rows, { ...options.hx711, seed });
    if (gems) {
      this.readers = new Pn5180Bank(
        this.mcu,
        wiring.sensor.readers,
        (r) => this.tagsOver(r),
        { ...options.readers, seed },
        (uid, field, value) => {
          for (const t of this.tags.values()) if (t.uid === uid) t[field] = value & 0xff;
        },
      );
      this.placeGems(seed, box.grams, options.blankTags === true);
    }
    if (hex) {
      const field = new AbaloneField({ seed });
      const physical = this.physical;
      let synced = -1;
      const now = (): number => this.mcu.cycles / (CYCLES_PER_MS * 1000);
      this.marbles = field;
      this.hall = new AbaloneSensors({
        field: {
          field: (h: number, t: number) => {
            if (t !== synced) followHoles(field, physical, t);
            synced = t;
            return field.field(h, t);
          },
        },
        clock: now,
        seed,
        noise: options.hallNoise ?? 1,
      });
      this.neutral = new NeutralSwitches({
        conductors: (t: number) => {
          if (t !== synced) followHoles(field, physical, t);
          synced = t;
          return field.conductors(t);
        },
        seed,
      });
      // the standard start (AB-1) already lies still when the board powers up
      followHoles(field, physical, -10);
      if (options.calibrated === true) calibrateHallAtFactory(eeprom, this.hall);
    }
    this.chain = new Sk9822Chain(wiring.leds?.count ?? 0);
    this.mcu.onBuild((chip) => this.attach(chip));
  }

  /** A board with the firmware image loaded, powered up, not yet running. */
  static create(options: EmulatedBoardOptions): Result<EmulatedBoard, EmulatorError> {
    const wiring =
      options.wiring === undefined
        ? referenceWiring(options.geometry ?? "4x8")
        : ok(options.wiring);
    if (!wiring.ok) return wiring;
    const eeprom = EepromFile.open(options.eepromPath ?? null);
    if (!eeprom.ok) return eeprom;
    return ok(new EmulatedBoard(options, wiring.value, eeprom.value));
  }

  /** Emulated milliseconds since power-up. */
  get now(): number {
    return this.mcu.cycles / CYCLES_PER_MS;
  }

  // ----------------------------------------------------------------- parts

  private attach(chip: Chip): void {
    const { cpu, spi } = chip;
    if (this.readers !== null) {
      const readers = this.readers;
      spi.onByte = (value) => {
        const miso = readers.transfer(value);
        cpu.addClockEvent(() => spi.completeTransfer(miso), spi.transferCycles);
      };
      // the LED chain bit-banged: data D4 (PG5), clock D5 (PE3), taken on the rising edge
      this.lastLedClock = 0;
      chip.port("E").addListener((value) => {
        const clock = (value >> 3) & 1;
        if (clock === 1 && this.lastLedClock === 0)
          this.chain.clockIn(((cpu.data[0x34] ?? 0) >> 5) & 1);
        this.lastLedClock = clock;
      });
    } else
      spi.onByte = (value) => {
        const ddrB = cpu.data[0x24] ?? 0;
        const pinB = cpu.data[0x23] ?? 0;
        if (!(ddrB & 1) && !(pinB & 1)) {
          // SS an input and low: the SPI unit drops out of master mode (datasheet §21.3.2).
          cpu.data[0x4c] = (cpu.data[0x4c] ?? 0) & ~0x10;
        } else if (spi.isMaster && (ddrB & 0b110) === 0b110) {
          this.chain.push(this.onTheWire(value, spi.dataOrder === "lsbFirst", spi.spiMode));
        }
        cpu.addClockEvent(() => spi.completeTransfer(0), spi.transferCycles);
      };
    chip.port("E").addListener(() => this.buttons.refresh());
    this.buttons.refresh();
    if (this.hall !== null) {
      const hall = this.hall;
      hall.bus.connect(chip.twi, cpu);
      hall.reset(); // a reset of the Mega: D53 floats low until the firmware drives it
      const neutral = this.neutral;
      if (neutral !== null) {
        // D22 PL, D23 CP (PA0, PA1) driven by a firmware with the switches; Q7 on D24 (PA2)
        const portA = chip.port("A");
        const now = (): number => this.mcu.cycles / (CYCLES_PER_MS * 1000);
        portA.setPin(2, true);
        portA.addListener((value) => {
          neutral.pins(value, now());
          portA.setPin(2, neutral.q7 === 1);
        });
      }
      chip.port("B").addListener((value) => {
        // D53 (PB0) driven low: the switches' RESET (hardware/abalone.md §9.1)
        if ((cpu.data[0x24] ?? 0) & 1 && !(value & 1)) hall.reset();
      });
    }
    chip.port("B").addListener((value) => {
      const lit = ((value >> 7) & 1) === 1 && ((cpu.data[0x24] ?? 0) & 0x80) !== 0;
      if (lit !== this.led13) this.led13Changes++;
      this.led13 = lit;
    });
    this.led13 = false;
  }

  /**
   * The bits the LEDs sample on SCK's rising edges: MSB first unless DORD; in
   * SPI modes 1 and 2 the data changes on that very edge; modelled as each LED
   * seeing the bit before, a stream one bit late (the start frame realigns it).
   */
  private onTheWire(value: number, lsbFirst: boolean, mode: number): number {
    const bits = lsbFirst ? reverseBits(value) : value;
    if (mode === 0 || mode === 3) return bits;
    const seen = ((this.lastMosiBit << 7) | (bits >> 1)) & 0xff;
    this.lastMosiBit = bits & 1;
    return seen;
  }

  // ------------------------------------------------------------------ gems

  /** Gives each gem a tag (seeded UID, its DSFID, the board's AFI) and its weight on the cells. */
  private placeGems(seed: number, stoneGrams: number, blank: boolean): void {
    const random = seededRandom((seed ^ 0x15693) >>> 0);
    for (const gem of GEMS) {
      // NXP ICODE UIDs: E0 (ISO/IEC 15693), 04 (NXP), 01 (ICODE), then the serial
      const serial =
        BigInt(Math.floor(random() * 2 ** 32)) | (BigInt(Math.floor(random() * 2 ** 8)) << 32n);
      const uid = 0xe0040100_00000000n | serial;
      const grams = stoneGrams * GEM_STONES * (1 + 0.01 * (2 * random() - 1));
      this.tags.set(gem, {
        uid,
        grams,
        since: -1000,
        dead: false,
        dsfid: blank ? 0 : gemDsfid(gem),
        afi: blank ? 0 : GEM_AFI,
      });
      const at = this.physical.whereIs(gem);
      if (at !== null) this.pits.addLoad(at, grams, false);
    }
    this.physical.onGemChange((gem, from, to) => {
      const tag = this.tags.get(gem);
      if (tag === undefined) return;
      tag.since = this.now;
      if (from !== null) this.pits.addLoad(from, -tag.grams);
      if (to !== null) this.pits.addLoad(to, tag.grams);
    });
  }

  /** The tags over reader `r`'s antenna: the gems in its place. */
  private tagsOver(r: number): readonly IsoTag[] {
    const pit = this.wiring.pits.find((p) => p.reader === r)?.pit;
    if (pit === undefined) return [];
    return this.physical.gems(pit).map((gem) => {
      const t = this.tags.get(gem);
      return {
        uid: t?.uid ?? 0n,
        dsfid: t?.dsfid ?? 0,
        afi: t?.afi ?? 0,
        since: t?.since ?? 0,
        dead: t?.dead ?? false,
      };
    });
  }

  /** A gem's tag as it is now (null: no such gem on this board). */
  tagOf(gem: Gem): GemTag | null {
    const t = this.tags.get(gem);
    return t === undefined ? null : { uid: t.uid, dsfid: t.dsfid, afi: t.afi, grams: t.grams };
  }

  /** A gem's tag dies (a cracked inlay) or comes back (re-enrolled): glassperlenspiel.md §6.1. */
  setTagDead(gem: Gem, dead: boolean): void {
    const t = this.tags.get(gem);
    if (t !== undefined) t.dead = dead;
  }

  /** Presses button 1 (confirm, PE4) or 2 (end turn, PE5). */
  press(button: number): void {
    this.buttons.press(button);
  }

  release(button: number): void {
    this.buttons.release(button);
  }

  /** What the LED under `pit` shows. */
  ledOf(pit: string): LedColour {
    const i = this.wiring.byPit.get(pit)?.led;
    return i === null || i === undefined ? DARK : (this.chain.shown[i] ?? DARK);
  }

  /** Reset pin (`external`), a power cycle (`power`), or a brown-out. */
  reset(reason: ResetReason): void {
    this.uart.flush();
    this.mcu.reset(reason);
  }

  /**
   * Power back after the USB cable was out (serveOnPty's replug): a power-on
   * reset; on hex61 the Hall sensors, fed from USB too, power up afresh (POR).
   */
  powerUp(): void {
    if (this.hall !== null) {
      this.hall.unplug(true);
      this.hall.unplug(false);
    }
    this.reset("power");
  }

  // ------------------------------------------------------------------ UART

  /** Host bytes dropped because the UART was off (booting) or the bridge overflowed. */
  get rxDropped(): number {
    return this.uart.rxDropped;
  }

  /** Host bytes lost in the UART itself: both receive buffers full (DOR), the firmware too slow. */
  get rxOverruns(): number {
    return this.uart.rxOverruns;
  }

  /** Bytes the firmware sends, as it writes them. */
  onTx(fn: (byte: number) => void): () => void {
    return this.uart.onTx(fn);
  }

  /** Host bytes: delivered to USART0 one per byte time, in order. */
  receive(chunk: Uint8Array | string): void {
    this.uart.receive(chunk);
  }

  // ------------------------------------------------------------------ time

  private afterSlice(): void {
    if (this.now - this.lastFlush >= 100) {
      this.eeprom.flush();
      this.lastFlush = this.now;
    }
  }

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

  async stop(): Promise<void> {
    await this.run.stop();
    this.eeprom.flush();
  }
}

function reverseBits(v: number): number {
  let r = 0;
  for (let i = 0; i < 8; i++) r |= ((v >> i) & 1) << (7 - i);
  return r;
}
