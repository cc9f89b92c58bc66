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
import type { Message, Result } from "../../shared/index.js";
import type { BoardLayout } from "./board.js";
import type { BoardAct, Misplay, Refusal, RuleBook } from "./rules.js";
import type { GameError } from "./errors.js";

/** The sides of the sowing families (four-row, Bao, Glassperlenspiel, Kalah, Oware): South and North. */
export type SowingSide = "S" | "N";
/** The sides of the marble family (Abalone): black and white. */
export type MarbleSide = "b" | "w";
/** A side of any registered family. */
export type FamilySide = SowingSide | MarbleSide;

/**
 * A side as the game-agnostic code sees it: the registry holds every game as
 * `Game<Position>`, so a side read from outside (a flag, a journal, a
 * position's JSON) is any string until a game has read it. A game's own
 * code uses its family's union, through `SideOf<P>` in the `Game` contract.
 */
export type Side = string;

/** The side type of a game's positions: its family's union (`SowingSide`, `MarbleSide`). */
export type SideOf<P extends Position> = P["toMove"];

/**
 * A value a rule option can take: most are a word, a number, a flag or null;
 * Abalone's handicap options are a list of holes (`leaveOut`) and a number
 * per side (`pushOffsToWin`).
 */
export type OptionValue =
  string | number | boolean | null | readonly string[] | Readonly<Record<string, number>>;

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
  /**
   * For options whose value is a list or an object (`values` null, no
   * `min`): the check of a JSON value, its error naming `field`.
   */
  readonly check?: (value: unknown, field: string) => Result<OptionValue, GameError>;
  /** With `check`: what it accepts, in words, for messages. */
  readonly accepts?: string;
  /** The rule this option belongs to. */
  readonly rule: string;
}

/** One physical step of a move at the board (see shared/spec/engine-protocol.md). */
export type TraceStep =
  | {
      readonly op: "lift";
      readonly pit: string;
      readonly n: number;
      /** Glassperlenspiel: how many of the `n` beads are plain stones, and the gems' tags. */
      readonly stones?: number;
      readonly gems?: readonly string[];
    }
  | {
      readonly op: "sow";
      readonly pit: string;
      /** Glassperlenspiel: the bead dropped, `s` or a gem's tag. */
      readonly bead?: string;
    }
  | {
      readonly op: "capture";
      readonly pit: string;
      readonly n: number;
      /** Glassperlenspiel: the gem taken, and the cup it goes to. */
      readonly gem?: string;
      readonly to?: string;
    }
  | { readonly op: "place"; readonly pit: string };

export type Trace = readonly TraceStep[];

/**
 * Abalone's trace steps as `kete engine` writes them (engine-protocol.md,
 * "Abalone traces"): a marble leaving over the edge beyond `cell`, and a
 * hole's settled reading going from one content to another (`b`, `w`, `e`).
 * The `Game` contract's `Trace` keeps the sowing steps the controller
 * follows; a game whose protocol steps are these gives them through
 * `Game.protocolTrace`.
 */
export type MarbleStep =
  | {
      readonly op: "off";
      readonly cell: string;
      readonly colour: string;
      /** Abalone AB-9.5: the trap the marble fell into from `cell` (else it went over the edge). */
      readonly trap?: string;
    }
  | { readonly op: "hole"; readonly cell: string; readonly from: string; readonly to: string };

/**
 * A mistake a hand makes (`Game.slip`, for simulated players): what it did
 * in words, the rule kete must name it by, and the board change as steps.
 */
export interface Slip {
  readonly what: string;
  readonly rule: string;
  readonly steps: readonly MarbleStep[];
}

/** A trace step as the engine protocol writes it. */
export type ProtocolStep = TraceStep | MarbleStep;

