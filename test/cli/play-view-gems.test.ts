/**
 * The terminal view of a Glassperlenspiel game: each pit's plain stones and
 * its gems by tag, North's row above South's, both cups with their gems and
 * points; it still fits 80 columns.
 */
import { describe, expect, it } from "vitest";
import { roleLed } from "../../src/controller/index.js";
import { VIEW_WIDTH, cupPoints, renderView, type PlayView } from "../../src/cli/play/view.js";

const PLACES = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "SC", "NC"];

function frame(): PlayView {
  const gems = new Map<string, readonly string[]>(PLACES.map((p) => [p, []]));
  gems.set("A1", ["S4", "S5"]);
  gems.set("B2", ["N1", "N2", "S1", "S2", "S3"]);
  gems.set("SC", ["N3", "N4"]);
  gems.set("NC", ["N5"]);
  return {
    title: "Glassperlenspiel — Amani (South) vs Baraka (North)",
    players: { S: "Amani", N: "Baraka" },
    counts: new Map(PLACES.map((p) => [p, p.endsWith("C") ? 0 : 1])),
    gems,
    leds: new Map([["B2", roleLed("captureFrom")]]),
    unsettled: new Set(["A3"]),
    toMove: "S",
    ply: 12,
    status: "South to move",
    inHand: 0,
    nextStone: [],
    lastLands: null,
    moves: ["A3:sS3", "B4:N4s"],
    firstSide: "S",
    clocks: { S: 1000, N: 2000 },
    messages: [],
    link: "ready",
    reserve: null,
    outcome: null,
  };
}

describe("kete play's view of a gem board", () => {
  it("shows gems by tag in their pits and both cups with points, within 80 columns", () => {
    const lines = renderView(frame(), false);
    const text = lines.join("\n");
    expect(text).toContain("SC South's cup: N3 N4 · 7 points");
    expect(text).toContain("NC North's cup: N5 · 5 points");
    expect(text).toMatch(/ {2}A +1 S4S5 +1 +1~/);
    expect(text).toMatch(/1 N1N2S1S2S3 YF/);
    // North's row above South's.
    expect(lines.findIndex((l) => l.startsWith("  B "))).toBeLessThan(
      lines.findIndex((l) => l.startsWith("  A ")),
    );
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(VIEW_WIDTH);
    expect(cupPoints(["S1", "N5", "S4"])).toBe(10);
  });
});
