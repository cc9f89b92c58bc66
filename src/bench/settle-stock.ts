/**
 * `npm run bench -- settle-stock`: the stock-parts host's sensing (src/board/firmata/sensing.ts,
 * issue 27) on the emulated physics (`SignalRig`: dropped stones that bounce,
 * cups that ring, a hand on a rim, the INA125P, its RC filter and the Mega's
 * ADC noise), read as the host's scan reads it: all 32 pits every 25–40 ms
 * (hardware/firmata.md §3), the first half 15 ms before the second. Seeded.
 *
 * - still boards: counts 0..12, calibrated, 10 s: does every board settle,
 *   how soon, and what share of its scans after the first second is settled;
 * - drops: one stone into a hard-wood or felt-lined cup holding 0, 4 or 20:
 *   the first scan that reports the new count settled, from the first impact
 *   and from the stone's rest (its last impact); a false settle is a settled
 *   count other than the pit's stones once the change was seen (the pile's
 *   old count after the first impact included);
 * - a hand resting on a rim (3 s, the weights of physics.md §7): scans that
 *   report the pit settled at any count while it rests.
 *
 * `--drops=N` drops per row (default 200), `--boards=N` (20), `--hands=N` (20),
 * `--deb=MS` the debounce (default 100).
 */
import { PitSensing } from "../board/index.js";
import type { PitCalibration, SensingUpdate } from "../board/index.js";
import { SignalRig } from "../emulator/index.js";
import type { CupLining } from "../emulator/index.js";
import { GEOMETRIES } from "../protocol/index.js";
import { seededRandom } from "../shared/index.js";
import { printTable } from "./report.js";

const PITS = GEOMETRIES["4x8"].cells;
const NOISES = [0.3, 0.6, 1.0] as const;

function option(name: string, fallback: number): number {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  const v = a === undefined ? NaN : Number(a.slice(name.length + 3));
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}

/** What `kete calibrate` finds for each pit of the rig (tare and gain from 40 stones). */
function calibrationOf(rig: SignalRig): PitCalibration[] {
  return PITS.map((pit) => {
    const tare = rig.expectedCode(pit, 0);
    return { tare, gain: (rig.expectedCode(pit, 40) - tare) / 40 };
  });
}

/** Scans from `from` to `until` (s) as the host does; `look` sees each update at its time (s). */
function scan(
  rig: SignalRig,
  sensing: PitSensing,
  from: number,
  until: number,
  random: () => number,
  look: (u: SensingUpdate, t: number) => void,
): void {
  const raw = new Array<number>(PITS.length).fill(0);
  let t = from;
  while (t < until) {
    t += 0.025 + 0.015 * random();
    PITS.forEach((pit, k) => {
      raw[k] = rig.adcCode(pit, k < 16 ? t - 0.015 : t);
    });
    look(sensing.update(raw, t * 1000), t);
  }
}

function percentile(xs: readonly number[], p: number): number {
  const ys = [...xs].sort((a, b) => a - b);
  return ys[Math.min(ys.length - 1, Math.floor((p / 100) * ys.length))] ?? NaN;
}

const ms = (x: number): string => (Number.isFinite(x) ? `${Math.round(x)}` : "–");

function stillBoards(boards: number, deb: number): (string | number)[][] {
  return NOISES.map((lsb) => {
    let settledBoards = 0;
    let wrong = 0;
    const firsts: number[] = [];
    let scans = 0;
    let settledScans = 0;
    for (let seed = 1; seed <= boards; seed++) {
      const random = seededRandom(seed * 7 + 1);
      const counts = PITS.map(() => Math.floor(random() * 13));
      const rig = new SignalRig({ seed, counts, physics: "dropped", noiseLsb: lsb });
      const sensing = new PitSensing(calibrationOf(rig), { debounceMs: deb, maxCount: 64 });
      let first = -1;
      scan(rig, sensing, 0, 10, random, (u, t) => {
        const all = u.settled.every((s) => s);
        u.settled.forEach((s, k) => {
          if (s && u.counts[k] !== counts[k]) wrong++;
        });
        if (all && first < 0) first = t;
        if (t > 1) {
          scans++;
          if (all) settledScans++;
        }
      });
      if (first >= 0) {
        settledBoards++;
        firsts.push(first * 1000);
      }
    }
    return [
      `${lsb} LSB rms`,
      `${settledBoards}/${boards}`,
      ms(percentile(firsts, 50)),
      ms(Math.max(...firsts)),
      `${((100 * settledScans) / Math.max(1, scans)).toFixed(2)} %`,
      wrong,
    ];
  });
}

