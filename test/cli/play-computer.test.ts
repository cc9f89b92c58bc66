/**
 * `kete play --computer` on the simulated board (issue 16), on the fake
 * clock: kete's side is sown by a hand that must play kete's move, and every
 * move the journal records for kete's side is the move the search chooses on
 * that position with the level's node budget and the game's seed; a legal
 * move made for kete that is not kete's is put back and named; the journal
 * says which side kete played (and `replay --verify` still verifies); bad
 * `--computer` values are usage errors.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { nodeOptions } from "../../src/cli/play/think.js";
import { thinkSeed } from "../../src/cli/play/computer.js";
import {
  FLAG_DEFAULTS,
  type PlayFlags,
  playSettings,
  type ResumeFacts,
  resumeFacts,
} from "../../src/cli/play/settings.js";
import { findGame, type Position } from "../../src/games/index.js";
import type { Journal } from "../../src/journal/records.js";
import { findLevel, search, type SearchResult } from "../../src/search/index.js";
import type { Result } from "../../src/shared/index.js";
import {
  expectVerified,
  live,
  OFF_TERMINAL,
  play,
  readFlags,
  records,
  settings,
} from "./play-harness.js";
import { runKete } from "./process.js";
import { ensureBuilt } from "./run.js";

/** The search's answer, a throw (a bug in the search) as an error. */
function searched(...args: Parameters<typeof search>): Result<SearchResult> {
  try {
    return search(...args);
  } catch (e) {
    return { ok: false, error: { code: "search-failed", message: (e as Error).message } };
  }
}

/** Kete's side's moves in the journal, each with the search's choice on the position before it. */
function keteMoves(j: Journal, side: string, level: number, seed: number) {
  const game = findGame(j.header.game)!;
  const lvl = findLevel(level)!;
  let before: unknown = j.header.initial;
  const out: { ply: number; made: string; chosen: string }[] = [];
  for (const m of records(j, "move")) {
    if (m.side === side) {
      const p = game.parsePosition(before);
      if (!p.ok) throw new Error(p.error.message);
      const r = searched(game, p.value as Position, nodeOptions(lvl, thinkSeed(seed, m.ply - 1)));
      // A search that fails (a bug) leaves kete the first legal move, said on screen.
      const chosen = r.ok ? r.value.best : game.legal(p.value as Position, 1).moves[0]?.move;
      out.push({ ply: m.ply, made: m.move, chosen: chosen ?? "" });
    }
    before = m.position;
  }
  return out;
}

describe("kete play --computer on the simulated board", () => {
  it("every move of kete's side is the move the search chose there; the journal says kete played N", async () => {
    const s = settings("husbao", { computer: { side: "N", level: 2 }, seed: 5 });
    const { code, journal, out } = await play(s);
    expect(code).toBe(0);
    expect(journal.header.settings.computer).toEqual({ side: "N", level: 2 });
    expect(journal.header.players).toEqual({ S: "Amani", N: "Baraka" });
    const moves = keteMoves(journal, "N", 2, 5);
    expect(moves.length).toBeGreaterThan(3);
    for (const m of moves) expect(m.made, `ply ${m.ply}`).toBe(m.chosen);
    // Each of kete's moves was told to the controller as a journalled command.
    const told = records(journal, "command").filter((r) => r.command.type === "computer-move");
    expect(told.map((r) => r.command.move)).toEqual(moves.map((m) => m.made));
    expect(out).toContain("kete (North, level 2 casual) plays");
    expect(records(journal, "mistake")).toEqual([]);
    expectVerified(journal);
  }, 120_000);

  it("a legal move made for kete that is not kete's is put back and named, then kete's is sown", async () => {
    const s = settings("husbao", { computer: { side: "S", level: 1 }, seed: 11, mistakeRate: 0.5 });
    const { code, journal, out } = await play(s);
    expect(code).toBe(0);
    const wrong = records(journal, "mistake").filter((m) => m.message.startsWith("not kete"));
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong[0]!.message).toMatch(/^not kete's move: kete plays \S+ \(/);
    expect(out).toContain("! South: not kete's move");
    for (const m of keteMoves(journal, "S", 1, 11)) expect(m.made, `ply ${m.ply}`).toBe(m.chosen);
    expectVerified(journal);
  }, 120_000);
});

