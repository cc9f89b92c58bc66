/**
 * USART0 of an emulated Mega 2560 as the USB bridge sees it: bytes the
 * firmware sends (avr8js paces them at the byte time), and host bytes
 * delivered one per byte time at the baud rate the firmware set (UBRR0,
 * U2X0), into UDR0's two-byte receive FIFO, with the receive flags kept as
 * the silicon keeps them (avr8js drops RXC when UCSR0A or UCSR0B is written;
 * the Arduino core writes both for every byte it sends). UDRE0 likewise: on
 * the chip only a write of UDR0 clears it, while avr8js also clears it when
 * the UDRE interrupt is serviced; the Arduino core's interrupt, finding its
 * buffer empty, only turns UDRIE0 off, so the next `Serial.write` found UDRE0
 * clear, queued its byte and waited for an interrupt that never came
 * (StandardFirmata fell silent after its first answer). Here UDRE0 reads as
 * the data register's real state.
 *
 * One part for every emulated board: the stock board (StandardFirmata) and
 * the kete boards (`EmulatedBoard`, which keeps avr8js's own UDRE0 and hands
 * each byte over as the firmware writes it: `siliconUdre` and `txAtStopBit`
 * false, as it always ran; its firmware's own UART driver never met the stall).
 *
 *   const uart = new UsartBridge(mcu);   // attaches on every (re)build of the chip
 *   uart.onTx((byte) => …);             // each byte when its stop bit is out
 *   uart.receive(Uint8Array.of(0xf9));
 */
import { CYCLES_PER_MS, USART0 } from "./atmega2560.js";
import type { Chip, Mega2560 } from "./atmega2560.js";

/** Host bytes the USB bridge buffers before it drops (a flood). */
const RX_QUEUE_LIMIT = 65536;
const RXC = 0x80;
const TXC = 0x40;
const UDRE = 0x20;
const RXEN = 0x10;

export interface UsartBridgeOptions {
  /** The line speed bytes are timed at while the firmware has set none (default 57600, StandardFirmata's). */
  readonly idleBaud?: number;
  /** UDRE0 as the silicon has it (default true; see the header); false: avr8js's own. */
  readonly siliconUdre?: boolean;
  /** A byte reaches the host when its stop bit is out (default true); false: when UDR0 is written. */
  readonly txAtStopBit?: boolean;
}

export class UsartBridge {
  /** Host bytes dropped because the receiver was off (booting) or the bridge overflowed. */
  rxDropped = 0;
  /** Host bytes lost in the UART: both receive buffers full (DOR), the firmware too slow. */
  rxOverruns = 0;
  /** Bytes each way since power-up. */
  txBytes = 0;
  rxBytes = 0;
  private rxFifo: number[] = [];
  /** UDR0 can take a byte (UDRE0 as the silicon has it). */
  private udrEmpty = true;
  private readonly rxQueue: number[] = [];
  private rxBusy = false;
  private readonly txListeners = new Set<(byte: number) => void>();

  private readonly idleBaud: number;
  private readonly siliconUdre: boolean;
  private readonly txAtStopBit: boolean;

  constructor(
    private readonly mcu: Mega2560,
    options: UsartBridgeOptions = {},
  ) {
    this.idleBaud = options.idleBaud ?? 57_600;
    this.siliconUdre = options.siliconUdre ?? true;
    this.txAtStopBit = options.txAtStopBit ?? true;
    mcu.onBuild((chip) => this.attach(chip));
  }

