/**
 * The stock-parts board's calibration, kept by the host in one JSON file per
 * board (StandardFirmata has no place for it; PROTOCOL.md §10 keeps it on the
 * reference board's EEPROM). Tare and gain per pit, in ADC units:
 *
 *   { "kete": "firmata-calibration", "version": 1, "board": "FIRMATA-ttyACM0",
 *     "pits": { "A1": { "tare": 102.4, "gain": 9.84 }, … } }
 *
 * A pit not in the file is uncalibrated (nominal values, `calibration-needed`,
 * §10). Reading validates into a `Result` (a missing file is an empty
 * calibration, a damaged one an error that says which file and what); writing
 * is atomic (a temporary file renamed over the old one), so an interrupted
 * write leaves the old calibration, never a half-written one.
 */
import { readFileSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { homedir } from "node:os";
import { err, ok } from "../../shared/index.js";
import type { Result } from "../../shared/index.js";
import { GEOMETRIES } from "../../protocol/index.js";
import type { PitCalibration } from "./sensing.js";
import type { CalibrationFileError } from "../errors.js";

export const CALIBRATION_KIND = "firmata-calibration";
export const CALIBRATION_VERSION = 1;

/** Calibrated pits by name (4x8 names). */
export type CalibrationTable = ReadonlyMap<string, PitCalibration>;

const PITS: readonly string[] = GEOMETRIES["4x8"].cells;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a calibration file's text. */
export function parseCalibration(
  text: string,
  file: string,
): Result<CalibrationTable, CalibrationFileError> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return err("bad-calibration", `${file} is not JSON (${(e as Error).message})`);
  }
  if (!isRecord(data) || data.kete !== CALIBRATION_KIND) {
    return err("bad-calibration", `${file} is not a kete firmata calibration file`);
  }
  if (data.version !== CALIBRATION_VERSION) {
    return err(
      "bad-calibration",
      `${file} has version ${String(data.version)}; this kete reads version ${CALIBRATION_VERSION}`,
    );
  }
  if (!isRecord(data.pits)) return err("bad-calibration", `${file} has no "pits" object`);
  const table = new Map<string, PitCalibration>();
  for (const [pit, entry] of Object.entries(data.pits)) {
    if (!PITS.includes(pit)) return err("bad-calibration", `${file}: ${pit} is not a 4x8 pit`);
    if (!isRecord(entry)) return err("bad-calibration", `${file}: ${pit} is not an object`);
    const { tare, gain } = entry;
    if (typeof tare !== "number" || !Number.isFinite(tare) || tare < 0 || tare > 1023) {
      return err("bad-calibration", `${file}: ${pit}'s tare must be an ADC reading 0..1023`);
    }
    if (typeof gain !== "number" || !Number.isFinite(gain) || gain < 1 || gain > 1023) {
      return err("bad-calibration", `${file}: ${pit}'s gain must be 1..1023 ADC units per stone`);
    }
    table.set(pit, { tare, gain });
  }
  return ok(table);
}

/** The file's text for a table (pits in canonical order). */
export function formatCalibration(board: string, table: CalibrationTable): string {
  const pits: Record<string, PitCalibration> = {};
  for (const pit of PITS) {
    const cal = table.get(pit);
    if (cal !== undefined) {
      pits[pit] = { tare: round2(cal.tare), gain: round2(cal.gain) };
    }
  }
  const doc = { kete: CALIBRATION_KIND, version: CALIBRATION_VERSION, board, pits };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Reads a board's file; a missing file is an empty table. */
export async function readCalibrationFile(
  file: string,
): Promise<Result<CalibrationTable, CalibrationFileError>> {
  let text: string;
  try {
    // Read at once, not on libuv's thread pool: a board opening must not wait on
    // real I/O, which a busy machine delays while a board on a fake clock (the
    // tests') runs out its waits meanwhile. The file is a few kilobytes, read once.
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return ok(new Map());
    return err("bad-calibration", `cannot read ${file}: ${(e as Error).message}`);
  }
  return parseCalibration(text, file);
}

let tmpCounter = 0;

/** Writes the table atomically (temporary file, then rename). */
export async function writeCalibrationFile(
  file: string,
  board: string,
  table: CalibrationTable,
): Promise<Result<void, CalibrationFileError>> {
  const tmp = `${file}.${process.pid}.${tmpCounter++}.tmp`;
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(tmp, formatCalibration(board, table), "utf8");
    await rename(tmp, file);
    return ok(undefined);
  } catch (e) {
    return err("calibration-write", `cannot write ${file}: ${(e as Error).message}`);
  }
}

/**
 * A board's id from its device path: `FM-` and the end of the device's name
 * (letters, digits, `._-`), at most 16 characters (PROTOCOL.md §12.1 `ident`).
 */
export function firmataBoardId(path: string): string {
  const base =
    path
      .split(/[\\/]/)
      .filter((s) => s !== "")
      .pop() ?? "board";
  const clean = base.replace(/[^A-Za-z0-9_.-]/g, "_").slice(-13);
  return `FM-${clean === "" ? "board" : clean}`;
}

/** Where a board's calibration lives by default: ~/.config/kete/firmata/<id>.json (or $XDG_CONFIG_HOME). */
export function defaultCalibrationFile(boardId: string): string {
  const base = process.env.XDG_CONFIG_HOME ?? join(homedir(), ".config");
  return join(base, "kete", "firmata", `${boardId}.json`);
}
