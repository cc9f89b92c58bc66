/**
 * The Glassperlenspiel engine against the independent oracle
 * (./glassperlenspiel-oracle.ts, written from the rules file alone before the
 * engine), along random whole games from the start: both must list the same
 * moves in the same order with the same positions and traces, play the same
 * move to the same position and trace, and end the game the same way.
 */
import { describe, expect, it } from "vitest";
import { gpInitial } from "./glassperlenspiel-oracle.js";
import { playGame, stats } from "./glassperlenspiel-agree.js";

describe("the Glassperlenspiel engine agrees with the independent oracle", () => {
  it("along random whole games from the start (moves, order, positions, traces, outcomes)", () => {
    let plies = 0;
    let ended = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const length = playGame(seed, gpInitial(), 300);
      plies += length;
      if (length < 300) ended++;
    }
    expect(ended).toBeGreaterThan(0);
    expect(plies).toBeGreaterThan(1000);
    expect(stats.listed).toBeGreaterThan(600);
    for (const kind of ["direct", "indirect", "from the cup", "chain", "lap"]) {
      expect(stats.kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  });
});
