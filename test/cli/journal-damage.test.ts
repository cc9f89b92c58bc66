/**
 * A journal damaged in its middle never loses what precedes it (issue 32):
 * resume, replay and export offer the game up to the damaged line and say
 * so; a resumed game keeps the whole damaged file beside it and verifies;
 * `kete games` and `play --resume --games-dir` name damaged files.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exportOutcome } from "../../src/cli/export.js";
import { gameLine } from "../../src/cli/games.js";
import { journalOptions } from "../../src/cli/journal-options.js";
import { resumeTarget } from "../../src/cli/play/settings.js";
import { readJournal, scanJournals } from "../../src/journal/index.js";
import type { Journal } from "../../src/journal/index.js";
import { expectVerified, journalAt, live, play, records, settings } from "./play-harness.js";
import { runKete } from "./process.js";
import { ensureBuilt } from "./run.js";

beforeAll(() => {
  ensureBuilt();
});

/** A paused game of Hus, with its journal damaged at a snapshot line near its middle. */
async function damagedGame(): Promise<{
  dir: string;
  path: string;
  line: number;
  whole: Journal;
  text: string;
}> {
  const dir = mkdtempSync(join(tmpdir(), "kete-damaged-"));
  const h = await live(settings("hus", { seed: 11, gamesDir: dir }));
  const { session } = h;
  expect(await h.until(() => session.moves.length >= 8)).toBe(true);
  session.pause();
  expect(await h.finish()).toBe(130);
  const path = session.journalPath;
  const r = { journal: journalAt(path) };
  const lines = readFileSync(path, "utf8").split("\n");
  const middle = Math.floor(lines.length / 2);
  const at = lines.findIndex((l, i) => i >= middle && l.includes('"kind":"snapshot"'));
  lines[at] = lines[at]!.slice(0, 20) + "\u0000garbage";
  const text = lines.join("\n");
  writeFileSync(path, text);
  return { dir, path, line: at + 1, whole: r.journal, text };
}

describe("a journal damaged in its middle (issue 32)", () => {
  it("is read up to the damaged line, which is named with what follows it", async () => {
    const { path, line, whole } = await damagedGame();
    const j = readJournal(path, journalOptions);
    if (!j.ok) throw new Error(j.error.message);
    expect(j.value.damaged).toMatchObject({
      line,
      reason: `journal line ${line} is not JSON; the file is damaged`,
    });
    expect(j.value.records).toEqual(whole.records.slice(0, line - 2));
    expect(j.value.damaged!.linesAfter).toBe(whole.records.length + 1 - line);
    // Without salvage (the journal layer's default) the file is still refused.
    expect(readJournal(path).ok).toBe(false);
  });

  it("export prints the game up to the damage, tagged, and says so", async () => {
    const { path, line } = await damagedGame();
    const j = readJournal(path, journalOptions);
    if (!j.ok) throw new Error(j.error.message);
    const out = exportOutcome(j.value, path, { format: "text", unverified: false });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`[Damaged "line ${line}; the record ends before it"]`);
    const before = records(j.value, "move").map((m) => m.move);
    expect(before.length).toBeGreaterThan(0);
    expect(out.stdout).toContain(`1. ${before[0]}`);
    expect(out.stderr).toBe(
      `kete export: ${path}: journal line ${line} is not JSON; the game is offered up to line ${line - 1} (${j.value.damaged!.linesAfter} lines from line ${line} on cannot be read)\n`,
    );
  });

  it("--resume plays on from the lines before the damage, keeps the whole file aside, and the journal then verifies", async () => {
    const { dir, path, line, text } = await damagedGame();
    const j = readJournal(path, journalOptions);
    if (!j.ok) throw new Error(j.error.message);
    const before = records(j.value, "move").map((m) => m.move);
    // --resume without a file finds it: a damaged journal is still an unfinished game.
    const target = resumeTarget(true, dir);
    expect(target.ok && target.value?.path).toBe(path);
    const again = await play(settings("hus", { seed: 4, gamesDir: dir, resume: path }));
    expect(again.code).toBe(0);
    expect(again.out).toContain(
      `${path}: journal line ${line} is not JSON; the game is offered up to line ${line - 1}`,
    );
    expect(again.out).toContain(`the whole damaged file is kept as ${path}.damaged`);
    expect(readFileSync(`${path}.damaged`, "utf8")).toBe(text);
    const after = readJournal(path, journalOptions);
    if (!after.ok) throw new Error(after.error.message);
    expect(after.value.damaged).toBeUndefined();
    const moves = records(after.value, "move").map((m) => m.move);
    expect(moves.slice(0, before.length)).toEqual(before);
    expect(records(after.value, "result")).toHaveLength(1);
    expect(records(after.value, "command").some((c) => c.command.type === "salvaged")).toBe(true);
    expectVerified(after.value);
    // The copy kept aside is no journal name: kete games does not list it twice.
    const folder = scanJournals(dir, journalOptions);
    expect(folder.ok && folder.value.games).toHaveLength(1);
  });

  it("kete games marks it; play --resume --games-dir names a file it cannot read at all", async () => {
    const { dir, path, line } = await damagedGame();
    const folder = scanJournals(dir, journalOptions);
    if (!folder.ok) throw new Error(folder.error.message);
    expect(gameLine(folder.value.games[0]!)).toMatch(
      new RegExp(`plies  unfinished .*\\(damaged at line ${line}: read up to it\\)\\n$`),
    );
    // A damaged header leaves nothing to offer: --resume names the file instead of "no unfinished game".
    writeFileSync(path, `{"kind":"head\n${readFileSync(path, "utf8")}`);
    const target = resumeTarget(true, dir);
    expect(!target.ok && target.error.message).toBe(
      `no unfinished game in ${dir}; 1 file kete cannot read: ${path} (journal line 1 is not JSON; the file is damaged); name the journal: npx kete play --resume FILE`,
    );
    expect(existsSync(`${path}.damaged`)).toBe(false);
  });

  it("kete replay shows it up to the damage and says so; --verify checks that part and exits 1", async () => {
    const { path, line } = await damagedGame();
    const shown = await runKete(["replay", path]);
    expect(shown.status).toBe(0);
    expect(shown.stderr).toMatch(
      new RegExp(
        `^kete replay: .*journal line ${line} is not JSON; the game is offered up to line ${line - 1}`,
      ),
    );
    expect(shown.stdout).toMatch(/unfinished: continue it with/);
    const v = await runKete(["replay", path, "--verify"]);
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(/^verified: \d+ decisions/);
    expect(v.stdout).toContain(`only the records before line ${line} were checked`);
  });
});
