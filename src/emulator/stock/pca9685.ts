/**
 * PCA9685 16-channel 12-bit PWM LED controllers on the ATmega2560's TWI, as
 * the NXP datasheet (rev. 4) describes them, to the extent johnny-five's
 * PCA9685 expander driver and any register-level user need:
 *
 * - registers MODE1 (0x00, reset 0x11: SLEEP and ALLCALL), MODE2 (0x01,
 *   reset 0x04), LEDn_ON_L/H and LEDn_OFF_L/H at 0x06 + 4n, ALL_LED_ON/OFF
 *   (0xFA..0xFD, writing them loads every LEDn register; they read 0), and
 *   PRE_SCALE (0xFE, reset 0x1E; written only while SLEEP is set);
 * - a write transaction's first byte is the control register (the register
 *   pointer), each further byte goes to the pointer, which advances after
 *   every byte when MODE1.AI (0x20) is set and stays put otherwise; reads
 *   return the register at the pointer (ALL_LED reads 0) likewise;
 * - bit 4 of LEDn_ON_H is "full on", bit 4 of LEDn_OFF_H "full off" (full off
 *   wins); otherwise the output is high from count ON to count OFF of the
 *   4096-count period, duty (OFF − ON) mod 4096;
 * - while SLEEP is set the oscillator is off and every output is off;
 *   MODE2.INVRT inverts the outputs;
 * - the chip answers its own address and, while MODE1.ALLCALL is set, the
 *   LED All Call address 0x70 (writes only).
 *
 *   const bus = new TwiBus();
 *   const chip = new Pca9685(0x40); bus.attach(chip);
 *   mcu.onBuild((c) => bus.connect(c.twi, c.cpu));   // then the firmware's Wire calls reach it
 *   chip.level(3)                                    // 0..255: channel 3's duty as an 8-bit value
 *
 * Bus timing: each START, STOP and byte (9 SCL periods with its acknowledge)
 * takes the time the SCL frequency set by TWBR and the prescaler gives
 * (100 kHz under the Arduino Wire library: 90 µs a byte).
 */
import type { AVRTWI, CPU, TWIEventHandler } from "avr8js";
import { MEGA_HZ } from "../atmega2560.js";

export const PCA9685_REG = {
  MODE1: 0x00,
  MODE2: 0x01,
  LED0_ON_L: 0x06,
  ALL_LED_ON_L: 0xfa,
  ALL_LED_OFF_H: 0xfd,
  PRE_SCALE: 0xfe,
} as const;
export const PCA9685_ALL_CALL = 0x70;
const MODE1_AI = 0x20;
const MODE1_SLEEP = 0x10;
const MODE1_ALLCALL = 0x01;
const MODE1_RESTART = 0x80;
const MODE2_INVRT = 0x10;
const FULL = 0x10;

/** A device on the I2C bus, addressed by its 7-bit address. */
export interface I2cDevice {
  /** Whether the device acknowledges this 7-bit address. */
  answers(address: number, write: boolean): boolean;
  /** A START (or repeated START) addressed it; `write` is the R/W bit's meaning. */
  begin(address: number, write: boolean): void;
  /** A byte written to it; whether it acknowledges. */
  write(byte: number): boolean;
  /** A byte it sends to the master. */
  read(): number;
  /** STOP. */
  end(): void;
}

export class Pca9685 implements I2cDevice {
  readonly regs = new Uint8Array(256);
  private pointer = 0;
  /** The first byte of a write transaction sets the pointer. */
  private expectPointer = false;
  /** Register writes received (tests, benches). */
  writes = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(readonly address: number) {
    this.powerOn();
  }

  /** The power-on state (datasheet §7.3). */
  powerOn(): void {
    this.regs.fill(0);
    this.regs[PCA9685_REG.MODE1] = MODE1_SLEEP | MODE1_ALLCALL;
    this.regs[PCA9685_REG.MODE2] = 0x04;
    this.regs[0x02] = 0xe2;
    this.regs[0x03] = 0xe4;
    this.regs[0x04] = 0xe8;
    this.regs[0x05] = 0xe0;
    for (let n = 0; n < 16; n++) this.regs[PCA9685_REG.LED0_ON_L + 4 * n + 3] = FULL;
    this.regs[PCA9685_REG.PRE_SCALE] = 0x1e;
    this.pointer = 0;
    this.notify();
  }

  /** Called after every register write that may change an output. */
  onChange(fn: () => void): void {
    this.listeners.push(fn);
  }

  answers(address: number, write: boolean): boolean {
    if (address === this.address) return true;
    return (
      write &&
      address === PCA9685_ALL_CALL &&
      ((this.regs[PCA9685_REG.MODE1] ?? 0) & MODE1_ALLCALL) !== 0
    );
  }

  begin(_address: number, write: boolean): void {
    this.expectPointer = write;
  }

  write(byte: number): boolean {
    if (this.expectPointer) {
      this.pointer = byte & 0xff;
      this.expectPointer = false;
      return true;
    }
    this.store(this.pointer, byte & 0xff);
    this.writes++;
    this.advance();
    this.notify();
    return true;
  }

  read(): number {
    const r = this.pointer;
    const value =
      r >= PCA9685_REG.ALL_LED_ON_L && r <= PCA9685_REG.ALL_LED_OFF_H ? 0 : this.regs[r];
    this.advance();
    return value ?? 0;
  }

