/**
 * What a trace does to the sensor counts, step by step: pure arithmetic on
 * plain arrays, shared by everything that replays a move at a board (the
 * virtual players, the benchmarks, the tests' scenarios).
 */
import type { Trace, TraceStep } from "./types.js";

/** Stones a step adds to its pit: a pick-up (lift, capture) takes `n`, a sown or placed stone adds one. */
export function pitChange(step: TraceStep): number {
  return step.op === "lift" || step.op === "capture" ? -step.n : 1;
}

/** Stones a step adds to the hand: a pick-up takes `n` into it, a sown stone leaves it; a placed one comes from the reserve. */
export function handChange(step: TraceStep): number {
  return step.op === "lift" || step.op === "capture" ? step.n : step.op === "sow" ? -1 : 0;
}

/**
 * The counts after each step of `trace` (index 0: after the first step),
 * starting from `counts`, whose order is that of `pits`.
 */
export function countsAlong(
  pits: readonly string[],
  counts: readonly number[],
  trace: Trace,
): number[][] {
  const index = new Map(pits.map((p, i) => [p, i] as const));
  const board = [...counts];
  return trace.map((step) => {
    const i = index.get(step.pit);
    if (i !== undefined) board[i] = (board[i] as number) + pitChange(step);
    return [...board];
  });
}
