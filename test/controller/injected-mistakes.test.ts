/**
 * Injected mistakes of every kind, each detected at the FIRST wrong settled
 * reading with the right rule id and message, through a whole Controller.
 * Scenarios are built on HusBao's initial position (HB-1), South to move:
 *   B3+ = lift B3 (2), sow B4, sow B5, capture C5 (2), lift B5 (1), sow B6 …
 *   A1+ = lift A1 (2), sow B1, sow B2, lift B2 (3: a relay, no capture) …
 */
import { describe, expect, it } from "vitest";
import {
  boardOf,
  change,
  feed,
  gameOf,
  initial,
  positionFrom,
  session,
  stepBoards,
  traceOf,
} from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));
const a1 = stepBoards(before, traceOf(start, "A1+"));

describe("injected mistakes: first wrong reading, rule id, message", () => {
  it("CORE-1 wrong pit: a stone dropped in A5 where B5 is next", () => {
    const s = session(start);
    const r = feed(s, [b3[0]!, b3[1]!, change(b3[1]!, { A5: 1 })]);
    expect(r.index).toBe(2);
    expect(r.mistake).toMatchObject({ kind: "wrong-pit", rule: "CORE-1", side: "S" });
    expect(r.mistake?.message).toBe("stone dropped in A5; the next stone belongs in B5 (CORE-1)");
  });

  it("CORE-1 skipped pit: B5 skipped, the stone dropped in B6", () => {
    const s = session(start);
    const r = feed(s, [b3[0]!, b3[1]!, change(b3[1]!, { B6: 1 })]);
    expect(r.index).toBe(2);
    expect(r.mistake?.message).toBe(
      "stone dropped in B6, skipping B5; the next stone belongs in B5 (CORE-1)",
    );
  });

  it("CORE-1 several stones in one pit", () => {
    const s = session(start);
    // A1+: after the relay lift of B2 (3 in hand) two stones dropped in B3.
    const r = feed(s, [a1[0]!, a1[1]!, a1[2]!, a1[3]!, change(a1[3]!, { B3: 2 })]);
    expect(r.index).toBe(4);
    expect(r.mistake).toMatchObject({ kind: "several-stones", rule: "CORE-1" });
    expect(r.mistake?.message).toBe(
      "2 stones dropped in B3; one stone per pit, the next belongs in B4 (CORE-1)",
    );
  });

  it("CORE-2 wrong direction after the first drop (B4, then back to B3)", () => {
    const s = session(start);
    const r = feed(s, [b3[0]!, b3[1]!, change(b3[1]!, { B3: 1 })]);
    expect(r.index).toBe(2);
    expect(r.mistake).toMatchObject({ kind: "wrong-direction", rule: "CORE-2" });
    expect(r.mistake?.message).toBe(
      "stone dropped in B3, against the direction of this turn; the next stone belongs in B5 (CORE-2)",
    );
  });

  it("HB-3 first drop against a fixed direction (direction cw)", () => {
    const p = initial("husbao", { direction: "cw" });
    const s = session(p);
    const r = feed(s, [b3[0]!, change(b3[0]!, { B2: 1 })]);
    expect(r.index).toBe(1);
    expect(r.mistake).toMatchObject({ kind: "wrong-direction", rule: "HB-3" });
    expect(r.mistake?.message).toContain("the next stone belongs in B4 (HB-3)");
  });

  it("CORE-4 start from a single stone", () => {
    const p = positionFrom("husbao", {
      A: [3, 2, 2, 2, 2, 2, 2, 2],
      B: [2, 1, 2, 2, 0, 0, 0, 0],
      C: [0, 0, 0, 0, 2, 2, 2, 2],
      D: [2, 2, 2, 2, 2, 2, 2, 2],
    });
    const s = session(p);
    const r = feed(s, [change(boardOf(p), { B2: -1 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "single-stone-start", rule: "CORE-4" });
    expect(r.mistake?.message).toBe("B2 holds one stone; a turn starts from two or more (CORE-4)");
  });

  it("CORE-5 a start refused by the stage limit says why", () => {
    // Found by random play: with maxStages 8 every sowing of C5 needs a 9th stage.
    const p = positionFrom(
      "husbao",
      {
        A: [3, 0, 3, 3, 0, 3, 3, 0],
        B: [1, 0, 1, 4, 2, 1, 1, 1],
        C: [0, 0, 0, 0, 2, 0, 2, 2],
        D: [2, 2, 2, 2, 2, 2, 2, 2],
      },
      "N",
      { maxStages: 8 },
    );
    const pit = "C5";
    expect(
      gameOf("husbao")
        .legal(p)
        .moves.some((m) => m.move.startsWith(pit)),
    ).toBe(false);
    const s = session(p);
    const r = feed(s, [change(boardOf(p), { C5: -2 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "refused-start", rule: "CORE-5" });
    expect(r.mistake?.message).toContain(`${pit} cannot start a turn`);
    expect(r.mistake?.message).toContain("CORE-5");
  });

  it("HB-4 mandatory capture not taken: B5 lifted (waiting), then sown on without C5", () => {
    const s = session(start);
    const lifted = change(b3[2]!, { B5: -1 });
    const sownOn = change(lifted, { B6: 1 });
    const r = feed(s, [b3[0]!, b3[1]!, b3[2]!, lifted, sownOn]);
    // Lifting B5 first is a legal order (C5 may still be taken): the sowing is the first wrong reading.
    expect(r.index).toBe(4);
    expect(r.mistake).toMatchObject({ kind: "capture-not-taken", rule: "HB-4" });
    expect(r.mistake?.message).toBe(
      "the last stone fell in B5 and C5 holds 2 stones: take them before sowing on (HB-4)",
    );
  });

  it("HB-4 a capture where none applies (after a relay landing in B2)", () => {
    const s = session(start);
    const r = feed(s, [a1[0]!, a1[1]!, a1[2]!, change(a1[2]!, { C5: -2 })]);
    expect(r.index).toBe(3);
    expect(r.mistake).toMatchObject({ kind: "no-capture", rule: "HB-4" });
    expect(r.mistake?.message).toBe(
      "stones taken from C5, but no capture applies here (HB-4); lift B2 and sow on",
    );
  });

  it("HB-4 the wrong pit captured (C6 instead of C5)", () => {
    const s = session(start);
    const r = feed(s, [b3[0]!, b3[1]!, b3[2]!, change(b3[2]!, { C6: -2 })]);
    expect(r.index).toBe(3);
    expect(r.mistake).toMatchObject({ kind: "wrong-capture", rule: "HB-4" });
    expect(r.mistake?.message).toBe("stones taken from C6; the capture is from C5 (HB-4)");
  });

  it("CORE-7 a move out of turn: North lifts C5 at South's turn", () => {
    const s = session(start);
    const r = feed(s, [change(before, { C5: -2 })]);
    expect(r.index).toBe(0);
    expect(r.mistake).toMatchObject({ kind: "out-of-turn", rule: "CORE-7", side: "N" });
    expect(r.mistake?.message).toBe("South's turn, but C5 changed (CORE-7)");
  });

  it("CORE-7 stones moved during the opponent's turn (mid-sowing)", () => {
    const s = session(start);
    const r = feed(s, [b3[0]!, b3[1]!, change(b3[1]!, { D3: -2 })]);
    expect(r.index).toBe(2);
    expect(r.mistake).toMatchObject({ kind: "out-of-turn", rule: "CORE-7", side: "N" });
    expect(r.mistake?.message).toBe("South's turn, but D3 changed (CORE-7)");
  });

  it("a wrong lift while stones are still in hand (CORE-1)", () => {
    const s = session(start);
    const r = feed(s, [b3[0]!, change(b3[0]!, { A6: -2 })]);
    expect(r.index).toBe(1);
    expect(r.mistake).toMatchObject({ kind: "wrong-lift", rule: "CORE-1" });
  });

  it("sensor sanity: stones from nowhere and unreadable pits are sensor faults, not mistakes", () => {
    const s = session(start);
    s.link.settled(change(before, { A1: 1 }));
    s.link.settled([null, ...before.slice(1)]);
    expect(s.events.filter((e) => e.type === "mistake")).toEqual([]);
    const faults = s.events.filter((e) => e.type === "sensor-fault");
    expect(faults.map((e) => (e.type === "sensor-fault" ? e.kind : ""))).toEqual([
      "too-many-stones",
      "unreadable",
    ]);
    expect(s.controller.state).toBe("session.play.turn.sensorFault");
    // The next good reading goes on as if nothing happened.
    s.link.settled(b3[0]!);
    expect(s.controller.state).toBe("session.play.turn.underWay");
  });

  it("the restore flow shows every differing pit with +n/-n", () => {
    const s = session(start);
    const r = feed(s, [b3[0]!, b3[1]!, change(b3[1]!, { A5: 1 })]);
    expect(r.mistake?.restore).toEqual([
      { pit: "A5", need: -1 },
      { pit: "B3", need: 2 },
      { pit: "B4", need: -1 },
    ]);
    expect(s.controller.state).toBe("session.play.mistake.restoring");
    const plan = s.controller.ledPlan();
    expect(plan.get("A5")).toEqual({ pattern: "fast", colour: "magenta" });
    expect(plan.get("B3")).toEqual({ pattern: "blink", colour: "magenta" });
  });
});
