/**
 * `kete board-sim --firmware build/kete_abalone.hex --geometry hex61` (issue 30):
 * the Glassperlenspiel firmware on the emulated Mega, paced to the wall
 * clock, on a pseudo-terminal; `kete board-test` reads it as it reads a real
 * board: AB-1's standard start hole by hole, the LED cycle over its 61
 * holes with a clean summary.
 */
import { describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import { boardSimForSuite } from "../cli/process.js";
import { expectCleanLedCycle, kete } from "../cli/run.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/abalone-cli.test.ts", "abalone");

describe.skipIf(hex === null || !socatAvailable())(
  "kete board-sim --firmware kete_abalone.hex --geometry hex61 with kete board-test",
  () => {
    const path = `/tmp/kete-abalone-cli-${process.pid}`;
    const sim = boardSimForSuite(["--firmware", hex!, "--geometry", "hex61", "--path", path]);

    it("says what it serves", () => {
      expect(sim().stdout() + sim().stderr()).toContain(
        `emulated Mega 2560 (hex61 board) running ${hex!} on ${path}\n`,
      );
    });

    it("--once shows INFO geo=hex61 and AB-1's standard start, every hole settled", () => {
      const run = kete(["board-test", "--port", path, "--once"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/geometry hex61/);
      expect(run.stdout).toContain("  black 14  white 14 on the board\n");
      expect(run.stdout).toMatch(/^ {2}settled /m);
    });

    it("--seconds runs the LED cycle over its 61 holes and ends with a clean summary", () => {
      expectCleanLedCycle(path);
    });
  },
);
