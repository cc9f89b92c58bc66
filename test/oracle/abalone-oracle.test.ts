// Hand-checked tests of the Abalone oracle itself (test/oracle/abalone-oracle.ts). Every
// expected move list, board and trace below was worked out by hand from
// docs/rules/abalone.md and the Abalone section of docs/spec/engine-protocol.md.

import { describe, expect, test } from "vitest";
import {
  DEFAULT_OPTIONS,
  HOLES,
  STARTS,
  abApply,
  abInitial,
  abLegal,
  abNormal,
  abOutcome,
  abParse,
  abPerft,
  abStartCells,
  neighbour,
  DIRECTIONS,
  type AbMove,
  type AbOptions,
  type AbPosition,
  type Colour,
} from "./abalone-oracle.js";

interface Spec {
  b?: string;
  w?: string;
  toMove?: Colour;
  off?: { b: number; w: number };
  moveCount?: number;
  noPushCount?: number;
  options?: Partial<AbOptions>;
}

function list(s: string | undefined): string[] {
  return s === undefined || s.trim() === "" ? [] : s.trim().split(/\s+/);
}

/**
 * A position with just these marbles on the board; the rest of each colour's 14 are
 * pushed off (`off`) or left out (the first holes of the start's marbles of that colour).
 */
function pos(spec: Spec): AbPosition {
  const options: AbOptions = { ...DEFAULT_OPTIONS, ...spec.options };
  const cells: Record<string, Colour> = {};
  for (const h of list(spec.b)) cells[h] = "b";
  for (const h of list(spec.w)) cells[h] = "w";
  const off = spec.off ?? { b: 0, w: 0 };
  if (spec.options?.leaveOut === undefined) {
    const start = abStartCells(options.start);
    const nb = 14 - list(spec.b).length - off.b;
    const nw = 14 - list(spec.w).length - off.w;
    options.leaveOut = [...start.b.slice(0, nb), ...start.w.slice(0, nw)].sort();
  }
  return abNormal({
    game: "abalone",
    options,
    toMove: spec.toMove ?? "b",
    cells,
    off,
    moveCount: spec.moveCount ?? 0,
    noPushCount: spec.noPushCount ?? 0,
  });
}

function moves(p: AbPosition): string[] {
  return abLegal(p).map((m) => m.move);
}

function play(p: AbPosition, move: string): AbMove {
  const m = abLegal(p).find((x) => x.move === move);
  if (m === undefined) throw new Error(`${move} is not listed: ${moves(p).join(" ")}`);
  return m;
}

/** The board as two sorted lists: "b: … / w: …". */
function board(p: AbPosition): string {
  const of = (c: Colour) =>
    Object.keys(p.cells)
      .filter((h) => p.cells[h] === c)
      .sort()
      .join(" ");
  return `b: ${of("b")} / w: ${of("w")}`;
}

describe("the board", () => {
  test("61 holes, rows of 5 6 7 8 9 8 7 6 5, A1 at the lower left, I9 upper right", () => {
    expect(HOLES).toHaveLength(61);
    const rows = "ABCDEFGHI".split("").map((r) => HOLES.filter((h) => h[0] === r));
    expect(rows.map((r) => r.length)).toEqual([5, 6, 7, 8, 9, 8, 7, 6, 5]);
    expect(rows[0]).toEqual(["A1", "A2", "A3", "A4", "A5"]);
    expect(rows[4]?.[0]).toBe("E1");
    expect(rows[4]?.[8]).toBe("E9");
    expect(rows[8]).toEqual(["I5", "I6", "I7", "I8", "I9"]);
  });

  test("six directions along three lines: E5 has six neighbours, corners three", () => {
    const around = (h: string) =>
      DIRECTIONS.map((d) => neighbour(h, d))
        .filter((x): x is string => x !== null)
        .sort();
    expect(around("E5")).toEqual(["D4", "D5", "E4", "E6", "F5", "F6"]);
    expect(around("A1")).toEqual(["A2", "B1", "B2"]);
    expect(around("A5")).toEqual(["A4", "B5", "B6"]);
    expect(around("E9")).toEqual(["D8", "E8", "F9"]);
    expect(around("I9")).toEqual(["H8", "H9", "I8"]);
    expect(around("I5")).toEqual(["H4", "H5", "I6"]);
    expect(around("E1")).toEqual(["D1", "E2", "F2"]); // row F is F2…F9
  });
});

