import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { ScanSequencer } from "../../src/board/firmata/scan.js";
import type { FullScan, Half } from "../../src/board/firmata/scan.js";
import { PitSensing, countOf } from "../../src/board/firmata/sensing.js";
import { LedPlan, ledLevel, ledRgb } from "../../src/board/firmata/leds.js";
import type { Rgb } from "../../src/board/firmata/leds.js";
import {
  firmataBoardId,
  parseCalibration,
  readCalibrationFile,
  writeCalibrationFile,
} from "../../src/board/firmata/calibration-file.js";

/** Feeds report cycles (every `ms`) whose values are `value(pit)` for the selected half. */
function cycles(
  scan: ScanSequencer,
  n: number,
  value: (pit: number) => number,
  state: { select: Half; t: number; scans: FullScan[] },
  ms = 10,
): void {
  for (let c = 0; c < n; c++) {
    state.t += ms;
    // The switch follows D22 only at the start of a cycle (a cycle is sampled all at once).
    const half = state.select;
    for (let ch = 0; ch < 16; ch++) {
      const step = scan.report(ch, value(ch + 16 * half), state.t);
      if (step.select !== undefined) state.select = step.select;
      if (step.scan !== undefined) state.scans.push(step.scan);
    }
  }
}

describe("half-scan sequencing", () => {
  it("keeps the second complete cycle after each select write, both halves in order", () => {
    const scan = new ScanSequencer();
    const state = { select: scan.begin(0), t: 0, scans: [] as FullScan[] };
    cycles(scan, 12, (pit) => pit * 10, state);
    expect(state.scans.length).toBe(3);
    expect(state.scans[0]?.raw).toEqual(Array.from({ length: 32 }, (_, i) => i * 10));
    // Two cycles a half, 10 ms each: a scan every 40 ms of reports.
    expect((state.scans[1]?.completedAt ?? 0) - (state.scans[0]?.completedAt ?? 0)).toBe(40);
  });

  it("never keeps a cycle sampled before the switch (the one in flight, the next one)", () => {
    const scan = new ScanSequencer();
    const state = { select: scan.begin(0), t: 0, scans: [] as FullScan[] };
    // The board sees the select only a cycle late: the first cycle after the write is stale.
    let seen: Half = 0;
    const late = (pit: number): number => (pit >= 16 === (seen === 1) ? 500 : 0);
    for (let c = 0; c < 20; c++) {
      const half = seen;
      state.t += 10;
      for (let ch = 0; ch < 16; ch++) {
        const step = scan.report(ch, late(ch + 16 * half), state.t);
        if (step.select !== undefined) state.select = step.select;
        if (step.scan !== undefined) state.scans.push(step.scan);
      }
      seen = state.select;
    }
    expect(state.scans.length).toBeGreaterThan(2);
    for (const s of state.scans) expect(s.raw.every((v) => v === 500)).toBe(true);
  });

  it("skips a cycle with a report missing", () => {
    const scan = new ScanSequencer();
    scan.begin(0);
    const got: FullScan[] = [];
    let t = 0;
    const cycle = (skip: number | null): void => {
      t += 10;
      for (let ch = 0; ch < 16; ch++) {
        if (ch === skip) continue;
        const step = scan.report(ch, 100, t);
        if (step.scan !== undefined) got.push(step.scan);
      }
    };
    for (let ch = 8; ch < 16; ch++) scan.report(ch, 100, t); // in flight at the write
    cycle(null); // first after the write: skipped
    cycle(7); // second, but damaged: not used
    expect(scan.selectedHalf).toBe(0);
    cycle(null);
    expect(scan.selectedHalf).toBe(1);
  });
});

