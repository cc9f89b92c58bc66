/**
 * `kete play --game glassperlenspiel` with each `--on-mistake` policy and a
 * takeback (issue 13 point 4), whole games in-process on the fake clock: the
 * virtual players slip, kete names the slip (GB-2) and the gems to move by
 * tag, the board is restored, the policy acts, the game reaches its result
 * and `replay --verify` re-judges the journal exactly. `penalty5`, which the
 * rules cannot carry, is refused when the flags are read.
 */
import { describe, expect, it } from "vitest";
import { FLAG_DEFAULTS, playSettings } from "../../src/cli/play/settings.js";
import { formatNeeds } from "../../src/controller/restore.js";
import {
  expectVerified,
  journalAt,
  live,
  OFF_TERMINAL,
  play,
  readFlags,
  records,
  settings,
} from "./play-harness.js";

const GAME_OVER = /game over: ((South|North) wins|draw) — .*\(GB-[5-7]\)/;

describe("--on-mistake for Glassperlenspiel", () => {
  it("penalty5 is refused when the flags are read: typed, with the reason from the rules", () => {
    const r = readFlags({ game: "glassperlenspiel", onMistake: "penalty5" });
    expect(r).toMatchObject({
      ok: false,
      error: { code: "policy-not-allowed", field: "onMistake" },
    });
    expect(!r.ok && r.error.message).toBe(
      "--on-mistake: penalty5 cannot apply to Glassperlenspiel: its rules (GB-1…GB-7) have no penalty, and its ten stones belong to neither player (whoever moves sows the beads of their own pit, GB-2), so there are no five own stones to hand over; choose retry, forfeit or truncate",
    );
    // The other policies are taken, and penalty5 still is for the four-row games.
    for (const onMistake of ["retry", "forfeit", "truncate"]) {
      const ok = readFlags({ game: "glassperlenspiel", onMistake });
      expect(ok.ok && ok.value.onMistake).toBe(onMistake);
    }
    const hus = readFlags({ game: "hus", onMistake: "penalty5" });
    expect(hus.ok && hus.value.onMistake).toBe("penalty5");
  });

  it("penalty5 is refused on resume too", async () => {
    const first = await play(settings("glassperlenspiel", { seed: 2, maxMinutes: 0.05 }));
    expect(first.code).toBe(3);
    const r = playSettings(
      { ...FLAG_DEFAULTS, onMistake: "penalty5" },
      {
        ...OFF_TERMINAL,
        resume: {
          path: first.session.journalPath,
          game: "glassperlenspiel",
          options: {},
          players: { S: "Amani", N: "Baraka" },
          first: "S",
          guidance: true,
          onMistake: "retry",
          keyboard: [],
        },
        given: new Set(["onMistake"]),
      },
    );
    expect(r).toMatchObject({ ok: false, error: { code: "policy-not-allowed" } });
  });
});

describe("whole Glassperlenspiel games under each policy", () => {
  it("retry: each slip restored by tag, the same player sows again", async () => {
    const r = await play(
      settings("glassperlenspiel", { seed: 4, mistakeRate: 0.2, onMistake: "retry" }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/! (South|North): .*\(GB-2\) — retry\n/);
    expect(r.out).toMatch(GAME_OVER);
    const resolved = records(r.journal, "resolved");
    expect(resolved.length).toBeGreaterThan(0);
    expect(resolved.every((x) => x.how === "retry")).toBe(true);
    expectVerified(r.journal);
  });

  it("forfeit: the board is restored and the turn passes", async () => {
    const r = await play(
      settings("glassperlenspiel", { seed: 4, mistakeRate: 0.2, onMistake: "forfeit" }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/— forfeit\n.*board restored: the turn passes/);
    expect(r.out).toMatch(GAME_OVER);
    expect(r.journal.header.settings.onMistake).toBe("forfeit");
    expect(records(r.journal, "resolved").some((x) => x.how === "turn-passed")).toBe(true);
    expectVerified(r.journal);
  });

  it("truncate: nothing of the slipped turn stands (one stage, GB-2…GB-4); the turn passes", async () => {
    const r = await play(
      settings("glassperlenspiel", { seed: 5, mistakeRate: 0.2, onMistake: "truncate" }),
    );
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/— truncate\n/);
    expect(r.out).toMatch(GAME_OVER);
    const j = r.journal;
    // Each truncation leaves the position before the slipped move, with the turn passed.
    const mistakes = records(j, "mistake");
    expect(mistakes.length).toBeGreaterThan(0);
    let checked = 0;
    for (const m of mistakes) {
      const before = [...records(j, "move"), ...records(j, "resolved")]
        .filter((x) => x.t <= m.t)
        .sort((a, b) => a.t - b.t)
        .at(-1);
      const after = records(j, "resolved").find((x) => x.t >= m.t);
      if (before === undefined || after === undefined || after.how !== "turn-passed") continue;
      expect(after.position.pits).toEqual(before.position.pits);
      expect(after.position.cups).toEqual(before.position.cups);
      expect(after.position.toMove).not.toBe(before.position.toMove);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
    expectVerified(j);
  });
});

describe("a Glassperlenspiel takeback", () => {
  it("puts the last move back, gems by tag: the mover's hand restores the board, and the game goes on", async () => {
    const h = await live(settings("glassperlenspiel", { seed: 6 }));
    const { session } = h;
    let asked = false;
    let shown = "";
    session.controller.on((e) => {
      if (e.type === "move" && e.ply === 3 && !asked) {
        asked = true;
        queueMicrotask(() => {
          session.command({ type: "takeback" });
          // What the lights and the screen ask for: the gem moved back by its tag.
          shown = formatNeeds(session.controller.view.needs);
        });
      }
    });
    expect(await h.until(() => asked && session.moves.length === 2)).toBe(true);
    const code = await h.finish();
    expect(code).toBe(0);
    const out = h.out.join("");
    expect(out).toMatch(/ply 3 .*\n(.*\n)*.*takeback\n(.*\n)*.*ply 3 /);
    const j = journalAt(session.journalPath);
    expect(records(j, "command").map((c) => c.command.type)).toEqual([
      "new-game",
      "seats",
      "takeback",
    ]);
    expect(records(j, "resolved").map((x) => x.how)).toContain("takeback");
    // Ply 3 was A2:sS4 (S4 sown into A4): the players were told to move S4 back by its tag.
    expect(records(j, "move")[2]!.move).toBe("A2:sS4");
    expect(shown).toBe("move S4 from A4 to A2, A2 +1, A3 -1");
    expect(out).toMatch(GAME_OVER);
    expectVerified(j);
    const moves = records(j, "move").map((m) => m.move);
    expect(session.moves).toEqual([...moves.slice(0, 2), ...moves.slice(3)]);
  });
});
