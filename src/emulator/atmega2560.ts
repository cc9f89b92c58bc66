/**
 * An ATmega2560 (the Arduino Mega's chip) on avr8js, whose peripheral
 * defaults are the ATmega328P's: here with the 2560's memory (256 KB flash,
 * 22-bit PC, 8 KB SRAM from 0x200 to 0x21FF) and its own interrupt vectors
 * (avr-libc's iom2560.h: a vector is two words, so vector n sits at word 2n),
 * ports A–L with INT0–7 and PCINT0/2 where the 2560 has them, Timer0 (and
 * optionally Timer1/2),
 * USART0, SPI, EEPROM, the ADC (16 channels: MUX4..0 in ADMUX plus MUX5 in
 * ADCSRB), TWI, and a watchdog that resets the chip as the real one does.
 * The ADC reads `adc.channelValues` unless a board replaces `adc.onADCRead`;
 * TWI NACKs every address until a board sets `twi.eventHandler`.
 *
 * A reset (power, external, watchdog) rebuilds the CPU and every peripheral
 * in their reset state, keeps SRAM (as silicon does; power-on clears it) and
 * the cycle count, and sets MCUSR. Parts outside the chip attach through
 * `onBuild`, which runs after every (re)build, and keep their own time with
 * `schedule` (events on the cycle clock that survive resets).
 *
 *   const mcu = new Mega2560(flashImage, eepromBackend);
 *   mcu.onBuild((chip) => chip.port("H").addListener(…));
 *   mcu.schedule(mcu.cycles + 200_000, () => …);
 *   mcu.runUntil(mcu.cycles + 16_000);      // one emulated millisecond
 */
import {
  ADCMuxInputType,
  ADCReference,
  AVRADC,
  AVREEPROM,
  AVRIOPort,
  AVRSPI,
  AVRTimer,
  AVRTWI,
  AVRUSART,
  CPU,
  adcConfig,
  avrInstruction,
  eepromConfig,
  spiConfig,
  timer0Config,
  timer1Config,
  timer2Config,
  twiConfig,
  usart0Config,
} from "avr8js";
import type {
  ADCConfig,
  ADCMuxConfiguration,
  AVRExternalInterrupt,
  AVRPortConfig,
  EEPROMBackend,
} from "avr8js";
import { Watchdog } from "./watchdog.js";

export const MEGA_HZ = 16_000_000;
export const CYCLES_PER_MS = MEGA_HZ / 1000;
export const FLASH_BYTES = 256 * 1024;
export const EEPROM_BYTES = 4096;
/** Registers and extended I/O end at 0x1FF; SRAM is 0x200..0x21FF. */
export const SRAM_START = 0x200;
export const SRAM_BYTES = 8192;
const DATA_BYTES = SRAM_START + SRAM_BYTES;

/** Data-space addresses the emulator needs (iom2560.h, I/O address + 0x20). */
export const REG = { MCUSR: 0x54, WDTCSR: 0x60, EIND: 0x5c, RAMPZ: 0x5b } as const;
/** MCUSR flags. */
export const MCUSR_BITS = { power: 1, external: 2, brownout: 4, watchdog: 8 } as const;
export type ResetReason = keyof typeof MCUSR_BITS;

/** Vector n of iom2560.h at word 2n. */
const vector = (n: number): number => 2 * n;

function intConfig(
  index: number,
  EICR: number,
  iscOffset: number,
  vectorNum: number,
): AVRExternalInterrupt {
  return { EICR, EIMSK: 0x3d, EIFR: 0x3c, index, iscOffset, interrupt: vector(vectorNum) };
}

const pcint = (PCIE: number, PCMSK: number, vectorNum: number) => ({
  PCIE,
  PCICR: 0x68,
  PCIFR: 0x3b,
  PCMSK,
  pinChangeInterrupt: vector(vectorNum),
  mask: 0xff,
  offset: 0,
});

export type PortName = "A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "J" | "K" | "L";

