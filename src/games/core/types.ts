/**
 * The game-agnostic core: what every game kete referees provides.
 *
 * A game is rules only — no I/O, no time. Positions are plain data; moves are
 * strings in the game's own notation (`B3+`, `B4*R/s`, `A3:sS4s`, `C3C5D3`);
 * every legal move comes with its *trace*, the physical steps a player makes at
 * the board, which is what the controller follows stone by stone.
 *
 * Families planned on this core:
 * - four-row sowing games (`mancala4x8`): pits with stone counts;
 * - Bao la kiswahili: adds stones in hand and nyumba state to the position and
 *   `place` steps to the trace;
 * - Glassperlenspiel: pits and cups holding identified beads, so trace steps
 *   carry a bead id;
 * - Abalone: hex cells holding a colour, trace steps move marbles.
 * Hence `TraceStep` is an open union keyed by `op`, and a position's board is
 * whatever its family's JSON says (`pits`, `cells`).
 */
import type { Result } from "./result.js";

/** The side to move. Sowing games use `S`/`N`; Abalone uses `b`/`w`. */
export type Side = string;

/** A value a rule option can take. */
export type OptionValue = string | number | boolean | null;

/** Every option of a game with its value; defaults filled in. */
export type Options = Readonly<Record<string, OptionValue | undefined>>;

/** Describes one rule option for `kete engine games` and argument parsing. */
export interface OptionSpec {
  readonly name: string;
  /** The default value (the first listed in `shared/rules/README.md`). */
  readonly default: OptionValue;
  /** Allowed values, or `null` when the option takes a number (see `min`). */
  readonly values: readonly OptionValue[] | null;
  /** For numeric options: the least allowed whole number. */
  readonly min?: number;
  /** For numeric options: the greatest allowed whole number. */
  readonly max?: number;
  /** Whether a numeric option also accepts `null` (no limit). */
  readonly nullable?: boolean;
  /** The rule this option belongs to. */
  readonly rule: string;
}

/** One physical step of a move at the board (see shared/spec/engine-protocol.md). */
export type TraceStep =
  | { readonly op: "lift"; readonly pit: string; readonly n: number }
  | { readonly op: "sow"; readonly pit: string }
  | { readonly op: "capture"; readonly pit: string; readonly n: number }
  | { readonly op: "place"; readonly pit: string };

export type Trace = readonly TraceStep[];

/** How a game ended. `winner: null` is a draw. */
export interface Outcome {
  readonly winner: Side | null;
  /** Words for the player, citing the rule: "HB-7: North has no pit with two or more stones". */
  readonly reason: string;
  readonly score: Readonly<Record<Side, number>>;
}

export interface LegalMove<P> {
  readonly move: string;
  readonly position: P;
  readonly trace: Trace;
}

export interface LegalMoves<P> {
  readonly moves: readonly LegalMove<P>[];
  /** True when `limit` cut the list and more legal moves exist. */
  readonly truncated: boolean;
}

/**
 * What a board's sensors should read for a position: the protocol geometry
 * (`4x8`, later `2x5+2`, `hex61`) and the stones in every pit, in that
 * geometry's canonical order (4x8: A1…A8, B1…B8, C1…C8, D1…D8). Stones off
 * the board (a Bao player's reserve) are not part of it.
 */
export interface SensorView {
  readonly geometry: string;
  readonly pits: readonly string[];
  readonly counts: readonly number[];
}

/** Every position carries the game it belongs to and its options. */
export interface Position {
  readonly game: string;
  readonly options: Options;
  readonly toMove: Side;
}

/**
 * A game's rules. Methods (not function properties) so that a registry can
 * hold games of different position types side by side.
 */
export interface Game<P extends Position = Position> {
  readonly id: string;
  readonly title: string;
  readonly optionSpecs: readonly OptionSpec[];

  /** The starting position for these options (missing options take their defaults). */
  initial(options?: Readonly<Record<string, unknown>>): Result<P>;

  /** Reads a position from its JSON form, checking every invariant of the game. */
  parsePosition(json: unknown): Result<P>;
  /** The JSON form of a position; `parsePosition(positionToJSON(p))` gives `p` back. */
  positionToJSON(position: P): Record<string, unknown>;

  /**
   * Legal moves, sorted by move string, each with the position it leads to and
   * its trace. Stops after `limit` moves (then `truncated` says whether more exist).
   */
  legal(position: P, limit?: number): LegalMoves<P>;

  /** Plays one move given in the game's notation; an illegal move is an error naming the rule. */
  apply(position: P, move: string): Result<{ readonly position: P; readonly trace: Trace }>;

  /** The counts the board's sensors should show for this position. */
  sensorView(position: P): SensorView;

  /** `null` while the game goes on. A position whose game is over has no legal moves. */
  outcome(position: P): Outcome | null;

  /** Leaf count after `depth` plies (game-over positions are leaves). */
  perft(position: P, depth: number): number;

  /**
   * A random legal move, or `null` when the game is over: a start drawn
   * uniformly among the legal starts, then each in-turn choice drawn at random
   * (not uniform over all moves, which can number tens of thousands).
   */
  randomMove(position: P, random: () => number): LegalMove<P> | null;

  /**
   * Plays random moves until the game ends or `maxPlies` are played, without
   * building traces or positions (the benchmark's fast path). Returns the plies played.
   */
  playout(position: P, random: () => number, maxPlies: number): number;
}
