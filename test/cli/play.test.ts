/**
 * `kete play` end to end on the simulated board, as a user runs it: a whole
 * game in a non-interactive shell, a game killed with SIGKILL mid-turn and
 * resumed, every journal re-judged with `replay --verify`, exported, listed;
 * and every kind of bad input answered with one line and a non-zero exit.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJournal } from "../../src/journal/store.js";
import { ensureBuilt } from "./run.js";

const CLI = new URL("../../dist/cli/main.js", import.meta.url).pathname;

function kete(args: string[], env: Record<string, string> = {}, timeout = 200_000) {
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...env },
    timeout,
  });
}

/** `kete` in a child process without blocking, so several games run at once. */
function keteAsync(args: string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.once("exit", (status) => resolve({ status, stdout }));
  });
}

function journalsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".kete.jsonl"))
    .map((f) => join(dir, f));
}

const produced: string[] = [];

beforeAll(() => {
  ensureBuilt();
});

describe("kete play on the simulated board", { timeout: 300_000 }, () => {
  it("plays a whole game unattended, leaves a finished journal, and the log says what happened", () => {
    // As `npm start` runs it: half a person's pace, the default slips.
    const dir = mkdtempSync(join(tmpdir(), "kete-play-"));
    const r = kete(["play", "--game", "hus", "--seed", "11", "--games-dir", dir]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/new game of Hus/);
    expect(r.stdout).toMatch(/ply 1 {2}South/);
    expect(r.stdout).toMatch(/game over: (South|North) wins|game over: draw/);
    const [file] = journalsIn(dir);
    produced.push(file);
    const j = readJournal(file);
    expect(j.ok).toBe(true);
    if (!j.ok) return;
    const kinds = new Set(j.value.records.map((r) => r.kind));
    for (const k of ["snapshot", "decision", "move", "result", "command"])
      expect(kinds).toContain(k);
    expect(r.stdout).toContain(`journal: ${file}`);
  });

  it("catches the virtual players' slips, names the rule, and the game goes on", () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-play-"));
    const r = kete([
      "play",
      "--game",
      "hus",
      "--seed",
      "5",
      "--pace",
      "0.15",
      "--mistakes",
      "0.3",
      "--games-dir",
      dir,
      "--players",
      "Ana,Ben",
    ]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/! (South|North): .*\((CORE-1|CORE-2|HB-\d|HUS-\d|TURN)\) — retry/);
    expect(r.stdout).toMatch(/board restored/);
    const [file] = journalsIn(dir);
    produced.push(file);
    const exported = kete(["export", file]);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toContain('[South "Ana"]');
    expect(exported.stdout).toMatch(/\{mistake: .*; retry\}/);
    expect(exported.stdout).toMatch(/\[Result "(South wins|North wins|draw)/);
    const json = kete(["export", file, "--format", "json"]);
    const parsed = JSON.parse(json.stdout) as { moves: unknown[]; result: unknown };
    expect(parsed.moves.length).toBeGreaterThan(0);
    expect(parsed.result).not.toBeNull();
    const listed = kete(["games", "--games-dir", dir]);
    expect(listed.stdout).toMatch(/hus\s+Ana v Ben/);
  });

  it("without slips kete calls no mistake, however fast the hands (three games at once)", async () => {
    // Fast hands sow whole relays between two settled readings: kete must
    // follow them, and a player must not start before kete has seen the board.
    const runs = await Promise.all(
      ["31", "32", "33"].map(async (seed) => {
        const dir = mkdtempSync(join(tmpdir(), "kete-clean-"));
        const r = await keteAsync([
          "play",
          "--game",
          "hus",
          "--seed",
          seed,
          "--pace",
          "0.05",
          "--mistakes",
          "0",
          "--games-dir",
          dir,
        ]);
        return { ...r, file: journalsIn(dir)[0] };
      }),
    );
    for (const r of runs) {
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/game over/);
      expect(r.stdout).not.toMatch(/! (South|North):/);
      produced.push(r.file);
    }
  });

  it("a closed output (kete play | head) pauses the game, resumable, instead of crashing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-pipe-"));
    const child = spawn(
      process.execPath,
      [CLI, "play", "--game", "hus", "--seed", "9", "--pace", "0.1", "--games-dir", dir],
      { env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let seen = "";
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    await new Promise<void>((resolve) => {
      child.stdout.on("data", (d: Buffer) => {
        seen += d.toString("utf8");
        if (/ply 2 /.test(seen)) {
          child.stdout.destroy();
          resolve();
        }
      });
    });
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(130);
    expect(stderr).toBe("");
    const [file] = journalsIn(dir);
    const j = readJournal(file);
    if (!j.ok) throw new Error(j.error.message);
    expect(j.value.records[j.value.records.length - 1]).toMatchObject({ kind: "pause" });
    produced.push(file);
  });

  it("survives SIGKILL mid-turn: --resume continues the same game with nothing lost", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-kill-"));
    const child = spawn(
      process.execPath,
      [CLI, "play", "--game", "hus", "--seed", "8", "--pace", "0.15", "--games-dir", dir],
      { env: { ...process.env, NO_COLOR: "1" }, stdio: "ignore" },
    );
    // Wait for two accepted moves and a settled reading of the third turn
    // under way (the board no longer shows the last move's end): mid-turn.
    const deadline = Date.now() + 120_000;
    const midTurn = (): boolean => {
      const [file] = journalsIn(dir);
      const j = file === undefined ? null : readJournal(file);
      if (j === null || !j.ok) return false;
      const records = j.value.records;
      const moves = records.flatMap((r, i) => (r.kind === "move" ? [i] : []));
      if (moves.length < 2) return false;
      const last = records[moves[moves.length - 1]];
      if (last.kind !== "move") return false;
      const pits = last.position.pits as Record<string, number[]>;
      const end = ["A", "B", "C", "D"].flatMap((row) => pits[row]);
      return records
        .slice(moves[moves.length - 1] + 1)
        .some((r) => r.kind === "snapshot" && r.counts.some((n, i) => n !== end[i]));
    };
    while (Date.now() < deadline && !midTurn()) await new Promise((r) => setTimeout(r, 20));
    expect(midTurn()).toBe(true);
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const [file] = journalsIn(dir);
    const killed = readJournal(file);
    expect(killed.ok).toBe(true);
    if (!killed.ok) return;
    expect(killed.value.records.some((r) => r.kind === "result")).toBe(false);
    const movesAtKill = killed.value.records.flatMap((r) => (r.kind === "move" ? [r.move] : []));
    expect(movesAtKill.length).toBeGreaterThanOrEqual(2);

    // The resumed run sets the board up again (the stones the killed hand
    // held come from the box), finishes the game, and loses nothing recorded.
    const resumed = kete([
      "play",
      "--resume",
      "--games-dir",
      dir,
      "--seed",
      "4",
      "--pace",
      "0.15",
      "--minutes",
      "3",
    ]);
    expect(resumed.stderr).toBe("");
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toMatch(/game over: (South|North) wins|game over: draw/);
    expect(resumed.stdout).toMatch(/resumed .* at ply \d+/);
    expect(journalsIn(dir)).toEqual([file]);
    const after = readJournal(file);
    if (!after.ok) throw new Error(after.error.message);
    const movesAfter = after.value.records.flatMap((r) => (r.kind === "move" ? [r.move] : []));
    expect(movesAfter.slice(0, movesAtKill.length)).toEqual(movesAtKill);
    expect(
      after.value.records.some((r) => r.kind === "command" && r.command.type === "resume"),
    ).toBe(true);
    expect(after.value.records.some((r) => r.kind === "result")).toBe(true);
    // Plies keep counting across the resume.
    const plies = after.value.records.flatMap((r) => (r.kind === "move" ? [r.ply] : []));
    expect(plies).toEqual(plies.map((_, k) => k + 1));
    produced.push(file);
  });

  afterAll(() => {
    // Every journal the suite produced is re-judged to the same decisions.
    for (const file of produced) {
      const v = kete(["replay", file, "--verify"]);
      expect(v.stdout).toMatch(/^verified: \d+ decisions/);
      expect(v.status).toBe(0);
    }
  });
});

