/**
 * PN5180 NFC readers on the emulated Mega's SPI bus, reading ISO 15693 tags
 * (the Glassperlenspiel board, hardware/glassperlenspiel.md §3, §8.1): one
 * reader per place, its chip select (NSS) and BUSY line on their own pins,
 * MOSI/MISO/SCK shared.
 *
 * Host interface (NXP PN5180A0XX_C3_C4 product data sheet, §11.4 "Host
 * interface", §11.4.3.3 "Host interface command list", §11.5 registers): a
 * command is one SPI frame with NSS low, its first byte the command code;
 * BUSY rises when NSS rises and falls when the chip has processed the frame;
 * a frame may begin only while BUSY is low. A command with an answer
 * (READ_REGISTER 0x04, READ_DATA 0x0A) leaves it to be clocked out in the next
 * frame (the host sends 0xFF). Modelled: WRITE_REGISTER (0x00), its OR (0x01)
 * and AND (0x02) masks, READ_REGISTER, SEND_DATA (0x09), READ_DATA,
 * LOAD_RF_CONFIG (0x11), RF_ON (0x16), RF_OFF (0x17); registers SYSTEM_CONFIG
 * (0x00, bits 0-2 the command: 3 = TRANSCEIVE), IRQ_STATUS (0x02: bit 0 RX,
 * 12 TIMER1, 17 GENERAL_ERROR), IRQ_CLEAR (0x03), RX_STATUS (0x13: bits 0-8
 * bytes received, 16 integrity error, 18 collision), TX_CONFIG (0x18: bits 6,
 * 7 and 10 cleared send an EOF alone, the next inventory slot). Anything else
 * (an unknown command, SEND_DATA without TRANSCEIVE or field) sets
 * GENERAL_ERROR.
 *
 * Air (ISO/IEC 15693-2 and -3, the PN5180's ISO 15693 configuration: reader
 * 1-out-of-4 at 26.48 kbit/s, tag one subcarrier, high data rate): a reader
 * bit 37.76 µs, a request's SOF and EOF 113 µs; the tag answers t1 = 4352/fc
 * = 320.9 µs after the request's EOF; an inventory answer is 96 bits (flags,
 * DSFID, 64-bit UID, CRC-16) at 26.48 kbit/s with SOF and EOF, 3.74 ms; a
 * slot with no start of frame by t1 + 80 µs is empty (TIMER1). Inventory:
 * only tags whose AFI matches a request with the AFI flag (0 = every family)
 * and whose low `mask length` UID bits equal the mask answer; with 16 slots a
 * tag answers in the slot named by its next four UID bits; two or more in one
 * slot collide (RX_STATUS collision). The answer's CRC is checked and
 * removed: READ_DATA gives 10 bytes, flags (0), DSFID, UID LSB first.
 *
 * The field: tags answer only the reader whose field is on (RF_ON), to a
 * request begun once it has been on 1 ms (ISO/IEC 15693-3: a tag is ready
 * within 1 ms), and only
 * the tags over that reader's antenna (`tagsOver`). Two fields on at once
 * garble every answer (the design runs one at a time, §3.3); `maxFieldsOn`
 * counts it. Misses (glassperlenspiel.md §6.3, design figures): a tag alone
 * 0.5 % per inventory, in a place with 4 or more tags 3 %; a gem still
 * falling (within `settleMs` of landing, 85 ms: a 35 mm fall, §6.2) never.
 * Timings of the chip itself are not in the data sheet; assumed: BUSY 10 µs
 * after a register command, 50 µs after LOAD_RF_CONFIG, 500 µs after RF_ON
 * (the field's ramp).
 *
 * Writes (enrolment, glassperlenspiel.md §5.3): WRITE AFI (0x27) and WRITE
 * DSFID (0x29), addressed (flag 0x20, the tag's UID after the command byte),
 * the option flag clear: the tag with that UID over the antenna stores the
 * byte (through `writeTag`) and answers its flags (0x00, 1 byte once the
 * reader has checked and removed the CRC) t1 plus its write time after the
 * request's EOF; the write time is assumed (`WRITE_US`, 5 ms: an EEPROM
 * block's programming, not given by ISO/IEC 15693, which lets a tag answer a
 * write up to 20 ms after the EOF); no tag with that UID: no answer, and the
 * reader's receive timeout (TIMER1) after those 20 ms. A tag resting alone
 * on the antenna never misses a write (misses are per inventory).
 *
 * Pins (§8.1): NSS of readers 0-7 on PL0-PL7, 8-11 on PC4-PC7; BUSY of 0-7
 * on PK0-PK7, 8-11 on PF0-PF3; the shared RST on PB0 (low holds every reader
 * in reset, its registers lost).
 */
