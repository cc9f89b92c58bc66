/**
 * Glassperlenspiel after a mistake, under each policy of `onMistake`, and
 * takebacks (issue 13 point 4), on the fake gem board and the link's fake
 * clock. Restoring names the gems to move by tag. Where the policies meet
 * the rules: a Glassperlenspiel turn is one sowing and its compulsory
 * captures (GB-2, GB-3, GB-4), so its last correct stage ends before the
 * move (`truncate` lets no half-sown or half-captured board stand), and
 * `penalty5` (HB-9: five of one's own stones handed over) has nothing to
 * act on (the stones are no one's; GB-1…GB-7 know no penalty): refused,
 * typed.
 */
import { describe, expect, it } from "vitest";
import { formatNeeds, policyFor } from "../../src/controller/restore.js";
import type { ControllerEvent } from "../../src/controller/events.js";
import type { Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import { glassBoards, sendGems, startGlass } from "./glass-board.js";
import { GLASS } from "./glass-games.js";
import type { Session } from "./harness.js";
import {
  changed,
  countsOf as board,
  GLASS_START as START,
  ONE_INDIRECT as CAPTURE,
} from "./glass-positions.js";

/** The settled boards of a move, bead by bead, captures in trace order. */
function boardsOf(p: Position, move: string): number[][] {
  const r = GLASS.apply(p, move);
  if (!r.ok) throw new Error(r.error.message);
  return glassBoards(board(p), r.value.trace, "trace", seededRandom(1));
}

function feed(s: Session, boards: readonly number[][]): ControllerEvent | null {
  for (const b of boards) {
    const n = s.events.length;
    sendGems(s, b);
    const m = s.events.slice(n).find((e) => e.type === "mistake");
    if (m !== undefined) return m;
  }
  return null;
}

/**
 * South's slip on the start: A1 lifted (its stone and S5), S5 into A2 (as
 * A1:S5s), then the stone into A4, skipping A3 (GB-2).
 */
const LIFTED = changed(board(START), { A1: -1, "A1:S5": -1 });
const S5_IN_A2 = changed(LIFTED, { "A2:S5": 1 });
const SLIP = changed(S5_IN_A2, { A4: 1 });
const SLIP_READINGS = [LIFTED, S5_IN_A2, SLIP];

function resolved(s: Session): Extract<ControllerEvent, { type: "mistake-resolved" }> | undefined {
  return s.events.find(
    (e): e is Extract<ControllerEvent, { type: "mistake-resolved" }> =>
      e.type === "mistake-resolved",
  );
}

/** Plays a legal move of `p` bead by bead and expects it accepted. */
function playsOn(s: Session, p: Position, index = 0): void {
  const m = GLASS.legal(p, 50).moves[index]!;
  const n = s.events.length;
  for (const b of boardsOf(p, m.move)) sendGems(s, b);
  const after = s.events.slice(n);
  expect(after.filter((e) => e.type === "mistake")).toEqual([]);
  expect(after.flatMap((e) => (e.type === "move" ? [e.move] : []))).toEqual([m.move]);
}

describe("Glassperlenspiel mistakes under each policy", () => {
  it("retry: the board restored by tag to before the move, South moves again", () => {
    const s = startGlass(GLASS, START, { settings: { onMistake: "retry" } });
    const m = feed(s, SLIP_READINGS);
    expect(m).toMatchObject({ type: "mistake", rule: "GB-2", side: "S", policy: "retry" });
    if (m?.type !== "mistake") throw new Error("no mistake");
    // What the player is told to do: the gem to move by its tag, then the stones.
    expect(formatNeeds(m.restore)).toBe("move S5 from A2 to A1, A1 +1, A4 -1");
    expect(formatNeeds(s.controller.view.needs)).toBe("move S5 from A2 to A1, A1 +1, A4 -1");
    // Half restored: S5 back, the stone not yet.
    sendGems(s, changed(SLIP, { "A2:S5": -1, "A1:S5": 1 }));
    expect(s.controller.view.phase).toBe("mistake");
    expect(formatNeeds(s.controller.view.needs)).toBe("A1 +1, A4 -1");
    sendGems(s, board(START));
    expect(resolved(s)).toMatchObject({ result: "retry", toMove: "S" });
    playsOn(s, START);
  });

  it("forfeit: restored to before the move, the turn passes to North", () => {
    const s = startGlass(GLASS, START, { settings: { onMistake: "forfeit" } });
    expect(feed(s, SLIP_READINGS)).toMatchObject({ policy: "forfeit" });
    sendGems(s, board(START));
    expect(resolved(s)).toMatchObject({ result: "turn-passed", toMove: "N" });
    const passed = s.controller.view.position!;
    expect(passed.toMove).toBe("N");
    expect(GLASS.positionToJSON(passed).pits).toEqual(GLASS.positionToJSON(START).pits);
    // GB-7 goes on counting: the position the turn passed from is in the history.
    expect(GLASS.positionToJSON(passed).history).toEqual([
      "S|1S5|1S4|1S3|1S2|1S1|1N1|1N2|1N3|1N4|1N5||",
    ]);
    playsOn(s, passed);
  });

  it("truncate: a turn is one stage, so nothing of the slipped sowing stands; the turn passes", () => {
    const s = startGlass(GLASS, START, { settings: { onMistake: "truncate" } });
    const m = feed(s, SLIP_READINGS);
    if (m?.type !== "mistake") throw new Error("no mistake");
    expect(m.policy).toBe("truncate");
    expect(formatNeeds(m.restore)).toBe("move S5 from A2 to A1, A1 +1, A4 -1");
    sendGems(s, board(START));
    expect(resolved(s)).toMatchObject({ result: "turn-passed", toMove: "N" });
    playsOn(s, s.controller.view.position!);
  });

  it("truncate after the last bead: the compulsory capture (GB-3) is not cut off; the board goes back to before the move", () => {
    const s = startGlass(GLASS, CAPTURE, { settings: { onMistake: "truncate" } });
    const sown = boardsOf(CAPTURE, "A5:ss/B1N1").slice(0, -2); // both stones sown, no gem taken
    const last = sown[sown.length - 1]!;
    // A gem of North's cup taken while North's pits hold gems: a wrong capture (GB-3).
    const m = feed(s, [...sown, changed(last, { "NC:N4": -1 })]);
    expect(m).toMatchObject({ type: "mistake", rule: "GB-3", policy: "truncate" });
    if (m?.type !== "mistake") throw new Error("no mistake");
    expect(formatNeeds(m.restore)).toBe("put N4 in NC, A5 +2, B4 -1, B5 -1");
    sendGems(s, board(CAPTURE));
    expect(resolved(s)).toMatchObject({ result: "turn-passed", toMove: "N" });
    const stands = GLASS.positionToJSON(s.controller.view.position!);
    expect(stands.pits).toEqual(GLASS.positionToJSON(CAPTURE).pits);
    expect(stands.cups).toEqual(GLASS.positionToJSON(CAPTURE).cups);
  });

  it("penalty5: refused for Glassperlenspiel, typed, with the reason; allowed for the four-row games", () => {
    const refused = policyFor(GLASS, {}, "penalty5");
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "policy-not-allowed", field: "onMistake" },
    });
    expect(!refused.ok && refused.error.message).toMatch(
      /^penalty5 cannot apply to Glassperlenspiel: .*GB-1…GB-7.*; choose retry, forfeit or truncate$/,
    );
    for (const p of ["retry", "forfeit", "truncate", null] as const) {
      expect(policyFor(GLASS, {}, p)).toEqual({ ok: true, value: p });
    }
  });

  it("penalty5 given to the controller anyway: the default policy acts instead, nothing is handed over", () => {
    const s = startGlass(GLASS, START, { settings: { onMistake: "penalty5", guidance: true } });
    expect(feed(s, SLIP_READINGS)).toMatchObject({ policy: "retry" });
    sendGems(s, board(START));
    expect(resolved(s)).toMatchObject({ result: "retry", toMove: "S" });
  });
});

