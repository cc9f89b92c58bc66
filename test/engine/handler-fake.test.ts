/**
 * The handler against stand-in games: what it does that does not depend on any
 * real game's rules (option checking from specs, limit handling, a game that throws).
 */
import { describe, expect, it } from "vitest";
import { err, ok } from "../../src/shared/result.js";
import type { Game, LegalMove, Position } from "../../src/games/core/types.js";
import { handleRequestLine } from "../../src/engine/index.js";
import { ask, errorOf } from "./helpers.js";

interface CountPosition extends Position {
  readonly n: number;
}

/** A counting game: the move `+k` (1 <= k <= 3) adds k to n; at n >= 10 the game is over. */
function countingGame(overrides: Partial<Game<CountPosition>> = {}): Game<CountPosition> {
  const moveTo = (p: CountPosition, k: number): LegalMove<CountPosition> => ({
    move: `+${k}`,
    position: { ...p, n: p.n + k, toMove: p.toMove === "S" ? "N" : "S" },
    trace: [{ op: "place", pit: `P${p.n + k}` }],
  });
  const game: Game<CountPosition> = {
    id: "count",
    title: "Counting",
    optionSpecs: [
      { name: "speed", default: "slow", values: ["slow", "fast"], rule: "CNT-1" },
      { name: "flag", default: false, values: [false, true], rule: "CNT-2" },
      { name: "limit", default: null, values: null, min: 1, nullable: true, rule: "CNT-3" },
      { name: "steps", default: 3, values: null, min: 0, rule: "CNT-4" },
    ],
    initial: (options = {}) =>
      ok({
        game: "count",
        options: { speed: "slow", flag: false, limit: null, steps: 3, ...options } as Record<
          string,
          string | number | boolean | null
        >,
        toMove: "S",
        n: 0,
      }),
    parsePosition: (json) => {
      const j = json as Record<string, unknown>;
      if (typeof j.n !== "number")
        return err("bad-position", "n must be a number", { field: "position.n" });
      return ok({ game: "count", options: {}, toMove: "S", n: j.n });
    },
    positionToJSON: (p) => ({ game: p.game, options: p.options, toMove: p.toMove, n: p.n }),
    sensorView: (p) => ({ geometry: "line", pits: ["P"], counts: [p.n] }),
    legal: (p, limit = Infinity) => {
      const all = p.n >= 10 ? [] : [1, 2, 3].map((k) => moveTo(p, k));
      return { moves: all.slice(0, limit), truncated: all.length > limit };
    },
    apply: (p, move) => {
      const k = Number(move.slice(1));
      if (p.n >= 10 || ![1, 2, 3].includes(k) || move !== `+${k}`) {
        return err("illegal-move", `${move} is not a counting move (CNT-5)`, {
          rule: "CNT-5",
          field: "move",
        });
      }
      const m = moveTo(p, k);
      return ok({ position: m.position, trace: m.trace });
    },
    outcome: (p) =>
      p.n >= 10 ? { winner: null, reason: "CNT-6: ten", score: { S: 1, N: 1 } } : null,
    perft: () => 0,
    randomMove: () => null,
    playout: () => 0,
    layout: {
      geometry: "line",
      places: ["P"],
      sides: ["S", "N"],
      sideNames: { S: "South", N: "North" },
      owners: [null],
      successors: [[]],
    },
    ruleBook: () => ({
      turnOrder: "CNT-7",
      sowing: "CNT-1",
      keepDirection: "CNT-1",
      direction: null,
      fixedDirection: null,
      relay: null,
      start: "CNT-5",
      stageLimit: null,
      capture: null,
      captureAgain: null,
      capturedSowing: null,
      placement: "CNT-5",
      penalty: null,
    }),
    refusal: () => null,
    withBoard: (p) => ok(p),
    ...overrides,
  };
  return game;
}

const counting = [countingGame() as unknown as Game];
const pos = (n: number) => ({ game: "count", options: {}, toMove: "S", n });

