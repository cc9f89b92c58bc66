/**
 * Abalone through the controller, case by case (issue 14): each refused
 * push named with its rule the moment its result settles (AB-2 a line of
 * four, AB-3 an own marble over the edge once the player says the move is
 * made, AB-5 pushes not allowed, AB-4 a broadside into an occupied hole,
 * AB-2 the side not to move), the board to restore hole by hole, pushed-off
 * marbles counted, nothing accepted while marbles roll, and the guidance:
 * the marbles that may move, where a lifted marble's lines may go, and the
 * last move lit for the opponent.
 */
import { describe, expect, it } from "vitest";
import { HOLE_READINGS } from "../../src/shared/index.js";
import type { Position } from "../../src/games/core/types.js";
import { ABALONE } from "./abalone-games.js";
import {
  HOLES,
  afterTransfers,
  holeOf,
  ri,
  sendHex,
  setHole,
  startHex,
  transfers,
} from "./abalone-board.js";
import type { Session } from "./harness.js";

/** The standard start with some holes changed (marble totals kept by the caller), Black to move. */
function position(change: Readonly<Record<string, "b" | "w" | null>>, toMove = "b"): Position {
  const init = ABALONE.initial();
  if (!init.ok) throw new Error(init.error.message);
  const json = ABALONE.positionToJSON(init.value);
  const cells = { ...(json.cells as Record<string, string>) };
  for (const [hole, c] of Object.entries(change)) {
    if (c === null) delete cells[hole];
    else cells[hole] = c;
  }
  const p = ABALONE.parsePosition({ ...json, cells, toMove });
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

const board = (p: Position) => Array.from(ABALONE.sensorView(p).counts);

function mistakes(s: Session) {
  return s.events.flatMap((e) => (e.type === "mistake" ? [e] : []));
}

/** Plays `move` (legal or not) from `p` as one roll: unsettled transients, then the settled result. */
function roll(s: Session, p: Position, move: string): number[] {
  const before = board(p);
  const after = afterTransfers(before, transfers(before, move));
  const transient = after.slice();
  for (const t of transfers(before, move)) setHole(transient, t.from, "e");
  sendHex(s, transient, false, ["E5"]);
  sendHex(s, after, false, ["E5"]);
  sendHex(s, after);
  return after;
}

// A line of four black marbles on the A1–E5 diagonal (B6 moved to D4), E5 empty.
const FOUR = position({ B6: null, D4: "b" });

describe("Abalone mistakes, named with their rule when the result settles", () => {
  it("a line of four moved as a whole (AB-2), with the board to restore hole by hole", () => {
    const s = startHex(ABALONE, FOUR);
    roll(s, FOUR, "A1B2");
    const [m] = mistakes(s);
    expect(m).toMatchObject({ kind: "refused-move", rule: "AB-2", side: "b" });
    expect(m?.message).toBe(
      "a line of four or more black marbles moved from A1; such a line never moves as a whole (AB-2)",
    );
    // Restore per hole: a black marble back into A1, the one in E5 out.
    expect(s.controller.view.needs).toEqual([
      { pit: "A1:b", need: 1 },
      { pit: "E5:b", need: -1 },
    ]);
    expect(s.controller.ledPlan().get("A1")?.pattern).toBe("blink");
    expect(s.controller.ledPlan().get("E5")?.pattern).toBe("fast");
    // Restored: the turn goes on, and a legal move of three is accepted.
    sendHex(s, board(FOUR));
    expect(s.controller.view.phase).toBe("turn");
    roll(s, FOUR, "B2C3");
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "B2C3" }]);
  });

  it("pushes the rules do not allow (AB-5): one against one, two against two, blocked", () => {
    // E5 black, E6 white: one marble never pushes.
    const one = position({ A1: null, E5: "b", I5: null, E6: "w" });
    let s = startHex(ABALONE, one);
    roll(s, one, "E5E6");
    expect(mistakes(s)[0]).toMatchObject({ rule: "AB-5", side: "b" });
    expect(mistakes(s)[0]?.message).toContain("one marble never pushes");
    // E4 E5 black against E6 E7 white: not outnumbered.
    const two = position({
      A1: null,
      A2: null,
      E4: "b",
      E5: "b",
      I5: null,
      I6: null,
      E6: "w",
      E7: "w",
    });
    s = startHex(ABALONE, two);
    roll(s, two, "E4E5");
    expect(mistakes(s)[0]).toMatchObject({ rule: "AB-5" });
    expect(mistakes(s)[0]?.message).toContain("must outnumber");
    // E3 E4 E5 black, E6 white, E7 black behind it: blocked (shoved on into E8).
    const blocked = position({
      A1: null,
      A2: null,
      A3: null,
      A4: null,
      E3: "b",
      E4: "b",
      E5: "b",
      E7: "b",
      I5: null,
      E6: "w",
    });
    s = startHex(ABALONE, blocked);
    roll(s, blocked, "E3E4");
    expect(mistakes(s)[0]).toMatchObject({ rule: "AB-5" });
    expect(mistakes(s)[0]?.message).toContain("blocks the push");
  });

  it("a broadside into an occupied hole (AB-4)", () => {
    // C3 C4 moved up into D3 D4 with a white marble in D4, shoved on into E4.
    const p = position({ I5: null, D4: "w" });
    const s = startHex(ABALONE, p);
    roll(s, p, "C3C4D3");
    expect(mistakes(s)[0]).toMatchObject({ rule: "AB-4", side: "b" });
    expect(mistakes(s)[0]?.message).toBe(
      "Black's line C3 C4 moved sideways into an occupied hole; a broadside move needs every hole it moves into empty and never pushes (AB-4)",
    );
  });

  it("a marble of the side not to move (AB-2): undone, then Black's turn goes on", () => {
    const p = position({});
    const s = startHex(ABALONE, p);
    roll(s, p, "G5F5");
    expect(mistakes(s)[0]).toMatchObject({ rule: "AB-2", side: "w" });
    expect(mistakes(s)[0]?.message).toBe("Black's turn, but White moved F5 G5 (AB-2)");
    expect(s.controller.view.needs).toEqual([
      { pit: "F5:w", need: -1 },
      { pit: "G5:w", need: 1 },
    ]);
    sendHex(s, board(p));
    roll(s, p, "C3D4");
    // C3D4 is also B2 C3's line carried front first, part way (issue 28): the
    // move stands once the board has been quiet for the quiet moment.
    expect(s.events.filter((e) => e.type === "move")).toEqual([]);
    const played = ABALONE.apply(p, "C3D4");
    if (!played.ok) throw new Error(played.error.message);
    sendHex(s, board(played.value.position), true, [], 2000);
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "C3D4", side: "b" }]);
  });

  it("an own marble pushed over the edge (AB-3): like one held in the hand until the move is said to be made", () => {
    // A lone black marble on E9, at the right edge, pushed over it: E9 reads empty.
    const p = position({ A1: null, E9: "b" });
    const s = startHex(ABALONE, p);
    const after = board(p);
    setHole(after, HOLES.indexOf("E9"), "e");
    sendHex(s, after);
    expect(mistakes(s)).toEqual([]);
    s.controller.confirm();
    expect(mistakes(s)[0]).toMatchObject({ rule: "AB-3", side: "b" });
    expect(mistakes(s)[0]?.message).toContain("an own marble never leaves it (AB-3)");
  });

  it.each([1, 2])("AB-3: button %i says the move is made (either button, issue 28)", (button) => {
    const p = position({ A1: null, E9: "b" });
    const s = startHex(ABALONE, p);
    const after = board(p);
    setHole(after, HOLES.indexOf("E9"), "e");
    sendHex(s, after);
    expect(mistakes(s)).toEqual([]);
    s.link.emit({ type: "button", button, action: "release" });
    expect(mistakes(s)).toEqual([]);
    s.link.emit({ type: "button", button, action: "press" });
    expect(mistakes(s)[0]).toMatchObject({ rule: "AB-3", side: "b" });
  });
});