describe("AB-1: setup", () => {
  test("AB-1 standard (default): Black A1-A5 B1-B6 C3-C5, White I5-I9 H4-H9 G5-G7, Black to move", () => {
    const p = abInitial();
    expect(board(p)).toBe(
      "b: A1 A2 A3 A4 A5 B1 B2 B3 B4 B5 B6 C3 C4 C5 / w: G5 G6 G7 H4 H5 H6 H7 H8 H9 I5 I6 I7 I8 I9",
    );
    expect(p).toEqual({
      game: "abalone",
      options: {
        start: "standard",
        leaveOut: [],
        pushOffsToWin: { b: 6, w: 6 },
        moveLimit: null,
        noPushLimit: null,
        teams: null,
        singleColour: false,
        seed: null,
        obstacles: [],
        traps: [],
        neutral: null,
        neutralOff: "forbidden",
        shapes: false,
      },
      toMove: "b",
      cells: p.cells,
      off: { b: 0, w: 0 },
      moveCount: 0,
      noPushCount: 0,
    });
    expect(abOutcome(p)).toBeNull();
  });

  test("AB-1 belgian-daisy and german-daisy", () => {
    expect(board(abInitial({ start: "belgian-daisy" }))).toBe(
      "b: A1 A2 B1 B2 B3 C2 C3 G7 G8 H7 H8 H9 I8 I9 / w: A4 A5 B4 B5 B6 C5 C6 G4 G5 H4 H5 H6 I5 I6",
    );
    expect(board(abInitial({ start: "german-daisy" }))).toBe(
      "b: B1 B2 C1 C2 C3 D2 D3 F7 F8 G7 G8 G9 H8 H9 / w: B5 B6 C5 C6 C7 D6 D7 F3 F4 G3 G4 G5 H4 H5",
    );
    for (const start of STARTS) expect(abInitial({ start }).toMove).toBe("b");
  });

  test("AB-1 perft from the standard start is the rules' 44 · 1,936 · 98,912", () => {
    const p = abInitial();
    expect([1, 2, 3].map((d) => abPerft(p, d))).toEqual([44, 1936, 98912]);
  });

  test("AB-1 perft from the daisies (computed by this oracle)", () => {
    expect([1, 2].map((d) => abPerft(abInitial({ start: "belgian-daisy" }), d))).toEqual([
      52, 2692,
    ]);
    expect([1, 2].map((d) => abPerft(abInitial({ start: "german-daisy" }), d))).toEqual([80, 6244]);
  });

  test("AB-1 the standard start's 44 moves, in code-point order", () => {
    // Checked by eye against the start: ten single steps of row A, the B and C rows'
    // steps, pushes-free inline groups and broadsides; 44 is the rules' perft 1.
    expect(moves(abInitial()).join(" ")).toBe(
      "A1B1 A1B2 A2B2 A2B3 A3B3 A3B4 A4B4 A4B5 A5B5 A5B6 B1B2C1 B1C1 B1C2 B2C2 B2C3 B2C3C2 " +
        "B3C3 B3C4 B4C4 B4C5 B5B6C6 B5C5 B5C5C6 B5C6 B6C6 B6C7 C3C2 C3C4 C3C4D3 C3C4D4 " +
        "C3C5D3 C3C5D4 C3D3 C3D4 C4C3 C4C5 C4C5D4 C4C5D5 C4D4 C4D5 C5C4 C5C6 C5D5 C5D6",
    );
  });
});

