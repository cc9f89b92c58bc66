/**
 * The Game contract members beyond the moves (core/types.ts), for the five
 * four-row games: `ruleBook` (which rule each kind of mistake breaks),
 * `refusal` (why lifting a pit starts no legal turn: CORE-4, CORE-5, the end
 * rules) and `withBoard` (other counts or side to move, validated as
 * `parsePosition` validates: CORE-6). `layout` is in ../fourrow/layout.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Position } from "../../../src/games/core/types.js";
import {
  anyPositionJsonArb,
  getGame,
  ownerOfPit,
  parse,
  pitsOf,
  type PositionJSON,
} from "./helpers.js";
import { rows } from "../fourrow/board.js";

const INITIAL_HUSBAO: PositionJSON = {
  game: "husbao",
  toMove: "S",
  pits: rows("2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2"),
};

function withOptions(json: PositionJSON, options: Record<string, unknown>): PositionJSON {
  return { ...json, options: { ...json.options, ...options } };
}

function refuse(json: PositionJSON, place: string, kind: "start" | "place" = "start") {
  const { game, position } = parse(json);
  return game.refusal(position, { kind, place });
}

describe("ruleBook: the rule ids of each four-row game", () => {
  const common = {
    turnOrder: "CORE-7",
    sowing: "CORE-1",
    keepDirection: "CORE-2",
    relay: "CORE-3",
    start: "CORE-4",
    stageLimit: "CORE-5",
    captureAgain: null,
    capturedSowing: null,
    placement: null,
    penalty: "HB-9",
  };
  const book = (id: string, options: Record<string, unknown> = {}) => {
    const g = getGame(id);
    const start = g.initial(options);
    if (!start.ok) throw new Error(start.error.message);
    return g.ruleBook(start.value.options);
  };

  it("HB-3 / HB-4 husbao: free direction by default, single capture", () => {
    expect(book("husbao")).toEqual({
      ...common,
      direction: "HB-3",
      fixedDirection: null,
      capture: "HB-4",
    });
  });

  it("HB-3 a fixed direction is named in words", () => {
    expect(book("husbao", { direction: "cw" }).fixedDirection).toBe("clockwise");
    expect(book("husbao", { direction: "ccw" }).fixedDirection).toBe("counter-clockwise");
  });

  it("HB-5 husbao-bis, HB-6 husbao-front", () => {
    expect(book("husbao-bis")).toMatchObject({ direction: "HB-3", capture: "HB-5" });
    expect(book("husbao-front")).toMatchObject({ direction: "HB-3", capture: "HB-6" });
  });

  it("HUS-2 / HUS-3 hus: never free, clockwise by default", () => {
    expect(book("hus")).toEqual({
      ...common,
      direction: "HUS-2",
      fixedDirection: "clockwise",
      capture: "HUS-3",
    });
    expect(book("hus", { direction: "ccw", capture: "optional" }).fixedDirection).toBe(
      "counter-clockwise",
    );
  });

  it("BDE-2 / BDE-3 bao-de", () => {
    expect(book("bao-de")).toEqual({
      ...common,
      direction: "BDE-2",
      fixedDirection: null,
      capture: "BDE-3",
    });
  });

  it("HB-9 the five-stone penalty applies to every game of mancala-4x8.md", () => {
    for (const id of ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"]) {
      expect(book(id).penalty).toBe("HB-9");
    }
  });
});

describe("refusal: why lifting a pit starts no legal turn", () => {
  it("a pit some legal move starts from is not refused", () => {
    expect(refuse(INITIAL_HUSBAO, "B1")).toBeNull();
    expect(refuse(INITIAL_HUSBAO, "A8")).toBeNull();
  });

  it("CORE-4 a pit of the other side", () => {
    expect(refuse(INITIAL_HUSBAO, "C5")).toEqual({
      reason: "not-own",
      rule: "CORE-4",
      message: "C5 is not South's pit; South starts a turn from their own rows (A, B) (CORE-4)",
    });
    expect(refuse({ ...INITIAL_HUSBAO, toMove: "N" }, "B1")?.message).toBe(
      "B1 is not North's pit; North starts a turn from their own rows (C, D) (CORE-4)",
    );
  });

  it("CORE-4 a single stone, or none", () => {
    const json: PositionJSON = {
      game: "husbao",
      toMove: "S",
      pits: rows("3 2 2 2 2 2 2 2 / 2 1 2 2 0 0 0 0 / 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2"),
    };
    expect(refuse(json, "B2")).toEqual({
      reason: "too-few",
      rule: "CORE-4",
      message: "B2 holds one stone; a turn starts from two or more (CORE-4)",
    });
    expect(refuse(json, "B5")).toEqual({
      reason: "too-few",
      rule: "CORE-4",
      message: "B5 holds no stones; a turn starts from two or more (CORE-4)",
    });
  });

  it("CORE-5 every direction would pass the stage limit", () => {
    // B1+: B2, B3 (3): relay — a second stage; B1-: A1, A2 (3): relay. maxStages 1 refuses both.
    const json = withOptions(INITIAL_HUSBAO, { maxStages: 1 });
    expect(refuse(json, "B1")).toEqual({
      reason: "stage-limit",
      rule: "CORE-5",
      message:
        "B1 cannot start a turn: B1+ and B1- would both need more than 1 stage, so neither is a legal turn (CORE-5)",
    });
  });

  it("CORE-5 / HB-7 when every start is refused the game is over, and each pit still says why", () => {
    const { game, position } = parse(withOptions(INITIAL_HUSBAO, { maxStages: 1 }));
    expect(game.outcome(position)?.reason).toMatch(/^HB-7: .*CORE-5/);
    expect(game.refusal(position, { kind: "start", place: "A5" })?.reason).toBe("stage-limit");
  });

  it("CORE-5 with a fixed direction (HB-3) only that direction is judged", () => {
    const json = withOptions(INITIAL_HUSBAO, { maxStages: 2, direction: "cw" });
    // B1+: B2, B3 (3) relay: B4, B5, B6 — B6 faces C6 (2): capture, a third stage.
    expect(refuse(json, "B1")?.message).toBe(
      "B1 cannot start a turn: B1+ would need more than 2 stages, so it is not a legal turn (CORE-5)",
    );
  });

  it("CORE-5 a start that never ends is named as a cycle", () => {
    // husbao, North C6+ cycles (period 668, long-turns.test.ts); clockwise fixed, no limit reached first.
    const json: PositionJSON = {
      game: "husbao",
      options: { direction: "cw", maxStages: Number.MAX_SAFE_INTEGER },
      toMove: "N",
      pits: rows("2 1 5 3 2 0 1 0 / 3 0 1 2 1 0 1 1 / 2 0 1 1 1 2 0 1 / 1 3 2 3 2 3 2 1"),
    };
    expect(refuse(json, "C6")).toEqual({
      reason: "stage-limit",
      rule: "CORE-5",
      message:
        "C6 cannot start a turn: C6+ never ends (its stages repeat in a cycle), so it is not a legal turn (CORE-5)",
    });
  });

  it("CORE-5 with optional captures (HUS-3): every way of choosing passes the limit", () => {
    // Found by random play; the property below checks it against turnTree.
    const json: PositionJSON = {
      game: "hus",
      options: { direction: "cw", capture: "optional", maxStages: 4 },
      toMove: "S",
      pits: rows("0 5 2 8 0 1 7 1 / 2 1 0 4 5 0 2 2 / 1 0 1 0 0 1 0 1 / 0 1 0 0 0 1 0 2"),
    };
    expect(refuse(json, "A7")).toEqual({
      reason: "stage-limit",
      rule: "CORE-5",
      message:
        "A7 cannot start a turn: A7+ would need more than 4 stages however its captures are chosen, so it is not a legal turn (CORE-5)",
    });
  });

  it("HB-8 after the game is over nothing starts a turn", () => {
    const json: PositionJSON = {
      game: "husbao-front",
      toMove: "S",
      pits: rows("2 2 2 2 2 2 2 2 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2"),
    };
    expect(refuse(json, "A1")).toEqual({
      reason: "other",
      rule: "HB-8",
      message: "A1 cannot start a turn: the game is over; South's front row is empty (HB-8)",
    });
  });

  it("CORE-4 no stone is ever placed from off the board", () => {
    const r = refuse(INITIAL_HUSBAO, "B5", "place");
    expect(r).toMatchObject({ reason: "other", rule: "CORE-4" });
    expect(r?.message).toMatch(/^a stone placed in B5: /);
  });

  it("a place that is no pit of the board is refused, not thrown", () => {
    expect(refuse(INITIAL_HUSBAO, "E1")).toMatchObject({ reason: "other", rule: "CORE-4" });
  });

  it("property: refused exactly when no legal move starts by lifting the pit; the reason fits the pit", () => {
    fc.assert(
      fc.property(anyPositionJsonArb, (json) => {
        const { game, position } = parse(json);
        const over = game.outcome(position) !== null;
        const roots = over ? [] : (game.turnTree?.(position) ?? []);
        const starting = new Set(
          roots.map((r) => r.steps[0]).flatMap((s) => (s?.op === "lift" ? [s.pit] : [])),
        );
        const pits = pitsOf(game, position);
        for (const place of game.layout.places) {
          const r = game.refusal(position, { kind: "start", place });
          expect(r === null, place).toBe(starting.has(place));
          if (r === null) continue;
          expect(r.message).toContain(place);
          expect(r.message.endsWith(`(${r.rule})`)).toBe(true);
          const held = pits[place[0] as "A"][Number(place[1]) - 1] as number;
          if (r.reason === "not-own") expect(ownerOfPit(place)).not.toBe(json.toMove);
          if (r.reason === "too-few") expect(held).toBeLessThan(2);
          if (r.reason === "stage-limit") expect(r.rule).toBe("CORE-5");
          if (r.reason === "other") expect(game.outcome(position)?.reason).toMatch(/^(HB-8|BDE-4)/);
          expect(game.refusal(position, { kind: "place", place })).not.toBeNull();
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("withBoard: other counts or side to move, validated as parsePosition validates", () => {
  const { game, position } = parse(INITIAL_HUSBAO);
  const counts = game.sensorView(position).counts;

  it("moves a stone: the counts change, options and side to move stay", () => {
    const moved = counts.slice();
    moved[0] = 1; // A1 gives one to B5
    moved[12] = 1;
    const r = game.withBoard(position, { counts: moved });
    if (!r.ok) throw new Error(r.error.message);
    expect(game.sensorView(r.value).counts).toEqual(moved);
    expect(r.value.toMove).toBe("S");
    expect(r.value.options).toEqual(position.options);
    expect(game.sensorView(position).counts).toEqual(counts); // the original is untouched
  });

  it("HB-2 changes who moves", () => {
    const r = game.withBoard(position, { toMove: "N" });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.toMove).toBe("N");
    expect(game.sensorView(r.value).counts).toEqual(counts);
    expect(game.legal(r.value).moves.every((m) => /^[CD]/.test(m.move))).toBe(true);
  });

  it("CORE-6 a changed stone total is an error value, never a throw", () => {
    const more = counts.slice();
    more[0] = 3;
    const r = game.withBoard(position, { counts: more });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "bad-position", rule: "CORE-6" });
  });

  it("counts of the wrong length, a negative count or an unknown side are errors", () => {
    const short = game.withBoard(position, { counts: counts.slice(1) });
    expect(short.ok ? null : short.error.field).toBe("counts");
    const negative = counts.slice();
    negative[0] = -1;
    negative[1] = 5;
    expect(game.withBoard(position, { counts: negative }).ok).toBe(false);
    expect(game.withBoard(position, { toMove: "X" }).ok).toBe(false);
  });

  it("every game: the same board and side give an equal position back", () => {
    for (const id of ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"]) {
      const g = getGame(id);
      const start = g.initial();
      if (!start.ok) throw new Error(start.error.message);
      const p: Position = start.value;
      const r = g.withBoard(p, { counts: g.sensorView(p).counts, toMove: p.toMove });
      expect(r.ok && g.positionToJSON(r.value)).toEqual(g.positionToJSON(p));
    }
  });
});
