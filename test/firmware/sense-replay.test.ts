/**
 * The settle rule replayed natively (src/bench/sense-replay.ts driving
 * hardware/firmware/build/sense-replay, built from the firmware's own
 * sense.cpp): a synthetic HX711 signal — a dropped stone's step that rings,
 * then slow drift — goes in, and the events that come out are the board's.
 */
import { spawnSync } from "node:child_process";
import { beforeAll, describe, expect, it } from "vitest";
import {
  buildSenseReplay,
  parseReplayOutput,
  replayInput,
  senseReplay,
  stateAt,
} from "../../src/bench/sense-replay.js";
import type { ReplayEpisode, ReplayEvent } from "../../src/bench/sense-replay.js";
import { seededRandom } from "../../src/shared/index.js";
import { withBuildLock } from "../emulator/avr.js";

const ZERO = 120_000;
const GAIN = 11_600;
const PERIOD = 12.5;

const hostTools = ["make", "g++"].every((tool) => {
  const r = spawnSync(tool, ["--version"], { stdio: "ignore" });
  return r.error === undefined && r.status === 0;
});

/**
 * Readings an HX711 at 80 SPS gives of a load (stones over ms): each the mean
 * of the load over the last four conversion periods, plus 40 counts rms noise.
 */
function hx711(load: (ms: number) => number, until: number, seed: number): [number, number][] {
  const random = seededRandom(seed);
  const gauss = (): number =>
    Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const out: [number, number][] = [];
  for (let t = 0; t < until; t += PERIOD) {
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += load(t - (i * 4 * PERIOD) / 16);
    out.push([t, Math.round(ZERO + (sum / 16) * GAIN + 40 * gauss())]);
  }
  return out;
}

/** 4 stones; a fifth lands at 1000 ms and the cup rings (109 Hz, τ 30 ms, 20 stones of momentum). */
const ringing = (ms: number): number => {
  if (ms < 1000) return 4;
  const dt = ms - 1000;
  return 5 + 20 * Math.exp(-dt / 30) * Math.sin((2 * Math.PI * 109 * dt) / 1000);
};

describe.skipIf(!hostTools)(
  "sense-replay: the firmware's settle rule on a synthetic signal",
  () => {
    beforeAll(async () => {
      await withBuildLock(() => buildSenseReplay());
    }, 180_000);

    it("a dropped stone that rings settles at its count once the ringing is under 0.1 stone", () => {
      const readings = hx711(ringing, 2000, 5);
      const [events] = senseReplay([{ deb: 200, zero: ZERO, gain: GAIN, readings }]);
      expect(events).toBeDefined();
      const ev = events as ReplayEvent[];
      expect(ev[0]).toEqual({ t: 0, count: 4, settled: false });
      expect(stateAt(ev, 999)).toEqual({ t: 200, count: 4, settled: true });
      // every settled event before the landing says 4, every one after says 5
      for (const e of ev) if (e.settled) expect(e.count).toBe(e.t < 1000 ? 4 : 5);
      const settled5 = ev.find((e) => e.settled && e.count === 5);
      expect(settled5).toBeDefined();
      // the last reading more than 0.2 stone from 5, and more than 0.05
      const off = (raw: number): number => Math.abs((raw - ZERO) / GAIN - 5);
      const after = readings.filter(([t]) => t >= 1000);
      const last = (band: number): number =>
        Math.max(...after.filter(([, raw]) => off(raw) > band).map(([t]) => t));
      expect(last(0.2)).toBeGreaterThan(1000 + 4 * PERIOD); // rang beyond the HX711's filter
      expect(settled5?.t).toBeGreaterThanOrEqual(Math.floor(last(0.2)) + 200);
      expect(settled5?.t).toBeLessThanOrEqual(Math.floor(last(0.05) + PERIOD) + 200);
      expect(stateAt(ev, 1999)).toEqual(settled5);
    });

    it("slow drift on an empty pit is tracked and never unsettles it; untracked, it leaves the count's window", () => {
      // 0.5 stone in 10 minutes: seven times the pessimistic 0.07 stone/°C at 6 °C an hour
      const drift = (ms: number): number => (0.5 * ms) / 600_000;
      const readings = hx711(drift, 600_000, 9);
      const episode: ReplayEpisode = { deb: 200, zero: ZERO, gain: GAIN, readings };
      const [tracked, untracked] = senseReplay([episode, { ...episode, zeroTracking: false }]);
      expect(tracked).toEqual([
        { t: 0, count: 0, settled: false },
        { t: 200, count: 0, settled: true },
      ]);
      const lastUntracked = untracked?.[untracked.length - 1];
      expect(lastUntracked?.count).toBe(0);
      expect(lastUntracked?.settled).toBe(false);
      // 0.3 stone (the count's window) is reached at 360 s
      expect(lastUntracked?.t).toBeGreaterThan(340_000);
      expect(lastUntracked?.t).toBeLessThan(380_000);
    });

    it("speaks the documented format: episodes in order, a faulty pit as count null", () => {
      const input = replayInput([
        { deb: 100, readings: [[0, 5000]] },
        { deb: 50, zero: 0, gain: -11_600, zeroTracking: false, readings: [] },
      ]);
      expect(input).toBe("pit deb=100\n0 5000\npit deb=50 zero=0 gain=-11600 track=0\n");
      expect(parseReplayOutput("pit\n0 3 0\n12 -1 0\npit\n")).toEqual([
        [
          { t: 0, count: 3, settled: false },
          { t: 12, count: null, settled: false },
        ],
        [],
      ]);
      expect(() => parseReplayOutput("0 3 0\n")).toThrow(/bad line/);
      // 60 identical readings: stuck, so faulty from the 50th (at 612 ms)
      const stuck = senseReplay([
        {
          deb: 100,
          zero: ZERO,
          gain: GAIN,
          readings: Array.from({ length: 60 }, (_, i): [number, number] => [i * PERIOD, ZERO]),
        },
      ]);
      expect(stuck[0]).toEqual([
        { t: 0, count: 0, settled: false },
        { t: 100, count: 0, settled: true },
        { t: 612, count: null, settled: false },
      ]);
    });
  },
);
