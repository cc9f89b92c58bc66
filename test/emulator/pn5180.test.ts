/**
 * The emulated PN5180 readers of the Glassperlenspiel board
 * (src/emulator/pn5180.ts) driven pin by pin, as the firmware drives them:
 * the chip spins (`rjmp .`) while the test sets NSS on PORTL, clocks bytes
 * through the SPI model and reads BUSY on PINK. Host interface per the
 * PN5180 data sheet (§11.4), ISO 15693 inventory per ISO/IEC 15693-3, air
 * times per hardware/glassperlenspiel.md §4.1. The board starts as GB-1: one
 * gem over each pit's antenna (A1 holds S5, DSFID 0x15).
 */
import { describe, expect, it } from "vitest";
import { AIR_US, EmulatedBoard, FLASH_BYTES, GEM_AFI, PN } from "../../src/emulator/index.js";

const PORTL = 0x10b;
const DDRL = 0x10a;
const PINK = 0x106;

function spinBoard(): EmulatedBoard {
  const image = new Uint8Array(FLASH_BYTES);
  image[0] = 0xff; // rjmp .
  image[1] = 0xcf;
  const b = EmulatedBoard.create({ seed: 5, geometry: "2x5+2", firmware: image });
  if (!b.ok) throw new Error(b.error.message);
  return b.value;
}

/** A reader on the bus, driven as the firmware drives it (readers 0-7: NSS on PORTL). */
function bus(board: EmulatedBoard) {
  const cpu = board.mcu.cpu;
  cpu.writeData(PORTL, 0xff);
  cpu.writeData(DDRL, 0xff);
  const readers = board.readers!;
  const busy = (r: number): boolean => (((cpu.data[PINK] ?? 0) >> r) & 1) === 1;
  const frame = (r: number, bytes: readonly number[]): number[] => {
    cpu.writeData(PORTL, 0xff & ~(1 << r));
    const miso = bytes.map((b) => readers.transfer(b));
    cpu.writeData(PORTL, 0xff);
    return miso;
  };
  const u32 = (v: number) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
  const idle = async (r: number): Promise<void> => {
    for (let i = 0; i < 100 && busy(r); i++) await board.runFor(0.01);
  };
  const command = async (r: number, bytes: readonly number[]): Promise<void> => {
    await idle(r);
    frame(r, bytes);
  };
  const readReg = async (r: number, reg: number): Promise<number> => {
    await command(r, [PN.READ_REGISTER, reg]);
    await idle(r);
    const b = frame(r, [0xff, 0xff, 0xff, 0xff]);
    return ((b[0] ?? 0) | ((b[1] ?? 0) << 8) | ((b[2] ?? 0) << 16) | ((b[3] ?? 0) << 24)) >>> 0;
  };
  const writeReg = (r: number, op: number, reg: number, v: number) =>
    command(r, [op, reg, ...u32(v)]);
  /** IRQs cleared, IDLE then TRANSCEIVE: the next SEND_DATA goes on the air. */
  const arm = async (r: number, eofOnly: boolean): Promise<void> => {
    await writeReg(r, PN.WRITE_REGISTER, 0x03, 0xffffffff);
    if (eofOnly) await writeReg(r, PN.WRITE_REGISTER_AND_MASK, 0x18, ~0x4c0 >>> 0);
    else await writeReg(r, PN.WRITE_REGISTER_OR_MASK, 0x18, 0x4c0);
    await writeReg(r, PN.WRITE_REGISTER_AND_MASK, 0x00, 0xfffffff8);
    await writeReg(r, PN.WRITE_REGISTER_OR_MASK, 0x00, 0x00000003);
  };
  const fieldOn = async (r: number): Promise<void> => {
    await command(r, [PN.LOAD_RF_CONFIG, 0x0d, 0x8d]);
    await command(r, [PN.RF_ON, 0x00]);
  };
  /** An inventory request: flags, INVENTORY, AFI, mask length 0. */
  const inventory = async (r: number, slots: 1 | 16, afi = GEM_AFI): Promise<void> => {
    await arm(r, false);
    await command(r, [PN.SEND_DATA, 0, 0x16 | (slots === 1 ? 0x20 : 0), 0x01, afi, 0]);
  };
  return { busy, frame, command, readReg, arm, fieldOn, inventory, idle, readers };
}

