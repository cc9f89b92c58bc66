/**
 * Abalone's rules one by one (abalone.md AB-1…AB-7 and its binding
 * Clarifications), each expectation worked out by hand from the rules on a
 * small board: holes by row letter and diagonal number, where `E5`'s six
 * neighbours are `E4`, `E6` (its row), `D5`, `F5` (its diagonal), `D4` and `F6`.
 */
import { V_DEFAULTS } from "../../oracle/abalone-variants-oracle.js";
import { describe, expect, it } from "vitest";
import type { MarbleStep } from "../../../src/games/core/types.js";
import type { AbalonePosition } from "../../../src/games/abalone/index.js";
import { STARTS, ab, at, cellsOf, jsonOf, moveNames, start } from "./helpers.js";

function play(p: AbalonePosition, move: string): AbalonePosition {
  const r = ab.apply(p, move);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
}

function refusal(p: AbalonePosition, move: string): { code: string; rule?: string } {
  const r = ab.apply(p, move);
  if (r.ok) throw new Error(`${move} was played`);
  return { code: r.error.code, rule: r.error.rule };
}

function marbles(p: AbalonePosition): { b: string; w: string } {
  const cells = jsonOf(p).cells;
  const of = (c: string) =>
    Object.keys(cells)
      .filter((h) => cells[h] === c)
      .join(" ");
  return { b: of("b"), w: of("w") };
}

function steps(p: AbalonePosition, move: string): readonly MarbleStep[] {
  return ab.protocolTrace(p, move);
}

/** Hole steps written `E4 b→e, E6 w→b`: a hole, its colour before and after. */
const holes = (text: string): MarbleStep[] =>
  text.split(", ").map((h) => {
    const [cell, change] = h.split(" ");
    const [from, to] = (change as string).split("→");
    return hole(cell as string, from as string, to as string);
  });

const hole = (cell: string, from: string, to: string): MarbleStep => ({
  op: "hole",
  cell,
  from,
  to,
});

describe("AB-1 setup", () => {
  it.each(Object.keys(STARTS))("AB-1: the %s start holds the marbles the rules list", (name) => {
    const p = start({ start: name });
    const listed = STARTS[name]!;
    expect(jsonOf(p).cells).toEqual(cellsOf(listed.b, listed.w));
    expect(Object.keys(jsonOf(p).cells)).toHaveLength(28);
    expect(p.toMove).toBe("b");
    expect(jsonOf(p)).toMatchObject({ off: { b: 0, w: 0 }, moveCount: 0, noPushCount: 0 });
  });

  it("AB-1: standard is the default and every option is written with its value", () => {
    // the defaults as the independent oracle writes them from docs/rules/README.md
    expect(jsonOf(start()).options).toEqual(V_DEFAULTS);
  });

  it("AB-1: Black moves first; after a move White is to move", () => {
    const p = play(start(), "C3D3");
    expect(p.toMove).toBe("w");
    expect(moveNames(p).every((m) => jsonOf(p).cells[m.slice(0, 2)] === "w")).toBe(true);
  });
});

