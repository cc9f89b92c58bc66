/**
 * `npm run bench -- settle`: the reference firmware's settle rule
 * (hardware/firmware/kete_board/sense.cpp, run natively by
 * build/sense-replay) under the dropped-stone physics of hardware/physics.md:
 * stones dropped into hard and felt cups on piles of 0 to 24, and drops while
 * a hand rests on the rim. For each `deb` it reports the time from the first
 * impact until the firmware says the pit is settled at its new count, and
 * every false settle (a pit reported settled at a count that is not the
 * stones in it).
 *
 *   npm run bench -- settle --drops=10000 --hands=10000 --deb=50,80,100,150,200
 *
 * Times are the firmware's (`millis()` of the settled flag); kete sees the
 * flag in the change snapshot that follows at once (PROTOCOL.md §7: unless
 * another change snapshot went out in the 50 ms before), about 14 ms later on
 * the wire (a 155-byte snapshot at 115200 baud), which the "at kete" columns add.
 */
import type { CupLining } from "../emulator/index.js";
import { SignalRig, pitName } from "../emulator/index.js";
import { seededRandom } from "../shared/index.js";
import { printTable } from "./report.js";
import { buildSenseReplay, senseReplay } from "./sense-replay.js";
import type { ReplayEpisode, ReplayEvent } from "./sense-replay.js";

/** A 155-byte snapshot at 115200 baud (10 bits a byte), ms. */
const WIRE_MS = (155 * 10 * 1000) / 115_200;
const DROP_AT = 1.0;
const READ_FROM = 0.3;
const PITS = 32;

export interface Scenario {
  readonly label: string;
  readonly lining: CupLining;
  /** Stones in the pit before the drop. */
  readonly pile: number;
  /** A hand on the rim from..until (s), the drop at 1 s in between. */
  readonly hand?: readonly [number, number];
  /** How long to read after the drop, s. */
  readonly readFor: number;
}

export interface DropResult {
  /** ms from the first impact to settled at the new count at the firmware; null: never, within the reading. */
  readonly latency: number | null;
  /** ms from the hand's release to settled (hand scenarios). */
  readonly afterHand: number | null;
  /** Settled events at a count that was not the pit's. */
  readonly falseSettles: number;
}

/** Drops `n` stones (32 at a time, one into each pit of a seeded rig) and replays each pit's HX711 words. */
export function runDrops(
  scenario: Scenario,
  n: number,
  debs: readonly number[],
  seed: number,
  program?: string,
): Map<number, DropResult[]> {
  const results = new Map<number, DropResult[]>(debs.map((d) => [d, []]));
  for (let batch = 0; n > 0; batch++) {
    const pits = Math.min(PITS, n);
    n -= pits;
    const s = (seed * 7919 + batch * 104_729) >>> 0;
    const random = seededRandom(s ^ 0x5e771e);
    const rig = new SignalRig({
      seed: s,
      counts: scenario.pile,
      physics: "dropped",
      lining: scenario.lining,
    });
    const episodes: { pit: string; readings: [number, number][]; zero: number; gain: number }[] =
      [];
    for (let k = 0; k < pits; k++) {
      const pit = pitName(k);
      if (scenario.hand !== undefined) rig.restHand(pit, scenario.hand[0], scenario.hand[1]);
    }
    rig.at(DROP_AT);
    for (let k = 0; k < pits; k++) rig.drop(pitName(k));
    for (let k = 0; k < pits; k++) {
      const pit = pitName(k);
      // the chip's phase against the drop: anywhere in a conversion period
      const stream = rig.hx711(pit, READ_FROM + random() * 0.0125);
      const readings: [number, number][] = [];
      while (stream.time < DROP_AT + scenario.readFor) {
        const t = stream.time;
        readings.push([Math.round(t * 10_000) / 10, stream.next()]);
      }
      const cell = rig.hx711Cell(pit);
      episodes.push({ pit, readings, zero: cell.zero, gain: cell.perStone });
    }
    for (const deb of debs) {
      const input: ReplayEpisode[] = episodes.map((e) => ({
        deb,
        zero: e.zero,
        gain: Math.round(e.gain * 100) / 100,
        readings: e.readings,
      }));
      const out = senseReplay(input, program);
      const list = results.get(deb) as DropResult[];
      for (const events of out) list.push(judge(events, scenario));
    }
  }
  return results;
}