import { seededRandom } from "../shared/index.js";
import { MEGA_HZ } from "./atmega2560.js";
import type { Chip, Mega2560, PortName } from "./atmega2560.js";

/** What a write (WRITE AFI, WRITE DSFID) changes in a tag. */
export type TagWrite = (uid: bigint, field: "afi" | "dsfid", value: number) => void;

/** A tag over an antenna: its UID (64 bits), DSFID and AFI. */
export interface IsoTag {
  readonly uid: bigint;
  readonly dsfid: number;
  readonly afi: number;
  /** Emulated ms when it came to rest over the antenna (it is read only `settleMs` later). */
  readonly since: number;
  /** A dead tag (a cracked inlay) never answers. */
  readonly dead?: boolean;
}

export interface Pn5180Options {
  readonly seed?: number;
  /** Miss chance per inventory of a tag alone (default 0.005) and in a place with 4 or more (0.03). */
  readonly missAlone?: number;
  readonly missCrowded?: number;
  /** A tag that came to rest less than this ago is not read (default 85 ms). */
  readonly settleMs?: number;
}

/** Commands (datasheet §11.4.3.3). */
export const PN = {
  WRITE_REGISTER: 0x00,
  WRITE_REGISTER_OR_MASK: 0x01,
  WRITE_REGISTER_AND_MASK: 0x02,
  READ_REGISTER: 0x04,
  SEND_DATA: 0x09,
  READ_DATA: 0x0a,
  LOAD_RF_CONFIG: 0x11,
  RF_ON: 0x16,
  RF_OFF: 0x17,
} as const;

const REG_SYSTEM_CONFIG = 0x00;
const REG_IRQ_STATUS = 0x02;
const REG_IRQ_CLEAR = 0x03;
const REG_RX_STATUS = 0x13;
const REG_TX_CONFIG = 0x18;
const IRQ_RX = 1 << 0;
const IRQ_TIMER1 = 1 << 12;
const IRQ_GENERAL_ERROR = 1 << 17;
const RX_INTEGRITY_ERROR = 1 << 16;
const RX_COLLISION = 1 << 18;
const TX_SOF_EOF = 0x4c0;
const ISO_FLAG_AFI = 0x10;
const ISO_FLAG_ONE_SLOT = 0x20;
const ISO_INVENTORY = 0x01;
const ISO_FLAG_INVENTORY = 0x04;
const ISO_FLAG_ADDRESSED = 0x20;
const ISO_WRITE_AFI = 0x27;
const ISO_WRITE_DSFID = 0x29;
/** A tag's write (assumed, see the header) and the latest answer ISO/IEC 15693-3 allows, µs. */
const WRITE_US = 5000;
const WRITE_LIMIT_US = 20000;
/** An answer of the flags alone: 24 bits (flags, CRC-16) at 26.48 kbit/s with SOF and EOF. */
const SHORT_ANSWER_US = 24 / 0.02648 + 115;

/** Air times, µs (see the header). */
export const AIR_US = {
  readerBit: 37.76,
  requestFrame: 113,
  t1: 4352 / 13.56,
  answer: 3740,
  noSof: 80,
  eof: 75.52,
  fieldReady: 1000,
} as const;

const US = MEGA_HZ / 1e6;
const BUSY_US = { register: 10, loadConfig: 50, rfOn: 500 } as const;

interface Round {
  readonly flags: number;
  readonly afi: number;
  readonly maskLen: number;
  readonly mask: bigint;
  readonly slots: number;
  slot: number;
}

class Reader {
  configured = false;
  rfOnAt: number | null = null;
  regs = new Uint32Array(0x30);
  busyUntil = 0;
  pending: number[] = [];
  data: number[] = [];
  round: Round | null = null;
  /** When the current slot's outcome shows (cycles), and what it is. */
  resultAt = 0;
  resultIrq = 0;
  resultRx = 0;
  inventories = 0;
  reset(): void {
    this.configured = false;
    this.rfOnAt = null;
    this.regs.fill(0);
    this.pending = [];
    this.data = [];
    this.round = null;
    this.resultAt = 0;
  }
}

export class Pn5180Bank {
  private readonly readers: Reader[];
  private readonly random: () => number;
  private readonly missAlone: number;
  private readonly missCrowded: number;
  private readonly settleMs: number;
  /** The reader whose NSS is low (null: none; -1: several at once). */
  private selected: number | null = null;
  private frame: number[] = [];
  private inReset = false;
  /** Frames begun while BUSY was high, frames with two readers selected, fields on at once at most. */
  readonly stats = { busyViolations: 0, contention: 0, maxFieldsOn: 0, commands: 0 };

