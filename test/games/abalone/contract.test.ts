/**
 * The controller-facing members of Abalone's `Game` contract, which no board
 * or controller uses yet (see src/games/abalone/game.ts): what they say must
 * still be true of the rules and the `hex61` readings.
 */
import { describe, expect, it } from "vitest";
import { GEOMETRIES, readingNames, seededRandom } from "../../../src/shared/index.js";
import { ab, at, jsonOf, start } from "./helpers.js";

describe("abalone contract", () => {
  it("layout: the 61 holes of hex61 in name order, owned by neither side, never sown; Black first", () => {
    expect(ab.layout.geometry).toBe("hex61");
    expect(ab.layout.places).toEqual(GEOMETRIES.hex61.cells);
    expect(ab.layout.places).toEqual([...ab.layout.places].sort());
    expect(ab.layout.sides).toEqual(["b", "w"]);
    expect(ab.layout.owners.every((o) => o === null)).toBe(true);
    expect(ab.layout.successors.every((s) => s.length === 0)).toBe(true);
  });

  it("sensorView: one reading per hole and colour, 1 where that colour's marble lies", () => {
    const view = ab.sensorView(start());
    expect(view.geometry).toBe("hex61");
    expect(view.pits).toEqual(readingNames("hex61"));
    const on = view.pits.filter((_, i) => view.counts[i] === 1);
    expect(on).toHaveLength(28);
    expect(on).toContain("A1:b");
    expect(on).toContain("I9:w");
    expect(on).not.toContain("E5:b");
  });

  it("withBoard: readings back into a position; a changed marble total or a hole read twice is refused", () => {
    const p = start();
    const same = ab.withBoard(p, { counts: ab.sensorView(p).counts });
    expect(same.ok && jsonOf(same.value)).toEqual(jsonOf(p));
    const passed = ab.withBoard(p, { toMove: "w" });
    expect(passed.ok && passed.value.toMove).toBe("w");
    const counts = [...ab.sensorView(p).counts];
    counts[readingNames("hex61").indexOf("A1:b")] = 0;
    expect(ab.withBoard(p, { counts })).toMatchObject({
      ok: false,
      error: { code: "bad-position" },
    });
    counts[readingNames("hex61").indexOf("A1:b")] = 1;
    counts[readingNames("hex61").indexOf("A1:w")] = 1;
    expect(ab.withBoard(p, { counts }).ok).toBe(false);
    expect(ab.withBoard(p, { counts: [1, 0] }).ok).toBe(false);
  });

  it("refusal: a hole without the mover's marble, a marble no legal move moves, a placement", () => {
    const p = start();
    expect(ab.refusal(p, { kind: "start", place: "C3" })).toBeNull();
    expect(ab.refusal(p, { kind: "start", place: "A1" })).toBeNull(); // A1B2 moves A1 B2 C3
    expect(ab.refusal(p, { kind: "start", place: "E5" })).toMatchObject({
      reason: "not-own",
      rule: "AB-2",
    });
    expect(ab.refusal(p, { kind: "start", place: "I9" })).toMatchObject({ reason: "not-own" });
    expect(ab.refusal(p, { kind: "place", place: "E5" })).toMatchObject({ reason: "placement" });
    // Black A1 hemmed in by white A2 B1 B2: no move moves it (and Black has no other marble).
    const stuck = at("A1", "A2 B1 B2 I9 I8 I7 I6 I5", { toMove: "b" });
    expect(ab.refusal(stuck, { kind: "start", place: "A1" })?.rule).toBe("AB-6");
    const hemmed = at("A1 E5", "A2 B1 B2 I9 I8 I7 I6 I5");
    expect(ab.refusal(hemmed, { kind: "start", place: "A1" })).toMatchObject({
      reason: "other",
      rule: "AB-2",
    });
    expect(ab.refusal(hemmed, { kind: "start", place: "E5" })).toBeNull();
  });

  it("ruleBook cites the Abalone rules and refuses penalty5", () => {
    const book = ab.ruleBook();
    expect(book.turnOrder).toBe("AB-2");
    expect(book.capture).toBe("AB-5");
    expect(Object.keys(book.refusedPolicies ?? {})).toEqual(["penalty5"]);
  });

  it("randomMove plays legal moves and playout ends games by the rules", () => {
    const random = seededRandom(5);
    let p = start({ noPushLimit: 30 });
    let plies = 0;
    for (let m = ab.randomMove(p, random); m !== null; m = ab.randomMove(p, random)) {
      expect(ab.apply(p, m.move).ok).toBe(true);
      p = m.position;
      plies++;
    }
    expect(ab.outcome(p)).not.toBeNull();
    expect(plies).toBeGreaterThanOrEqual(30);
    const n = ab.playout(start({ moveLimit: 10 }), seededRandom(1), 1000);
    expect(n).toBe(20);
    expect(ab.playout(start(), seededRandom(1), 7)).toBe(7);
  });

  it("AB-7 noPushLimit from the start: every position after one move is over at L = 1", () => {
    const s = start({ noPushLimit: 1 });
    expect(ab.perft(s, 1)).toBe(44);
    expect(ab.perft(s, 2)).toBe(44);
  });
});
