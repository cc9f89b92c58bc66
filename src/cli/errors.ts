/**
 * The error codes of the `kete` command (issue 31): its own (a flag it
 * cannot read, no board found, a game or journal that is not there, a
 * report it cannot write, the search's worker failing) and every lower
 * layer's, which the commands pass on as they are. A command prints the
 * message and exits; the code is what tests and scripts match on.
 */
import type {
  CalibrationFileErrorCode,
  HandErrorCode,
  LinkErrorCode,
  PortErrorCode,
  WiringError,
} from "../board/index.js";
import type { ClubErrorCode } from "../club/index.js";
import type { ControllerErrorCode } from "../controller/index.js";
import type { EmulatorErrorCode } from "../emulator/index.js";
import type { GameErrorCode } from "../games/index.js";
import type { JournalErrorCode } from "../journal/index.js";
import type { SearchErrorCode } from "../search/index.js";
import type { KeteError } from "../shared/index.js";
import type { WebError } from "../web/index.js";

/** The codes the commands give themselves. */
export type CommandErrorCode =
  | "usage"
  | "bad-option"
  | "unsupported"
  | "no-board"
  | "no-board-start"
  | "no-game"
  | "unknown-game"
  | "no-journal"
  | "journal-locked"
  | "unreadable-file"
  | "bad-record"
  | "game-over"
  | "report"
  | "search-failed"
  | "worker-failed";

export type CliErrorCode =
  | CommandErrorCode
  | GameErrorCode
  | SearchErrorCode
  | JournalErrorCode
  | LinkErrorCode
  | PortErrorCode
  | HandErrorCode
  | CalibrationFileErrorCode
  | WiringError["code"]
  | EmulatorErrorCode
  | ControllerErrorCode
  | ClubErrorCode
  | WebError["code"];
export type CliError = KeteError<CliErrorCode>;
