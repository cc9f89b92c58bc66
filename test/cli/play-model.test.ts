/**
 * What `kete play` shows: the view model kept from the board's and the
 * controller's events and read from the controller's plain view, and the
 * lines it says about them.
 */
import { describe, expect, it } from "vitest";
import { boardMessage, controllerMessage, sideLabel, stamp } from "../../src/cli/play/messages.js";
import { PlayModel, reserveOf, type ControllerReading } from "../../src/cli/play/model.js";
import { newHeader } from "../../src/cli/play/recorder.js";
import { renderView } from "../../src/cli/play/view.js";
import type { ControllerView } from "../../src/controller/controller.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import { findGame, type Position } from "../../src/games/index.js";

const game = findGame("hus")!;
const initial = (() => {
  const r = game.initial({});
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
})();
const header = newHeader(
  { game, seed: 1, players: { S: "Ana", N: "Ben" }, port: null, onMistake: null, guidance: true },
  initial,
  0,
  null,
);
const pits = game.sensorView(initial).pits;

function reading(view: Partial<ControllerView>, status = "South to move"): ControllerReading {
  const full: ControllerView = {
    phase: "turn",
    awaitingStart: true,
    moving: false,
    sensorFault: false,
    toMove: "S",
    position: initial,
    plies: 0,
    needs: [],
    judged: null,
    guide: null,
    erring: null,
    penalty: null,
    error: null,
    ...view,
  };
  return {
    view: full,
    status,
    ledPlan: () => new Map([["B3", { pattern: "pulse", colour: "green" }]]),
  } as unknown as ControllerReading;
}

const move = (ply: number, side: "S" | "N", m: string, at: number): ControllerEvent => ({
  type: "move",
  ply,
  side,
  move: m,
  trace: [],
  at,
});

describe("the view model", () => {
  it("the board as last read, the link, the LEDs and the controller's line", () => {
    const model = new PlayModel(game, header, pits, [], 0, "ready");
    const counts = [...game.sensorView(initial).counts];
    counts[0] = 9;
    model.board({
      type: "snapshot",
      snapshot: {
        board: { geometry: "4x8", counts },
        settled: false,
        unsettled: ["A1"],
        receivedAt: 1,
      },
    });
    model.board({ type: "link", state: "lost" });
    const v = model.view(reading({}), 0, null);
    expect(v.title).toBe("Hus — Ana (South) vs Ben (North)");
    expect(v.counts.get("A1")).toBe(9);
    expect(v.unsettled.has("A1")).toBe(true);
    expect(v.link).toBe("lost");
    expect(v.leds.get("B3")).toEqual({ pattern: "pulse", colour: "green" });
    expect(v.status).toBe("South to move");
    expect(v).toMatchObject({ toMove: "S", ply: 1, firstSide: "S", reserve: null });
    expect(renderView(v, false).join("\n")).toMatch(/ {2}A +9~ /);
  });

  it("an error the controller reports stands in for its line", () => {
    const model = new PlayModel(game, header, pits, [], 0, "ready");
    expect(model.view(reading({ error: "unknown game" }), 0, null).status).toBe("unknown game");
  });

  it("moves, plies (counting a resumed game's) and each side's clock, the mover's running", () => {
    const model = new PlayModel(game, header, pits, ["A1+", "C1+"], 1000, "ready");
    model.controller(move(1, "S", "B2+", 4000));
    model.controller(move(2, "N", "D2+", 9000));
    const v = model.view(reading({ toMove: "S", plies: 2 }), 9500, null);
    expect(v.moves).toEqual(["A1+", "C1+", "B2+", "D2+"]);
    expect(v.ply).toBe(5);
    // A resumed game whose plies include a forfeited turn (issue 32): counted as the journal counts them.
    const after = new PlayModel(game, header, pits, ["A1+", "C1+"], 0, "ready", {
      used: {},
      turnSoFar: 0,
      plies: 3,
    });
    expect(after.view(reading({ toMove: "S", plies: 1 }), 0, null).ply).toBe(5);
    expect(v.clocks).toEqual({ S: 3000 + 500, N: 5000 });
    // A restored mistake restarts the turn's clock.
    model.controller({
      type: "mistake-resolved",
      policy: "retry",
      result: "retry",
      toMove: "S",
      at: 12000,
    });
    expect(model.view(reading({ toMove: "S" }), 12000, null).clocks).toEqual({ S: 3000, N: 5000 });
  });

  it("a takeback takes the move off the list", () => {
    const model = new PlayModel(game, header, pits, [], 0, "ready");
    model.controller(move(1, "S", "B2+", 10));
    model.controller(move(2, "N", "D2+", 20));
    model.controller({ type: "takeback", toPly: 1, at: 30 });
    expect(model.moves).toEqual(["B2+"]);
    model.controller(move(2, "N", "C3+", 40));
    expect(model.moves).toEqual(["B2+", "C3+"]);
  });

  it("the keyboard player's prompt while it is their move", () => {
    const model = new PlayModel(game, header, pits, [], 0, "ready");
    const prompt = { side: "S" as const, input: "B3" };
    expect(model.view(reading({ toMove: "S" }), 0, prompt).status).toBe(
      "South to move   your move> B3",
    );
    expect(model.view(reading({ toMove: "N" }), 0, prompt).status).toBe("South to move");
  });

  it("the guide of the turn under way", () => {
    const model = new PlayModel(game, header, pits, [], 0, "ready");
    const guide = { inHand: 4, nextStone: ["B8"], lastStone: ["B5"] };
    const v = model.view(reading({ guide: guide as unknown as ControllerView["guide"] }), 0, null);
    expect(v).toMatchObject({ inHand: 4, nextStone: ["B8"], lastLands: "B5" });
  });

  it("keeps the newest twenty messages", () => {
    const model = new PlayModel(game, header, pits, [], 0, "ready");
    for (let i = 1; i <= 25; i++) model.say(`m${i}`);
    const v = model.view(reading({}), 0, null);
    expect(v.messages).toHaveLength(20);
    expect(v.messages[0]).toBe("m6");
  });

  it("Bao shows each player's reserve", () => {
    const bao = findGame("bao-kiswahili")!;
    const start = bao.initial({});
    if (!start.ok) throw new Error(start.error.message);
    const model = new PlayModel(bao, header, pits, [], 0, "ready");
    const v = model.view(reading({ position: start.value as Position }), 0, null);
    expect(v.reserve).toEqual(reserveOf(bao.positionToJSON(start.value)));
    expect(v.reserve?.S).toBeGreaterThan(0);
    expect(reserveOf(null)).toBeNull();
    expect(reserveOf({ hand: { S: "x", N: 1 } })).toBeNull();
  });
});

