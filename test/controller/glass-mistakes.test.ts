/**
 * Glassperlenspiel at the board, one mistake at a time (issue 13 part 4):
 * each kind named at its reading with its GB rule, sensor faults never
 * charged to a player, the LEDs of a capture, and restore guidance that
 * names the gems to move.
 */
import { describe, expect, it } from "vitest";
import type { Position } from "../../src/games/core/types.js";
import { formatNeeds } from "../../src/controller/restore.js";
import { glassBoards, sendGems, startGlass } from "./glass-board.js";
import { GLASS } from "./glass-games.js";
import type { Session } from "./harness.js";
import {
  changed,
  countsOf as board,
  GLASS_START as START,
  glassPosition as pos,
  ONE_INDIRECT as CAPTURE,
  TWO_INDIRECT,
} from "./glass-positions.js";

/** Feeds boards; the first mistake and the index of the board it came at. */
function feed(s: Session, boards: readonly number[][]) {
  for (let i = 0; i < boards.length; i++) {
    const n = s.events.length;
    sendGems(s, boards[i]!);
    const m = s.events.slice(n).find((e) => e.type === "mistake" || e.type === "sensor-fault");
    if (m !== undefined) return { index: i, event: m };
  }
  return { index: -1, event: null };
}

/** The boards of move `move` up to its last bead (no captures). */
function sowing(p: Position, move: string): number[][] {
  const r = GLASS.apply(p, move);
  if (!r.ok) throw new Error(r.error.message);
  return glassBoards(
    board(p),
    r.value.trace.filter((t) => t.op !== "capture"),
    "trace",
    () => 0,
  );
}