describe("AB-2 what moves, and the notation", () => {
  it("AB-2: A1B2 moves the trailing marble and every own marble ahead of it (A1 B2 C3 into B2 C3 D4)", () => {
    const r = ab.apply(start(), "A1B2");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(jsonOf(r.value.position).cells.A1).toBeUndefined();
    expect(jsonOf(r.value.position).cells.D4).toBe("b");
    expect(steps(start(), "A1B2")).toEqual(holes("A1 b→e, D4 e→b"));
  });

  it("AB-2: a single marble is written as its hole and where it goes (C3D3)", () => {
    const p = play(start(), "C3D3");
    expect(marbles(p).b).toContain("D3");
    expect(marbles(p).b).not.toContain("C3");
  });

  it("AB-2: a line of four never moves as a whole, but two or three of it may", () => {
    const p = at("E1 E2 E3 E4", "I9");
    expect(refusal(p, "E1E2")).toEqual({ code: "illegal-move", rule: "AB-2" });
    expect(marbles(play(p, "E2E3")).b).toBe("E1 E3 E4 E5");
    expect(marbles(play(p, "E1E3F2")).b).toBe("E4 F2 F3 F4");
    expect(moveNames(p)).not.toContain("E1E2");
    expect(moveNames(p)).toContain("E2E3");
  });

  it("AB-2: a hole without an own marble moves nothing", () => {
    expect(refusal(start(), "D3E3")).toEqual({ code: "illegal-move", rule: "AB-2" });
    expect(refusal(start(), "I5H5")).toEqual({ code: "illegal-move", rule: "AB-2" });
  });

  it("notation: broadside ends in ascending order and the first end's destination (C3C5D3, C3C4D4, B2D4B3)", () => {
    expect(marbles(play(start(), "C3C5D3")).b).toContain("D3 D4 D5");
    expect(marbles(play(start(), "C3C4D4")).b).toContain("D4 D5");
    const p = at("B2 C3 D4", "I9");
    expect(marbles(play(p, "B2D4B3")).b).toBe("B3 C4 D5");
    expect(steps(p, "B2D4B3")).toEqual(holes("B2 b→e, B3 e→b, C3 b→e, C4 e→b, D4 b→e, D5 e→b"));
  });

  it("notation: C5C3D5, a last-end destination, lower case and other spellings are refused", () => {
    for (const move of [
      "C5C3D5",
      "C3C5D5",
      "c3d3",
      "C3 D3",
      "C3-D3",
      "C3C3D3",
      "C3",
      "C3D3D4E4",
      "A6B6",
      "C3E3",
    ]) {
      expect(ab.apply(start(), move).ok, move).toBe(false);
    }
    expect(refusal(start(), "C5C3D5").rule).toBe("AB-2");
    // Along its own line a group moves inline, written by its trailing marble.
    expect(refusal(start(), "C3C5C6").rule).toBe("AB-2");
    expect(ab.normaliseMove(" c3 c5d3 ")).toBe("C3C5D3");
  });
});

describe("AB-3 inline", () => {
  it("AB-3: into an empty hole, the trailing hole empties and the hole ahead of the leader fills", () => {
    const p = at("E5 E6", "I9");
    expect(marbles(play(p, "E5E6")).b).toBe("E6 E7");
    expect(steps(p, "E5E6")).toEqual(holes("E5 b→e, E7 e→b"));
  });

  it("AB-3: an own marble never leaves the board (A4A5 with A5 at the edge)", () => {
    const p = at("A4 A5", "I9");
    expect(refusal(p, "A4A5")).toEqual({ code: "illegal-move", rule: "AB-3" });
    expect(moveNames(p)).not.toContain("A4A5");
  });
});

describe("AB-4 broadside", () => {
  it("AB-4: every destination must be empty: an opponent or own marble in one blocks, and it never pushes", () => {
    expect(refusal(at("E5 E6", "F5"), "E5E6F5")).toEqual({ code: "illegal-move", rule: "AB-4" });
    expect(refusal(at("E5 E6 F6", "I9"), "E5E6F5")).toEqual({ code: "illegal-move", rule: "AB-4" });
    expect(marbles(play(at("E5 E6", "I9"), "E5E6F5")).b).toBe("F5 F6");
  });

  it("AB-4: every destination must be on the board (H8H9I9: H9 would leave it)", () => {
    expect(refusal(at("H8 H9", "A1"), "H8H9I9")).toEqual({ code: "illegal-move", rule: "AB-4" });
  });
});

