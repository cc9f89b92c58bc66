/**
 * The request handler of `kete engine` (shared/spec/engine-protocol.md): one
 * JSON request line in, one JSON answer line out. Pure — no I/O — and total:
 * every input, however broken, gets an answer and nothing throws.
 */
import { games as registeredGames } from "../games/index.js";
import type { KeteError, Result } from "../shared/index.js";
import type { Game, LegalMove, Outcome, Position, ProtocolStep } from "../games/index.js";
import {
  COMMANDS,
  ErrorCode,
  type Answer,
  type Command,
  type CommandAnswer,
  type EngineError,
  type EngineErrorCode,
  type ErrorAnswer,
  type GamesAnswer,
  type MoveJSON,
  type OutcomeJSON,
  type TraceJSON,
} from "./answers.js";
import { checkOptions, defaultOptions, shortValue } from "./options.js";
import { searchAnswer, type EngineContext } from "./search.js";

export { ANSWER_KEYS, COMMANDS, ErrorCode } from "./answers.js";
export type { Answer, Command } from "./answers.js";

/** Lines longer than this (in UTF-16 code units, about 1 MiB of ASCII) are refused unparsed. */
export const MAX_LINE_LENGTH = 1 << 20;

/** The number of legal moves answered when a `legal` request gives no `limit`. */
export const DEFAULT_LEGAL_LIMIT = 100_000;

/** The games the handler serves, by default the registry of src/games. */
export type GameList = readonly Game[];

/** `{"error":{…}}` from a KeteError, with `rule` and `field` only when present. */
export function errorAnswer(error: KeteError<EngineErrorCode>): ErrorAnswer {
  const { code, message, rule, field } = error;
  return {
    error: {
      code,
      message,
      ...(typeof rule === "string" ? { rule } : {}),
      ...(typeof field === "string" ? { field } : {}),
    },
  };
}

function fail(code: EngineErrorCode, message: string, field?: string): ErrorAnswer {
  return errorAnswer(field === undefined ? { code, message } : { code, message, field });
}

/**
 * Answers one request line: `null` for a blank line, else exactly one line of
 * JSON (no newline at the end). Never throws. `context` hands in what the pure
 * handler cannot have itself: a clock for `search` requests with `ms`.
 */
export function handleRequestLine(
  line: string,
  gameList: GameList = registeredGames,
  context: EngineContext = {},
): string | null {
  try {
    if (line.length > MAX_LINE_LENGTH) {
      return encodeAnswer(
        fail(
          ErrorCode.lineTooLong,
          `request line is longer than ${MAX_LINE_LENGTH} characters; it was not read`,
        ),
      );
    }
    if (line.trim() === "") return null;
    let request: unknown;
    try {
      request = JSON.parse(line);
    } catch (e) {
      const detail = e instanceof Error ? `: ${e.message}` : "";
      return encodeAnswer(fail(ErrorCode.badJson, `request is not valid JSON${detail}`));
    }
    const id = requestId(request);
    try {
      return encodeAnswer(handleRequest(request, gameList, context), id);
    } catch (e) {
      // A bug in a game: its error, or an answer that cannot be written as JSON.
      return encodeAnswer(internalError(e), id);
    }
  } catch (e) {
    return lastResort(e);
  }
}

/** The request's `id` when it has one (any JSON value, `null` included). */
export function requestId(request: unknown): { readonly value: unknown } | undefined {
  if (isPlainObject(request) && Object.hasOwn(request, "id")) return { value: request.id };
  return undefined;
}

/**
 * One answer line: `id` first when the request had one. U+2028/U+2029 are
 * escaped so that no reader can mistake them for line ends. If the `id` cannot
 * be written back (say, nested too deeply), the answer goes without it.
 */
export function encodeAnswer(answer: Answer, id?: { readonly value: unknown }): string {
  let text: string;
  if (id === undefined) {
    text = JSON.stringify(answer);
  } else {
    try {
      text = JSON.stringify({ id: id.value, ...answer });
    } catch {
      text = JSON.stringify(answer);
    }
  }
  return text.replace(/[\u2028\u2029]/g, (c) => (c === "\u2028" ? "\\u2028" : "\\u2029"));
}

function internalError(e: unknown): ErrorAnswer {
  let detail = "unknown error";
  try {
    detail = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  } catch {
    // keep "unknown error"
  }
  return fail(ErrorCode.internal, `internal error while answering the request (${detail})`);
}

function lastResort(e: unknown): string {
  try {
    return encodeAnswer(internalError(e));
  } catch {
    return '{"error":{"code":"internal","message":"internal error while answering the request"}}';
  }
}

/** Answers one parsed request (without its `id`). May throw only on a bug in a game. */
export function handleRequest(
  request: unknown,
  gameList: GameList = registeredGames,
  context: EngineContext = {},
): Answer {
  if (!isPlainObject(request)) {
    return fail(ErrorCode.badRequest, "request must be a JSON object");
  }
  if (!Object.hasOwn(request, "cmd")) {
    return fail(
      ErrorCode.badRequest,
      `request has no "cmd" (one of ${COMMANDS.join(", ")})`,
      "cmd",
    );
  }
  const cmd = request.cmd;
  if (typeof cmd !== "string" || !isCommand(cmd)) {
    return fail(
      ErrorCode.unknownCommand,
      `unknown command ${short(cmd)}; commands are ${COMMANDS.join(", ")}`,
      "cmd",
    );
  }
  switch (cmd) {
    case "games":
      return gamesAnswer(gameList);
    case "initial":
      return initialAnswer(request, gameList);
    case "legal":
      return legalAnswer(request, gameList);
    case "apply":
      return applyAnswer(request, gameList);
    case "outcome":
      return outcomeAnswer(request, gameList);
    case "search":
      return searchRequestAnswer(request, gameList, context);
  }
}

