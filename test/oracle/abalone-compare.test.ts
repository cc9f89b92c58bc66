/**
 * The Abalone engine (src/games/abalone, through `findGame("abalone")` and the
 * generic `Game` interface) against the independent oracle
 * (./abalone-oracle.ts, written from docs/rules/abalone.md alone): the same
 * starts, the same perft, the same refusals of invalid positions, and along
 * random whole games from each start and from random unusual positions the
 * same moves in the same order with the same positions and traces, the same
 * move played to the same position and trace, and the same outcome.
 */
import { describe, expect, it } from "vitest";
import { handleRequest } from "../../src/engine/handler.js";
import { findGame } from "../../src/games/index.js";
import type { Game } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import { propertyRuns } from "../property-runs.js";
import {
  STARTS,
  abInitial,
  abLegal,
  abOutcome,
  abParse,
  abPerft,
  type AbOptions,
} from "./abalone-oracle.js";
import {
  agree,
  invalidPositions,
  moveShapedStrings,
  parse,
  playGame,
  randomPosition,
  specialPositions,
  stats,
} from "./abalone-agree.js";

/** The engine, or a loud failure while it is not registered. */
function engine(): Game {
  const game = findGame("abalone");
  if (game === undefined) {
    throw new Error(
      'findGame("abalone") is undefined: the Abalone engine (src/games/abalone) is not registered in ' +
        "src/games/index.ts, so nothing was compared with the oracle",
    );
  }
  return game;
}

describe("the Abalone engine agrees with the independent oracle", () => {
  it("is registered as abalone", () => {
    expect(engine().id).toBe("abalone");
  });

  it("AB-1, AB-7: the same starting positions, with and without handicap options", () => {
    const game = engine();
    const variants: Partial<AbOptions>[] = [
      {},
      ...STARTS.map((start) => ({ start })),
      { leaveOut: ["A1", "A5", "C4"] },
      { start: "belgian-daisy", leaveOut: ["I5", "I6"], pushOffsToWin: { b: 4, w: 6 } },
      { start: "german-daisy", moveLimit: 30, noPushLimit: 15 },
      { start: "german-daisy", leaveOut: ["B1", "B5", "H9"], pushOffsToWin: { b: 1, w: 2 } },
    ];
    for (const options of variants) {
      const got = game.initial(options);
      if (!got.ok)
        throw new Error(`engine refuses ${JSON.stringify(options)}: ${got.error.message}`);
      expect(game.positionToJSON(got.value), JSON.stringify(options)).toEqual(abInitial(options));
      agree(game, abInitial(options));
    }
  });

  it("AB-1: the same perft from the three starts (depth 2; standard depth 3 is the rules' 98,912)", () => {
    const game = engine();
    for (const start of STARTS) {
      const p = abInitial({ start });
      expect(game.perft(parse(game, p), 2), start).toBe(abPerft(p, 2));
    }
    expect(game.perft(parse(game, abInitial()), 3)).toBe(98912);
  });

  it("refuses the invalid positions the rules name, and reads missing counters as 0", () => {
    const game = engine();
    for (const [name, json] of invalidPositions()) {
      expect(abParse(json).ok, `oracle: ${name}`).toBe(false);
      expect(game.parsePosition(json).ok, name).toBe(false);
    }
    const bare: Record<string, unknown> = { ...abInitial() };
    delete bare.moveCount;
    delete bare.noPushCount;
    expect(game.positionToJSON(parse(game, bare))).toEqual(abInitial());
  });

  it("through kete engine's requests: initial, legal (with limit), apply, outcome as the spec writes them", () => {
    engine();
    for (const start of STARTS) {
      expect(handleRequest({ cmd: "initial", game: "abalone", options: { start } })).toEqual({
        position: abInitial({ start }),
      });
    }
    const random = seededRandom(31);
    for (let i = 0; i < 20; i++) {
      const p = randomPosition(random);
      const moves = abLegal(p);
      const where = JSON.stringify(p);
      expect(handleRequest({ cmd: "legal", position: p }), where).toEqual({ moves });
      const cut = handleRequest({ cmd: "legal", position: p, limit: 1 });
      expect(cut, where).toEqual(
        moves.length > 1 ? { moves: moves.slice(0, 1), truncated: true } : { moves },
      );
      const m = moves[Math.floor(random() * moves.length)];
      if (m !== undefined) {
        const applied = handleRequest({ cmd: "apply", position: p, move: m.move });
        expect(applied, where).toEqual({ position: m.position, trace: m.trace });
      }
      const expected = abOutcome(p);
      const got = handleRequest({ cmd: "outcome", position: p }).outcome as Record<
        string,
        unknown
      > | null;
      if (expected === null) expect(got, where).toBeNull();
      else {
        expect(got?.winner, where).toBe(expected.winner);
        expect(got?.score, where).toEqual(expected.score);
        expect(got?.reason, where).toContain(expected.rule);
      }
    }
  });

  it("apply accepts exactly the listed moves among ~12,000 move-shaped strings", () => {
    const game = engine();
    const strings = moveShapedStrings();
    const random = seededRandom(8);
    const positions = [abInitial(), abInitial({ start: "german-daisy" })];
    positions.push(randomPosition(random));
    for (const json of positions) {
      const p = parse(game, json);
      const listed = new Set(abLegal(json).map((m) => m.move));
      const wrong = strings.filter((s) => game.apply(p, s).ok !== listed.has(s));
      expect(wrong, JSON.stringify(json)).toEqual([]);
    }
  });

  it("on hand-made positions: no move, an empty side, push-offs", () => {
    const game = engine();
    for (const p of specialPositions()) agree(game, p);
  });

  it("along random whole games from each start (moves, order, positions, traces, outcomes)", () => {
    const game = engine();
    type Run = [seed: number, options: Partial<AbOptions>, pushBias: number];
    const games: Run[] = [
      ...STARTS.map((start, i): Run => [1 + i, { start }, 0.8]),
      ...STARTS.map((start, i): Run => [11 + i, { start, noPushLimit: 20, moveLimit: 40 }, 0.5]),
      [21, { leaveOut: ["A1", "A2"], pushOffsToWin: { b: 6, w: 3 } }, 0.8],
    ];
    let plies = 0;
    let ended = 0;
    // A push-off or push is preferred with probability pushBias, so that games reach their end.
    for (const [seed, options, pushBias] of games) {
      const length = playGame(game, seed, abInitial(options), 300, pushBias);
      plies += length;
      if (length < 300) ended++;
    }
    expect(ended).toBe(games.length);
    expect(plies).toBeGreaterThan(300);
  });

  it("from random unusual positions, played on to the end", () => {
    const game = engine();
    const random = seededRandom(20261124);
    const runs = propertyRuns(30);
    // Each is played on for up to 30 plies (most end sooner: limits near, few marbles).
    for (let i = 0; i < runs; i++) {
      const p = randomPosition(random);
      playGame(game, 1000 + i, p, 30, 0.3);
    }
    for (const kind of ["inline", "broadside", "sumito", "push-off"]) {
      expect(stats.kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
    for (const end of ["push-offs", "no-move", "moveLimit", "noPushLimit"]) {
      expect(stats.ends.get(end) ?? 0, end).toBeGreaterThan(0);
    }
  });
});