describe("AB-5 sumito", () => {
  it("AB-5: 2 v 1 pushes the opponent marble one hole on", () => {
    const p = at("E4 E5", "E6");
    const after = play(p, "E4E5");
    expect(marbles(after)).toEqual({ b: "E5 E6", w: "E7" });
    expect(steps(p, "E4E5")).toEqual(holes("E4 b→e, E6 w→b, E7 e→w"));
  });

  it("AB-5: 3 v 1 and 3 v 2 push; the whole opponent line moves", () => {
    expect(marbles(play(at("E3 E4 E5", "E6"), "E3E4"))).toEqual({ b: "E4 E5 E6", w: "E7" });
    const p = at("E3 E4 E5", "E6 E7");
    expect(marbles(play(p, "E3E4"))).toEqual({ b: "E4 E5 E6", w: "E7 E8" });
    expect(steps(p, "E3E4")).toEqual(holes("E3 b→e, E6 w→b, E8 e→w"));
  });

  it("AB-5: along the other axes too (C3 D4 pushes E5 to F6; D5 E5 F5 push G5 H5 to H5 I5)", () => {
    expect(marbles(play(at("C3 D4", "E5"), "C3D4"))).toEqual({ b: "D4 E5", w: "F6" });
    expect(marbles(play(at("D5 E5 F5", "G5 H5"), "D5E5"))).toEqual({ b: "E5 F5 G5", w: "H5 I5" });
  });

  it("AB-5: no push without outnumbering (1 v 1, 2 v 2, 3 v 3), and one marble never pushes", () => {
    expect(refusal(at("E5", "E6"), "E5E6")).toEqual({ code: "illegal-move", rule: "AB-5" });
    expect(refusal(at("E4 E5", "E6 E7"), "E4E5")).toEqual({ code: "illegal-move", rule: "AB-5" });
    expect(refusal(at("E2 E3 E4", "E5 E6 E7"), "E2E3")).toEqual({
      code: "illegal-move",
      rule: "AB-5",
    });
    expect(refusal(at("E3 E4 E5", "E6 E7 E8"), "E3E4").rule).toBe("AB-5");
  });

  it("AB-5: an own marble behind the opponent's line blocks the push", () => {
    expect(refusal(at("E3 E4 E5 E7", "E6"), "E3E4")).toEqual({
      code: "illegal-move",
      rule: "AB-5",
    });
    expect(refusal(at("E4 E5 E8", "E6 E7"), "E4E5").rule).toBe("AB-5");
    expect(moveNames(at("E3 E4 E5 E7", "E6"))).not.toContain("E3E4");
  });

  it("AB-5: pushed over the edge a marble leaves the game: 2 v 1 at E9", () => {
    const p = at("E7 E8", "E9 A1");
    const r = ab.apply(p, "E7E8");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(marbles(r.value.position)).toEqual({ b: "E8 E9", w: "A1" });
    expect(jsonOf(r.value.position).off).toEqual({ b: 0, w: 1 });
    expect(steps(p, "E7E8")).toEqual([
      { op: "off", cell: "E9", colour: "w" },
      hole("E7", "b", "e"),
      hole("E9", "w", "b"),
    ]);
  });

  it("AB-5: the protocol's example, E5E6 (black E5 E6 E7 push white E8 E9 off the east edge)", () => {
    const p = at("E5 E6 E7", "E8 E9 A1");
    expect(steps(p, "E5E6")).toEqual([
      { op: "off", cell: "E9", colour: "w" },
      hole("E5", "b", "e"),
      hole("E8", "w", "b"),
    ]);
    expect(marbles(play(p, "E5E6"))).toEqual({ b: "E6 E7 E8", w: "A1 E9" });
  });

  it("AB-5: White pushes off over Black's edge: C1 B1 push A1 off", () => {
    // White on C1 and B1 (diagonal 1, moving down toward row A) push black A1 off.
    const p = at("A1 E5", "C1 B1", { toMove: "w" });
    const after = play(p, "C1B1");
    expect(marbles(after)).toEqual({ b: "E5", w: "A1 B1" });
    expect(jsonOf(after).off).toEqual({ b: 1, w: 0 });
    expect(steps(p, "C1B1")).toEqual([
      { op: "off", cell: "A1", colour: "b" },
      hole("A1", "b", "w"),
      hole("C1", "w", "e"),
    ]);
  });
});

