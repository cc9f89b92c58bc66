/**
 * A lost link never loses the game: from any state the controller goes to
 * `resynchronising`, keeps the game in context, and comes back to where it
 * was (deep history) when the board reads what it read before, or when a
 * player presses confirm (the latest reading is then judged).
 */
import { describe, expect, it } from "vitest";
import { INFO } from "./harness.js";
import { boardOf, initial, session, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));

describe("link lost and resynchronising", () => {
  it("mid-turn: back to the same state when the board reads as before", async () => {
    const s = session(start);
    s.link.settled(b3[0]!);
    s.link.settled(b3[1]!);
    expect(s.controller.state).toBe("session.play.turn.sowing");
    s.link.emit({ type: "link", state: "lost" });
    expect(s.controller.state).toBe("resynchronising");
    s.link.emit({ type: "link", state: "ready" });
    s.link.emit({ type: "hello", info: INFO });
    await s.controller.flush();
    expect(s.link.leds.get("A1")).toEqual({ pattern: "pulse", colour: "blue" });
    s.link.settled(b3[1]!);
    expect(s.controller.state).toBe("session.play.turn.sowing");
    for (const b of b3.slice(2)) s.link.settled(b);
    expect(
      s.events.filter((e) => e.type === "move").map((e) => (e.type === "move" ? e.move : "")),
    ).toEqual(["B3+"]);
  });

  it("the board changed while the link was down: confirm judges the latest reading", () => {
    const s = session(start);
    s.link.settled(b3[0]!);
    s.link.emit({ type: "link", state: "lost" });
    s.link.emit({ type: "link", state: "ready" });
    s.link.settled(b3[3]!); // sowing went on meanwhile
    expect(s.controller.state).toBe("resynchronising");
    s.link.emit({ type: "button", button: 1, action: "press" });
    expect(s.controller.state).toBe("session.play.turn.capturing");
    expect(s.controller.game?.plies.length).toBe(0);
  });
});
