/**
 * A game from a given position (issue 32): `kete play --position FILE|JSON`
 * takes a position as `kete engine` writes it, checked by the game (typed
 * errors naming what is wrong); the simulated board opens as for an ordinary
 * game and the hands set it up as the set-up lights ask; the journal's
 * header holds the position, so replay --verify, export and resume work.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usualStart } from "../../src/cli/export.js";
import { positionStart } from "../../src/cli/play/given.js";
import {
  FLAG_DEFAULTS,
  playSettings,
  type PlayContext,
  type PlayFlags,
} from "../../src/cli/play/settings.js";
import { findGame, type Position } from "../../src/games/index.js";
import { exportGame } from "../../src/journal/index.js";
import {
  expectVerified,
  live,
  OFF_TERMINAL,
  play,
  readFlags,
  records,
  settings,
} from "./play-harness.js";

function refused(flags: Partial<PlayFlags>): string {
  const r = readFlags(flags);
  if (r.ok) throw new Error("expected an error");
  return r.error.message;
}

/** The position after `n` plies of `game`, always the first legal move (an adjourned game). */
function after(gameId: string, n: number): Position {
  const game = findGame(gameId)!;
  const initial = game.initial({});
  if (!initial.ok) throw new Error(initial.error.message);
  let p: Position = initial.value;
  for (let i = 0; i < n; i++) p = game.legal(p).moves[0]!.position;
  return p;
}

describe("kete play --position (issue 32)", () => {
  it("plays a husbao game from an adjourned position; the journal starts there and verifies", async () => {
    const game = findGame("husbao")!;
    const p = after("husbao", 6);
    const json = JSON.stringify(game.positionToJSON(p));
    const s = readFlags({ position: json, seed: "3", noise: false, mistakes: "0" });
    if (!s.ok) throw new Error(s.error.message);
    expect(s.value.game.id).toBe("husbao");
    expect(s.value.first).toBe(p.toMove);
    const { start, first, options } = s.value;
    const r = await play(settings("husbao", { start, first, options, seed: 3 }));
    expect(r.code).toBe(0);
    expect(r.out).toContain("new game of");
    expect(r.out).toContain("from the position given");
    // The header's initial is the given position; the first move is played from it.
    expect(r.journal.header.initial).toEqual(game.positionToJSON(p));
    const moves = records(r.journal, "move");
    expect(moves[0]!.ply).toBe(1);
    expect(moves[0]!.side).toBe(p.toMove);
    const legal = game.legal(p).moves.map((m) => m.move);
    expect(legal).toContain(moves[0]!.move);
    // The hands set the board up: the set-up was asked (stones moved before ply 1).
    const decisions = records(r.journal, "decision").map((d) => d.decision.type);
    expect(decisions.indexOf("setup")).toBeGreaterThanOrEqual(0);
    expect(records(r.journal, "result")).toHaveLength(1);
    expectVerified(r.journal);
    // Export reads the moves from the given position, and carries it (tag Position).
    const exported = exportGame(r.journal, undefined, usualStart);
    expect(exported.moves[0]!.move).toBe(moves[0]!.move);
    expect(JSON.parse(exported.tags.Position!.replace(/'/g, '"'))).toEqual(game.positionToJSON(p));
  });

  it("a game from a position pauses and resumes from its journal, and verifies", async () => {
    const game = findGame("husbao")!;
    const p = after("husbao", 4);
    const given = positionStart(JSON.stringify(game.positionToJSON(p)), null);
    if (!given.ok) throw new Error(given.error.message);
    const start = { position: given.value.position, said: given.value.said };
    const h = await live(settings("husbao", { start, first: p.toMove, seed: 5 }));
    const { session } = h;
    expect(await h.until(() => session.moves.length >= 2, 600_000, 200)).toBe(true);
    session.pause();
    await h.finish();
    const path = session.journalPath;
    const r = await play(settings("husbao", { resume: path, first: p.toMove, seed: 5 }));
    expect(r.code).toBe(0);
    expect(r.out).toContain("resumed");
    expect(r.journal.header.initial).toEqual(game.positionToJSON(p));
    const moves = records(r.journal, "move");
    expect(moves.map((m) => m.ply)).toEqual(moves.map((_, i) => i + 1));
    expectVerified(r.journal);
  });

  it('takes a file, or an engine answer {"position":P}', () => {
    const game = findGame("hus")!;
    const p = game.positionToJSON(after("hus", 3));
    const dir = mkdtempSync(join(tmpdir(), "kete-pos-"));
    const file = join(dir, "p.json");
    writeFileSync(file, JSON.stringify({ position: p }));
    const r = positionStart(file, null);
    if (!r.ok) throw new Error(r.error.message);
    expect(game.positionToJSON(r.value.position)).toEqual(p);
    expect(r.value.said).toBe(`from the position in ${file}`);
  });

  it("refuses a bad position with a typed error naming what is wrong", () => {
    const game = findGame("husbao")!;
    const p = game.positionToJSON(after("husbao", 2));
    const pits = p.pits as Record<string, number[]>;
    const short = { ...p, pits: { ...pits, A: [0, ...pits.A!.slice(1)] } };
    const bad = positionStart(JSON.stringify(short), null);
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.code).toBe("bad-position");
      expect(bad.error.message).toMatch(/^--position: /);
    }
    expect(refused({ position: "{not json" })).toMatch(/--position: not JSON/);
    expect(refused({ position: '{"pits":{}}' })).toMatch(/names no "game"/);
    expect(refused({ position: '{"game":"chess"}' })).toMatch(/unknown game 'chess'/);
    expect(refused({ position: "/no/such/file.json" })).toMatch(
      /--position \/no\/such\/file.json: cannot read it \(no such file\)/,
    );
    const json = JSON.stringify(p);
    expect(refused({ position: json, game: "hus" })).toMatch(/a position of husbao, not of hus/);
    expect(refused({ position: json, option: ["direction=cw"] })).toMatch(/leave out --option/);
    expect(refused({ position: json, first: "N" })).toMatch(/leave out --first/);
    expect(refused({ position: json, ply: "3" })).toMatch(/--ply goes with --from/);
    expect(refused({ ply: "3" })).toMatch(/--ply goes with --from/);
    expect(refused({ position: json, from: "x.txt" })).toMatch(/give one of them/);
    const resuming: PlayContext = {
      ...OFF_TERMINAL,
      resume: {
        path: "/g/j.kete.jsonl",
        game: "husbao",
        options: {},
        players: { S: "A", N: "B" },
        first: "S",
        guidance: true,
        onMistake: "retry",
        keyboard: [],
        clock: null,
        computer: null,
        hints: true,
      },
    };
    const resumed = playSettings({ ...FLAG_DEFAULTS, event: "Cup" }, resuming);
    expect(!resumed.ok && resumed.error.message).toMatch(/--event: a resumed game keeps/);
    const from = playSettings({ ...FLAG_DEFAULTS, position: json }, resuming);
    expect(!from.ok && from.error.message).toMatch(/--resume continues a journal/);
  });
});
