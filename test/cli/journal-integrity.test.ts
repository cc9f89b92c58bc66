/**
 * Issue 11 as a user meets it: one `kete play` per journal, damaged journals
 * and bad folders answered in one line (never a stack trace), unique game
 * ids, names without control characters, and `kete games` in local time,
 * saying what it skipped.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { newGameId, newHeader } from "../../src/cli/play/recorder.js";
import { startPlay } from "../../src/cli/play/session.js";
import { FLAG_DEFAULTS, playSettings, resumeTarget } from "../../src/cli/play/settings.js";
import { findGame } from "../../src/games/index.js";
import { drive, fakeHost, live, play, settings } from "./play-harness.js";
import { runKete, startKete } from "./process.js";
import { ensureBuilt } from "./run.js";

beforeAll(() => {
  ensureBuilt();
});

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "kete-issue11-"));
}

/** A paused game of Hus in a fresh folder (resumable). */
async function pausedGame(): Promise<{ dir: string; path: string }> {
  const dir = tempDir();
  const r = await play(settings("hus", { seed: 11, gamesDir: dir, maxMinutes: 0.05 }));
  expect(r.code).toBe(3);
  return { dir, path: r.session.journalPath };
}

/** One line on stderr, no stack trace, nothing on stdout. */
function expectOneLine(r: { status: number | null; stdout: string; stderr: string }, re: RegExp) {
  expect(r.stderr).toMatch(re);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
  expect(r.stdout).toBe("");
  expect(r.status).toBe(1);
}

describe("one kete play per journal", () => {
  it("a second session resuming the same journal in-process is refused while the first runs", async () => {
    const { path } = await pausedGame();
    const h = await live(settings("hus", { resume: path, seed: 4 }));
    const first = h.session;
    const h2 = fakeHost();
    const second = await drive(h2.scheduler, startPlay(settings("hus", { resume: path }), h2.host));
    expect("message" in second && second.message).toMatch(
      /is being played by another kete \(process \d+\); finish or pause that game first/,
    );
    first.pause();
    await h.finish();
    // Closed: the lock is gone and the game can be continued again.
    expect(resumeTarget(path, "/nowhere")).toMatchObject({ ok: true, value: { path } });
  });

  it("--resume FILE while another kete plays it: one line, exit 1", async () => {
    const { dir, path } = await pausedGame();
    const k = startKete(["play", "--resume", path, "--pace", "1", "--minutes", "2"]);
    await k.printed(/resumed .* at ply/);
    const second = await runKete(["play", "--resume", path], { lifeMs: 30_000 });
    expectOneLine(second, /^kete play: .* is being played by another kete \(process \d+\)/);
    // Without a file, --resume does not pick the game running elsewhere.
    const newest = await runKete(["play", "--resume", "--games-dir", dir], { lifeMs: 30_000 });
    expectOneLine(
      newest,
      /^kete play: no unfinished game in .* but 1 being played by another kete/,
    );
    const listed = await runKete(["games", "--games-dir", dir]);
    expect(listed.stdout).toMatch(/being played/);
    k.child.kill("SIGINT");
    expect(await k.exited).toBe(130);
    expect(readFileSync(path, "utf8").trimEnd().split("\n").pop()).toMatch(/"kind":"pause"/);
  });

  it("a lock left by a process that is gone does not stop --resume", async () => {
    const { path } = await pausedGame();
    writeFileSync(`${path}.lock`, "999999999\n");
    const r = resumeTarget(path, "/nowhere");
    expect(r.ok).toBe(true);
  });
});

describe("damaged journals: one line naming the line and the field", () => {
  async function damaged(): Promise<string> {
    const { dir, path } = await pausedGame();
    const lines = readFileSync(path, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes('"kind":"snapshot"'));
    lines[at] = JSON.stringify({ kind: "snapshot", t: 5 });
    const bad = join(dir, `bad-${basename(path)}`);
    writeFileSync(bad, lines.join("\n"));
    return bad;
  }

  it("replay --verify, replay and export name a snapshot without counts, and offer the game before it (issue 32)", async () => {
    const bad = await damaged();
    const field =
      /^kete (replay|export): .*: journal line (\d+): a snapshot record's counts is missing; the game is offered up to line \d+/;
    for (const args of [
      ["replay", bad, "--verify"],
      ["replay", bad],
      ["export", bad],
    ]) {
      const r = await runKete(args, { lifeMs: 30_000 });
      expect(r.stderr).toMatch(field);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.status).toBe(args.includes("--verify") ? 1 : 0);
    }
  });

  it("a journal of a game this kete does not know", async () => {
    const { dir, path } = await pausedGame();
    const text = readFileSync(path, "utf8").replace('"game":"hus"', '"game":"chess"');
    const foreign = join(dir, "chess.kete.jsonl");
    writeFileSync(foreign, text);
    const r = await runKete(["export", foreign]);
    expectOneLine(r, /journal line 1: the header's game "chess" is not a game this kete knows/);
    const listed = await runKete(["games", "--games-dir", dir]);
    expect(listed.status).toBe(0);
    expect(listed.stderr).toMatch(
      /^kete games: skipped 1 file that kete cannot read as a journal:\n/,
    );
    expect(listed.stderr).toContain(`${foreign}: journal line 1: the header's game "chess"`);
  });
});