describe("kete replay", { timeout: 300_000 }, () => {
  it("shows the game move by move without a terminal", () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-replay-"));
    kete(["play", "--game", "hus", "--seed", "21", "--mistakes", "0", "--games-dir", dir]);
    const [file] = journalsIn(dir);
    produced.push(file);
    const r = kete(["replay", file]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/ply 1: South played [A-D][1-8]\+/);
    expect(r.stdout).toMatch(/result: /);
  });

  it("--verify finds a journal whose recorded decision was tampered with", () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-tamper-"));
    kete(["play", "--game", "hus", "--seed", "22", "--mistakes", "0", "--games-dir", dir]);
    const [file] = journalsIn(dir);
    const lines = readFileSync(file, "utf8").split("\n");
    const i = lines.findIndex(
      (l) => l.includes('"kind":"decision"') && l.includes('"type":"move"'),
    );
    lines[i] = lines[i].replace(/"move":"([A-D][1-8])\+"/, '"move":"$1-"');
    writeFileSync(file, lines.join("\n"));
    const v = kete(["replay", file, "--verify"]);
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(/MISMATCH at decision \d+/);
  });
});

describe("bad input: one line, non-zero exit, no stack trace", () => {
  const cases: [string, string[], number, RegExp][] = [
    ["an unknown game", ["play", "--game", "chess"], 2, /unknown game 'chess'/],
    ["an unknown option", ["play", "--option", "speed=fast"], 2, /speed/],
    ["a bad option value", ["play", "--game", "hus", "--option", "direction=free"], 2, /direction/],
    ["a bad policy", ["play", "--on-mistake", "shrug"], 2, /--on-mistake/],
    [
      "a missing port",
      ["play", "--port", "/dev/kete-nowhere"],
      1,
      /no kete board answered on \/dev\/kete-nowhere/,
    ],
    ["a missing journal", ["replay", "/tmp/kete-no-such.kete.jsonl"], 1, /no such file/],
    ["a foreign journal", ["export", "/etc/hostname"], 1, /not a kete game journal/],
    [
      "a corrupt journal to resume",
      ["play", "--resume", "/etc/hostname"],
      1,
      /not a kete game journal/,
    ],
  ];
  for (const [what, args, code, message] of cases) {
    it(what, () => {
      const dir = mkdtempSync(join(tmpdir(), "kete-bad-"));
      const r = kete([...args, ...(args[0] === "play" ? ["--games-dir", dir] : [])], {}, 30_000);
      expect(r.status).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
