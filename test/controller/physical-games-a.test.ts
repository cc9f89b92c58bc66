/**
 * ≥ 200 whole games of the relay games played as people play them (issue 11,
 * "what it must reach"), first half: every physical order of capture and
 * lift, a settled reading forced after every act, zero false mistakes, and
 * every injected mistake named with its game's rule id. (Second half:
 * physical-games-b.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import { ORDERS } from "./orders.js";
import { playPhysicalGames, type PhysicalConfig } from "./physical-games.js";

const HALF_A: readonly PhysicalConfig[] = [
  { game: "husbao", options: {} },
  { game: "husbao", options: { direction: "cw" } },
  { game: "husbao-bis", options: {} },
  { game: "husbao-front", options: {} },
];

describe("whole games, every physical capture order, injected mistakes (A)", () => {
  HALF_A.forEach((c, i) => {
    it(`${c.game} ${JSON.stringify(c.options)}: 26 games`, () => {
      const r = playPhysicalGames(c, 26, seededRandom(7100 + i));
      expect(r.plies).toBeGreaterThan(200);
      for (const o of ORDERS) expect(r.orders[o], o).toBeGreaterThan(0);
      const named = Object.values(r.injected).reduce((a, b) => a + b, 0);
      expect(named).toBeGreaterThanOrEqual(4);
    });
  });
});