describe("the emulated PN5180 (Glassperlenspiel board)", () => {
  it("BUSY rises with NSS at a command's end and falls when it is done: 10 µs for a register, 500 µs for RF_ON", async () => {
    const board = spinBoard();
    const b = bus(board);
    await board.runFor(1);
    expect(b.busy(0)).toBe(false);
    b.frame(0, [PN.WRITE_REGISTER, 0x00, 0, 0, 0, 0]);
    expect(b.busy(0)).toBe(true);
    await board.runFor(0.02);
    expect(b.busy(0)).toBe(false);
    b.frame(0, [PN.RF_ON, 0x00]);
    await board.runFor(0.4);
    expect(b.busy(0)).toBe(true);
    await board.runFor(0.2);
    expect(b.busy(0)).toBe(false);
    expect(b.busy(1)).toBe(false); // every reader its own BUSY line
  });

  it("a 1-slot inventory names the gem over the antenna: DSFID and UID, after the request, t1 and a 3.74 ms answer", async () => {
    const board = spinBoard();
    const b = bus(board);
    await board.runFor(200); // the gems of GB-1 have come to rest
    await b.fieldOn(0);
    await board.runFor(1.2);
    await b.inventory(0, 1);
    const sent = board.now;
    // request: flags, INVENTORY, AFI, mask length and CRC-16 (48 bits) at 37.76 µs a
    // bit, SOF and EOF; then t1 and the answer
    const due = (AIR_US.requestFrame + 48 * AIR_US.readerBit + AIR_US.t1 + AIR_US.answer) / 1000;
    await board.runFor(due - 0.3);
    expect((await b.readReg(0, 0x02)) & 1).toBe(0);
    await board.runFor(0.5 + sent + due - board.now);
    expect((await b.readReg(0, 0x02)) & 1).toBe(1);
    expect((await b.readReg(0, 0x13)) & 0x1ff).toBe(10);
    await b.command(0, [PN.READ_DATA, 0x00]);
    await b.idle(0);
    const data = b.frame(0, new Array<number>(10).fill(0xff));
    expect(data[0]).toBe(0); // flags: no error
    expect(data[1]).toBe(0x15); // S5 lies on A1 (GB-1)
    expect(data.slice(7, 10)).toEqual([0x01, 0x04, 0xe0]); // UID MSB first: E0 04 01 (NXP ICODE)
    expect(b.readers.stats.busyViolations).toBe(0);
  });

  it("16 slots: the tag answers in the slot its UID's low four bits name, the other slots are empty", async () => {
    const board = spinBoard();
    const b = bus(board);
    await board.runFor(200);
    await b.fieldOn(1); // A2: S4
    await board.runFor(1.2);
    await b.inventory(1, 1);
    await board.runFor(8);
    await b.command(1, [PN.READ_DATA, 0x00]);
    await b.idle(1);
    const uid0 = b.frame(1, new Array<number>(10).fill(0xff))[2] ?? 0;
    await b.inventory(1, 16);
    const outcomes: string[] = [];
    for (let slot = 0; slot < 16; slot++) {
      if (slot > 0) {
        await b.arm(1, true);
        await b.command(1, [PN.SEND_DATA, 0]); // an EOF alone: the next slot
      }
      await board.runFor(8);
      const irq = await b.readReg(1, 0x02);
      outcomes.push(irq & 1 ? "tag" : irq & (1 << 12) ? "-" : "?");
    }
    expect(outcomes.indexOf("tag")).toBe(uid0 & 15);
    expect(outcomes.filter((o) => o === "-")).toHaveLength(15);
  });

  it("the field: no answer within 1 ms of RF_ON, none to another AFI, an error with the field off, garbled answers with two fields on", async () => {
    const board = spinBoard();
    const b = bus(board);
    await board.runFor(200);
    // too early: the tag is not powered yet (the request as soon as BUSY falls, 0.5 ms)
    await b.fieldOn(2);
    await b.inventory(2, 1);
    await board.runFor(8);
    expect((await b.readReg(2, 0x02)) & (1 << 12)).not.toBe(0);
    // another application family: silent
    await board.runFor(1.5);
    await b.inventory(2, 1, 0x01);
    await board.runFor(8);
    expect((await b.readReg(2, 0x02)) & 1).toBe(0);
    // field off: SEND_DATA is an error
    await b.inventory(3, 1);
    expect((await b.readReg(3, 0x02)) & (1 << 17)).not.toBe(0);
    // two fields at once beat: the answer fails its CRC
    await b.fieldOn(3);
    await board.runFor(1.5);
    await b.inventory(3, 1);
    await board.runFor(8);
    expect((await b.readReg(3, 0x02)) & 1).toBe(1);
    expect((await b.readReg(3, 0x13)) & (1 << 16)).not.toBe(0);
    expect(b.readers.stats.maxFieldsOn).toBe(2);
  });
});
