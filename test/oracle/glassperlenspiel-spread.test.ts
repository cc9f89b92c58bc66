/**
 * The Glassperlenspiel engine against the independent oracle on random
 * spreads of beads (the gem phase, a row to feed, the stones-only phase, a
 * history that repeats the position once or twice), and short games from them.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import { agree, playGame, repeatedOnce, spread, stats } from "./glassperlenspiel-agree.js";

describe("the Glassperlenspiel engine agrees with the independent oracle", () => {
  it("on random spreads of beads, and whole games from them", () => {
    const random = seededRandom(2026);
    for (let k = 0; k < 180; k++) {
      const kind = k % 3 === 0 ? "gems" : k % 3 === 1 ? "feed" : "stones";
      const p = spread(random, kind);
      agree(p);
      agree(repeatedOnce(p, k % 2 === 0));
      if (k % 12 === 0) playGame(5000 + k, p, 50);
    }
    // Every way a game ends was met: GB-6 empty pits, GB-7 repetition.
    expect(stats.ends.get("GB-6") ?? 0).toBeGreaterThan(0);
    expect(stats.ends.get("GB-7") ?? 0).toBeGreaterThan(0);
  });
});