describe("AB-2: what moves", () => {
  test("AB-2 a lone marble steps to each of its six neighbours", () => {
    expect(moves(pos({ b: "E5", w: "I9" }))).toEqual([
      "E5D4",
      "E5D5",
      "E5E4",
      "E5E6",
      "E5F5",
      "E5F6",
    ]);
  });

  test("AB-2 two marbles on the edge: the full list in code-point order", () => {
    expect(moves(pos({ b: "A1 A2", w: "I9" }))).toEqual([
      "A1A2",
      "A1A2B1",
      "A1A2B2",
      "A1B1",
      "A1B2",
      "A2A3",
      "A2B2",
      "A2B3",
    ]);
  });

  test("AB-2 a line of four never moves as a whole; three or fewer of it may", () => {
    const p = pos({ b: "C1 C2 C3 C4", w: "I9" });
    const ms = moves(p);
    expect(ms).not.toContain("C1C2"); // the group C1-C4 is four
    expect(ms).not.toContain("C4C3");
    expect(ms).not.toContain("C1C4D1");
    expect(board(play(p, "C2C3").position)).toBe("b: C1 C3 C4 C5 / w: I9");
    expect(board(play(p, "C4C5").position)).toBe("b: C1 C2 C3 C5 / w: I9");
    expect(board(play(p, "C1C3D1").position)).toBe("b: C4 D1 D2 D3 / w: I9");
    expect(board(play(p, "C2C4D3").position)).toBe("b: C1 D3 D4 D5 / w: I9");
    for (const m of abLegal(p)) {
      expect(m.trace.filter((s) => s.op === "hole" && s.to === "e").length).toBeLessThanOrEqual(3);
    }
  });
});

describe("AB-3: inline", () => {
  test("AB-3 the hole ahead of the leader must exist: an own marble never leaves the board", () => {
    const ms = moves(pos({ b: "A1 A2 A3", w: "I9" }));
    expect(ms).not.toContain("A3A2"); // A3 A2 A1 west: beyond A1 is the edge
    expect(ms).not.toContain("A2A1");
    expect(ms).toContain("A1A2"); // A1 A2 A3 east to A4
    expect(ms.filter((m) => m.startsWith("A1") && m.length === 4)).toEqual([
      "A1A2",
      "A1B1",
      "A1B2",
    ]);
  });

  test("AB-3 inline without a push: trailing hole own→e, the hole ahead e→own", () => {
    const m = play(pos({ b: "E3 E4", w: "I9" }), "E3E4");
    expect(board(m.position)).toBe("b: E4 E5 / w: I9");
    expect(m.trace).toEqual([
      { op: "hole", cell: "E3", from: "b", to: "e" },
      { op: "hole", cell: "E5", from: "e", to: "b" },
    ]);
  });

  test("AB-3 the notation: A1B2 names the trailing marble and the hole it moves to; the group is every own marble ahead", () => {
    const m = play(pos({ b: "A1 B2 C3", w: "I9" }), "A1B2");
    expect(board(m.position)).toBe("b: B2 C3 D4 / w: I9");
    expect(m.trace).toEqual([
      { op: "hole", cell: "A1", from: "b", to: "e" },
      { op: "hole", cell: "D4", from: "e", to: "b" },
    ]);
  });
});

describe("AB-4: broadside", () => {
  test("AB-4 every destination must be empty (either colour blocks); no pushing", () => {
    const ms = moves(pos({ b: "C3 C4 C5", w: "D4 I9" }));
    for (const blocked of ["C3C5D3", "C3C5D4", "C3C4D3", "C3C4D4", "C4C5D4"])
      expect(ms).not.toContain(blocked);
    for (const free of ["C3C5B3", "C3C5B2", "C4C5D5", "C3C4B3", "C3C4B2"])
      expect(ms).toContain(free);
    const own = moves(pos({ b: "C3 C4 C5 D5", w: "I9" }));
    expect(own).not.toContain("C3C5D3"); // D5 own
    expect(own).toContain("C3C4D3");
  });

  test("AB-4 the rules' spellings C3C5D3, C3C4D4, B2D4B3 and their traces", () => {
    const a = play(pos({ b: "C3 C4 C5", w: "I9" }), "C3C5D3");
    expect(board(a.position)).toBe("b: D3 D4 D5 / w: I9");
    expect(a.trace).toEqual([
      { op: "hole", cell: "C3", from: "b", to: "e" },
      { op: "hole", cell: "C4", from: "b", to: "e" },
      { op: "hole", cell: "C5", from: "b", to: "e" },
      { op: "hole", cell: "D3", from: "e", to: "b" },
      { op: "hole", cell: "D4", from: "e", to: "b" },
      { op: "hole", cell: "D5", from: "e", to: "b" },
    ]);
    expect(board(play(pos({ b: "C3 C4", w: "I9" }), "C3C4D4").position)).toBe("b: D4 D5 / w: I9");
    expect(board(play(pos({ b: "B2 C3 D4", w: "I9" }), "B2D4B3").position)).toBe(
      "b: B3 C4 D5 / w: I9",
    );
  });

  test("AB-4 only the ascending spelling with the first end's destination is a move", () => {
    const p = pos({ b: "C3 C4 C5", w: "I9" });
    expect(abApply(p, "C3C5D3").ok).toBe(true);
    expect(abApply(p, "C5C3D5").ok).toBe(false);
    expect(abApply(p, "C3C5D5").ok).toBe(false); // the last end's destination
    expect(abApply(p, "c3c5d3").ok).toBe(false);
  });
});

