/**
 * The `search` command of `kete engine`: kete's extension of the shared
 * protocol (issue 16; docs/spec/engine-search.md). It asks src/search for the
 * best move of a position within a budget of time, nodes or depth.
 *
 * The engine is pure, so a time limit (`ms`) is read from a clock the caller
 * hands in (`EngineContext.now`; `kete engine` passes `performance.now`).
 * Without a clock a request with `ms` is refused rather than run unbounded.
 * With `nodes` or `depth` alone the answer depends only on the request.
 */
import type { Game, Position } from "../games/index.js";
import {
  LEVELS,
  findLevel,
  levelOptions,
  search,
  WIN_SCORE,
  type Level,
  type SearchOptions,
} from "../search/index.js";
import type { SearchErrorCode } from "../search/index.js";
import { describeValue, err, ok, type KeteError, type Result } from "../shared/index.js";
import type { SearchAnswer } from "./answers.js";

/** What the engine's caller may hand the pure handler. */
export interface EngineContext {
  /** A clock in milliseconds, for `search` requests with `ms` (or a level with one). */
  readonly now?: () => number;
}

/** The bounds of a search request's limits, inclusive. */
export const SEARCH_BOUNDS = {
  ms: { min: 1, max: 600_000 },
  nodes: { min: 1, max: 1_000_000_000 },
  depth: { min: 1, max: 64 },
  seed: { min: 0, max: 2 ** 32 - 1 },
} as const;

const BAD_REQUEST = "bad-request";

/** Why a search request is refused (engine-search.md, "Errors"), the search's own codes with it. */
type SearchRequestError = KeteError<typeof BAD_REQUEST | "internal" | SearchErrorCode>;

type Bounded = keyof typeof SEARCH_BOUNDS;

/** A whole number within the field's bounds, or undefined when the field is absent. */
function wholeIn(
  request: Record<string, unknown>,
  field: Bounded,
): Result<number | undefined, SearchRequestError> {
  if (!Object.hasOwn(request, field)) return ok(undefined);
  const value = request[field];
  const { min, max } = SEARCH_BOUNDS[field];
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    return err(
      BAD_REQUEST,
      `${field} must be a whole number from ${min} to ${max}, not ${describeValue(value)}`,
      { field },
    );
  }
  return ok(value);
}

/** The level the request names (src/search/levels.ts), or undefined when it names none. */
function levelOf(request: Record<string, unknown>): Result<Level | undefined, SearchRequestError> {
  if (!Object.hasOwn(request, "level")) return ok(undefined);
  const value = request.level;
  const level = typeof value === "number" ? findLevel(value) : undefined;
  if (level === undefined) {
    const known = LEVELS.map((l) => `${l.level} (${l.name})`).join(", ");
    return err(BAD_REQUEST, `level must be one of ${known}, not ${describeValue(value)}`, {
      field: "level",
    });
  }
  return ok(level);
}

/**
 * The search options a request asks for: its `level` (if any) with the
 * request's own `depth`, `nodes` and `ms` in place of the level's. A level's
 * time limit applies only when there is a clock (its node budget still holds).
 */
export function searchOptions(
  request: Record<string, unknown>,
  context: EngineContext,
): Result<SearchOptions, SearchRequestError> {
  const level = levelOf(request);
  if (!level.ok) return level;
  const limits: Partial<Record<Bounded, number>> = {};
  for (const field of ["depth", "nodes", "ms", "seed"] as const) {
    const checked = wholeIn(request, field);
    if (!checked.ok) return checked;
    if (checked.value !== undefined) limits[field] = checked.value;
  }
  const { seed, ...own } = limits;
  const limited = level.value !== undefined || Object.keys(own).length > 0;
  if (!limited) {
    return err(
      BAD_REQUEST,
      `search needs a limit: give ${(["ms", "nodes", "depth"] as const)
        .map((f) => `${f} (${SEARCH_BOUNDS[f].min}..${SEARCH_BOUNDS[f].max})`)
        .join(", ")} or level (${LEVELS.map((l) => l.level).join(", ")})`,
    );
  }
  if (own.ms !== undefined && context.now === undefined) {
    return err(BAD_REQUEST, "ms needs a clock this engine was not given: give nodes or depth", {
      field: "ms",
    });
  }
  const base: SearchOptions =
    level.value === undefined ? {} : levelOptions(level.value, context.now, seed);
  const options: SearchOptions = { ...base, ...own, ...(seed === undefined ? {} : { seed }) };
  if (options.ms !== undefined && context.now !== undefined) {
    return ok({ ...options, now: context.now });
  }
  // No clock: only a level can have brought a time limit here; its other limits hold.
  const { ms: _untimed, ...clockless } = options;
  return ok(clockless);
}

/** Searches `position` as the request asks; errors name the field at fault. */
export function searchAnswer<P extends Position>(
  game: Game<P>,
  position: P,
  request: Record<string, unknown>,
  context: EngineContext,
): Result<SearchAnswer, SearchRequestError> {
  const options = searchOptions(request, context);
  if (!options.ok) return options;
  const found = search(game, position, options.value);
  if (!found.ok) {
    const { code, message } = found.error;
    // The position is what is at fault when the game is over or no move is legal.
    return code === "game-over" || code === "no-move"
      ? err(code, message, { field: "position" })
      : found;
  }
  const { best, score, depth, nodes, pv, captures } = found.value;
  // Answers carry JSON integers (engine-protocol.md): a score in stones, rounded
  // (an evaluation may count half stones). One that is not a number, or beyond
  // a won game's score, is a bug in the search: said so, not answered as a move.
  if (!(Math.abs(score) <= WIN_SCORE)) {
    return err("internal", `the search scored ${best} ${String(score)}, not a score`);
  }
  return ok({ best, score: Math.round(score), depth, nodes, pv: [...pv], captures });
}
