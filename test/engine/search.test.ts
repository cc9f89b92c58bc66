/**
 * The `search` command (kete's extension of the engine protocol, issue 16;
 * docs/spec/engine-search.md): the move answered is legal, its principal
 * variation starts with it, the budgets hold, the answer depends only on the
 * request, and every bad field is an error answer naming it.
 */
import { describe, expect, it } from "vitest";
import {
  SEARCH_BOUNDS,
  handleRequestLine,
  searchOptions,
  type EngineContext,
} from "../../src/engine/index.js";
import { findGame, games, type Game, type Position } from "../../src/games/index.js";
import { LEVELS } from "../../src/search/index.js";
import { ask, errorOf, initialPosition, type Json } from "./helpers.js";
import { FINISHED_HUSBAO } from "./fixtures.js";
import { rows } from "../games/fourrow/board.js";

const FOUR_ROW = ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"];
const BAOS = ["bao-kiswahili", "bao-kujifunza"];
const SERVED = [...FOUR_ROW, ...BAOS];

/**
 * Nodes an answer may report beyond its `nodes` budget: the search counts the
 * node that goes over the budget before it stops, and when even depth 1 did
 * not finish it answers with that count (src/search/search.ts, `tick`).
 */
const NODE_SLACK = 1;

interface SearchJson {
  best: string;
  score: number;
  depth: number;
  nodes: number;
  pv: string[];
  captures: number;
}

function gameOf(id: string): Game {
  const game = findGame(id);
  if (game === undefined) throw new Error(`no game ${id}`);
  return game;
}

/** A search answer, failing the test when the answer is an error. */
function searched(request: Json, context?: EngineContext): SearchJson {
  const line = handleRequestLine(JSON.stringify({ cmd: "search", ...request }), undefined, context);
  const answer = JSON.parse(line ?? "null") as Json;
  if ("error" in answer) throw new Error(`search failed: ${JSON.stringify(answer)}`);
  expect(Object.keys(answer)).toEqual(["best", "score", "depth", "nodes", "pv", "captures"]);
  for (const k of ["score", "depth", "nodes", "captures"] as const) {
    expect(Number.isSafeInteger(answer[k]), k).toBe(true);
  }
  return answer as unknown as SearchJson;
}