/** How a game ended. `winner: null` is a draw. `S`: the game's sides (`SideOf<P>`). */
export interface Outcome<S extends string = Side> {
  readonly winner: S | null;
  /** Words for the player, citing the rule: "HB-7: North has no pit with two or more stones". */
  readonly reason: string;
  /**
   * The same as a message (issue 32: the player's language, `src/i18n`);
   * absent: the reason is said in English everywhere.
   */
  readonly text?: Message;
  readonly score: Readonly<Record<S, number>>;
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

/** How a turn ends after a node of the turn tree: the move made and the position it leads to. */
export interface TurnEnd<P> {
  /** The move string, exactly as `legal` lists it. */
  readonly move: string;
  readonly position: P;
}

/** One in-turn choice of a turn-tree node and the segment it leads to. */
export interface TurnBranch<P> {
  /** The choice's character in the move notation (`.`/`x` for optional captures; Bao `L`/`R`/`s`). */
  readonly choice: string;
  readonly node: TurnNode<P>;
}

/**
 * One segment of a turn in the *turn tree* (`Game.turnTree`): the moves of a
 * position as a tree of their in-turn choices, expanded on demand instead of
 * listed (a position with optional captures can have tens of thousands of
 * moves whose traces share long prefixes and run hundreds of stages).
 *
 * - A root is one start token (four-row games: start pit and direction,
 *   `B3+`); its `steps` run from the turn's first step up to the first choice
 *   point or the end of the turn.
 * - A child is one choice at its parent's choice point; its `steps` run from
 *   the first physical step of that choice (`x`: the capture; `.`: the relay's
 *   lift) up to the next choice point or the end of the turn.
 * - Concatenating the `steps` of a path from a root to a node with an `end`
 *   gives exactly the trace `legal` lists for `end.move`, and `end.position`
 *   is the position it lists. Every legal move is the end of exactly one path.
 *   (The leaves are `legal`'s moves, without `legal`'s `limit`.)
 * - A node may have both an `end` and children: the turn may stop there or go
 *   on (Bao's stop in the nyumba versus safari). A node without an `end` has at
 *   least one child.
 * - Only nodes with at least one legal move below them (themselves included)
 *   appear: a root or branch whose every continuation is refused (CORE-5's
 *   stage limit, a cycle) is left out, so following any path always reaches a move.
 * - `steps` is never empty: every segment begins with a physical step. A
 *   choice that ends the turn at once is the parent's `end`, not an empty child.
 *
 * Cost. `turnTree` computes only the roots; `children()` computes one level,
 * each child's segment plus an existence check that a legal move lies below
 * it (a depth-first search that stops at the first). Neither ever enumerates
 * the moves below a node, so following one path costs work in proportion to
 * that path. `children()` may recompute on every call (the four-row games do,
 * and keep only the state at their choice point): callers that revisit a node
 * keep what it returned. Results are deterministic.
 */
export interface TurnNode<P> {
  /** The physical steps of this segment, in order (never empty). */
  readonly steps: Trace;
  /** The move and position when the turn may end after this segment, else null. */
  readonly end: TurnEnd<P> | null;
  /**
   * The choices at the choice point that ends this segment, sorted by `choice`
   * as `legal` sorts moves; empty when the turn can only end here.
   */
  children(): readonly TurnBranch<P>[];
}

/**
 * What a board's sensors should read for a position: the protocol geometry
 * (`4x8`, `2x5+2`, `hex61`) and its *readings* in that geometry's order
 * (src/shared/readings.ts: `readingNames`). On a counting board a reading is
 * a pit's stone count, named as the pit (4x8: A1…A8, B1…B8, C1…C8, D1…D8);
 * on boards that sense more, a reading is named `place:detail` (`A3:S4` the
 * gem S4 in A3, `E5:b` a black marble in E5) and its place is the part before
 * the colon. Stones off the board (a Bao player's reserve) are not part of it.
 */
export interface SensorView {
  readonly geometry: string;
  /** The readings' names, in the geometry's order. */
  readonly pits: readonly string[];
  readonly counts: readonly number[];
}

/**
 * What one step of a trace does to the readings: one physical act on one
 * reading (`Game.sensorSteps`). The four acts are what the controller follows
 * and lights: take into the hand from an own pit (`lift`) or from the
 * opponent's (`capture`), drop one from the hand (`sow`), put one in from
 * outside the board (`place`).
 */
export interface SensorStep {
  readonly op: "lift" | "sow" | "capture" | "place";
  /** The reading's name (`B3`, `A3:S4`, `E5:b`). */
  readonly reading: string;
  /** Units leaving the reading (lift, capture); 1 for sow and place. */
  readonly n: number;
  /**
   * Steps marked free that follow one another may happen in any order (the
   * marbles of an Abalone push move at once): a settled reading with some of
   * them done, in any order, is progress, not a mistake.
   */
  readonly free?: boolean;
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
/** A move played (`Game.apply`): the position after it and its trace, or why it is refused. */
export type Played<P> = Result<{ readonly position: P; readonly trace: Trace }, GameError>;

/** What `Game.withBoard` changes: the board's readings (in `sensorView` order) and/or the side to move. */
export interface BoardChange<S extends string = Side> {
  readonly counts?: readonly number[];
  readonly toMove?: S;
}

export interface Game<P extends Position = Position> {
  readonly id: string;
  readonly title: string;
  readonly optionSpecs: readonly OptionSpec[];

  /** The starting position for these options (missing options take their defaults). */
  initial(options?: Readonly<Record<string, unknown>>): Result<P, GameError>;

  /** Reads a position from its JSON form, checking every invariant of the game. */
  parsePosition(json: unknown): Result<P, GameError>;
  /** The JSON form of a position; `parsePosition(positionToJSON(p))` gives `p` back. */
  positionToJSON(position: P): Record<string, unknown>;

  /**
   * Legal moves, sorted by move string, each with the position it leads to and
   * its trace. Stops after `limit` moves (then `truncated` says whether more exist).
   */
  legal(position: P, limit?: number): LegalMoves<P>;

