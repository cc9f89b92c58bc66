/**
 * The ATmega2560's watchdog (datasheet §12.5), at safety level 1: WDE can be
 * set at any time; clearing it or changing the prescaler takes the timed
 * sequence (WDCE and WDE together, then the new value within four cycles).
 * After a watchdog reset WDRF in MCUSR keeps WDE set, so a firmware must clear
 * MCUSR and disable the watchdog early, as on the real chip. `WDR` restarts
 * the count. Timeouts are 2K..1024K cycles of the 128 kHz oscillator
 * (16 ms..8 s). Checked by the chip's run loop at least once per millisecond.
 */
import type { CPU } from "avr8js";

const WDIF = 0x80;
const WDIE = 0x40;
const WDP3 = 0x20;
const WDCE = 0x10;
const WDE = 0x08;
const WDP210 = 0x07;
const WDRF = 0x08;
const CPU_CYCLES_PER_WDT_TICK = 16_000_000 / 128_000;

export interface WatchdogRegisters {
  readonly MCUSR: number;
  readonly WDTCSR: number;
  readonly vector: number;
}

export class Watchdog {
  private readonly cpu: CPU;
  private readonly regs: WatchdogRegisters;
  private changeUntil = -1;
  private deadline = Infinity;

  constructor(cpu: CPU, regs: WatchdogRegisters) {
    this.cpu = cpu;
    this.regs = regs;
    cpu.onWatchdogReset = () => this.restart();
    cpu.writeHooks[regs.WDTCSR] = (value, old) => {
      this.write(value, old);
      return true;
    };
  }

  private get interrupt() {
    return {
      address: this.regs.vector,
      flagRegister: this.regs.WDTCSR,
      flagMask: WDIF,
      enableRegister: this.regs.WDTCSR,
      enableMask: WDIE,
    };
  }

  private write(value: number, old: number): void {
    const cpu = this.cpu;
    const protectedBits = WDE | WDP3 | WDP210;
    let next: number;
    if (value & WDCE && value & WDE) {
      this.changeUntil = cpu.cycles + 4;
      next = (old & protectedBits) | (value & WDIE) | WDCE;
    } else if (cpu.cycles <= this.changeUntil) {
      next = value & (protectedBits | WDIE);
      this.changeUntil = -1;
    } else {
      next = (old & (protectedBits & ~WDE)) | ((old | value) & WDE) | (value & WDIE);
    }
    if ((cpu.data[this.regs.MCUSR] ?? 0) & WDRF) next |= WDE;
    next |= old & WDIF & ~(value & WDIF);
    cpu.data[this.regs.WDTCSR] = next;
    if (value & WDIF) cpu.clearInterrupt(this.interrupt);
    if (next & WDIE && next & WDIF) cpu.queueInterrupt(this.interrupt);
    this.restart();
  }

  private get enabled(): boolean {
    return ((this.cpu.data[this.regs.WDTCSR] ?? 0) & (WDE | WDIE)) !== 0;
  }

  private get timeoutCycles(): number {
    const r = this.cpu.data[this.regs.WDTCSR] ?? 0;
    const p = ((r & WDP3) >> 2) | (r & WDP210);
    return CPU_CYCLES_PER_WDT_TICK * (2048 << Math.min(p, 9));
  }

  private restart(): void {
    this.deadline = this.enabled ? this.cpu.cycles + this.timeoutCycles : Infinity;
  }

  /** After a watchdog reset: WDE on, 16 ms (WDRF set). */
  forceAfterWatchdogReset(): void {
    this.cpu.data[this.regs.WDTCSR] = WDE;
    this.restart();
  }

  /** Whether the watchdog now resets the chip (an interrupt-mode timeout is raised here). */
  expired(): boolean {
    if (this.cpu.cycles < this.deadline) return false;
    const r = this.cpu.data[this.regs.WDTCSR] ?? 0;
    if (r & WDIE) {
      // Interrupt first; with WDE also set, hardware clears WDIE and the next timeout resets.
      this.cpu.data[this.regs.WDTCSR] = (r | WDIF) & (r & WDE ? ~WDIE : 0xff);
      this.cpu.queueInterrupt(this.interrupt);
      this.restart();
      return false;
    }
    if (r & WDE) return true;
    this.deadline = Infinity;
    return false;
  }
}