/** The 2560's ports: PIN, DDR, PORT addresses and the interrupts wired to them. */
export const PORTS: Readonly<Record<PortName, AVRPortConfig>> = {
  A: { PIN: 0x20, DDR: 0x21, PORT: 0x22, externalInterrupts: [] },
  B: { PIN: 0x23, DDR: 0x24, PORT: 0x25, externalInterrupts: [], pinChange: pcint(0, 0x6b, 9) },
  C: { PIN: 0x26, DDR: 0x27, PORT: 0x28, externalInterrupts: [] },
  D: {
    PIN: 0x29,
    DDR: 0x2a,
    PORT: 0x2b,
    externalInterrupts: [0, 1, 2, 3].map((i) => intConfig(i, 0x69, 2 * i, 1 + i)),
  },
  E: {
    PIN: 0x2c,
    DDR: 0x2d,
    PORT: 0x2e,
    externalInterrupts: [null, null, null, null, 4, 5, 6, 7].map((i) =>
      i === null ? null : intConfig(i, 0x6a, 2 * (i - 4), 1 + i),
    ),
  },
  F: { PIN: 0x2f, DDR: 0x30, PORT: 0x31, externalInterrupts: [] },
  G: { PIN: 0x32, DDR: 0x33, PORT: 0x34, externalInterrupts: [] },
  H: { PIN: 0x100, DDR: 0x101, PORT: 0x102, externalInterrupts: [] },
  J: { PIN: 0x103, DDR: 0x104, PORT: 0x105, externalInterrupts: [] },
  K: { PIN: 0x106, DDR: 0x107, PORT: 0x108, externalInterrupts: [], pinChange: pcint(2, 0x6d, 11) },
  L: { PIN: 0x109, DDR: 0x10a, PORT: 0x10b, externalInterrupts: [] },
};

const TIMER0 = {
  ...timer0Config,
  compAInterrupt: vector(21),
  compBInterrupt: vector(22),
  ovfInterrupt: vector(23),
  compPortA: PORTS.B.PORT,
  compPinA: 7,
  compPortB: PORTS.G.PORT,
  compPinB: 5,
  externalClockPort: PORTS.D.PORT,
  externalClockPin: 7,
};
const TIMER1 = {
  ...timer1Config,
  captureInterrupt: vector(16),
  compAInterrupt: vector(17),
  compBInterrupt: vector(18),
  compCInterrupt: vector(19),
  ovfInterrupt: vector(20),
  OCRC: 0x8c,
  OCFC: 8,
  OCIEC: 8,
  compPortA: PORTS.B.PORT,
  compPinA: 5,
  compPortB: PORTS.B.PORT,
  compPinB: 6,
  compPortC: PORTS.B.PORT,
  compPinC: 7,
  externalClockPort: PORTS.D.PORT,
  externalClockPin: 6,
};
const TIMER2 = {
  ...timer2Config,
  compAInterrupt: vector(13),
  compBInterrupt: vector(14),
  ovfInterrupt: vector(15),
  compPortA: PORTS.B.PORT,
  compPinA: 4,
  compPortB: PORTS.H.PORT,
  compPinB: 6,
};
export const USART0 = {
  ...usart0Config,
  rxCompleteInterrupt: vector(25),
  dataRegisterEmptyInterrupt: vector(26),
  txCompleteInterrupt: vector(27),
};
const SPI = { ...spiConfig, spiInterrupt: vector(24) };
const EEPROM = { ...eepromConfig, eepromReadyInterrupt: vector(30) };
const WDT_VECTOR = vector(12);

/**
 * The 2560's ADC multiplexer (datasheet §26.8.1, table 26-4): MUX5:0 = 0..7
 * single-ended ADC0..7, 0x20..0x27 ADC8..15, 0x1E the 1.1 V bandgap, 0x1F
 * ground; the differential settings are not emulated (they read 0 V).
 */
const MEGA_ADC_INPUTS: ADCMuxConfiguration = (() => {
  const inputs: ADCMuxConfiguration = {
    0x1e: { type: ADCMuxInputType.Constant, voltage: 1.1 },
    0x1f: { type: ADCMuxInputType.Constant, voltage: 0 },
  };
  for (let i = 0; i < 8; i++) {
    inputs[i] = { type: ADCMuxInputType.SingleEnded, channel: i };
    inputs[0x20 + i] = { type: ADCMuxInputType.SingleEnded, channel: 8 + i };
  }
  return inputs;
})();

