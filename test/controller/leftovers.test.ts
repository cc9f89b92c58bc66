/**
 * Issue 32's leftovers in the controller: a pit the board reported faulty
 * (`ERR sensor-fault`) is faulty until it reads again, not for good; a
 * resumed Abalone game lights its last move for the opponent as a played one.
 */
import { describe, expect, it } from "vitest";
import { placeOfReading } from "../../src/shared/index.js";
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
