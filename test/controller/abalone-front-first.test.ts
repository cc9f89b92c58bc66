/**
 * Abalone lines carried front first (issue 28): the front marble is moved
 * first, then the one behind into the hole it left, and so on. Each pause
 * on the way is a settled board equal to another legal move's result (the
 * front marble's step, the front two's), so kete holds such a board
 * pending: the shorter move stands only by a button (either), the
 * opponent's first act or the quiet moment (2 s of simulated time
 * unchanged); any other settled board that goes on with the longer move is
 * progress. Every legal move of three starts, carried marble by marble with
 * a pause (shorter than the quiet moment) at every intermediate state, is
 * accepted as itself, with the hole the next marble goes into lit.
 */
import { describe, expect, it } from "vitest";
import type { LegalMove, Position } from "../../src/games/core/types.js";
import { DEFAULT_QUIET_MS } from "../../src/controller/tracking.js";
import { ABALONE } from "./abalone-games.js";
import { HOLES, sendHex, setHole, startHex, transfers, type Transfer } from "./abalone-board.js";
import type { Session } from "./harness.js";

const board = (p: Position) => Array.from(ABALONE.sensorView(p).counts);
const moves = (s: Session) => s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
const problems = (s: Session) =>
  s.events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");

function start(name: string): Position {
  const r = ABALONE.initial({ start: name });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function after(p: Position, move: string): Position {
  const r = ABALONE.apply(p, move);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
}

/** A hand resting on a settled board: the same reading again `ms` later. */
function pause(s: Session, b: readonly number[], ms: number): void {
  sendHex(s, b, true, [], ms);
}

/**
 * Carries a move's marbles front first (transfers' order): each lifted (a
 * settled reading with its hole empty), then set down, with a pause of
 * `ms` after each; checks no move is taken before the last marble is down
 * and that the hole each marble goes into is lit cyan blink once it is lifted.
 */
function carry(s: Session, p: Position, m: LegalMove<Position>, ms: number): number[] {
  const b = board(p);
  const ts: readonly Transfer[] = transfers(b, m.move);
  ts.forEach((t, i) => {
    setHole(b, t.from, "e");
    sendHex(s, b);
    if (t.to >= 0) {
      const to = HOLES[t.to] as string;
      expect(s.controller.ledPlan().get(to), `${m.move}: ${to} lit for the marble lifted`).toEqual({
        pattern: "blink",
        colour: "cyan",
      });
      setHole(b, t.to, t.colour);
      sendHex(s, b);
    }
    if (i < ts.length - 1) {
      pause(s, b, ms);
      expect(moves(s), `${m.move}: taken after ${i + 1} of ${ts.length} marbles`).toEqual([]);
    }
  });
  return b;
}

describe("Abalone lines carried front first (issue 28)", () => {
  it("A1 B2 C3 to B2 C3 D4: neither C3D4 nor B2C3 is taken at the pauses on the way", () => {
    const p = start("standard");
    const s = startHex(ABALONE, p);
    const b = board(p);
    const step = (from: string, to: string) => {
      setHole(b, HOLES.indexOf(from), "e");
      sendHex(s, b);
      setHole(b, HOLES.indexOf(to), "b");
      sendHex(s, b);
      pause(s, b, 900);
      pause(s, b, 900);
    };
    step("C3", "D4"); // C3D4's result
    expect(s.controller.game?.turn.pendingSince).not.toBeNull();
    // The hole the next marble goes into blinks; White's starts pulse.
    expect(s.controller.ledPlan().get("C3")).toEqual({ pattern: "blink", colour: "cyan" });
    expect(s.controller.ledPlan().get("G6")).toEqual({ pattern: "pulse", colour: "green" });
    // The screen says what no LED can: how the shorter move would stand.
    expect(s.controller.status).toBe(
      "Black: C3D4 stands at a button, the next player's first act or 2 s unchanged; or go on as the lights show",
    );
    step("B2", "C3"); // B2C3's result
    expect(moves(s)).toEqual([]);
    expect(s.controller.ledPlan().get("B2")).toEqual({ pattern: "blink", colour: "cyan" });
    step("A1", "B2");
    expect(moves(s)).toEqual(["A1B2"]);
    expect(problems(s)).toEqual([]);
  });

  it("a pause as long as the quiet moment, a button (1 or 2) or White's first act makes the shorter move", () => {
    const p = start("standard");
    const front = board(after(p, "C3D4"));
    // Quiet: the board unchanged for DEFAULT_QUIET_MS after the result was read.
    let s = startHex(ABALONE, p);
    const lifted = board(p);
    setHole(lifted, HOLES.indexOf("C3"), "e");
    sendHex(s, lifted);
    sendHex(s, front);
    pause(s, front, DEFAULT_QUIET_MS - 1);
    expect(moves(s)).toEqual([]);
    pause(s, front, 1);
    expect(moves(s)).toEqual(["C3D4"]);
    for (const button of [1, 2]) {
      s = startHex(ABALONE, p);
      sendHex(s, lifted);
      sendHex(s, front);
      s.link.emit({ type: "button", button, action: "press" });
      expect(moves(s), `button ${button}`).toEqual(["C3D4"]);
    }
    // White lifts G6 at once: C3D4 stands, and G6's lift starts White's turn.
    s = startHex(ABALONE, p);
    sendHex(s, lifted);
    sendHex(s, front);
    const white = front.slice();
    setHole(white, HOLES.indexOf("G6"), "e");
    sendHex(s, white);
    expect(moves(s)).toEqual(["C3D4"]);
    setHole(white, HOLES.indexOf("F6"), "w");
    sendHex(s, white);
    s.link.emit({ type: "button", button: 2, action: "press" });
    expect(moves(s)).toEqual(["C3D4", "G6F6"]);
    expect(problems(s)).toEqual([]);
  });

  for (const name of ["standard", "belgian-daisy", "german-daisy"]) {
    it(`${name}: every legal move (and one reply), carried front first with a pause at every intermediate state, is itself`, () => {
      const p0 = start(name);
      let count = 0;
      const replies = ABALONE.legal(after(p0, ABALONE.legal(p0).moves[0]!.move)).moves;
      for (const [p, m] of [
        ...ABALONE.legal(p0).moves.map((m) => [p0, m] as const),
        ...replies.map((m) => [after(p0, ABALONE.legal(p0).moves[0]!.move), m] as const),
      ]) {
        const s = startHex(ABALONE, p);
        const end = carry(s, p, m, 800);
        if (moves(s).length === 0) {
          // The result is itself part way through a longer move: a short pause keeps it open.
          expect(s.controller.game?.turn.pendingSince, m.move).not.toBeNull();
          pause(s, end, 800);
          expect(moves(s), m.move).toEqual([]);
          s.link.emit({ type: "button", button: 1 + (count % 2), action: "press" });
        }
        expect(moves(s), m.move).toEqual([m.move]);
        expect(problems(s), m.move).toEqual([]);
        s.controller.close();
        count++;
      }
      expect(count).toBeGreaterThan(40);
    });
  }
});
