/**
 * The error codes the games layer gives (issue 31): every `Result` a game
 * returns (a position or move read, a move applied, an option checked) fails
 * with one of these, so the compiler refuses a code no caller knows.
 * `kete engine` answers them as they are (engine-protocol.md, "Errors").
 */
import type { KeteError } from "../../shared/index.js";

export const GAME_ERROR_CODES = [
  /** A position's JSON is not a position of the game (a field named). */
  "bad-position",
  /** A move string is not in the game's notation. */
  "bad-move",
  /** A move in the notation that the rules forbid here (the rule named). */
  "illegal-move",
  /** A move asked for in a position whose game is over. */
  "game-over",
  /** A rule option's value is not one the game allows. */
  "bad-option",
] as const;
export type GameErrorCode = (typeof GAME_ERROR_CODES)[number];
export type GameError = KeteError<GameErrorCode>;
