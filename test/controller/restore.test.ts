/**
 * Pure pieces of the mistake flow (restore.ts, mistakes.ts): sensor sanity,
 * the +n/-n restore list, the HB-9 truncation point and five-stone penalty,
 * takeback recognition, and the policy defaults.
 */
import { describe, expect, it } from "vitest";
import { checkSensors } from "../../src/controller/mistakes.js";
import {
  checkPenalty,
  effectivePolicy,
  findTakeback,
  formatNeeds,
  restoreDiff,
  truncationBoard,
} from "../../src/controller/restore.js";
import { startTurn, track } from "../../src/controller/tracking.js";
import { PITS_4X8 } from "./harness.js";
import { boardOf, change, gameOf, initial, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));

describe("sensor sanity", () => {
  it("unreadable pits and more stones than the game has are sensor faults", () => {
    expect(checkSensors(before, PITS_4X8, 48)).toBeNull();
    expect(checkSensors([null, ...before.slice(1)], PITS_4X8, 48)?.kind).toBe("unreadable");
    expect(checkSensors(change(before, { A1: 1 }), PITS_4X8, 48)?.message).toBe(
      "the board reads 49 stones, but the game has 48: no hand adds stones (sensor fault)",
    );
  });
});

describe("restore flow", () => {
  it("lists every differing pit with the stones it needs", () => {
    const needs = restoreDiff(change(before, { A1: 2, B3: -1 }), before, PITS_4X8);
    expect(needs).toEqual([
      { pit: "A1", need: -2 },
      { pit: "B3", need: 1 },
    ]);
    expect(formatNeeds(needs)).toBe("A1 -2, B3 +1");
  });

  it("policy defaults: retry with guidance, forfeit without (HB-9)", () => {
    expect(effectivePolicy(null, true)).toBe("retry");
    expect(effectivePolicy(null, false)).toBe("forfeit");
    expect(effectivePolicy("truncate", true)).toBe("truncate");
  });

  it("HB-9 truncate: the end of the last complete stage on the trace prefix", () => {
    let t = startTurn(gameOf("husbao"), start);
    for (const b of b3.slice(0, 6)) t = track(t, Int16Array.from(b), 0).tracker;
    const c = t.cursors[0]!;
    const cut = truncationBoard(t.before, { node: c.node, offset: c.offset, board: c.board });
    expect(Array.from(cut.board)).toEqual(b3[2]);
    expect(cut.steps).toBe(3);
    // Still in the first stage: back to the position before the move.
    let t1 = startTurn(gameOf("husbao"), start);
    t1 = track(t1, Int16Array.from(b3[1]!), 0).tracker;
    const c1 = t1.cursors[0]!;
    expect(Array.from(truncationBoard(t1.before, { ...c1 }).board)).toEqual(before);
  });

  it("HB-9 penalty: exactly five of the erring side's stones cross, nothing else changes", () => {
    const k = gameOf("husbao").layout.owners;
    expect(
      checkPenalty(before, change(before, { A1: -2, C1: 2 }), k, "S", PITS_4X8, "HB-9"),
    ).toEqual({
      kind: "in-progress",
      crossed: 2,
    });
    expect(
      checkPenalty(
        before,
        change(before, { A1: -2, A2: -2, A3: -1, C1: 5 }),
        k,
        "S",
        PITS_4X8,
        "HB-9",
      ),
    ).toEqual({
      kind: "done",
    });
    expect(
      checkPenalty(
        before,
        change(before, { A1: -2, A2: -2, A3: -2, C1: 6 }),
        k,
        "S",
        PITS_4X8,
        "HB-9",
      ).kind,
    ).toBe("wrong");
    expect(
      checkPenalty(before, change(before, { A1: -1, A2: 1 }), k, "S", PITS_4X8, "HB-9").kind,
    ).toBe("wrong");
  });

  it("a takeback is the latest earlier board the reading equals", () => {
    expect(findTakeback([before, b3[2]!, before], before)).toBe(2);
    expect(findTakeback([before], b3[0]!)).toBeNull();
  });
});
