/**
 * Simulated games, first half of the configurations: every move identified
 * exactly (the accepted move string equals the one played) and no false
 * mistake, through noisy snapshot streams (see streams.ts).
 */
import { describe, expect, it } from "vitest";
import { CONFIGS, label, playGames } from "./games.js";

describe("simulated games (A): zero false mistakes, every move identified", () => {
  CONFIGS.slice(0, 7).forEach((c, i) => {
    it(`${label(c)}: 16 games`, () => {
      expect(playGames(c, 16, 1000 + i)).toBeGreaterThan(0);
    });
  });
});
