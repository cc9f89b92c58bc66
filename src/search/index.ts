/**
 * The search (issue 16): the move kete plays and the hint it gives, for every
 * game on the `Game` contract. Pure, beside `src/games`: see search.ts.
 */
export { search } from "./search.js";
export { HINT_SEARCH_MS, LEVELS, STRONGEST, findLevel, levelOptions } from "./levels.js";
export { WIN_SCORE } from "./types.js";
export { evaluatorOf, type Evaluator } from "./evaluate.js";
export type {
  Evaluation,
  Level,
  SearchError,
  SearchErrorCode,
  SearchLimits,
  SearchOptions,
  SearchResult,
} from "./types.js";
