/**
 * The reference firmware's settle rule (hardware/firmware/kete_board/sense.cpp,
 * unchanged) run natively on recorded or simulated signals: a bench hands it
 * one pit's raw HX711 readings per episode and gets back when the pit's count
 * and settled flag changed, as the board's `pit_settled` would say them, so
 * 10,000 drops take seconds instead of hours of emulated AVR.
 *
 *   const events = senseReplay([{ deb: 200, zero: 120_000, gain: 11_600, readings }]);
 *   events[0]  // [{ t: 0, count: 4, settled: false }, { t: 200, count: 4, settled: true }, …]
 *
 * The program is `hardware/firmware/build/sense-replay` (`make -C
 * hardware/firmware replay`; its stdin/stdout format is in
 * hardware/firmware/README.md, "Replaying a signal"). `buildSenseReplay()`
 * runs that make.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FIRMWARE = fileURLToPath(new URL("../../hardware/firmware/", import.meta.url));
/** The native program's path. */
export const SENSE_REPLAY = `${FIRMWARE}build/sense-replay`;

/** One pit's signal: raw readings `[t ms, raw counts]`, time non-decreasing. */
export interface ReplayEpisode {
  /** `CFG deb=`, ms. */
  readonly deb: number;
  /** Calibrated zero, raw counts; omitted: uncalibrated (the first reading is the zero). */
  readonly zero?: number;
  /** Raw counts per stone (negative for a reversed cell); default 11600. */
  readonly gain?: number;
  /** Zero tracking once a second, as the board does between TARE/CAL jobs (default true). */
  readonly zeroTracking?: boolean;
  readonly readings: readonly (readonly [number, number])[];
}

/** A change of the pit's reported state: its count (null: faulty) and settled flag. */
export interface ReplayEvent {
  /** ms, the firmware's clock (whole ms, as `millis()`). */
  readonly t: number;
  readonly count: number | null;
  readonly settled: boolean;
}

/** Builds the program with make (a no-op when it is up to date); throws with make's output on failure. */
export function buildSenseReplay(): string {
  const r = spawnSync("make", ["-C", FIRMWARE, "replay"], { encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0 || !existsSync(SENSE_REPLAY)) {
    throw new Error(`make replay failed: ${r.stdout}${r.stderr}${r.error ? String(r.error) : ""}`);
  }
  return SENSE_REPLAY;
}

function header(e: ReplayEpisode): string {
  const fields = [`deb=${Math.round(e.deb)}`];
  if (e.zero !== undefined) fields.push(`zero=${Math.round(e.zero)}`);
  if (e.gain !== undefined) fields.push(`gain=${e.gain}`);
  if (e.zeroTracking === false) fields.push("track=0");
  return `pit ${fields.join(" ")}\n`;
}

/** The program's input for these episodes (its stdin format). */
export function replayInput(episodes: readonly ReplayEpisode[]): string {
  const parts: string[] = [];
  for (const e of episodes) {
    parts.push(header(e));
    for (const [t, raw] of e.readings) parts.push(`${t} ${Math.round(raw)}\n`);
  }
  return parts.join("");
}

/** Parses the program's output into each episode's events. */
export function parseReplayOutput(text: string): ReplayEvent[][] {
  const episodes: ReplayEvent[][] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    if (line === "pit") {
      episodes.push([]);
      continue;
    }
    const m = /^(\d+) (-?\d+) ([01])$/.exec(line);
    const current = episodes[episodes.length - 1];
    if (m === null || current === undefined) throw new Error(`sense-replay: bad line "${line}"`);
    const count = Number(m[2]);
    current.push({ t: Number(m[1]), count: count < 0 ? null : count, settled: m[3] === "1" });
  }
  return episodes;
}

/**
 * Runs the episodes through the firmware's code (one process for all of
 * them); returns each episode's events. The program must be built
 * (`buildSenseReplay()`).
 */
export function senseReplay(
  episodes: readonly ReplayEpisode[],
  program: string = SENSE_REPLAY,
): ReplayEvent[][] {
  const r = spawnSync(program, [], {
    input: replayInput(episodes),
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (r.error !== undefined) throw r.error;
  if (r.status !== 0) throw new Error(`sense-replay exited with ${r.status}: ${r.stderr}`);
  const out = parseReplayOutput(r.stdout);
  if (out.length !== episodes.length) {
    throw new Error(`sense-replay: ${out.length} episodes out for ${episodes.length} in`);
  }
  return out;
}

/** The state an episode's events leave at time t (ms): the last event at or before t. */
export function stateAt(events: readonly ReplayEvent[], t: number): ReplayEvent | undefined {
  let last: ReplayEvent | undefined;
  for (const e of events) {
    if (e.t > t) break;
    last = e;
  }
  return last;
}