describe("AB-5: sumito", () => {
  test("AB-5 2 v 1 into an empty hole: trailing own→e, first pushed opp→own, behind e→opp", () => {
    const m = play(pos({ b: "E3 E4", w: "E5" }), "E3E4");
    expect(board(m.position)).toBe("b: E4 E5 / w: E6");
    expect(m.trace).toEqual([
      { op: "hole", cell: "E3", from: "b", to: "e" },
      { op: "hole", cell: "E5", from: "w", to: "b" },
      { op: "hole", cell: "E6", from: "e", to: "w" },
    ]);
    expect(m.position.off).toEqual({ b: 0, w: 0 });
  });

  test("AB-5 3 v 1 and 3 v 2 push; 1 v 1, 2 v 2, 3 v 3 do not", () => {
    expect(board(play(pos({ b: "E2 E3 E4", w: "E5" }), "E2E3").position)).toBe(
      "b: E3 E4 E5 / w: E6",
    );
    expect(board(play(pos({ b: "E2 E3 E4", w: "E5 E6" }), "E2E3").position)).toBe(
      "b: E3 E4 E5 / w: E6 E7",
    );
    expect(moves(pos({ b: "E4", w: "E5" }))).not.toContain("E4E5");
    expect(moves(pos({ b: "E3 E4", w: "E5 E6" }))).not.toContain("E3E4");
    expect(moves(pos({ b: "E2 E3 E4", w: "E5 E6 E7" }))).not.toContain("E2E3");
  });

  test("AB-5 an own marble behind the pushed line blocks; a gap then own does not", () => {
    expect(moves(pos({ b: "E3 E4 E6", w: "E5" }))).not.toContain("E3E4");
    expect(moves(pos({ b: "E2 E3 E4 E7", w: "E5 E6" }))).not.toContain("E2E3");
    expect(board(play(pos({ b: "E3 E4 E7", w: "E5" }), "E3E4").position)).toBe(
      "b: E4 E5 E7 / w: E6",
    );
  });

  test("AB-5 the spec's E5E6: 3 v 2 over the east edge (off E9 w, E5 b→e, E8 w→b)", () => {
    const m = play(pos({ b: "E5 E6 E7", w: "E8 E9" }), "E5E6");
    expect(board(m.position)).toBe("b: E6 E7 E8 / w: E9");
    expect(m.trace).toEqual([
      { op: "off", cell: "E9", colour: "w" },
      { op: "hole", cell: "E5", from: "b", to: "e" },
      { op: "hole", cell: "E8", from: "w", to: "b" },
    ]);
    expect(m.position.off).toEqual({ b: 0, w: 1 });
    expect(m.position.noPushCount).toBe(0);
    expect(m.position.moveCount).toBe(1);
    expect(m.position.toMove).toBe("w");
  });

  test("AB-5 2 v 1 off the board along a diagonal, and a push by White", () => {
    const m = play(pos({ b: "G7 H8", w: "I9 A1" }), "G7H8");
    expect(board(m.position)).toBe("b: H8 I9 / w: A1");
    expect(m.trace).toEqual([
      { op: "off", cell: "I9", colour: "w" },
      { op: "hole", cell: "G7", from: "b", to: "e" },
      { op: "hole", cell: "I9", from: "w", to: "b" },
    ]);
    const w = play(pos({ b: "A1 I9", w: "C1 B1", toMove: "w" }), "C1B1");
    expect(board(w.position)).toBe("b: I9 / w: A1 B1");
    expect(w.position.off).toEqual({ b: 1, w: 0 });
    expect(w.trace[0]).toEqual({ op: "off", cell: "A1", colour: "b" });
  });

  test("AB-5 inline only: a broadside never pushes", () => {
    const ms = moves(pos({ b: "C3 C4", w: "D3 I9" }));
    expect(ms).not.toContain("C3C4D3");
    expect(ms).toContain("C3C4D4"); // D4 D5 empty
  });
});

