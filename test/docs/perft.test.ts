/**
 * Every perft count README.md states is the engine's: the table under
 * "## perft", the deeper Bao la kiswahili counts after it, and the leaves of
 * the benchmark's perft table (parsed by ./perft-table.ts), each compared with
 * `game.perft` from the initial position with the options read as
 * `kete perft --option` reads them.
 *
 * Counts up to FAST_LEAVES run in every test run (about 2.5 s in all on the
 * 2-core CI machine). Of the fifteen larger ones, fourteen take 0.3–12 s each and
 * bao-de (capture=optional) depth 4 (151,880,548 leaves) 55–90 s: about two
 * minutes together, too slow for every run: they are ./perft.slow.test.ts, which
 * `npm run test:slow` runs (with the other *.slow.test.ts files).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import {
  FAST_LEAVES,
  benchTableClaims,
  deeperClaims,
  depthTableClaims,
  describeClaim,
  emptyDepthCells,
  enginePerft,
  parseCount,
  parseGameCell,
  readmePerftClaims,
} from "./perft-table.js";

const readme = readFileSync(new URL("../../docs/benchmarks.md", import.meta.url), "utf8");

const claims = readmePerftClaims(readme);
const fast = claims.filter((c) => c.leaves <= FAST_LEAVES);
const slow = claims.filter((c) => c.leaves > FAST_LEAVES);

describe("README perft counts are read", () => {
  it("reads game cells, options and counts as written", () => {
    expect(parseGameCell("`husbao`")).toEqual({ game: "husbao", options: [] });
    expect(parseGameCell(" `bao-de` (`direction=cw`) ")).toEqual({
      game: "bao-de",
      options: ["direction=cw"],
    });
    expect(parseGameCell("hus (capture=optional)")).toEqual({
      game: "hus",
      options: ["capture=optional"],
    });
    expect(parseGameCell("x (`a=1`, `b=2`)").options).toEqual(["a=1", "b=2"]);
    expect(parseCount(" 1,073,496 ")).toBe(1_073_496);
    expect(parseCount("  ")).toBeNull();
    expect(() => parseCount("1.5")).toThrow(/not a count/);
  });

  it("finds every table and the deeper line, with every game known", () => {
    expect(depthTableClaims(readme).length).toBeGreaterThanOrEqual(14 * 5 - 1);
    expect(deeperClaims(readme).map((c) => c.depth)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(benchTableClaims(readme).length).toBeGreaterThanOrEqual(7);
    for (const c of claims) expect(findGame(c.game), c.game).toBeDefined();
  });

  it("leaves out only the counts too slow to compute (bao-de capture=optional and Abalone, depth 5)", () => {
    expect(emptyDepthCells(readme)).toEqual([
      "`bao-de` (`capture=optional`) depth 5",
      "`abalone` depth 5",
      "`abalone` (`start=belgian-daisy`) depth 5",
      "`abalone` (`start=german-daisy`) depth 5",
    ]);
  });

  it("states the Abalone counts the rules file gives (docs/rules/abalone.md, Perft), and all three starts", () => {
    const rules = readFileSync(new URL("../../docs/rules/abalone.md", import.meta.url), "utf8");
    const m = /from the standard start:\s*([\d,·\s]+?)\s*at depths 1–(\d+)/.exec(rules);
    if (m === null) throw new Error("abalone.md: no perft counts");
    const stated = (m[1] ?? "").split("·").map((c) => parseCount(c.replace(/\s+/g, "")));
    expect(stated.length).toBe(Number(m[2]));
    const rows = depthTableClaims(readme).filter((c) => c.game === "abalone");
    const standard = rows.filter((c) => c.options.length === 0);
    expect(standard.slice(0, stated.length).map((c) => c.leaves)).toEqual(stated);
    for (const start of ["standard", "belgian-daisy", "german-daisy"]) {
      const row = rows.filter((c) =>
        start === "standard" ? c.options.length === 0 : c.options.includes(`start=${start}`),
      );
      expect(
        row.map((c) => c.depth),
        start,
      ).toEqual([1, 2, 3, 4]);
    }
    expect(benchTableClaims(readme).some((c) => c.game === "abalone")).toBe(true);
  });

  it("states the Glassperlenspiel counts the rules file gives (docs/rules/glassperlenspiel.md, Perft)", () => {
    const rules = readFileSync(
      new URL("../../docs/rules/glassperlenspiel.md", import.meta.url),
      "utf8",
    );
    const m = /from the start:\s*([\d,·\s]+?)\s*at depths 1–(\d+)/.exec(rules);
    if (m === null) throw new Error("glassperlenspiel.md: no perft counts");
    const stated = (m[1] ?? "").split("·").map((c) => parseCount(c.replace(/\s+/g, "")));
    expect(stated.length).toBe(Number(m[2]));
    const row = depthTableClaims(readme).filter((c) => c.game === "glassperlenspiel");
    expect(row.map((c) => c.depth)).toEqual([1, 2, 3, 4, 5]);
    expect(row.slice(0, stated.length).map((c) => c.leaves)).toEqual(stated);
    expect(benchTableClaims(readme).some((c) => c.game === "glassperlenspiel")).toBe(true);
  });

  it(`checks ${fast.length} counts in every run and ${slow.length} in npm run test:slow`, () => {
    expect(fast.length + slow.length).toBe(claims.length);
    expect(fast.length).toBeGreaterThan(slow.length);
  });
});

describe(`README perft counts up to ${FAST_LEAVES.toLocaleString("en-US")} leaves`, () => {
  for (const c of fast) {
    it(`${describeClaim(c)} (${c.source})`, () => {
      expect(enginePerft(c)).toBe(c.leaves);
    });
  }
});
