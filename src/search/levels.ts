/**
 * The strengths kete plays at (`kete play --computer N:level`), weakest first.
 * Budgets are nodes, not time, so a level plays the same on a Raspberry Pi as
 * on a laptop and a game replays from its seed; `npm run bench -- strength`
 * measures what each level wins against the one below it.
 */
import type { Level, SearchOptions } from "./types.js";

export const LEVELS: readonly Level[] = [
  { level: 1, name: "beginner", limits: { depth: 1, nodes: 5_000 }, noise: 3 },
  { level: 2, name: "casual", limits: { depth: 2, nodes: 20_000 }, noise: 1 },
  { level: 3, name: "club", limits: { depth: 4, nodes: 60_000 }, noise: 0 },
  { level: 4, name: "strong", limits: { depth: 32, nodes: 200_000, ms: 1_000 }, noise: 0 },
];

/** The level numbered `n`, or undefined. */
export function findLevel(n: number): Level | undefined {
  return LEVELS.find((l) => l.level === n);
}

/** Search options for a level, with the caller's clock (for `ms`) and seed. */
export function levelOptions(level: Level, now?: () => number, seed = 1): SearchOptions {
  return { ...level.limits, noise: level.noise, seed, ...(now === undefined ? {} : { now }) };
}
