/**
 * `kete board-sim --firmware`: the reference firmware served on a pty, as a
 * board maker or a developer without a board runs it, and `kete board-test`
 * reading it; its EEPROM kept in a file between runs.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import { MAIN, ROOT, ensureBuilt, kete } from "../cli/run.js";
import { referenceFirmware } from "./avr.js";

beforeAll(ensureBuilt);

const hex = await referenceFirmware("test/emulator/cli.test.ts");
const dir = mkdtempSync(join(tmpdir(), "kete-emu-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts board-sim; resolves with the child once it prints its path. */
async function boardSim(
  args: readonly string[],
): Promise<{ child: ChildProcess; out: string; output: () => string }> {
  const child = spawn(process.execPath, [MAIN, "board-sim", ...args], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`board-sim did not start: ${out}`)), 15_000);
    child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ctrl-C")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, out, output: () => out };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGINT");
  return exited;
}

describe("kete board-sim --firmware: usage", () => {
  it("--eeprom, --uncalibrated and --fast need --firmware", () => {
    const run = kete(["board-sim", "--eeprom", "x.eeprom"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--eeprom needs --firmware/);
  });

  it("--fault needs --firmware and a pit and a known kind", () => {
    expect(kete(["board-sim", "--fault", "A3=stuck-high"]).stderr).toMatch(
      /--fault needs --firmware/,
    );
    const bad = kete(["board-sim", "--firmware", "x.hex", "--fault", "A3=broken"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--fault takes PIT=KIND .* not 'A3=broken'/);
  });

  it("a firmware file that is not there, or not Intel HEX: one line, exit 1", () => {
    const missing = kete(["board-sim", "--firmware", join(dir, "none.hex")]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^kete board-sim: cannot read .*none\.hex/);
    const notHex = kete(["board-sim", "--firmware", join(ROOT, "package.json")]);
    expect(notHex.status).toBe(1);
    expect(notHex.stderr).toMatch(
      /^kete board-sim: .*package\.json: line 1: a record starts with ':'\n$/,
    );
  });
});

describe.skipIf(hex === null || !socatAvailable())("kete board-sim --firmware on a pty", () => {
  it("serves the firmware image; board-test --once reads its identity and counts; the EEPROM file keeps the boot counter", async () => {
    const path = join(dir, "board");
    const eeprom = join(dir, "board.eeprom");
    const args = ["--firmware", hex ?? "", "--path", path, "--seed", "3", "--eeprom", eeprom];
    const first = await boardSim(args);
    expect(first.out).toContain(`running ${hex} on ${path}\n`);
    expect(first.out).toContain(`kete board-test --port ${path}`);
    try {
      const run = kete(["board-test", "--port", path, "--once"]);
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(run.stdout.split("\n")[0]).toMatch(
        /^board \S+ {2}firmware \S+ {2}protocol 2 {2}geometry 4x8 {2}boot #0$/,
      );
      expect(run.stdout).toMatch(/ {2}A +4 +4 +4 +4 +4 +4 +4 +4\n/);
      expect(run.stdout).toMatch(/ {2}D +4 +4 +4 +4 +4 +4 +4 +4\n/);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
    expect(existsSync(eeprom)).toBe(true);
    const second = await boardSim([...args, "--fault", "A3=stuck-high"]);
    try {
      const run = kete(["board-test", "--port", path, "--once"]);
      expect(run.stdout.split("\n")[0]).toMatch(/ boot #1$/);
      expect(run.stdout).toMatch(/ {2}A +4 +4 +\? +4 +4 +4 +4 +4\n/);
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  });
});

describe.skipIf(hex === null || !socatAvailable())("kete board-sim --firmware --hand", () => {
  it("plays a trace read on standard input stone by stone (the firmware counts the result), works the buttons and resets the board", async () => {
    const path = join(dir, "hand");
    const sim = await boardSim(["--firmware", hex ?? "", "--path", path, "--hand", "--fast"]);
    try {
      sim.child.stdin?.write("not a trace\n");
      sim.child.stdin?.write(
        `${JSON.stringify({
          trace: [
            { op: "lift", pit: "B3", n: 4 },
            { op: "sow", pit: "B4" },
            { op: "sow", pit: "B5" },
            { op: "sow", pit: "B6" },
            { op: "sow", pit: "B7" },
          ],
        })}\n`,
      );
      const deadline = Date.now() + 20_000;
      while (!sim.output().includes("hand: 5 steps") && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(sim.output()).toContain("hand: not JSON\n");
      expect(sim.output()).toContain("hand: 5 steps\n");
      const run = kete(["board-test", "--port", path, "--once"]);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/ {2}B +4 +4 +0 +5 +5 +5 +5 +4\n/);
      expect(run.stdout.split("\n")[0]).toMatch(/ boot #0$/);
      sim.child.stdin?.write('{"press":1}\n{"release":1}\n{"reset":true}\n');
      while (!sim.output().includes("hand: reset") && Date.now() < deadline + 10_000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(sim.output()).toContain("hand: pressed 1\nhand: released 1\nhand: reset\n");
      const again = kete(["board-test", "--port", path, "--once"]);
      expect(again.stdout.split("\n")[0]).toMatch(/ boot #1$/);
    } finally {
      expect(await stop(sim.child)).toBe(0);
    }
  });
});
