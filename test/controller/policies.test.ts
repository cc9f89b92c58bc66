/**
 * Recovering from a mistake under each policy (onMistake: retry, forfeit,
 * truncate, penalty5; HB-9), takebacks, and the defaults with guidance on/off.
 * The mistake: B3+ on HusBao's initial position goes wrong in its second
 * stage (after capturing C5 and sowing B6, the next stone is dropped in A1).
 */
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/shared/random.js";
import type { Position } from "../../src/games/core/types.js";
import {
  boardOf,
  change,
  feed,
  gameOf,
  initial,
  session,
  stepBoards,
  traceOf,
  type Board,
} from "./scenario.js";
import { NOISY } from "./streams.js";
import { playMove, type Session } from "./harness.js";

const game = gameOf("husbao");
const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));
const wrong = change(b3[5]!, { A1: 1 });
const mistakeReadings: Board[] = [...b3.slice(0, 6), wrong];

/** Plays one random legal move of `p` through the session and checks it was accepted. */
function playsOn(s: Session, p: Position, seed: number): void {
  const m = game.randomMove(p, seededRandom(seed));
  expect(m).not.toBeNull();
  const n = s.events.length;
  playMove(s, game, p, m!, seededRandom(seed + 1), NOISY);
  const moves = s.events.slice(n).flatMap((e) => (e.type === "move" ? [e.move] : []));
  expect(moves).toEqual([m!.move]);
  expect(s.events.slice(n).filter((e) => e.type === "mistake")).toEqual([]);
}

function positionWithBoard(board: Board, toMove: string): Position {
  const json = game.positionToJSON(start);
  const rows = {
    A: board.slice(0, 8),
    B: board.slice(8, 16),
    C: board.slice(16, 24),
    D: board.slice(24, 32),
  };
  const r = game.parsePosition({ ...json, toMove, pits: rows });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe("policies (HB-9)", () => {
  it("retry: restore the position before the move, the same player moves again", () => {
    const s = session(start, {}, "retry");
    const r = feed(s, mistakeReadings);
    expect(r.index).toBe(6);
    expect(r.mistake?.policy).toBe("retry");
    s.link.settled(change(wrong, { A1: -1 })); // partly restored: still restoring
    expect(s.controller.state).toBe("session.play.mistake.restoring");
    s.link.settled(before);
    expect(s.events.find((e) => e.type === "mistake-resolved")).toMatchObject({
      result: "retry",
      toMove: "S",
    });
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
    playsOn(s, start, 1);
  });

  it("forfeit: restore the position before the move, the turn passes", () => {
    const s = session(start, {}, "forfeit");
    feed(s, mistakeReadings);
    s.link.settled(before);
    expect(s.events.find((e) => e.type === "mistake-resolved")).toMatchObject({
      result: "turn-passed",
      toMove: "N",
    });
    playsOn(s, positionWithBoard(before, "N"), 2);
  });

  it("truncate: restore the end of the last correct stage; that position stands, the turn passes", () => {
    const s = session(start, {}, "truncate");
    const r = feed(s, mistakeReadings);
    // Stage 1 (lift B3, sow B4, B5) was correct: its end board is the target.
    const stageEnd = b3[2]!;
    const need = r.mistake!.restore;
    expect(need.length).toBeGreaterThan(0);
    s.link.settled(before); // the position before the move is not the target now
    expect(s.controller.state).toBe("session.play.mistake.restoring");
    s.link.settled(stageEnd);
    expect(s.events.find((e) => e.type === "mistake-resolved")).toMatchObject({
      result: "turn-passed",
      toMove: "N",
    });
    playsOn(s, positionWithBoard(stageEnd, "N"), 3);
  });

  it("penalty5: after truncate, exactly five stones cross over, then the opponent moves", () => {
    const s = session(start, {}, "penalty5");
    feed(s, mistakeReadings);
    const stageEnd = b3[2]!;
    s.link.settled(stageEnd);
    expect(s.controller.state).toBe("session.play.penalty.handingOver");
    const half = change(stageEnd, { A1: -2, C1: 2 });
    s.link.settled(half);
    expect(s.controller.state).toBe("session.play.penalty.handingOver");
    const tooMany = change(half, { A2: -2, C2: 2, A3: -2, C3: 2 });
    s.link.settled(tooMany);
    expect(s.controller.state).toBe("session.play.penalty.handingOver");
    expect(s.controller.snapshot.context.penalty?.status.kind).toBe("wrong");
    const done = change(half, { A2: -2, A3: -1, C2: 2, D4: 1 });
    s.link.settled(done);
    expect(s.events.some((e) => e.type === "penalty-done")).toBe(true);
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
    playsOn(s, positionWithBoard(done, "N"), 4);
  });

  it("defaults: retry with guidance on, forfeit with guidance off", () => {
    const on = session(start);
    expect(feed(on, mistakeReadings).mistake?.policy).toBe("retry");
    const off = session(start, {}, undefined, false);
    expect(feed(off, mistakeReadings).mistake?.policy).toBe("forfeit");
  });

  it("out of turn: the intruder's change is undone and the mover's turn goes on", () => {
    const s = session(start, {}, "forfeit");
    const r = feed(s, [b3[0]!, b3[1]!, change(b3[1]!, { D3: -2 })]);
    expect(r.mistake?.side).toBe("N");
    s.link.settled(b3[1]!);
    expect(s.events.find((e) => e.type === "mistake-resolved")).toMatchObject({
      result: "continue",
      toMove: "S",
    });
    // Back in the turn where it stood: mid-sowing, not waiting for a start.
    expect(s.controller.state).toBe("session.play.turn.underWay");
    for (const b of b3.slice(2)) s.link.settled(b);
    expect(
      s.events.filter((e) => e.type === "move").map((e) => (e.type === "move" ? e.move : "")),
    ).toEqual(["B3+"]);
  });
});

describe("takebacks", () => {
  it("a board restored to an earlier position is recognised as a takeback", () => {
    const s = session(start);
    for (const b of b3) s.link.settled(b);
    expect(s.events.some((e) => e.type === "move")).toBe(true);
    // North's turn now; the board goes back to the position before B3+.
    s.link.settled(before);
    expect(s.events.find((e) => e.type === "takeback")).toMatchObject({ toPly: 0 });
    expect(s.controller.game?.position.toMove).toBe("S");
    playsOn(s, start, 5);
  });

  it("the takeback command restores the position before the last move", () => {
    const s = session(start);
    for (const b of b3) s.link.settled(b);
    s.controller.takeback();
    expect(s.controller.state).toBe("session.play.takingBack.restoring");
    s.link.settled(b3[3]!);
    expect(s.controller.state).toBe("session.play.takingBack.restoring");
    s.link.settled(before);
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
    expect(s.controller.game?.plies.length).toBe(0);
  });
});
