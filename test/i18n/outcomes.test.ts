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

/**
 * Abalone's misplays (a board no legal move reaches, read as the push made):
 * in English the message says exactly the game's own words; random boards
 * near random positions (a marble slid to a neighbouring hole, another moved
 * out of turn, a marble taken away), plain and with AB-9's obstacles, traps
 * and shields.
 */
describe("Abalone's misplays as messages", () => {
  const abalone = games.find((g) => g.id === "abalone") as Game<Position>;
  const OPTIONS = [
    {},
    { obstacles: ["E5"], traps: ["D4"] },
    { shapes: true },
    { singleColour: true },
  ];
  it("say in English exactly the game's words, and in the other languages no id", () => {
    const random = seededRandom(7);
    const seen = new Set<string>();
    for (const options of OPTIONS) {
      const start = abalone.initial(options);
      if (!start.ok) throw new Error(start.error.message);
      let p = start.value;
      for (let ply = 0; ply < 30 && abalone.outcome(p) === null; ply++) {
        const view = abalone.sensorView(p);
        for (let k = 0; k < 30; k++) {
          const counts = [...view.counts];
          const i = Math.floor(random() * counts.length);
          const j = Math.floor(random() * counts.length);
          if (counts[i] === 1 && counts[j] === 0) [counts[i], counts[j]] = [0, 1];
          else if (counts[i] === 1) counts[i] = 0;
          const m = abalone.misplay?.(p, counts) ?? null;
          if (m === null) continue;
          seen.add(m.rule);
          expect(m.text, m.message).toBeDefined();
          expect(english.text(m.text!)).toBe(m.message);
          for (const lang of ["pl", "de", "sw", "ro"] as const) {
            const said = translator(lang).text(m.text!);
            expect(said).toContain(`(${m.rule})`);
            expect(said).not.toMatch(/\b(?:abalone|side|colour)\.[a-zA-Z]+/);
          }
        }
        const moves = abalone.legal(p, 64).moves;
        if (moves.length === 0) break;
        p = moves[Math.floor(random() * moves.length)]!.position;
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