function judge(events: readonly ReplayEvent[], scenario: Scenario): DropResult {
  const dropMs = DROP_AT * 1000;
  const before = scenario.pile;
  const after = scenario.pile + 1;
  let falseSettles = 0;
  let latency: number | null = null;
  let afterHand: number | null = null;
  const handEnd = scenario.hand === undefined ? null : scenario.hand[1] * 1000;
  for (const e of events) {
    if (!e.settled) continue;
    const truth = e.t < dropMs ? before : after;
    const handOn =
      scenario.hand !== undefined && e.t >= scenario.hand[0] * 1000 && e.t < (handEnd ?? 0);
    if (e.count !== truth || handOn) falseSettles++;
    else if (e.t >= dropMs && latency === null) {
      latency = e.t - dropMs;
      if (handEnd !== null) afterHand = e.t - handEnd;
    }
  }
  return { latency, afterHand, falseSettles };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

export const SCENARIOS: readonly Scenario[] = [
  { label: "hard cup, empty", lining: "hard", pile: 0, readFor: 1.2 },
  { label: "hard cup, 4 stones", lining: "hard", pile: 4, readFor: 1.2 },
  { label: "hard cup, 12 stones", lining: "hard", pile: 12, readFor: 1.2 },
  { label: "hard cup, 24 stones", lining: "hard", pile: 24, readFor: 1.2 },
  { label: "felt cup, empty", lining: "felt", pile: 0, readFor: 1.2 },
  { label: "felt cup, 4 stones", lining: "felt", pile: 4, readFor: 1.2 },
  { label: "felt cup, 12 stones", lining: "felt", pile: 12, readFor: 1.2 },
  { label: "felt cup, 24 stones", lining: "felt", pile: 24, readFor: 1.2 },
];

export const HAND_SCENARIOS: readonly Scenario[] = [
  { label: "hand on the rim, hard, 4", lining: "hard", pile: 4, hand: [0.6, 2.0], readFor: 2.5 },
  { label: "hand on the rim, felt, 20", lining: "felt", pile: 20, hand: [0.6, 2.0], readFor: 2.5 },
];

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

export async function benchSettle(): Promise<void> {
  const program = buildSenseReplay();
  const drops = Number(option("drops") ?? 10_000);
  const debs = (option("deb") ?? "50,80,100,150,200").split(",").map(Number);
  const perScenario = Math.ceil(drops / SCENARIOS.length);
  const hands = Number(option("hands") ?? drops);
  const handDrops = Math.ceil(hands / HAND_SCENARIOS.length);
  const started = performance.now();
  const all = new Map<number, DropResult[]>(debs.map((d) => [d, []]));
  const rows: (string | number)[][] = [];
  SCENARIOS.forEach((scenario, i) => {
    const r = runDrops(scenario, perScenario, debs, 1000 + i, program);
    for (const deb of debs) {
      const list = r.get(deb) ?? [];
      all.get(deb)?.push(...list);
      rows.push(row(`${scenario.label}, deb ${deb}`, list));
    }
  });
  const allRows = debs.map((deb) => row(`all drops, deb ${deb}`, all.get(deb) ?? []));
  const handRows: (string | number)[][] = [];
  HAND_SCENARIOS.forEach((scenario, i) => {
    const r = runDrops(scenario, handDrops, debs, 2000 + i, program);
    for (const deb of debs) {
      const list = r.get(deb) ?? [];
      const after = list.flatMap((d) => (d.afterHand === null ? [] : [d.afterHand]));
      after.sort((a, b) => a - b);
      handRows.push([
        `${scenario.label}, deb ${deb}`,
        list.length,
        list.reduce((s, d) => s + d.falseSettles, 0),
        list.filter((d) => d.latency === null).length,
        percentile(after, 50),
        percentile(after, 99),
      ]);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  const columns = [
    "drops",
    "false settles",
    "never settled",
    "p50 ms",
    "p99 ms",
    "max ms",
    "p50 at kete",
    "p99 at kete",
  ];
  printTable({
    title: "Settle rule under dropped stones: first impact → settled at the new count (firmware)",
    columns: ["scenario", ...columns],
    rows: [...allRows, ...rows],
    notes: [
      `The firmware's own sense.cpp (build/sense-replay) on the HX711 words of src/emulator's "dropped" physics (hardware/physics.md): ${drops.toLocaleString("en-US")} drops, seeded, each into a calibrated pit, the chip's phase random; "at kete" adds ${WIRE_MS.toFixed(1)} ms for the snapshot on the wire. ${seconds.toFixed(1)} s.`,
    ],
  });
  printTable({
    title: "A hand resting on the rim (0.6–2.0 s) while a stone drops at 1.0 s",
    columns: [
      "scenario",
      "drops",
      "false settles",
      "never settled",
      "p50 ms after release",
      "p99 ms after release",
    ],
    rows: handRows,
    notes: [
      "A hand of 50–300 g-force with 8–12 Hz tremor (3 %) and 0.2–0.6 Hz sway (5 %), seeded (hardware/physics.md §7). False settles: any settled report while the hand rests, or at a count other than the stones in the pit; times from the hand's release (its force gone 100 ms later) to settled at the new count.",
    ],
  });
}

function row(label: string, list: readonly DropResult[]): (string | number)[] {
  const lat = list.flatMap((d) => (d.latency === null ? [] : [d.latency]));
  lat.sort((a, b) => a - b);
  const p50 = percentile(lat, 50);
  const p99 = percentile(lat, 99);
  return [
    label,
    list.length,
    list.reduce((s, d) => s + d.falseSettles, 0),
    list.filter((d) => d.latency === null).length,
    p50,
    p99,
    lat[lat.length - 1] ?? NaN,
    Math.round(p50 + WIRE_MS),
    Math.round(p99 + WIRE_MS),
  ];
}