  private attach(chip: Chip): void {
    const { cpu, usart } = chip;
    this.rxFifo = [];
    const readUdr = cpu.readHooks[USART0.UDR];
    cpu.readHooks[USART0.UDR] = (addr) => {
      const value = readUdr?.(addr) ?? 0;
      const next = this.rxFifo.shift();
      if (next !== undefined) usart.writeByte(next, true);
      return value;
    };
    const { UCSRA, UCSRB } = USART0;
    const rxComplete = {
      address: USART0.rxCompleteInterrupt,
      flagRegister: UCSRA,
      flagMask: RXC,
      enableRegister: UCSRB,
      enableMask: 0x80,
      constant: true,
    };
    this.udrEmpty = true;
    const silicon = this.siliconUdre;
    const withUdre = (): void => {
      if (!silicon) return;
      const a = cpu.data[UCSRA] ?? 0;
      cpu.data[UCSRA] = this.udrEmpty ? a | UDRE : a & ~UDRE;
    };
    if (silicon) {
      cpu.readHooks[UCSRA] = () => {
        withUdre();
        return cpu.data[UCSRA] ?? 0;
      };
      const writeUdr = cpu.writeHooks[USART0.UDR];
      cpu.writeHooks[USART0.UDR] = (value, old, addr, mask) => {
        const handled = writeUdr?.(value, old, addr, mask) ?? false;
        this.udrEmpty = false;
        cpu.addClockEvent(() => {
          this.udrEmpty = true;
        }, this.byteCycles());
        return handled;
      };
    }
    const writeA = cpu.writeHooks[UCSRA];
    cpu.writeHooks[UCSRA] = (value, old, addr, mask) => {
      const before = cpu.data[UCSRA] ?? 0;
      const handled = writeA?.(value, old, addr, mask) ?? false;
      // RXC and UDRE are read-only; TXC is cleared only by writing it as 1 (datasheet §22.10.2).
      const kept = before & (RXC | UDRE | (value & TXC ? 0 : TXC));
      cpu.data[UCSRA] = ((cpu.data[UCSRA] ?? 0) & ~(RXC | UDRE | TXC)) | kept;
      withUdre();
      return handled;
    };
    const writeB = cpu.writeHooks[UCSRB];
    cpu.writeHooks[UCSRB] = (value, old, addr, mask) => {
      // An empty UDR0 raises its interrupt as soon as UDRIE0 is set, serviced before or not.
      withUdre();
      const waiting = ((cpu.data[UCSRA] ?? 0) & RXC) !== 0;
      const handled = writeB?.(value, old, addr, mask) ?? false;
      // Only turning the receiver off flushes the byte waiting in UDR0.
      if (waiting && value & RXEN) cpu.setInterruptFlag(rxComplete);
      return handled;
    };
    // avr8js hands over a byte when UDR0 is written; the host has it when its stop bit is out.
    usart.onByteTransmit = (byte) => {
      const deliver = (): void => {
        this.txBytes++;
        for (const fn of this.txListeners) fn(byte);
      };
      if (this.txAtStopBit) this.mcu.schedule(this.mcu.cycles + this.byteCycles(), deliver);
      else deliver();
    };
  }

  onTx(fn: (byte: number) => void): () => void {
    this.txListeners.add(fn);
    return () => this.txListeners.delete(fn);
  }

  /** Host bytes: delivered to USART0 one per byte time, in order. */
  receive(chunk: Uint8Array | readonly number[] | string): void {
    if (typeof chunk === "string") chunk = Buffer.from(chunk, "latin1");
    for (const b of chunk) {
      if (this.rxQueue.length >= RX_QUEUE_LIMIT) this.rxDropped++;
      else this.rxQueue.push(b & 0xff);
    }
    if (!this.rxBusy) this.feedNext();
  }

  /** Forgets the bytes still on their way (the bridge resets with the board). */
  flush(): void {
    this.rxQueue.length = 0;
  }

  /** Cycles per byte (10 bits) at the baud rate the firmware set; `idleBaud`'s while it is unset. */
  byteCycles(): number {
    const data = this.mcu.cpu.data;
    const ubrr = (((data[USART0.UBRRH] ?? 0) & 0x0f) << 8) | (data[USART0.UBRRL] ?? 0);
    if (ubrr === 0) return Math.round(CYCLES_PER_MS * (10_000 / this.idleBaud));
    return (ubrr + 1) * ((data[USART0.UCSRA] ?? 0) & 2 ? 8 : 16) * 10;
  }

  /** The baud rate the firmware set (0 while unset). */
  get baud(): number {
    const data = this.mcu.cpu.data;
    const ubrr = (((data[USART0.UBRRH] ?? 0) & 0x0f) << 8) | (data[USART0.UBRRL] ?? 0);
    if (ubrr === 0 && ((data[USART0.UCSRB] ?? 0) & 0x18) === 0) return 0;
    return (CYCLES_PER_MS * 1000 * 10) / this.byteCycles();
  }

  private feedNext(): void {
    const byte = this.rxQueue.shift();
    if (byte === undefined) {
      this.rxBusy = false;
      return;
    }
    this.rxBusy = true;
    this.mcu.schedule(this.mcu.cycles + this.byteCycles(), () => {
      const { usart, cpu } = this.mcu.chip;
      this.rxBytes++;
      if (!usart.rxEnable) this.rxDropped++;
      else if (((cpu.data[USART0.UCSRA] ?? 0) & RXC) === 0) usart.writeByte(byte, true);
      else if (this.rxFifo.length === 0) this.rxFifo.push(byte);
      else this.rxOverruns++;
      this.feedNext();
    });
  }
}