/** Same register addresses as the 328P's; 16 inputs, MUX5 counted, vector 29 (ADC_vect). */
export const ADC: ADCConfig = {
  ...adcConfig,
  adcInterrupt: vector(29),
  numChannels: 16,
  muxInputMask: 0x3f,
  muxChannels: MEGA_ADC_INPUTS,
  // REFS1:0 = 00 AREF, 01 AVCC, 10 internal 1.1 V, 11 internal 2.56 V (§26.8.1).
  adcReferences: [
    ADCReference.AREF,
    ADCReference.AVCC,
    ADCReference.Internal1V1,
    ADCReference.Internal2V56,
  ],
};
/** TWBR..TWAMR at the 328P's addresses (0xB8..0xBD); TWI_vect is vector 39. */
export const TWI = { ...twiConfig, twiInterrupt: vector(39) };

/** One build of the chip: the CPU and its peripherals, until the next reset. */
export interface Chip {
  readonly cpu: CPU;
  readonly usart: AVRUSART;
  readonly spi: AVRSPI;
  readonly adc: AVRADC;
  readonly twi: AVRTWI;
  port(name: PortName): AVRIOPort;
}

export interface Mega2560Options {
  /**
   * Emulate Timer1 and Timer2 too (default false). avr8js counts a running timer
   * with an event per prescaled tick; the Arduino core starts both for PWM but
   * the reference firmware uses only Timer0 (millis), and the two cost ≈ 6 % of
   * the emulator's speed. Their registers are plain memory when off.
   */
  readonly timers12?: boolean;
}

interface ExternalEvent {
  readonly at: number;
  readonly order: number;
  readonly fn: () => void;
}

export class Mega2560 {
  private readonly flash: Uint16Array;
  private readonly eeprom: EEPROMBackend;
  private readonly builders: ((chip: Chip) => void)[] = [];
  private readonly resetListeners: ((reason: ResetReason) => void)[] = [];
  private events: ExternalEvent[] = [];
  private order = 0;
  private stopRequested = false;
  /** Where the running `execute` stops; -Infinity when not running. */
  private stopAt = -Infinity;
  private current!: Chip;
  private ports!: Record<PortName, AVRIOPort>;
  private watchdog!: Watchdog;
  /** Resets since power-up, by reason (tests). */
  readonly resets: ResetReason[] = [];
  /** Flash words patched by `injectHang`, restored by the next reset. */
  private patches: [word: number, original: number][] = [];

  constructor(
    flashImage: Uint8Array,
    eeprom: EEPROMBackend,
    private readonly options: Mega2560Options = {},
  ) {
    if (flashImage.length !== FLASH_BYTES) {
      throw new Error(`an ATmega2560 has ${FLASH_BYTES} bytes of flash, not ${flashImage.length}`);
    }
    const words = new Uint16Array(FLASH_BYTES / 2);
    new Uint8Array(words.buffer).set(flashImage);
    this.flash = words;
    this.eeprom = eeprom;
    this.build(0, null, MCUSR_BITS.power);
  }

  get chip(): Chip {
    return this.current;
  }

  get cpu(): CPU {
    return this.current.cpu;
  }

  /** Emulated time: cycles since power-up. */
  get cycles(): number {
    return this.current.cpu.cycles;
  }

  /** Calls `fn` now and after every reset with the fresh chip. */
  onBuild(fn: (chip: Chip) => void): void {
    this.builders.push(fn);
    fn(this.current);
  }

  onReset(fn: (reason: ResetReason) => void): void {
    this.resetListeners.push(fn);
  }

  /** Runs `fn` when the cycle clock reaches `at` (kept across resets). */
  schedule(at: number, fn: () => void): void {
    const ev: ExternalEvent = { at, order: this.order++, fn };
    let i = this.events.length;
    while (i > 0) {
      const prev = this.events[i - 1] as ExternalEvent;
      if (prev.at <= at) break;
      i--;
    }
    this.events.splice(i, 0, ev);
    if (at < this.stopAt) this.stopAt = at;
  }

  /** Ends the current `runUntil` after the event being handled. */
  requestStop(): void {
    this.stopRequested = true;
  }