describe("pit sensing", () => {
  const cal = { tare: 100, gain: 10 };
  const board = (raw: number, pit = 0): number[] =>
    Array.from({ length: 32 }, (_, i) => (i === pit ? raw : 100));

  it("counts within ±0.3 stone of a whole number only", () => {
    expect(countOf(100 + 3 * 10 + 2.9, cal)).toBe(3);
    expect(countOf(100 + 3 * 10 + 3.1, cal)).toBeNull();
    expect(countOf(100 - 2, cal)).toBe(0);
    expect(countOf(100 - 5, cal)).toBe(0); // below the tare: empty, not between counts
  });

  it("settles a pit deb ms after its still run began, not before (scans every 30 ms)", () => {
    const s = new PitSensing(new Array(32).fill(cal), { debounceMs: 200, maxCount: 80 });
    let u = s.update(board(140), 0);
    expect(u.counts[0]).toBe(4);
    expect(u.settled[0]).toBe(false); // no pit settled in the first scan (§7)
    for (let t = 30; t < 200; t += 30) expect(s.update(board(140), t).settled[0]).toBe(false);
    expect(s.update(board(140), 210).settled[0]).toBe(true);
    // A stone drops: the count changes and the run starts again.
    u = s.update(board(150), 240);
    expect([u.counts[0], u.settled[0]]).toEqual([5, false]);
    // A 1-LSB wobble is not a move: settled 200 ms after the stone.
    for (let t = 270; t < 440; t += 30)
      expect(s.update(board(t % 60 === 0 ? 151 : 150), t).settled[0]).toBe(false);
    u = s.update(board(150), 450);
    expect([u.counts[0], u.settled[0]]).toEqual([5, true]);
  });

  it("holds the count of a weight between counts, unsettled", () => {
    const s = new PitSensing(new Array(32).fill(cal), { debounceMs: 100, maxCount: 80 });
    for (let t = 0; t <= 300; t += 30) s.update(board(140), t);
    let u = s.update(board(146), 330);
    for (let t = 360; t <= 900; t += 30) u = s.update(board(146), t);
    expect([u.counts[0], u.settled[0]]).toEqual([4, false]);
  });

  it("reports a pit stuck at a rail as a fault once, as ?, not holding up the others", () => {
    const s = new PitSensing(new Array(32).fill(cal), { debounceMs: 100, maxCount: 80 });
    expect(s.update(board(1023, 5), 0).faultsBegun).toEqual([]);
    const u = s.update(board(1023, 5), 400);
    expect(u.faultsBegun).toEqual([5]);
    expect(u.counts[5]).toBeNull();
    expect(s.update(board(1023, 5), 500).faultsBegun).toEqual([]);
    expect(s.update(board(0, 5), 600).counts[5]).toBeNull();
    // Far below tare is a fault too; back to sane, it counts again.
    const back = s.update(board(100, 5), 700);
    expect(back.counts[5]).toBe(0);
  });

  it("with deb=0 reports every pit that is not faulty as settled", () => {
    const s = new PitSensing(new Array(32).fill(cal), { debounceMs: 0, maxCount: 80 });
    expect(s.update(board(145), 0).settled.every((b) => b)).toBe(true);
  });
});

describe("LED patterns on the host", () => {
  it("runs the §8 patterns on one clock", () => {
    const blink = { pattern: "blink", colour: "green" } as const;
    expect([0, 499, 500, 999, 1000].map((t) => ledLevel(blink, t))).toEqual([1, 1, 0, 0, 1]);
    const fast = { pattern: "fast", colour: "red" } as const;
    expect([0, 124, 125, 250].map((t) => ledLevel(fast, t))).toEqual([1, 1, 0, 1]);
    const pulse = { pattern: "pulse", colour: "white" } as const;
    expect([0, 500, 1000, 1500, 2000].map((t) => ledLevel(pulse, t))).toEqual([0, 0.6, 1, 0.6, 0]);
    expect(ledRgb({ pattern: "steady", colour: "cyan" }, 0)).toEqual([0, 255, 255]);
  });

  it("writes changes within the budget, round-robin, and nothing while all is steady", async () => {
    const clock = new FakeScheduler();
    const writes: [number, number, Rgb][] = [];
    const plan = new LedPlan(clock, 32, (i, rgb) => writes.push([clock.now(), i, rgb]), {
      frameMs: 25,
      maxWritesPerFrame: 1,
    });
    plan.start();
    plan.setAll({ pattern: "steady", colour: "red" });
    await clock.advance(2000);
    expect(writes.length).toBe(32);
    const times = writes.map(([t]) => t);
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(25);
    }
    expect(clock.pending).toBe(0); // idle: no timer runs
    writes.length = 0;
    plan.set(3, { pattern: "blink", colour: "blue" });
    await clock.advance(3000);
    expect(writes.filter(([, i]) => i === 3).length).toBeGreaterThanOrEqual(5);
    expect(writes.every(([, i]) => i === 3)).toBe(true);
  });
});

describe("the calibration file", () => {
  it("round-trips atomically and refuses damaged files with what is wrong", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-fcal-"));
    const file = join(dir, "sub", "board.json");
    expect((await readCalibrationFile(file)).ok).toBe(true); // missing: empty
    const table = new Map([["B3", { tare: 101.234, gain: 9.8 }]]);
    expect((await writeCalibrationFile(file, "FM-x", table)).ok).toBe(true);
    const back = await readCalibrationFile(file);
    expect(back.ok && back.value.get("B3")).toEqual({ tare: 101.23, gain: 9.8 });
    expect(readdirSync(join(dir, "sub"))).toEqual(["board.json"]); // no temporary left
    writeFileSync(file, "{");
    const bad = await readCalibrationFile(file);
    expect(!bad.ok && bad.error.message).toMatch(/not JSON/);
    const wrongPit = parseCalibration(
      JSON.stringify({
        kete: "firmata-calibration",
        version: 1,
        pits: { Z9: { tare: 1, gain: 9 } },
      }),
      "f",
    );
    expect(!wrongPit.ok && wrongPit.error.message).toMatch(/Z9 is not a 4x8 pit/);
    const badGain = parseCalibration(
      JSON.stringify({
        kete: "firmata-calibration",
        version: 1,
        pits: { A1: { tare: 1, gain: 0 } },
      }),
      "f",
    );
    expect(badGain.ok).toBe(false);
    expect(firmataBoardId("/dev/serial/by-id/usb-Arduino_Mega_2560_95635333")).toMatch(
      /^FM-[A-Za-z0-9_.-]{1,13}$/,
    );
  });
});
