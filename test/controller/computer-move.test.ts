/**
 * Kete's own move and hints in the controller (issue 16, computer.ts): a
 * `computer-move` command makes the controller accept only that move for
 * kete's side and light its acts in the `computerMove` role (guidance on or
 * off); another legal move is "not kete's move" and restored with the same
 * side to move; a move no rule allows is still named by its rule; a `hint`
 * lights the best start (`hintStart`) and its first stone (`hintNext`).
 */
import { describe, expect, it } from "vitest";
import { LED_SCHEME } from "../../src/controller/leds.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import type { LedState } from "../../src/protocol/messages.js";
import { boardOf, change, initial, session, stepBoards, traceOf } from "./scenario.js";

const start = initial("husbao");
const before = boardOf(start);
const look = (role: keyof typeof LED_SCHEME): LedState => ({ ...LED_SCHEME[role] });
const lit = (leds: ReadonlyMap<string, LedState>, l: LedState) =>
  [...leds]
    .filter(
      ([, v]) =>
        v.pattern !== "off" &&
        l.pattern !== "off" &&
        v.pattern === l.pattern &&
        v.colour === l.colour,
    )
    .map(([p]) => p)
    .sort();
const mistakes = (events: readonly ControllerEvent[]) =>
  events.filter((e): e is Extract<ControllerEvent, { type: "mistake" }> => e.type === "mistake");

describe("kete's move (computer-move)", () => {
  it("lights only kete's start pit, then each pit of its move, and accepts exactly that move", async () => {
    const s = session(start);
    s.controller.send({ type: "computer-move", side: "S", move: "B3+", ply: 0 });
    await s.controller.flush();
    expect(lit(s.link.leds, look("computerMove"))).toEqual(["B3"]);
    // No learner guidance in kete's turn: the legal starts are not lit.
    expect(lit(s.link.leds, look("legalStart"))).toEqual([]);
    expect(s.controller.status).toContain("kete plays B3+");
    const trace = traceOf(start, "B3+");
    const boards = stepBoards(before, trace);
    // After each act, the pit of the next act (a capture's pick-up run: its pits) is lit.
    for (let i = 0; i < 3; i++) {
      s.link.settled(boards[i]!);
      await s.controller.flush();
      const next = trace[i + 1]!;
      expect(lit(s.link.leds, look("computerMove"))).toContain(next.pit);
    }
    for (let i = 3; i < boards.length; i++) s.link.settled(boards[i]!);
    s.link.settled(boards[boards.length - 1]!, 3000);
    const moves = s.events.filter((e) => e.type === "move");
    expect(moves.map((e) => e.type === "move" && e.move)).toEqual(["B3+"]);
    expect(mistakes(s.events)).toEqual([]);
    // North's turn: the usual guidance, no kete light.
    await s.controller.flush();
    expect(lit(s.link.leds, look("computerMove"))).toEqual([]);
    expect(lit(s.link.leds, look("legalStart")).length).toBeGreaterThan(0);
  });

  it("shows kete's move with guidance off too", async () => {
    const s = session(start, {}, undefined, false);
    s.controller.send({ type: "computer-move", side: "S", move: "A2-", ply: 0 });
    await s.controller.flush();
    expect(lit(s.link.leds, look("computerMove"))).toEqual(["A2"]);
  });

  it("another legal start is not kete's move: restored, the same side again, no rule cited", async () => {
    const s = session(start, {}, "forfeit");
    s.controller.send({ type: "computer-move", side: "S", move: "B3+", ply: 0 });
    s.link.settled(change(before, { B2: -2 }));
    const [m] = mistakes(s.events);
    expect(m).toMatchObject({ kind: "not-computer-move", rule: "", side: "S", policy: "retry" });
    expect(m?.message).toContain("not kete's move: kete plays B3+ (B2+ or B2- begun)");
    expect(m?.restore).toEqual([{ pit: "B2", need: 2 }]);
    expect(s.controller.view.phase).toBe("mistake");
    s.link.settled(before);
    expect(s.events.find((e) => e.type === "mistake-resolved")).toMatchObject({
      result: "retry",
      toMove: "S",
    });
    await s.controller.flush();
    expect(s.controller.view.phase).toBe("turn");
    expect(lit(s.link.leds, look("computerMove"))).toEqual(["B3"]);
  });

  it("kete's start pit sown the other way (a legal move) is not kete's move", () => {
    const s = session(start);
    s.controller.send({ type: "computer-move", side: "S", move: "B3+", ply: 0 });
    const lifted = change(before, { B3: -2 });
    s.link.settled(lifted);
    expect(mistakes(s.events)).toEqual([]);
    s.link.settled(change(lifted, { B2: 1 }));
    expect(mistakes(s.events).map((m) => m.kind)).toEqual(["not-computer-move"]);
  });

  it("a stone no rule allows is still named by its rule, as for anyone, and kete's move is sown again", () => {
    // Whatever --on-mistake says: kete does not lose its turn for a slip of the hand sowing for it.
    const s = session(start, {}, "forfeit");
    s.controller.send({ type: "computer-move", side: "S", move: "B3+", ply: 0 });
    const lifted = change(before, { B3: -2 });
    s.link.settled(lifted);
    s.link.settled(change(lifted, { B6: 1 }));
    const [m] = mistakes(s.events);
    expect(m?.kind).not.toBe("not-computer-move");
    expect(m?.rule).toMatch(/^[A-Z]+-\d+$/);
    expect(m?.policy).toBe("retry");
  });

  it("a stale or illegal computer-move is not in force", async () => {
    const s = session(start);
    s.controller.send({ type: "computer-move", side: "S", move: "B3+", ply: 1 });
    s.controller.send({ type: "computer-move", side: "N", move: "C6+", ply: 0 });
    s.controller.send({ type: "computer-move", side: "S", move: "B7+", ply: 0 });
    expect(s.controller.snapshot.context.computer).toBeNull();
    await s.controller.flush();
    expect(lit(s.link.leds, look("computerMove"))).toEqual([]);
    // Any legal move is then the player's own.
    s.link.settled(change(before, { B2: -2 }));
    expect(mistakes(s.events)).toEqual([]);
  });
});