describe("Abalone mistakes under each policy", () => {
  for (const onMistake of ["retry", "forfeit", "truncate"] as const) {
    it(`${onMistake}: the board restored to before the push, then ${onMistake === "retry" ? "Black" : "White"} to move`, () => {
      const s = startHex(ABALONE, FOUR, {}, { settings: { onMistake } });
      roll(s, FOUR, "A1B2");
      expect(mistakes(s)[0]).toMatchObject({ rule: "AB-2", policy: onMistake });
      sendHex(s, board(FOUR));
      expect(s.controller.view.phase).toBe("turn");
      expect(s.controller.view.toMove).toBe(onMistake === "retry" ? "b" : "w");
    });
  }
  it("penalty5, which Abalone's rules cannot carry, is not applied (the default policy is)", () => {
    const s = startHex(ABALONE, FOUR, {}, { settings: { onMistake: "penalty5" } });
    roll(s, FOUR, "A1B2");
    const m = mistakes(s)[0];
    expect(m?.rule).toBe("AB-2");
    expect(m?.policy).not.toBe("penalty5");
  });
});

describe("Abalone moves at the board", () => {
  it("counts the marble pushed off, and accepts nothing while the marbles still roll", () => {
    // E7 E8 black push the white marble on E9 over the edge.
    const p = position({ A1: null, A2: null, E7: "b", E8: "b", I5: null, E9: "w" });
    const s = startHex(ABALONE, p);
    const before = board(p);
    const after = afterTransfers(before, transfers(before, "E7E8"));
    // Unsettled readings of the finished board change nothing.
    sendHex(s, after, false, ["E8", "E9"]);
    sendHex(s, after, false, ["E9"]);
    expect(s.events.filter((e) => e.type === "move")).toEqual([]);
    sendHex(s, after);
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "E7E8" }]);
    const now = ABALONE.positionToJSON(s.controller.view.position as Position);
    expect(now.off).toEqual({ b: 0, w: 1 });
    expect(mistakes(s)).toEqual([]);
  });

  it("a line carried marble by marble (front first, a middle hole empty) is no mistake", () => {
    const p = position({});
    const s = startHex(ABALONE, p);
    // A1 B2 C3 to B2 C3 D4: C3 lifted first (held), set into D4, then the rest.
    const b = board(p);
    setHole(b, HOLES.indexOf("C3"), "e");
    sendHex(s, b);
    setHole(b, HOLES.indexOf("B2"), "e");
    sendHex(s, b);
    setHole(b, HOLES.indexOf("D4"), "b");
    sendHex(s, b);
    setHole(b, HOLES.indexOf("A1"), "e");
    setHole(b, HOLES.indexOf("C3"), "b");
    sendHex(s, b);
    expect(mistakes(s)).toEqual([]);
    expect(s.events.filter((e) => e.type === "move")).toEqual([]);
    setHole(b, HOLES.indexOf("B2"), "b");
    sendHex(s, b);
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "A1B2" }]);
  });
});

