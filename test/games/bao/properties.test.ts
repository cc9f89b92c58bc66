/**
 * Properties of bao-kiswahili and bao-kujifunza over random valid positions:
 * random spreads of the seeds on the board and in hand, owned or lost nyumba
 * (often functional), either side to move, every option combination (small
 * `maxStages`, both taxes, both safari rules, takasia with and without a
 * blocked pit).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Game, LegalMove, Position } from "../../../src/games/core/types.js";
import { formatMove, parseMove, type BaoMove } from "../../../src/games/bao/index.js";
import {
  BAO_IDS,
  getGame,
  handOf,
  pitsOf,
  positionJsonArb,
  replayTrace,
  seededRandom,
  total,
  type BaoId,
  type BaoJSON,
} from "./helpers.js";
import { propertyRuns } from "../../property-runs.js";
import { expectApplyAsListed, expectJsonRoundTrip, expectLegalPrefix } from "../checks.js";
import { expectNotationRoundTrip, expectRandomMovesListed, propertyOver } from "../checks.js";
import { setup as setupPosition } from "../checks.js";

/** Runs per property and game (test/property-runs.ts: scale them for a deeper search). */
const RUNS = propertyRuns(200);

function setup(json: BaoJSON): { game: Game; position: Position } {
  return setupPosition(getGame(json.game), json);
}

function allMoves(game: Game, position: Position): readonly LegalMove<Position>[] {
  const l = game.legal(position);
  expect(l.truncated).toBe(false);
  return l.moves;
}

/** A property over the game's random positions, given each as JSON and parsed. */
function prop(
  id: BaoId,
  check: (json: BaoJSON, game: Game, position: Position) => void,
  runs = RUNS,
) {
  propertyOver(positionJsonArb(id), getGame, check, runs);
}

