/**
 * Properties of every four-row game over random legal positions: random
 * distributions of the game's stones, either side to move, every option
 * combination (small `maxStages` and optional captures included).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Game, LegalMove, Position } from "../../../src/games/core/types.js";
import { formatMove, parseMove, type FourRowMove } from "../../../src/games/mancala4x8/index.js";
import {
  GAME_IDS,
  TOTAL,
  getGame,
  moveHead,
  pitsOf,
  positionJsonArb,
  replayTrace,
  seededRandom,
  total,
  type GameId,
  type PositionJSON,
} from "./helpers.js";
import { propertyRuns } from "../../property-runs.js";
import { expectApplyAsListed, expectJsonRoundTrip, expectLegalPrefix } from "../checks.js";
import { expectNotationRoundTrip, expectRandomMovesListed, propertyOver } from "../checks.js";
import { setup as setupPosition } from "../checks.js";

/** Runs per property and game: 5 games x RUNS positions per property (test/property-runs.ts). */
const RUNS = propertyRuns(240);
/** A cap on `legal` so that a rare explosive position cannot stall a run. */
const CAP = 20_000;

function setup(json: PositionJSON): { game: Game; position: Position } {
  return setupPosition(getGame(json.game), json);
}

/** The full legal list, or null when it is longer than CAP (the run is skipped). */
function allMoves(game: Game, position: Position): readonly LegalMove<Position>[] | null {
  const l = game.legal(position, CAP);
  return l.truncated ? null : l.moves;
}

/** At most `n` moves spread over the list. */
function sample<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(list[Math.floor((i * list.length) / n)] as T);
  return out;
}

/** A property over the game's random positions, given each as JSON and parsed. */
function prop(
  id: GameId,
  check: (json: PositionJSON, game: Game, position: Position) => void,
  runs = RUNS,
) {
  propertyOver(positionJsonArb(id), getGame, check, runs);
}

describe.each(GAME_IDS.map((id) => [id] as const))("%s properties", (id) => {
  it("CORE-6 stones are conserved; the other side moves next; game and options unchanged", () => {
    prop(id, (json, game, position) => {
      const moves = allMoves(game, position);
      fc.pre(moves !== null);
      for (const m of moves ?? []) {
        expect(total(pitsOf(game, m.position))).toBe(TOTAL[id]);
        expect(m.position.toMove).toBe(json.toMove === "S" ? "N" : "S");
        expect(m.position.game).toBe(id);
        expect(m.position.options).toEqual(position.options);
      }
    });
  });

  it("replaying each trace on the old board gives exactly the new board (hand empty at the end)", () => {
    prop(id, (json, game, position) => {
      const moves = allMoves(game, position);
      fc.pre(moves !== null);
      const optional = json.options?.capture === "optional";
      for (const m of sample(moves ?? [], 60)) {
        const { start, sign } = moveHead(m.move);
        const replay = replayTrace(json.pits, m.trace, json.toMove, start, sign);
        expect(replay.pits).toEqual(pitsOf(game, m.position));
        // CORE-5: one lift per stage, never more than maxStages.
        expect(replay.stages).toBeLessThanOrEqual(position.options.maxStages as number);
        // The move names one choice per opportunity; each x is one capture (one or two steps).
        const choices = m.move.split("/")[1] ?? "";
        if (!optional) expect(choices).toBe("");
        else {
          const taken = [...choices].filter((c) => c === "x").length;
          const groups = m.trace.filter(
            (s, i) => s.op === "capture" && m.trace[i - 1]?.op !== "capture",
          ).length;
          expect(groups).toBe(taken);
        }
      }
    });
  });

  it("apply(move) of every listed move gives the same position and trace as legal", () => {
    prop(id, (json, game, position) => {
      const moves = allMoves(game, position);
      fc.pre(moves !== null);
      expectApplyAsListed(game, position, sample(moves ?? [], 40));
    });
  });

  it("legal is sorted by move string without duplicates; limit k gives the prefix and truncated iff more exist", () => {
    fc.assert(
      fc.property(positionJsonArb(id), fc.nat({ max: 60 }), (json, k) => {
        const { game, position } = setup(json);
        const moves = allMoves(game, position);
        fc.pre(moves !== null);
        const names = (moves ?? []).map((m) => m.move);
        for (let i = 1; i < names.length; i++) {
          expect((names[i - 1] as string) < (names[i] as string)).toBe(true);
        }
        expectLegalPrefix(game, position, moves ?? [], k);
      }),
      { numRuns: RUNS },
    );
  });

  it("positions round-trip: parsePosition(positionToJSON(p)) = p, through JSON.stringify too", () => {
    // the generated JSON carries every option, so the JSON form comes back unchanged
    prop(id, (json, game, position) => expectJsonRoundTrip(game, position, json), RUNS * 2);
  });

  it("moves round-trip: formatMove(parseMove(s)) = s for every legal move", () => {
    prop(id, (_json, game, position) => {
      expectNotationRoundTrip(game.legal(position, 500).moves, parseMove, formatMove);
    });
  });

  it("outcome is null iff legal is non-empty; perft(p, 1) is the number of moves, or 1 when over", () => {
    prop(id, (json, game, position) => {
      const moves = allMoves(game, position);
      fc.pre(moves !== null);
      const n = (moves ?? []).length;
      const o = game.outcome(position);
      expect(o === null).toBe(n > 0);
      if (o !== null) {
        expect(o.reason.length).toBeGreaterThan(0);
        expect(o.winner === null || o.winner === "S" || o.winner === "N").toBe(true);
      }
      expect(game.perft(position, 1)).toBe(n > 0 ? n : 1);
    });
  });

  it("perft(p, 2) is the sum of perft(child, 1) over the legal moves", () => {
    prop(
      id,
      (json, game, position) => {
        const moves = game.legal(position, 300);
        fc.pre(!moves.truncated);
        let sum = 0;
        for (const m of moves.moves) {
          const kids = game.legal(m.position, 2000);
          fc.pre(!kids.truncated);
          sum += kids.moves.length > 0 ? kids.moves.length : 1;
        }
        expect(game.perft(position, 2)).toBe(moves.moves.length > 0 ? sum : 1);
      },
      RUNS / 4,
    );
  });

  it("randomMove returns one of the legal moves (same position and trace), null iff the game is over", () => {
    fc.assert(
      fc.property(positionJsonArb(id), fc.integer(), (json, seed) => {
        const { game, position } = setup(json);
        const moves = allMoves(game, position);
        fc.pre(moves !== null);
        const random = seededRandom(seed);
        expectRandomMovesListed(game, position, moves ?? [], random);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("move notation", () => {
  it("parseMove(formatMove(m)) = m for any start, direction and choices", () => {
    const moveArb: fc.Arbitrary<FourRowMove> = fc.record({
      start: fc.integer({ min: 0, max: 31 }),
      dir: fc.constantFrom(0 as const, 1 as const),
      choices: fc.array(fc.constantFrom(0, 1), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(moveArb, (m) => {
        const text = formatMove(m);
        expect(text).toMatch(/^[A-D][1-8][+-](\/[x.]+)?$/);
        const back = parseMove(text);
        if (!back.ok) throw new Error(back.error.message);
        expect(back.value).toEqual(m);
      }),
      { numRuns: 3000 },
    );
  });
});
