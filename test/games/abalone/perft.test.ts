/**
 * Perft from the three starts of AB-1, pinned by the rules file's own counts
 * for the standard start (44 · 1,936 · 98,912) and, for every start, by
 * ./naive.ts, a slow direct reading of the rules written apart from the
 * engine's move generator: depths 1–3 from each start. A game that is over
 * is a leaf.
 */
import { describe, expect, it } from "vitest";
import { naivePerft } from "./naive.js";
import { STARTS, ab, cellsOf, start } from "./helpers.js";

function naiveFrom(name: string, depth: number): number {
  const s = STARTS[name]!;
  return naivePerft(new Map(Object.entries(cellsOf(s.b, s.w))), "b", { b: 0, w: 0 }, depth);
}

describe("abalone perft", () => {
  it("from the standard start, the rules file's 44 · 1,936 · 98,912", () => {
    const s = start();
    expect([0, 1, 2, 3].map((d) => ab.perft(s, d))).toEqual([1, 44, 1936, 98912]);
  });

  it.each(Object.keys(STARTS))(
    "from the %s start at depths 1–3, as the naive reading counts",
    (name) => {
      const s = start({ start: name });
      for (let depth = 1; depth <= 3; depth++) {
        expect(ab.perft(s, depth), `depth ${depth}`).toBe(naiveFrom(name, depth));
      }
    },
  );

  it("the engine's counts for the daisies (README's perft table, depths 1–3)", () => {
    expect([1, 2, 3].map((d) => ab.perft(start({ start: "belgian-daisy" }), d))).toEqual([
      52, 2692, 149322,
    ]);
    expect([1, 2, 3].map((d) => ab.perft(start({ start: "german-daisy" }), d))).toEqual([
      80, 6244, 493480,
    ]);
  });

  it("perft(1) is the number of legal moves; a left-out marble changes the count", () => {
    const s = start({ leaveOut: ["C4"] });
    expect(ab.perft(s, 1)).toBe(ab.legal(s).moves.length);
    expect(ab.perft(s, 1)).not.toBe(44);
  });
});
