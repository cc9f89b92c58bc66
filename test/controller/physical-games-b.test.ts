/**
 * ≥ 200 whole games of the relay games played as people play them, second
 * half (see physical-games-a.test.ts): Hus and Bao (German rules), with
 * compulsory and optional captures.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import { ORDERS } from "./orders.js";
import { playPhysicalGames, type PhysicalConfig } from "./physical-games.js";

const HALF_B: readonly PhysicalConfig[] = [
  { game: "hus", options: {} },
  { game: "hus", options: { direction: "ccw", capture: "optional" } },
  { game: "bao-de", options: {} },
  { game: "bao-de", options: { direction: "cw", capture: "optional" } },
];

describe("whole games, every physical capture order, injected mistakes (B)", () => {
  HALF_B.forEach((c, i) => {
    it(`${c.game} ${JSON.stringify(c.options)}: 26 games`, () => {
      const r = playPhysicalGames(c, 26, seededRandom(7200 + i));
      expect(r.plies).toBeGreaterThan(200);
      for (const o of ORDERS) expect(r.orders[o], o).toBeGreaterThan(0);
      const named = Object.values(r.injected).reduce((a, b) => a + b, 0);
      expect(named).toBeGreaterThanOrEqual(4);
    });
  });
});
