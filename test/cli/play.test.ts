/**
 * `kete play` end to end, as a user runs it, in real time and real
 * processes: a whole game in a non-interactive shell, an output closed under
 * it, a game killed with SIGKILL mid-turn and resumed, every journal
 * re-judged with `kete replay --verify`; and bad input answered with one
 * line and a non-zero exit. (Games of every kind, the policies, takebacks and
 * resumes are played in-process on a fake clock: play-games.test.ts.)
 *
 * These run concurrently and wait on what kete prints or writes, each with a
 * generous deadline, never a fixed delay.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { JournalRecord } from "../../src/journal/records.js";
import { readJournal } from "../../src/journal/store.js";
import { play, settings } from "./play-harness.js";
import { runKete, startKete, whenDirChanges } from "./process.js";
import { ensureBuilt } from "./run.js";

function journalsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".kete.jsonl"))
    .map((f) => join(dir, f));
}

function recordsOf(file: string): readonly JournalRecord[] {
  const j = readJournal(file);
  if (!j.ok) throw new Error(j.error.message);
  return j.value.records;
}

async function expectVerified(file: string): Promise<void> {
  const v = await runKete(["replay", file, "--verify"]);
  expect(v.stdout).toMatch(
    /^verified: \d+ decisions of .* reproduced exactly, and every move, mistake and result record follows from them\n$/,
  );
  expect(v.status).toBe(0);
}

beforeAll(() => {
  ensureBuilt();
});

describe.concurrent("kete play on the simulated board, in real time", { timeout: 180_000 }, () => {
  it("plays a whole game unattended; the log says what happened; the journal verifies", async () => {
    // As `npm start` runs it off a terminal: twenty times a person's pace, the default slips.
    const dir = mkdtempSync(join(tmpdir(), "kete-play-"));
    const r = await runKete(["play", "--game", "hus", "--seed", "11", "--games-dir", dir]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^00:00\.\d {2}new game of Hus: Amani \(South\) vs Baraka \(North\)/);
    expect(r.stdout).toMatch(/^\d\d:\d\d\.\d {2}ply 1 {2}South \(Amani\) {2}[A-D][1-8][+-]$/m);
    expect(r.stdout).toMatch(/game over: ((South|North) wins|draw) — HUS-4/);
    const [file] = journalsIn(dir);
    expect(r.stdout.endsWith(`journal: ${file}\n`)).toBe(true);
    const kinds = new Set(recordsOf(file!).map((x) => x.kind));
    for (const k of ["snapshot", "decision", "move", "result", "command"])
      expect(kinds).toContain(k);
    await expectVerified(file!);
    const exported = await runKete(["export", file!]);
    expect(exported.status).toBe(0);
    expect(exported.stdout).toMatch(/\[Result "(South wins|North wins|draw)/);
    const listed = await runKete(["games", "--games-dir", dir]);
    expect(listed.stdout).toMatch(/hus\s+Amani v Baraka\s+\d+ plies\s+((Amani|Baraka) won|draw)/);
  });

  it("a closed output (kete play | head) pauses the game, resumable, instead of crashing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-pipe-"));
    const k = startKete(["play", "--game", "hus", "--seed", "9", "--games-dir", dir]);
    await k.printed(/ply 2 /);
    k.child.stdout!.destroy();
    expect(await k.exited).toBe(130);
    expect(k.stderr()).toBe("");
    const [file] = journalsIn(dir);
    const records = recordsOf(file!);
    expect(records[records.length - 1]).toMatchObject({
      kind: "pause",
      reason: "the output was closed",
    });
    await expectVerified(file!);
  });

  it("survives SIGKILL mid-turn: --resume continues the same game with nothing lost", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-kill-"));
    // A fifth of a person's pace: the board settles between stones, so kete
    // reads the third move while it is being sown.
    const k = startKete([
      "play",
      "--game",
      "hus",
      "--seed",
      "8",
      "--pace",
      "0.2",
      "--games-dir",
      dir,
    ]);
    // Two accepted moves and a settled reading of the third turn under way
    // (the board no longer shows the last move's end): mid-turn.
    const midTurn = (): boolean => {
      const [file] = journalsIn(dir);
      const j = file === undefined ? null : readJournal(file);
      if (j === null || !j.ok) return false;
      const records = j.value.records;
      const moves = records.flatMap((r, i) => (r.kind === "move" ? [i] : []));
      if (moves.length < 2) return false;
      const last = records[moves[moves.length - 1]!]!;
      if (last.kind !== "move") return false;
      const pits = last.position.pits as Record<string, number[]>;
      const end = ["A", "B", "C", "D"].flatMap((row) => pits[row]);
      return records
        .slice(moves[moves.length - 1]! + 1)
        .some((r) => r.kind === "snapshot" && r.counts.some((n, i) => n !== end[i]));
    };
    await k.printed(/new game of Hus/);
    await whenDirChanges(dir, midTurn);
    k.child.kill("SIGKILL");
    await k.exited;
    const [file] = journalsIn(dir);
    const killed = recordsOf(file!);
    expect(killed.some((r) => r.kind === "result" || r.kind === "pause")).toBe(false);
    const movesAtKill = killed.flatMap((r) => (r.kind === "move" ? [r.move] : []));
    expect(movesAtKill.length).toBeGreaterThanOrEqual(2);

    // The resumed run sets the board up again (the stones the killed hand
    // held come from the box), finishes the game, and loses nothing recorded.
    const resumed = await runKete([
      "play",
      "--resume",
      "--games-dir",
      dir,
      "--seed",
      "1",
      "--minutes",
      "5",
    ]);
    expect(resumed.stderr).toBe("");
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toMatch(new RegExp(`resumed .* at ply ${movesAtKill.length + 1}\\n`));
    expect(resumed.stdout).toMatch(/game over: ((South|North) wins|draw)/);
    expect(journalsIn(dir)).toEqual([file]);
    const after = recordsOf(file!);
    const movesAfter = after.flatMap((r) => (r.kind === "move" ? [r.move] : []));
    expect(movesAfter.slice(0, movesAtKill.length)).toEqual(movesAtKill);
    expect(after.some((r) => r.kind === "command" && r.command.type === "resume")).toBe(true);
    // Plies keep counting across the resume.
    const plies = after.flatMap((r) => (r.kind === "move" ? [r.ply] : []));
    expect(plies).toEqual(plies.map((_, i) => i + 1));
    await expectVerified(file!);
  });
});

describe.concurrent("kete replay of a game played on a fake clock", () => {
  it("shows the game move by move without a terminal", async () => {
    const { session } = await play(settings("hus", { seed: 21 }));
    const r = await runKete(["replay", session.journalPath]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/ply 1: South played [A-D][1-8][+-]/);
    expect(r.stdout).toMatch(/result: /);
  });

  it("--verify finds a journal whose recorded decision was tampered with", async () => {
    const { session } = await play(settings("hus", { seed: 22 }));
    const file = session.journalPath;
    const lines = readFileSync(file, "utf8").split("\n");
    const i = lines.findIndex(
      (l) => l.includes('"kind":"decision"') && l.includes('"type":"move"'),
    );
    lines[i] = lines[i]!.replace(/"move":"([A-D][1-8])([+-])"/, (_, pit: string, dir: string) =>
      dir === "+" ? `"move":"${pit}-"` : `"move":"${pit}+"`,
    );
    writeFileSync(file, lines.join("\n"));
    const v = await runKete(["replay", file, "--verify"]);
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(/MISMATCH at decision \d+/);
  });
});

describe("--resume and the flags it keeps (issue 11, item 6)", () => {
  it("refuses a flag that would change the game, applies --guidance and says so", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-resume-flags-"));
    const common = ["--games-dir", dir, "--minutes", "0.05", "--no-noise"];
    const first = await runKete(["play", "--game", "hus", "--seed", "3", ...common]);
    expect(first.status).toBe(3);
    const other = await runKete(["play", "--resume", "--game", "husbao", ...common]);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(
      /--game husbao: .* is a game of hus; a resumed game keeps its game/,
    );
    expect(other.stderr).not.toMatch(/\n\s+at /);
    const same = await runKete([
      "play",
      "--resume",
      "--game",
      "hus",
      "--guidance",
      "off",
      ...common,
    ]);
    expect(same.stderr).toBe("");
    expect(same.status).toBe(3);
    expect(same.stdout).toMatch(/resumed .* at ply \d+\n.*guidance off from now on \(was on\)\n/);
  });
});

describe.concurrent("bad input: one line, non-zero exit, no stack trace", () => {
  const cases: [string, string[], number, RegExp][] = [
    ["an unknown game", ["play", "--game", "chess"], 2, /unknown game 'chess'/],
    ["an unknown option", ["play", "--option", "speed=fast"], 2, /speed/],
    ["a bad option value", ["play", "--game", "hus", "--option", "direction=free"], 2, /direction/],
    ["a bad policy", ["play", "--on-mistake", "shrug"], 2, /--on-mistake/],
    ["a bad pace", ["play", "--pace", "fast"], 2, /--pace must be a number from 0 to 10/],
    ["a human off a terminal", ["play", "--human", "S"], 2, /--human needs a terminal/],
    [
      "a missing port",
      ["play", "--port", "/dev/kete-nowhere"],
      1,
      /no kete board answered on \/dev\/kete-nowhere/,
    ],
    ["nothing to resume", ["play", "--resume"], 1, /no unfinished game in /],
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
    it(what, async () => {
      const dir = mkdtempSync(join(tmpdir(), "kete-bad-"));
      const r = await runKete([...args, ...(args[0] === "play" ? ["--games-dir", dir] : [])], {
        lifeMs: 30_000,
      });
      expect(r.status).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe("");
      expect(readdirSync(dir)).toEqual([]);
      if (code === 1) expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    });
  }
});