  constructor(
    private readonly mcu: Mega2560,
    readonly count: number,
    private readonly tagsOver: (reader: number) => readonly IsoTag[],
    options: Pn5180Options = {},
    private readonly writeTag: TagWrite = () => undefined,
  ) {
    this.readers = Array.from({ length: count }, () => new Reader());
    this.random = seededRandom(((options.seed ?? 1) ^ 0x5180) >>> 0);
    this.missAlone = options.missAlone ?? 0.005;
    this.missCrowded = options.missCrowded ?? 0.03;
    this.settleMs = options.settleMs ?? 85;
    mcu.onBuild((chip) => this.attach(chip));
  }

  /** Inventories a reader has run (requests received). */
  inventoriesOf(reader: number): number {
    return this.readers[reader]?.inventories ?? 0;
  }

  /** Whether a reader's field is on now. */
  fieldOn(reader: number): boolean {
    return (this.readers[reader]?.rfOnAt ?? null) !== null;
  }

  private get now(): number {
    return this.mcu.cycles;
  }

  private attach(chip: Chip): void {
    this.selected = null;
    this.frame = [];
    for (const r of this.readers) r.reset();
    chip.port("L").addListener(() => this.nssChanged());
    chip.port("C").addListener(() => this.nssChanged());
    chip.port("B").addListener((value) => {
      const low = (value & 1) === 0 && ((this.mcu.cpu.data[0x24] ?? 0) & 1) !== 0;
      if (low && !this.inReset) for (const r of this.readers) r.reset();
      this.inReset = low;
      this.refreshBusy();
    });
    this.refreshBusy();
  }

  private nssOf(): number[] {
    const data = this.mcu.cpu.data;
    const portL = data[0x10b] ?? 0xff;
    const ddrL = data[0x10a] ?? 0;
    const portC = data[0x28] ?? 0xff;
    const ddrC = data[0x27] ?? 0;
    const low: number[] = [];
    for (let r = 0; r < this.count; r++) {
      const [port, ddr, bit] = r < 8 ? [portL, ddrL, r] : [portC, ddrC, r - 8 + 4];
      if ((ddr >> bit) & 1 && !((port >> bit) & 1)) low.push(r);
    }
    return low;
  }

  private nssChanged(): void {
    const low = this.nssOf();
    const now = low.length === 0 ? null : low.length === 1 ? (low[0] ?? null) : -1;
    if (now === this.selected) return;
    if (this.selected !== null && this.selected >= 0) this.endFrame(this.selected);
    if (now === -1) this.stats.contention++;
    if (now !== null && now >= 0) {
      const r = this.readers[now];
      if (r !== undefined && this.now < r.busyUntil) this.stats.busyViolations++;
    }
    this.selected = now;
    this.frame = [];
  }

  /** One byte on the bus: MOSI in, MISO out (0xFF when no single reader is selected). */
  transfer(mosi: number): number {
    const sel = this.selected;
    if (sel === null || sel < 0 || this.inReset) return 0xff;
    const r = this.readers[sel];
    if (r === undefined) return 0xff;
    const out = r.pending[this.frame.length] ?? 0xff;
    this.frame.push(mosi & 0xff);
    return out;
  }

  private endFrame(index: number): void {
    const r = this.readers[index];
    const f = this.frame;
    if (r === undefined || f.length === 0) return;
    if (r.pending.length > 0 && f.every((b) => b === 0xff)) {
      // a read frame: the answer has been clocked out
      r.pending = [];
      this.setBusy(index, r, BUSY_US.register);
      return;
    }
    r.pending = [];
    this.stats.commands++;
    this.command(index, r, f);
  }

  private setBusy(index: number, r: Reader, us: number): void {
    r.busyUntil = this.now + Math.round(us * US);
    this.refreshBusy();
    this.mcu.schedule(r.busyUntil, () => this.refreshBusy());
    void index;
  }

  private refreshBusy(): void {
    const chip = this.mcu.chip;
    for (let i = 0; i < this.count; i++) {
      const r = this.readers[i];
      if (r === undefined) continue;
      const busy = this.inReset || this.now < r.busyUntil;
      const [port, bit]: [PortName, number] = i < 8 ? ["K", i] : ["F", i - 8];
      chip.port(port).setPin(bit, busy);
    }
  }