  /**
   * A firmware hang, as a loop that never ends: the instruction at the PC
   * becomes `rjmp .-2` (0xCFFF, a jump to itself), so the program spins there
   * with the interrupts as they were, until a reset (the watchdog's, if the
   * firmware keeps one running) restores the flash word: the reset clears
   * whatever state made the loop hang. With `mainLoop` (default) the chip first
   * runs on, at most 100,000 cycles, until it is outside an interrupt routine
   * (SREG's I flag set), so the hang is in the main loop with interrupts on.
   * Returns the word address of the hang.
   */
  injectHang({ mainLoop = true }: { mainLoop?: boolean } = {}): number {
    const SREG = 0x5f;
    const limit = this.cycles + 100_000;
    while (mainLoop && ((this.cpu.data[SREG] ?? 0) & 0x80) === 0 && this.cycles < limit) {
      this.stopAt = this.cycles + 1;
      avrInstruction(this.cpu);
      this.cpu.tick();
      this.stopAt = -Infinity;
    }
    const pc = this.cpu.pc;
    this.patches.push([pc, this.flash[pc] ?? 0]);
    this.flash[pc] = 0xcfff;
    return pc;
  }

  /** Resets the chip: every register to its reset value, MCUSR says why. */
  reset(reason: ResetReason): void {
    for (const [word, original] of this.patches.reverse()) this.flash[word] = original;
    this.patches = [];
    const cycles = this.cycles;
    const keep = reason === "power" ? null : this.current.cpu.data.slice(SRAM_START);
    const flags =
      reason === "power"
        ? MCUSR_BITS.power
        : (this.current.cpu.data[REG.MCUSR] ?? 0) | MCUSR_BITS[reason];
    this.build(cycles, keep, flags);
    this.resets.push(reason);
    if (reason === "watchdog") this.watchdog.forceAfterWatchdogReset();
    for (const fn of this.resetListeners) fn(reason);
    for (const fn of this.builders) fn(this.current);
  }

  /** Executes instructions until the cycle clock reaches `end`, firing external events on time. */
  runUntil(end: number): void {
    for (;;) {
      let next = this.events[0];
      while (next !== undefined && next.at <= this.cycles) {
        this.events.shift();
        next.fn();
        if (this.stopRequested) {
          this.stopRequested = false;
          return;
        }
        next = this.events[0];
      }
      if (this.cycles >= end) return;
      // An event scheduled while the CPU runs (a pin edge, a UART byte) pulls `stopAt` in.
      this.stopAt = next !== undefined && next.at < end ? next.at : end;
      this.execute();
    }
  }

  private execute(): void {
    // The watchdog is checked at least every emulated millisecond.
    while (this.current.cpu.cycles < this.stopAt) {
      const cpu = this.current.cpu;
      const chunk = Math.min(this.stopAt, cpu.cycles + CYCLES_PER_MS);
      while (cpu.cycles < chunk && cpu.cycles < this.stopAt) {
        avrInstruction(cpu);
        cpu.tick();
      }
      if (this.watchdog.expired()) {
        this.reset("watchdog");
      }
    }
    this.stopAt = -Infinity;
  }

  private build(cycles: number, sram: Uint8Array | null, mcusr: number): void {
    const cpu = new CPU(this.flash, DATA_BYTES - 0x100);
    cpu.cycles = cycles;
    if (sram !== null) cpu.data.set(sram, SRAM_START);
    cpu.data[REG.MCUSR] = mcusr;
    const ports = {} as Record<PortName, AVRIOPort>;
    for (const [name, config] of Object.entries(PORTS) as [PortName, AVRPortConfig][]) {
      ports[name] = new AVRIOPort(cpu, config);
    }
    new AVRTimer(cpu, TIMER0);
    if (this.options.timers12 === true) {
      new AVRTimer(cpu, TIMER1);
      new AVRTimer(cpu, TIMER2);
    }
    const usart = new AVRUSART(cpu, USART0, MEGA_HZ);
    const spi = new AVRSPI(cpu, SPI, MEGA_HZ);
    new AVREEPROM(cpu, this.eeprom, EEPROM);
    const adc = new AVRADC(cpu, ADC);
    const twi = new AVRTWI(cpu, TWI, MEGA_HZ);
    this.watchdog = new Watchdog(cpu, { MCUSR: REG.MCUSR, WDTCSR: REG.WDTCSR, vector: WDT_VECTOR });
    this.ports = ports;
    this.current = { cpu, usart, spi, adc, twi, port: (name) => this.ports[name] };
  }
}
