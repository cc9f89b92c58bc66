/**
 * Abalone through the unchanged controller core, half a of ≥ 200 noisy
 * simulated games (issue 14): zero false mistakes, every move identified and
 * none accepted while marbles roll, every injected mistake named at the
 * first settled reading of its result with its AB rule (abalone-games.ts).
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import { playAbaloneGames } from "./abalone-games.js";

describe("Abalone, noisy whole games with injected mistakes (a)", () => {
  it("100 games", () => {
    const r = playAbaloneGames(100, seededRandom(1401), 0.5, 20);
    expect(r.plies).toBeGreaterThan(600);
    for (const n of Object.values(r.styles)) expect(n).toBeGreaterThan(0);
    // Pushes rolled at the board, and marbles pushed off counted in the position's off.
    expect(r.pushes).toBeGreaterThan(50);
    expect(r.pushedOff).toBeGreaterThan(5);
    const named = Object.values(r.injected).reduce((a, b) => a + b, 0);
    expect(named).toBeGreaterThanOrEqual(30);
    for (const n of Object.values(r.injected)) expect(n).toBeGreaterThan(0);
  });
});
