/**
 * A flag falls (the `flag` command): from any playing state to `over`, the
 * other side wins, the reason names the flag (AB-7 in Abalone), the score is
 * zeros (the `Game` contract gives a score only with an outcome), and the
 * usual `game-over` is emitted. A takeback cannot revive a game lost on time.
 */
import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { ControllerEvent } from "../../src/controller/events.js";
import { flagFall } from "../../src/controller/flag.js";
import { controllerMachine, type ControllerMachineEvent } from "../../src/controller/machine.js";
import { toRecord } from "../../src/controller/records.js";
import { beginGame, DEFAULT_SETTINGS } from "../../src/controller/referee.js";
import { INFO } from "./harness.js";
import { boardOf, change, gameOf, initial, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const snap = (counts: readonly (number | null)[], at = 0): ControllerMachineEvent => ({
  type: "snapshot",
  snapshot: { board: { geometry: "4x8", counts }, settled: true, unsettled: [], receivedAt: at },
  at,
});

function playing() {
  const actor = createActor(controllerMachine, { input: {} });
  const emitted: ControllerEvent[] = [];
  actor.on("*", (e) => emitted.push(e as ControllerEvent));
  actor.start();
  actor.send({ type: "hello", info: INFO, at: 0 });
  actor.send({ type: "new-game", gameId: "husbao", game: gameOf("husbao"), at: 0 });
  actor.send(snap(before));
  expect(actor.getSnapshot().hasTag("turn")).toBe(true);
  return { actor, emitted };
}

describe("flag: the pure judgement", () => {
  it("the other side wins; a plain reason and zeros outside Abalone", () => {
    const { actor } = playing();
    const u = flagFall(actor.getSnapshot().context, "S", 1234);
    const outcome = { winner: "N", reason: "South ran out of time", score: { S: 0, N: 0 } };
    // The outcome also carries its text for the player's language (i18n).
    expect(u.context.game?.outcome).toMatchObject(outcome);
    expect(u.context.flagged).toBe("S");
    expect(u.emit).toMatchObject([{ type: "game-over", outcome, at: 1234 }]);
  });

  it("Abalone: the reason names the fallen flag and AB-7", () => {
    const { actor } = playing();
    const ab = gameOf("abalone");
    const p = ab.initial();
    if (!p.ok) throw new Error(p.error.message);
    const game = toRecord(beginGame(ab, p.value, [], DEFAULT_SETTINGS.tracking));
    const u = flagFall({ ...actor.getSnapshot().context, game }, "w", 5);
    expect(u.context.game?.outcome).toMatchObject({
      winner: "b",
      reason: "AB-7: White's flag fell",
      score: { b: 0, w: 0 },
    });
  });

  it("nothing without a game, for a side not in the game, or once it is over", () => {
    const { actor } = playing();
    const c = actor.getSnapshot().context;
    expect(flagFall({ ...c, game: null }, "S", 0)).toEqual({ context: {}, emit: [] });
    expect(flagFall(c, "x", 0)).toEqual({ context: {}, emit: [] });
    const over = flagFall(c, "N", 0).context.game ?? null;
    expect(flagFall({ ...c, game: over }, "S", 0)).toEqual({ context: {}, emit: [] });
  });
});

describe("flag: the machine", () => {
  it("ends a turn in progress with game-over", () => {
    const { actor, emitted } = playing();
    actor.send({ type: "flag", side: "S", at: 90 });
    const s = actor.getSnapshot();
    expect(s.hasTag("over")).toBe(true);
    expect(s.context.game?.outcome?.winner).toBe("N");
    expect(emitted.filter((e) => e.type === "game-over")).toHaveLength(1);
  });

  it("ends a game while the board is restored after a mistake", () => {
    const { actor } = playing();
    const b3 = stepBoards(before, traceOf(start, "B3+"));
    actor.send(snap(b3[0] as number[]));
    actor.send(snap(change(b3[5] as number[], { A1: 1 })));
    expect(actor.getSnapshot().hasTag("mistake")).toBe(true);
    actor.send({ type: "flag", side: "N", at: 90 });
    expect(actor.getSnapshot().hasTag("over")).toBe(true);
    expect(actor.getSnapshot().context.game?.outcome?.winner).toBe("S");
  });

  it("is ignored before play and for a side not in the game", () => {
    const actor = createActor(controllerMachine, { input: {} });
    actor.start();
    actor.send({ type: "hello", info: INFO, at: 0 });
    actor.send({ type: "new-game", gameId: "husbao", game: gameOf("husbao"), at: 0 });
    actor.send({ type: "flag", side: "S", at: 1 });
    expect(actor.getSnapshot().hasTag("setup")).toBe(true);
    actor.send(snap(before));
    actor.send({ type: "flag", side: "b", at: 2 });
    expect(actor.getSnapshot().hasTag("turn")).toBe(true);
  });

  it("a takeback cannot revive a game lost on time; a new game clears the flag", () => {
    const { actor } = playing();
    // A move played, so there is a ply to take back.
    const game = gameOf("husbao");
    const move = game.legal(start).moves[0];
    if (move === undefined) throw new Error("no move");
    actor.send({ type: "resume", gameId: "husbao", game, moves: [move.move], at: 0 });
    actor.send(snap(boardOf(move.position)));
    expect(actor.getSnapshot().context.game?.plies).toHaveLength(1);
    actor.send({ type: "flag", side: "N", at: 9 });
    actor.send({ type: "takeback", at: 10 });
    expect(actor.getSnapshot().hasTag("over")).toBe(true);
    actor.send({ type: "new-game", gameId: "husbao", game, at: 11 });
    expect(actor.getSnapshot().context.flagged).toBeNull();
  });
});
