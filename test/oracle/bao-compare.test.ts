/**
 * The Bao engine against the independent Bao oracle (each written from
 * shared/rules alone, neither reading the other): on positions reached by
 * random play and on random spreads of seeds, both must list the same moves,
 * positions and traces, and agree on who has won.
 */
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import { seededRandom } from "../../src/shared/random.js";
import type { Position } from "../../src/games/core/types.js";
import {
  baoDefaultOptions,
  baoInitial,
  baoLegal,
  baoOutcome,
  type BaoOptions,
  type BaoPosition,
} from "./bao-oracle.js";

function engine(json: BaoPosition) {
  const game = findGame(json.game);
  if (!game) throw new Error(json.game);
  const parsed = game.parsePosition(json);
  if (!parsed.ok) throw new Error(`${parsed.error.message} in ${JSON.stringify(json)}`);
  return {
    moves: game.legal(parsed.value).moves.map((m) => ({
      move: m.move,
      position: game.positionToJSON(m.position as Position),
      trace: m.trace,
    })),
    outcome: game.outcome(parsed.value),
  };
}

/** Positions along random games from the initial position (namua and mtaji phases). */
function playedPositions(game: string, options: Partial<BaoOptions>, seed: number): BaoPosition[] {
  const random = seededRandom(seed);
  const out: BaoPosition[] = [];
  let p = baoInitial(game, options);
  for (let ply = 0; ply < 80; ply++) {
    out.push(p);
    const moves = baoLegal(p);
    if (moves.length === 0) break;
    p = moves[Math.floor(random() * moves.length)].position;
  }
  return out;
}

/** Random spreads of 64 seeds over pits and (kiswahili) hands, with nyumba ownership. */
function spreadPositions(
  game: string,
  options: BaoOptions,
  seed: number,
  n: number,
): BaoPosition[] {
  const random = seededRandom(seed);
  const out: BaoPosition[] = [];
  for (let k = 0; k < n; k++) {
    const counts = new Array<number>(32).fill(0);
    const hand = { S: 0, N: 0 };
    const kiswahili = game === "bao-kiswahili";
    const spread = 6 + Math.floor(random() * 26);
    const pits = Array.from({ length: 32 }, (_, i) => i)
      .sort(() => random() - 0.5)
      .slice(0, spread);
    for (let s = 0; s < 64; s++) {
      if (kiswahili && random() < 0.15) hand[random() < 0.5 ? "S" : "N"]++;
      else counts[pits[Math.floor(random() * spread)]]++;
    }
    const row = (r: number) => counts.slice(r * 8, r * 8 + 8);
    const p: BaoPosition = {
      game,
      options,
      toMove: random() < 0.5 ? "S" : "N",
      pits: { A: row(0), B: row(1), C: row(2), D: row(3) },
    };
    if (kiswahili) {
      p.hand = hand;
      // The nyumba (B5 = index 12, C4 = index 19) can be owned only while it holds seeds.
      p.nyumba = { S: counts[12] > 0 && random() < 0.6, N: counts[19] > 0 && random() < 0.6 };
      if (options.takasia) p.blocked = null;
    }
    out.push(p);
  }
  return out;
}

function agree(p: BaoPosition): void {
  const expected = baoLegal(p);
  const got = engine(p);
  expect(got.moves, JSON.stringify(p)).toEqual(expected);
  const outcome = baoOutcome(p);
  expect(got.outcome?.winner ?? "none", JSON.stringify(p)).toBe(outcome?.winner ?? "none");
}

const CASES: { game: string; options: Partial<BaoOptions> }[] = [
  { game: "bao-kiswahili", options: {} },
  { game: "bao-kiswahili", options: { setup: "malawi" } },
  { game: "bao-kiswahili", options: { nyumbaTax: "only-if-no-other" } },
  { game: "bao-kiswahili", options: { safari: "mandatory" } },
  { game: "bao-kiswahili", options: { takasia: true } },
  { game: "bao-kiswahili", options: { maxStages: 4 } },
  { game: "bao-kujifunza", options: {} },
  { game: "bao-kujifunza", options: { maxStages: 3 } },
];

describe("the Bao engine agrees with the independent oracle", () => {
  for (const c of CASES) {
    const options = { ...baoDefaultOptions(c.game), ...c.options } as BaoOptions;
    it(`${c.game} ${JSON.stringify(c.options)}: positions from random play`, () => {
      for (let seed = 1; seed <= 6; seed++) {
        for (const p of playedPositions(c.game, c.options, seed)) agree(p);
      }
    });
    it(`${c.game} ${JSON.stringify(c.options)}: random spreads of seeds`, () => {
      for (const p of spreadPositions(c.game, options, 99, 150)) agree(p);
    });
  }
});