  end(): void {
    this.expectPointer = false;
  }

  private advance(): void {
    if (((this.regs[PCA9685_REG.MODE1] ?? 0) & MODE1_AI) !== 0) {
      this.pointer = (this.pointer + 1) & 0xff;
    }
  }

  private store(reg: number, value: number): void {
    const mode1 = this.regs[PCA9685_REG.MODE1] ?? 0;
    if (reg === PCA9685_REG.MODE1) {
      // Writing RESTART as 1 clears it (§7.3.1.1); the other bits are plain.
      this.regs[reg] = value & ~MODE1_RESTART;
    } else if (reg === PCA9685_REG.PRE_SCALE) {
      if (mode1 & MODE1_SLEEP) this.regs[reg] = Math.max(3, value);
    } else if (reg >= PCA9685_REG.ALL_LED_ON_L && reg <= PCA9685_REG.ALL_LED_OFF_H) {
      const k = reg - PCA9685_REG.ALL_LED_ON_L;
      for (let n = 0; n < 16; n++) this.regs[PCA9685_REG.LED0_ON_L + 4 * n + k] = value;
    } else if (reg >= 0xff || (reg >= 0x46 && reg < PCA9685_REG.ALL_LED_ON_L)) {
      // Reserved and test-mode registers: ignored.
    } else {
      this.regs[reg] = value;
    }
  }

  /** Channel `n`'s duty cycle, 0..4096 counts of the 4096-count period (0 while asleep). */
  duty(n: number): number {
    const base = PCA9685_REG.LED0_ON_L + 4 * n;
    const r = this.regs;
    let counts: number;
    if (((r[base + 3] ?? 0) & FULL) !== 0) counts = 0;
    else if (((r[base + 1] ?? 0) & FULL) !== 0) counts = 4096;
    else {
      const on = (((r[base + 1] ?? 0) & 0x0f) << 8) | (r[base] ?? 0);
      const off = (((r[base + 3] ?? 0) & 0x0f) << 8) | (r[base + 2] ?? 0);
      counts = (off - on + 4096) % 4096;
    }
    if (((r[PCA9685_REG.MODE1] ?? 0) & MODE1_SLEEP) !== 0) return 0;
    return ((r[PCA9685_REG.MODE2] ?? 0) & MODE2_INVRT) !== 0 ? 4096 - counts : counts;
  }

  /**
   * Channel `n` as an 8-bit level, 0..255: johnny-five writes level v as OFF =
   * 4095·v/255 (0 and 255 as full off and full on), so this gives v back.
   */
  level(n: number): number {
    return Math.min(255, Math.round((this.duty(n) * 255) / 4095));
  }

  /** PWM frequency, Hz, from PRE_SCALE and the 25 MHz internal oscillator (§7.3.5). */
  get frequency(): number {
    return 25e6 / (4096 * ((this.regs[PCA9685_REG.PRE_SCALE] ?? 0x1e) + 1));
  }

  private notify(): void {
    for (const fn of this.listeners) fn();
  }
}

/**
 * The I2C bus behind the TWI unit: the master's events reach the devices
 * that answer the address, each completing after its bus time.
 */
export class TwiBus {
  private readonly devices: I2cDevice[] = [];
  private addressed: I2cDevice[] = [];
  /** Transactions (STARTs) seen, bytes moved, addresses nobody answered. */
  starts = 0;
  bytes = 0;
  nacks = 0;
  /** The addresses nobody answered, newest last (the last 16), with the write bit. */
  readonly nacked: { address: number; write: boolean }[] = [];

  attach(device: I2cDevice): void {
    this.devices.push(device);
  }

  /** Wires the bus to one build of the chip's TWI unit (call again after every reset). */
  connect(twi: AVRTWI, cpu: CPU): void {
    this.addressed = [];
    const after = (sclPeriods: number, fn: () => void): void => {
      const period = Math.max(1, Math.round(MEGA_HZ / twi.sclFrequency));
      cpu.addClockEvent(fn, sclPeriods * period);
    };
    const handler: TWIEventHandler = {
      start: () => {
        this.starts++;
        after(1, () => twi.completeStart());
      },
      stop: () => {
        for (const d of this.addressed) d.end();
        this.addressed = [];
        after(1, () => twi.completeStop());
      },
      connectToSlave: (address, write) => {
        for (const d of this.addressed) d.end();
        this.addressed = this.devices.filter((d) => d.answers(address, write));
        for (const d of this.addressed) d.begin(address, write);
        if (this.addressed.length === 0) {
          this.nacks++;
          this.nacked.push({ address, write });
          if (this.nacked.length > 16) this.nacked.shift();
        }
        after(9, () => twi.completeConnect(this.addressed.length > 0));
      },
      writeByte: (value) => {
        this.bytes++;
        let ack = false;
        for (const d of this.addressed) ack = d.write(value) || ack;
        after(9, () => twi.completeWrite(ack));
      },
      readByte: () => {
        this.bytes++;
        // With no device (or several, wired-AND) the line reads what the pull-ups and drivers leave.
        let value = 0xff;
        for (const d of this.addressed) value &= d.read();
        after(9, () => twi.completeRead(value));
      },
    };
    twi.eventHandler = handler;
  }
}
