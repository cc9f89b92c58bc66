/** `kete board-sim --geometry hex61` and `kete board-test` on it: the Abalone board over a pty. */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABALONE_START_HOLES, PhysicalBoard, playTrace } from "../../src/board/physical-board.js";
import { socatAvailable } from "../../src/board/pty.js";
import { AbaloneDemo, parseHandLine } from "../../src/cli/board-sim.js";
import { renderBoard } from "../../src/cli/board-test.js";
import { findGame } from "../../src/games/index.js";
import type { MarbleStep } from "../../src/games/index.js";
import type { HoleContent } from "../../src/protocol/index.js";
import { GEOMETRIES } from "../../src/shared/index.js";
import { seededRandom } from "../../src/shared/random.js";
import { MAIN, ROOT, ensureBuilt, expectCleanLedCycle, kete } from "../cli/run.js";

beforeAll(ensureBuilt);

const HOLES = GEOMETRIES.hex61.cells;
const CONTENT: Readonly<Record<string, HoleContent>> = { ".": "empty", b: "black", w: "white" };

/** 61 letters as a snapshot's holes. */
function holesOf(text: string): HoleContent[] {
  return [...text].map((c) => CONTENT[c] ?? "empty");
}

/** The lines of the picture board-test draws of a settled board holding `text`. */
function picture(text: string): string[] {
  return renderBoard({
    board: { geometry: "hex61", holes: holesOf(text) },
    settled: true,
    unsettled: [],
    receivedAt: 0,
  })
    .split("\n")
    .slice(0, 9);
}

describe("kete board-test's picture of a hex61 board", () => {
  it("draws a hexagon, row I on top, each hole's marble, ~ while unsettled, ? for a fault, and the marbles of each colour", () => {
    const holes: (HoleContent | null)[] = holesOf(ABALONE_START_HOLES);
    holes[HOLES.indexOf("E5")] = null;
    const text = renderBoard({
      board: { geometry: "hex61", holes },
      settled: false,
      unsettled: ["C3", "E5"],
      receivedAt: 0,
    });
    const lines = text.split("\n");
    expect(lines[0]).toBe("  I           w   w   w   w   w            5..9");
    expect(lines[2]).toBe("  G       .   .   w   w   w   .   .        3..9");
    expect(lines[4]).toBe("  E   .   .   .   .   ?   .   .   .   .    1..9");
    expect(lines[6]).toBe("  C       .   .   b~  b   b   .   .        1..7");
    expect(lines[8]).toBe("  A           b   b   b   b   b            1..5");
    expect(lines[9]).toBe("  black 14  white 14 on the board");
    expect(lines[10]).toMatch(/^ {2}unsettled: C3 E5 /);
  });
});

describe("board-sim --hand and --demo on hex61", () => {
  it("reads Abalone trace steps on a --hand line, and refuses a bad one", () => {
    const line = parseHandLine(
      '{"trace":[{"op":"off","cell":"E9","colour":"w"},{"op":"hole","cell":"E5","from":"b","to":"e"}]}',
    );
    expect(typeof line === "string" ? line : line.kind).toBe("trace");
    expect(parseHandLine('[{"op":"off","cell":"E9","colour":"e"}]')).toMatch(/^step 1 /);
    expect(parseHandLine('[{"op":"hole","cell":"E5","from":"b"}]')).toMatch(/^step 1 /);
  });

  it("--demo plays legal Abalone moves as pushes, the players taking turns, the board always the engine's", async () => {
    const game = findGame("abalone");
    const start = game?.initial();
    if (game === undefined || start === undefined || !start.ok) throw new Error("no game");
    const physical = new PhysicalBoard({ geometry: "hex61" });
    const demo = new AbaloneDemo();
    const random = seededRandom(9);
    for (let i = 0; i < 150; i++) {
      const trace = demo.next(physical, random);
      expect(trace.length).toBeGreaterThan(1);
      const played = await playTrace(physical, trace, { timeScale: 0 });
      expect(played.ok, played.ok ? "" : played.error.message).toBe(true);
      const marbles = physical.holes().filter((h) => h !== "empty").length;
      expect(marbles + physical.offBoard.black + physical.offBoard.white).toBeLessThanOrEqual(28);
    }
  });
});

