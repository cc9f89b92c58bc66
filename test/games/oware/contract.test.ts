/**
 * Oware's `Game` contract (src/games/oware, docs/rules/oware.md): the layout
 * and readings of the 2x6+2 board, positions read and written, the refusals
 * and rules cited, and the rules at the cases OW-2…OW-8 name.
 */
import { describe, expect, it } from "vitest";
import { findGame, type Game, type Position } from "../../../src/games/index.js";
import { readingNames, seededRandom } from "../../../src/shared/index.js";

const ow = findGame("oware") as Game;

function start(options: Record<string, unknown> = {}): Position {
  const p = ow.initial(options);
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

/** A position from pits A1…A6, B1…B6 and the stores. */
function at(
  a: number[],
  b: number[],
  stores: [number, number],
  toMove = "S",
  grandSlam = "no-capture",
): Position {
  const pits: Record<string, number> = {};
  a.forEach((n, i) => (pits[`A${i + 1}`] = n));
  b.forEach((n, i) => (pits[`B${i + 1}`] = n));
  const p = ow.parsePosition({
    game: "oware",
    options: { grandSlam },
    toMove,
    pits,
    stores: { S: stores[0], N: stores[1] },
  });
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

function counts(p: Position): number[] {
  return [...ow.sensorView(p).counts];
}

describe("oware contract", () => {
  it("layout and readings: the 14 places of 2x6+2, owners, the twelve-pit circuit; JSON round-trips", () => {
    expect(ow.layout.geometry).toBe("2x6+2");
    expect(ow.sensorView(start()).pits).toEqual(readingNames("2x6+2"));
    expect(counts(start())).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 0]);
    const next = (p: string) =>
      ow.layout.successors[ow.layout.places.indexOf(p)]!.map((i) => ow.layout.places[i]);
    expect(next("A6")).toEqual(["B6", "B5"]);
    expect(next("B1")).toEqual(["A1", "A2"]);
    const p = start();
    expect(ow.parsePosition(ow.positionToJSON(p))).toEqual({ ok: true, value: p });
    expect(ow.positionToJSON(p).history).toEqual([]);
    const changed = counts(p);
    changed[13] = 1;
    expect(ow.withBoard(p, { counts: changed })).toMatchObject({
      ok: false,
      error: { rule: "OW-1" },
    });
  });

  it("OW-2: 12 stones or more pass the origin over; OW-3: captures of 2 or 3 run back", () => {
    const lap = ow.apply(at([0, 0, 0, 0, 0, 12], [1, 1, 1, 1, 1, 1], [15, 15]), "A6");
    expect(lap.ok).toBe(true);
    if (!lap.ok) return;
    const sown = lap.value.trace.filter((s) => s.op === "sow").map((s) => s.pit);
    expect(sown).not.toContain("A6");
    expect(counts(lap.value.position)[5]).toBe(0);
    // South's last stone in B4 makes 2; B5 holds 3, B6 2: all three are taken (the run back;
    // B1 keeps its stone, so it is no grand slam).
    const run = ow.apply(at([0, 0, 0, 0, 0, 3], [1, 0, 0, 1, 2, 1], [20, 20]), "A6");
    expect(run.ok && run.value.trace.filter((s) => s.op === "capture").map((s) => s.pit)).toEqual([
      "B4",
      "B5",
      "B6",
    ]);
  });

  it("OW-4: an empty opponent must be fed; no feeding move ends the game", () => {
    const p = at([1, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0], [23, 23]);
    expect(ow.legal(p).moves.map((m) => m.move)).toEqual(["A6"]);
    expect(ow.refusal(p, { kind: "start", place: "A1" })).toMatchObject({ rule: "OW-4" });
    const stuck = at([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [24, 23]);
    expect(ow.outcome(stuck)).toMatchObject({ winner: "S", score: { S: 25, N: 23 } });
    expect(ow.outcome(stuck)?.reason).toContain("OW-4");
  });

  it("OW-5: a grand slam captures nothing by default, is refused while another move exists under forbidden, captures all under capture", () => {
    const slam = (grandSlam: string) =>
      at([0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 1, 0], [22, 23], "S", grandSlam);
    const none = ow.apply(slam("no-capture"), "A6"); // A6 → B6 (2) and B5 still 1: captures B6, leaves B5: no slam
    expect(none.ok).toBe(true);
    const full = at([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [23, 23], "S");
    const played = ow.apply(full, "A6"); // B6 becomes 2, the whole row: a grand slam
    expect(played.ok && played.value.trace.some((s) => s.op === "capture")).toBe(false);
    const taken = ow.apply(
      at([0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 1], [23, 23], "S", "capture"),
      "A6",
    );
    expect(taken.ok && ow.outcome(taken.value.position)?.winner).toBe("S");
    const forbidden = at([0, 0, 0, 0, 1, 1], [0, 0, 0, 0, 0, 1], [22, 23], "S", "forbidden");
    expect(ow.legal(forbidden).moves.map((m) => m.move)).toEqual(["A5"]);
    expect(ow.refusal(forbidden, { kind: "start", place: "A6" })).toMatchObject({ rule: "OW-5" });
  });

  it("OW-6: 25 captured wins at once; refusals and the rule book cite the Oware rules", () => {
    expect(ow.outcome(at([1, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 1], [25, 21]))).toMatchObject({
      winner: "S",
    });
    const p = start();
    expect(ow.refusal(p, { kind: "start", place: "B1" })).toMatchObject({
      reason: "not-own",
      rule: "OW-2",
    });
    expect(ow.refusal(p, { kind: "place", place: "A1" })).toMatchObject({ reason: "placement" });
    expect(ow.apply(p, "B1")).toMatchObject({
      ok: false,
      error: { code: "illegal-move", rule: "OW-2" },
    });
    const book = ow.ruleBook({});
    expect([book.sowing, book.capture, book.captureChain, book.skipsStart]).toEqual([
      "OW-2",
      "OW-3",
      "OW-3",
      "OW-2",
    ]);
    expect(Object.keys(book.refusedPolicies ?? {})).toEqual(["penalty5"]);
  });

  it("randomMove plays legal moves and playout ends games", () => {
    const random = seededRandom(3);
    let p = start();
    let plies = 0;
    while (ow.outcome(p) === null && plies < 2000) {
      const m = ow.randomMove(p, random);
      expect(ow.legal(p).moves.map((x) => x.move)).toContain(m!.move);
      p = m!.position;
      plies++;
    }
    expect(ow.outcome(p)).not.toBeNull();
    expect(ow.randomMove(p, random)).toBeNull();
    expect(ow.playout(start(), seededRandom(4), 5000)).toBeLessThan(5000);
  });
});
