/**
 * Move tracking (tracking.ts) with hand-built positions: narrowing as stones
 * fall, the physical orders players use, waiting instead of guessing, and the
 * rule for an end that may go on (a move that is a prefix of another).
 */
import { describe, expect, it } from "vitest";
import {
  candidateMoves,
  confirmEnd,
  guide,
  startTurn,
  track,
  type TurnTracker,
} from "../../src/controller/tracking.js";
import type { Position } from "../../src/games/core/types.js";
import { FakeGame, fakeBoard, type FakePosition } from "./fake-game.js";
import { boardOf, change, gameOf, initial, stepBoards, traceOf, type Board } from "./scenario.js";
import { classifyMistake } from "../../src/controller/mistakes.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));

function feedAll<P extends Position>(t: TurnTracker<P>, boards: readonly Board[], at = 0) {
  const verdicts: string[] = [];
  for (const b of boards) {
    const r = track(t, Int16Array.from(b), at);
    verdicts.push(r.verdict.kind);
    t = r.tracker;
  }
  return { t, verdicts };
}

describe("tracking: narrowing (CORE-1, CORE-2, HB-3)", () => {
  it("turn start: every legal start lit, all moves candidates", () => {
    const t = startTurn(gameOf("husbao"), start);
    const g = guide(t);
    expect(g.atStart).toBe(true);
    expect(g.starts).toEqual([
      "A1",
      "A2",
      "A3",
      "A4",
      "A5",
      "A6",
      "A7",
      "A8",
      "B1",
      "B2",
      "B3",
      "B4",
    ]);
    expect(g.candidates).toBe(24);
  });

  it("HB-3 direction unknown until the first stone falls: both next pits shown", () => {
    const { t } = feedAll(startTurn(gameOf("husbao"), start), [b3[0]!]);
    const g = guide(t);
    expect(g.nextStone).toEqual(["B2", "B4"]);
    expect(g.inHand).toBe(2);
    expect(candidateMoves(t)).toEqual(["B3+", "B3-"]);
    const after = feedAll(t, [b3[1]!]).t;
    expect(candidateMoves(after)).toEqual(["B3+"]);
    expect(guide(after).nextStone).toEqual(["B5"]);
    expect(guide(after).lastStone).toEqual(["B5"]);
  });

  it("a pick-up seen over several readings is waiting, not a mistake", () => {
    const t0 = startTurn(gameOf("husbao"), initial("bao-de"));
    const bao = boardOf(initial("bao-de"));
    const trace = traceOf(initial("bao-de"), "A1+");
    const steps = stepBoards(bao, trace);
    // A1 holds 2; half lifted is A1 = 1.
    const { verdicts } = feedAll(t0, [change(bao, { A1: -1 }), steps[0]!, steps[1]!]);
    expect(verdicts).toEqual(["waiting", "progress", "progress"]);
  });

  it("a reading further along a move than the look-ahead is progress, a slip there is not", () => {
    // Fast hands on a long relay: the board settles again only many stones later.
    const game = gameOf("husbao");
    let position = start;
    let longest = game.legal(position, 500).moves[0]!;
    for (let ply = 0; ply < 60 && longest.trace.length <= 60; ply++) {
      const moves = game.legal(position, 500).moves;
      longest = moves.reduce((a, b) => (b.trace.length > a.trace.length ? b : a));
      if (longest.trace.length <= 60) position = moves[ply % moves.length]!.position;
    }
    const boards = stepBoards(boardOf(position), longest.trace);
    expect(boards.length).toBeGreaterThan(60);
    const t0 = startTurn(game, position);
    expect(t0.options.lookahead).toBeLessThan(50);
    const far = feedAll(t0, [boards[0]!, boards[50]!]);
    expect(far.verdicts).toEqual(["progress", "progress"]);
    // A stone one pit too far there is a mistake, named where it happened
    // (CORE-1, the mover's), not as a change since the turn's start.
    const trace = longest.trace;
    const j = trace.findIndex(
      (s, i) =>
        i >= 40 && s.op === "sow" && trace[i + 1]?.op === "sow" && trace[i + 1]!.pit !== s.pit,
    );
    expect(j).toBeGreaterThan(t0.options.lookahead);
    const skipped = trace[j]!.pit;
    const landed = trace[j + 1]!.pit;
    const slip = change(boards[j - 1]!, { [landed]: 1 });
    const fed = feedAll(t0, [boards[0]!, slip]);
    expect(fed.verdicts).toEqual(["progress", "inconsistent"]);
    const { mistake } = classifyMistake(fed.t, Int16Array.from(slip));
    expect(mistake.rule).toBe("CORE-1");
    expect(mistake.side).toBe(position.toMove);
    expect(mistake.message).toContain(`stone dropped in ${landed}, skipping ${skipped}`);
  });

  it("several stones between two readings (skip ahead)", () => {
    const { verdicts } = feedAll(startTurn(gameOf("husbao"), start), [b3[0]!, b3[2]!, b3[6]!]);
    expect(verdicts).toEqual(["progress", "progress", "progress"]);
  });

  it("captured stones dropped into the landing pit first, then lifted with it", () => {
    // After sow B5: capture C5 (2) then lift B5 (1). Drop-first: C5 → B5 (B5 = 3), then B5 lifted.
    const dropped = change(b3[2]!, { C5: -2, B5: 2 });
    const { verdicts, t } = feedAll(startTurn(gameOf("husbao"), start), [
      b3[0]!,
      b3[1]!,
      b3[2]!,
      dropped,
      b3[4]!,
    ]);
    expect(verdicts).toEqual(["progress", "progress", "progress", "waiting", "progress"]);
    expect(guide(t).nextStone).toEqual(["B6"]);
  });

  it("the capture pits and the landing pit are shown before the capture", () => {
    const { t } = feedAll(startTurn(gameOf("husbao"), start), [b3[0]!, b3[1]!, b3[2]!]);
    const g = guide(t);
    expect(g.captureFrom).toEqual(["C5"]);
    expect(g.capturedTo).toEqual(["B5"]);
    expect(g.capturing).toBe(true);
  });

  it("a whole move completes on its final board", () => {
    const r = feedAll(startTurn(gameOf("husbao"), start), b3);
    expect(r.verdicts[r.verdicts.length - 1]).toBe("complete");
  });
});