describe("Glassperlenspiel mistakes, each with its rule", () => {
  const lifted = changed(board(START), { A1: -1, "A1:S5": -1 });

  it("GB-2: a bead past the pit it belonged in, and a bead in a pit elsewhere", () => {
    let s = startGlass(GLASS, START);
    let r = feed(s, [lifted, changed(lifted, { "A3:S5": 1 })]);
    expect(r.index).toBe(1);
    expect(r.event).toMatchObject({ kind: "skipped-pit", rule: "GB-2", side: "S" });
    expect(s.controller.status).toContain("move S5 from A3 to A1");
    s = startGlass(GLASS, START);
    r = feed(s, [lifted, changed(lifted, { "B2:S5": 1 })]);
    expect(r.event).toMatchObject({ kind: "wrong-pit", rule: "GB-2" });
    expect(r.event?.type === "mistake" && r.event.message).toBe(
      "stone dropped in B2; the next stone belongs in A2 (GB-2)",
    );
  });

  it("GB-2: a bead dropped into the start pit on a lap", () => {
    // A3 holds ten stones: the tenth bead skips A3 and goes into A4.
    const p = pos(
      {
        A1: [0, ["S5"]],
        A2: [0, ["S4"]],
        A3: [10, []],
        A4: [0, ["S2"]],
        A5: [0, ["S1"]],
        B1: [0, ["N1"]],
        B2: [0, ["N2"]],
        B3: [0, ["N3"]],
        B4: [0, ["N4"]],
        B5: [0, ["N5", "S3"]],
      },
      { S: [], N: [] },
    );
    const boards = sowing(p, "A3:ssssssssss");
    const beforeLap = boards[boards.length - 2]!; // nine beads down, the tenth in hand
    const s = startGlass(GLASS, p);
    const r = feed(s, [...boards.slice(0, -1), changed(beforeLap, { A3: 1 })]);
    expect(r.index).toBe(boards.length - 1);
    expect(r.event).toMatchObject({ rule: "GB-2", side: "S", kind: "start-pit-on-lap" });
    // Said plainly: the start pit is passed over on a lap, and where the bead goes instead.
    expect(r.event?.type === "mistake" && r.event.message).toBe(
      "stone dropped in A3, the start pit: a sowing that comes round skips the pit it started from (GB-2); move the stone to A4",
    );
  });

  it("GB-2: a gem dropped into the start pit on a lap is named by its tag", () => {
    // A3 holds nine stones and S3: the tenth bead, S3, skips A3 and goes into A4.
    const p = pos(
      {
        A1: [0, ["S5"]],
        A2: [0, ["S4"]],
        A3: [9, ["S3"]],
        A4: [1, ["S2"]],
        A5: [0, ["S1"]],
        B1: [0, ["N1"]],
        B2: [0, ["N2"]],
        B3: [0, ["N3"]],
        B4: [0, ["N4"]],
        B5: [0, ["N5"]],
      },
      { S: [], N: [] },
    );
    const boards = sowing(p, "A3:sssssssssS3");
    const beforeLap = boards[boards.length - 2]!; // nine stones down, S3 in hand
    const s = startGlass(GLASS, p);
    const r = feed(s, [...boards.slice(0, -1), changed(beforeLap, { "A3:S3": 1 })]);
    expect(r.index).toBe(boards.length - 1);
    expect(r.event).toMatchObject({ rule: "GB-2", side: "S" });
    expect(r.event?.type === "mistake" && r.event.message).toBe(
      "S3 dropped in A3, the start pit: a sowing that comes round skips the pit it started from (GB-2); move S3 to A4",
    );
  });

  it("GB-2: the opponent touching the board out of turn", () => {
    const s = startGlass(GLASS, START);
    const r = feed(s, [changed(board(START), { B1: -1 })]);
    expect(r.event).toMatchObject({ kind: "out-of-turn", rule: "GB-2", side: "N" });
  });

  it("GB-5: a start that does not feed an empty row", () => {
    const p = pos(
      {
        A1: [1, ["S5"]],
        A2: [1, ["S4"]],
        A3: [1, ["S3"]],
        A4: [1, ["S2"]],
        A5: [6, ["S1", "N1", "N2", "N3", "N4", "N5"]],
        B1: [0, []],
        B2: [0, []],
        B3: [0, []],
        B4: [0, []],
        B5: [0, []],
      },
      { S: [], N: [] },
    );
    const s = startGlass(GLASS, p);
    // Only pits whose beads reach North's row may start (A4's two reach B5): lit, A1 is not.
    expect(s.controller.view.guide?.starts).toEqual(["A4", "A5"]);
    const r = feed(s, [changed(board(p), { A1: -1, "A1:S5": -1 })]);
    expect(r.event).toMatchObject({ kind: "refused-start", rule: "GB-5", side: "S" });
    expect(r.event?.type === "mistake" && r.event.message).toContain("must be fed");
  });

  it("GB-3: a capture not taken, a gem no capture takes, a gem into the wrong cup", () => {
    const sown = sowing(CAPTURE, "A5:ss/B1N1");
    const last = sown[sown.length - 1]!;
    let s = startGlass(GLASS, CAPTURE);
    // The last stone lands in B4: the LEDs show the gems to take and the cup.
    feed(s, sown);
    const g = s.controller.view.guide;
    expect(g?.captureFrom).toEqual(["B1", "B2", "B3", "B5"]);
    // The cup blinks yellow from the moment the capture is due (issue 28: its
    // role is "the captured stones go here").
    expect(g?.capturedTo).toEqual(["SC"]);
    expect(s.controller.ledPlan().get("B1")?.pattern).toBe("fast");
    expect(s.controller.ledPlan().get("SC")).toEqual({ pattern: "blink", colour: "yellow" });
    // North lifts B3 before South captured.
    let r = feed(s, [changed(last, { B3: -1, "B3:N3": -1 })]);
    expect(r.event).toMatchObject({ kind: "capture-not-taken", rule: "GB-3", side: "S" });
    s = startGlass(GLASS, CAPTURE);
    r = feed(s, [...sown, changed(last, { "NC:N4": -1 })]);
    expect(r.event).toMatchObject({ kind: "wrong-capture", rule: "GB-3" });
    expect(r.event?.type === "mistake" && r.event.message).toBe(
      "N4 taken from NC; take one of N1 from B1, N2 from B2, N3 from B3 or N5 from B5 into SC (GB-3)",
    );
    s = startGlass(GLASS, CAPTURE);
    const off = changed(last, { "B1:N1": -1 });
    r = feed(s, [...sown, off, changed(off, { "NC:N1": 1 })]);
    expect(r.index).toBe(sown.length + 1);
    expect(r.event?.type === "mistake" && r.event.message).toBe(
      "N1 put into NC; the gems taken go into SC (GB-3)",
    );
    // Taken right, in the right cup: the move.
    s = startGlass(GLASS, CAPTURE);
    r = feed(s, [...sown, off, changed(off, { "SC:N1": 1 })]);
    expect(r.event).toBeNull();
    expect(s.events.filter((e) => e.type === "move")).toMatchObject([{ move: "A5:ss/B1N1" }]);
  });

  it("GB-4: a chain of captures short of a gem", () => {
    const p = TWO_INDIRECT;
    const moves = GLASS.legal(p, 50).moves.filter((m) => m.move.startsWith("A5:sss/"));
    expect(moves.length).toBeGreaterThan(0);
    const sown = sowing(p, moves[0]!.move);
    const last = sown[sown.length - 1]!;
    const s = startGlass(GLASS, p);
    const r = feed(s, [...sown, changed(last, { "A1:S5": -1 })]);
    expect(r.event).toMatchObject({ kind: "wrong-capture", rule: "GB-4" });
  });

  it("a gem read in two places, or a stone too many, is a sensor fault, never the player's", () => {
    const s = startGlass(GLASS, START);
    const r = feed(s, [changed(board(START), { A3: 5 })]);
    expect(r.event).toMatchObject({ type: "sensor-fault" });
    expect(s.events.filter((e) => e.type === "mistake")).toEqual([]);
  });
});

describe("restore guidance names the gems to move", () => {
  it("pairs a gem's reading missing here with the one extra there", () => {
    expect(
      formatNeeds([
        { pit: "A4", need: 1 },
        { pit: "A4:S3", need: 1 },
        { pit: "B2:S3", need: -1 },
        { pit: "SC:N1", need: -1 },
        { pit: "B1:N5", need: 1 },
      ]),
    ).toBe("move S3 from B2 to A4, take N1 out of SC, put N5 in B1, A4 +1");
    expect(
      formatNeeds([
        { pit: "B5", need: 1 },
        { pit: "B6", need: -1 },
      ]),
    ).toBe("B5 +1, B6 -1");
  });
});
