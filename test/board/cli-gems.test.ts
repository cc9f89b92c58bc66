/** `kete board-sim --geometry 2x5+2` and `kete board-test` on it: the Glassperlenspiel board over a pty. */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { socatAvailable } from "../../src/board/pty.js";
import { GlassDemo } from "../../src/cli/board-sim.js";
import { renderBoard } from "../../src/cli/board-test.js";
import { findGame } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/random.js";
import { MAIN, ROOT, ensureBuilt, expectCleanLedCycle, kete } from "../cli/run.js";

beforeAll(ensureBuilt);

describe("kete board-test's picture of a 2x5+2 board", () => {
  it("draws North's row above South's, each cup at its row's end, gems by tag and the cups' points", () => {
    const text = renderBoard({
      board: {
        geometry: "2x5+2",
        places: [
          { count: 1, gems: ["S5"] },
          { count: 0, gems: [] },
          { count: 2, gems: ["S2", "S3"] },
          { count: 1, gems: [] },
          null,
          { count: 1, gems: ["N1"] },
          { count: 1, gems: ["N2"] },
          { count: 1, gems: [] },
          { count: 1, gems: ["N4"] },
          { count: 1, gems: ["N5"] },
          { count: 0, gems: ["N3"] },
          { count: 0, gems: ["S1", "S4"] },
        ],
      },
      settled: false,
      unsettled: ["A3", "A5"],
      receivedAt: 0,
    });
    const lines = text.split("\n");
    expect(lines[1]).toMatch(/^ {2}B {3}1 N1 +1 N2 +1 +1 N4 +1 N5 +\| NC 0 S1 S4$/);
    expect(lines[2]).toMatch(/^ {2}A {3}1 S5 +0 +2 S2 S3~ +1 +\? +\| SC 0 N3$/);
    expect(lines[3]).toBe("  South's cup SC: 3 point(s)   North's cup NC: 5 point(s)");
    expect(lines[4]).toMatch(/^ {2}unsettled: A3 A5 /);
  });
});

describe("board-sim --demo on 2x5+2", () => {
  it("plays legal Glassperlenspiel moves, the players taking turns, and sets up again when a game ends", () => {
    const g = findGame("glassperlenspiel");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("no game");
    const physical = new PhysicalBoard({ geometry: "2x5+2" });
    const demo = new GlassDemo();
    const random = seededRandom(9);
    let lifts = 0;
    for (let i = 0; i < 300; i++) {
      const trace = demo.next(physical, random);
      expect(trace.length).toBeGreaterThan(1);
      const lift = trace[0];
      if (lift?.op === "lift") lifts++;
      // played at once, as the pty simulator's hand would, bead by bead
      for (const step of trace) {
        if (step.op === "lift") physical.hand.liftBeads(step.pit, step);
        else if (step.op === "sow") expect(physical.hand.drop(step.pit, step.bead).ok).toBe(true);
        else if (step.op === "capture") {
          expect(physical.hand.capture(step.pit, step.gem, step.to).ok).toBe(true);
        }
      }
      expect(physical.hand.held).toBe(0);
      expect(physical.total).toBe(10);
      expect(physical.gemsOnBoard()).toHaveLength(10);
    }
    expect(lifts).toBe(300);
  });
});

const haveSocat = socatAvailable();

describe("kete board-sim --geometry 2x5+2 usage", () => {
  it("refuses an unknown geometry, --stones with 2x5+2, and --demo with its firmware", () => {
    const bad = kete(["board-sim", "--geometry", "3x3"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--geometry must be 4x8, 2x5\+2, hex61 or 2x6\+2, not '3x3'/);
    const stones = kete(["board-sim", "--geometry", "2x5+2", "--stones", "3"]);
    expect(stones.status).toBe(2);
    expect(stones.stderr).toMatch(/--stones is for 4x8/);
    const demo = kete(["board-sim", "--geometry", "2x5+2", "--firmware", "x.hex", "--demo"]);
    expect(demo.status).toBe(2);
    expect(demo.stderr).toMatch(/--demo with --firmware plays 4x8 moves/);
    // the Glassperlenspiel firmware runs under emulation (test/emulator/gems-firmware.test.ts):
    // a missing image is said as such
    const fw = kete(["board-sim", "--geometry", "2x5+2", "--firmware", "x.hex"]);
    expect(fw.status).toBe(1);
    expect(fw.stderr).toMatch(/cannot read x\.hex/);
  });
});

describe.skipIf(!haveSocat)("kete board-sim --geometry 2x5+2 with kete board-test", () => {
  let sim: ChildProcess | null = null;
  let path = "";
  let out = "";

  const waitFor = (text: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no '${text}' from board-sim: ${out}`)),
        20_000,
      );
      const check = (): void => {
        if (!out.includes(text)) return;
        clearTimeout(timer);
        sim?.stdout?.off("data", check);
        resolve();
      };
      sim?.stdout?.on("data", check);
      check();
    });

  beforeAll(async () => {
    path = `/tmp/kete-cli-gems-${process.pid}`;
    const child = spawn(
      process.execPath,
      [
        MAIN,
        "board-sim",
        "--geometry",
        "2x5+2",
        "--noise",
        "--hand",
        "--path",
        path,
        "--seed",
        "3",
      ],
      { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] },
    );
    sim = child;
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    await waitFor("Ctrl-C");
    expect(out).toContain(`simulated 2x5+2 board (noisy) on ${path}\n`);
  });

  afterAll(async () => {
    if (sim === null) return;
    const exited = new Promise((r) => sim?.once("exit", r));
    sim.kill("SIGINT");
    await exited;
  });

  it("--once shows the board set up as GB-1: gems by tag, both cups", () => {
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

  it("--hand plays Glassperlenspiel moves bead by bead up to a capture; the board shows the gem in the cup", async () => {
    const g = findGame("glassperlenspiel");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("no game");
    const random = seededRandom(18);
    let position = start.value;
    const traces = [];
    for (let i = 0; i < 40; i++) {
      const move = g.randomMove(position, random);
      if (move === null) break;
      traces.push(move.trace);
      position = move.position;
      if (move.trace.some((s) => s.op === "capture")) break;
    }
    expect(traces.at(-1)?.some((s) => s.op === "capture")).toBe(true);
    for (const trace of traces) sim?.stdin?.write(`${JSON.stringify({ trace })}\n`);
    const done = (): number => (out.match(/^hand: \d+ steps$/gm) ?? []).length;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`hand did not finish: ${out}`)), 50_000);
      const check = (): void => {
        if (done() < traces.length) return;
        clearTimeout(timer);
        sim?.stdout?.off("data", check);
        resolve();
      };
      sim?.stdout?.on("data", check);
      check();
    });
    const expected = new PhysicalBoard({ geometry: "2x5+2", counts: 0 });
    expected.setReadings(g.sensorView(position).counts);
    const cup = (c: string): string => [String(expected.count(c)), ...expected.gems(c)].join(" ");
    expect(expected.gems("SC").length + expected.gems("NC").length).toBeGreaterThan(0);
    const run = kete(["board-test", "--port", path, "--once"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`| SC ${cup("SC")}\n`);
    expect(run.stdout).toContain(`| NC ${cup("NC")}\n`);
  });
});
