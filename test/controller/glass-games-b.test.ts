/**
 * Glassperlenspiel through the unchanged controller core, half b of ≥ 200
 * noisy simulated games (issue 13): zero false mistakes, every move
 * identified, every injected mistake named at its first wrong settled
 * reading with its GB rule (glass-games.ts).
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import { playGlassGames } from "./glass-games.js";

describe("Glassperlenspiel, noisy whole games with injected mistakes (b)", () => {
  it("100 games", () => {
    const r = playGlassGames(100, seededRandom(1302));
    expect(r.plies).toBeGreaterThan(1000);
    for (const o of Object.values(r.orders)) expect(o).toBeGreaterThan(0);
    const named = Object.values(r.injected).reduce((a, b) => a + b, 0);
    expect(named).toBeGreaterThanOrEqual(30);
    for (const n of Object.values(r.injected)) expect(n).toBeGreaterThan(0);
  });
});
