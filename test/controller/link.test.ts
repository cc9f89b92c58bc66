/**
 * A lost link never loses the game: from any state the controller goes to
 * `resynchronising`, keeps the game in context, and comes back to where it
 * was (deep history) when the board reads what it read before; lost in a turn,
 * also when it reads what the move goes on to (the player sowed on while the
 * cable was out or the board restarted); otherwise when a player presses
 * confirm (the latest reading is then judged). A reading the game would call a
 * mistake on never ends the wait by itself: a glitch must not cost a game.
 */
import { describe, expect, it } from "vitest";
import { INFO } from "./harness.js";
import { boardOf, change, initial, session, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));

describe("link lost and resynchronising", () => {
  it("mid-turn: back to the same state when the board reads as before", async () => {
    const s = session(start);
    s.link.settled(b3[0]!);
    s.link.settled(b3[1]!);
    expect(s.controller.state).toBe("session.play.turn.underWay");
    s.link.emit({ type: "link", state: "lost" });
    expect(s.controller.state).toBe("resynchronising");
    s.link.emit({ type: "link", state: "ready" });
    s.link.emit({ type: "hello", info: INFO });
    await s.controller.flush();
    expect(s.link.leds.get("A1")).toEqual({ pattern: "pulse", colour: "blue" });
    s.link.settled(b3[1]!);
    expect(s.controller.state).toBe("session.play.turn.underWay");
    for (const b of b3.slice(2)) s.link.settled(b);
    expect(
      s.events.filter((e) => e.type === "move").map((e) => (e.type === "move" ? e.move : "")),
    ).toEqual(["B3+"]);
  });

  it("the sowing went on while the link was down: play goes on from the reading, no press", () => {
    const s = session(start);
    s.link.settled(b3[0]!);
    s.link.emit({ type: "link", state: "lost" });
    s.link.emit({ type: "link", state: "ready" });
    s.link.settled(b3[3]!); // sowing went on meanwhile
    expect(s.controller.state).toBe("session.play.turn.taking");
    expect(s.controller.game?.plies.length).toBe(0);
    for (const b of b3.slice(4)) s.link.settled(b);
    expect(s.controller.game?.plies.length).toBe(1);
  });

  it("a whole move made while the link was down is recorded when the board is back", () => {
    const s = session(start);
    s.link.emit({ type: "link", state: "lost" });
    s.link.emit({ type: "link", state: "ready" });
    s.link.settled(b3.at(-1)!);
    expect(
      s.events.filter((e) => e.type === "move").map((e) => (e.type === "move" ? e.move : "")),
    ).toEqual(["B3+"]);
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
  });

  it("a reading that would be a mistake waits for a player's word; confirm then judges it", () => {
    const s = session(start);
    s.link.settled(b3[0]!);
    s.link.emit({ type: "link", state: "lost" });
    s.link.emit({ type: "link", state: "ready" });
    const wrong = change(b3[1]!, { D8: +1 }); // a stone in the opponent's pit (CORE-7)
    s.link.settled(wrong);
    expect(s.controller.state).toBe("resynchronising");
    expect(s.events.some((e) => e.type === "mistake")).toBe(false);
    s.link.emit({ type: "button", button: 1, action: "press" });
    expect(s.controller.state).toBe("session.play.mistake.restoring");
  });

  it("lost while a mistake is put right: a changed board waits for a player's word", () => {
    const s = session(start);
    s.link.settled(b3[0]!);
    s.link.settled(change(b3[0]!, { D8: +1 })); // the first stone into the opponent's pit
    expect(s.controller.state).toBe("session.play.mistake.restoring");
    s.link.emit({ type: "link", state: "lost" });
    s.link.settled(before);
    expect(s.controller.state).toBe("resynchronising");
    s.link.emit({ type: "button", button: 1, action: "press" });
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
  });
});
