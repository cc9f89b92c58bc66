/**
 * The ATmega2560's 4 KB EEPROM, optionally kept in a file between runs (as the
 * chip keeps it between power cycles): read at start (a missing file is an
 * erased EEPROM, all 0xFF), written back by `flush` when anything changed.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import type { EEPROMBackend } from "avr8js";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { EEPROM_BYTES } from "./atmega2560.js";
import type { EmulatorError } from "./errors.js";

export class EepromFile implements EEPROMBackend {
  readonly memory = new Uint8Array(EEPROM_BYTES).fill(0xff);
  private dirty = false;
  /** Bytes written by the firmware since start (tests). */
  writes = 0;

  private constructor(readonly path: string | null) {}

  /** An EEPROM kept in `path` (null: in memory only). */
  static open(path: string | null): Result<EepromFile, EmulatorError> {
    const e = new EepromFile(path);
    if (path === null || !existsSync(path)) return ok(e);
    try {
      const bytes = readFileSync(path);
      if (bytes.length !== EEPROM_BYTES) {
        return err(
          "bad-eeprom",
          `${path} holds ${bytes.length} bytes, an ATmega2560's EEPROM ${EEPROM_BYTES}`,
        );
      }
      e.memory.set(bytes);
      return ok(e);
    } catch (x) {
      return err(
        "bad-eeprom",
        `cannot read ${path}: ${x instanceof Error ? x.message : String(x)}`,
      );
    }
  }

  readMemory(addr: number): number {
    return this.memory[addr % EEPROM_BYTES] ?? 0xff;
  }

  /** Programming clears bits only (the chip erases first unless told not to: EEPM). */
  writeMemory(addr: number, value: number): void {
    const a = addr % EEPROM_BYTES;
    this.memory[a] = (this.memory[a] ?? 0xff) & value;
    this.dirty = true;
    this.writes++;
  }

  eraseMemory(addr: number): void {
    this.memory[addr % EEPROM_BYTES] = 0xff;
    this.dirty = true;
  }

  /** Writes the file if anything changed (atomically: a temp file, then rename). */
  flush(): void {
    if (!this.dirty || this.path === null) return;
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, this.memory);
    renameSync(tmp, this.path);
    this.dirty = false;
  }
}
