/** The host session on a 2x5+2 board: tags end to end, and a tag read in two places as a sensor fault. */
import { describe, expect, it } from "vitest";
import { SimulatedBoard } from "../../src/board/simulated-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { TAG_CONFLICT } from "../../src/board/session.js";
import type { BoardEvent } from "../../src/board/link.js";
import { findGame } from "../../src/games/index.js";
import { readingsOf, withChecksum } from "../../src/protocol/index.js";
import { lineErrors, snapshots } from "./helpers.js";

function sim(options: ConstructorParameters<typeof SimulatedBoard>[0] = {}) {
  const clock = new FakeScheduler();
  const board = new SimulatedBoard({ scheduler: clock, geometry: "2x5+2", ...options });
  const events: BoardEvent[] = [];
  board.subscribe((e) => events.push(e));
  return { clock, board, events };
}

describe("BoardSession on 2x5+2", () => {
  it("hands the controller each place's stones and gems; a Glassperlenspiel move arrives settled", async () => {
    const { clock, board, events } = sim({ noise: true, seed: 4, timeScale: 1 });
    const ready = board.ready();
    await clock.advance(500);
    expect((await ready).ok).toBe(true);
    expect(board.info?.geometry).toBe("2x5+2");
    const g = findGame("glassperlenspiel");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("glassperlenspiel");
    const settled = () => snapshots(events).filter((s) => s.settled);
    expect(readingsOf(settled().at(-1)?.board ?? board.snapshot!.board)).toEqual(
      g.sensorView(start.value).counts,
    );
    const move = g.legal(start.value, 1).moves[0];
    if (move === undefined) throw new Error("no move");
    const played = board.playTrace(move.trace);
    await clock.advance(move.trace.length * 600 + 2000);
    expect((await played).ok).toBe(true);
    expect(readingsOf(settled().at(-1)!.board)).toEqual(g.sensorView(move.position).counts);
    await board.close();
  });

  it("drops a snapshot with a gem in two places as a sensor fault (tag-conflict), then resyncs", async () => {
    const { clock, board, events } = sim();
    await clock.advance(500);
    const before = snapshots(events).length;
    board.firmware.sendRaw(
      `${withChecksum("FE SNAP 2x5+2 C S FFF 1S5,1S4,1S3,1S2,1S1,1N1,1N2,1S3N3,1N4,1N5,0,0")}\n`,
    );
    await clock.advance(1);
    const fault = events.find((e) => e.type === "line-error" && e.code === TAG_CONFLICT);
    expect(fault?.type === "line-error" && fault.message).toMatch(/gem S3 is read in A3 and in B3/);
    expect(lineErrors(events)).toContain(TAG_CONFLICT);
    // No reading with S3 twice ever reached a subscriber; the session asked for SNAP at once.
    await clock.advance(100);
    const after = snapshots(events).slice(before);
    expect(after.length).toBeGreaterThan(0);
    for (const s of after) {
      const r = readingsOf(s.board);
      expect(r.slice(12).reduce((a: number, b) => a + (b ?? 0), 0)).toBe(10);
    }
    expect(board.firmware.commands.some((c) => c.type === "snapshot-request")).toBe(true);
    await board.close();
  });

  it("never passes on a settled reading while a tag is read in two places", async () => {
    const { clock, board, events } = sim();
    await clock.advance(500);
    board.firmware.crossRead("N2", "A1");
    await clock.advance(100);
    const from = snapshots(events).length;
    await clock.advance(3000);
    const during = snapshots(events).slice(from);
    expect(during.length).toBeGreaterThan(0);
    expect(
      during.every((s) => !s.settled && s.unsettled.includes("A1") && s.unsettled.includes("B2")),
    ).toBe(true);
    board.firmware.crossRead("N2", null);
    await clock.advance(500);
    expect(snapshots(events).at(-1)?.settled).toBe(true);
    await board.close();
  });
});
