/**
 * Kalah's `Game` contract (src/games/kalah, docs/rules/kalah.md): the layout
 * and readings of the 2x6+2 board, positions read and written, the refusals
 * and rules cited, and the rules at the cases KA-2…KA-6 name.
 */
import { describe, expect, it } from "vitest";
import { findGame, type Game, type Position } from "../../../src/games/index.js";
import { GEOMETRIES, readingNames, seededRandom } from "../../../src/shared/index.js";

const ka = findGame("kalah") as Game;

function start(options: Record<string, unknown> = {}): Position {
  const p = ka.initial(options);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** A position from pits A1…A6, B1…B6 and the stores. */
function at(
  a: number[],
  b: number[],
  stores: [number, number],
  toMove = "S",
  options = {},
): Position {
  const pits: Record<string, number> = {};
  a.forEach((n, i) => (pits[`A${i + 1}`] = n));
  b.forEach((n, i) => (pits[`B${i + 1}`] = n));
  const p = ka.parsePosition({
    game: "kalah",
    options: { stones: 4, emptyCapture: false, ...options },
    toMove,
    pits,
    stores: { S: stores[0], N: stores[1] },
  });
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

function played(p: Position, move: string): Position {
  const r = ka.apply(p, move);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
}

describe("kalah contract", () => {
  it("layout: the 14 places of 2x6+2, South's row and store, North's; the circuit's successors", () => {
    expect(ka.layout.geometry).toBe("2x6+2");
    expect(ka.layout.places).toEqual(GEOMETRIES["2x6+2"].cells);
    expect(ka.layout.sides).toEqual(["S", "N"]);
    const owner = (p: string) => ka.layout.owners[ka.layout.places.indexOf(p)];
    expect([owner("A1"), owner("A6"), owner("SC"), owner("B1"), owner("NC")]).toEqual([
      "S",
      "S",
      "S",
      "N",
      "N",
    ]);
    const next = (p: string) =>
      ka.layout.successors[ka.layout.places.indexOf(p)]!.map((i) => ka.layout.places[i]);
    expect(next("A1")).toEqual(["A2"]);
    expect(next("A6")).toEqual(["SC", "B6"]); // North's sowing passes South's store over (KA-2)
    expect(next("SC")).toEqual(["B6"]);
    expect(next("B1")).toEqual(["NC", "A1"]);
  });

  it("sensorView: the 14 counts; JSON and withBoard round-trip; a changed total is refused (KA-1)", () => {
    const p = start();
    const view = ka.sensorView(p);
    expect(view.geometry).toBe("2x6+2");
    expect(view.pits).toEqual(readingNames("2x6+2"));
    expect(view.counts).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0]);
    expect(ka.parsePosition(ka.positionToJSON(p))).toEqual({ ok: true, value: p });
    const same = ka.withBoard(p, { counts: view.counts, toMove: "N" });
    expect(same.ok && same.value.toMove).toBe("N");
    const counts = [...view.counts];
    counts[0] = 5;
    expect(ka.withBoard(p, { counts })).toMatchObject({ ok: false, error: { rule: "KA-1" } });
    expect(ka.parsePosition({ ...ka.positionToJSON(p), toMove: "x" }).ok).toBe(false);
    expect(ka.initial({ stones: 7 }).ok).toBe(false);
  });

  it("KA-2/KA-3: a sowing into the own store gives the same player another move", () => {
    const p = played(start(), "A3"); // 4 stones: A4 A5 A6 SC
    expect(p.toMove).toBe("S");
    expect(ka.sensorView(p).counts.slice(0, 6)).toEqual([4, 4, 0, 5, 5, 5]);
    expect(ka.sensorView(p).counts[12]).toBe(1);
    const q = played(start(), "A1");
    expect(q.toMove).toBe("N");
  });

  it("KA-2: North's sowing passes South's store over; 13 stones come back to the origin", () => {
    const p = at([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 13], [20, 14], "N");
    const r = ka.apply(p, "B6");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const sown = r.value.trace.filter((s) => s.op === "sow").map((s) => s.pit);
    expect(sown).not.toContain("SC");
    expect(sown.slice(0, 7)).toEqual(["B5", "B4", "B3", "B2", "B1", "NC", "A1"]);
    expect(sown[12]).toBe("B6"); // the 13th stone falls into the emptied origin: KA-4 captures
    expect(r.value.trace.some((s) => s.op === "capture" && s.pit === "A6")).toBe(true);
  });

  it("KA-4: the last stone in an own empty pit takes the opposite pit; with it empty nothing, unless emptyCapture", () => {
    const p = at([1, 0, 0, 0, 0, 2], [0, 3, 0, 0, 0, 1], [20, 21], "S");
    const took = played(p, "A1"); // A1 → A2 (empty), B2 holds 3
    expect(ka.sensorView(took).counts.slice(0, 14)).toEqual([
      0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 1, 24, 21,
    ]);
    const q = at([0, 0, 1, 0, 0, 2], [0, 3, 0, 0, 0, 1], [20, 21], "S");
    const none = played(q, "A3"); // A3 → A4 (empty), B4 empty
    expect(ka.sensorView(none).counts[3]).toBe(1);
    const lone = played(
      at([0, 0, 1, 0, 0, 2], [0, 3, 0, 0, 0, 1], [20, 21], "S", { emptyCapture: true }),
      "A3",
    );
    expect(ka.sensorView(lone).counts[3]).toBe(0);
    expect(ka.sensorView(lone).counts[12]).toBe(21);
  });

  it("KA-5/KA-6: a side's empty row ends the game; the stones left count for their owner", () => {
    const p = at([0, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 0], [20, 25], "S");
    const end = played(p, "A6"); // into SC: South's row is empty
    const outcome = ka.outcome(end);
    expect(outcome).toMatchObject({ winner: "N", score: { S: 21, N: 27 } });
    expect(outcome?.reason).toContain("KA-5");
    expect(ka.legal(end).moves).toEqual([]);
    expect(ka.apply(end, "B1")).toMatchObject({ ok: false, error: { code: "game-over" } });
  });

  it("refusal and ruleBook cite the Kalah rules", () => {
    const p = start();
    expect(ka.refusal(p, { kind: "start", place: "A1" })).toBeNull();
    expect(ka.refusal(p, { kind: "start", place: "B1" })).toMatchObject({
      reason: "not-own",
      rule: "KA-2",
    });
    expect(ka.refusal(p, { kind: "start", place: "SC" })).toMatchObject({ reason: "not-own" });
    expect(ka.refusal(played(p, "A3"), { kind: "start", place: "A3" })).toMatchObject({
      reason: "too-few",
    });
    expect(ka.refusal(p, { kind: "place", place: "A1" })).toMatchObject({ reason: "placement" });
    expect(ka.apply(p, "B1")).toMatchObject({
      ok: false,
      error: { code: "illegal-move", rule: "KA-2" },
    });
    expect(ka.apply(p, "Z9")).toMatchObject({ ok: false, error: { code: "illegal-move" } });
    const book = ka.ruleBook({});
    expect([book.sowing, book.capture, book.relay]).toEqual(["KA-2", "KA-4", null]);
    expect(Object.keys(book.refusedPolicies ?? {})).toEqual(["penalty5"]);
  });

  it("randomMove plays legal moves and playout ends games", () => {
    const random = seededRandom(3);
    let p = start();
    let plies = 0;
    while (ka.outcome(p) === null) {
      const m = ka.randomMove(p, random);
      expect(m).not.toBeNull();
      expect(ka.legal(p).moves.map((x) => x.move)).toContain(m!.move);
      p = m!.position;
      plies++;
    }
    expect(ka.randomMove(p, random)).toBeNull();
    expect(plies).toBeGreaterThan(5);
    const n = ka.playout(start(), seededRandom(4), 1000);
    expect(n).toBeGreaterThan(5);
    expect(n).toBeLessThan(1000);
  });
});
