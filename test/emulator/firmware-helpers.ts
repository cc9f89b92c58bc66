/**
 * Shared by the tests of the reference firmware on the emulated board: a
 * calibrated board by default, a snapshot's counts, the settled-snapshot pattern.
 */
import type { EmulatedBoardOptions } from "../../src/emulator/index.js";
import { TestBoard } from "./avr.js";
import type { Line } from "./avr.js";

export function bootFirmware(
  hex: string | null,
  options: Omit<EmulatedBoardOptions, "firmware"> = {},
): TestBoard {
  return TestBoard.boot(hex ?? "", { calibrated: true, ...options });
}

/** The counts of a `SNAP` line, canonical order (`?` as null). */
export function counts(line: Line): (number | null)[] {
  const cells = line.text.split("*")[0]?.split(" ").at(-1) ?? "";
  return cells.split(",").map((c) => (c === "?" ? null : Number(c)));
}

export const SETTLED = /^[0-9A-F]{2} SNAP 4x8 [CPR] S /;
