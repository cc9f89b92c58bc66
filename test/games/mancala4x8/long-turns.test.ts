/**
 * CORE-5: never-ending and very long turns.
 *
 * The positions were found by a search over random positions with a small
 * simulator written for the search (not the engine): for a cycling start the
 * simulator found, by Brent's cycle detection, a stage-end state (board and
 * landing pit) that repeats exactly, so with mandatory captures the turn
 * provably never ends. `mu` is the number of stages before the cycle, `lambda`
 * its period. For the long finite turns it counted the stages and recorded the
 * final board, which the tests below compare with the engine's.
 */
import { describe, expect, it } from "vitest";
import { moveHead, parse, pitsOf, replayTrace, type PositionJSON } from "./helpers.js";
import { rows } from "../fourrow/board.js";

function withOptions(json: PositionJSON, options: Record<string, unknown>): PositionJSON {
  return { ...json, options: { ...json.options, ...options } };
}

function applyMove(json: PositionJSON, move: string) {
  const { game, position } = parse(json);
  return { game, result: game.apply(position, move), legal: game.legal(position) };
}

function expectRefusedByLimit(json: PositionJSON, move: string): void {
  const { result, legal } = applyMove(json, move);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.code).toBe("illegal-move");
    expect(result.error.message).toMatch(/CORE-5/);
  }
  expect(legal.moves.map((m) => m.move)).not.toContain(move);
  // The position still has other legal starts: refusing one start does not end the game.
  expect(legal.moves.length).toBeGreaterThan(0);
}

function expectTurnOfStages(json: PositionJSON, move: string, stages: number) {
  const { game, result, legal } = applyMove(json, move);
  if (!result.ok) throw new Error(`${move} refused: ${result.error.message}`);
  const { start, sign } = moveHead(move);
  const replay = replayTrace(json.pits, result.value.trace, json.toMove, start, sign);
  expect(replay.stages).toBe(stages);
  expect(replay.pits).toEqual(pitsOf(game, result.value.position));
  const listed = legal.moves.find((m) => m.move === move);
  expect(listed?.position).toEqual(result.value.position);
  return { game, position: result.value.position };
}

describe("CORE-5 cycling starts", () => {
  // husbao, North C6+: cycles after mu = 32 stages with period lambda = 668.
  const husbaoCycle: PositionJSON = {
    game: "husbao",
    toMove: "N",
    pits: rows("2 1 5 3 2 0 1 0 / 3 0 1 2 1 0 1 1 / 2 0 1 1 1 2 0 1 / 1 3 2 3 2 3 2 1"),
  };

  it("CORE-5 a HusBao start that cycles forever (period 668) is refused with maxStages 200 and 100000", () => {
    expectRefusedByLimit(husbaoCycle, "C6+");
    expectRefusedByLimit(withOptions(husbaoCycle, { maxStages: 100_000 }), "C6+");
  });

  it("CORE-5 the same cycling start is refused at maxStages 1000000 and at the largest safe integer, as a cycle", () => {
    expectRefusedByLimit(withOptions(husbaoCycle, { maxStages: 1_000_000 }), "C6+");
    const huge = withOptions(husbaoCycle, { maxStages: Number.MAX_SAFE_INTEGER });
    expectRefusedByLimit(huge, "C6+");
    const { result } = applyMove(huge, "C6+");
    expect(result.ok ? "" : result.error.message).toMatch(/cycle/);
  });

  // hus, North D3+ (clockwise, mandatory captures): mu = 25, lambda = 588.
  const husCycle: PositionJSON = {
    game: "hus",
    toMove: "N",
    pits: rows("2 1 3 1 1 1 2 2 / 0 2 0 0 2 2 2 0 / 3 1 1 2 2 1 3 0 / 2 1 2 2 1 3 2 1"),
  };

  it("CORE-5 a Hus start that cycles forever (period 588) is refused with maxStages 100000", () => {
    expectRefusedByLimit(withOptions(husCycle, { maxStages: 100_000 }), "D3+");
  });

  // husbao-bis, South A2-: mu = 22, period 1,949,224 (the spec's "periods of 10^5 to 10^6").
  const bisCycle: PositionJSON = {
    game: "husbao-bis",
    toMove: "S",
    pits: rows("1 2 4 5 0 1 2 1 / 1 4 1 1 1 1 1 0 / 1 2 2 2 3 1 1 2 / 0 1 1 2 2 1 0 1"),
  };

  it("CORE-5 a HusBao Bis start with a period of ~2 million stages is refused", () => {
    expectRefusedByLimit(bisCycle, "A2-");
    expectRefusedByLimit(withOptions(bisCycle, { maxStages: 1_000_000 }), "A2-");
    // Past its period the limit no longer decides: the repeated stage end proves the cycle.
    const { result } = applyMove(withOptions(bisCycle, { maxStages: 1e12 }), "A2-");
    expect(result.ok ? "" : result.error.message).toMatch(/cycle/);
  });
});