describe("tracking: an end that may go on (a move that is a prefix of another)", () => {
  const game = new FakeGame();
  const p = game.initial();
  if (!p.ok) throw new Error();
  const s0 = fakeBoard([2, 0, 1, 0]);
  const stop = fakeBoard([0, 1, 2, 0]);
  const goLift = fakeBoard([0, 1, 0, 0]);
  const go = fakeBoard([1, 1, 0, 1]);

  it("pending on the shorter move's end; an unchanged reading after the quiet time accepts it", () => {
    let t = startTurn(game, p.value as FakePosition, {
      lookahead: 24,
      quietMs: 1000,
      legalLimit: 100,
    });
    t = track(t, Int16Array.from(fakeBoard([0, 0, 1, 0])), 0).tracker;
    const r1 = track(t, Int16Array.from(stop), 100);
    expect(r1.verdict.kind).toBe("pending");
    const r2 = track(r1.tracker, Int16Array.from(stop), 600);
    expect(r2.verdict.kind).toBe("pending");
    const r3 = track(r2.tracker, Int16Array.from(stop), 1100);
    expect(r3.verdict).toMatchObject({ kind: "complete", carry: false });
    if (r3.verdict.kind === "complete") expect(r3.verdict.move.move).toBe("P1/.");
    expect(s0).toHaveLength(32);
  });

  it("a reading that continues the longer move goes on", () => {
    let t = startTurn(game, p.value as FakePosition);
    t = track(t, Int16Array.from(stop), 0).tracker;
    const r = track(t, Int16Array.from(goLift), 100);
    expect(r.verdict.kind).toBe("progress");
    const end = track(r.tracker, Int16Array.from(go), 200);
    expect(end.verdict.kind).toBe("complete");
    if (end.verdict.kind === "complete") expect(end.verdict.move.move).toBe("P1/s");
  });

  it("the opponent's first lift accepts the shorter move and carries the reading over", () => {
    let t = startTurn(game, p.value as FakePosition);
    t = track(t, Int16Array.from(stop), 0).tracker;
    const r = track(t, Int16Array.from(fakeBoard([0, 0, 2, 0])), 100); // North lifts P2
    expect(r.verdict).toMatchObject({ kind: "complete", carry: true });
  });

  it("a button press (confirmEnd) accepts the shorter move", () => {
    let t = startTurn(game, p.value as FakePosition);
    t = track(t, Int16Array.from(stop), 0).tracker;
    expect(confirmEnd(t)?.move).toBe("P1/.");
  });
});
