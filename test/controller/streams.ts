/**
 * Synthetic snapshot streams for the controller tests: a move's trace played
 * stone by stone as the sensors would report it, with the noise real players
 * and sensors make — unsettled jitter while the hand hovers, several stones
 * between two settled readings, pick-ups seen over several readings, captured
 * stones dropped into the landing pit before it is lifted.
 */
import type { Trace } from "../../src/games/core/types.js";

export interface Reading {
  readonly counts: readonly number[];
  readonly settled: boolean;
  readonly unsettled: readonly string[];
}

export interface NoiseOptions {
  /** Chance that a step's settled reading is skipped (stones land between readings). */
  readonly skip: number;
  /** Chance that a lift of two or more is seen half done first. */
  readonly partial: number;
  /** Chance that captured stones are dropped into the landing pit before lifting it. */
  readonly dropFirst: number;
  /** Chance of unsettled jitter snapshots before a settled one. */
  readonly jitter: number;
  /** Most settled readings skipped in a row. */
  readonly maxSkips: number;
}

export const NOISY: NoiseOptions = {
  skip: 0.35,
  partial: 0.25,
  dropFirst: 0.4,
  jitter: 0.3,
  maxSkips: 5,
};
export const CLEAN: NoiseOptions = { skip: 0, partial: 0, dropFirst: 0, jitter: 0, maxSkips: 0 };

/** The readings of one trace played from `before` (sensor order, pit names `pits`). */
export function traceReadings(
  before: readonly number[],
  trace: Trace,
  pits: readonly string[],
  random: () => number,
  noise: NoiseOptions = NOISY,
): Reading[] {
  const index = new Map(pits.map((p, i) => [p, i] as const));
  const board = before.slice();
  const out: Reading[] = [];
  let skipped = 0;
  const emit = (force = false): void => {
    if (!force && skipped < noise.maxSkips && random() < noise.skip) {
      skipped++;
      return;
    }
    skipped = 0;
    if (random() < noise.jitter) {
      const n = 1 + Math.floor(random() * 2);
      for (let k = 0; k < n; k++) {
        const counts = board.slice();
        const p = Math.floor(random() * counts.length);
        counts[p] = Math.max(0, (counts[p] as number) + (random() < 0.5 ? -1 : 1));
        out.push({ counts, settled: false, unsettled: [pits[p] as string] });
      }
    }
    out.push({ counts: board.slice(), settled: true, unsettled: [] });
  };
  const at = (pit: string): number => index.get(pit) as number;
  for (let i = 0; i < trace.length; i++) {
    const s = trace[i]!;
    if (s.op === "capture") {
      // The capture group: capture steps, then the lift of the landing pit.
      let j = i;
      while (j < trace.length && trace[j]!.op === "capture") j++;
      const lift = trace[j];
      if (lift !== undefined && lift.op === "lift" && random() < noise.dropFirst) {
        const l = at(lift.pit);
        for (let k = i; k < j; k++) {
          const c = trace[k]!;
          if (c.op !== "capture") continue;
          board[l] = (board[l] as number) + (board[at(c.pit)] as number);
          board[at(c.pit)] = 0;
          emit();
        }
        board[l] = 0;
        emit();
        i = j;
        continue;
      }
      board[at(s.pit)] = (board[at(s.pit)] as number) - s.n;
      emit();
      continue;
    }
    if (s.op === "lift") {
      const p = at(s.pit);
      const full = board[p] as number;
      if (s.n >= 2 && random() < noise.partial) {
        board[p] = full - 1 - Math.floor(random() * (s.n - 1));
        emit(true);
      }
      board[p] = full - s.n;
      emit();
      continue;
    }
    board[at(s.pit)] = (board[at(s.pit)] as number) + 1;
    emit(i === trace.length - 1);
  }
  if (out.length === 0 || !out[out.length - 1]!.settled) emit(true);
  return out;
}
