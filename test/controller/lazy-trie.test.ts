/**
 * The lazy trie (from `Game.turnTree`) decides exactly as the eager one (from
 * `Game.legal`): the same verdicts, completed moves, guidance and mistakes for
 * the same readings, in positions small enough to list every move.
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { classifyMistake } from "../../src/controller/mistakes.js";
import {
  candidateMoves,
  guide,
  startTurn,
  track,
  type TurnTracker,
} from "../../src/controller/tracking.js";
import { NOISY, traceReadings } from "./streams.js";
import { PITS_4X8, counts } from "./harness.js";
import { gameOf } from "./scenario.js";

/** The same game without `turnTree`: the controller lists its moves with `legal`. */
function eagerOf(game: Game<Position>): Game<Position> {
  const eager = Object.create(game) as Game<Position>;
  Object.defineProperty(eager, "turnTree", { value: undefined });
  return eager;
}

/** What the controller shows and decides after a reading (candidates: lazy counts are a lower bound). */
function view(t: TurnTracker<Position>) {
  const { candidates, ...g } = guide(t);
  return { guide: g, some: candidates > 0, moves: candidateMoves(t, 100_000) };
}

const CONFIGS = [
  { game: "hus", options: { capture: "optional", maxStages: 12 } },
  { game: "bao-de", options: { capture: "optional", maxStages: 8 } },
  { game: "bao-de", options: { capture: "optional" } },
  { game: "husbao-bis", options: {} },
] as const;

describe("lazy trie = eager trie", () => {
  CONFIGS.forEach((c, i) => {
    it(`${c.game} ${JSON.stringify(c.options)}: verdicts, guidance and mistakes agree`, () => {
      const game = gameOf(c.game);
      const eager = eagerOf(game);
      expect(eager.turnTree).toBeUndefined();
      const random = seededRandom(77 + i);
      const init = game.initial(c.options);
      if (!init.ok) throw new Error(init.error.message);
      let p = init.value;
      let checked = 0;
      let mistakes = 0;
      for (let ply = 0; ply < 30; ply++) {
        const m = game.randomMove(p, random);
        if (m === null) break;
        if (game.perft(p, 1) <= 2000) {
          let lazy = startTurn(game, p);
          let full = startTurn(eager, p);
          expect(lazy.trie.lazy).toBe(true);
          expect(full.trie.lazy).toBe(false);
          const readings = traceReadings(counts(game, p), m.trace, PITS_4X8, random, NOISY);
          let at = 0;
          for (const r of readings) {
            if (!r.settled) continue;
            at += 250;
            const reading = Int16Array.from(r.counts);
            if (random() < 0.1) {
              // A wrong reading: one stone moved to a random pit. Both must classify it alike.
              const wrong = reading.slice();
              const from = wrong.findIndex((v) => v > 0);
              wrong[from] = (wrong[from] as number) - 1;
              const to = Math.floor(random() * wrong.length);
              wrong[to] = (wrong[to] as number) + 1;
              const a = track(lazy, wrong, at);
              const b = track(full, wrong, at);
              expect(a.verdict.kind).toBe(b.verdict.kind);
              if (a.verdict.kind === "inconsistent") {
                mistakes++;
                expect(classifyMistake(lazy, wrong).mistake).toEqual(
                  classifyMistake(full, wrong).mistake,
                );
              }
            }
            const a = track(lazy, reading, at);
            const b = track(full, reading, at);
            expect(a.verdict.kind).toBe(b.verdict.kind);
            if (a.verdict.kind === "complete" && b.verdict.kind === "complete") {
              expect(a.verdict.move.move).toBe(b.verdict.move.move);
              expect(a.verdict.move.trace).toEqual(b.verdict.move.trace);
              break;
            }
            lazy = a.tracker;
            full = b.tracker;
            expect(view(lazy)).toEqual(view(full));
            checked++;
          }
        }
        p = m.position;
      }
      expect(checked).toBeGreaterThan(50);
      expect(mistakes).toBeGreaterThan(3);
    });
  });
});
