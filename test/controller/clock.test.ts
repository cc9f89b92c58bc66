/**
 * The players' clocks (clock.ts): pure, time passed in. Remaining time per
 * side, the running side, a move's acceptance switching them with the bonus,
 * pauses (a restore, a lost link) that stop the time, and when a flag falls.
 */
import { describe, expect, it } from "vitest";
import {
  bonusEvents,
  flagFallsAt,
  moveAccepted,
  newClocks,
  parseTimeControl,
  pauseClocks,
  remaining,
  resumeClocks,
  runClock,
  stopClocks,
} from "../../src/controller/clock.js";
import { findGame } from "../../src/games/index.js";
import { at } from "../games/abalone/helpers.js";

const TEN = { minutes: 10, bonusSeconds: 0 };

describe("clocks", () => {
  it("start full, nothing running, no flag to fall", () => {
    const c = newClocks(TEN, ["S", "N"]);
    expect(remaining(c, 5_000)).toEqual({ S: 600_000, N: 600_000 });
    expect(c.running).toBeNull();
    expect(flagFallsAt(c)).toBeNull();
  });

  it("run the side to move; the flag falls when its time is used", () => {
    const c = runClock(newClocks(TEN, ["S", "N"]), "S", 1_000);
    expect(remaining(c, 61_000)).toEqual({ S: 540_000, N: 600_000 });
    expect(flagFallsAt(c)).toEqual({ side: "S", at: 601_000 });
    // Never below zero.
    expect(remaining(c, 700_000).S).toBe(0);
  });

  it("switch at a move's acceptance, adding the bonus per bonus event to the mover", () => {
    const tc = { minutes: 1, bonusSeconds: 5 };
    let c = runClock(newClocks(tc, ["S", "N"]), "S", 0);
    c = moveAccepted(c, "S", "N", 10_000, 2);
    expect(c.running).toBe("N");
    expect(remaining(c, 10_000)).toEqual({ S: 60_000, N: 60_000 });
    c = moveAccepted(c, "N", "S", 30_000, 0);
    expect(remaining(c, 30_000)).toEqual({ S: 60_000, N: 40_000 });
    expect(flagFallsAt(c)).toEqual({ side: "S", at: 90_000 });
    // The same side again (a relay, a retry): its clock keeps running.
    c = moveAccepted(c, "S", "S", 35_000, 1);
    expect(remaining(c, 35_000).S).toBe(60_000);
    expect(flagFallsAt(c)).toEqual({ side: "S", at: 95_000 });
  });

  it("pause for each reason and run again only when every pause is over", () => {
    let c = runClock(newClocks(TEN, ["S", "N"]), "N", 0);
    c = pauseClocks(c, "restore", 10_000);
    expect(flagFallsAt(c)).toBeNull();
    c = pauseClocks(c, "link", 20_000);
    expect(remaining(c, 50_000).N).toBe(590_000);
    c = resumeClocks(c, "restore", 60_000);
    expect(flagFallsAt(c)).toBeNull();
    c = resumeClocks(c, "link", 70_000);
    expect(remaining(c, 80_000).N).toBe(580_000);
    expect(flagFallsAt(c)).toEqual({ side: "N", at: 660_000 });
    // Pausing twice for one reason, or resuming one never paused, changes nothing.
    const twice = pauseClocks(pauseClocks(c, "link", 80_000), "link", 90_000);
    expect(resumeClocks(twice, "link", 100_000).pauses).toEqual([]);
    expect(resumeClocks(c, "restore", 80_000)).toEqual(c);
  });

  it("a switch while paused charges nothing for the pause and stays paused", () => {
    let c = runClock(newClocks(TEN, ["S", "N"]), "S", 0);
    c = pauseClocks(c, "restore", 5_000);
    c = runClock(c, "N", 50_000);
    expect(remaining(c, 50_000)).toEqual({ S: 595_000, N: 600_000 });
    c = resumeClocks(c, "restore", 50_000);
    expect(remaining(c, 60_000)).toEqual({ S: 595_000, N: 590_000 });
  });

  it("stop: the time used is kept, nothing runs", () => {
    const c = stopClocks(runClock(newClocks(TEN, ["S", "N"]), "S", 0), 30_000);
    expect(c.running).toBeNull();
    expect(remaining(c, 90_000).S).toBe(570_000);
    expect(flagFallsAt(c)).toBeNull();
  });

  it("start from remaining times (a resumed game)", () => {
    const c = runClock(newClocks(TEN, ["S", "N"], { S: 1_000, N: 2_000 }), "N", 0);
    expect(flagFallsAt(c)).toEqual({ side: "N", at: 2_000 });
  });
});

describe("time controls", () => {
  it("parse M+B and M", () => {
    expect(parseTimeControl("10+0")).toEqual({ ok: true, value: { minutes: 10, bonusSeconds: 0 } });
    expect(parseTimeControl("15+5")).toEqual({ ok: true, value: { minutes: 15, bonusSeconds: 5 } });
    expect(parseTimeControl("0.5")).toEqual({ ok: true, value: { minutes: 0.5, bonusSeconds: 0 } });
  });

  it("refuse anything else, in one line", () => {
    for (const bad of [
      "",
      "10+",
      "+5",
      "ten",
      "0+5",
      "-1+0",
      "10+-1",
      "10+5+1",
      "1000+0",
      "10+601",
    ]) {
      const r = parseTimeControl(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.message).not.toContain("\n");
    }
  });
});

describe("bonus events", () => {
  it("Abalone: one per push-off", () => {
    const g = findGame("abalone");
    if (g === undefined) throw new Error("no abalone");
    // Black's E7 E8 push White's E9 off the board; A1A2 pushes nothing off.
    const p = at("E7 E8 A1 A2 A3 A4 A5 B1", "E9 I5 I6 I7 I8 I9 H4 H5");
    const push = g.apply(p, "E7E8");
    const quiet = g.legal(p).moves.find((m) => m.move.startsWith("A1"));
    if (!push.ok || quiet === undefined) throw new Error("not legal");
    expect(bonusEvents(g, p, "E7E8", push.value.trace)).toBe(1);
    expect(bonusEvents(g, p, quiet.move, quiet.trace)).toBe(0);
  });

  it("sowing games: one per move that captures", () => {
    const g = findGame("hus");
    if (g === undefined) throw new Error("no hus");
    const init = g.initial();
    if (!init.ok) throw new Error(init.error.message);
    const m = g.legal(init.value).moves[0];
    if (m === undefined) throw new Error("no move");
    const captures = m.trace.some((s) => s.op === "capture") ? 1 : 0;
    expect(bonusEvents(g, init.value, m.move, m.trace)).toBe(captures);
    expect(bonusEvents(g, init.value, m.move, [{ op: "capture", pit: "C1", n: 2 }])).toBe(1);
    expect(bonusEvents(g, init.value, m.move, [{ op: "sow", pit: "C1" }])).toBe(0);
  });
});
