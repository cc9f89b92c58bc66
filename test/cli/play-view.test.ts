/**
 * The terminal view of `kete play` fits an 80×24 terminal's width with the
 * longest names, a long game and long messages; its legend names every light
 * the LED plan can show; at game over it shows the result and the score, not
 * whose move it would be.
 */
import { describe, expect, it } from "vitest";
import { LED_ROLES, roleLed } from "../../src/controller/index.js";
import { VIEW_WIDTH, ledCode, legend, renderView, type PlayView } from "../../src/cli/play/view.js";

const PITS = ["A", "B", "C", "D"].flatMap((r) => [1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${r}${c}`));
const LONG = "W".repeat(40);

function frame(over: Partial<PlayView> = {}): PlayView {
  return {
    title: `Bao la kiswahili — ${LONG} (South) vs ${LONG} (North)`,
    players: { S: LONG, N: LONG },
    counts: new Map(PITS.map((p, i) => [p, i === 3 ? null : 188])),
    leds: new Map(PITS.map((p) => [p, roleLed("mistakeMissing")])),
    unsettled: new Set(["B3"]),
    toMove: "S",
    ply: 412,
    status: `South: 17 in hand, next stone B5 or B3 (${Array(12).fill("B3+/xx.x").join(", ")}, …)`,
    inHand: 17,
    nextStone: ["B3", "B5"],
    lastLands: "C8",
    moves: Array.from({ length: 400 }, (_, i) => (i % 2 ? "C4-" : "B3+/x.x")),
    firstSide: "S",
    clocks: { S: 3_599_000, N: 12_000 },
    messages: [
      "! South: stone dropped in B6, skipping B5; the next stone belongs in B5 (CORE-1) — retry and then some more words than fit on one line of eighty columns",
      "sensor fault: the sensor of A4 cannot be read",
    ],
    link: "ready",
    reserve: { S: 22, N: 22 },
    outcome: null,
    ...over,
  };
}

describe("kete play's view", () => {
  it(`fits ${VIEW_WIDTH} columns with the longest names, a long game and long messages`, () => {
    for (const v of [frame(), frame({ toMove: "N", reserve: null }), frame({ messages: [] })]) {
      const lines = renderView(v, false);
      const wide = lines.filter((l) => [...l].length > VIEW_WIDTH);
      expect(wide).toEqual([]);
      expect(lines.length).toBeLessThanOrEqual(24);
    }
  });

  it("names every light the LED plan can show in its legend", () => {
    const text = legend().join(" ");
    for (const role of LED_ROLES) expect(text, role).toContain(ledCode(roleLed(role)));
  });

  it("at game over shows the result and the score, and no one to move", () => {
    const text = renderView(
      frame({
        outcome: { winner: "N", reason: "HB-7: South has no pit", score: { S: 20, N: 28 } },
      }),
      false,
    ).join("\n");
    expect(text).toMatch(/game over: North wins · South 20 – North 28/);
    expect(text).not.toMatch(/to move/);
    expect(text).not.toMatch(/◀/);
  });

  it("while the game goes on says whose move it is and marks them", () => {
    const text = renderView(frame(), false).join("\n");
    expect(text).toMatch(/South to move/);
    expect(text).toMatch(/South · W+ 59:59 · 22 in reserve ◀/);
  });
});