describe("AB-6: the end", () => {
  test("AB-6 pushing the sixth marble off wins; the finished position has no moves", () => {
    const m = play(pos({ b: "E7 E8", w: "E9", off: { b: 2, w: 5 } }), "E7E8");
    expect(m.position.off).toEqual({ b: 2, w: 6 });
    expect(abOutcome(m.position)).toEqual({
      winner: "b",
      rule: "AB-6",
      kind: "push-offs",
      score: { b: 6, w: 2 },
    });
    expect(abLegal(m.position)).toEqual([]);
    expect(abApply(m.position, "A1A2").ok).toBe(false);
    expect(abPerft(m.position, 2)).toBe(1);
  });

  test("AB-6 White with six black marbles off has won, whoever is to move", () => {
    const p = pos({ b: "A1", w: "I9", off: { b: 6, w: 3 }, toMove: "w" });
    expect(abOutcome(p)).toEqual({
      winner: "w",
      rule: "AB-6",
      kind: "push-offs",
      score: { b: 3, w: 6 },
    });
  });

  test("AB-6 a player to move with no legal move loses", () => {
    // A lone black marble in the corner, every neighbour white: one marble never pushes.
    const p = pos({ b: "A1", w: "A2 B1 B2" });
    expect(abLegal(p)).toEqual([]);
    expect(abOutcome(p)).toEqual({
      winner: "w",
      rule: "AB-6",
      kind: "no-move",
      score: { b: 0, w: 0 },
    });
    // White to move in the same position can move.
    expect(abOutcome(pos({ b: "A1", w: "A2 B1 B2", toMove: "w" }))).toBeNull();
    // No black marble on the board at all.
    expect(abOutcome(pos({ b: "", w: "E5", off: { b: 4, w: 0 } }))?.winner).toBe("w");
  });
});