describe("kete play --computer, paused and resumed", () => {
  it("carries on with kete's side: its moves are still the search's, and the whole journal verifies", async () => {
    const s = settings("husbao", { computer: { side: "N", level: 2 }, seed: 8 });
    const h = await live(s);
    const { session } = h;
    expect(await h.until(() => session.moves.length >= 5)).toBe(true);
    session.pause();
    expect(await h.finish()).toBe(130);
    const again = await play({ ...s, resume: session.journalPath });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/resumed .* at ply \d+\n/);
    const moves = keteMoves(again.journal, "N", 2, 8);
    expect(moves.filter((m) => m.ply > 5).length).toBeGreaterThan(0);
    for (const m of moves) expect(m.made, `ply ${m.ply}`).toBe(m.chosen);
    expectVerified(again.journal);
  }, 120_000);
});

describe("kete play --computer across the games", () => {
  it.each([
    ["hus", "S"],
    ["bao-de", "N"],
    ["bao-kiswahili", "S"],
    ["glassperlenspiel", "N"],
  ])(
    "%s: kete plays %s, every one of its moves the search's (where it fails, the first legal move)",
    async (id, side) => {
      // A few minutes of play (Glassperlenspiel's games run to hundreds of plies: one).
      const maxMinutes = id === "glassperlenspiel" ? 1 : 3;
      const s = settings(id, { computer: { side, level: 1 }, seed: 2, maxMinutes });
      const { journal } = await play(s);
      const moves = keteMoves(journal, side, 1, 2);
      expect(moves.length).toBeGreaterThan(2);
      for (const m of moves) expect(m.made, `ply ${m.ply}`).toBe(m.chosen);
      expect(records(journal, "mistake").filter((m) => m.message.startsWith("not kete"))).toEqual(
        [],
      );
      expectVerified(journal);
    },
    300_000,
  );
});