describe("bad paths: one line", () => {
  it("a games folder that is a file, for kete games and kete play", async () => {
    const file = join(tempDir(), "games");
    writeFileSync(file, "x");
    const message = new RegExp(
      `${file} is a file, not a folder of games; choose a folder with --games-dir`,
    );
    expectOneLine(await runKete(["games", "--games-dir", file]), message);
    expectOneLine(await runKete(["play", "--resume", "--games-dir", file]), message);
    expectOneLine(await runKete(["play", "--games-dir", file], { lifeMs: 30_000 }), message);
  });

  it("a games folder under /proc is refused at once instead of hanging", async () => {
    const r = await runKete(["play", "--games-dir", "/proc/kete-games"], { lifeMs: 30_000 });
    expectOneLine(r, /\/proc\/kete-games is under \/proc, which holds no files of yours/);
  });

  it("a folder given as a journal", async () => {
    const dir = tempDir();
    for (const args of [
      ["play", "--resume", dir],
      ["export", dir],
      ["replay", dir],
    ]) {
      expectOneLine(await runKete(args, { lifeMs: 30_000 }), /is a folder, not a game journal/);
    }
  });
});

describe("identity and names", () => {
  const game = findGame("hus")!;
  const initial = game.initial({});
  if (!initial.ok) throw new Error(initial.error.message);

  it("games started seconds apart get different ids (the seed taken from the clock, as kete play does)", () => {
    const s = (seed: number) => ({
      game,
      seed,
      players: { S: "A", N: "B" },
      port: null,
      onMistake: null,
      guidance: true,
    });
    const ids = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const date = 1_763_000_000_000 + i * 13_000;
      const id = newHeader(s(date % 1_000_000), initial.value, date, null).gameId;
      expect(id).toMatch(/^[0-9a-z]{6}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(300);
  });

  it("two processes starting at the same moment with the same seed get different ids", () => {
    expect(newGameId(1_763_000_000_000, 5, 100)).not.toBe(newGameId(1_763_000_000_000, 5, 101));
    expect(newGameId(1_763_000_000_000, 5, 100)).toBe(newGameId(1_763_000_000_000, 5, 100));
  });

  it("names with control characters or line breaks are refused", () => {
    const ctx = {
      stdoutTTY: false,
      stdinTTY: false,
      noColour: false,
      defaultGamesDir: "/games",
      defaultSeed: 1,
      resume: null,
    };
    for (const players of [
      "Ana\nX,Ben",
      "Ana,Ben\r",
      "A\u001b[31mna,Ben",
      "Ana,B\u0000en",
      "Ana\u2028,Ben",
    ]) {
      const r = playSettings({ ...FLAG_DEFAULTS, players }, ctx);
      expect(!r.ok && r.error.message).toBe(
        `--players: a name cannot hold control characters or line breaks; use letters, e.g. "Ana,Ben"`,
      );
    }
    const fine = playSettings({ ...FLAG_DEFAULTS, players: "Zoë,Bàkàrí Ọ́lá" }, ctx);
    expect(fine.ok && fine.value.players).toEqual({ S: "Zoë", N: "Bàkàrí Ọ́lá" });
  });
});

describe("kete games", () => {
  it("shows when each game started in local time", async () => {
    const { dir } = await pausedGame();
    // The harness starts games at 2026-11-22T02:42:22Z: 08:12 in India (UTC+5:30), 21:42 the day before in New York.
    const india = await runKete(["games", "--games-dir", dir], { env: { TZ: "Asia/Kolkata" } });
    expect(india.stdout).toMatch(/^2026-11-22 08:12 {2}hus/);
    const ny = await runKete(["games", "--games-dir", dir], { env: { TZ: "America/New_York" } });
    expect(ny.stdout).toMatch(/^2026-11-21 21:42 {2}hus/);
  });
});