describe("AB-6 end", () => {
  it("AB-6: the sixth push-off wins, and the game is then over", () => {
    const p = at("E7 E8", "E9 A1 A2 A3 A4 A5 B1 B2", { off: { b: 0, w: 5 } });
    const after = play(p, "E7E8");
    expect(ab.outcome(after)).toMatchObject({ winner: "b", score: { b: 6, w: 0 } });
    expect(ab.outcome(after)?.reason).toMatch(/AB-6/);
    expect(ab.legal(after).moves).toEqual([]);
    expect(ab.apply(after, "A1A2")).toMatchObject({ ok: false, error: { code: "game-over" } });
    expect(ab.perft(after, 3)).toBe(1);
  });

  it("AB-6: a player to move with no legal move loses", () => {
    // Black's only marble, A1, is hemmed in by A2, B1, B2 and one marble never pushes.
    const p = at("A1", "A2 B1 B2 I9 I8 I7 I6 I5");
    expect(ab.legal(p).moves).toEqual([]);
    expect(ab.outcome(p)).toMatchObject({ winner: "w", score: { b: 0, w: 0 } });
    expect(ab.outcome(p)?.reason).toMatch(/AB-6/);
    expect(ab.perft(p, 2)).toBe(1);
    // With White to move the game goes on.
    expect(ab.outcome(at("A1", "A2 B1 B2 I9 I8 I7 I6 I5", { toMove: "w" }))).toBeNull();
  });

  it("outcome: score is the opposing marbles each side pushed off, {b: off.w, w: off.b}", () => {
    const p = at("A1 A2 A3 A4 A5 B1 B2 B3 B4 B5", "I5 I6 I7 I8 I9 H4 H5 H6 H7 H8", {
      off: { b: 4, w: 3 },
      moveCount: 30,
      options: { moveLimit: 15 },
    });
    expect(ab.outcome(p)).toMatchObject({ winner: "w", score: { b: 3, w: 4 } });
  });
});

