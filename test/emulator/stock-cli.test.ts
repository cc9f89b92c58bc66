/**
 * `kete board-sim --firmata`: the stock-parts board (StandardFirmata on the
 * emulated Mega) on a pseudo-terminal, as a Firmata host sees it at 57600
 * baud; its usage errors.
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SerialPort } from "serialport";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import { MAIN, ROOT, ensureBuilt, kete } from "../cli/run.js";

beforeAll(ensureBuilt);

const dir = mkdtempSync(join(tmpdir(), "kete-stock-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("kete board-sim --firmata: usage", () => {
  it("refuses what the stock board does not have, each with one clear line and exit 2", () => {
    const cases: [string[], RegExp][] = [
      [["--firmata", "--noise"], /--noise is the simulator's/],
      [["--firmata", "--eeprom", "x"], /--eeprom is the reference board's/],
      [["--firmata", "--uncalibrated"], /--uncalibrated is the reference board's/],
      [["--firmata", "--geometry", "hex61"], /--firmata serves the 4x8 stock-parts board/],
      [
        ["--firmata", "--fault", "A3=stuck-high"],
        /--fault takes PIT=KIND .*rail-high.*'A3=stuck-high'/,
      ],
      [["--fast"], /--fast needs --firmware or --firmata/],
    ];
    for (const [args, message] of cases) {
      const run = kete(["board-sim", ...args]);
      expect(run.status, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toMatch(message);
    }
  });

  it("a Firmata image that is not there: one line, exit 1", () => {
    const run = kete(["board-sim", "--firmata", "--firmware", join(dir, "none.hex")]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^kete board-sim: cannot read .*none\.hex/);
  });
});

async function boardSim(
  args: readonly string[],
): Promise<{ child: ChildProcess; out: () => string }> {
  const child = spawn(process.execPath, [MAIN, "board-sim", ...args], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`board-sim did not start: ${out}`)), 15_000);
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("Ctrl-C")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { child, out: () => out };
}

/** Resolves when `bytes` holds `needle`, or rejects after `ms` of wall time. */
function waitFor(bytes: () => Buffer, needle: Buffer, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const poll = setInterval(() => {
      if (bytes().includes(needle)) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - t0 > ms) {
        clearInterval(poll);
        reject(new Error(`no ${needle.toString("hex")} in ${bytes().toString("hex")}`));
      }
    }, 20);
  });
}

describe.skipIf(!socatAvailable())("kete board-sim --firmata on a pty", () => {
  it("boots StandardFirmata, answers a Firmata host at 57600 baud, and works button 1 from --hand", async () => {
    const path = join(dir, "mega");
    const sim = await boardSim(["--firmata", "--path", path, "--fast", "--hand"]);
    expect(sim.out()).toMatch(/stock-parts board .* on .*mega, 57600 baud/);
    expect(sim.out()).toMatch(/kete board-test --board firmata --port /);
    const port = new SerialPort({ path, baudRate: 57600, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    let got = Buffer.alloc(0);
    port.on("data", (d: Buffer) => (got = Buffer.concat([got, d])));
    try {
      // REPORT_VERSION 2.3, the firmware's first words after its reset.
      await waitFor(() => got, Buffer.from([0xf9, 2, 3]), 20_000);
      // D2 an input with its pull-up, port 0 reported; then button 1 pressed.
      port.write(Buffer.from([0xf4, 2, 0, 0x90, 0x04, 0x00, 0xd0, 1]));
      await waitFor(() => got, Buffer.from([0x90, 0x04]), 10_000);
      sim.child.stdin?.write('{"press":1}\n');
      await waitFor(() => got, Buffer.from([0x90, 0x00, 0x00]), 10_000);
      expect(sim.out()).toMatch(/hand: pressed 1/);
    } finally {
      await new Promise<void>((resolve) => port.close(() => resolve()));
      const exited = new Promise<number | null>((r) => sim.child.once("exit", (c) => r(c)));
      sim.child.kill("SIGINT");
      expect(await exited).toBe(0);
    }
  });
});
