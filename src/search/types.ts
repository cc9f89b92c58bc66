/**
 * What the search is asked and what it answers (issue 16). The search is pure:
 * it knows no files, ports or clocks; a time limit is kept through a `now`
 * function the caller hands in, and results are deterministic for a given
 * position, seed and node or depth budget.
 */
import type { Position } from "../games/index.js";
import type { KeteError } from "../shared/index.js";

/** How far a search may go. At least one of `depth`, `nodes`, `ms` bounds it. */
export interface SearchLimits {
  /** The deepest iteration of iterative deepening, in plies (whole turns). */
  readonly depth?: number;
  /** Stop after this many nodes (turn-tree nodes and positions both count). */
  readonly nodes?: number;
  /** Stop after this many milliseconds of `now()` (needs `now`). */
  readonly ms?: number;
}

export interface SearchOptions extends SearchLimits {
  /** The clock a time limit is read from (milliseconds); required with `ms`. */
  readonly now?: () => number;
  /**
   * Random noise added to the scores of the root's moves, in stones (0: none):
   * what makes the lower levels play like people. Drawn from `seed`.
   */
  readonly noise?: number;
  /** Seed of the noise (and of nothing else): same seed, same answer. */
  readonly seed?: number;
  /**
   * What a leaf is worth (evaluate.ts): `material` (the sowing games'
   * default), or `mobility`, material plus half a stone for every own pit
   * that can start a turn (two or more stones, CORE-4/BK-13) beyond the
   * opponent's; `position`, a game's positional evaluation where it has one
   * (Abalone's default: abalone.ts), else material; `centre`, Abalone's
   * marbles pushed off, then nearness to the centre (the bench's greedy
   * player), else material; `points`, Glassperlenspiel's points in the
   * cups, then its beads (the bench's greedy player there, glass.ts), else
   * material. Glassperlenspiel's `position` is glass.ts's evaluation.
   */
  readonly evaluation?: Evaluation;
  /**
   * The game's earlier positions, oldest first, ending with the one before
   * `position` (the search's own start is not repeated here). A position
   * seen before is scored as a draw (0) where the search meets it again, and
   * a root move that only takes back the mover's previous move loses a
   * tempo's worth (search.ts, "Repetitions"); without it, only the
   * repetitions within the search's own lines are seen.
   */
  readonly history?: readonly Position[];
  /**
   * Quiescence: plies of capturing turns searched past the depth limit, so
   * that a leaf is not scored in the middle of an exchange (0: none, default).
   */
  readonly quiescence?: number;
}

export type Evaluation = "material" | "mobility" | "position" | "centre" | "points";

/** The answer: the move chosen and why. */
export interface SearchResult {
  /** The move chosen, in the game's notation exactly as `legal` lists it. */
  readonly best: string;
  /**
   * Its score for the side to move: stones ahead (the evaluation's unit), or
   * beyond ±`WIN_SCORE - 1000` a win or loss (`WIN_SCORE - score` plies away).
   */
  readonly score: number;
  /** The deepest iteration completed. */
  readonly depth: number;
  /** Nodes searched. */
  readonly nodes: number;
  /** The principal variation: the moves expected, `best` first. */
  readonly pv: readonly string[];
  /** Stones `best` takes at once (capture steps in its trace), for a hint's "why". */
  readonly captures: number;
}

/** A score that means the side to move has won (minus the plies to the win). */
export const WIN_SCORE = 100_000;

/** A named strength for players: `kete play --computer N:level`. */
export interface Level {
  readonly level: number;
  readonly name: string;
  readonly limits: SearchLimits;
  readonly noise: number;
  /** Plies of quiescence past the depth (SearchOptions.quiescence); none when absent. */
  readonly quiescence?: number;
}

/**
 * Why `search` found no move (issue 31): no limit or no clock for a time
 * limit (`bad-limits`), the game over, or no legal move.
 */
export type SearchErrorCode = "bad-limits" | "game-over" | "no-move";
export type SearchError = KeteError<SearchErrorCode>;
