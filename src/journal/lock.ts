/**
 * One writer per journal: a writer holds `FILE.lock`, created exclusively
 * (`wx`) with its process id. A lock whose process is gone (killed, power
 * cut) is stale and taken over; a live one refuses the second writer. Locks
 * are released when the writer closes, and at the latest when the process
 * exits.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { err, ok, type Result } from "../shared/index.js";
import type { JournalError } from "./errors.js";

export interface JournalLock {
  readonly path: string;
  release(): void;
}

export const LOCK_SUFFIX = ".lock";
/** A lock file without a process id yet is being written; after this long it is debris. */
const UNWRITTEN_STALE_MS = 5_000;

/** Lock files this process holds, removed at exit whatever happens. */
const held = new Set<string>();
let exitHooked = false;

function ownText(): string {
  return `${process.pid}\n`;
}

function removeIfOurs(lock: string): void {
  try {
    if (readFileSync(lock, "utf8") === ownText()) unlinkSync(lock);
  } catch {
    // Gone already, or unreadable: nothing of ours to remove.
  }
}

function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on("exit", () => {
    for (const lock of held) removeIfOurs(lock);
    held.clear();
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, owned by someone else.
    return (e as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** Who holds `lock`: null if no one (or a stale lock), else the live process id (0 if not written yet). */
function holderOf(
  lock: string,
): { readonly pid: number; readonly stale: boolean; readonly text: string } | null {
  let text: string;
  try {
    text = readFileSync(lock, "utf8");
  } catch {
    return null;
  }
  const m = /^(\d+)\n?$/.exec(text);
  if (m === null) {
    let written: number;
    try {
      written = statSync(lock).mtimeMs;
    } catch {
      return null;
    }
    return { pid: 0, stale: Date.now() - written > UNWRITTEN_STALE_MS, text };
  }
  const pid = Number(m[1]);
  if (pid === process.pid) return { pid, stale: !held.has(lock), text };
  return { pid, stale: pid <= 0 || !alive(pid), text };
}

/** The live process writing `journal` now, or null (no lock, or a stale one). */
export function lockHolder(journal: string): number | null {
  const h = holderOf(journal + LOCK_SUFFIX);
  return h === null || h.stale ? null : h.pid;
}

function errnoCode(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? "error";
}

/** Creates `lock` holding this process's id; false if it exists. */
function create(lock: string): boolean {
  let fd: number;
  try {
    fd = openSync(lock, "wx");
  } catch (e) {
    if (errnoCode(e) === "EEXIST") return false;
    throw e;
  }
  try {
    writeSync(fd, ownText());
  } finally {
    closeSync(fd);
  }
  return true;
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Removes `lock` if it is still stale, holding `lock.takeover` meanwhile: of
 * processes that all found the same stale lock, one removes it and the
 * others, checking again after it, find the new writer's live lock. False if
 * another process is taking it over now.
 */
function takeOver(lock: string): boolean {
  const guard = `${lock}.takeover`;
  if (!create(guard)) {
    const g = holderOf(guard);
    if (g === null || g.stale) removeIfText(guard, g?.text);
    return false;
  }
  try {
    const now = holderOf(lock);
    if (now !== null && now.stale) removeIfText(lock, now.text);
  } finally {
    try {
      unlinkSync(guard);
    } catch {
      // Removed as stale by another process: nothing left to do.
    }
  }
  return true;
}

function removeIfText(path: string, text: string | undefined): void {
  try {
    if (text === undefined || readFileSync(path, "utf8") === text) unlinkSync(path);
  } catch {
    // Gone already.
  }
}

/** Makes this process the one writer of `journal`, or says who is. */
export function lockJournal(journal: string): Result<JournalLock, JournalError> {
  const lock = journal + LOCK_SUFFIX;
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      if (create(lock)) return ok(holding(lock));
    } catch (e) {
      const why = errnoCode(e) === "EACCES" ? "permission denied" : errnoCode(e);
      return err("journal-lock", `cannot lock ${journal} for writing (${lock}: ${why})`);
    }
    const holder = holderOf(lock);
    if (holder === null) continue;
    if (!holder.stale) {
      const who = holder.pid > 0 ? `another kete (process ${holder.pid})` : "another kete";
      return err(
        "journal-locked",
        `${journal} is being played by ${who}; finish or pause that game first (if none runs, delete ${lock})`,
      );
    }
    // Stale: its writer is gone (killed, power cut).
    if (!takeOver(lock)) sleepMs(10);
  }
  return err("journal-lock", `cannot lock ${journal}: other processes keep taking it; try again`);
}

/** The lock this process now holds on `lock`, released on close and at exit. */
function holding(lock: string): JournalLock {
  hookExit();
  held.add(lock);
  let released = false;
  return {
    path: lock,
    release: () => {
      if (released) return;
      released = true;
      held.delete(lock);
      removeIfOurs(lock);
    },
  };
}
