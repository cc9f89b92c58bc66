/**
 * Kete's thinking for `kete play` (issue 16): the search run on a position,
 * away from the session's event loop where it can be. The controller never
 * searches (controller/computer.ts); the session asks a `Thinker` and hands
 * the controller the move.
 *
 * - `nodeThinker`: the search in this thread on its node budget only (a
 *   level's time limit left out), so the answer depends on the position,
 *   level and seed alone: what the fake-clock tests use, and the fallback.
 * - `workerThinker`: the search in a worker thread (`think-worker.ts`) with
 *   the level's time limit on the worker's own clock, so a 1 s search never
 *   stalls the serial line, the LEDs or the simulated hands.
 */
import { performance } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import type { Game, Position } from "../../games/index.js";
import { findGame } from "../../games/index.js";
import { levelOptions, search, type Level, type SearchResult } from "../../search/index.js";
import { err, type Result } from "../../shared/index.js";
import type { CliError } from "../errors.js";

/** What is asked: the game, the position as its JSON, the level and the seed. */
export interface ThinkRequest {
  readonly game: string;
  readonly position: unknown;
  readonly level: Level;
  readonly seed: number;
  /**
   * A tighter time limit than the level's, ms (a hint: the issue asks for
   * its LEDs within 1 s of the request); only where time is read at all.
   */
  readonly maxMs?: number;
  /**
   * The game's earlier positions as JSON, oldest first, ending with the one
   * before `position` (SearchOptions.history: repetitions and take-backs,
   * issue 29); none when absent.
   */
  readonly history?: readonly unknown[];
}

/** Searches a position; resolves with the search's answer or its error, never rejects. */
export type Thinker = (request: ThinkRequest) => Promise<Result<SearchResult, CliError>>;

/** The search's options for a level without its time limit: nodes and depth only, deterministic. */
export function nodeOptions(level: Level, seed: number) {
  const { ms: _ms, now: _now, ...rest } = levelOptions(level, undefined, seed);
  return rest;
}

/** The search's options for a level with its time limit read from `now`. */
export function timedOptions(level: Level, seed: number, now: () => number, maxMs?: number) {
  const options = levelOptions(level, now, seed);
  if (maxMs === undefined) return options;
  return { ...options, ms: Math.min(options.ms ?? maxMs, maxMs) };
}

function positionOf(
  request: ThinkRequest,
): Result<{ game: Game; position: Position; history: Position[] }, CliError> {
  const game = findGame(request.game);
  if (game === undefined) return err("no-game", `no game "${request.game}"`);
  const position = game.parsePosition(request.position);
  if (!position.ok) return position;
  const history: Position[] = [];
  for (const json of request.history ?? []) {
    const p = game.parsePosition(json);
    if (!p.ok) return err(p.error.code, `an earlier position of the game: ${p.error.message}`);
    history.push(p.value);
  }
  return { ok: true, value: { game, position: position.value, history } };
}

/** Runs one request here and now (`timed`: with the level's time limit on this thread's clock). */
export function thinkNow(request: ThinkRequest, timed: boolean): Result<SearchResult, CliError> {
  const at = positionOf(request);
  if (!at.ok) return at;
  const options = timed
    ? timedOptions(request.level, request.seed, () => performance.now(), request.maxMs)
    : nodeOptions(request.level, request.seed);
  try {
    return search(at.value.game, at.value.position, { ...options, history: at.value.history });
  } catch (e) {
    return err("search-failed", `the search failed: ${(e as Error).message}`);
  }
}

/** The search in this thread, on node budgets (deterministic: the fake-clock tests' thinker). */
export const nodeThinker: Thinker = (request) => Promise.resolve(thinkNow(request, false));

/** A worker's answer to request `id`. */
interface Answer {
  readonly id: number;
  readonly result: Result<SearchResult, CliError>;
}

/**
 * A thinker on a worker thread, started on first use; if the worker cannot
 * run (no built worker file beside this one), each request is searched here
 * instead, with the level's time limit. `close` ends the worker.
 */
export function workerThinker(): { think: Thinker; close: () => void } {
  let worker: Worker | null = null;
  let broken = false;
  let next = 0;
  const waiting = new Map<number, (r: Result<SearchResult, CliError>) => void>();
  const fail = (message: string) => {
    broken = true;
    for (const [, resolve] of waiting) resolve(err("worker-failed", message));
    waiting.clear();
    worker = null;
  };
  const start = (): Worker | null => {
    if (worker !== null || broken) return worker;
    try {
      const w = new Worker(new URL("./think-worker.js", import.meta.url));
      w.on("message", (a: Answer) => {
        waiting.get(a.id)?.(a.result);
        waiting.delete(a.id);
      });
      w.on("error", (e) => fail(e.message));
      w.on("exit", () => {
        if (waiting.size > 0) fail("the search worker stopped");
        worker = null;
      });
      w.unref();
      worker = w;
    } catch {
      broken = true;
    }
    return worker;
  };
  const think: Thinker = async (request) => {
    const w = start();
    if (w === null) return thinkNow(request, true);
    const id = next++;
    const answer = new Promise<Result<SearchResult, CliError>>((resolve) =>
      waiting.set(id, resolve),
    );
    w.postMessage({ id, request });
    const r = await answer;
    // The worker could not run (e.g. run from the TypeScript sources): think here instead.
    return !r.ok && r.error.code === "worker-failed" ? thinkNow(request, true) : r;
  };
  return { think, close: () => void worker?.terminate() };
}