describe("handler with a stand-in game", () => {
  it("lists the game with defaults of every kind of option", () => {
    expect(ask({ cmd: "games" }, counting)).toEqual({
      games: [
        {
          id: "count",
          title: "Counting",
          options: { speed: "slow", flag: false, limit: null, steps: 3 },
        },
      ],
    });
  });

  it.each([
    [{ speed: "fast" }, true],
    [{ flag: true }, true],
    [{ flag: "true" }, false],
    [{ limit: null }, true],
    [{ limit: 1 }, true],
    [{ limit: 0 }, false],
    [{ steps: 0 }, true],
    [{ steps: -1 }, false],
    [{ steps: null }, false],
    [{ steps: 1e21 }, false],
    [{ speed: null }, false],
    [{}, true],
  ])("checks options %j against the specs (ok: %s)", (options, good) => {
    const answer = ask({ cmd: "initial", game: "count", options }, counting);
    if (good) {
      expect(answer.position).toMatchObject({ options });
    } else {
      const e = errorOf(answer);
      expect(e.code).toBe("bad-option");
      expect(e.field).toBe(`options.${Object.keys(options)[0]}`);
      expect(e.rule).toMatch(/^CNT-/);
    }
  });

  it("slices a list longer than limit even if the game does not", () => {
    const sloppy = [
      countingGame({
        legal: (p) => ({
          moves: [1, 2, 3].map((k) => ({
            move: `+${k}`,
            position: { ...p, n: p.n + k },
            trace: [],
          })),
          truncated: false,
        }),
      }) as unknown as Game,
    ];
    const answer = ask({ cmd: "legal", position: pos(0), limit: 2 }, sloppy);
    expect((answer.moves as unknown[]).length).toBe(2);
    expect(answer.truncated).toBe(true);
  });

  it("plays, refuses and ends", () => {
    expect(ask({ cmd: "apply", position: pos(4), move: "+3" }, counting)).toEqual({
      position: { game: "count", options: {}, toMove: "N", n: 7 },
      trace: [{ op: "place", pit: "P7" }],
    });
    expect(errorOf(ask({ cmd: "apply", position: pos(4), move: "+4" }, counting))).toEqual({
      code: "illegal-move",
      message: "+4 is not a counting move (CNT-5)",
      rule: "CNT-5",
      field: "move",
    });
    expect(errorOf(ask({ cmd: "legal", position: { game: "count" } }, counting))).toEqual({
      code: "bad-position",
      message: "n must be a number",
      field: "position.n",
    });
    expect(ask({ cmd: "outcome", position: pos(12) }, counting)).toEqual({
      outcome: { winner: null, reason: "CNT-6: ten", score: { S: 1, N: 1 } },
    });
    expect(ask({ cmd: "legal", position: pos(12) }, counting)).toEqual({ moves: [] });
  });

  it("answers an internal error, with the id, when a game throws", () => {
    const broken = [
      countingGame({
        outcome: () => {
          throw new RangeError("boom");
        },
        legal: () => {
          throw "not even an Error";
        },
      }) as unknown as Game,
    ];
    const answer = ask({ id: 9, cmd: "outcome", position: pos(1) }, broken);
    expect(answer.id).toBe(9);
    expect(errorOf(answer).code).toBe("internal");
    expect(errorOf(answer).message).toContain("boom");
    expect(errorOf(ask({ cmd: "legal", position: pos(1) }, broken)).code).toBe("internal");
  });

  it("answers an internal error when an answer cannot be written", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const broken = [countingGame({ positionToJSON: () => cyclic }) as unknown as Game];
    const line = handleRequestLine('{"id":1,"cmd":"initial","game":"count"}', broken);
    expect(JSON.parse(line ?? "")).toMatchObject({ id: 1, error: { code: "internal" } });
  });

  it("serves an empty registry", () => {
    expect(ask({ cmd: "games" }, [])).toEqual({ games: [] });
    expect(errorOf(ask({ cmd: "initial", game: "husbao" }, [])).code).toBe("unknown-game");
  });
});
