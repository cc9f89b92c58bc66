/** The physical model with gems (2x5+2): beads with identity, the hand, Glassperlenspiel traces. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PhysicalBoard, playTrace } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { findGame } from "../../src/games/index.js";
import type { Position } from "../../src/games/index.js";
import { GEMS } from "../../src/protocol/index.js";
import { seededRandom } from "../../src/shared/random.js";

/** Every gem exactly once: in one place, or in the hand. */
function gemsOnce(b: PhysicalBoard): boolean {
  const onBoard = b.pits.flatMap((p) => b.gems(p));
  const all = [...onBoard, ...b.hand.heldGems].sort();
  return all.length === 10 && new Set(all).size === 10;
}

describe("PhysicalBoard with gems", () => {
  it("starts as GB-1 sets up, or as given", () => {
    const b = new PhysicalBoard({ geometry: "2x5+2" });
    expect(b.places()[0]).toEqual({ count: 1, gems: ["S5"] });
    expect(b.whereIs("S1")).toBe("A5");
    expect(b.whereIs("N5")).toBe("B5");
    expect(b.gems("SC")).toEqual([]);
    expect(b.total).toBe(10);
    expect(b.gemsOnBoard()).toEqual([...GEMS]);
    const g = findGame("glassperlenspiel");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("no game");
    expect(b.readings()).toEqual(g.sensorView(start.value).counts);
    const c = new PhysicalBoard({
      geometry: "2x5+2",
      counts: { A1: 3 },
      gems: { SC: ["N4", "S2"] },
    });
    expect(c.gems("SC")).toEqual(["S2", "N4"]);
    expect(c.whereIs("S1")).toBe(null);
    expect(
      () => new PhysicalBoard({ geometry: "2x5+2", gems: { A1: ["S1"], A2: ["S1"] } }),
    ).toThrow(/twice/);
    expect(() => new PhysicalBoard({ geometry: "2x5+2", gems: { A1: ["X9"] } })).toThrow(
      /not a gem/,
    );
    expect(() => new PhysicalBoard({ gems: { A1: ["S1"] } })).toThrow(/no gems/);
  });

  it("takes a whole board from a game's readings, and gives it back", () => {
    const b = new PhysicalBoard({ geometry: "2x5+2", counts: 0 });
    const readings = new PhysicalBoard({ geometry: "2x5+2" }).readings();
    expect(b.setCounts(readings).ok).toBe(true);
    expect(b.readings()).toEqual(readings);
    const fromReadings = new PhysicalBoard({ geometry: "2x5+2", counts: readings });
    expect(fromReadings.readings()).toEqual(readings);
    expect(b.setReadings(readings.slice(1)).ok).toBe(false);
    const bad = [...readings];
    bad[12] = 2;
    expect(b.setReadings(bad).ok).toBe(false);
  });

  it("lifts a pit's beads, drops them one by one by tag, captures a gem into a cup", () => {
    const b = new PhysicalBoard({ geometry: "2x5+2" });
    const moves: string[] = [];
    b.onGemChange((gem, from, to) => moves.push(`${gem}:${from ?? "hand"}>${to ?? "hand"}`));
    expect(b.hand.lift("A3")).toEqual({ ok: true, value: 2 });
    expect(b.hand.held).toBe(2);
    expect(b.hand.heldGems).toEqual(["S3"]);
    expect(b.hand.drop("A4", "S3").ok).toBe(true);
    expect(b.gems("A4")).toEqual(["S2", "S3"]);
    expect(b.hand.drop("A5", "S3").ok).toBe(false);
    expect(b.hand.drop("A5", "s").ok).toBe(true);
    expect(b.count("A5")).toBe(2);
    expect(b.hand.held).toBe(0);
    expect(b.hand.capture("B3", "N3", "SC")).toEqual({ ok: true, value: 1 });
    expect(b.gems("SC")).toEqual(["N3"]);
    expect(b.hand.capture("B3", "N3", "SC").ok).toBe(false);
    expect(moves).toEqual(["S3:A3>hand", "S3:hand>A4", "N3:B3>hand", "N3:hand>SC"]);
    // A hand without stones drops the gem it holds; liftBeads is all or nothing.
    b.hand.lift("B1");
    b.hand.drop("B2");
    b.hand.drop("B2");
    expect(b.places()[6]).toEqual({ count: 2, gems: ["N1", "N2"] });
    expect(b.hand.liftBeads("B2", { stones: 1, gems: ["N5"] }).ok).toBe(false);
    expect(b.count("B2")).toBe(2);
    expect(gemsOnce(b)).toBe(true);
  });

  it("conserves beads, and holds each gem exactly once, under any hand actions", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 4 }),
            fc.integer({ min: 0, max: 11 }),
            fc.integer({ min: 0, max: 10 }),
          ),
          { maxLength: 80 },
        ),
        (actions) => {
          const b = new PhysicalBoard({ geometry: "2x5+2", reserve: 0 });
          for (const [op, i, k] of actions) {
            const pit = b.pits[i] ?? "A1";
            const bead = k === 10 ? "s" : (GEMS[k] ?? "s");
            if (op === 0) b.hand.lift(pit);
            else if (op === 1) b.hand.drop(pit, bead);
            else if (op === 2) b.hand.capture(pit, bead, b.pits[(i + 5) % 12]);
            else if (op === 3) b.hand.drop(pit);
            else b.hand.place(pit);
            expect(b.total + b.hand.heldStones).toBe(10);
            expect(gemsOnce(b)).toBe(true);
          }
        },
      ),
    );
  });

  it("plays Glassperlenspiel traces to the position the engine says (random games)", async () => {
    const g = findGame("glassperlenspiel");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("no game");
    let captures = 0;
    for (const seed of [1, 2, 3]) {
      const random = seededRandom(seed);
      let position: Position = start.value;
      const board = new PhysicalBoard({ geometry: "2x5+2" });
      for (let ply = 0; ply < 60; ply++) {
        const move = g.randomMove(position, random);
        if (move === null) break;
        captures += move.trace.filter((s) => s.op === "capture").length;
        const played = await playTrace(board, move.trace, { timeScale: 0 });
        expect(played).toEqual({ ok: true, value: undefined });
        expect(board.hand.held).toBe(0);
        position = move.position;
        expect(board.readings()).toEqual(g.sensorView(position).counts);
        expect(gemsOnce(board)).toBe(true);
      }
    }
    expect(captures).toBeGreaterThan(0);
  });

  it("carries a captured gem through the hand: gone from its pit, then in the cup", async () => {
    const clock = new FakeScheduler();
    const b = new PhysicalBoard({ geometry: "2x5+2" });
    const seen: string[] = [];
    b.onGemChange((gem, from, to) => seen.push(`${clock.now()} ${gem} ${from}>${to}`));
    void playTrace(b, [{ op: "capture", pit: "B3", n: 1, gem: "N3", to: "SC" }], {
      scheduler: clock,
      perStoneMs: [100, 100],
    });
    await clock.advance(150);
    expect(b.whereIs("N3")).toBe(null);
    await clock.advance(100);
    expect(b.whereIs("N3")).toBe("SC");
    expect(seen).toEqual(["100 N3 B3>null", "200 N3 null>SC"]);
    const bad = await playTrace(b, [{ op: "sow", pit: "A1", bead: "S1" }], { timeScale: 0 });
    expect(bad.ok).toBe(false);
  });
});
