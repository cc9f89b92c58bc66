/**
 * kete's host session against the reference firmware: `EmulatedLink` is the
 * `BoardSession` that `kete play --port` uses, on the emulated board and its
 * clock. The handshake, CFG, a sowing seen settled, LEDs acknowledged and
 * shown, a button, and a reboot noticed and restored.
 */
import { describe, expect, it } from "vitest";
import { playTrace, waitForReady } from "../../src/board/index.js";
import type { BoardEvent, BoardSnapshot } from "../../src/board/index.js";
import { EmulatedBoard, EmulatedLink, loadFirmware } from "../../src/emulator/index.js";
import { referenceFirmware } from "./avr.js";

const hex = await referenceFirmware("test/emulator/session.test.ts");

function start(seed: number): { board: EmulatedBoard; link: EmulatedLink; events: BoardEvent[] } {
  const image = loadFirmware(hex ?? "");
  if (!image.ok) throw new Error(image.error.message);
  const created = EmulatedBoard.create({
    firmware: image.value,
    seed,
    counts: 4,
    calibrated: true,
  });
  if (!created.ok) throw new Error(created.error.message);
  const board = created.value;
  const link = new EmulatedLink(board, { debounceMs: 150, snapshotIntervalMs: 1000 });
  const events: BoardEvent[] = [];
  link.subscribe((e) => events.push(e));
  board.start({ realTime: false });
  return { board, link, events };
}

/** The counts of the last settled snapshot. */
function lastSettled(events: BoardEvent[]): readonly (number | null)[] | undefined {
  const snap: BoardSnapshot | undefined = events
    .flatMap((e) => (e.type === "snapshot" && e.snapshot.settled ? [e.snapshot] : []))
    .at(-1);
  return snap !== undefined && snap.board.geometry === "4x8" ? snap.board.counts : undefined;
}

describe.skipIf(hex === null)("kete's BoardSession on the emulated reference board", () => {
  it("shakes hands, follows a sowing to its settled counts, sets LEDs and hears a button", async () => {
    const { board, link, events } = start(21);
    try {
      const info = await waitForReady(link, 3000, { scheduler: board.clock });
      expect(info.ok && info.value.geometry).toBe("4x8");
      expect(info.ok && info.value.debounceMs).toBe(200);
      const trace = [
        { op: "lift", pit: "B3", n: 4 },
        { op: "sow", pit: "B4" },
        { op: "sow", pit: "B5" },
        { op: "sow", pit: "B6" },
        { op: "sow", pit: "B7" },
      ] as const;
      const played = await playTrace(board.physical, [...trace], {
        scheduler: board.clock,
        seed: 2,
      });
      expect(played.ok).toBe(true);
      await new Promise<void>((resolve) => board.clock.schedule(resolve, 600));
      expect(lastSettled(events)).toEqual(board.physical.counts());
      expect(board.physical.count("B7")).toBe(5);
      const set = await link.setLeds([
        { pit: "B8", led: { pattern: "steady", colour: "cyan" } },
        { pit: "D1", led: { pattern: "steady", colour: "magenta" } },
      ]);
      expect(set.ok).toBe(true);
      await new Promise<void>((resolve) => board.clock.schedule(resolve, 30));
      expect(board.ledOf("B8")).toMatchObject({ r: 0, g: 200, b: 255 });
      expect(board.ledOf("D1")).toMatchObject({ r: 255, g: 0, b: 200 });
      board.press(1);
      await new Promise<void>((resolve) => board.clock.schedule(resolve, 100));
      board.release(1);
      await new Promise<void>((resolve) => board.clock.schedule(resolve, 100));
      const buttons = events.flatMap((e) =>
        e.type === "button" ? [`${e.button}${e.action}`] : [],
      );
      expect(buttons).toEqual(["1press", "1release"]);
    } finally {
      await link.close();
      await board.stop();
    }
  });

  it("a reset of the board is noticed and its state restored: settings, LEDs, a fresh snapshot", async () => {
    const { board, link, events } = start(22);
    try {
      expect((await waitForReady(link, 3000, { scheduler: board.clock })).ok).toBe(true);
      expect(
        (await link.setLeds([{ pit: "A1", led: { pattern: "steady", colour: "red" } }])).ok,
      ).toBe(true);
      const before = events.length;
      board.reset("external");
      await new Promise<void>((resolve) => board.clock.schedule(resolve, 1500));
      const states = events.slice(before).flatMap((e) => (e.type === "link" ? [e.state] : []));
      expect(states).toContain("ready");
      expect(link.info?.boot).toBe(1);
      expect(lastSettled(events.slice(before))).toEqual(board.physical.counts());
    } finally {
      await link.close();
      await board.stop();
    }
  });
});
