/**
 * Whole games of Kalah with `kete play` on the simulated 2x6+2 board,
 * in-process on a fake clock: the virtual players sow stone by stone (into
 * their store, past the opponent's, capturing), their slips are caught and
 * undone, the game reaches its result (KA-5, KA-6), and the journal
 * re-judges to the same decisions.
 */
import { describe, expect, it } from "vitest";
import { expectVerified, play, records, settings } from "../../cli/play-harness.js";

describe("Kalah at the simulated board", () => {
  for (const [seed, mistakeRate, options] of [
    [3, 0, {}],
    [8, 0.1, { emptyCapture: true }],
  ] as const) {
    it(`a whole game (seed ${seed}, slips ${mistakeRate}) to its result; the journal re-judges exactly`, async () => {
      const r = await play(settings("kalah", { seed, mistakeRate, noise: true, options }));
      expect(r.code, r.out).toBe(0);
      expect(r.out).toMatch(/new game of Kalah.*: Amani \(South\) vs Baraka \(North\); journal /);
      expect(r.out).toMatch(/game over: ((South|North) wins|draw) — .*KA-5/);
      const moves = records(r.journal, "move");
      expect(moves.length).toBeGreaterThan(10);
      expect(records(r.journal, "resolved")).toHaveLength(records(r.journal, "mistake").length);
      if (mistakeRate > 0) expect(records(r.journal, "mistake").length).toBeGreaterThan(0);
      expectVerified(r.journal);
    });
  }
});