describe("AB-7: options", () => {
  test("AB-7 pushOffsToWin: fewer push-offs needed by the weaker side", () => {
    const options = { pushOffsToWin: { b: 2, w: 6 } };
    const p = pos({ b: "E7 E8", w: "E9", off: { b: 0, w: 1 }, options });
    expect(abOutcome(p)).toBeNull();
    const m = play(p, "E7E8");
    expect(abOutcome(m.position)).toEqual({
      winner: "b",
      rule: "AB-6",
      kind: "push-offs",
      score: { b: 2, w: 0 },
    });
    // White needs six: five black off is not yet the end.
    expect(abOutcome(pos({ b: "E7 E8", w: "E1", off: { b: 5, w: 1 }, options }))).toBeNull();
  });

  test("AB-7 leaveOut: holes of the start emptied; the marbles are neither on the board nor off", () => {
    const p = abInitial({ leaveOut: ["A1", "A5", "B1"] });
    expect(p.cells.A1).toBeUndefined();
    expect(p.cells.B2).toBe("b");
    expect(Object.values(p.cells).filter((c) => c === "b")).toHaveLength(11);
    expect(p.off).toEqual({ b: 0, w: 0 });
    expect(p.options.leaveOut).toEqual(["A1", "A5", "B1"]);
    const daisy = abInitial({ start: "belgian-daisy", leaveOut: ["A4"] });
    expect(Object.values(daisy.cells).filter((c) => c === "w")).toHaveLength(13);
    // A left-out marble may not also be on the board or off: the totals must come to 14.
    const bad = { ...p, cells: { ...p.cells, E5: "b" } };
    expect(abParse(bad).ok).toBe(false);
    expect(abParse({ ...p, off: { b: 1, w: 0 } }).ok).toBe(false);
  });

  test("AB-7 moveLimit N: over after 2N moves; more push-offs wins, equal draws", () => {
    const options = { moveLimit: 2 };
    const p = pos({
      b: "E3 E4",
      w: "E9",
      moveCount: 3,
      noPushCount: 3,
      options,
      off: { b: 0, w: 1 },
    });
    expect(abOutcome(p)).toBeNull();
    const m = play(p, "E3E4");
    expect(m.position.moveCount).toBe(4);
    expect(m.position.noPushCount).toBe(4);
    expect(abOutcome(m.position)).toEqual({
      winner: "b",
      rule: "AB-7",
      kind: "moveLimit",
      score: { b: 1, w: 0 },
    });
    expect(abLegal(m.position)).toEqual([]);
    const even = pos({ b: "E3 E4", w: "E9", moveCount: 4, options, off: { b: 1, w: 1 } });
    expect(abOutcome(even)).toEqual({
      winner: null,
      rule: "AB-7",
      kind: "moveLimit",
      score: { b: 1, w: 1 },
    });
    const white = pos({ b: "E3", w: "E9", moveCount: 9, options, off: { b: 2, w: 1 } });
    expect(abOutcome(white)?.winner).toBe("w");
  });

  test("AB-7 noPushLimit L: over after L moves without a push-off; more marbles on E1-E9 wins", () => {
    const options = { noPushLimit: 3 };
    // A sumito that pushes nothing off still counts as a move without a push-off.
    const p = pos({ b: "E3 E4 A1", w: "E5 E8 I9", moveCount: 7, noPushCount: 2, options });
    expect(abOutcome(p)).toBeNull();
    const m = play(p, "E3E4");
    expect(m.position.noPushCount).toBe(3);
    expect(m.position.moveCount).toBe(8);
    expect(board(m.position)).toBe("b: A1 E4 E5 / w: E6 E8 I9");
    expect(abOutcome(m.position)).toEqual({
      winner: null,
      rule: "AB-7",
      kind: "noPushLimit",
      score: { b: 0, w: 0 },
    });
    const black = play(
      pos({ b: "E3 E4 A1", w: "E8 I9", moveCount: 2, noPushCount: 2, options }),
      "A1B1",
    );
    expect(abOutcome(black.position)?.winner).toBe("b");
    const white = play(
      pos({ b: "A1", w: "E5 E6 I9", moveCount: 2, noPushCount: 2, options }),
      "A1B1",
    );
    expect(abOutcome(white.position)?.winner).toBe("w");
    // A push-off starts the count again.
    const r = play(pos({ b: "E7 E8", w: "E9 A1", noPushCount: 2, moveCount: 2, options }), "E7E8");
    expect(r.position.noPushCount).toBe(0);
    expect(abOutcome(r.position)).toBeNull();
  });

  test("AB-7 order of the checks: six off, then moveLimit, then noPushLimit", () => {
    const both = { moveLimit: 1, noPushLimit: 1 };
    const last = play(
      pos({ b: "E7 E8", w: "E9 A1", off: { b: 0, w: 5 }, moveCount: 1, options: both }),
      "E7E8",
    );
    expect(abOutcome(last.position)?.kind).toBe("push-offs");
    // moveLimit before noPushLimit: row E would favour White, push-offs favour Black.
    const p = pos({
      b: "A1",
      w: "E5 E6",
      off: { b: 0, w: 1 },
      moveCount: 2,
      noPushCount: 2,
      options: both,
    });
    expect(abOutcome(p)).toEqual({
      winner: "b",
      rule: "AB-7",
      kind: "moveLimit",
      score: { b: 1, w: 0 },
    });
    const q = pos({
      b: "A1",
      w: "E5 E6",
      off: { b: 0, w: 1 },
      moveCount: 2,
      noPushCount: 2,
      options: { noPushLimit: 1 },
    });
    expect(abOutcome(q)).toEqual({
      winner: "w",
      rule: "AB-7",
      kind: "noPushLimit",
      score: { b: 1, w: 0 },
    });
  });
});

