/**
 * Abalone through the unchanged controller core, half b of ≥ 200 noisy
 * simulated games (issue 14): zero false mistakes, every move identified and
 * none accepted while marbles roll, every injected mistake named at the
 * first settled reading of its result with its AB rule (abalone-games.ts).
 */
import { describe, it } from "vitest";
import { expectHundredAbaloneGames } from "./abalone-games.js";

describe("Abalone, noisy whole games with injected mistakes (b)", () => {
  it("100 games", () => {
    expectHundredAbaloneGames(1402);
  });
});