describe("Glassperlenspiel takebacks", () => {
  it("asked for: the board goes back to before the last move, gems named by tag; that player moves again", () => {
    const s = startGlass(GLASS, CAPTURE);
    playsOn(
      s,
      CAPTURE,
      GLASS.legal(CAPTURE, 50).moves.findIndex((m) => m.move === "A5:ss/B1N1"),
    );
    s.controller.takeback();
    expect(s.controller.view.phase).toBe("takingBack");
    // The gem captured goes back from South's cup to B1, the stones to A5.
    expect(formatNeeds(s.controller.view.needs)).toBe("move N1 from SC to B1, A5 +2, B4 -1, B5 -1");
    sendGems(s, board(CAPTURE));
    expect(s.events.filter((e) => e.type === "takeback")).toMatchObject([{ toPly: 0 }]);
    expect(s.controller.view.phase).toBe("turn");
    expect(s.controller.view.toMove).toBe("S");
    playsOn(s, CAPTURE);
  });

  it("by hand: the board put back to the position before the last move is a takeback", () => {
    const s = startGlass(GLASS, START);
    playsOn(s, START);
    expect(s.controller.view.toMove).toBe("N");
    // South puts S5 and the stones back into A1 as they were: recognised, taken back.
    sendGems(s, board(START));
    expect(s.events.filter((e) => e.type === "takeback")).toMatchObject([{ toPly: 0 }]);
    expect(s.controller.view.toMove).toBe("S");
    playsOn(s, START);
  });
});
