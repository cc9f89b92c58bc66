/**
 * A closed output is never a crash (issue 11): `kete games | head -1`,
 * `kete replay FILE | head`, `kete perft … --divide | head -0`, `kete
 * board-test … | head`, `kete replay --verify FILE | head -0` end quietly
 * with the command's own exit code, never `Error: write EPIPE` and a stack.
 * Each command runs as a process whose standard output is a pipe the test
 * closes: at once (`| head -0`) or after the first chunk (`| head -1`).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { EventEmitter } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { socatAvailable, startPtySimulator, type PtySimulator } from "../../src/board/pty.js";
import { findGame } from "../../src/games/index.js";
import { isClosedOutput, quietWhenOutputCloses, whenOutputCloses } from "../../src/cli/output.js";
import { play, settings } from "./play-harness.js";
import { ensureBuilt, MAIN, ROOT } from "./run.js";

type Close = "at-once" | "after-first-chunk" | "never";

/** Runs `kete ARGS` with its output piped into a reader that closes as `close` says. */
function closedRun(
  args: readonly string[],
  close: Close,
  input?: string,
): Promise<{ code: number | null; signal: string | null; stderr: string; read: string }> {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1" },
    stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
  });
  const stdout = child.stdout!;
  let stderr = "";
  let read = "";
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  if (close === "at-once") stdout.destroy();
  else if (close === "never") stdout.on("data", (d: Buffer) => (read += d.toString("utf8")));
  else {
    stdout.once("data", (d: Buffer) => {
      read = d.toString("utf8");
      stdout.destroy();
    });
  }
  if (input !== undefined) {
    child.stdin!.on("error", () => undefined);
    child.stdin!.end(input);
  }
  const life = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("close", (code, signal) => {
      clearTimeout(life);
      resolve({ code, signal, stderr, read });
    }),
  );
}

function expectQuiet(r: { stderr: string; signal: string | null }): void {
  expect(r.stderr).not.toMatch(/Error|EPIPE|\n\s+at /);
  expect(r.stderr).toBe("");
  expect(r.signal).toBeNull();
}

let dir = "";
let journal = "";
let many = "";

beforeAll(async () => {
  ensureBuilt();
  // A whole game on the fake clock: its journal is a replay of tens of boards.
  const s = settings("hus", { seed: 3 });
  const result = await play(s);
  journal = result.session.journalPath;
  dir = s.gamesDir;
  // More games than a pipe holds lines of (64 KiB): `kete games` is still writing when
  // the reader goes. Each is the game's header alone: a game not yet begun.
  many = mkdtempSync(join(tmpdir(), "kete-many-"));
  const header = `${readFileSync(journal, "utf8").split("\n")[0]!}\n`;
  for (let i = 0; i < 800; i++) {
    writeFileSync(
      join(many, `2026-01-01T00-00-00-${String(i).padStart(3, "0")}.kete.jsonl`),
      header,
    );
  }
}, 120_000);

describe("a closed output ends a command quietly", { timeout: 90_000 }, () => {
  it.each<[string, () => string[], Close, number]>([
    ["games | head -1", () => ["games", "--games-dir", many], "after-first-chunk", 0],
    ["games | head -0", () => ["games", "--games-dir", dir], "at-once", 0],
    ["replay FILE | head", () => ["replay", journal], "after-first-chunk", 0],
    ["replay FILE | head -0", () => ["replay", journal], "at-once", 0],
    ["replay --verify FILE | head -0", () => ["replay", "--verify", journal], "at-once", 0],
    ["export FILE | head -0", () => ["export", journal], "at-once", 0],
    ["perft husbao 3 --divide | head -0", () => ["perft", "husbao", "3", "--divide"], "at-once", 0],
    ["--help | head -0", () => ["--help"], "at-once", 0],
    ["a usage error keeps its code", () => ["perft", "nogame", "1"], "at-once", 2],
  ])("kete %s", async (_name, args, close, code) => {
    const r = await closedRun(args(), close);
    if (code === 2) {
      // The usage message goes to stderr, which is still open.
      expect(r.stderr).toMatch(/^error: unknown game 'nogame'/);
      expect(r.code).toBe(2);
      return;
    }
    expectQuiet(r);
    expect(r.code).toBe(code);
  });

  it("kete games lists them all when nobody closes its output", async () => {
    const r = await closedRun(["games", "--games-dir", many], "never");
    expect(r.code).toBe(0);
    expect(r.read.split("\n").filter((l) => / unfinished /.test(l))).toHaveLength(800);
  });

  it("kete engine | head -0", async () => {
    const r = await closedRun(["engine"], "at-once", '{"cmd":"games"}\n'.repeat(200));
    expectQuiet(r);
    expect(r.code).toBe(0);
  });
});

describe.skipIf(!socatAvailable())("kete board-test | head", { timeout: 90_000 }, () => {
  let sim: PtySimulator | null = null;

  beforeAll(async () => {
    const game = findGame("hus")!;
    const start = game.initial({});
    if (!start.ok) throw new Error(start.error.message);
    const s = await startPtySimulator({ counts: [...game.sensorView(start.value).counts] });
    if (!s.ok) throw new Error(s.error.message);
    sim = s.value;
  });

  afterAll(async () => {
    await sim?.stop();
  });

  it("stops as on Ctrl-C: LEDs out, port closed, exit 0, no stack", async () => {
    const started = Date.now();
    const r = await closedRun(
      ["board-test", "--port", sim!.hostPath, "--seconds", "30"],
      "after-first-chunk",
    );
    expectQuiet(r);
    expect(r.code).toBe(0);
    expect(r.read).toMatch(/\S/);
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(sim!.firmware.litLeds()).toEqual({});
  });
});

describe("the process-wide handler (src/cli/output.ts)", () => {
  const epipe = Object.assign(new Error("write EPIPE"), { code: "EPIPE" });

  it("knows a closed output from other write errors", () => {
    expect(isClosedOutput(epipe)).toBe(true);
    expect(isClosedOutput(Object.assign(new Error("x"), { code: "ERR_STREAM_DESTROYED" }))).toBe(
      true,
    );
    expect(isClosedOutput(Object.assign(new Error("disk full"), { code: "ENOSPC" }))).toBe(false);
    expect(isClosedOutput("EPIPE")).toBe(false);
  });

  it("a closed output exits with the command's code; another error says so and exits 1", () => {
    const out = new EventEmitter();
    const exit = vi.fn();
    const complain = vi.fn();
    const stop = quietWhenOutputCloses([out], { exit, complain, code: () => 3 });
    out.emit("error", epipe);
    expect(exit).toHaveBeenLastCalledWith(3);
    expect(complain).not.toHaveBeenCalled();
    out.emit("error", Object.assign(new Error("no space left"), { code: "ENOSPC" }));
    expect(exit).toHaveBeenLastCalledWith(1);
    expect(complain).toHaveBeenCalledWith("kete: cannot write the output: no space left");
    stop();
    expect(out.listenerCount("error")).toBe(0);
  });

  it("leaves the process to a command that watches its output (kete play pauses first)", () => {
    const out = new EventEmitter();
    const exit = vi.fn();
    quietWhenOutputCloses([out], { exit });
    const closed = vi.fn();
    const stopWatching = whenOutputCloses(closed, out);
    out.emit("error", epipe);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(exit).not.toHaveBeenCalled();
    stopWatching();
    out.emit("error", epipe);
    expect(exit).toHaveBeenCalledWith(0);
  });
});