const haveSocat = socatAvailable();

describe("kete board-sim --geometry hex61 usage", () => {
  it("refuses an unknown geometry, and --stones or --firmware --demo with hex61", () => {
    const bad = kete(["board-sim", "--geometry", "hex60"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--geometry must be 4x8, 2x5\+2, hex61 or 2x6\+2, not 'hex60'/);
    const stones = kete(["board-sim", "--geometry", "hex61", "--stones", "3"]);
    expect(stones.status).toBe(2);
    expect(stones.stderr).toMatch(/--stones is for 4x8; a hex61 board holds marbles/);
    const fw = kete(["board-sim", "--geometry", "hex61", "--firmware", "x.hex", "--demo"]);
    expect(fw.status).toBe(2);
    expect(fw.stderr).toMatch(/use --hand to move marbles on hex61/);
  });
});

describe.skipIf(!haveSocat)("kete board-sim --geometry hex61 with kete board-test", () => {
  let sim: ChildProcess | null = null;
  let path = "";
  let out = "";
  let err = "";

  const waitFor = (done: () => boolean, what: string, ms: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${what} from board-sim: ${out} ${err}`)),
        ms,
      );
      const check = (): void => {
        if (!done()) return;
        clearTimeout(timer);
        sim?.stdout?.off("data", check);
        resolve();
      };
      sim?.stdout?.on("data", check);
      check();
    });

  beforeAll(async () => {
    path = `/tmp/kete-cli-hex61-${process.pid}`;
    const child = spawn(
      process.execPath,
      [
        MAIN,
        "board-sim",
        "--geometry",
        "hex61",
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
    child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    await waitFor(() => out.includes("Ctrl-C"), "'Ctrl-C'", 20_000);
    expect(out).toContain(`simulated hex61 board (noisy) on ${path}\n`);
  });

  afterAll(async () => {
    if (sim === null) return;
    const exited = new Promise((r) => sim?.once("exit", r));
    sim.kill("SIGINT");
    await exited;
  });

  it("--once shows INFO geo=hex61 and the standard start, hole by hole", () => {
    const run = kete(["board-test", "--port", path, "--once"]);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/geometry hex61/);
    expect(run.stdout).toMatch(
      /sensors read empty, black, white, the neutral marble \(AB-9\.6\) or a marble \(no colour\)/,
    );
    for (const line of picture(ABALONE_START_HOLES)) expect(run.stdout).toContain(`${line}\n`);
    expect(run.stdout).toContain("  black 14  white 14 on the board\n");
    expect(run.stdout).toMatch(/^ {2}settled /m);
  });

  it("--seconds runs the LED cycle over its 61 holes and ends with a clean summary", () => {
    expectCleanLedCycle(path);
  });

  it("--hand pushes hand-written Abalone traces; board-test shows the marbles where they went", async () => {
    const hole = (cell: string, from: string, to: string): MarbleStep => ({
      op: "hole",
      cell,
      from,
      to,
    });
    // Black C3 to D3, white G5 to F5, then black's C4 C5 line one hole on to C5 C6.
    const traces: MarbleStep[][] = [
      [hole("C3", "b", "e"), hole("D3", "e", "b")],
      [hole("F5", "e", "w"), hole("G5", "w", "e")],
      [hole("C4", "b", "e"), hole("C6", "e", "b")],
    ];
    for (const trace of traces) sim?.stdin?.write(`${JSON.stringify({ trace })}\n`);
    const done = (): number => (out.match(/^hand: \d+ steps$/gm) ?? []).length;
    await waitFor(() => done() >= traces.length, "end of the hand", 30_000);
    expect(err).toBe("");
    const after = [...ABALONE_START_HOLES]
      .map(
        (c, i) => ({ C3: ".", D3: "b", F5: "w", G5: ".", C4: ".", C6: "b" })[HOLES[i] ?? ""] ?? c,
      )
      .join("");
    const run = kete(["board-test", "--port", path, "--once"]);
    expect(run.status).toBe(0);
    for (const line of picture(after)) expect(run.stdout).toContain(`${line}\n`);
  });
});