function isCommand(cmd: string): cmd is Command {
  return (COMMANDS as readonly string[]).includes(cmd);
}

function gamesAnswer(gameList: GameList): GamesAnswer {
  return {
    games: gameList.map((g) => ({
      id: g.id,
      title: g.title,
      options: defaultOptions(g.optionSpecs),
    })),
  };
}

function initialAnswer(
  request: Record<string, unknown>,
  gameList: GameList,
): CommandAnswer<"initial"> {
  const found = lookUpGame(request.game, "game", gameList);
  if (!found.ok) return errorAnswer(found.error);
  const game = found.value;
  const options = checkOptions(game.optionSpecs, own(request, "options"), game.id);
  if (!options.ok) return errorAnswer(options.error);
  const initial = game.initial(options.value);
  if (!initial.ok) return errorAnswer(initial.error);
  return { position: game.positionToJSON(initial.value) };
}

function legalAnswer(request: Record<string, unknown>, gameList: GameList): CommandAnswer<"legal"> {
  let limit = DEFAULT_LEGAL_LIMIT;
  if (Object.hasOwn(request, "limit")) {
    const given = request.limit;
    if (typeof given !== "number" || !Number.isInteger(given) || given < 0) {
      return fail(
        ErrorCode.badRequest,
        `limit must be a whole number >= 0, not ${short(given)}`,
        "limit",
      );
    }
    limit = given;
  }
  const parsed = readPosition(request, gameList);
  if (!parsed.ok) return errorAnswer(parsed.error);
  const { game, position } = parsed.value;
  const legal = game.legal(position, limit);
  const moves = legal.moves.slice(0, limit);
  const listed = moves.map((m) => legalMoveJSON(game, position, m));
  return legal.truncated || legal.moves.length > limit
    ? { moves: listed, truncated: true }
    : { moves: listed };
}

function applyAnswer(request: Record<string, unknown>, gameList: GameList): CommandAnswer<"apply"> {
  const parsed = readPosition(request, gameList);
  if (!parsed.ok) return errorAnswer(parsed.error);
  const { game, position } = parsed.value;
  const move = own(request, "move");
  if (typeof move !== "string") {
    return fail(
      ErrorCode.badRequest,
      `move must be a string in ${game.id} notation, not ${short(move)}`,
      "move",
    );
  }
  const applied = game.apply(position, move);
  if (!applied.ok) return errorAnswer(applied.error);
  return {
    position: game.positionToJSON(applied.value.position),
    trace: traceJSON(game.protocolTrace?.(position, move) ?? applied.value.trace),
  };
}

function outcomeAnswer(
  request: Record<string, unknown>,
  gameList: GameList,
): CommandAnswer<"outcome"> {
  const parsed = readPosition(request, gameList);
  if (!parsed.ok) return errorAnswer(parsed.error);
  const { game, position } = parsed.value;
  return { outcome: outcomeJSON(game.outcome(position)) };
}

function searchRequestAnswer(
  request: Record<string, unknown>,
  gameList: GameList,
  context: EngineContext,
): CommandAnswer<"search"> {
  const parsed = readPosition(request, gameList);
  if (!parsed.ok) return errorAnswer(parsed.error);
  const { game, position } = parsed.value;
  const answer = searchAnswer(game, position, request, context);
  return answer.ok ? { ...answer.value } : errorAnswer(answer.error);
}

/** The `position` of a request, read by the game its `game` field names. */
function readPosition(
  request: Record<string, unknown>,
  gameList: GameList,
): Result<{ readonly game: Game; readonly position: Position }, EngineError> {
  if (!Object.hasOwn(request, "position")) {
    return {
      ok: false,
      error: { code: ErrorCode.badRequest, message: "request has no position", field: "position" },
    };
  }
  const json = request.position;
  if (!isPlainObject(json)) {
    return {
      ok: false,
      error: {
        code: ErrorCode.badPosition,
        message: "position must be a JSON object",
        field: "position",
      },
    };
  }
  const found = lookUpGame(own(json, "game"), "position.game", gameList);
  if (!found.ok) return found;
  const game = found.value;
  const position = game.parsePosition(json);
  if (!position.ok) return position;
  return { ok: true, value: { game, position: position.value } };
}

function lookUpGame(id: unknown, field: string, gameList: GameList): Result<Game, EngineError> {
  const known = gameList.map((g) => g.id).join(", ");
  if (id === undefined) {
    return {
      ok: false,
      error: {
        code: ErrorCode.badRequest,
        message: `${field} is missing (games: ${known})`,
        field,
      },
    };
  }
  const game = typeof id === "string" ? gameList.find((g) => g.id === id) : undefined;
  if (game === undefined) {
    return {
      ok: false,
      error: {
        code: ErrorCode.unknownGame,
        message: `${field}: unknown game ${short(id)} (games: ${known === "" ? "none" : known})`,
        field,
      },
    };
  }
  return { ok: true, value: game };
}

function legalMoveJSON(game: Game, from: Position, m: LegalMove<Position>): MoveJSON {
  const trace = game.protocolTrace?.(from, m.move) ?? m.trace;
  return { move: m.move, position: game.positionToJSON(m.position), trace: traceJSON(trace) };
}

/** Trace steps as plain objects with `op` first. */
function traceJSON(trace: readonly ProtocolStep[]): TraceJSON {
  return trace.map((step) => ({ ...step }));
}

function outcomeJSON(outcome: Outcome | null): OutcomeJSON | null {
  if (outcome === null) return null;
  return { winner: outcome.winner, reason: outcome.reason, score: { ...outcome.score } };
}

function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value shown in an error message, cut short; a missing one is "nothing". */
function short(value: unknown): string {
  return shortValue(value, "nothing");
}
