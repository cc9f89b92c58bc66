/**
 * An SK9822 chain (APA102-compatible) decoded from the bytes the SPI unit
 * clocks out, bit by bit as the LEDs see them: 32 zero bits are a start frame;
 * after it each 32-bit frame (`111` + 5-bit brightness, blue, green, red) is
 * taken by the next LED of the chain, the first frame by LED 0. An SK9822
 * shows what it took only when the next 32 zero bits pass (the zero frame
 * after the data, or the next start frame): until then the chain shows the
 * previous colours. Frames past the last LED fall off the end.
 *
 *   const chain = new Sk9822Chain(32);
 *   chain.push(byte);           // every SPI byte, MSB first as sent
 *   chain.shown[0]              // { brightness, r, g, b } of LED 0
 */

export interface LedColour {
  /** The 5-bit global brightness, 0..31. */
  readonly brightness: number;
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

export const DARK: LedColour = { brightness: 0, r: 0, g: 0, b: 0 };

export class Sk9822Chain {
  /** What each LED shows. */
  readonly shown: LedColour[];
  private readonly taken: (LedColour | null)[];
  private zeros = 0;
  private inPacket = false;
  private frame = 0;
  private bits = 0;
  private word = 0;
  /** Frames latched (updates of the chain), bytes seen: for tests and benches. */
  latches = 0;
  bytes = 0;
  private readonly listeners: ((shown: readonly LedColour[]) => void)[] = [];

  constructor(readonly length: number) {
    this.shown = Array.from({ length }, () => DARK);
    this.taken = Array.from({ length }, () => null);
  }

  onLatch(fn: (shown: readonly LedColour[]) => void): void {
    this.listeners.push(fn);
  }

  push(byte: number): void {
    this.bytes++;
    for (let i = 7; i >= 0; i--) this.bit((byte >> i) & 1);
  }

  /** One bit clocked in on CI's rising edge (a bit-banged chain). */
  clockIn(v: number): void {
    this.bit(v & 1);
  }

  private bit(v: number): void {
    if (v === 0) {
      this.zeros++;
      if (this.zeros === 32) {
        this.latch();
        this.inPacket = true;
        this.frame = 0;
        this.bits = 0;
        this.word = 0;
        return;
      }
    } else {
      this.zeros = 0;
    }
    if (!this.inPacket) return;
    // Leading zeros of a start frame longer than 32 bits are not a frame.
    if (this.bits === 0 && v === 0) return;
    this.word = ((this.word << 1) | v) >>> 0;
    this.bits++;
    if (this.bits < 32) return;
    const w = this.word;
    if (this.frame < this.length && w >>> 29 === 0b111) {
      this.taken[this.frame] = {
        brightness: (w >>> 24) & 0x1f,
        b: (w >>> 16) & 0xff,
        g: (w >>> 8) & 0xff,
        r: w & 0xff,
      };
    }
    this.frame++;
    this.bits = 0;
    this.word = 0;
  }

  private latch(): void {
    let changed = false;
    for (let i = 0; i < this.length; i++) {
      const t = this.taken[i];
      if (t === null || t === undefined) continue;
      this.taken[i] = null;
      const s = this.shown[i] as LedColour;
      if (s.brightness !== t.brightness || s.r !== t.r || s.g !== t.g || s.b !== t.b) {
        this.shown[i] = t;
        changed = true;
      }
    }
    this.latches++;
    if (changed) for (const fn of this.listeners) fn(this.shown);
  }
}
