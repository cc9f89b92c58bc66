/**
 * The Abalone board's marbles as the emulated sensors feel them: an
 * `AbaloneField` kept in step with a hex61 `PhysicalBoard` (what the hand and
 * the tests move), and the factory calibration of the firmware's EEPROM
 * (kete_abalone/hall.h: 11-byte records from 0x010, hardware/abalone.md §7).
 */
import type { PhysicalBoard } from "../board/index.js";
import { ABALONE_HOLES, type AbaloneField } from "./abalone-field.js";
import type { AbaloneSensors } from "./abalone-sensors.js";
import type { EepromFile } from "./eeprom-file.js";

/** Where the firmware keeps its calibration records, and their size (hall.h). */
export const HALL_RECORDS_AT = 0x010;
export const HALL_RECORD_BYTES = 11;

/**
 * Brings the field's marbles to what the physical board's holes hold at time t
 * (s): a marble gone is lifted, a new one set down (it rocks in its dish, §6).
 */
export function followHoles(field: AbaloneField, physical: PhysicalBoard, t: number): void {
  const holes = physical.holes();
  const cells = field.cells();
  for (let h = 0; h < ABALONE_HOLES; h++) {
    const h0 = holes[h];
    const want = h0 === "black" ? "b" : h0 === "white" ? "w" : h0 === "neutral" ? "n" : ".";
    const have = cells[h];
    if (want === have) continue;
    if (have !== ".") field.lift(h);
    if (want !== ".") field.put(h, want, t);
  }
}

function crc8(bytes: readonly number[]): number {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

/** One hole's record: TARE zero (lsb), L_w and L_b (µT), CRC-8 ^ 0x5A (hall_pack). */
export function hallRecord(
  zero: readonly [number, number, number],
  lw: number,
  lb: number,
): number[] {
  const rec: number[] = [];
  for (const z of zero) {
    const u = Math.max(-32767, Math.min(32767, Math.round(z))) & 0xffff;
    rec.push(u & 0xff, u >> 8);
  }
  rec.push(lw & 0xff, (lw >> 8) & 0xff, lb & 0xff, (lb >> 8) & 0xff);
  rec.push(crc8(rec) ^ 0x5a);
  return rec;
}

/**
 * What `TARE` and `CAL <hole> w|b` with the reference marbles leave in the
 * EEPROM of a board made at the factory: each sensor's zero (its offset times
 * its gain, in the ±40 mT range's lsb) and each hole's levels as the nominal
 * marbles give them through its sensor's gain. Holes with a record are kept.
 */
export function calibrateHallAtFactory(eeprom: EepromFile, sensors: AbaloneSensors): number {
  let written = 0;
  sensors.sensors.forEach((s, h) => {
    const at = HALL_RECORDS_AT + HALL_RECORD_BYTES * h;
    let blank = true;
    for (let k = 0; k < HALL_RECORD_BYTES; k++)
      if (eeprom.readMemory(at + k) !== 0xff) blank = false;
    if (!blank) return;
    const { offset, gain } = s.tolerance();
    const lsb = (mT: number): number => (mT * 32768) / 40;
    const rec = hallRecord(
      [lsb(offset[0] * gain), lsb(offset[1] * gain), lsb(offset[2] * gain)],
      Math.round(2000 * gain),
      Math.round(6800 * gain),
    );
    rec.forEach((b, k) => {
      eeprom.eraseMemory(at + k);
      eeprom.writeMemory(at + k, b);
    });
    written++;
  });
  return written;
}