  /**
   * Optional: the same moves as `legal` (no limit) as a tree expanded on
   * demand (see `TurnNode`): one root per start token, sorted as `legal`
   * sorts moves; empty when the game is over or no start is legal. Games with
   * in-turn choices (optional captures, Bao's kichwa and safari) implement it
   * so that the live controller never lists every move of a turn; a game
   * without it is followed from `legal`.
   */
  turnTree?(position: P): readonly TurnNode<P>[];

  /**
   * Optional: a move as a person typed it (any case, stray spaces), written
   * as the game's notation writes it (`a3:ss4s` → `A3:sS4s`), for `apply`;
   * text that is no move comes back as it is, for `apply` to refuse. Absent:
   * the text upper-cased (the four-row notations, `B3+`).
   */
  normaliseMove?(text: string): string;

  /**
   * Optional: the trace of a legal move of `position` as the engine protocol
   * writes it, where the protocol's steps for this game are not the sowing
   * steps of `Trace` (Abalone: `off` and `hole`). Absent: the move's `trace`.
   */
  protocolTrace?(position: P, move: string): readonly ProtocolStep[];

  /** Plays one move given in the game's notation; an illegal move is an error naming the rule. */
  apply(position: P, move: string): Played<P>;

  /** The counts the board's sensors should show for this position. */
  sensorView(position: P): SensorView;

  /**
   * Optional: the readings one trace step changes, in order. Without it, a
   * step acts on the reading named as its pit (counting boards). Games whose
   * sensors tell more than counts (gems by tag, marble colours) map their
   * steps here, so the controller follows them without knowing the game.
   */
  sensorSteps?(step: TraceStep): readonly SensorStep[];

  /** The board: geometry, places in sensor order, owners and sowing successors (core/board.ts). */
  readonly layout: BoardLayout<SideOf<P>>;

  /** The rule ids a mistake of each kind breaks under these options (core/rules.ts). */
  ruleBook(options: Options): RuleBook;

  /**
   * Why `act` starts no legal turn in `position` (typed, citing the rule), or
   * null when some legal move of the position begins with it.
   */
  refusal(position: P, act: BoardAct): Refusal | null;

  /**
   * Optional: a settled board (in `sensorView` order) that no legal move of
   * `position` can still reach, read as the move a player made and named
   * with the rule it breaks (`Misplay`); null when the game reads no such
   * move in it. Games whose moves change many places at once (Abalone: a
   * line of four pushed, a broadside into an occupied hole) name their
   * mistakes here, where single acts (a stone in the wrong pit) cannot tell
   * them; the controller asks it first, before its own reading.
   */
  misplay?(position: P, counts: readonly number[]): Misplay | null;

  /**
   * The position with other counts on the board (in `sensorView` order) and/or
   * another side to move, everything else kept; validated as `parsePosition`
   * validates (a changed stone total is an error). Used for the policies that
   * let a position stand after a mistake, and to choose who moves first.
   */
  withBoard(position: P, change: BoardChange<SideOf<P>>): Result<P, GameError>;

  /** `null` while the game goes on. A position whose game is over has no legal moves. */
  outcome(position: P): Outcome<SideOf<P>> | null;

  /** Leaf count after `depth` plies (game-over positions are leaves). */
  perft(position: P, depth: number): number;

  /**
   * Optional: why a board cannot follow a game from this position yet (its
   * options need sensing or moves the board layer does not have), or null.
   * `kete play` refuses such a game up front; the engine plays it.
   */
  notAtBoard?(position: P): string | null;

  /**
   * Optional (`hex61`): whether the game reads every black, white or
   * colourless marble as one kind (`x`; AB-9.2's single colour), whatever
   * colours the board tells; the neutral marble stays its own.
   */
  readsPresence?(position: P): boolean;

  /**
   * Optional: in a team game (Abalone's AB-9.1: two players a side, taking
   * that side's turns in rotation), which member of `side`'s team makes its
   * next move (0 or 1); null when each side is one player.
   */
  seat?(position: P, side: SideOf<P>): number | null;

  /**
   * Optional: whether these options start from the board as the players set
   * it up (Abalone's `start: "board"`, AB-9.3), which `initial` cannot give.
   */
  startsFromBoard?(options: Readonly<Record<string, unknown>>): boolean;

  /**
   * Optional: the start read from the board's first settled reading
   * (`sensorView` order), for options that `startsFromBoard`.
   */
  fromBoard?(
    options: Readonly<Record<string, unknown>>,
    counts: readonly number[],
    toMove: SideOf<P>,
  ): Result<P, GameError>;

  /**
   * Optional: a mistake a hand might make now, drawn with `random` (a board
   * change no legal move makes, and the rule it breaks), for simulated
   * players at a board of holes; null when the board allows none.
   */
  slip?(position: P, random: () => number): Slip | null;

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
