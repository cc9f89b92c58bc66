/** The `kete engine` protocol, without I/O: see handler.ts. */
export {
  ANSWER_KEYS,
  COMMANDS,
  DEFAULT_LEGAL_LIMIT,
  ErrorCode,
  MAX_LINE_LENGTH,
  encodeAnswer,
  errorAnswer,
  handleRequest,
  handleRequestLine,
  requestId,
} from "./handler.js";
export type { GameList } from "./handler.js";
export { answerKind } from "./answers.js";
export type {
  Answer,
  AnswerKey,
  AnswerKind,
  AnswerOf,
  ApplyAnswer,
  Command,
  CommandAnswer,
  EngineError,
  EngineErrorCode,
  ErrorAnswer,
  ErrorJSON,
  GameEntry,
  GamesAnswer,
  HandlerErrorCode,
  InitialAnswer,
  LegalAnswer,
  MoveJSON,
  OutcomeAnswer,
  OutcomeJSON,
  PositionJSON,
  SearchAnswer,
  TraceJSON,
} from "./answers.js";
export {
  checkOptionValue,
  checkOptions,
  defaultOptions,
  describeAllowed,
  unknownOptionMessage,
} from "./options.js";
export { runPerft } from "./perft.js";
export { SEARCH_BOUNDS, searchAnswer, searchOptions } from "./search.js";
export type { EngineContext } from "./search.js";
export type { PerftDivision, PerftResult } from "./perft.js";
