/** `SimulatedBoard`: the physical model, the firmware and the host session in one process. */
import { describe, expect, it } from "vitest";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { findGame } from "../../src/games/index.js";
import type { BoardEvent } from "../../src/board/link.js";
import { linkStates, snapshots } from "./helpers.js";

function sim(options: ConstructorParameters<typeof SimulatedBoard>[0] = {}) {
  const clock = new FakeScheduler();
  const board = new SimulatedBoard({ scheduler: clock, ...options });
  const events: BoardEvent[] = [];
  board.subscribe((e) => events.push(e));
  return { clock, board, events };
}

describe("SimulatedBoard", () => {
  it("is a BoardLink: ready, snapshots, LEDs", async () => {
    const { clock, board, events } = sim({ counts: 3, session: { debounceMs: 0 } });
    const ready = board.ready();
    await clock.advance(10);
    expect((await ready).ok).toBe(true);
    expect(board.info?.geometry).toBe("4x8");
    const snap = snapshots(events).at(-1);
    expect(snap?.board.geometry === "4x8" && snap.board.counts).toEqual(Array(32).fill(3));
    const done = board.setLeds([{ pit: "B3", led: { pattern: "fast", colour: "yellow" } }]);
    await clock.advance(1);
    expect((await done).ok).toBe(true);
    expect(board.litLeds()).toEqual({ B3: "YF" });
    expect(board.leds.get("B3")).toEqual({ pattern: "fast", colour: "yellow" });
    await board.close();
  });

  it("plays an engine move at a person's pace; the host sees it stone by stone, then settled", async () => {
    const { clock, board, events } = sim({ session: { debounceMs: 150 }, timeScale: 1, seed: 5 });
    await clock.advance(10);
    const g = findGame("husbao");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("husbao");
    board.physical.setCounts(g.sensorView(start.value).counts);
    await clock.advance(500);
    const move = g.legal(start.value).moves[0];
    if (move === undefined) throw new Error("no move");
    const before = snapshots(events).length;
    const played = board.playTrace(move.trace);
    await clock.advance(move.trace.length * 500 + 1000);
    expect((await played).ok).toBe(true);
    const during = snapshots(events).slice(before);
    expect(during.filter((s) => !s.settled).length).toBeGreaterThan(2);
    const last = during.at(-1);
    expect(last?.settled).toBe(true);
    expect(last?.board.geometry === "4x8" && last.board.counts).toEqual(
      g.sensorView(move.position).counts,
    );
    await board.close();
  });

  it("is unplugged and plugged back: lost, then ready again by itself, LEDs restored", async () => {
    const { clock, board, events } = sim();
    await clock.advance(10);
    await Promise.all([
      board.setLeds([{ pit: "A8", led: { pattern: "steady", colour: "blue" } }]),
      clock.advance(1),
    ]);
    board.unplug();
    await clock.advance(3000);
    expect(board.state).toBe("lost");
    const lost = events.filter((e) => e.type === "link" && e.state === "lost");
    expect(lost.length).toBeLessThanOrEqual(2); // "went away", then "cannot open": once each
    board.hand.lift("A1"); // moved while unplugged
    board.replug();
    await clock.advance(6000);
    expect(board.state).toBe("ready");
    expect(linkStates(events).slice(-2)).toEqual(["lost", "ready"]);
    expect(board.litLeds()).toEqual({ A8: "BS" });
    const snap = board.snapshot;
    expect(snap?.board.geometry === "4x8" && snap.board.counts[0]).toBe(0);
    await board.close();
  });

  it("keeps going under noise: lost and damaged lines, jitter, a reboot", async () => {
    const { clock, board, events } = sim({
      noise: { jitter: 0.3, settleMs: 300, lineLoss: 0.05, lineCorruption: 0.05 },
      seed: 9,
      session: { debounceMs: 100 },
      timeScale: 1,
    });
    await clock.advance(10);
    const g = findGame("hus");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("hus");
    board.physical.setCounts(g.sensorView(start.value).counts);
    let position = start.value;
    for (let i = 0; i < 4; i++) {
      const move = g.legal(position).moves[i];
      if (move === undefined) break;
      const played = board.playTrace(move.trace);
      await clock.advance(move.trace.length * 500 + 500);
      expect((await played).ok).toBe(true);
      position = move.position;
      if (i === 1) board.firmware.reboot("watchdog");
    }
    await clock.advance(5000);
    expect(board.state).toBe("ready");
    const last = board.snapshot;
    expect(last?.settled).toBe(true);
    expect(last?.board.geometry === "4x8" && last.board.counts).toEqual(
      g.sensorView(position).counts,
    );
    expect(board.lineErrors.get("seq-gap") ?? 0).toBeGreaterThan(0);
    expect(board.lineErrors.get("bad-checksum") ?? 0).toBeGreaterThan(0);
    expect(
      events.some((e) => e.type === "link" && e.state === "handshaking" && e.reason !== undefined),
    ).toBe(true);
    await board.close();
  });
});
