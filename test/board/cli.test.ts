/** `kete board-sim` and `kete board-test`, as a board maker runs them. */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socatAvailable } from "../../src/board/pty.js";
import { MAIN, ROOT, ensureBuilt, kete } from "../cli/run.js";

beforeAll(ensureBuilt);

const haveSocat = socatAvailable();

describe("kete board-test without a board", () => {
  it("a port that does not exist: one line on stderr, exit 1", () => {
    const run = kete(["board-test", "--port", "/dev/kete-no-such-port"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      /^kete board-test: cannot open \/dev\/kete-no-such-port: no such device\n$/,
    );
  });

  it("a bad --seconds is a usage error", () => {
    const run = kete(["board-test", "--port", "/dev/x", "--seconds", "soon"]);
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toMatch(/^error: --seconds must be a number/);
  });
});

describe.skipIf(!haveSocat)("kete board-sim with kete board-test", () => {
  let sim: ChildProcess | null = null;
  let path = "";

  beforeAll(async () => {
    path = `/tmp/kete-cli-test-${process.pid}`;
    const child = spawn(process.execPath, [MAIN, "board-sim", "--path", path, "--seed", "3"], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    });
    sim = child;
    let out = "";
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`board-sim did not start: ${out}`)), 10_000);
      child.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("Ctrl-C")) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    expect(out).toContain(`on ${path}\n`);
    expect(out).toContain(`kete board-test --port ${path}`);
  });

  afterAll(async () => {
    if (sim === null) return;
    const exited = new Promise((r) => sim?.once("exit", r));
    sim.kill("SIGINT");
    await exited;
  });

  it("--once shows the board's info and the pits laid out as the board", () => {
    const run = kete(["board-test", "--port", path, "--once"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^board KETE-SIM {2}firmware sim-1\.0\.0 {2}protocol 2 {2}geometry 4x8/,
    );
    const rows = lines.filter((l) => /^ {2}[ABCD] /.test(l)).map((l) => l.trim()[0]);
    expect(rows).toEqual(["D", "C", "B", "A"]);
    expect(run.stdout).toMatch(/ {2}A +4 +4 +4 +4 +4 +4 +4 +4/);
    expect(run.stdout).not.toContain("\u001b["); // not a terminal: no colour
  });

  it("--seconds runs the LED cycle and ends with a summary", () => {
    const run = kete(["board-test", "--port", path, "--seconds", "2"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^snapshots \d+ \(\d+ settled\)$/m);
    expect(run.stdout).toMatch(/^line errors: none$/m);
    expect(run.stdout).toMatch(/^sensor faults: none$/m);
  });

  it("the simulator's own end is not a board kete can use: exit 1, one line", () => {
    const run = kete(["board-test", "--port", `${path}.board`, "--once"]);
    expect(run.status).toBe(1);
    expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
