/**
 * `kete play` in numbers: start-up to the first LED command (the CLI as a
 * user starts it, node's own start included), and memory over a long run of
 * games through one controller, which must stay flat.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Controller } from "../controller/index.js";
import { seededRandom } from "../shared/index.js";
import { countsAlong } from "../games/index.js";
import type { Position } from "../games/index.js";
import { findGame } from "../games/index.js";
import { ReplayLink } from "../board/index.js";
import { BENCH_INFO } from "./controller.js";
import { printTable } from "./report.js";

const CLI = fileURLToPath(new URL("../cli/main.js", import.meta.url));

function startupMs(): number | null {
  const dir = mkdtempSync(join(tmpdir(), "kete-bench-"));
  try {
    const r = spawnSync(process.execPath, [CLI, "play", "--game", "hus", "--games-dir", dir], {
      env: { ...process.env, KETE_PROBE_STARTUP: "1", NO_COLOR: "1" },
      encoding: "utf8",
      timeout: 30_000,
    });
    const m = /kete-probe first-led ([\d.]+)/.exec(r.stderr);
    return m ? Number(m[1]) : null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
}

/** Plays `plies` random moves of husbao stone by stone through one controller, new games as needed. */
function memoryRun(plies: number, every: number): (string | number)[][] {
  const game = findGame("husbao");
  const start = game?.initial({});
  if (!game || !start?.ok) throw new Error("bench: no husbao");
  const link = new ReplayLink();
  link.feed({ type: "link", state: "ready" });
  link.feed({ type: "hello", info: BENCH_INFO });
  let t = 0;
  const controller = new Controller(link, { clock: () => t });
  const random = seededRandom(5);
  const pits = game.sensorView(start.value).pits;
  const snapshot = (counts: readonly number[]) => {
    t += 400;
    link.feed({
      type: "snapshot",
      snapshot: { board: { geometry: "4x8", counts }, settled: true, unsettled: [], receivedAt: t },
    });
  };
  let position: Position = start.value;
  let games = 1;
  snapshot(game.sensorView(position).counts);
  controller.newGame("husbao");
  snapshot(game.sensorView(position).counts);
  const rows: (string | number)[][] = [];
  for (let ply = 1; ply <= plies; ply++) {
    const move = game.randomMove(position, random);
    if (move === null) {
      position = start.value;
      games++;
      controller.newGame("husbao");
      snapshot(game.sensorView(position).counts);
      continue;
    }
    for (const counts of countsAlong(pits, game.sensorView(position).counts, move.trace)) {
      snapshot(counts);
    }
    position = move.position;
    if (ply % every === 0) {
      collectGarbage();
      const m = process.memoryUsage();
      rows.push([ply, games, m.rss / 1048576, m.heapUsed / 1048576]);
    }
  }
  controller.close();
  return rows;
}

export async function benchPlay(): Promise<void> {
  const runs = [startupMs(), startupMs(), startupMs()].filter((x): x is number => x !== null);
  runs.sort((a, b) => a - b);
  printTable({
    title: "kete play: start-up to the first LED command (simulated board)",
    columns: ["runs", "median ms", "max ms"],
    rows: [[runs.length, runs[Math.floor(runs.length / 2)] ?? "–", runs[runs.length - 1] ?? "–"]],
    notes: [
      "From process start (node's own start-up included) to the first LED command sent to the board; target under 1000 ms.",
    ],
  });
  printTable({
    title:
      "kete play: memory over a long run (husbao, random moves, one settled reading per stone)",
    columns: ["plies", "games", "RSS MiB", "heap used MiB"],
    rows: memoryRun(3000, 500),
    notes: [
      "One controller for every game; measured after a full garbage collection. Flat numbers mean nothing grows with the length of play.",
    ],
  });
}
