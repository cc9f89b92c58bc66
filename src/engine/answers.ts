/**
 * The records `kete engine` answers (docs/spec/engine-protocol.md, "Requests
 * and answers"; docs/spec/engine-search.md), one type per command, and the
 * error codes an answer can carry (issue 31). The types say what the handler
 * writes; they change nothing on the wire: an answer is written as it is,
 * `id` first (handler.ts, `encodeAnswer`).
 *
 * The answers have no tag of their own on the wire: each command's answer is
 * told apart by its keys (`games`, `moves`, `trace`, `outcome`, `best`,
 * `error`; `initial` answers `position` alone). So every record below also
 * declares the other records' keys as absent, which makes `Answer` a union
 * TypeScript narrows on any of them (`if (answer.error !== undefined)`).
 */
import type { GameErrorCode, OptionValue, ProtocolStep, Side } from "../games/index.js";
import type { SearchErrorCode, SearchResult } from "../search/index.js";
import type { KeteError } from "../shared/index.js";

/** The commands of the protocol, and kete's `search` (issue 16, docs/spec/engine-search.md). */
export const COMMANDS = ["games", "initial", "legal", "apply", "outcome", "search"] as const;
export type Command = (typeof COMMANDS)[number];

/** Error codes produced by the handler itself (games add their own, e.g. `illegal-move`). */
export const ErrorCode = {
  lineTooLong: "line-too-long",
  badJson: "bad-json",
  badRequest: "bad-request",
  unknownCommand: "unknown-command",
  unknownGame: "unknown-game",
  badPosition: "bad-position",
  badOption: "bad-option",
  internal: "internal",
} as const;
export type HandlerErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Every code an error answer can carry: the handler's own, a game's (a
 * position, move or option refused) and the search's (engine-search.md,
 * "Errors"; `bad-limits` only if the handler let a request without a limit
 * through, which it does not).
 */
export type EngineErrorCode = HandlerErrorCode | GameErrorCode | SearchErrorCode;
export type EngineError = KeteError<EngineErrorCode>;

/** A position as its game writes it (`Game.positionToJSON`): `game`, `options`, `toMove`, the board. */
export type PositionJSON = Readonly<Record<string, unknown>>;

/** A trace step as the protocol writes it, `op` first (engine-protocol.md, "Trace"). */
export type TraceJSON = readonly ProtocolStep[];

/** One game of `{"cmd":"games"}`. */
export interface GameEntry {
  readonly id: string;
  readonly title: string;
  /** Every option with its default. */
  readonly options: Readonly<Record<string, OptionValue>>;
}

/** One legal move of `{"cmd":"legal"}`: the position it leads to and its trace. */
export interface MoveJSON {
  readonly move: string;
  readonly position: PositionJSON;
  readonly trace: TraceJSON;
}

/** A finished game's outcome; `winner` null is a draw. */
export interface OutcomeJSON {
  readonly winner: Side | null;
  readonly reason: string;
  readonly score: Readonly<Record<Side, number>>;
}

/** `{"error":{…}}`: `rule` and `field` only when the error names one. */
export interface ErrorJSON {
  readonly code: EngineErrorCode;
  readonly message: string;
  readonly rule?: string;
  readonly field?: string;
}

/** The records, each without the keys of the others (see `Answer`). */
interface Records {
  readonly games: { readonly games: readonly GameEntry[] };
  readonly initial: { readonly position: PositionJSON };
  readonly legal: {
    readonly moves: readonly MoveJSON[];
    /** Present, and true, only when `limit` cut the list. */
    readonly truncated?: true;
  };
  readonly apply: { readonly position: PositionJSON; readonly trace: TraceJSON };
  readonly outcome: { readonly outcome: OutcomeJSON | null };
  /**
   * engine-search.md, "Answer": the search's result as it is written, best,
   * score, depth, nodes, pv, captures in that order.
   */
  readonly search: Pick<SearchResult, "best" | "score" | "depth" | "nodes" | "pv" | "captures">;
  readonly error: { readonly error: ErrorJSON };
}

type KeysOf<U> = U extends unknown ? keyof U : never;
/** Every key an answer can carry besides `id`, `error` included. */
export type AnswerKey = KeysOf<Records[keyof Records]>;

/** A record with every other record's keys declared absent. */
type Exclusive<T> = T & { readonly [K in Exclude<AnswerKey, keyof T>]?: undefined };

export type GamesAnswer = Exclusive<Records["games"]>;
export type InitialAnswer = Exclusive<Records["initial"]>;
export type LegalAnswer = Exclusive<Records["legal"]>;
export type ApplyAnswer = Exclusive<Records["apply"]>;
export type OutcomeAnswer = Exclusive<Records["outcome"]>;
export type SearchAnswer = Exclusive<Records["search"]>;
export type ErrorAnswer = Exclusive<Records["error"]>;

/** Each command's answer when it succeeds. */
export interface AnswerOf {
  readonly games: GamesAnswer;
  readonly initial: InitialAnswer;
  readonly legal: LegalAnswer;
  readonly apply: ApplyAnswer;
  readonly outcome: OutcomeAnswer;
  readonly search: SearchAnswer;
}

/** What a request for `C` is answered: its record, or an error. */
export type CommandAnswer<C extends Command> = AnswerOf[C] | ErrorAnswer;

/** Every answer the handler writes (before the request's `id` is put in front of it). */
export type Answer = AnswerOf[Command] | ErrorAnswer;

/** The kinds of answer: a command's name, or `error`. */
export type AnswerKind = Command | "error";

/** The keys an answer can carry besides `id` (an error answer carries only `error`). */
export const ANSWER_KEYS = [
  "games",
  "position",
  "moves",
  "truncated",
  "trace",
  "outcome",
  "best",
  "score",
  "depth",
  "nodes",
  "pv",
  "captures",
] as const satisfies readonly AnswerKey[];

/**
 * Which command an answer is the record of, read from its keys as a reader of
 * the protocol must (`position` alone is `initial`'s; with `trace`, `apply`'s).
 */
export function answerKind(answer: Answer): AnswerKind {
  if (answer.error !== undefined) return "error";
  if (answer.games !== undefined) return "games";
  if (answer.moves !== undefined) return "legal";
  if (answer.trace !== undefined) return "apply";
  if (answer.best !== undefined) return "search";
  if (answer.outcome !== undefined) return "outcome";
  return "initial";
}