/** Every move of `line` is legal in turn from `json` (checked with the game's own `apply`). */
function expectLegalLine(json: Json, line: readonly string[]): void {
  const game = gameOf(json.game as string);
  const parsed = game.parsePosition(json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  let p: Position = parsed.value;
  for (const move of line) {
    const applied = game.apply(p, move);
    expect(applied.ok, `${move} in ${JSON.stringify(game.positionToJSON(p))}`).toBe(true);
    if (!applied.ok) return;
    p = applied.value.position;
  }
}

describe("search from every initial position", () => {
  it.each(SERVED)("%s: a legal move, pv[0] = best, within 3000 nodes", (id) => {
    const position = initialPosition(id);
    const a = searched({ position, nodes: 3000 });
    expect(a.pv[0]).toBe(a.best);
    expectLegalLine(position, [a.best]);
    expectLegalLine(position, a.pv);
    expect(a.nodes).toBeGreaterThan(0);
    expect(a.nodes).toBeLessThanOrEqual(3000 + NODE_SLACK);
    expect(a.depth).toBeGreaterThanOrEqual(1);
    expect(a.pv.length).toBeLessThanOrEqual(a.depth);
  });

  it.each(SERVED)("%s: depth 2 is searched to depth 2 and no deeper", (id) => {
    const position = initialPosition(id);
    const a = searched({ position, depth: 2 });
    expectLegalLine(position, a.pv);
    expect(a.depth).toBeGreaterThanOrEqual(1);
    expect(a.depth).toBeLessThanOrEqual(2);
  });

  it.each(SERVED)("%s: the same request twice gives the same answer", (id) => {
    const position = initialPosition(id);
    for (const limits of [{ nodes: 2500 }, { depth: 3 }, { level: 1, seed: 7 }]) {
      const request = JSON.stringify({ id: 1, cmd: "search", position, ...limits });
      expect(handleRequestLine(request)).toBe(handleRequestLine(request));
    }
  });

  it("a tiny node budget still answers a legal move (depth 0 when depth 1 did not finish)", () => {
    for (const id of SERVED) {
      const position = initialPosition(id);
      const a = searched({ position, nodes: 1 });
      expectLegalLine(position, [a.best]);
      expect(a.nodes).toBeLessThanOrEqual(1 + NODE_SLACK);
      expect(a.depth).toBeLessThanOrEqual(1);
    }
  });

  it("the node budget binds: a larger budget searches more and deeper", () => {
    const position = initialPosition("husbao");
    const small = searched({ position, nodes: 200 });
    const large = searched({ position, nodes: 20_000 });
    expect(small.nodes).toBeLessThanOrEqual(200 + NODE_SLACK);
    expect(large.nodes).toBeGreaterThan(small.nodes);
    expect(large.depth).toBeGreaterThan(small.depth);
  });

  it("answers every registered game with a legal move (Glassperlenspiel's gems and Abalone's marbles too)", () => {
    for (const game of games) {
      const position = initialPosition(game.id);
      const line = handleRequestLine(JSON.stringify({ cmd: "search", position, nodes: 500 }));
      const answer = JSON.parse(line ?? "null") as Json;
      expect("error" in answer ? errorOf(answer) : null, game.id).toBeNull();
      expectLegalLine(position, [answer.best as string]);
    }
  });
});

describe("search with a time limit", () => {
  it("reads ms from the clock it is handed and stops when it runs out (simulated clock)", () => {
    // Every read of the clock says a second has gone by: 1 ms ends the
    // search at its first look, long before depth 64.
    let t = 0;
    let reads = 0;
    const now = () => {
      reads += 1;
      return (t += 1000);
    };
    const position = initialPosition("hus");
    const a = searched({ position, ms: 1 }, { now });
    expect(reads).toBeGreaterThan(0);
    expectLegalLine(position, [a.best]);
    expect(a.depth).toBeLessThan(SEARCH_BOUNDS.depth.max);
  });

  it("stops at whichever limit comes first", () => {
    const now = () => 0; // time stands still: the node budget ends it
    const position = initialPosition("husbao-bis");
    const a = searched({ position, ms: 600_000, nodes: 1500 }, { now });
    expect(a.nodes).toBeLessThanOrEqual(1500 + NODE_SLACK);
  });

  it("refuses ms without a clock, naming the field", () => {
    const e = errorOf(ask({ cmd: "search", position: initialPosition("hus"), ms: 100 }));
    expect(e).toMatchObject({ code: "bad-request", field: "ms" });
    expect(e.message).toMatch(/nodes or depth/);
  });
});

describe("search levels (src/search/levels.ts)", () => {
  it("level N takes that level's limits and noise; the request's own limits win", () => {
    for (const level of LEVELS) {
      const o = searchOptions({ level: level.level }, {});
      if (!o.ok) throw new Error(o.error.message);
      expect(o.value.depth).toBe(level.limits.depth);
      expect(o.value.nodes).toBe(level.limits.nodes);
      expect(o.value.noise).toBe(level.noise);
      // Without a clock a level's time limit is dropped; its node budget still holds.
      expect(o.value.ms).toBeUndefined();
    }
    const now = () => 0;
    const timed = searchOptions({ level: 4, depth: 3, seed: 9 }, { now });
    if (!timed.ok) throw new Error(timed.error.message);
    const strong = LEVELS.find((l) => l.level === 4)!;
    expect(strong.limits.ms).toBeDefined();
    expect(timed.value).toMatchObject({
      depth: 3,
      nodes: strong.limits.nodes,
      ms: strong.limits.ms,
      noise: strong.noise,
      seed: 9,
    });
    expect(timed.value.now).toBe(now);
  });

  it("level 1 searches one ply within its node budget and answers a legal move", () => {
    for (const id of SERVED) {
      const position = initialPosition(id);
      const a = searched({ position, level: 1 });
      expectLegalLine(position, [a.best]);
      expect(a.depth).toBeLessThanOrEqual(1);
      expect(a.nodes).toBeLessThanOrEqual(LEVELS[0]!.limits.nodes! + NODE_SLACK);
    }
  });
});

describe("bad search requests", () => {
  const position = initialPosition("husbao");
  const cases: [string, Json, string | undefined][] = [
    ["no limit", {}, undefined],
    ["ms 0", { ms: 0 }, "ms"],
    ["ms over 600000", { ms: 600_001 }, "ms"],
    ["ms fractional", { ms: 1.5 }, "ms"],
    ["ms a string", { ms: "100" }, "ms"],
    ["ms null", { ms: null }, "ms"],
    ["nodes 0", { nodes: 0 }, "nodes"],
    ["nodes negative", { nodes: -5 }, "nodes"],
    ["nodes over 10^9", { nodes: 1_000_000_001 }, "nodes"],
    ["nodes fractional", { nodes: 2.5 }, "nodes"],
    ["nodes boolean", { nodes: true }, "nodes"],
    ["depth 0", { depth: 0 }, "depth"],
    ["depth 65", { depth: 65 }, "depth"],
    ["depth a string", { depth: "3" }, "depth"],
    ["depth an array", { depth: [3] }, "depth"],
    ["level 0", { level: 0 }, "level"],
    ["level 5", { level: 5 }, "level"],
    ["level a string", { level: "1" }, "level"],
    ["level fractional", { level: 1.5 }, "level"],
    ["seed negative", { nodes: 10, seed: -1 }, "seed"],
    ["seed over 2^32-1", { nodes: 10, seed: 2 ** 32 }, "seed"],
    ["seed a string", { nodes: 10, seed: "x" }, "seed"],
    ["a good limit beside a bad one", { nodes: 100, depth: 99 }, "depth"],
  ];

  it.each(cases)("%s is an error answer naming the field", (_name, fields, field) => {
    const clock: EngineContext = { now: () => 0 };
    const line = handleRequestLine(
      JSON.stringify({ id: 3, cmd: "search", position, ...fields }),
      undefined,
      clock,
    );
    const answer = JSON.parse(line ?? "null") as Json;
    expect(Object.keys(answer)).toEqual(["id", "error"]);
    const e = errorOf(answer);
    expect(e.code).toBe("bad-request");
    if (field === undefined) {
      expect(e.field).toBeUndefined();
      expect(e.message).toMatch(/ms.*nodes.*depth.*level/);
    } else {
      expect(e.field).toBe(field);
      expect(e.message.startsWith(field)).toBe(true);
    }
  });

  it("names the bounds in the message", () => {
    expect(errorOf(ask({ cmd: "search", position, ms: 0 })).message).toMatch(/1 to 600000/);
    expect(errorOf(ask({ cmd: "search", position, nodes: 0 })).message).toMatch(/1 to 1000000000/);
    expect(errorOf(ask({ cmd: "search", position, depth: 0 })).message).toMatch(/1 to 64/);
    expect(errorOf(ask({ cmd: "search", position, level: 9 })).message).toMatch(/1 \(beginner\)/);
  });

  it("answers a missing or broken position as the other commands do", () => {
    expect(errorOf(ask({ cmd: "search", nodes: 10 }))).toMatchObject({
      code: "bad-request",
      field: "position",
    });
    expect(errorOf(ask({ cmd: "search", position: 7, nodes: 10 }))).toMatchObject({
      code: "bad-position",
      field: "position",
    });
    expect(
      errorOf(ask({ cmd: "search", position: { ...position, toMove: "X" }, nodes: 10 })).code,
    ).toBe("bad-position");
    expect(
      errorOf(ask({ cmd: "search", position: { ...position, game: "chess" }, nodes: 10 })).code,
    ).toBe("unknown-game");
  });

  it("ignores fields it does not know, as the other commands do", () => {
    const plain = handleRequestLine(JSON.stringify({ cmd: "search", position, nodes: 400 }));
    const extra = handleRequestLine(
      JSON.stringify({ cmd: "search", position, nodes: 400, colour: "red", noise: 5 }),
    );
    expect(extra).toBe(plain);
    expect(JSON.parse(plain ?? "null")).toHaveProperty("best");
  });
});

describe("search on a finished game", () => {
  it("HB-7: South to move with no pit of two is an error answer, not a crash", () => {
    const finished = FINISHED_HUSBAO;
    expect(ask({ cmd: "outcome", position: finished }).outcome).not.toBeNull();
    for (const limits of [{ nodes: 100 }, { depth: 3 }, { level: 2 }]) {
      const e = errorOf(ask({ cmd: "search", position: finished, ...limits }));
      expect(e).toMatchObject({ code: "game-over", field: "position" });
      expect(e.message).toMatch(/HB-7/);
    }
  });

  it("BK-17: a Bao whose South front row is empty is an error answer", () => {
    const finished = {
      game: "bao-kujifunza",
      options: { maxStages: 200 },
      toMove: "S",
      pits: rows("0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 4 4 4 4 4 4 4 4 / 4 4 4 4 4 4 4 4"),
    };
    const e = errorOf(ask({ cmd: "search", position: finished, depth: 2 }));
    expect(e).toMatchObject({ code: "game-over", field: "position" });
    expect(e.message).toMatch(/BK-17/);
  });
});
