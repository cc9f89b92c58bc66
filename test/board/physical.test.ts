/** The physical model: stones, the hand, and engine traces played stone by stone. */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PhysicalBoard, playTrace } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { findGame } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/random.js";

describe("PhysicalBoard", () => {
  it("starts with 4 stones per pit, or the counts given", () => {
    expect(new PhysicalBoard().counts()).toEqual(Array(32).fill(4));
    const b = new PhysicalBoard({ counts: { A1: 2, D8: 7 } });
    expect(b.count("A1")).toBe(2);
    expect(b.count("D8")).toBe(7);
    expect(b.total).toBe(9);
    expect(() => new PhysicalBoard({ counts: [1, 2] })).toThrow(/32 pits/);
    expect(new PhysicalBoard({ geometry: "2x5+2", counts: 3 }).pits).toHaveLength(12);
  });

  it("lifts, drops, captures and places stones", () => {
    const b = new PhysicalBoard();
    const changes: string[] = [];
    b.onChange((pit, count) => changes.push(`${pit}=${count}`));
    expect(b.hand.lift("B3")).toEqual({ ok: true, value: 4 });
    expect(b.hand.held).toBe(4);
    expect(b.hand.hovering).toBe("B3");
    expect(b.hand.drop("B4").ok).toBe(true);
    expect(b.hand.capture("C4")).toEqual({ ok: true, value: 4 });
    expect(b.hand.held).toBe(7);
    expect(b.hand.place("A1").ok).toBe(true);
    expect(b.hand.lift("A2", 2)).toEqual({ ok: true, value: 2 });
    expect(b.counts().slice(0, 4)).toEqual([5, 2, 4, 4]);
    expect(changes).toEqual(["B3=0", "B4=5", "C4=0", "A1=5", "A2=2"]);
    expect(b.total).toBe(32 * 4 - 9 + 1);
  });

  it("refuses what a hand cannot do", () => {
    const b = new PhysicalBoard({ counts: 1, reserve: 0 });
    expect(b.hand.drop("A1").ok).toBe(false);
    expect(b.hand.lift("A1", 2).ok).toBe(false);
    expect(b.hand.place("A1").ok).toBe(false);
    expect(b.hand.lift("Z9").ok).toBe(false);
    expect(b.counts()).toEqual(Array(32).fill(1));
  });

  it("plays engine traces to the position the engine says (every game, random games)", async () => {
    for (const game of ["husbao", "hus", "bao-de", "husbao-front"]) {
      const g = findGame(game);
      const start = g?.initial();
      if (g === undefined || start === undefined || !start.ok) throw new Error(game);
      const random = seededRandom(11);
      let position = start.value;
      const board = new PhysicalBoard({ counts: g.sensorView(position).counts });
      for (let ply = 0; ply < 40; ply++) {
        const move = g.randomMove(position, random);
        if (move === null) break;
        const played = await playTrace(board, move.trace, { timeScale: 0 });
        expect(played).toEqual({ ok: true, value: undefined });
        board.hand.putAway();
        position = move.position;
        expect(board.counts()).toEqual(g.sensorView(position).counts);
      }
    }
  });

  it("says which step of a trace cannot be done", async () => {
    const b = new PhysicalBoard({ counts: 1 });
    const r = await playTrace(b, [{ op: "lift", pit: "A1", n: 3 }], { timeScale: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/step 1 \(lift A1\)/);
  });

  it("takes a person's time per stone, scaled, and lifts in several grabs", async () => {
    const clock = new FakeScheduler();
    const b = new PhysicalBoard();
    const seen: number[] = [];
    b.onChange((pit, count) => {
      if (pit === "A1") seen.push(count);
    });
    let finished = false;
    void playTrace(
      b,
      [
        { op: "lift", pit: "A1", n: 4 },
        { op: "sow", pit: "A2" },
        { op: "sow", pit: "A3" },
      ],
      { scheduler: clock, perStoneMs: [200, 200], liftGrabs: 2 },
    ).then(() => (finished = true));
    await clock.advance(199);
    expect(b.count("A1")).toBe(4);
    await clock.advance(2);
    expect(seen).toEqual([2]);
    await clock.advance(200);
    expect(seen).toEqual([2, 0]);
    await clock.advance(2000);
    expect(finished).toBe(true);
    expect(b.hand.hovering).toBe(null);
    expect(b.hand.held).toBe(2);
  });

  it("conserves stones under any sequence of hand actions", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 31 })), {
          maxLength: 60,
        }),
        (actions) => {
          const b = new PhysicalBoard({ reserve: 0 });
          for (const [op, i] of actions) {
            const pit = b.pits[i] ?? "A1";
            if (op === 0) b.hand.lift(pit);
            else if (op === 1) b.hand.drop(pit);
            else if (op === 2) b.hand.capture(pit);
            else b.hand.place(pit);
            expect(b.total + b.hand.held).toBe(128);
            expect(b.counts().every((c) => c >= 0)).toBe(true);
          }
        },
      ),
    );
  });
});
