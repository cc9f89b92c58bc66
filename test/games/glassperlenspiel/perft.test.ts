/**
 * Perft pinned by the independent oracle (test/oracle/glassperlenspiel-oracle.ts),
 * not by numbers typed in from the engine: from the start at depths 1–4, and
 * from positions along a seeded game at depth 2. The rules file's own counts
 * (10 · 115 · 1,434) are checked too. And a pit of ten stones and five gems
 * (360,360 bead orders): `legal` with a limit costs what it returns, perft
 * counts them without building them.
 */
import { describe, expect, it } from "vitest";
import {
  gpInitial,
  gpLargestOrders,
  gpPerft,
  gpRandomMove,
  type GpPosition,
} from "../../oracle/glassperlenspiel-oracle.js";
import { seededRandom } from "../../../src/shared/random.js";
import { at, gp, parse } from "./helpers.js";

describe("glassperlenspiel perft", () => {
  it("from the start, the rules file's 10 · 115 · 1,434", () => {
    const start = parse(gpInitial());
    expect([1, 2, 3].map((d) => gp.perft(start, d))).toEqual([10, 115, 1434]);
  });

  it("from the start at depths 0–4, as the oracle counts", () => {
    const start = parse(gpInitial());
    for (let depth = 0; depth <= 4; depth++) {
      expect(gp.perft(start, depth), `depth ${depth}`).toBe(gpPerft(gpInitial(), depth));
    }
  });

  it("from positions along a seeded game (the oracle's moves) at depth 2", () => {
    const random = seededRandom(11);
    let p: GpPosition = gpInitial();
    let checked = 0;
    for (let ply = 0; ply < 80; ply++) {
      // Positions with few enough leaves for the slow oracle two plies deep.
      const leaves = gp.perft(parse(p), 2);
      if (ply % 2 === 0 && gpLargestOrders(p) <= 60 && leaves <= 2500) {
        expect(leaves, JSON.stringify(p)).toBe(gpPerft(p, 2));
        checked++;
      }
      const m = gpRandomMove(p, random);
      if (m === null) break;
      p = m.position;
    }
    expect(checked).toBeGreaterThan(8);
  });

  it("a pit of ten stones and five gems: 360,360 moves counted, ten listed at the cost of ten", () => {
    const big = parse(
      at("S", {
        A1: "10 S1 S2 S3 S4 S5",
        B1: "0 N1",
        B2: "0 N2",
        B3: "0 N3",
        B4: "0 N4",
        B5: "0 N5",
      }),
    );
    expect(gp.perft(big, 1)).toBe(360_360);
    const t = performance.now();
    const first = gp.legal(big, 10);
    const ms = performance.now() - t;
    expect(first.truncated).toBe(true);
    expect(first.moves.map((m) => m.move)).toEqual([
      "A1:S1S2S3S4S5ssssssssss",
      "A1:S1S2S3S4sS5sssssssss",
      "A1:S1S2S3S4ssS5ssssssss",
      "A1:S1S2S3S4sssS5sssssss",
      "A1:S1S2S3S4ssssS5ssssss",
      "A1:S1S2S3S4sssssS5sssss",
      "A1:S1S2S3S4ssssssS5ssss",
      "A1:S1S2S3S4sssssssS5sss",
      "A1:S1S2S3S4ssssssssS5ss",
      "A1:S1S2S3S4sssssssssS5s",
    ]);
    // All of them take seconds; ten take well under one (generous for a loaded machine).
    expect(ms).toBeLessThan(500);
  });

  it("the rules file's 650,760 moves of a pit of ten stones and five gems (North's gems in North's cup)", () => {
    const rules = parse(
      at("S", { A1: "10 S1 S2 S3 S4 S5" }, { N: ["N1", "N2", "N3", "N4", "N5"] }),
    );
    expect(gp.perft(rules, 1)).toBe(650_760);
    const t = performance.now();
    const first = gp.legal(rules, 3);
    const ms = performance.now() - t;
    expect(first).toMatchObject({ truncated: true });
    // The last stone on B4's lone stone (indirect, S5 the only gem in North's
    // pits); on S5 alone in B4 (direct); on B5 and B4's lone stones (a chain of
    // two: S5 from B3, then one from North's cup).
    expect(first.moves.map((m) => m.move)).toEqual([
      "A1:S1S2S3S4S5ssssssssss/B5S5",
      "A1:S1S2S3S4sS5sssssssss",
      "A1:S1S2S3S4ssS5ssssssss/B3S5NCN1",
    ]);
    expect(ms).toBeLessThan(500);
    // The tree follows one bead order at the cost of its path.
    const root = gp.turnTree?.(rules)[0];
    expect(root?.steps).toEqual([
      { op: "lift", pit: "A1", n: 15, stones: 10, gems: ["S1", "S2", "S3", "S4", "S5"] },
    ]);
    expect(root?.children().map((c) => c.choice)).toEqual(["S1", "S2", "S3", "S4", "S5", "s"]);
  });
});
