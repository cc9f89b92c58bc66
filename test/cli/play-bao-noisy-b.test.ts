/** Issue 18's test, games 100-199 (see bao-noisy.ts); play-bao-noisy-a has 0-99. */
import { describe, expect, it } from "vitest";
import { noisyGame, tally } from "./bao-noisy.js";

describe("noisy Bao games at kete play, stops accepted each way (2 of 2)", () => {
  const t = tally();
  for (let block = 0; block < 10; block++) {
    it(`games ${100 + block * 10}-${100 + block * 10 + 9}: every journal verifies, none stalls`, async () => {
      for (let i = 100 + block * 10; i < 100 + block * 10 + 10; i++) await noisyGame(i, t);
    });
  }
  it("held stops accepted each of the three ways, under line noise", () => {
    expect(t.games).toBe(100);
    expect(t.stops.press).toBeGreaterThan(0);
    expect(t.stops.quiet).toBeGreaterThan(0);
    expect(t.stops.opponent).toBeGreaterThan(0);
    expect(t.lineNoise).toBeGreaterThan(0);
    expect(t.midTurn).toBeGreaterThan(100);
  });
});
