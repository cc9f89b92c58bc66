/**
 * The trace replay must catch what it is there to catch: a test of the test helper.
 */
import { describe, expect, it } from "vitest";
import type { TraceStep } from "../../../src/games/core/types.js";
import { nextPit, replayTrace, type Pits } from "./helpers.js";

const row = (n: number): number[] => new Array<number>(8).fill(n);
const board = (): Pits => ({
  A: row(2),
  B: [0, 2, 0, 0, 0, 0, 0, 0],
  C: [0, 0, 0, 3, 0, 0, 0, 0],
  D: [3, 3, 3, 3, 4, 4, 4, 3],
});
const good: TraceStep[] = [
  { op: "lift", pit: "B2", n: 2 },
  { op: "sow", pit: "B3" },
  { op: "sow", pit: "B4" },
  { op: "capture", pit: "C4", n: 3 },
  { op: "lift", pit: "B4", n: 1 },
  { op: "sow", pit: "B5" },
  { op: "sow", pit: "B6" },
  { op: "sow", pit: "B7" },
  { op: "sow", pit: "B8" },
];

describe("replayTrace (test helper)", () => {
  it("circuits: South + B8→A8, A1→B1; North + D8→C8, C1→D1; - reverses", () => {
    expect(nextPit("B8", "+")).toBe("A8");
    expect(nextPit("A1", "+")).toBe("B1");
    expect(nextPit("B1", "-")).toBe("A1");
    expect(nextPit("D8", "+")).toBe("C8");
    expect(nextPit("C1", "+")).toBe("D1");
    expect(nextPit("D1", "-")).toBe("C1");
    expect(nextPit("C8", "-")).toBe("D8");
  });

  it("replays a good trace", () => {
    const r = replayTrace(board(), good, "S", "B2", "+");
    expect(r.pits.B).toEqual([0, 0, 1, 0, 1, 1, 1, 1]);
    expect(r.pits.C).toEqual(row(0));
    expect(r.stages).toBe(2);
    expect(r.captures).toBe(1);
  });

  it("rejects a skipped pit, a wrong count, a wrong direction, stones left in hand", () => {
    const bad: TraceStep[][] = [
      good.filter((_, i) => i !== 6), // B6 skipped (and a stone left in hand)
      good.map((s, i) => (i === 0 ? { op: "lift", pit: "B2", n: 3 } : s)),
      good.map((s, i) => (i === 3 ? { op: "capture", pit: "C4", n: 2 } : s)),
      good.slice(0, 8),
      [
        { op: "lift", pit: "B2", n: 2 },
        { op: "sow", pit: "B1" },
        { op: "sow", pit: "A1" },
      ],
    ];
    for (const t of bad) expect(() => replayTrace(board(), t, "S", "B2", "+")).toThrow();
    expect(() => replayTrace(board(), good, "N", "B2", "+")).toThrow();
  });
});
