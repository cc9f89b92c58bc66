/**
 * Journals on disk: the games folder, writing with a flush to disk at every
 * accepted move, reading back (torn last line ignored), resuming (the torn
 * tail cut off before appending), and listing.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readSync,
  realpathSync,
  statSync,
  writeSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { err, ok, type Result } from "../shared/index.js";
import { lockJournal, lockHolder, type JournalLock } from "./lock.js";
import {
  decodeJournal,
  encodeRecord,
  type Damage,
  type DecodeOptions,
  type Journal,
  type JournalHeader,
  type JournalRecord,
} from "./records.js";
import type { JournalError } from "./errors.js";

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

function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "no such file or folder";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR") return "a part of the path is a file, not a folder";
  return code ?? (e as Error).message.split("\n")[0];
}

/** `path` with its nearest existing ancestor's symbolic links resolved (a link into /proc is /proc). */
function realAncestor(path: string): string {
  let at = path;
  for (;;) {
    try {
      return join(realpathSync(at), relative(at, path));
    } catch {
      const up = dirname(at);
      if (up === at) return path;
      at = up;
    }
  }
}

/**
 * Whether `dir` can be a games folder: not under /proc or /sys (where making
 * folders hangs or fails oddly), and a folder if it exists. `ok(false)` when
 * it does not exist yet.
 */
export function checkGamesDir(
  dir: string,
  purpose: "read" | "write" = "read",
): Result<boolean, JournalError> {
  const full = resolve(dir);
  const system = /^\/(proc|sys)(\/|$)/.exec(realAncestor(full));
  if (system !== null) {
    return err(
      "games-dir",
      `${dir} is under /${system[1]}, which holds no files of yours; choose another folder with --games-dir`,
    );
  }
  try {
    if (!statSync(full).isDirectory()) {
      return err(
        "games-dir",
        `${dir} is a file, not a folder of games; choose a folder with --games-dir`,
      );
    }
    return ok(true);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return ok(false);
    return err(
      "games-dir",
      purpose === "write"
        ? `cannot create a journal in ${dir}: ${errnoText(e)}; choose another folder with --games-dir`
        : `cannot use ${dir} as the games folder: ${errnoText(e)}; choose another with --games-dir`,
    );
  }
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
  private readonly written: (() => void)[] = [];

  private constructor(
    readonly path: string,
    private fd: number | null,
    /** This writer is the journal's one writer until it closes (`FILE.lock`). */
    private lock: JournalLock | null,
    /** A damaged journal resumed: where the whole file was kept, else null. */
    readonly keptAside: string | null = null,
  ) {}

  /** Starts a new journal with its header, flushed to disk at once, locked while it is written. */
  static create(dir: string, header: JournalHeader): Result<JournalWriter, JournalError> {
    const usable = checkGamesDir(dir, "write");
    if (!usable.ok) return usable;
    let lock: JournalLock | null = null;
    try {
      if (!usable.value) mkdirSync(dir, { recursive: true });
      const path = join(dir, journalFileName(header));
      const locked = lockJournal(path);
      if (!locked.ok) {
        return err(
          "journal-write",
          `cannot create a journal in ${dir}: ${locked.error.message}; choose another folder with --games-dir`,
        );
      }
      lock = locked.value;
      const fd = openSync(path, "wx");
      const writer = new JournalWriter(path, fd, lock);
      writer.append(header);
      writer.commit();
      return ok(writer);
    } catch (e) {
      lock?.release();
      return err(
        "journal-write",
        `cannot create a journal in ${dir}: ${errnoText(e)}; choose another folder with --games-dir`,
      );
    }
  }

  /**
   * Reopens a journal to continue it, cutting off a torn last line first;
   * refused while another process writes it.
   */
  static resume(path: string, damaged: Damage | null = null): Result<JournalWriter, JournalError> {
    const locked = lockJournal(path);
    if (!locked.ok) return locked;
    try {
      // A journal damaged in its middle (issue 32) goes on from the lines
      // before the damage; the whole file is kept beside it first.
      const aside = damaged === null ? null : keptAside(path);
      if (aside !== null) copyFileSync(path, aside);
      const fd = openSync(path, "r+");
      const size = fstatSync(fd).size;
      const keep = damaged !== null ? damaged.keptBytes : completeLength(fd, size);
      if (keep < size) ftruncateSync(fd, keep);
      closeSync(fd);
      return ok(new JournalWriter(path, openSync(path, "a"), locked.value, aside));
    } catch (e) {
      locked.value.release();
      return err("journal-write", `cannot continue ${path}: ${errnoText(e)}`);
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
    for (const listener of this.written) listener();
  }

  /** `listener` is called after each write to the file (the club's publisher reads on from there). */
  onWrite(listener: () => void): void {
    this.written.push(listener);
  }

  /** Forces what was appended onto the disk (every accepted move, mistake and result). */
  commit(): void {
    this.flush();
    if (this.fd !== null) fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd === null) return;
    try {
      this.commit();
      closeSync(this.fd);
    } finally {
      this.fd = null;
      this.lock?.release();
      this.lock = null;
    }
  }
}

