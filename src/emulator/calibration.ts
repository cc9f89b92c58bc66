/**
 * A board calibrated at the factory: writes the reference firmware's
 * calibration records (hardware/firmware/README.md, "EEPROM") for the
 * emulated cells, as if each pit had been tared empty and calibrated with
 * stones of the set's nominal mass, so an emulated board counts from its
 * first boot. Pits that already hold a valid record keep it.
 *
 * Record of pit i (canonical order) at 0x010 + 16 i: 0x4B, flags (1 zero,
 * 2 gain), zero and gain in 1/16 raw units (int32 LE), count and reading of
 * the last CAL point, CRC-8 (PROTOCOL.md §3) of bytes 0..14.
 */
import { crc8Update } from "../protocol/index.js";
import type { BoardWiring } from "../board/index.js";
import type { EepromFile } from "./eeprom-file.js";
import type { PitModels } from "./pit-model.js";

const RECORDS_AT = 0x010;
const RECORD_BYTES = 16;
const MAGIC = 0x4b;
/** The count a calibration point is recorded with (hardware/README.md §2.4). */
const CAL_COUNT = 32;

function crc(bytes: Uint8Array): number {
  let c = 0;
  for (const b of bytes) c = crc8Update(c, b);
  return c;
}

/** Whether pit i has a record the firmware accepts. */
export function hasCalibration(eeprom: EepromFile, i: number): boolean {
  const at = RECORDS_AT + RECORD_BYTES * i;
  const rec = eeprom.memory.subarray(at, at + RECORD_BYTES);
  return rec[0] === MAGIC && ((rec[1] ?? 0) & 3) === 3 && crc(rec.subarray(0, 15)) === rec[15];
}

/** One record: zero and counts per stone in raw units. */
export function calibrationRecord(zero: number, perStone: number): Uint8Array {
  const rec = new Uint8Array(RECORD_BYTES);
  const view = new DataView(rec.buffer);
  rec[0] = MAGIC;
  rec[1] = 3;
  view.setInt32(2, Math.round(zero * 16), true);
  view.setInt32(6, Math.round(perStone * 16), true);
  rec[10] = CAL_COUNT;
  view.setInt32(11, Math.round(perStone * CAL_COUNT), true);
  rec[15] = crc(rec.subarray(0, 15));
  return rec;
}

/** Writes a record for every pit without one; how many were written. */
export function calibrateAtFactory(
  eeprom: EepromFile,
  wiring: BoardWiring,
  pits: PitModels,
  stoneGrams: number,
): number {
  let written = 0;
  wiring.pits.forEach((pit, i) => {
    if (hasCalibration(eeprom, i)) return;
    const { zero, countsPerGram } = pits.cellOf(pit.channel);
    const rec = calibrationRecord(zero, countsPerGram * stoneGrams);
    rec.forEach((b, k) => {
      eeprom.eraseMemory(RECORDS_AT + RECORD_BYTES * i + k);
      eeprom.writeMemory(RECORDS_AT + RECORD_BYTES * i + k, b);
    });
    written++;
  });
  return written;
}