describe("--computer and --hints flags", () => {
  const read = (flags: Partial<PlayFlags>) => readFlags(flags);

  it("take a side, a side's name, and a level (default the strongest)", () => {
    expect(read({ computer: "N" })).toMatchObject({
      ok: true,
      value: { computer: { side: "N", level: 4 } },
    });
    expect(read({ computer: "north:2" })).toMatchObject({
      ok: true,
      value: { computer: { side: "N", level: 2 } },
    });
    expect(read({ game: "abalone", computer: "w:1" })).toMatchObject({
      ok: true,
      value: { computer: { side: "w", level: 1 } },
    });
    expect(read({})).toMatchObject({ ok: true, value: { computer: null, hints: true } });
    // Kete's side is called kete unless --players names it.
    expect(read({ computer: "N:1" })).toMatchObject({
      value: { players: { S: "Amani", N: "kete" } },
    });
    expect(read({ computer: "N:1", players: "Ana,Ben" })).toMatchObject({
      value: { players: { S: "Ana", N: "Ben" } },
    });
    expect(read({ hints: "off" })).toMatchObject({ ok: true, value: { hints: false } });
  });

  it.each([
    [{ computer: "X" }, /--computer must name a side, S \(South\) or N \(North\).*not 'X'/],
    [{ computer: "N:9" }, /--computer N:9: the level must be 1 \(beginner\), .*not '9'/],
    [{ computer: "N:" }, /the level must be/],
    [{ computer: "N:2:3" }, /--computer must name a side/],
    [{ hints: "maybe" }, /--hints must be on or off, not 'maybe'/],
  ])("refuse %o with a usage error", (flags, message) => {
    const r = read(flags);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe("usage");
    expect(r.error.message).toMatch(message);
  });

  it("a resumed game keeps its kete side and level; --hints may change and is said", () => {
    const facts: ResumeFacts = {
      path: "/g/x",
      game: "husbao",
      options: { direction: "free", maxStages: 200 },
      players: { S: "Ana", N: "kete" },
      first: "S",
      guidance: true,
      onMistake: "retry",
      keyboard: [],
      computer: { side: "N", level: 3 },
      hints: false,
    };
    const resuming = (flags: Partial<PlayFlags>, given: string[]) =>
      playSettings(
        { ...FLAG_DEFAULTS, ...flags },
        { ...OFF_TERMINAL, resume: facts, given: new Set(given) },
      );
    expect(resuming({}, [])).toMatchObject({
      ok: true,
      value: { computer: { side: "N", level: 3 }, hints: false, players: { N: "kete" } },
    });
    const other = resuming({ computer: "N:1" }, ["computer"]);
    expect(other).toMatchObject({ ok: false, error: { code: "usage" } });
    if (!other.ok)
      expect(other.error.message).toBe(
        "--computer N:1: /g/x is played with kete playing North at level 3; a resumed game keeps it: leave out --computer (or start a new game)",
      );
    expect(resuming({ computer: "north:3" }, ["computer"]).ok).toBe(true);
    expect(resuming({ hints: "on" }, ["hints"])).toMatchObject({
      ok: true,
      value: { hints: true, changes: ["hints on from now on (was off)"] },
    });
  });

  it("a journal's kete side and hints are read back for --resume (the header, then hints commands)", () => {
    const header = {
      kind: "header",
      format: "kete-journal",
      version: 1,
      gameId: "g",
      game: "husbao",
      options: {},
      initial: {},
      players: { S: "Ana", N: "kete" },
      board: { id: "sim", geometry: "4x8", simulated: true },
      settings: {
        onMistake: "retry",
        guidance: true,
        computer: { side: "N", level: 2 },
        hints: false,
      },
      startedAt: "2026-01-01T00:00:00Z",
    } as const;
    const command = (c: Record<string, unknown>) =>
      ({ kind: "command", t: 1, command: c }) as const;
    const facts = resumeFacts("/g/y", {
      header,
      records: [command({ type: "hints", on: true })],
      torn: false,
    } as unknown as Journal);
    expect(facts).toMatchObject({ computer: { side: "N", level: 2 }, hints: true });
  });

  it("refuse giving kete's side to the keyboard", () => {
    const r = playSettings(
      { ...FLAG_DEFAULTS, computer: "S", human: "S" },
      { ...OFF_TERMINAL, stdoutTTY: true, stdinTTY: true },
    );
    expect(r).toMatchObject({ ok: false, error: { code: "usage" } });
    if (!r.ok) expect(r.error.message).toContain("--human cannot give that side to the keyboard");
  });
});

describe("kete play --computer, the command", () => {
  beforeAll(() => ensureBuilt());

  it("a bad side or level is a usage error (exit 2), in one line", async () => {
    const side = await runKete(["play", "--computer", "E"]);
    expect(side.status).toBe(2);
    expect(side.stderr).toMatch(/--computer must name a side, S \(South\) or N \(North\)/);
    expect(side.stderr).not.toMatch(/\n\s+at /);
    const level = await runKete(["play", "--computer", "N:5"]);
    expect(level.status).toBe(2);
    expect(level.stderr).toMatch(/the level must be 1 \(beginner\)/);
  });

  it("plays in real time with the search in a worker thread; the journal verifies", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-computer-"));
    const r = await runKete([
      "play",
      "--game",
      "hus",
      "--computer",
      "N:1",
      "--games-dir",
      dir,
      "--minutes",
      "0.3",
      "--seed",
      "4",
      "--no-noise",
    ]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/kete \(North, level 1 beginner\) plays \S+: move its stones/);
    expect(r.stdout).not.toMatch(/could not/);
    const file = /journal: (\S+)|--resume (\S+)/.exec(r.stdout);
    const path = file?.[1] ?? file?.[2];
    expect(path).toBeDefined();
    const v = await runKete(["replay", path!, "--verify"]);
    expect(v.stdout).toMatch(
      /^verified: \d+ decisions of .* reproduced exactly, and every move, mistake and result record follows from them\n$/,
    );
  }, 120_000);
});
