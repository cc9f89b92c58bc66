/**
 * Controller throughput: random games played stone by stone as settled
 * snapshots (one per trace step) through a whole `Controller` on a link that
 * does nothing, timing every reading from its arrival to the verdict and the
 * LED plan (target: p99 ≤ 1 ms for every game, move ends included; issue 31).
 * `--game=abalone` runs one game's rows; a false mistake (the controller
 * refusing a legal move) is counted in its row, not thrown.
 */
import { err, ok, shapeOf, type GeometryId } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { findGame } from "../games/index.js";
import { seededRandom } from "../shared/index.js";
import { countsAlong } from "../games/index.js";
import type { Game, Position, SensorStep, Trace } from "../games/index.js";
import type { BoardEvent, BoardLink, LinkError, LinkState } from "../board/index.js";
import type { CalibrationMessage, InfoMessage, SnapshotBoard } from "../protocol/index.js";
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
  readonly info: InfoMessage;
  constructor(readonly geometry: GeometryId) {
    // A gem board's cells hold a score of beads at most; others as their shape tells.
    const maxCount = shapeOf(geometry).kind === "gems" ? 20 : shapeOf(geometry).maxCount;
    this.info = { ...BENCH_INFO, geometry, maxCount };
  }
  readonly state: LinkState = "ready";
  private listener: ((e: BoardEvent) => void) | null = null;
  subscribe(listener: (event: BoardEvent) => void): () => void {
    this.listener = listener;
    return () => (this.listener = null);
  }
  deliver(e: BoardEvent): void {
    this.listener?.(e);
  }
  setLeds(): Promise<Result<void, LinkError>> {
    return Promise.resolve(ok(undefined));
  }
  clearLeds(): Promise<Result<void, LinkError>> {
    return Promise.resolve(ok(undefined));
  }
  requestSnapshot(): Promise<Result<void, LinkError>> {
    return Promise.resolve(ok(undefined));
  }
  tare(): Promise<Result<void, LinkError>> {
    return Promise.resolve(ok(undefined));
  }
  readCalibration(): Promise<Result<CalibrationMessage[], LinkError>> {
    return Promise.resolve(err("unsupported", "the bench's link has no board to ask"));
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
  { game: "glassperlenspiel", options: {} },
  { game: "abalone", options: {} },
];

/**
 * The readings after each sensor step of a trace (`Game.sensorSteps`: a
 * Glassperlenspiel lift is its stones then each gem, a capture the gem off
 * its place then into the cup), or after each trace step on a counting board.
 */
export function readingsAlong(game: Game, p: Position, trace: Trace): number[][] {
  const view = game.sensorView(p);
  if (game.sensorSteps === undefined) return countsAlong(view.pits, view.counts, trace);
  const index = new Map(view.pits.map((r, i) => [r, i] as const));
  const board = Array.from(view.counts);
  const out: number[][] = [];
  const steps = trace.flatMap((t) => game.sensorSteps?.(t) ?? []);
  const takes = (s: SensorStep) => s.op === "lift" || s.op === "capture";
  // Free steps (an Abalone move's marbles) as a hand makes them: every marble
  // taken up before any is set down, so no reading on the way is another
  // move's result (a single marble's step is half of a broadside's).
  const ordered = steps.every((s) => s.free === true)
    ? [...steps.filter(takes), ...steps.filter((s) => !takes(s))]
    : steps;
  for (const s of ordered) {
    const i = index.get(s.reading) as number;
    board[i] = (board[i] as number) + (takes(s) ? -s.n : 1);
    out.push(board.slice());
  }
  return out;
}