describe("Clarifications: positions, their JSON form and the invalid ones", () => {
  const valid = (): Record<string, unknown> =>
    JSON.parse(JSON.stringify(abInitial())) as Record<string, unknown>;

  test("missing counters read as 0; the normal form writes both", () => {
    const p = valid();
    delete p.moveCount;
    delete p.noPushCount;
    const parsed = abParse(p);
    expect(parsed.ok && parsed.value.moveCount === 0 && parsed.value.noPushCount === 0).toBe(true);
  });

  test("positions where the game is over are valid", () => {
    expect(abParse(pos({ b: "A1", w: "I9", off: { b: 6, w: 0 } })).ok).toBe(true);
    expect(abParse(pos({ b: "A1", w: "I9", moveCount: 40, options: { moveLimit: 2 } })).ok).toBe(
      true,
    );
  });

  const cases: [string, (p: Record<string, unknown>) => void][] = [
    ["a hole outside the 61 (A6)", (p) => ((p.cells as Record<string, string>).A6 = "b")],
    ["a hole outside the 61 (I4)", (p) => ((p.cells as Record<string, string>).I4 = "w")],
    ["a hole outside the 61 (J1)", (p) => ((p.cells as Record<string, string>).J1 = "w")],
    ["a value other than b/w", (p) => ((p.cells as Record<string, string>).A1 = "e")],
    ["off above 6", (p) => (p.off = { b: 7, w: 0 })],
    ["off negative", (p) => (p.off = { b: -1, w: 0 })],
    ["off not whole", (p) => (p.off = { b: 0.5, w: 0 })],
    ["off missing a colour", (p) => (p.off = { b: 0 })],
    ["off with another key", (p) => (p.off = { b: 0, w: 0, x: 0 })],
    ["marbles + off != 14", (p) => delete (p.cells as Record<string, string>).A1],
    ["toMove not b/w", (p) => (p.toMove = "S")],
    ["a missing option", (p) => delete (p.options as Record<string, unknown>).noPushLimit],
    ["an unknown option", (p) => ((p.options as Record<string, unknown>).clock = 10)],
    ["start not one of the three", (p) => ((p.options as Record<string, unknown>).start = "daisy")],
    ["moveLimit 0", (p) => ((p.options as Record<string, unknown>).moveLimit = 0)],
    ["moveLimit not whole", (p) => ((p.options as Record<string, unknown>).moveLimit = 2.5)],
    ["moveLimit a string", (p) => ((p.options as Record<string, unknown>).moveLimit = "10")],
    ["noPushLimit 0", (p) => ((p.options as Record<string, unknown>).noPushLimit = 0)],
    [
      "pushOffsToWin 0",
      (p) => ((p.options as Record<string, unknown>).pushOffsToWin = { b: 0, w: 6 }),
    ],
    [
      "pushOffsToWin 7",
      (p) => ((p.options as Record<string, unknown>).pushOffsToWin = { b: 6, w: 7 }),
    ],
    [
      "leaveOut an empty hole of the start",
      (p) => ((p.options as Record<string, unknown>).leaveOut = ["E5"]),
    ],
    ["moveCount negative", (p) => (p.moveCount = -1)],
    ["moveCount not whole", (p) => (p.moveCount = 1.5)],
    [
      "noPushCount > moveCount",
      (p) => {
        p.moveCount = 2;
        p.noPushCount = 3;
      },
    ],
  ];
  for (const [name, change] of cases) {
    test(`invalid: ${name}`, () => {
      const p = valid();
      change(p);
      expect(abParse(p).ok).toBe(false);
    });
  }

  test("invalid: six off for both", () => {
    const p = valid();
    const cells: Record<string, string> = {};
    for (const h of "A1 A2 A3 A4 A5 B1 B2 B3".split(" ")) cells[h] = "b";
    for (const h of "I5 I6 I7 I8 I9 H4 H5 H6".split(" ")) cells[h] = "w";
    expect(abParse({ ...p, cells, off: { b: 6, w: 6 } }).ok).toBe(false);
    expect(abParse({ ...p, cells: { ...cells, H7: "w" }, off: { b: 6, w: 5 } }).ok).toBe(true);
  });
});
