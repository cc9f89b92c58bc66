/** The simulated firmware on the Glassperlenspiel board: 2x5+2 snapshots with tags, RFID lag and flicker. */
import { describe, expect, it } from "vitest";
import { SimulatedFirmware } from "../../src/board/firmware.js";
import type { FirmwareOptions } from "../../src/board/firmware.js";
import { PhysicalBoard, playTrace } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { findGame } from "../../src/games/index.js";
import type { Position } from "../../src/games/index.js";
import { parseBoardLine, readingsOf } from "../../src/protocol/index.js";
import type { GemBoard, SnapshotMessage } from "../../src/protocol/index.js";
import { seededRandom } from "../../src/shared/random.js";

function rig(options: FirmwareOptions = {}) {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard({ geometry: "2x5+2" });
  const firmware = new SimulatedFirmware(physical, { scheduler: clock, ...options });
  const raw: string[] = [];
  const snaps: SnapshotMessage[] = [];
  firmware.connect((bytes) => {
    for (const line of bytes.split("\n").filter((l) => l.length > 0)) {
      raw.push(line);
      const m = parseBoardLine(line);
      if (!m.ok) throw new Error(`${line}: ${m.error.message}`);
      if (m.value.type === "snapshot") snaps.push(m.value);
    }
  });
  const cell = (s: SnapshotMessage, pit: string): string => {
    const board = s.board as GemBoard;
    const p = board.places[physical.pits.indexOf(pit)];
    return p === null || p === undefined ? "?" : `${p.count}${p.gems.join("")}`;
  };
  return { clock, physical, firmware, raw, snaps, cell };
}

