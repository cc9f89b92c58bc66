/**
 * `kete play --game glassperlenspiel` in-process on a fake clock (issue 13
 * part 4): the virtual players sow bead by bead on the simulated gem board,
 * capture gems into their cups, slip and restore gems by tag; the game
 * reaches its result, the journal re-judges to the same decisions, and the
 * export writes the moves in the rules' notation.
 */
import { describe, expect, it } from "vitest";
import { exportGame, exportText } from "../../src/journal/export.js";
import { play, records, settings, verified } from "./play-harness.js";

describe("Glassperlenspiel with kete play", () => {
  it("a whole game with slips to its result; verify and export", async () => {
    const r = await play(settings("glassperlenspiel", { seed: 3, mistakeRate: 0.1, noise: true }));
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/new game of Glassperlenspiel: Amani \(South\) vs Baraka \(North\)/);
    expect(r.out).toMatch(/game over: ((South|North) wins|draw) — .*\(GB-[67]\)/);
    // Slips are named with GB-2 and undone.
    const mistakes = records(r.journal, "mistake");
    expect(mistakes.length).toBeGreaterThan(0);
    expect(r.out).toMatch(/! (South|North): .*\(GB-2\) — retry/);
    expect(records(r.journal, "resolved")).toHaveLength(mistakes.length);
    // Captures were made (gems into cups), and every move is in the rules' notation.
    const moves = records(r.journal, "move").map((m) => m.move);
    expect(moves.some((m) => m.includes("/"))).toBe(true);
    for (const m of moves)
      expect(m).toMatch(/^[AB][1-5]:(s|[SN][1-5])+(\/(([AB][1-5]|[SN]C)[SN][1-5])+)?$/);
    const v = verified(r.journal);
    expect(v.mismatch).toBeNull();
    const text = exportText(exportGame(r.journal));
    expect(text).toContain('[Game "glassperlenspiel"]');
    expect(text).toContain(`1. ${moves[0]!} `);
  });
});