describe("CORE-5 long finite turns", () => {
  // husbao, South B1+: ends after exactly 166 stages, having taken all of North's front row.
  const husbaoLong: PositionJSON = {
    game: "husbao",
    toMove: "S",
    pits: rows("2 1 2 1 6 1 2 1 / 6 1 0 0 2 1 0 1 / 3 3 1 2 1 1 1 1 / 2 0 1 0 2 2 0 1"),
  };

  it("CORE-5 a 166-stage HusBao turn is legal by default and with maxStages 166, refused with 165", () => {
    for (const limit of [200, 166]) {
      const { game, position } = expectTurnOfStages(
        withOptions(husbaoLong, { maxStages: limit }),
        "B1+",
        166,
      );
      expect(pitsOf(game, position)).toEqual(
        rows("1 0 12 0 1 0 1 8 / 2 1 5 4 1 3 0 1 / 0 0 0 0 0 0 0 0 / 2 0 1 0 2 2 0 1"),
      );
    }
    expectRefusedByLimit(withOptions(husbaoLong, { maxStages: 165 }), "B1+");
  });

  // hus (ccw), South A2-: 178 stages; North ends with no stones at all.
  const husLong: PositionJSON = {
    game: "hus",
    options: { direction: "ccw" },
    toMove: "S",
    pits: rows("1 2 2 1 0 3 0 3 / 6 0 1 3 1 0 2 0 / 1 0 1 2 5 4 1 1 / 1 0 2 0 4 1 0 0"),
  };

  it("CORE-5 a 178-stage Hus turn, refused with maxStages 177; HUS-5 it leaves North empty: 96 points", () => {
    const { game, position } = expectTurnOfStages(husLong, "A2-", 178);
    expect(pitsOf(game, position)).toEqual(
      rows("3 2 1 6 1 0 7 1 / 2 5 2 3 4 3 1 7 / 0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0"),
    );
    const o = game.outcome(position);
    expect(o?.winner).toBe("S");
    expect(o?.reason).toMatch(/HUS-4/);
    expect(o?.score.S).toBe(96);
    expectRefusedByLimit(withOptions(husLong, { maxStages: 177 }), "A2-");
  });

  // husbao-bis, South A4-: 414 stages, longer than the default limit.
  const bisLong: PositionJSON = {
    game: "husbao-bis",
    toMove: "S",
    pits: rows("1 2 4 3 0 2 1 2 / 0 0 2 0 2 0 1 4 / 0 2 1 3 2 1 2 3 / 3 1 1 2 2 0 1 0"),
  };

  it("CORE-5 a 414-stage HusBao Bis turn is refused by default (200), legal with 414, refused with 413", () => {
    expectRefusedByLimit(bisLong, "A4-");
    const { game, position } = expectTurnOfStages(
      withOptions(bisLong, { maxStages: 414 }),
      "A4-",
      414,
    );
    expect(pitsOf(game, position)).toEqual(
      rows("10 1 4 7 0 3 4 3 / 1 1 2 5 1 2 1 0 / 0 0 0 0 0 0 0 0 / 3 0 0 0 0 0 0 0"),
    );
    expectRefusedByLimit(withOptions(bisLong, { maxStages: 413 }), "A4-");
  });
});

describe("CORE-5 per path (Clarifications: the limit applies to each path separately)", () => {
  // hus, optional captures, North C5+: the all-decline path runs past 5000 stages;
  // maxStages 30 keeps the tree of choices small (with 200 there are millions of paths);
  // taking the first capture ends the turn in 2 stages (worked by hand):
  // st1: lift C5 2 -> C4=6 C3=3 (North +: C5→C4→C3). L=C3 held 2, B3=1: opportunity.
  // x: capture B3 1, A3 2; lift C3 3; hand 6 -> C2=4 C1=3 D1=2 D2=1 D3=2 D4=1; D4 held 0: end.
  const husPaths: PositionJSON = {
    game: "hus",
    options: { capture: "optional", maxStages: 30 },
    toMove: "N",
    pits: rows("1 2 2 1 3 2 4 0 / 1 1 1 1 0 3 0 2 / 2 3 2 5 2 1 2 3 / 1 0 1 0 1 0 1 0"),
  };

  it("HUS-3 + CORE-5 a start whose all-decline path never ends keeps its take branches", () => {
    const { game, position } = parse(husPaths);
    const c5 = game
      .legal(position)
      .moves.map((m) => m.move)
      .filter((m) => m.startsWith("C5+"));
    expect(c5).toContain("C5+/x");
    expect(c5.some((m) => /^C5\+\/\.+$/.test(m))).toBe(false);
    const r = game.apply(position, "C5+/x");
    if (!r.ok) throw new Error(r.error.message);
    expect(pitsOf(game, r.value.position)).toEqual(
      rows("1 2 0 1 3 2 4 0 / 1 1 0 1 0 3 0 2 / 3 4 0 6 0 1 2 3 / 2 1 2 1 1 0 1 0"),
    );
  });
});