/** A snapshot's board for readings in the geometry's order, read back by the shape's codec. */
function snapshotBoard(geometry: GeometryId, readings: readonly number[]): SnapshotBoard {
  const shape = shapeOf(geometry);
  // The shape's codec gives cells of its own kind, as SnapshotBoard pairs them with its id.
  return shape.codec.fromReadings(geometry, shape.cells, readings) as SnapshotBoard;
}

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
): {
  times: number[];
  moveEnds: number[];
  cpu: number[];
  cpuEnds: number[];
  ms: number;
  falseMistakes: string[];
} {
  const game = findGame(c.game);
  if (game === undefined) throw new Error(`bench: no game ${c.game}`);
  const random = seededRandom(seed);
  const times: number[] = [];
  const moveEnds: number[] = [];
  const cpu: number[] = [];
  const cpuEnds: number[] = [];
  const falseMistakes: string[] = [];
  let total = 0;
  for (let g = 0; g < games; g++) {
    const init = game.initial(c.options);
    if (!init.ok) throw new Error(init.error.message);
    let p: Position = init.value;
    const link = new BenchLink(game.layout.geometry as GeometryId);
    let now = 0;
    const controller = new Controller(link, { clock: () => now });
    let moved = false;
    controller.on((e) => {
      if (e.type === "move") moved = true;
      if (e.type === "mistake") falseMistakes.push(`game ${g} (seed ${seed}): ${e.message}`);
    });
    controller.newGame(c.game, c.options);
    const send = (counts: readonly number[]): void => {
      now += 250;
      moved = false;
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      link.deliver({
        type: "snapshot",
        snapshot: {
          board: snapshotBoard(link.geometry, counts),
          settled: true,
          unsettled: [],
          receivedAt: now,
        },
      });
      controller.ledPlan();
      const dt = performance.now() - t0;
      const used = process.cpuUsage(c0);
      total += dt;
      (moved ? moveEnds : times).push(dt);
      (moved ? cpuEnds : cpu).push((used.user + used.system) / 1000);
    };
    send(Array.from(game.sensorView(p).counts));
    for (let ply = 0; ply < 60; ply++) {
      const m = game.randomMove(p, random);
      if (m === null) break;
      for (const board of readingsAlong(game, p, m.trace)) send(board);
      p = m.position;
    }
    controller.close();
  }
  return { times, moveEnds, cpu, cpuEnds, ms: total, falseMistakes };
}

export async function benchController(): Promise<void> {
  const rows: (string | number)[][] = [];
  const only = process.argv.find((a) => a.startsWith("--game="))?.slice("--game=".length);
  const wrong: string[] = [];
  for (const c of CASES.filter((x) => only === undefined || x.game === only)) {
    run(c, 3, 1); // warm up the JIT
    const { times, moveEnds, cpu, cpuEnds, ms, falseMistakes } = run(c, 20, 11);
    const byCpu = cpu.slice().sort((a, b) => a - b);
    const endsByCpu = cpuEnds.slice().sort((a, b) => a - b);
    for (const m of falseMistakes) wrong.push(`${label(c)}: ${m}`);
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
      quantile(byCpu, 0.99),
      quantile(endsByCpu, 0.99),
      falseMistakes.length,
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
      "CPU p99 ms",
      "move-end CPU p99 ms",
      "false mistakes",
    ],
    rows,
    notes: [
      "One settled snapshot per trace step; time from delivering the snapshot to the verdict and the LED plan (xstate actor, tracker, mistakes check, LED diff).",
      "Move-end readings also accept the move and start the next turn's move trie (from game.turnTree: its roots; branches are expanded as the stones reach them), so they are listed apart.",
      "CPU: the process's CPU time for the reading (process.cpuUsage: this thread and V8's helpers, garbage collection included), which other processes on a loaded machine do not inflate as they do the wall-clock times.",
      "Optional captures with the default maxStages (200) reach positions with over 300,000 moves; only the branches the players' stones reach are ever built.",
      "glassperlenspiel: on the 2x5+2 gem board, one settled snapshot per sensor step (a lift's stones, then each gem; each bead; each gem off its place, then into the cup); a pit of ten stones and five gems has 360,360 bead orders, searched nearest first.",
      "abalone: on the hex61 board (each hole empty, black or white), one settled snapshot per sensor step, every marble of the move taken up before any is set down (a move's marbles change their holes at once: its steps are free).",
    ],
  });
  for (const w of wrong) console.log(`false mistake: ${w}`);
  await Promise.resolve();
}
