/**
 * The strengths kete plays at (`kete play --computer N:level`), weakest first.
 * Budgets are nodes, not time, so a level plays the same on a Raspberry Pi as
 * on a laptop and a game replays from its seed; `npm run bench -- search`
 * measures what each level wins against the one below it, and level 4
 * against random and one-ply greedy play (docs/benchmarks.md, "Search").
 *
 * Level 4's 100,000 nodes take 0.36 to 0.55 s on the 2-core bench machine
 * when idle (180,000 to 275,000 nodes/s, bench "Search: speed"), inside
 * issue 16's one second a move; its `ms` bound keeps a slower or busier
 * machine within the second. Levels 3 and 4 add two plies of quiescence
 * (59 % against the plain search at equal nodes, docs/benchmarks.md "Search").
 *
 * Level 3 searches 3 plies in at most 30,000 nodes. At 4 plies and 60,000 it
 * was too close to level 4 to lose to it where games are short: level 4
 * scored 50 % (Hus), 50 % (HusBao Bis), 55 % (Bao) and 60 % (Bao la
 * kujifunza) against it in 20 games a match, and 57, 59.5, 71.5 and 60 % in
 * 200 against level 3 as it is now (2026-11-26), which still beats level 2
 * by 67.5 to 89.5 % there. In Hus most openings decide their pair of games
 * from level 3 up (docs/benchmarks.md, "Search").
 *
 * Abalone (issue 29) plays on the same levels with its own evaluation
 * (abalone.ts); its nodes cost more (every move is built with its trace), so
 * level 4's 100,000 nodes take one to three seconds there and its `ms`
 * bound is what keeps it to the second (docs/benchmarks.md, "Abalone and
 * Glassperlenspiel").
 *
 * Glassperlenspiel plays them with its own evaluation (glass.ts: points,
 * gems in the pits, GB-7 repetitions); a turn there is searched bead by
 * bead, so level 4's 100,000 nodes take 0.7 to 1.2 s of CPU and reach 2 to
 * 5 turns deep.
 */
import type { Level, SearchOptions } from "./types.js";

export const LEVELS: readonly Level[] = [
  { level: 1, name: "beginner", limits: { depth: 1, nodes: 5_000 }, noise: 3 },
  { level: 2, name: "casual", limits: { depth: 2, nodes: 20_000 }, noise: 1 },
  { level: 3, name: "club", limits: { depth: 3, nodes: 30_000 }, noise: 0, quiescence: 2 },
  {
    level: 4,
    name: "strong",
    limits: { depth: 32, nodes: 100_000, ms: 1_000 },
    noise: 0,
    quiescence: 2,
  },
];

/** The level numbered `n`, or undefined. */
export function findLevel(n: number): Level | undefined {
  return LEVELS.find((l) => l.level === n);
}

/** Search options for a level, with the caller's clock (for `ms`) and seed. */
export function levelOptions(level: Level, now?: () => number, seed = 1): SearchOptions {
  return {
    ...level.limits,
    noise: level.noise,
    seed,
    ...(level.quiescence === undefined ? {} : { quiescence: level.quiescence }),
    ...(now === undefined ? {} : { now }),
  };
}

/** The strongest level: `kete play --computer N` without a level, and every hint. */
export const STRONGEST = LEVELS[LEVELS.length - 1] as Level;

/**
 * A hint's search time on a real clock, ms (`kete play`, `npm run bench --
 * hints`): issue 16 wants its LEDs within 1 s of the request; the rest is the
 * worker's round trip and the LED command.
 */
export const HINT_SEARCH_MS = 800;