describe("AB-7 options", () => {
  it("AB-7 moveLimit: after N moves each the game ends; with no push-off it is a draw", () => {
    const s = start({ moveLimit: 1 });
    expect(ab.perft(s, 1)).toBe(44);
    // Every position two plies down is over, so it is a leaf however deep perft looks.
    expect(ab.perft(s, 2)).toBe(1936);
    expect(ab.perft(s, 3)).toBe(1936);
    const p = play(play(s, "C3D3"), "G5F5");
    expect(jsonOf(p).moveCount).toBe(2);
    expect(ab.outcome(p)).toMatchObject({ winner: null, score: { b: 0, w: 0 } });
    expect(ab.outcome(p)?.reason).toMatch(/AB-7/);
    expect(ab.outcome(play(s, "C3D3"))).toBeNull();
  });

  it("AB-7 moveLimit: more push-offs wins when the limit is reached", () => {
    const p = at("E7 E8 A1 A2 A3 A4 A5 B1", "E9 I5 I6 I7 I8 I9 H4 H5", {
      moveCount: 3,
      noPushCount: 3,
      options: { moveLimit: 2 },
    });
    const after = play(p, "E7E8");
    expect(ab.outcome(after)).toMatchObject({ winner: "b", score: { b: 1, w: 0 } });
    expect(ab.outcome(after)?.reason).toMatch(/AB-7/);
  });

  it("AB-7 noPushLimit: moves without a push-off are counted, a push-off starts the count again", () => {
    const p = at("E7 E8 A1 A2 A3 A4 A5 B1", "E9 I5 I6 I7 I8 I9 H4 H5", {
      moveCount: 7,
      noPushCount: 5,
      options: { noPushLimit: 10 },
    });
    expect(jsonOf(play(p, "B1C1")).noPushCount).toBe(6);
    expect(jsonOf(play(p, "B1C1")).moveCount).toBe(8);
    expect(jsonOf(play(p, "E7E8")).noPushCount).toBe(0);
    expect(jsonOf(play(p, "E7E8")).moveCount).toBe(8);
  });

  it("AB-7 noPushLimit: L moves in a row without a push-off end it; more marbles on E1…E9 wins", () => {
    const opts = { options: { noPushLimit: 1 } };
    // Black A1 to B1 pushes nothing: Black then holds E1 and E2, White E9 only.
    const p = play(at("E1 E2 A1 A2 A3 A4 A5 B2", "E9 I5 I6 I7 I8 I9 H4 H5", opts), "A1B1");
    expect(ab.outcome(p)).toMatchObject({ winner: "b", score: { b: 0, w: 0 } });
    expect(ab.outcome(p)?.reason).toMatch(/AB-7/);
    const equal = play(at("E1 A1 A2 A3 A4 A5 B2 B3", "E9 I5 I6 I7 I8 I9 H4 H5", opts), "A1B1");
    expect(ab.outcome(equal)?.winner).toBeNull();
    // A push-off ends no count: the limit is not reached by it.
    const push = play(at("E7 E8 A1 A2 A3 A4 A5 B1", "E9 I5 I6 I7 I8 I9 H4 H5", opts), "E7E8");
    expect(ab.outcome(push)).toBeNull();
  });

  it("AB-7: six off is judged before moveLimit, and moveLimit before noPushLimit", () => {
    const sixth = play(
      at("E7 E8 A1 A2 A3 A4 A5 B1", "E9 I5 I6 I7 I8 I9 H4 H5", {
        off: { b: 0, w: 5 },
        moveCount: 9,
        noPushCount: 2,
        options: { moveLimit: 5, noPushLimit: 3 },
      }),
      "E7E8",
    );
    expect(ab.outcome(sixth)?.reason).toMatch(/AB-6/);
    const both = at("E1 A1 A2 A3 A4 A5 B2 B3", "I5 I6 I7 I8 I9 H4 H5 H6", {
      moveCount: 10,
      noPushCount: 10,
      off: { b: 1, w: 0 },
      options: { moveLimit: 5, noPushLimit: 10 },
    });
    // By moveLimit White leads (1 pushed off to 0); by noPushLimit Black would (E1).
    expect(ab.outcome(both)).toMatchObject({ winner: "w" });
    expect(ab.outcome(both)?.reason).toMatch(/move limit/);
  });

  it("AB-7 handicap leaveOut: the holes named are empty from the start, counted as neither on the board nor off", () => {
    const p = start({ leaveOut: ["I9", "A1", "A5"] });
    expect(jsonOf(p).options.leaveOut).toEqual(["A1", "A5", "I9"]);
    expect(jsonOf(p).cells.A1).toBeUndefined();
    expect(jsonOf(p).cells.I9).toBeUndefined();
    expect(Object.keys(jsonOf(p).cells)).toHaveLength(25);
    expect(jsonOf(p).off).toEqual({ b: 0, w: 0 });
    expect(ab.parsePosition(jsonOf(p)).ok).toBe(true);
    expect(ab.initial({ leaveOut: ["E5"] })).toMatchObject({
      ok: false,
      error: { code: "bad-option", rule: "AB-7" },
    });
    expect(ab.initial({ leaveOut: ["A1", "A1"] }).ok).toBe(false);
    expect(ab.initial({ leaveOut: "A1" }).ok).toBe(false);
    expect(ab.initial({ start: "belgian-daisy", leaveOut: ["A4"] }).ok).toBe(true);
    expect(ab.initial({ start: "german-daisy", leaveOut: ["A4"] }).ok).toBe(false);
  });

  it("AB-7 handicap pushOffsToWin: a side wins at its own target", () => {
    const p = at("E7 E8 A1 A2 A3 A4 A5 B1", "E9 I5 I6 I7 I8 I9 H4 H5", {
      off: { b: 0, w: 1 },
      options: { pushOffsToWin: { b: 2, w: 6 } },
    });
    const after = play(p, "E7E8");
    expect(ab.outcome(after)).toMatchObject({ winner: "b", score: { b: 2, w: 0 } });
    expect(ab.outcome(p)).toBeNull();
    for (const bad of [
      { b: 0, w: 6 },
      { b: 7, w: 6 },
      { b: 6 },
      { b: 6, w: 6, x: 1 },
      [6, 6],
      { b: 1.5, w: 6 },
    ]) {
      expect(ab.initial({ pushOffsToWin: bad }).ok, JSON.stringify(bad)).toBe(false);
    }
  });
});