describe("Abalone guidance", () => {
  it("lights the marbles that may move, where a lifted marble's lines may go, and the last move for the opponent", async () => {
    const p = position({});
    const s = startHex(ABALONE, p);
    await s.controller.flush();
    // Turn start: Black's marbles that some move takes (C3…C5 and the front ones), pulsing.
    const starts = s.controller.view.guide?.starts ?? [];
    expect(starts).toContain("C4");
    expect(starts.every((h) => holeOf(board(p), HOLES.indexOf(h)) === "b")).toBe(true);
    expect(s.controller.ledPlan().get("C4")?.pattern).toBe("pulse");
    // C4 lifted: every hole a move of C4 (alone, or in a line) may fill.
    const lifted = board(p);
    setHole(lifted, HOLES.indexOf("C4"), "e");
    sendHex(s, lifted);
    const next = s.controller.view.guide?.nextStone ?? [];
    expect(next).toEqual(expect.arrayContaining(["D4", "D5", "C4"]));
    expect(next).not.toContain("I5");
    expect(s.controller.ledPlan().get("D5")?.pattern).toBe("blink");
    // Set down in D5: the move C4D5, or B3 C4's line carried front first
    // (issue 28). Pending: B3's way on lit (C4 cyan blink), White's starts
    // pulse (their first act would accept C4D5); button 2 says it is made.
    const moved = lifted.slice();
    setHole(moved, HOLES.indexOf("D5"), "b");
    sendHex(s, moved);
    expect(s.events.filter((e) => e.type === "move")).toEqual([]);
    expect(s.controller.ledPlan().get("C4")).toEqual({ pattern: "blink", colour: "cyan" });
    expect(s.controller.ledPlan().get("G6")?.pattern).toBe("pulse");
    s.link.emit({ type: "button", button: 2, action: "press" });
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "C4D5" }]);
    // White's turn shows it (C4, D5) steady, with White's starts.
    expect(s.controller.view.guide?.lastStone).toEqual(["C4", "D5"]);
    expect(s.controller.ledPlan().get("C4")).toEqual({ pattern: "steady", colour: "cyan" });
    expect(s.controller.ledPlan().get("G6")?.pattern).toBe("pulse");
    expect(ri("D5:b")).toBe(HOLE_READINGS * HOLES.indexOf("D5"));
  });

  it("a changed hole holding a marble the new mover may move pulses green, the others stay cyan steady (issue 28)", async () => {
    // C3 C4 C5 push the white marble on C6 into C7.
    const p = position({ I5: null, C6: "w" });
    const s = startHex(ABALONE, p);
    roll(s, p, "C3C4");
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "C3C4" }]);
    await s.controller.flush();
    expect(s.controller.view.guide?.lastStone).toEqual(["C3", "C6", "C7"]);
    expect(s.controller.ledPlan().get("C3")).toEqual({ pattern: "steady", colour: "cyan" });
    expect(s.controller.ledPlan().get("C6")).toEqual({ pattern: "steady", colour: "cyan" });
    expect(s.controller.ledPlan().get("C7")).toEqual({ pattern: "pulse", colour: "green" });
  });

  it("lights a touched marble's lines while its hole reads empty unsettled, and forgets them when it settles back", async () => {
    const p = position({});
    const s = startHex(ABALONE, p);
    await s.controller.flush();
    const touched = board(p);
    setHole(touched, HOLES.indexOf("C4"), "e");
    sendHex(s, touched, false, ["C4"]);
    await s.controller.flush();
    expect(s.controller.ledPlan().get("D5")?.pattern).toBe("blink");
    expect(s.link.leds.get("D5")?.pattern).toBe("blink");
    expect(s.link.leds.get("I5")?.pattern ?? "off").toBe("off");
    // A hole unsettled elsewhere (a flicker under White's marbles) lights nothing new.
    const flicker = board(p);
    setHole(flicker, HOLES.indexOf("H5"), "e");
    sendHex(s, flicker, false, ["H5"]);
    expect(s.controller.ledPlan().get("D5")?.pattern ?? "off").toBe("off");
    // Settled as before: the turn start's lights again, nothing judged.
    sendHex(s, board(p));
    await s.controller.flush();
    expect(s.link.leds.get("D5")?.pattern ?? "off").toBe("off");
    expect(s.link.leds.get("C4")?.pattern).toBe("pulse");
    expect(s.events.filter((e) => e.type === "move" || e.type === "mistake")).toEqual([]);
  });
});