describe("SimulatedFirmware on 2x5+2", () => {
  it("reports each place's plain stones and gem tags, and settles", async () => {
    const { clock, firmware, raw, snaps } = rig();
    firmware.powerOn();
    await clock.advance(300);
    const last = snaps[snaps.length - 1];
    expect(last?.settled).toBe(true);
    expect(raw.filter((l) => l.includes("SNAP")).pop()).toMatch(
      /^[0-9A-F]{2} SNAP 2x5\+2 C S FFF 1S5,1S4,1S3,1S2,1S1,1N1,1N2,1N3,1N4,1N5,0,0\*[0-9A-F]{2}$/,
    );
  });

  it("settles a place when its count and its tags have been unchanged for deb ms", async () => {
    const { clock, physical, firmware, snaps, cell } = rig();
    firmware.powerOn();
    await clock.advance(300);
    physical.hand.lift("A3");
    await clock.advance(50);
    physical.hand.drop("A4", "S3");
    await clock.advance(100);
    physical.hand.drop("A5", "s");
    await clock.advance(60);
    let last = snaps[snaps.length - 1] as SnapshotMessage;
    expect(cell(last, "A4")).toBe("1S2S3");
    expect(last.unsettled).toEqual(expect.arrayContaining(["A3", "A4", "A5"]));
    await clock.advance(300);
    last = snaps[snaps.length - 1] as SnapshotMessage;
    expect(last.settled).toBe(true);
    expect([cell(last, "A3"), cell(last, "A4"), cell(last, "A5")]).toEqual(["0", "1S2S3", "2S1"]);
  });

  it("shows a lagging tag as a plain stone until it is read, and settles only after", async () => {
    const { clock, physical, firmware, snaps, cell } = rig({ noise: { tagLag: 1 }, seed: 3 });
    firmware.powerOn();
    await clock.advance(300);
    physical.hand.lift("A3");
    physical.hand.drop("A4", "s");
    physical.hand.drop("A4", "S3");
    const seen: string[] = [];
    for (let t = 0; t < 400; t += 50) {
      await clock.advance(50);
      const last = snaps[snaps.length - 1] as SnapshotMessage;
      seen.push(`${cell(last, "A4")}${last.unsettled.includes("A4") ? "u" : ""}`);
    }
    // weight first (three plain stones), the tag a scan or two later, then settled
    expect(seen[0]).toBe("3S2u");
    expect(seen).toContain("2S2S3u");
    expect(seen[seen.length - 1]).toBe("2S2S3");
    // never settled on the reading without S3
    const settledWithout = snaps.filter(
      (s) => !s.unsettled.includes("A4") && cell(s, "A4") === "3S2",
    );
    expect(settledWithout.filter((s) => s.seq > 10)).toEqual([]);
  });

  it("a flicker (a tag missed for a scan) restarts settling; it never settles on the missed read", async () => {
    const { clock, firmware, snaps, cell } = rig({ noise: { tagFlicker: 0.2 }, seed: 5 });
    firmware.powerOn();
    await clock.advance(20_000);
    const flickers = snaps.filter((s) =>
      firmware.physical.pits.some((p) => /^2$/.test(cell(s, p)) && !p.startsWith("S")),
    );
    expect(flickers.length).toBeGreaterThan(3);
    for (const s of snaps) {
      for (const pit of firmware.physical.pits) {
        if (!s.unsettled.includes(pit)) expect(cell(s, pit)).toMatch(/^(1[SN][1-5]|0)$/);
      }
    }
  });

  it("a dead tag keeps its place unsettled, then (after 2 s) reads ? with ERR sensor-fault", async () => {
    const { clock, firmware, snaps, raw, cell } = rig();
    firmware.powerOn();
    await clock.advance(300);
    firmware.loseTag("S3");
    await clock.advance(1000);
    let last = snaps[snaps.length - 1] as SnapshotMessage;
    expect(cell(last, "A3")).toBe("2");
    expect(last.unsettled).toEqual(["A3"]);
    expect(last.settled).toBe(false);
    await clock.advance(1500);
    last = snaps[snaps.length - 1] as SnapshotMessage;
    expect(cell(last, "A3")).toBe("?");
    expect(last.unsettled).toEqual(["A3"]);
    expect(last.settled).toBe(true); // a faulty place does not hold up the board (§7)
    expect(raw.filter((l) => l.includes("ERR sensor-fault A3"))).toHaveLength(1);
    firmware.loseTag("S3", false);
    await clock.advance(300);
    last = snaps[snaps.length - 1] as SnapshotMessage;
    expect([cell(last, "A3"), last.unsettled]).toEqual(["1S3", []]);
  });

  it("a tag read in two places is reported in neither, and both places stay unsettled", async () => {
    const { clock, firmware, snaps, cell } = rig();
    firmware.powerOn();
    await clock.advance(300);
    firmware.crossRead("S3", "B3");
    await clock.advance(1000);
    const last = snaps[snaps.length - 1] as SnapshotMessage;
    expect([cell(last, "A3"), cell(last, "B3")]).toEqual(["2", "1N3"]);
    expect(last.unsettled).toEqual(["A3", "B3"]);
    firmware.crossRead("S3", null);
    await clock.advance(300);
    const after = snaps[snaps.length - 1] as SnapshotMessage;
    expect([cell(after, "A3"), after.settled]).toEqual(["1S3", true]);
  });

  it("with noise, every settled reading along random games is the engine's position", async () => {
    const g = findGame("glassperlenspiel");
    const start = g?.initial();
    if (g === undefined || start === undefined || !start.ok) throw new Error("no game");
    for (const seed of [1, 2]) {
      const { clock, physical, firmware, snaps } = rig({
        noise: { tagLag: 0.5, tagFlicker: 0.005, jitter: 0.3, settleMs: 150 },
        seed,
      });
      firmware.powerOn();
      await clock.advance(400);
      const random = seededRandom(seed);
      let position: Position = start.value;
      let lags = 0;
      for (let ply = 0; ply < 25; ply++) {
        const move = g.randomMove(position, random);
        if (move === null) break;
        const from = snaps.length;
        const done = playTrace(physical, move.trace, {
          scheduler: clock,
          seed: ply,
          timeScale: 0.5,
        });
        await clock.advance(20_000);
        expect(await done).toEqual({ ok: true, value: undefined });
        position = move.position;
        const played = snaps.slice(from);
        lags += played.filter((s) => !s.settled).length;
        const final = played.filter((x) => x.settled).pop() as SnapshotMessage;
        expect(readingsOf(final.board)).toEqual(g.sensorView(position).counts);
        // a settled board mid-move is a true board: no settled place with a tag unread
        for (const s of played.filter((x) => x.settled)) {
          const r = readingsOf(s.board);
          const stones = r.slice(0, 12).reduce((a: number, b) => a + (b ?? 0), 0);
          expect(stones).toBeLessThanOrEqual(10);
        }
      }
      expect(lags).toBeGreaterThan(0);
    }
  });
});

describe("SimulatedFirmware on 2x5+2, determinism", () => {
  it("sends the same lines for the same seed, and other lines for another", async () => {
    const run = async (seed: number): Promise<string[]> => {
      const { clock, physical, firmware, raw } = rig({
        noise: { tagLag: 0.5, tagFlicker: 0.01 },
        seed,
      });
      firmware.powerOn();
      await clock.advance(300);
      const g = findGame("glassperlenspiel");
      const start = g?.initial();
      if (g === undefined || start === undefined || !start.ok) throw new Error("no game");
      const move = g.randomMove(start.value, seededRandom(seed));
      if (move === null) throw new Error("no move");
      const done = playTrace(physical, move.trace, { scheduler: clock, seed, timeScale: 0.3 });
      await clock.advance(5000);
      await done;
      return raw;
    };
    expect(await run(7)).toEqual(await run(7));
    expect(await run(7)).not.toEqual(await run(8));
  });
});
