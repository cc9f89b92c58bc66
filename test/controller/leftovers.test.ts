/**
 * Issue 32's leftovers in the controller: a pit the board reported faulty
 * (`ERR sensor-fault`) is faulty until it reads again, not for good.
 */
import { describe, expect, it } from "vitest";
import { boardOf, initial, session } from "./scenario.js";

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
