/**
 * A hint's latency (issue 16: "a hint appears on the LEDs ≤ 1 s after it is
 * asked for"), on the wall clock: the simulated board in real time, the
 * controller at the start of a turn of a position reached by random moves;
 * then what `kete play` does when a player asks: the search at the strongest
 * level, capped at the hint's 0.8 s (`HINT_SEARCH_MS` in search/levels.ts),
 * the `hint` command, and the board's LED command, until the board shows the
 * change. `kete play` runs the same search in a worker thread, so its board
 * keeps talking meanwhile; the thread's message hop is not in these numbers.
 */
import { performance } from "node:perf_hooks";
import { SimulatedBoard, realScheduler } from "../board/index.js";
import { Controller } from "../controller/index.js";
import { findGame, fourRowBoardGames, type Game, type Position } from "../games/index.js";
import { HINT_SEARCH_MS, LEVELS, levelOptions, search } from "../search/index.js";
import { seededRandom } from "../shared/index.js";
import { printTable } from "./report.js";

const GAMES = fourRowBoardGames.map((g) => g.id);
const SAMPLES = 5;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Waits (polling the wall clock) until `done`, or `ms` pass; whether it was done. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > ms) return false;
    await sleep(5);
  }
  return true;
}

/** A position `plies` random moves into the game, with the moves. */
function randomPosition(
  game: Game<Position>,
  plies: number,
  random: () => number,
): { position: Position; moves: string[] } | null {
  const init = game.initial({});
  if (!init.ok) return null;
  let position = init.value;
  const moves: string[] = [];
  for (let i = 0; i < plies; i++) {
    const m = game.randomMove(position, random);
    if (m === null || game.outcome(m.position) !== null) break;
    moves.push(m.move);
    position = m.position;
  }
  return { position, moves };
}

/** One hint, timed: ms from the request to the board's LEDs changing, and the search's share. */
async function oneHint(
  game: Game<Position>,
  position: Position,
  moves: readonly string[],
  seed: number,
): Promise<{ total: number; search: number } | null> {
  const counts = [...game.sensorView(position).counts];
  const sim = new SimulatedBoard({ geometry: "4x8", counts, scheduler: realScheduler, seed });
  try {
    if (!(await sim.ready()).ok) return null;
    const controller = new Controller(sim, { clock: () => performance.now() });
    controller.resume(game.id, moves, {});
    if (!(await until(() => controller.view.phase === "turn", 5000))) return null;
    await sleep(100); // the turn's own lights out on the board first
    let changed: number | null = null;
    const stop = sim.firmware.onLeds(() => (changed ??= performance.now()));
    const asked = performance.now();
    const strongest = LEVELS[LEVELS.length - 1]!;
    const options = levelOptions(strongest, () => performance.now(), seed);
    const r = search(game, position, { ...options, ms: HINT_SEARCH_MS });
    const searched = performance.now();
    if (!r.ok) return null;
    controller.send({
      type: "hint",
      side: position.toMove,
      move: r.value.best,
      ply: moves.length,
    });
    const shown = await until(() => changed !== null, 2000);
    stop();
    controller.close();
    if (!shown || changed === null) return null;
    return { total: changed - asked, search: searched - asked };
  } finally {
    await sim.close();
  }
}

function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN;
}

export async function benchHints(): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const id of GAMES) {
    const game = findGame(id) as Game<Position> | undefined;
    if (game === undefined) continue;
    const random = seededRandom(16);
    const totals: number[] = [];
    const searches: number[] = [];
    for (let k = 0; k < SAMPLES; k++) {
      const at = randomPosition(game, 2 + 3 * k, random);
      if (at === null) continue;
      const t = await oneHint(game, at.position, at.moves, k + 1);
      if (t === null) continue;
      totals.push(t.total);
      searches.push(t.search);
    }
    rows.push([
      id,
      totals.length,
      percentile(totals, 0.5).toFixed(0),
      Math.max(...totals).toFixed(0),
      percentile(searches, 0.5).toFixed(0),
    ]);
  }
  printTable({
    title: "Hints: asked → shown on the board's LEDs (wall clock, simulated board)",
    columns: ["game", "hints", "p50 ms", "max ms", "of which search p50 ms"],
    rows,
    notes: [
      `Strongest level (${LEVELS[LEVELS.length - 1]!.name}), its search capped at ${HINT_SEARCH_MS} ms as kete play caps a hint's; positions 2 to ${2 + 3 * (SAMPLES - 1)} random plies in. Issue 16's target: ≤ 1000 ms.`,
    ],
  });
}