describe("kete's side before kete has chosen (computer-side)", () => {
  it("lights nothing, says kete is choosing, and calls any move not kete's", async () => {
    const s = session(start);
    s.controller.send({ type: "computer-side", side: "S" });
    await s.controller.flush();
    expect([...s.link.leds.values()].every((l) => l.pattern === "off")).toBe(true);
    expect(s.controller.status).toBe("South: kete is choosing its move");
    s.link.settled(change(before, { B3: -2 }));
    const [m] = mistakes(s.events);
    expect(m).toMatchObject({ kind: "not-computer-move", side: "S", policy: "retry" });
    expect(m?.message).toContain("not kete's move: kete has not chosen its move yet");
    s.link.settled(before);
    s.controller.send({ type: "computer-move", side: "S", move: "B3+", ply: 0 });
    await s.controller.flush();
    expect(lit(s.link.leds, look("computerMove"))).toEqual(["B3"]);
  });

  it("leaves the other side's turns alone (their mistakes keep the policy set)", async () => {
    const s = session(start, {}, "forfeit");
    s.controller.send({ type: "computer-side", side: "N" });
    await s.controller.flush();
    expect(lit(s.link.leds, look("legalStart"))).toContain("B3");
    const lifted = change(before, { B3: -2 });
    s.link.settled(lifted);
    expect(mistakes(s.events)).toEqual([]);
    s.link.settled(change(lifted, { B6: 1 }));
    expect(mistakes(s.events).map((m) => m.policy)).toEqual(["forfeit"]);
  });
});

describe("hints", () => {
  it("light the best start and its first stone over the guidance, until the turn begins", async () => {
    const s = session(start);
    s.controller.send({ type: "hint", side: "S", move: "A2-", ply: 0 });
    await s.controller.flush();
    const first = traceOf(start, "A2-").find((t) => t.op === "sow")!.pit;
    expect(lit(s.link.leds, look("hintStart"))).toEqual(["A2"]);
    expect(lit(s.link.leds, look("hintNext"))).toEqual([first]);
    expect(lit(s.link.leds, look("legalStart"))).toContain("B3");
    // Any move may follow a hint; once the turn begins it goes out.
    s.link.settled(change(before, { B2: -2 }));
    await s.controller.flush();
    expect(lit(s.link.leds, look("hintStart"))).toEqual([]);
    expect(mistakes(s.events)).toEqual([]);
  });

  it("show with guidance off", async () => {
    const s = session(start, {}, undefined, false);
    s.controller.send({ type: "hint", side: "S", move: "B3+", ply: 0 });
    await s.controller.flush();
    expect(lit(s.link.leds, look("hintStart"))).toEqual(["B3"]);
    expect(lit(s.link.leds, look("hintNext"))).toEqual(["B4"]);
  });
});