function drops(n: number, deb: number, lsb: number): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const lining of ["hard", "felt"] as readonly CupLining[]) {
    for (const below of [0, 4, 20]) {
      const fromImpact: number[] = [];
      const fromRest: number[] = [];
      let falseSettles = 0;
      let never = 0;
      for (let seed = 1; seed <= n; seed++) {
        const random = seededRandom(seed * 13 + below);
        const counts = PITS.map((_, k) => (k === 0 ? below : 4));
        const rig = new SignalRig({ seed, counts, physics: "dropped", lining, noiseLsb: lsb });
        const sensing = new PitSensing(calibrationOf(rig), { debounceMs: deb, maxCount: 64 });
        const t0 = 1 + 0.05 * random();
        scan(rig, sensing, 0, t0, random, () => undefined);
        rig.at(t0).drop("A1");
        const rest = t0 + (rig.pits.lastDrop("A1")?.bounce.restsAfter ?? 0);
        let done = -1;
        let seen = false;
        scan(rig, sensing, t0, t0 + 1.5, random, (u, t) => {
          const truth = t - 0.015 >= t0 ? below + 1 : below;
          if (u.settled[0] !== true) seen = true;
          else if (seen && u.counts[0] !== truth) falseSettles++;
          if (u.settled[0] === true && u.counts[0] === below + 1 && done < 0) done = t;
        });
        if (done < 0) never++;
        else {
          fromImpact.push((done - t0) * 1000);
          fromRest.push((done - rest) * 1000);
        }
      }
      rows.push([
        `${lining}, ${below} below, ${lsb} LSB`,
        ms(percentile(fromImpact, 50)),
        ms(percentile(fromImpact, 99)),
        ms(Math.max(...fromImpact)),
        ms(percentile(fromRest, 50)),
        ms(percentile(fromRest, 99)),
        never,
        falseSettles,
      ]);
    }
  }
  return rows;
}

function hands(n: number, deb: number): (string | number)[][] {
  const rows: (string | number)[][] = [];
  for (const grams of [50, 75, 100, 150, 300]) {
    const row: (string | number)[] = [`${grams} g`];
    for (const lsb of [0.6, 1.0]) {
      let trials = 0;
      let scans = 0;
      for (let seed = 1; seed <= n; seed++) {
        const random = seededRandom(seed * 17);
        const rig = new SignalRig({ seed, counts: 4, physics: "dropped", noiseLsb: lsb });
        const sensing = new PitSensing(calibrationOf(rig), { debounceMs: deb, maxCount: 64 });
        // Four still seconds first: the pits learn their noise, as on a board in use.
        scan(rig, sensing, 0, 4, random, () => undefined);
        rig.at(4).restHand("A1", 4, 7, { grams });
        let f = 0;
        scan(rig, sensing, 4, 7.05, random, (u, t) => {
          if (t > 4.05 && u.settled[0] === true) f++;
        });
        scans += f;
        if (f > 0) trials++;
      }
      row.push(`${trials}/${n} (${scans})`);
    }
    rows.push(row);
  }
  return rows;
}

export async function benchSettleStock(): Promise<void> {
  const deb = option("deb", 100);
  const boards = option("boards", 20);
  const n = option("drops", 200);
  const handTrials = option("hands", 20);
  printTable({
    title: `Stock-parts host sensing: still boards, 10 s each (deb ${deb} ms)`,
    columns: [
      "ADC noise",
      "boards settled",
      "first, p50 ms",
      "max ms",
      "scans settled after 1 s",
      "wrong counts settled",
    ],
    rows: stillBoards(boards, deb),
  });
  printTable({
    title: `Stock-parts host sensing: a dropped stone to a settled count (deb ${deb} ms, ${n} drops a row)`,
    columns: [
      "cup, stones below, noise",
      "impact p50",
      "p99",
      "max",
      "rest p50",
      "p99",
      "never",
      "false settles",
    ],
    rows: [...drops(n, deb, 0.6), ...drops(n, deb, 1.0)],
  });
  printTable({
    title: `Stock-parts host sensing: a hand resting on a rim for 3 s (deb ${deb} ms): trials with a settled scan (scans)`,
    columns: ["hand", "0.6 LSB rms", "1.0 LSB rms"],
    rows: hands(handTrials, deb),
  });
  await Promise.resolve();
}
