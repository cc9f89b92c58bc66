/**
 * The LED plan (leds.ts): the embedded colour scheme equals
 * hardware/led-scheme.json, what each state lights, guidance off, and the
 * Controller sending only the pits whose light changed.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  LED_ROLES,
  LED_SCHEME,
  ledChanges,
  ledPlan,
  type LedInput,
} from "../../src/controller/leds.js";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import { PITS_4X8, counts, startSession } from "./harness.js";
import { boardOf, change, initial, session, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const b3 = stepBoards(before, traceOf(start, "B3+"));

describe("LED scheme", () => {
  it("equals hardware/led-scheme.json (roles, colours, patterns)", () => {
    const json = JSON.parse(
      readFileSync(new URL("../../hardware/led-scheme.json", import.meta.url), "utf8"),
    ) as Record<string, { colour: string; pattern: string }>;
    expect(Object.keys(json).sort()).toEqual([...LED_ROLES].sort());
    for (const role of LED_ROLES) {
      expect({ role, colour: LED_SCHEME[role].colour, pattern: LED_SCHEME[role].pattern }).toEqual({
        role,
        colour: json[role]!.colour,
        pattern: json[role]!.pattern,
      });
    }
  });
});

describe("LED plan", () => {
  const base: LedInput = {
    pits: PITS_4X8,
    guidance: true,
    mode: "turn",
    guide: null,
    needs: [],
    winnerPits: [],
    draw: false,
    faultyPits: [],
  };

  it("every pit gets a light (off when unlit); faulty pits always show", () => {
    const plan = ledPlan({ ...base, mode: "idle", faultyPits: ["A3"] });
    expect(plan.size).toBe(32);
    expect(plan.get("A3")).toEqual({ pattern: "fast", colour: "white" });
    expect(plan.get("A4")).toEqual({ pattern: "off" });
  });

  it("restoring: excess and missing pits", () => {
    const plan = ledPlan({
      ...base,
      mode: "restoring",
      needs: [
        { pit: "B2", need: -1 },
        { pit: "B3", need: 2 },
      ],
    });
    expect(plan.get("B2")).toEqual({ pattern: "fast", colour: "magenta" });
    expect(plan.get("B3")).toEqual({ pattern: "blink", colour: "magenta" });
  });

  it("game over: the winner's pits, or every pit for a draw", () => {
    expect(ledPlan({ ...base, mode: "over", winnerPits: ["A1"] }).get("A1")).toEqual({
      pattern: "steady",
      colour: "green",
    });
    expect(ledPlan({ ...base, mode: "over", draw: true }).get("D8")).toEqual({
      pattern: "steady",
      colour: "white",
    });
  });

  it("ledChanges lists only what differs", () => {
    const a = ledPlan({ ...base, mode: "idle" });
    const b = ledPlan({ ...base, mode: "idle", faultyPits: ["C1"] });
    expect(ledChanges(a, b)).toEqual([{ pit: "C1", led: { pattern: "fast", colour: "white" } }]);
    expect(ledChanges(b, b)).toEqual([]);
  });
});

describe("LEDs through the controller", () => {
  it("turn start lights the legal starts; while sowing the next stone; a mistake the wrong pits", async () => {
    const s = session(start);
    await s.controller.flush();
    expect(s.link.leds.get("B3")).toEqual({ pattern: "pulse", colour: "green" });
    expect(s.link.leds.get("B5")).toEqual({ pattern: "off" });
    s.link.settled(b3[0]!);
    s.link.settled(b3[1]!);
    await s.controller.flush();
    expect(s.link.leds.get("B5")).toEqual({ pattern: "blink", colour: "cyan" });
    expect(s.link.leds.get("B3")).toEqual({ pattern: "off" });
    s.link.settled(change(b3[1]!, { A5: 1 }));
    await s.controller.flush();
    expect(s.link.leds.get("A5")).toEqual({ pattern: "fast", colour: "magenta" });
  });

  it("only changed pits are sent", async () => {
    const s = session(start);
    await s.controller.flush();
    const sent = s.link.ledCommands;
    s.link.settled(before); // the same reading again: nothing changes
    await s.controller.flush();
    expect(s.link.ledCommands).toBe(sent);
  });

  it("guidance off: referee only, no guiding lights", async () => {
    const s = session(start, {}, undefined, false);
    await s.controller.flush();
    expect([...s.link.leds.values()].every((l) => l.pattern === "off")).toBe(true);
  });

  it("setting up lights every wrong pit until the board matches", async () => {
    const s = session(start);
    s.controller.newGame("bao-de");
    s.link.settled(before);
    await s.controller.flush();
    expect(s.controller.state).toBe("session.setup");
    expect(s.link.leds.get("B5")).toEqual({ pattern: "steady", colour: "magenta" });
    s.link.settled(boardOf(initial("bao-de")));
    expect(s.controller.state).toBe("session.play.turn.awaitingStart");
  });
});

describe("LEDs mid-turn: the start light is for the start of a turn only", () => {
  const green = { pattern: "pulse", colour: "green" };

  it("a relay's landing pit (HusBao A1+: B2 lifted and sown on) gets the lift-next light (cyan fast)", async () => {
    const a1 = stepBoards(before, traceOf(start, "A1+"));
    const s = session(start);
    s.link.settled(a1[0]!);
    s.link.settled(a1[1]!);
    s.link.settled(a1[2]!);
    await s.controller.flush();
    expect(s.link.leds.get("B2")).toEqual({ pattern: "fast", colour: "cyan" });
    expect([...s.link.leds.values()]).not.toContainEqual(green);
  });

  for (const id of ["husbao", "hus", "bao-de"]) {
    it(`${id}: no green pulse at any step of a turn but its start`, async () => {
      const game = findGame(id) as Game<Position>;
      const random = seededRandom(21);
      let p = (game.initial({}) as { ok: true; value: Position }).value;
      let steps = 0;
      for (let ply = 0; ply < 12; ply++) {
        const m = game.randomMove(p, random);
        if (m === null) break;
        const s = startSession(game, p, {});
        const boards = stepBoards(counts(game, p), m.trace);
        // Every reading but the last (the next turn's start lights its own starts).
        for (const b of boards.slice(0, -1)) {
          s.link.settled(b);
          await s.controller.flush();
          steps++;
          const lit = [...s.link.leds].filter(
            ([, l]) => l.pattern === "pulse" && l.colour === "green",
          );
          expect(lit, `${id} ${m.move}`).toEqual([]);
        }
        s.controller.close();
        p = m.position;
      }
      expect(steps).toBeGreaterThan(50);
    });
  }
});