  private command(index: number, r: Reader, f: readonly number[]): void {
    const op = f[0] ?? 0xff;
    const reg = f[1] ?? 0;
    const value =
      ((f[2] ?? 0) | ((f[3] ?? 0) << 8) | ((f[4] ?? 0) << 16) | ((f[5] ?? 0) << 24)) >>> 0;
    let busy: number = BUSY_US.register;
    switch (op) {
      case PN.WRITE_REGISTER:
        if (reg === REG_IRQ_CLEAR) {
          r.regs[REG_IRQ_STATUS] = (r.regs[REG_IRQ_STATUS] ?? 0) & ~value;
          r.resultAt = 0;
        } else if (reg < r.regs.length) r.regs[reg] = value;
        break;
      case PN.WRITE_REGISTER_OR_MASK:
        if (reg < r.regs.length) r.regs[reg] = ((r.regs[reg] ?? 0) | value) >>> 0;
        break;
      case PN.WRITE_REGISTER_AND_MASK:
        if (reg < r.regs.length) r.regs[reg] = ((r.regs[reg] ?? 0) & value) >>> 0;
        break;
      case PN.READ_REGISTER: {
        const v = reg === REG_IRQ_STATUS ? this.irqNow(r) : (r.regs[reg] ?? 0);
        r.pending = [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
        break;
      }
      case PN.READ_DATA:
        r.pending = [...r.data];
        break;
      case PN.LOAD_RF_CONFIG:
        // ISO 15693 ASK 100 %, 26 kbit/s: TX 0x0D, RX 0x8D (datasheet, RF configuration table)
        r.configured = f[1] === 0x0d && f[2] === 0x8d;
        busy = BUSY_US.loadConfig;
        break;
      case PN.RF_ON:
        if (r.rfOnAt === null) r.rfOnAt = this.now;
        this.stats.maxFieldsOn = Math.max(this.stats.maxFieldsOn, this.fieldsOn());
        busy = BUSY_US.rfOn;
        break;
      case PN.RF_OFF:
        r.rfOnAt = null;
        r.round = null;
        r.resultAt = 0;
        break;
      case PN.SEND_DATA:
        this.sendData(index, r, f);
        break;
      default:
        r.regs[REG_IRQ_STATUS] = (r.regs[REG_IRQ_STATUS] ?? 0) | IRQ_GENERAL_ERROR;
    }
    this.setBusy(index, r, busy);
  }

  private fieldsOn(): number {
    let n = 0;
    for (const r of this.readers) if (r.rfOnAt !== null) n++;
    return n;
  }

  private irqNow(r: Reader): number {
    let irq = r.regs[REG_IRQ_STATUS] ?? 0;
    if (r.round !== null && r.resultAt !== 0 && this.now >= r.resultAt) {
      irq = (irq | r.resultIrq) >>> 0;
      r.regs[REG_IRQ_STATUS] = irq;
      r.regs[REG_RX_STATUS] = r.resultRx;
    }
    return irq;
  }

  private error(r: Reader): void {
    r.regs[REG_IRQ_STATUS] = (r.regs[REG_IRQ_STATUS] ?? 0) | IRQ_GENERAL_ERROR;
  }

  private sendData(index: number, r: Reader, f: readonly number[]): void {
    const transceive = ((r.regs[REG_SYSTEM_CONFIG] ?? 0) & 7) === 3;
    if (!transceive || r.rfOnAt === null || !r.configured) return this.error(r);
    const tx = r.regs[REG_TX_CONFIG] ?? 0;
    const payload = f.slice(2);
    if (payload.length === 0 && (tx & TX_SOF_EOF) === 0) {
      // an EOF alone: the next slot of the inventory under way
      const round = r.round;
      if (round === null || round.slot + 1 >= round.slots) return this.error(r);
      round.slot++;
      this.slotOutcome(index, r, this.now + AIR_US.eof * US);
      return;
    }
    if ((tx & TX_SOF_EOF) !== TX_SOF_EOF || payload.length < 3) return this.error(r);
    const command = payload[1];
    if (command === ISO_WRITE_AFI || command === ISO_WRITE_DSFID) {
      return this.write(index, r, payload);
    }
    if (command !== ISO_INVENTORY) return this.error(r);
    const flags = payload[0] ?? 0;
    let at = 2;
    const afi = flags & ISO_FLAG_AFI ? (payload[at++] ?? 0) : 0;
    const maskLen = Math.min(64, payload[at++] ?? 0);
    let mask = 0n;
    for (let b = 0; b < maskLen; b += 8) mask |= BigInt(payload[at++] ?? 0) << BigInt(b);
    mask &= (1n << BigInt(maskLen)) - 1n;
    r.round = { flags, afi, maskLen, mask, slots: flags & ISO_FLAG_ONE_SLOT ? 1 : 16, slot: 0 };
    r.inventories++;
    const bits = (payload.length + 2) * 8; // + CRC-16
    this.slotOutcome(index, r, this.now + (AIR_US.requestFrame + bits * AIR_US.readerBit) * US);
  }

  /** An addressed WRITE AFI or WRITE DSFID: [flags, command, UID (8, LSB first), value]. */
  private write(index: number, r: Reader, payload: readonly number[]): void {
    const flags = payload[0] ?? 0;
    if (flags & ISO_FLAG_INVENTORY || !(flags & ISO_FLAG_ADDRESSED) || payload.length < 11) {
      return this.error(r);
    }
    let uid = 0n;
    for (let k = 0; k < 8; k++) uid |= BigInt(payload[2 + k] ?? 0) << BigInt(8 * k);
    const value = payload[10] ?? 0;
    const eofAt =
      this.now + (AIR_US.requestFrame + (payload.length + 2) * 8 * AIR_US.readerBit) * US;
    const nowMs = this.now / (MEGA_HZ / 1000);
    const powered = r.rfOnAt !== null && this.now - r.rfOnAt >= AIR_US.fieldReady * US;
    const tag = powered
      ? this.tagsOver(index).find(
          (t) => t.uid === uid && t.dead !== true && nowMs - t.since >= this.settleMs,
        )
      : undefined;
    // a round of one slot, so the outcome shows in IRQ_STATUS as an inventory slot's does
    r.round = { flags, afi: 0, maskLen: 0, mask: 0n, slots: 1, slot: 0 };
    r.resultRx = 0;
    if (tag === undefined || this.fieldsOn() > 1) {
      r.resultAt = Math.round(eofAt + WRITE_LIMIT_US * US);
      r.resultIrq = IRQ_TIMER1;
      return;
    }
    this.writeTag(uid, payload[1] === ISO_WRITE_AFI ? "afi" : "dsfid", value);
    r.data = [0];
    r.resultAt = Math.round(eofAt + (AIR_US.t1 + WRITE_US + SHORT_ANSWER_US) * US);
    r.resultIrq = IRQ_RX;
    r.resultRx = 1;
  }

  /** The tags answering the current slot, the request's EOF at cycle `eofAt`. */
  private slotOutcome(index: number, r: Reader, eofAt: number): void {
    const round = r.round;
    if (round === null) return;
    const nowMs = this.now / (MEGA_HZ / 1000);
    // a tag must be powered when the request (or the slot's EOF) begins
    const powered = r.rfOnAt !== null && this.now - r.rfOnAt >= AIR_US.fieldReady * US;
    const over = this.tagsOver(index);
    const lowMask = (1n << BigInt(round.maskLen)) - 1n;
    const miss = over.length >= 4 ? this.missCrowded : this.missAlone;
    const answering: IsoTag[] = [];
    if (powered) {
      for (const t of over) {
        if (t.dead === true || nowMs - t.since < this.settleMs) continue;
        if (round.flags & ISO_FLAG_AFI && round.afi !== 0 && t.afi !== round.afi) continue;
        if ((t.uid & lowMask) !== round.mask) continue;
        if (round.slots === 16 && Number((t.uid >> BigInt(round.maskLen)) & 15n) !== round.slot)
          continue;
        if (this.random() < miss) continue;
        answering.push(t);
      }
    }
    r.resultRx = 0;
    if (answering.length === 0) {
      r.resultAt = Math.round(eofAt + (AIR_US.t1 + AIR_US.noSof) * US);
      r.resultIrq = IRQ_TIMER1;
      return;
    }
    r.resultAt = Math.round(eofAt + (AIR_US.t1 + AIR_US.answer) * US);
    r.resultIrq = IRQ_RX;
    const t = answering[0];
    if (answering.length > 1 || this.fieldsOn() > 1 || t === undefined) {
      // several answers at once, or another field beating with this one
      r.resultRx = (answering.length > 1 ? RX_COLLISION : RX_INTEGRITY_ERROR) | 10;
      return;
    }
    const uid: number[] = [];
    for (let k = 0; k < 8; k++) uid.push(Number((t.uid >> BigInt(8 * k)) & 0xffn));
    r.data = [0, t.dsfid & 0xff, ...uid];
    r.resultRx = 10;
  }
}
