/**
 * The error codes of the journal (issue 31): a file that is no journal or
 * one this kete cannot read, a record that breaks its kind, the games
 * folder, reading, writing and the one-writer lock.
 */
import type { KeteError } from "../shared/index.js";

export type JournalErrorCode =
  | "bad-journal"
  | "not-a-journal"
  | "journal-version"
  | "journal-read"
  | "journal-write"
  | "games-dir"
  | "journal-lock"
  | "journal-locked";
export type JournalError = KeteError<JournalErrorCode>;
