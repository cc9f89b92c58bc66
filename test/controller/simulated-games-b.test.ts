/**
 * Simulated games, second half of the configurations (Hus, Bao relay rules,
 * optional captures, small stage limits).
 */
import { describe, expect, it } from "vitest";
import { CONFIGS, label, playGames } from "./games.js";

describe("simulated games (B): zero false mistakes, every move identified", () => {
  CONFIGS.slice(7).forEach((c, i) => {
    it(`${label(c)}: 16 games`, () => {
      expect(playGames(c, 16, 2000 + i)).toBeGreaterThan(0);
    });
  });
});
