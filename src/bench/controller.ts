/**
 * Controller throughput: random games played stone by stone as settled
 * snapshots (one per trace step) through a whole `Controller` on a link that
 * does nothing, timing every reading from its arrival to the verdict and the
 * LED plan (target < 0.2 ms host time).
 */
import { ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { findGame } from "../games/index.js";
import { seededRandom } from "../shared/index.js";
import { countsAlong } from "../games/index.js";
import type { Position } from "../games/index.js";
import type { BoardEvent, BoardLink, LinkState } from "../board/index.js";
import type { InfoMessage } from "../protocol/index.js";
import { Controller } from "../controller/index.js";
import { printTable } from "./report.js";

/** What the benchmarks' boards say about themselves (a 4x8 count board). */
export const BENCH_INFO: InfoMessage = {
  type: "info",
  seq: 0,
  proto: 1,
  firmware: "bench",
  boardId: "bench",
  geometry: "4x8",
  boot: 1,
  maxCount: 64,
  colours: ["red", "green", "blue", "yellow", "cyan", "magenta", "white"],
  patterns: ["steady", "blink", "fast", "pulse"],
  buttons: 2,
  calibration: true,
  debounceMs: 200,
  snapshotIntervalMs: 1000,
};

/** A link that only delivers what the bench sends. */
class BenchLink implements BoardLink {
  readonly info = BENCH_INFO;
  readonly state: LinkState = "ready";
  private listener: ((e: BoardEvent) => void) | null = null;
  subscribe(listener: (event: BoardEvent) => void): () => void {
    this.listener = listener;
    return () => (this.listener = null);
  }
  deliver(e: BoardEvent): void {
    this.listener?.(e);
  }
  setLeds(): Promise<Result<void>> {
    return Promise.resolve(ok(undefined));
  }
  clearLeds(): Promise<Result<void>> {
    return Promise.resolve(ok(undefined));
  }
  requestSnapshot(): Promise<Result<void>> {
    return Promise.resolve(ok(undefined));
  }
  tare(): Promise<Result<void>> {
    return Promise.resolve(ok(undefined));
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

interface Case {
  readonly game: string;
  readonly options: Record<string, string | number>;
}

const CASES: readonly Case[] = [
  { game: "husbao", options: {} },
  { game: "husbao-bis", options: {} },
  { game: "hus", options: {} },
  { game: "bao-de", options: {} },
  { game: "hus", options: { capture: "optional", maxStages: 12 } },
  { game: "hus", options: { capture: "optional" } },
  { game: "bao-de", options: { capture: "optional", maxStages: 8 } },
  { game: "bao-de", options: { capture: "optional" } },
];

function label(c: Case): string {
  const o = Object.entries(c.options).map(([k, v]) => `${k}=${v}`);
  return o.length ? `${c.game} (${o.join(", ")})` : c.game;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Plays `games` random games; returns each reading's handling time (ms) and whether it ended a move. */
function run(
  c: Case,
  games: number,
  seed: number,
): { times: number[]; moveEnds: number[]; ms: number } {
  const game = findGame(c.game);
  if (game === undefined) throw new Error(`bench: no game ${c.game}`);
  const random = seededRandom(seed);
  const times: number[] = [];
  const moveEnds: number[] = [];
  let total = 0;
  for (let g = 0; g < games; g++) {
    const init = game.initial(c.options);
    if (!init.ok) throw new Error(init.error.message);
    let p: Position = init.value;
    const link = new BenchLink();
    let now = 0;
    const controller = new Controller(link, { clock: () => now });
    let moved = false;
    controller.on((e) => {
      if (e.type === "move") moved = true;
      if (e.type === "mistake") throw new Error(`bench: false mistake ${e.message}`);
    });
    controller.newGame(c.game, c.options);
    const send = (counts: readonly number[]): void => {
      now += 250;
      moved = false;
      const t0 = performance.now();
      link.deliver({
        type: "snapshot",
        snapshot: {
          board: { geometry: "4x8", counts },
          settled: true,
          unsettled: [],
          receivedAt: now,
        },
      });
      controller.ledPlan();
      const dt = performance.now() - t0;
      total += dt;
      (moved ? moveEnds : times).push(dt);
    };
    send(Array.from(game.sensorView(p).counts));
    for (let ply = 0; ply < 60; ply++) {
      const m = game.randomMove(p, random);
      if (m === null) break;
      const view = game.sensorView(p);
      for (const board of countsAlong(view.pits, view.counts, m.trace)) send(board);
      p = m.position;
    }
    controller.close();
  }
  return { times, moveEnds, ms: total };
}

export async function benchController(): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const c of CASES) {
    run(c, 3, 1); // warm up the JIT
    const { times, moveEnds, ms } = run(c, 20, 11);
    const all = [...times, ...moveEnds];
    const sorted = times.slice().sort((a, b) => a - b);
    const ends = moveEnds.slice().sort((a, b) => a - b);
    rows.push([
      label(c),
      all.length,
      Math.round((all.length / ms) * 1000),
      quantile(sorted, 0.5),
      quantile(sorted, 0.99),
      quantile(ends, 0.5),
      quantile(ends, 0.99),
    ]);
  }
  printTable({
    title: "Controller: settled readings through a whole Controller (20 random games, ≤ 60 plies)",
    columns: [
      "game",
      "readings",
      "readings/s",
      "p50 ms",
      "p99 ms",
      "move-end p50 ms",
      "move-end p99 ms",
    ],
    rows,
    notes: [
      "One settled snapshot per trace step; time from delivering the snapshot to the verdict and the LED plan (xstate actor, tracker, mistakes check, LED diff).",
      "Move-end readings also accept the move and start the next turn's move trie (from game.turnTree: its roots; branches are expanded as the stones reach them), so they are listed apart.",
      "Optional captures with the default maxStages (200) reach positions with over 300,000 moves; only the branches the players' stones reach are ever built.",
    ],
  });
  await Promise.resolve();
}