const PITS = ["A", "B", "C", "D"].flatMap((r) => [1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${r}${c}`));
const SUFFIXES = ["+", "-", "*", "*L", "*R", "*+", "*-"];
const CHOICES = ["", "/s", "/.", "/s.", "/..", "/ss"];

describe.each(BAO_IDS.map((id) => [id] as const))("%s properties", (id) => {
  it("seeds are conserved (board and hands, 64); the other side moves next; game and options unchanged", () => {
    prop(id, (json, game, position) => {
      for (const m of allMoves(game, position)) {
        const h = handOf(game, m.position);
        expect(total(pitsOf(game, m.position)) + h.S + h.N).toBe(64);
        expect(m.position.toMove).toBe(json.toMove === "S" ? "N" : "S");
        expect(m.position.game).toBe(id);
        expect(m.position.options).toEqual(position.options);
        // the new position is valid in its JSON form (an owned nyumba holds seeds, …)
        const again = game.parsePosition(
          JSON.parse(JSON.stringify(game.positionToJSON(m.position))),
        );
        if (!again.ok)
          throw new Error(`${m.move} leads to an invalid position: ${again.error.message}`);
        expect(again.value).toEqual(m.position);
      }
    });
  });

  it("replaying each trace (place, lift, sow, capture) on the old board and hand gives the new board and hand", () => {
    prop(id, (json, game, position) => {
      const before = handOf(game, position);
      for (const m of allMoves(game, position)) {
        const replay = replayTrace(json.pits, before, m.trace, json.toMove);
        expect(replay.pits).toEqual(pitsOf(game, m.position));
        expect(replay.hand).toEqual(handOf(game, m.position));
        // BK-18: one lift or capture per sowing, never more than maxStages.
        expect(replay.stages).toBeLessThanOrEqual(position.options.maxStages as number);
        // BK-9: a namua turn (seeds in hand) starts with a placement, a mtaji-phase turn with a lift.
        const namua = id === "bao-kiswahili" && before[json.toMove] > 0;
        expect(m.trace[0]?.op).toBe(namua ? "place" : "lift");
        expect(m.move.includes("*")).toBe(namua);
        // Only a mtaji turn captures; it captures at once (namua `*` without +/-), or after the first sowing.
        const captures = m.trace.filter((s) => s.op === "capture").length;
        if (/\*[+-]/.test(m.move)) expect(captures).toBe(0);
        if (namua && !/\*[+-]/.test(m.move)) expect(m.trace[1]?.op).toBe("capture");
        // Choices: one per safari, only with safari: choice.
        const choices = m.move.split("/")[1] ?? "";
        if (json.options?.safari === "mandatory" || id === "bao-kujifunza")
          expect(choices).toBe("");
        expect(choices.length).toBeLessThanOrEqual(1);
      }
    });
  });

  it("BK-8: either every legal move captures or none does", () => {
    prop(id, (json, game, position) => {
      const moves = allMoves(game, position);
      const capturing = moves.filter((m) => m.trace.some((s) => s.op === "capture")).length;
      expect(capturing === 0 || capturing === moves.length).toBe(true);
    });
  });

  it("apply(move) of every listed move gives the same position and trace as legal", () => {
    prop(id, (json, game, position) => {
      expectApplyAsListed(game, position, allMoves(game, position));
    });
  });

  it("apply refuses every well-formed move legal does not list, with a reason", () => {
    prop(
      id,
      (json, game, position) => {
        const listed = new Set(allMoves(game, position).map((m) => m.move));
        const over = game.outcome(position) !== null;
        for (const pit of PITS) {
          for (const suffix of SUFFIXES) {
            for (const c of CHOICES) {
              const move = `${pit}${suffix}${c}`;
              if (listed.has(move)) continue;
              const r = game.apply(position, move);
              expect(r.ok, move).toBe(false);
              if (!r.ok) {
                expect(r.error.code).toBe(over ? "game-over" : "illegal-move");
                expect(r.error.message.length).toBeGreaterThan(10);
              }
            }
          }
        }
      },
      40,
    );
  });

  it("legal is sorted by move string without duplicates; limit k gives the prefix and truncated iff more exist", () => {
    fc.assert(
      fc.property(positionJsonArb(id), fc.nat({ max: 40 }), (json, k) => {
        const { game, position } = setup(json);
        const moves = allMoves(game, position);
        const names = moves.map((m) => m.move);
        expect(names).toEqual([...names].sort());
        expect(new Set(names).size).toBe(names.length);
        expectLegalPrefix(game, position, moves, k);
      }),
      { numRuns: RUNS },
    );
  });

  it("positions round-trip: positionToJSON(parsePosition(j)) = j and parsePosition(positionToJSON(p)) = p", () => {
    prop(id, (json, game, position) => expectJsonRoundTrip(game, position, json), RUNS * 2);
  });

  it("moves round-trip: formatMove(parseMove(s)) = s for every legal move", () => {
    prop(id, (_json, game, position) => {
      expectNotationRoundTrip(allMoves(game, position), parseMove, formatMove);
    });
  });

  it("outcome is null iff legal is non-empty; perft(p, 1) is the number of moves, or 1 when over", () => {
    prop(id, (json, game, position) => {
      const n = allMoves(game, position).length;
      const o = game.outcome(position);
      expect(o === null).toBe(n > 0);
      if (o !== null) {
        expect(o.reason).toMatch(/^BK-17: /);
        expect(o.winner === "S" || o.winner === "N").toBe(true);
        const h = handOf(game, position);
        expect(o.score.S + o.score.N).toBe(total(json.pits) + h.S + h.N);
      }
      expect(game.perft(position, 1)).toBe(n > 0 ? n : 1);
    });
  });

  it("perft(p, 2) is the sum over the legal moves of perft(child, 1)", () => {
    prop(
      id,
      (json, game, position) => {
        const moves = allMoves(game, position);
        let sum = 0;
        for (const m of moves) sum += Math.max(1, game.legal(m.position).moves.length);
        expect(game.perft(position, 2)).toBe(moves.length > 0 ? sum : 1);
      },
      RUNS / 4,
    );
  });

  it("randomMove returns one of the legal moves (same position and trace), null iff the game is over", () => {
    fc.assert(
      fc.property(positionJsonArb(id), fc.integer(), (json, seed) => {
        const { game, position } = setup(json);
        expectRandomMovesListed(game, position, allMoves(game, position), seededRandom(seed));
      }),
      { numRuns: RUNS },
    );
  });

  it("playout plays the same game as randomMove would allow: at least one ply iff there is a legal move", () => {
    fc.assert(
      fc.property(positionJsonArb(id), fc.integer(), (json, seed) => {
        const { game, position } = setup(json);
        const n = allMoves(game, position).length;
        const plies = game.playout(position, seededRandom(seed), 50);
        expect(plies).toBeLessThanOrEqual(50);
        expect(plies > 0).toBe(n > 0);
      }),
      { numRuns: RUNS / 2 },
    );
  });

  it("sensorView shows the board's counts (the reserve is off the board)", () => {
    prop(id, (json, game, position) => {
      const v = game.sensorView(position);
      expect(v.geometry).toBe("4x8");
      expect(v.pits).toEqual(PITS);
      expect(v.counts).toEqual([...json.pits.A, ...json.pits.B, ...json.pits.C, ...json.pits.D]);
    });
  });
});

describe("notation", () => {
  it("parse(print(m)) = m for every start token and choice string", () => {
    const moveArb: fc.Arbitrary<BaoMove> = fc.record({
      pit: fc.integer({ min: 0, max: 31 }),
      variant: fc.integer({ min: 0, max: 6 }),
      choices: fc.array(fc.integer({ min: 0, max: 1 }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(moveArb, (m) => {
        const text = formatMove(m);
        const back = parseMove(text);
        if (!back.ok) throw new Error(back.error.message);
        expect(back.value).toEqual(m);
        expect(formatMove(back.value)).toBe(text);
      }),
    );
  });

  it("rejects what is not a move", () => {
    for (const bad of ["", "B3", "B9+", "E1+", "B3+/", "B3+/x", "B3*S", "B3**", "b3+", "B3+/s "]) {
      const r = parseMove(bad);
      expect(r.ok, bad).toBe(false);
    }
  });
});
