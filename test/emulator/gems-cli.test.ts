/**
 * `kete board-sim --firmware build/kete_gems.hex --geometry 2x5+2` (issue 30):
 * the Glassperlenspiel firmware on the emulated Mega, paced to the wall
 * clock, on a pseudo-terminal; `kete board-test` reads it as it reads a real
 * board: GB-1's gems named by their tags, the LED cycle over its twelve
 * places with a clean summary.
 */
import { describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import { boardSimForSuite } from "../cli/process.js";
import { expectCleanLedCycle, kete } from "../cli/run.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/gems-cli.test.ts", "gems");

describe.skipIf(hex === null || !socatAvailable())(
  "kete board-sim --firmware kete_gems.hex --geometry 2x5+2 with kete board-test",
  () => {
    const path = `/tmp/kete-gems-cli-${process.pid}`;
    const sim = boardSimForSuite(["--firmware", hex!, "--geometry", "2x5+2", "--path", path]);

    it("says what it serves", () => {
      expect(sim().stdout() + sim().stderr()).toContain(
        `emulated Mega 2560 (2x5+2 board) running ${hex!} on ${path}\n`,
      );
    });

    it("--once shows GB-1: every gem named by its tag in its pit, both cups empty", () => {
      const run = kete(["board-test", "--port", path, "--once"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/geometry 2x5\+2/);
      expect(run.stdout).toMatch(/ {2}B {3}1 N1 +1 N2 +1 N3 +1 N4 +1 N5 +\| NC 0\n/);
      expect(run.stdout).toMatch(/ {2}A {3}1 S5 +1 S4 +1 S3 +1 S2 +1 S1 +\| SC 0\n/);
    });

    it("--seconds runs the LED cycle over its twelve places and ends with a clean summary", () => {
      expectCleanLedCycle(path);
    });
  },
);
