/**
 * Whole games of `kete play` on the simulated board, in-process on a fake
 * clock: every family of games to a result with the virtual players' slips
 * caught and undone, every policy after a mistake, a takeback, a game
 * paused or killed mid-turn and resumed — and every journal re-judged to the
 * same decisions, as `kete replay --verify` does.
 */
import { copyFileSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { standingOf } from "../../src/cli/play/recorder.js";
import { FLAG_DEFAULTS, playSettings, resumeTarget } from "../../src/cli/play/settings.js";
import { exportGame, exportText } from "../../src/journal/export.js";
import { listJournals } from "../../src/journal/store.js";
import {
  drive,
  expectVerified,
  fakeHost,
  journalAt,
  live,
  play,
  records,
  settings,
  type LivePlay,
} from "./play-harness.js";

describe("whole games on a fake clock", () => {
  const games: [string, number, number][] = [
    ["hus", 11, 0.08],
    ["hus", 5, 0.3],
    ["husbao", 7, 0.1],
    ["husbao", 4, 0.1],
    ["husbao-bis", 3, 0.1],
    ["husbao-front", 4, 0.1],
    ["bao-de", 4, 0.1],
    ["bao-kiswahili", 1, 0.1],
    ["bao-kiswahili", 2, 0.05],
    ["bao-kujifunza", 3, 0.1],
  ];
  for (const [game, seed, mistakeRate] of games) {
    it(`${game} (seed ${seed}, slips ${mistakeRate}) to a result; the journal re-judges exactly`, async () => {
      const r = await play(settings(game, { seed, mistakeRate, noise: true }));
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/new game of .*: Amani \(South\) vs Baraka \(North\); journal /);
      expect(r.out).toMatch(/^\d\d:\d\d\.\d {2}ply 1 {2}South \(Amani\) {2}\S+$/m);
      expect(r.out).toMatch(/game over: ((South|North) wins|draw) — /);
      expect(r.out).toContain(`journal: ${r.session.journalPath}\n`);
      const kinds = new Set(r.journal.records.map((x) => x.kind));
      for (const k of ["snapshot", "decision", "move", "result", "command", "board"]) {
        expect(kinds).toContain(k);
      }
      // Every slip kete called was restored.
      const mistakes = records(r.journal, "mistake");
      expect(records(r.journal, "resolved")).toHaveLength(mistakes.length);
      expectVerified(r.journal);
    });
  }

  it("catches the slips, names the rule, restores, and the record exports", async () => {
    const r = await play(
      settings("hus", { seed: 5, mistakeRate: 0.3, players: { S: "Ana", N: "Ben" } }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /! (South|North): .*\((CORE-\d|HUS-\d|TURN)\) — retry\n.*board restored: the same player moves again/,
    );
    const text = exportText(exportGame(r.journal));
    expect(text).toContain('[South "Ana"]');
    expect(text).toMatch(/\{mistake: .*; retry\}/);
    expect(text).toMatch(/\[Result "(South wins|North wins|draw)/);
    const listed = listJournals(join(r.session.journalPath, ".."));
    expect(listed).toHaveLength(1);
    expect(listed[0]!.result).not.toBeNull();
  });

  it("without slips kete calls no mistake, however fast the hands", async () => {
    for (const seed of [31, 32, 33]) {
      const r = await play(settings("hus", { seed, pace: 0.05, mistakeRate: 0, noise: true }));
      expect(r.code).toBe(0);
      expect(r.out).not.toMatch(/! (South|North):/);
      expectVerified(r.journal);
    }
  });

  it("the same seed plays the same game: the journal is the same, byte for byte", async () => {
    const a = await play(settings("husbao-bis", { seed: 8, mistakeRate: 0.2, noise: true }));
    const b = await play(settings("husbao-bis", { seed: 8, mistakeRate: 0.2, noise: true }));
    expect(basename(a.session.journalPath)).toBe(basename(b.session.journalPath));
    expect(readFileSync(b.session.journalPath, "utf8")).toBe(
      readFileSync(a.session.journalPath, "utf8"),
    );
  });
});

describe("after a mistake", () => {
  it("forfeit: the board is restored and the turn passes", async () => {
    const r = await play(settings("hus", { seed: 7, mistakeRate: 0.3, onMistake: "forfeit" }));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/— forfeit\n.*board restored: the turn passes/);
    expect(r.journal.header.settings.onMistake).toBe("forfeit");
    expectVerified(r.journal);
  });

  it("truncate: the last correct stage stands and the turn passes", async () => {
    const r = await play(
      settings("bao-kujifunza", { seed: 3, mistakeRate: 0.2, onMistake: "truncate" }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/— truncate\n/);
    expect(records(r.journal, "resolved").length).toBeGreaterThan(0);
    expectVerified(r.journal);
  });

  it("penalty5: after the restore five stones cross to the opponent, counted by kete", async () => {
    const r = await play(settings("hus", { seed: 6, mistakeRate: 0.3, onMistake: "penalty5" }));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/board restored: now five stones cross to the opponent \(HB-9\)/);
    expect(r.out).toMatch(/penalty-done/);
    expect(records(r.journal, "resolved").map((x) => x.how)).toContain("penalty-done");
    expectVerified(r.journal);
  });
});

describe("a takeback", () => {
  it("puts the last move back: the mover's hand restores the board, and the game goes on", async () => {
    const h = await live(settings("hus", { seed: 12 }));
    const { session } = h;
    let asked = false;
    session.controller.on((e) => {
      if (e.type === "move" && e.ply === 2 && !asked) {
        asked = true;
        queueMicrotask(() => session.command({ type: "takeback" }));
      }
    });
    expect(await h.until(() => asked && session.moves.length === 1)).toBe(true);
    const code = await h.finish();
    expect(code).toBe(0);
    const out = h.out.join("");
    expect(out).toMatch(/ply 2 .*\n(.*\n)*.*takeback\n(.*\n)*.*ply 2 /);
    const j = journalAt(session.journalPath);
    expect(records(j, "command").map((c) => c.command.type)).toEqual([
      "new-game",
      "seats",
      "takeback",
    ]);
    expect(records(j, "resolved").map((x) => x.how)).toContain("takeback");
    expect(j.records.some((x) => x.kind === "decision" && x.decision.type === "takeback")).toBe(
      true,
    );
    expectVerified(j);
    // The record of the game leaves the taken-back move out.
    const moves = records(j, "move").map((m) => m.move);
    expect(session.moves).toEqual([...moves.slice(0, 1), ...moves.slice(2)]);
  });
});

describe("an idle board (issue 11, item 10)", () => {
  it("an hour with nobody moving grows the journal by a few kilobytes, not 1.6 MB; the journal still verifies", async () => {
    // South plays from the keyboard and types nothing: the board repeats its reading every second.
    const s = settings("husbao", { seed: 3, human: new Set(["S"]), maxMinutes: 60 });
    const r = await play(s);
    expect(r.code).toBe(3);
    const snapshots = records(r.journal, "snapshot");
    expect(snapshots.length).toBeLessThan(20);
    expect(statSync(r.session.journalPath).size).toBeLessThan(5_000); // 1,658 bytes, header included
    expectVerified(r.journal);
  });
});

describe("a game interrupted and resumed", () => {
  /**
   * Two moves accepted and the third under way: kete has judged a reading of
   * it, and the hand holds stones. (At half a person's pace, so that readings
   * settle between the stones.)
   */
  const midTurn = (session: LivePlay["session"]) => () =>
    session.moves.length >= 2 && session.controller.view.moving && session.sim!.hand.held > 0;

  it("Ctrl-C mid-turn pauses (exit 130); --resume finishes the same game", async () => {
    const s = settings("hus", { seed: 8, mistakeRate: 0.1, pace: 0.5 });
    const h = await live(s);
    const { session } = h;
    expect(await h.until(midTurn(session))).toBe(true);
    session.pause();
    expect(await h.finish()).toBe(130);
    expect(h.out.join("")).toContain(
      `game paused: interrupted; continue it with: npx kete play --resume ${session.journalPath}\n`,
    );
    const paused = journalAt(session.journalPath);
    expect(paused.records[paused.records.length - 1]).toMatchObject({
      kind: "pause",
      reason: "interrupted",
    });
    const before = records(paused, "move").map((m) => m.move);

    const again = await play({ ...s, resume: session.journalPath, seed: 4 });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(new RegExp(`resumed .* at ply ${before.length + 1}\\n`));
    const j = again.journal;
    const moves = records(j, "move");
    expect(moves.slice(0, before.length).map((m) => m.move)).toEqual(before);
    expect(moves.map((m) => m.ply)).toEqual(moves.map((_, k) => k + 1));
    expect(records(j, "result")).toHaveLength(1);
    expectVerified(j);
  });

  it("killed mid-turn (the journal as it stood): resumed, the held stones come from the box", async () => {
    const s = settings("bao-kiswahili", { seed: 2, mistakeRate: 0.05, pace: 0.5 });
    const h = await live(s);
    const { session } = h;
    expect(await h.until(midTurn(session))).toBe(true);
    const held = session.sim!.hand.held;
    expect(held).toBeGreaterThan(0);
    // What a SIGKILL leaves: the file as it is now, nothing more.
    const dir = mkdtempSync(join(tmpdir(), "kete-killed-"));
    const killed = join(dir, basename(session.journalPath));
    copyFileSync(session.journalPath, killed);
    session.pause();
    await h.finish();

    const atKill = journalAt(killed);
    expect(records(atKill, "pause")).toHaveLength(0);
    const standing = standingOf(atKill, killed);
    if (!standing.ok) throw new Error(standing.error.message);
    const again = await play({ ...s, resume: killed, gamesDir: dir, seed: 5 });
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/resumed .* at ply 3\n/);
    expect(listJournals(dir)).toHaveLength(1);
    const j = again.journal;
    expect(records(j, "command").map((c) => c.command.type)).toEqual([
      "new-game",
      "seats",
      "resume",
      "seats",
    ]);
    // The resumed board (its last reading) is not the standing position: the killed hand held
    // stones, lifted from a pit or taken from the reserve (Bao's namua, BK-4) and perhaps
    // already placed; kete asks for the difference, pit by pit, before play goes on.
    const resumedAt = j.records.findIndex(
      (x) => x.kind === "command" && x.command.type === "resume",
    );
    const setup = j.records
      .slice(resumedAt)
      .find((x) => x.kind === "decision" && x.decision.type === "setup");
    expect(setup).toBeDefined();
    if (setup?.kind !== "decision") throw new Error("no setup");
    const needs = setup.decision.needs as { pit: string; need: number }[];
    expect(needs.length).toBeGreaterThan(0);
    expect(needs.every((x) => x.need !== 0)).toBe(true);
    expect(
      records(j, "move")
        .slice(0, 2)
        .map((m) => m.move),
    ).toEqual(standing.value.moves);
    expectVerified(j);
  });

  it("--resume with --guidance off and --on-mistake: applied from the resume, said, journalled, verified; the next resume keeps them", async () => {
    const s = settings("hus", { seed: 8, mistakeRate: 0.1, maxMinutes: 0.1 });
    const first = await play(s);
    expect(first.code).toBe(3);
    const path = first.session.journalPath;
    const facts = resumeTarget(path, s.gamesDir);
    if (!facts.ok || facts.value === null) throw new Error("no journal");
    expect(facts.value).toMatchObject({
      game: "hus",
      guidance: true,
      onMistake: "retry",
      keyboard: [],
    });
    const flags = { ...FLAG_DEFAULTS, guidance: "off", onMistake: "penalty5" };
    const ctx = {
      stdoutTTY: false,
      stdinTTY: false,
      noColour: false,
      defaultGamesDir: s.gamesDir,
      defaultSeed: 3,
      resume: facts.value,
      given: new Set(["guidance", "onMistake"]),
    };
    const changed = playSettings(flags, ctx);
    if (!changed.ok) throw new Error(changed.error.message);
    expect(changed.value.changes).toEqual([
      "guidance off from now on (was on)",
      "on a mistake: penalty5 from now on (was retry)",
    ]);
    const again = await play({ ...changed.value, maxMinutes: 0.1, mistakeRate: 0.1 });
    expect(again.out).toContain("guidance off from now on (was on)");
    const commands = records(again.journal, "command").map((c) => c.command);
    const resumedAt = commands.findIndex((c) => c.type === "resume");
    expect(commands.slice(resumedAt + 1, resumedAt + 3)).toEqual([
      { type: "guidance", on: false },
      { type: "policy", policy: "penalty5" },
    ]);
    expectVerified(again.journal);
    // Resumed once more without the flags: the settings in force carry on, nothing to say.
    const later = resumeTarget(path, s.gamesDir);
    if (!later.ok || later.value === null) throw new Error("no journal");
    expect(later.value).toMatchObject({ guidance: false, onMistake: "penalty5" });
    const kept = playSettings(
      { ...FLAG_DEFAULTS },
      { ...ctx, resume: later.value, given: new Set() },
    );
    expect(kept.ok && kept.value).toMatchObject({
      guidance: false,
      onMistake: "penalty5",
      changes: [],
    });
  });

  it("no result within --minutes: paused (exit 3), resumable", async () => {
    const r = await play(settings("husbao", { seed: 2, maxMinutes: 0.05 }));
    expect(r.code).toBe(3);
    expect(r.out).toMatch(
      /game paused: no result after 0.05 minutes \(--minutes\); continue it with: npx kete play --resume /,
    );
    expect(r.journal.records[r.journal.records.length - 1]).toMatchObject({
      kind: "pause",
      reason: "no result after 0.05 minutes (--minutes)",
    });
    expectVerified(r.journal);
  });

  it("a game that is over cannot be resumed; a journal that is no journal neither", async () => {
    const r = await play(settings("hus", { seed: 11 }));
    const h = fakeHost();
    const { runPlay } = await import("../../src/cli/play/session.js");
    const code = await drive(
      h.scheduler,
      runPlay(settings("hus", { resume: r.session.journalPath }), h.host),
    );
    expect(code).toBe(1);
    expect(h.errors).toEqual([
      expect.stringMatching(/^kete play: .*: this game is over \(HUS-4: .*\); start a new one/),
    ]);
    const bad = fakeHost();
    expect(
      await drive(bad.scheduler, runPlay(settings("hus", { resume: "/etc/hostname" }), bad.host)),
    ).toBe(1);
    expect(bad.errors).toEqual([expect.stringMatching(/not a kete game journal/)]);
  });
});
