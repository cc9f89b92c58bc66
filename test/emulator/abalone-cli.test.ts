/**
 * `kete board-sim --firmware build/kete_abalone.hex --geometry hex61` (issue 30):
 * the Glassperlenspiel firmware on the emulated Mega, paced to the wall
 * clock, on a pseudo-terminal; `kete board-test` reads it as it reads a real
 * board: AB-1's standard start hole by hole, the LED cycle over its 61
 * holes with a clean summary.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import { MAIN, ROOT, ensureBuilt, kete } from "../cli/run.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/abalone-cli.test.ts", "abalone");

describe.skipIf(hex === null || !socatAvailable())(
  "kete board-sim --firmware kete_abalone.hex --geometry hex61 with kete board-test",
  () => {
    let sim: ChildProcess | null = null;
    let out = "";
    const path = `/tmp/kete-abalone-cli-${process.pid}`;

    beforeAll(async () => {
      ensureBuilt();
      const child = spawn(
        process.execPath,
        [MAIN, "board-sim", "--firmware", hex!, "--geometry", "hex61", "--path", path],
        { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
      );
      sim = child;
      child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`board-sim did not start: ${out}`)),
          20_000,
        );
        const check = (): void => {
          if (!out.includes("Ctrl-C")) return;
          clearTimeout(timer);
          resolve();
        };
        child.stdout?.on("data", check);
        check();
      });
    }, 30_000);

    afterAll(async () => {
      if (sim === null) return;
      const exited = new Promise((r) => sim?.once("exit", r));
      sim.kill("SIGINT");
      await exited;
    });

    it("says what it serves", () => {
      expect(out).toContain(`emulated Mega 2560 (hex61 board) running ${hex!} on ${path}\n`);
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
      const run = kete(["board-test", "--port", path, "--seconds", "2"]);
      expect(run.status).toBe(0);
      expect(run.stdout).not.toMatch(/refused|nak-/);
      expect(run.stdout).toMatch(/^sensor faults: none$/m);
    });
  },
);
