/**
 * Issue 32: a game's result is said from its message (`Outcome.text`) in
 * the players' language; in English the message says exactly the game's own
 * reason (`Outcome.reason`, which the journal and the engine protocol keep).
 * Random games of every game to their end, a few seeds each.
 */
import { describe, expect, it } from "vitest";
import { games, type Game, type Position } from "../../src/games/index.js";
import { english, translator } from "../../src/i18n/index.js";
import { seededRandom } from "../../src/shared/index.js";

const SEEDS = [1, 2, 3];
const MAX_PLIES = 600;

describe("the games' results as messages", () => {
  for (const game of games as readonly Game<Position>[]) {
    it(`${game.id}: the English message is the reason, the others are said without ids`, () => {
      let ended = 0;
      for (const seed of SEEDS) {
        const random = seededRandom(seed);
        const start = game.initial(game.id === "abalone" ? { noPushLimit: 12 } : {});
        if (!start.ok) throw new Error(start.error.message);
        let p = start.value;
        for (let ply = 0; ply < MAX_PLIES && game.outcome(p) === null; ply++) {
          const moves = game.legal(p, 64).moves;
          if (moves.length === 0) break;
          p = moves[Math.floor(random() * moves.length)]!.position;
        }
        const o = game.outcome(p);
        if (o === null) continue;
        ended++;
        expect(o.text, o.reason).toBeDefined();
        expect(english.text(o.text!)).toBe(o.reason);
        for (const lang of ["pl", "de", "sw", "ro"] as const) {
          const said = translator(lang).text(o.text!);
          expect(said).not.toMatch(/\b(?:outcome|side|n)\.[a-zA-Z]+/);
          expect(said).not.toContain("{{");
        }
      }
      expect(ended).toBeGreaterThan(0);
    });
  }
});
