/**
 * The shared words of a refused start (src/games/fourrow/refusals.ts): the
 * stage limit (CORE-5, BK-18) when it alone refuses every way of playing a
 * pit, otherwise the first game rule that refuses one, naming the others after it.
 */
import { describe, expect, it } from "vitest";
import {
  combineVerdicts,
  overBecause,
  overrunSentence,
  type OverrunWords,
  type TokenVerdict,
} from "../../../src/games/fourrow/refusals.js";

const stages: OverrunWords = {
  unit: "stage",
  branches: "however its captures are chosen",
  limit: 200,
  rule: "CORE-5",
};

const over = (token: string, cycled = false, branched = false): TokenVerdict => ({
  kind: "overrun",
  overrun: { token, cycled, branched },
});

describe("CORE-5 / BK-18 words", () => {
  it("one direction, two directions, a cycle, branches", () => {
    expect(overrunSentence([{ token: "B3+", cycled: false, branched: false }], stages)).toBe(
      "B3+ would need more than 200 stages, so it is not a legal turn (CORE-5)",
    );
    const both = [over("B3+"), over("B3-")];
    expect(combineVerdicts("B3 cannot start a turn: ", both, stages)).toEqual({
      reason: "stage-limit",
      rule: "CORE-5",
      message:
        "B3 cannot start a turn: B3+ and B3- would both need more than 200 stages, so neither is a legal turn (CORE-5)",
    });
    expect(combineVerdicts("", [over("B3+", true), over("B3-", false, true)], stages).message).toBe(
      "B3+ never ends (its stages repeat in a cycle) and B3- would need more than 200 stages however its captures are chosen, so neither is a legal turn (CORE-5)",
    );
    expect(
      overrunSentence([{ token: "B4*L", cycled: false, branched: false }], {
        ...stages,
        unit: "sowing",
        limit: 1,
        rule: "BK-18",
      }),
    ).toBe("B4*L would need more than 1 sowing, so it is not a legal turn (BK-18)");
  });

  it("a game rule comes first and gives the reason; other rules and overruns follow", () => {
    const bk8 = (token: string): TokenVerdict => ({
      kind: "rule",
      refusal: {
        reason: "capture-required",
        rule: "BK-8",
        message: `${token} captures nothing, but a capture is possible (B6-) and captures are compulsory (BK-8)`,
      },
    });
    const r = combineVerdicts("B3 cannot start a turn: ", [over("B3+"), bk8("B3-")], {
      ...stages,
      unit: "sowing",
      rule: "BK-18",
    });
    expect(r).toEqual({
      reason: "capture-required",
      rule: "BK-8",
      message:
        "B3 cannot start a turn: B3- captures nothing, but a capture is possible (B6-) and captures are compulsory (BK-8); B3+ would need more than 200 sowings, so it is not a legal turn (BK-18)",
    });
    // The same rule twice is said once.
    expect(combineVerdicts("", [bk8("B3+"), bk8("B3-")], stages).message).toBe(
      "B3+ captures nothing, but a capture is possible (B6-) and captures are compulsory (BK-8)",
    );
  });

  it("the end of the game, from an outcome's reason", () => {
    expect(overBecause("HB-8: South's front row is empty", "HB-8")).toBe(
      "; South's front row is empty (HB-8)",
    );
    expect(overBecause(undefined, "BK-17")).toBe(" (BK-17)");
  });
});