describe("the lines kete play says", () => {
  const players = { S: "Ana", N: "Ben" };
  it("a move, numbered across a resume", () => {
    expect(controllerMessage(move(3, "N", "C2+", 0), players, 10)).toBe("ply 13  North (Ben)  C2+");
  });

  it("a mistake, its resolution, a penalty, a takeback, the result", () => {
    const mistake = {
      type: "mistake",
      kind: "wrong-pit",
      rule: "CORE-1",
      message: "stone dropped in B6; the next stone belongs in B5 (CORE-1)",
      side: "S",
      policy: "retry",
      restore: [],
      at: 0,
    } as unknown as ControllerEvent;
    expect(controllerMessage(mistake, players, 0)).toBe(
      "! South: stone dropped in B6; the next stone belongs in B5 (CORE-1) — retry",
    );
    const resolved = (result: string) =>
      controllerMessage(
        {
          type: "mistake-resolved",
          policy: "retry",
          result,
          toMove: "S",
          at: 0,
        } as ControllerEvent,
        players,
        0,
      );
    expect(resolved("retry")).toBe("board restored: the same player moves again");
    expect(resolved("turn-passed")).toBe("board restored: the turn passes");
    expect(resolved("continue")).toBe("board restored: the turn goes on");
    expect(resolved("penalty-due")).toBe(
      "board restored: now five stones cross to the opponent (HB-9)",
    );
    expect(controllerMessage({ type: "penalty-done", side: "S", at: 0 }, players, 0)).toBe(
      "penalty-done",
    );
    expect(controllerMessage({ type: "takeback", toPly: 1, at: 0 }, players, 0)).toBe("takeback");
    const over = (winner: "S" | "N" | null) =>
      controllerMessage(
        { type: "game-over", outcome: { winner, reason: "HUS-4: …", score: {} }, at: 0 },
        players,
        0,
      );
    expect(over("S")).toBe("game over: South wins — HUS-4: …");
    expect(over(null)).toBe("game over: draw — HUS-4: …");
  });

  it("faults and errors; nothing for a status or a decision", () => {
    expect(
      controllerMessage(
        { type: "sensor-fault", kind: "x", pits: ["A1"], message: "A1 reads 70", at: 0 },
        players,
        0,
      ),
    ).toBe("sensor fault: A1 reads 70");
    expect(controllerMessage({ type: "error", message: "boom", at: 0 }, players, 0)).toBe(
      "controller: boom",
    );
    expect(
      controllerMessage({ type: "status", state: "x", message: "y", at: 0 }, players, 0),
    ).toBeNull();
    expect(
      controllerMessage({ type: "decision", verdict: "ok", counts: [], at: 0 }, players, 0),
    ).toBeNull();
  });

  it("a lost link, with its reason, and the link up again", () => {
    expect(boardMessage({ type: "link", state: "lost", reason: "silence" })).toBe(
      "board link lost (silence); waiting for it to come back",
    );
    expect(boardMessage({ type: "link", state: "lost" })).toBe(
      "board link lost; waiting for it to come back",
    );
    expect(boardMessage({ type: "link", state: "ready" })).toMatch(/^board link up/);
  });

  it("the game clock at the start of a log line; side names", () => {
    expect(stamp(0)).toBe("00:00.0");
    expect(stamp(8_520)).toBe("00:08.5");
    expect(stamp(61_250)).toBe("01:01.3");
    expect(sideLabel("S")).toBe("South");
    expect(sideLabel("N")).toBe("North");
  });
});
