/**
 * A club's record reads back in (issue 32): `kete export` carries Event,
 * Round and Site (`kete play --event/--round/--site`) and, with clocks, each
 * move's clock time; `kete play --from FILE [--ply N]` replays a text or
 * JSON record from its start to the position to play on from.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { exportOutcome, usualStart } from "../../src/cli/export.js";
import { exportGame, exportText } from "../../src/journal/index.js";
import { fromStart } from "../../src/cli/play/given.js";
import { findGame } from "../../src/games/index.js";
import {
  expectVerified,
  journalAt,
  live,
  play,
  records,
  settings,
  settingsOf,
} from "./play-harness.js";

const dir = mkdtempSync(join(tmpdir(), "kete-from-"));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("a record with event, round, site and clock times reads back in (issue 32)", () => {
  it("exports the tags and clock times; --from text and json give the same position, --ply an earlier one", async () => {
    const flags = settingsOf({
      game: "hus",
      event: "Club night",
      round: "3",
      site: "Dar es Salaam",
      players: "Ana,Ben",
      clock: "10+0",
    });
    const s = settings("hus", {
      record: flags.record,
      players: flags.players,
      clock: flags.clock,
      seed: 4,
    });
    const h = await live(s);
    const { session } = h;
    expect(await h.until(() => session.moves.length >= 6, 600_000, 200)).toBe(true);
    session.pause();
    await h.finish();
    const journal = journalAt(session.journalPath);
    const moves = records(journal, "move");
    const text = exportOutcome(journal, "j", { format: "text", unverified: false });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('[Event "Club night"]\n[Site "Dar es Salaam"]\n[Round "3"]');
    expect(text.stdout).toContain('[Clock "10+0"]');
    // Every move's clock time: the mover's time left, and the time the move took.
    const clk = [...text.stdout.matchAll(/\[%clk (\d+):(\d\d):(\d\d)\] \[%emt [\d:]+\]/g)];
    expect(clk).toHaveLength(moves.length);
    const first = moves[0]!;
    const left = Math.round(first.clocks![first.side]! / 1000);
    expect(Number(clk[0]![2]) * 60 + Number(clk[0]![3])).toBe(left);
    const json = exportOutcome(journal, "j", { format: "json", unverified: false });
    const parsed = JSON.parse(json.stdout) as { moves: { seconds: number; clocks: object }[] };
    expect(parsed.moves[1]!.seconds).toBeCloseTo((moves[1]!.t - moves[0]!.t) / 1000, 0);
    expect(parsed.moves[1]!.clocks).toBeDefined();

    const game = findGame("hus")!;
    const last = moves[moves.length - 1]!.position;
    for (const [name, out] of [
      ["g.txt", text.stdout],
      ["g.json", json.stdout],
    ] as const) {
      const path = file(name, out);
      const all = fromStart(path, null);
      if (!all.ok) throw new Error(all.error.message);
      expect(game.positionToJSON(all.value.position)).toEqual(last);
      expect(all.value.players).toEqual({ S: "Ana", N: "Ben" });
      expect(all.value.tags).toEqual({ event: "Club night", round: "3", site: "Dar es Salaam" });
      expect(all.value.said).toBe(`from ply ${moves.length} of ${path}`);
      const three = fromStart(path, 3);
      if (!three.ok) throw new Error(three.error.message);
      expect(game.positionToJSON(three.value.position)).toEqual(moves[2]!.position);
      const none = fromStart(path, 0);
      if (!none.ok) throw new Error(none.error.message);
      expect(game.positionToJSON(none.value.position)).toEqual(journal.header.initial);
    }
  });

  it("a move taken back is not in the record, which replays to the position that stands", async () => {
    const r = await play(settings("hus", { seed: 4, maxMinutes: 0.3 }));
    const moves = records(r.journal, "move");
    expect(moves.length).toBeGreaterThan(2);
    const n = moves.length;
    const last = moves[n - 1]!.t;
    // The controller took the last move back (toPly counts from its new game).
    const taken = {
      ...r.journal,
      records: [
        ...r.journal.records.filter((x) => x.kind !== "result"),
        { kind: "command" as const, command: { type: "takeback" }, t: last + 100 },
        {
          kind: "decision" as const,
          decision: { type: "takeback", toPly: n - 1, at: last + 200 },
          t: last + 200,
        },
      ],
    };
    const g = exportGame(taken, undefined, usualStart);
    expect(g.moves.map((m) => m.move)).toEqual(moves.slice(0, n - 1).map((m) => m.move));
    const back = fromStart(file("taken.txt", exportText(g)), null);
    if (!back.ok) throw new Error(back.error.message);
    expect(findGame("hus")!.positionToJSON(back.value.position)).toEqual(moves[n - 2]!.position);
  });

  it("plays on from a record: players and tags carried, the start in the journal, verified, exported with it", async () => {
    const first = await play(
      settings("husbao", { seed: 6, record: { event: "Lesson", round: "1" }, maxMinutes: 0.5 }),
    );
    expect(first.code).toBe(3); // out of time, resumable: an adjourned game
    const out = exportOutcome(first.journal, "a", { format: "text", unverified: false });
    const path = file("adjourned.txt", out.stdout);
    const s = settingsOf({ from: path, ply: "4", site: "Zanzibar", seed: "2" });
    expect(s.record).toEqual({ event: "Lesson", round: "1", site: "Zanzibar" });
    const r = await play(
      settings("husbao", {
        start: s.start,
        first: s.first,
        options: s.options,
        players: s.players,
        record: s.record,
        seed: 2,
      }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain(`from ply 4 of ${path}`);
    expect(r.journal.header.initial).toEqual(records(first.journal, "move")[3]!.position);
    expectVerified(r.journal);
    const again = exportOutcome(r.journal, "b", { format: "text", unverified: false });
    expect(again.stdout).toContain('[Event "Lesson"]\n[Site "Zanzibar"]\n[Round "1"]');
    expect(again.stdout).toContain("[Position ");
    // Read back once more: the record from its Position tag replays to the end.
    const back = fromStart(file("again.txt", again.stdout), 2);
    if (!back.ok) throw new Error(back.error.message);
    expect(findGame("husbao")!.positionToJSON(back.value.position)).toEqual(
      records(r.journal, "move")[1]!.position,
    );
  });

  it("refuses a bad record with a typed error naming the file and what is wrong", () => {
    const fails = (text: string, ply: number | null = null) => {
      const r = fromStart(file("bad.txt", text), ply);
      if (r.ok) throw new Error("expected an error");
      expect(r.error.code).toBe("bad-record");
      return r.error.message;
    };
    const head = '[Game "hus"]\n[Options ""]\n[South "A"]\n[North "B"]\n[First "South"]\n\n';
    expect(fails("hello")).toMatch(/bad.txt: line 1 is not a tag/);
    expect(fails('[Game "chess"]\n\n\nUnfinished.\n')).toMatch(/unknown game 'chess'/);
    expect(fails(`${head}1. Z9+\n\nUnfinished.\n`)).toMatch(
      /ply 1 \(Z9\+\) cannot be played there/,
    );
    expect(fails(`${head}\n\nUnfinished.\n`, 2)).toMatch(/--ply 2: .* has 0 plies/);
    expect(fails('[Game "hus"]\n[Options "colour=red"]\n\n\nUnfinished.\n')).toMatch(
      /the Options tag/,
    );
    expect(fails('{"tags":{"Game":"hus"},"moves":[{"ply":1}]}')).toMatch(
      /moves\[0\] has no "move"/,
    );
    expect(fails("{oops")).toMatch(/not JSON/);
    const missing = fromStart(join(dir, "none.txt"), null);
    expect(!missing.ok && missing.error.message).toMatch(/--from .*none.txt: cannot read it/);
  });
});
