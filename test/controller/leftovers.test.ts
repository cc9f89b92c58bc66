/**
 * Issue 32's leftovers in the controller: a pit the board reported faulty
 * (`ERR sensor-fault`) is faulty until it reads again, not for good; a
 * resumed Abalone game lights its last move for the opponent as a played one;
 * a pending Abalone move stands when the opponent's push begins at its front.
 */
import { describe, expect, it } from "vitest";
import { placeOfReading, seededRandom } from "../../src/shared/index.js";
import { readingsAlong } from "../../src/bench/controller.js";
import { Controller } from "../../src/controller/controller.js";
import { fromRecord, type GameRecord } from "../../src/controller/records.js";
import { DEFAULT_SETTINGS } from "../../src/controller/referee.js";
import { FakeLink, INFO, type Session } from "./harness.js";
import { sendHex } from "./abalone-board.js";
import { boardOf, gameOf, initial, session } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const FAULT_LIGHT = { colour: "white", pattern: "fast" }; // leds.ts: sensorFault

describe("a pit reported faulty by the board", () => {
  it("is lit as faulty until a settled reading reads it again", () => {
    const s = session(start);
    s.link.emit({
      type: "board-error",
      code: "sensor-fault",
      pit: "A3",
      message: "sensor fault at A3",
    });
    expect(s.controller.snapshot.context.faultyPits).toEqual(["A3"]);
    expect(s.controller.ledPlan().get("A3")).toEqual(FAULT_LIGHT);
    // Still unread: still faulty.
    s.link.settled(before.map((n, i) => (i === 2 ? null : n)));
    expect(s.controller.snapshot.context.faultyPits).toEqual(["A3"]);
    // Read again: the fault is over and its light goes.
    s.link.settled(before);
    expect(s.controller.snapshot.context.faultyPits).toEqual([]);
    expect(s.controller.ledPlan().get("A3")).not.toEqual(FAULT_LIGHT);
  });

  it("a second report after it read again is announced again", () => {
    const s = session(start);
    const fault = {
      type: "board-error",
      code: "sensor-fault",
      pit: "A3",
      message: "sensor fault at A3",
    } as const;
    s.link.emit(fault);
    s.link.settled(before);
    s.link.emit(fault);
    expect(s.events.filter((e) => e.type === "sensor-fault")).toHaveLength(2);
    expect(s.controller.snapshot.context.faultyPits).toEqual(["A3"]);
  });
});

describe("Abalone's last-move lights after a resume", () => {
  const game = gameOf("abalone");
  const first = initial("abalone");
  const move = game.legal(first).moves[0]!;
  const lastStone = (s: Session): string[] =>
    [...s.controller.ledPlan()]
      .filter(([, led]) => led.pattern === "steady" && led.colour === "cyan")
      .map(([hole]) => hole)
      .sort();
  // The holes the move changed, from the readings before and after it.
  const before = game.sensorView(first).counts;
  const after = game.sensorView(move.position).counts;
  const changed = [
    ...new Set(
      game
        .sensorView(first)
        .pits.filter((_, i) => before[i] !== after[i])
        .map(placeOfReading),
    ),
  ].sort();

  it("lights the holes the journal's last move changed, as when it was played", () => {
    expect(changed.length).toBeGreaterThan(1);
    const link = new FakeLink();
    link.info = { ...INFO, geometry: "hex61", maxCount: 1 };
    const controller = new Controller(link, { clock: () => link.time });
    const s: Session = { link, controller, events: [] };
    controller.resume("abalone", [move.move]);
    sendHex(s, after);
    expect(controller.view.phase).toBe("turn");
    expect(lastStone(s)).toEqual(changed);
  });

  it("a persisted controller keeps them (the turn's record carries the board before)", () => {
    const link = new FakeLink();
    link.info = { ...INFO, geometry: "hex61", maxCount: 1 };
    const controller = new Controller(link, { clock: () => link.time });
    controller.resume("abalone", [move.move]);
    sendHex({ link, controller, events: [] }, after);
    const stored = JSON.parse(JSON.stringify(controller.snapshot.context.game)) as GameRecord;
    const gs = fromRecord(stored, DEFAULT_SETTINGS.tracking);
    expect(gs.turn.previous === undefined ? null : Array.from(gs.turn.previous)).toEqual(
      Array.from(before),
    );
  });
});

describe("Abalone: a pending shorter move, then the opponent's push begun at its front", () => {
  it("random games fed every marble taken up before any set down raise no mistake (the bench's seed 11)", () => {
    const game = gameOf("abalone");
    const random = seededRandom(11);
    const mistakes: string[] = [];
    // Game 5 of this seed (and 9) holds the case: Black's C3D3 pending (a
    // broadside could go on from it), then White's G8F7 pushing C4 and D5,
    // their black marbles lifted first; that was called AB-2 on Black.
    for (let g = 0; g < 6; g++) {
      let p = initial("abalone");
      const link = new FakeLink();
      link.info = { ...INFO, geometry: "hex61", maxCount: 1 };
      const controller = new Controller(link, { clock: () => link.time });
      const s: Session = { link, controller, events: [] };
      controller.on((e) => {
        if (e.type === "mistake") mistakes.push(`game ${g}: ${e.message}`);
      });
      controller.newGame("abalone");
      sendHex(s, game.sensorView(p).counts);
      for (let ply = 0; ply < 60; ply++) {
        const m = game.randomMove(p, random);
        if (m === null) break;
        for (const board of readingsAlong(game, p, m.trace)) sendHex(s, board);
        p = m.position;
      }
      controller.close();
    }
    expect(mistakes).toEqual([]);
  });
});
