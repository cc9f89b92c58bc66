/**
 * The Kalah engine (src/games/kalah) against the independent oracle
 * (./kalah-oracle.ts, written from docs/rules/kalah.md alone): on random
 * positions, from play and from random spreads of the stones, both must list
 * the same moves in the same order with the same positions and traces, end
 * the game the same way, and count the same perft leaves.
 */
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import { TWO_ROW_PITS, compareWithOracle, parseFor } from "./two-row-compare.js";
import { kaInitial, kaLegal, kaOutcome, kaPerft, type KaJson } from "./kalah-oracle.js";

const game = findGame("kalah") as Game;
const PITS = TWO_ROW_PITS;

/** A random spread of 12 × stones over the pits and stores, either side to move. */
function spread(random: () => number): KaJson {
  const stones = 3 + Math.floor(random() * 4);
  const p = kaInitial(stones, random() < 0.5);
  const places = [...PITS, "SC", "NC"];
  const counts = new Map(places.map((x) => [x, 0]));
  // Now and then a crowded pit, for laps of 13 stones or more.
  const heavy = random() < 0.3 ? places[Math.floor(random() * 12)] : null;
  for (let k = 0; k < 12 * stones; k++) {
    const at =
      heavy !== null && random() < 0.4 ? heavy : places[Math.floor(random() * places.length)];
    counts.set(at as string, (counts.get(at as string) ?? 0) + 1);
  }
  for (const pit of PITS) p.pits[pit] = counts.get(pit) ?? 0;
  p.stores = { S: counts.get("SC") ?? 0, N: counts.get("NC") ?? 0 };
  p.toMove = random() < 0.5 ? "S" : "N";
  return p;
}

/** A position some random plies into a game with random options. */
function played(random: () => number): KaJson {
  let p = kaInitial(3 + Math.floor(random() * 4), random() < 0.3);
  const plies = Math.floor(random() * 60);
  for (let k = 0; k < plies; k++) {
    const moves = kaLegal(p);
    if (moves.length === 0) break;
    p = (moves[Math.floor(random() * moves.length)] as { position: KaJson }).position;
  }
  return p;
}

const parse = (json: KaJson): Position => parseFor(game, json);

describe("the Kalah engine agrees with the independent oracle (kalah.md)", () => {
  it("on 2,400 random positions: moves, order, positions, traces, outcomes", () => {
    const random = seededRandom(31);
    const seen = new Map<string, number>();
    const note = (kind: string) => seen.set(kind, (seen.get(kind) ?? 0) + 1);
    let disagreements = 0;
    for (let k = 0; k < 2400; k++) {
      const json = k % 2 === 0 ? spread(random) : played(random);
      const { want, outcome, agreed } = compareWithOracle(game, json, kaLegal, kaOutcome);
      if (!agreed) disagreements++;
      if (outcome !== null) note("game over");
      for (const m of want) {
        if (m.trace.some((s) => s.op === "capture")) note("capture");
        if (m.position.toMove === json.toMove && kaOutcome(m.position) === null) note("extra turn");
        if ((m.trace[0] as { n: number }).n >= 13) note("lap");
        if (
          m.position.options.emptyCapture &&
          m.trace.filter((s) => s.op === "lift").length === 2 &&
          !m.trace.some((s) => s.op === "capture")
        )
          note("lone stone");
      }
    }
    expect(disagreements).toBe(0);
    for (const kind of ["game over", "capture", "extra turn", "lap", "lone stone"]) {
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  });

  it("counts the same perft leaves from the start (depths 1–5) and from played positions", () => {
    for (const stones of [4, 6]) {
      for (let depth = 1; depth <= 5; depth++) {
        const start = kaInitial(stones);
        expect(game.perft(parse(start), depth), `stones=${stones} depth ${depth}`).toBe(
          kaPerft(start, depth),
        );
      }
    }
    const random = seededRandom(7);
    for (let k = 0; k < 40; k++) {
      const json = played(random);
      expect(game.perft(parse(json), 3)).toBe(kaPerft(json, 3));
    }
  });
});
