/**
 * Journals on disk: the games folder, writing with a flush to disk at every
 * accepted move, reading back (torn last line ignored), resuming (the torn
 * tail cut off before appending), and listing.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readSync,
  statSync,
  writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { err, ok, type Result } from "../shared/index.js";
import {
  decodeJournal,
  encodeRecord,
  type Journal,
  type JournalHeader,
  type JournalRecord,
} from "./records.js";

export const JOURNAL_SUFFIX = ".kete.jsonl";
/** A journal larger than this is not read whole: it is no kete journal, or a damaged one. */
export const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;

/**
 * Where games are kept unless `--games-dir` or `KETE_GAMES_DIR` says
 * otherwise: the user's data directory (XDG on Linux, Application Support on
 * macOS, LOCALAPPDATA on Windows), folder `kete/games`.
 */
export function defaultGamesDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.KETE_GAMES_DIR) return env.KETE_GAMES_DIR;
  if (process.platform === "win32" && env.LOCALAPPDATA) {
    return join(env.LOCALAPPDATA, "kete", "games");
  }
  if (process.platform === "darwin") {
    return join(homedir(), "Library", "Application Support", "kete", "games");
  }
  const data = env.XDG_DATA_HOME || join(homedir(), ".local", "share");
  return join(data, "kete", "games");
}

/** `2026-11-22T01-34-05-husbao-k3x9` style names sort by start time. */
export function journalFileName(header: JournalHeader): string {
  const stamp = header.startedAt.replace(/[:.]/g, "-").replace(/Z$/, "");
  return `${stamp}-${header.game}-${header.gameId}${JOURNAL_SUFFIX}`;
}

/**
 * Appends records to a journal file. What is appended during one run of the
 * event loop (a settled reading, the decisions it caused, the move it
 * accepted) reaches the file in one write at the end of that run, or at a
 * commit: a process killed in between (SIGKILL, power cut) leaves all of it
 * or none, never a reading whose accepted move is missing.
 */
export class JournalWriter {
  private pending = "";
  private scheduled = false;

  private constructor(
    readonly path: string,
    private fd: number | null,
  ) {}

  /** Starts a new journal with its header, flushed to disk at once. */
  static create(dir: string, header: JournalHeader): Result<JournalWriter> {
    try {
      mkdirSync(dir, { recursive: true });
      const path = join(dir, journalFileName(header));
      const fd = openSync(path, "wx");
      const writer = new JournalWriter(path, fd);
      writer.append(header);
      writer.commit();
      return ok(writer);
    } catch (e) {
      return err(
        "journal-write",
        `cannot create a journal in ${dir}: ${(e as Error).message}; choose another folder with --games-dir`,
      );
    }
  }

  /** Reopens a journal to continue it, cutting off a torn last line first. */
  static resume(path: string): Result<JournalWriter> {
    try {
      const fd = openSync(path, "r+");
      const size = fstatSync(fd).size;
      const keep = completeLength(fd, size);
      if (keep < size) ftruncateSync(fd, keep);
      closeSync(fd);
      return ok(new JournalWriter(path, openSync(path, "a")));
    } catch (e) {
      return err("journal-write", `cannot continue ${path}: ${(e as Error).message}`);
    }
  }

  append(record: JournalHeader | JournalRecord): void {
    if (this.fd === null) return;
    this.pending += encodeRecord(record);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  /** Writes what was appended and not yet written, in one write. */
  flush(): void {
    this.scheduled = false;
    if (this.fd === null || this.pending.length === 0) return;
    const text = this.pending;
    this.pending = "";
    writeSync(this.fd, text);
  }

  /** Forces what was appended onto the disk (every accepted move, mistake and result). */
  commit(): void {
    this.flush();
    if (this.fd !== null) fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd === null) return;
    this.commit();
    closeSync(this.fd);
    this.fd = null;
  }
}

/** Bytes up to and including the last newline. */
function completeLength(fd: number, size: number): number {
  const chunk = Buffer.alloc(64 * 1024);
  let end = size;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const n = readSync(fd, chunk, 0, end - start, start);
    const at = chunk.subarray(0, n).lastIndexOf(0x0a);
    if (at >= 0) return start + at + 1;
    end = start;
  }
  return 0;
}

export function readJournal(path: string): Result<Journal> {
  let text: string;
  try {
    const size = statSync(path).size;
    if (size > MAX_JOURNAL_BYTES) {
      return err(
        "not-a-journal",
        `${path} is ${Math.round(size / 1048576)} MiB, larger than any kete journal; is it the right file?`,
      );
    }
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : (e as Error).message;
    return err("journal-read", `cannot read ${path}: ${why}`);
  }
  const journal = decodeJournal(text);
  if (!journal.ok) {
    return err(journal.error.code, `${path}: ${journal.error.message}`);
  }
  return journal;
}

export interface JournalSummary {
  readonly path: string;
  readonly header: JournalHeader;
  readonly moves: number;
  /** `null` while the game is unfinished. */
  readonly result: { readonly winner: string | null; readonly reason: string } | null;
}

/** Every readable journal in the folder, oldest first; unreadable files are skipped. */
export function listJournals(dir: string): JournalSummary[] {
  if (!existsSync(dir)) return [];
  const out: JournalSummary[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(JOURNAL_SUFFIX)) continue;
    const journal = readJournal(join(dir, name));
    if (!journal.ok) continue;
    out.push(summarize(join(dir, name), journal.value));
  }
  return out;
}

export function summarize(path: string, journal: Journal): JournalSummary {
  let moves = 0;
  let result: JournalSummary["result"] = null;
  for (const r of journal.records) {
    if (r.kind === "move") moves++;
    else if (r.kind === "result") result = { winner: r.winner, reason: r.reason };
  }
  return { path, header: journal.header, moves, result };
}

/** The newest unfinished journal in the folder, for `kete play --resume` without a file. */
export function latestUnfinished(dir: string): JournalSummary | null {
  const open = listJournals(dir).filter((j) => j.result === null);
  return open.length > 0 ? open[open.length - 1] : null;
}