/**
 * Where a damaged journal is kept whole when its game is resumed:
 * `FILE.damaged` (`FILE.damaged-2`, … if that exists). Not a journal name,
 * so `kete games` does not list it.
 */
export function keptAside(path: string): string {
  let aside = `${path}.damaged`;
  for (let n = 2; existsSync(aside); n++) aside = `${path}.damaged-${n}`;
  return aside;
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

export function readJournal(
  path: string,
  options: DecodeOptions = {},
): Result<Journal, JournalError> {
  let text: string;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      return err(
        "journal-read",
        `${path} is a folder, not a game journal; name a journal file (kete games lists them)`,
      );
    }
    const size = stat.size;
    if (size > MAX_JOURNAL_BYTES) {
      return err(
        "not-a-journal",
        `${path} is ${Math.round(size / 1048576)} MiB, larger than any kete journal; is it the right file?`,
      );
    }
    text = readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : errnoText(e);
    return err("journal-read", `cannot read ${path}: ${why}`);
  }
  const journal = decodeJournal(text, options);
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
  /** The process writing it now (a game under way elsewhere), or null. */
  readonly playingIn: number | null;
  /** Where it is damaged (it is read up to there), or null. */
  readonly damaged: Damage | null;
}

/** A games folder read: its journals, oldest first, and the files that are not journals kete can read. */
export interface GamesFolder {
  readonly games: readonly JournalSummary[];
  readonly skipped: readonly { readonly path: string; readonly reason: string }[];
}

/** Every journal in the folder (none if it does not exist), or the one line saying why it cannot be read. */
export function scanJournals(
  dir: string,
  options: DecodeOptions = {},
): Result<GamesFolder, JournalError> {
  const usable = checkGamesDir(dir);
  if (!usable.ok) return usable;
  if (!usable.value) return ok({ games: [], skipped: [] });
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (e) {
    return err("games-dir", `cannot read the games folder ${dir}: ${errnoText(e)}`);
  }
  const games: JournalSummary[] = [];
  const skipped: { path: string; reason: string }[] = [];
  for (const name of names) {
    if (!name.endsWith(JOURNAL_SUFFIX)) continue;
    const path = join(dir, name);
    const journal = readJournal(path, options);
    if (journal.ok) games.push(summarize(path, journal.value));
    else skipped.push({ path, reason: journal.error.message.replace(`${path}: `, "") });
  }
  return ok({ games, skipped });
}

/** Every readable journal in the folder, oldest first; unreadable files are skipped. */
export function listJournals(dir: string, options: DecodeOptions = {}): JournalSummary[] {
  const folder = scanJournals(dir, options);
  return folder.ok ? [...folder.value.games] : [];
}

export function summarize(path: string, journal: Journal): JournalSummary {
  let moves = 0;
  let result: JournalSummary["result"] = null;
  for (const r of journal.records) {
    if (r.kind === "move") moves++;
    else if (r.kind === "result") result = { winner: r.winner, reason: r.reason };
  }
  return {
    path,
    header: journal.header,
    moves,
    result,
    playingIn: lockHolder(path),
    damaged: journal.damaged ?? null,
  };
}

/**
 * The newest unfinished journal in the folder that no other process is
 * playing, for `kete play --resume` without a file; null if there is none.
 */
export function latestUnfinished(dir: string, options: DecodeOptions = {}): JournalSummary | null {
  const found = latestResumable(dir, options);
  return found.ok ? found.value : null;
}

/** As `latestUnfinished`, with the error of a folder that cannot be read. */
export function latestResumable(
  dir: string,
  options: DecodeOptions = {},
): Result<JournalSummary | null, JournalError> {
  const folder = scanJournals(dir, options);
  if (!folder.ok) return folder;
  const open = folder.value.games.filter((j) => j.result === null && j.playingIn === null);
  return ok(open.length > 0 ? (open[open.length - 1] as JournalSummary) : null);
}
