/**
 * A resumed game keeps the time each player has spent (issue 32): the
 * view's per-player clocks carry on from the journal instead of restarting
 * at 0:00, and after a kill (no pause record) the side to move is charged,
 * with `--clock`, the time from its last move to the journal's last record,
 * which an idle board's reading kept every `CLOCK_HEARTBEAT_MS` brings
 * within 10 s of the kill.
 */
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLOCK_HEARTBEAT_MS, standingOf } from "../../src/cli/play/recorder.js";
import {
  expectVerified,
  journalAt,
  keyboardHost,
  live,
  records,
  settings,
} from "./play-harness.js";

/** The per-player times a frame shows (`South · Amani 0:05`), by side name. */
function shownTimes(frame: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of frame.matchAll(/(South|North) · \S+ (\d+:\d\d)/g)) out[m[1]!] = m[2]!;
  return out;
}

const seconds = (t: string) => {
  const [m, s] = t.split(":").map(Number);
  return m! * 60 + s!;
};

/** The last frame the screen drew before it was given back. */
const lastFrame = (frames: readonly string[]) => frames.filter((f) => f !== "<done>").at(-1)!;

describe("time on resume (issue 32)", () => {
  it("the view's time per player carries on from the journal", async () => {
    const s = settings("hus", { seed: 8, live: true, pace: 1 });
    const a = await live(s, keyboardHost());
    const { session } = a;
    expect(await a.until(() => session.moves.length >= 4, 600_000, 200)).toBe(true);
    session.pause();
    await a.finish();
    const before = shownTimes(lastFrame(a.frames));
    expect(seconds(before.South!)).toBeGreaterThan(2);
    expect(seconds(before.North!)).toBeGreaterThan(2);
    const standing = standingOf(journalAt(session.journalPath), "j");
    if (!standing.ok) throw new Error(standing.error.message);
    const moves = records(journalAt(session.journalPath), "move");
    expect(standing.value.used.S).toBe(
      moves.filter((m) => m.side === "S").reduce((n, m) => n + m.t - m.startedAt, 0),
    );

    const b = await live({ ...s, resume: session.journalPath }, keyboardHost());
    await b.scheduler.advance(100);
    const after = shownTimes(lastFrame(b.frames));
    expect(seconds(after.South!)).toBeGreaterThanOrEqual(seconds(before.South!));
    expect(seconds(after.North!)).toBeGreaterThanOrEqual(seconds(before.North!));
    b.session.pause();
    await b.finish();
  });

  it("killed mid-turn (no pause record): with --clock the side to move is charged up to the last record", async () => {
    const s = settings("hus", { seed: 8, clock: { minutes: 10, bonusSeconds: 0 }, pace: 0.5 });
    const h = await live(s);
    const { session } = h;
    const midTurn = () =>
      session.moves.length >= 2 && session.controller.view.moving && session.sim!.hand.held > 0;
    expect(await h.until(midTurn)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), "kete-killed-clock-"));
    const killed = join(dir, basename(session.journalPath));
    copyFileSync(session.journalPath, killed);
    session.pause();
    await h.finish();
    const j = journalAt(killed);
    expect(records(j, "pause")).toHaveLength(0);
    const moves = records(j, "move");
    const last = moves[moves.length - 1]!;
    const lastRecord = j.records[j.records.length - 1]!.t;
    expect(lastRecord - last.t).toBeGreaterThan(200);
    const standing = standingOf(j, killed);
    if (!standing.ok) throw new Error(standing.error.message);
    const toMove = String(standing.value.position.toMove);
    const other = toMove === "S" ? "N" : "S";
    expect(standing.value.clocks![toMove]).toBe(last.clocks![toMove]! - (lastRecord - last.t));
    expect(standing.value.clocks![other]).toBe(last.clocks![other]);
    // The turn under way had run as long, for the view.
    expect(standing.value.turnSoFar).toBe(lastRecord - last.t);
  });

  it("killed while the side to move thinks at an idle board: with --clock it is charged up to the last heartbeat, within 10 s of the kill", async () => {
    // South plays from the keyboard and types nothing: the board repeats the same reading.
    const s = settings("hus", {
      seed: 8,
      human: new Set(["S"]),
      clock: { minutes: 10, bonusSeconds: 0 },
    });
    const h = await live(s);
    const { session } = h;
    const t0 = h.scheduler.now();
    await h.scheduler.advance(95_000);
    const dir = mkdtempSync(join(tmpdir(), "kete-idle-clock-"));
    const killed = join(dir, basename(session.journalPath));
    copyFileSync(session.journalPath, killed);
    session.pause();
    await h.finish();
    const standing = standingOf(journalAt(killed), killed);
    if (!standing.ok) throw new Error(standing.error.message);
    const spent = 600_000 - standing.value.clocks!.S!;
    expect(spent).toBeGreaterThan(95_000 - CLOCK_HEARTBEAT_MS - 2_000);
    expect(spent).toBeLessThanOrEqual(h.scheduler.now() - t0);
    expect(standing.value.clocks!.N).toBe(600_000);
    // One reading kept every 10 s: the journal stays small and still verifies.
    expect(records(journalAt(killed), "snapshot").length).toBeLessThan(15);
    expectVerified(journalAt(killed));
  });
});
