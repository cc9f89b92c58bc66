/**
 * The engine against the independent oracle (written from the rules alone,
 * without reading src/games/mancala4x8): on random positions of every game
 * and option, both must list the same legal moves — same strings, same
 * resulting positions, same traces — and the same outcome.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/random.js";
import type { Position as EnginePosition } from "../../src/games/core/types.js";
import {
  ORACLE_GAMES,
  defaultOptions,
  oracleLegal,
  oracleOutcome,
  type Options,
  type Position,
} from "./mancala4x8-oracle.js";

const TOTAL: Record<string, number> = {
  husbao: 48,
  "husbao-bis": 48,
  "husbao-front": 48,
  hus: 48,
  "bao-de": 64,
};

/** Random positions: the stone total spread over the 32 pits, biased towards few per pit. */
function randomPosition(game: string, options: Options, seed: number): Position {
  const random = seededRandom(seed);
  const counts = new Array<number>(32).fill(0);
  const spread = 4 + Math.floor(random() * 29); // stones go to this many pits
  const pits = Array.from({ length: 32 }, (_, i) => i)
    .sort(() => random() - 0.5)
    .slice(0, spread);
  for (let s = 0; s < TOTAL[game]; s++) counts[pits[Math.floor(random() * spread)]]++;
  const row = (r: number) => counts.slice(r * 8, r * 8 + 8);
  return {
    game,
    options,
    toMove: random() < 0.5 ? "S" : "N",
    pits: { A: row(0), B: row(1), C: row(2), D: row(3) },
  } as Position;
}

function engineLegal(json: Position) {
  const game = findGame(json.game);
  if (!game) throw new Error(`no game ${json.game}`);
  const parsed = game.parsePosition(json);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const legal = game.legal(parsed.value);
  return {
    moves: legal.moves.map((m) => ({
      move: m.move,
      position: game.positionToJSON(m.position as EnginePosition),
      trace: m.trace,
    })),
    outcome: game.outcome(parsed.value),
  };
}

const CASES: { game: string; options: Partial<Options>; runs: number }[] = [
  ...ORACLE_GAMES.map((game) => ({ game, options: {}, runs: 300 })),
  ...ORACLE_GAMES.map((game) => ({
    game,
    options: { direction: game === "hus" ? "ccw" : "cw" } as Partial<Options>,
    runs: 100,
  })),
  { game: "hus", options: { capture: "optional" }, runs: 80 },
  { game: "bao-de", options: { capture: "optional" }, runs: 25 },
  { game: "husbao", options: { maxStages: 3 }, runs: 150 },
  { game: "hus", options: { capture: "optional", maxStages: 4 }, runs: 150 },
  { game: "bao-de", options: { capture: "optional", maxStages: 5 }, runs: 100 },
];

describe("engine agrees with the independent oracle on random positions", () => {
  for (const c of CASES) {
    it(`${c.game} ${JSON.stringify(c.options)}: legal moves, positions, traces, outcome`, () => {
      const options = { ...defaultOptions(c.game), ...c.options } as Options;
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
          const position = randomPosition(c.game, options, seed);
          const oracleMoves = oracleLegal(position);
          if (oracleMoves.length > 3000) return; // too slow for the oracle; skip
          const engine = engineLegal(position);
          expect(engine.moves).toEqual(oracleMoves);
          const expected = oracleOutcome(position);
          if (expected === null) expect(engine.outcome).toBeNull();
          else {
            expect(engine.outcome?.winner).toBe(expected.winner);
            expect(engine.outcome?.score).toEqual(expected.score);
          }
        }),
        { numRuns: c.runs, seed: 20261122 },
      );
    });
  }
});
