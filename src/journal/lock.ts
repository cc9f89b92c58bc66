/**
 * One writer per journal: a writer holds `FILE.lock`, created exclusively
 * (`wx`) with its process id. A lock whose process is gone (killed, power
 * cut) is stale and taken over; a live one refuses the second writer. Locks
 * are released when the writer closes, and at the latest when the process
 * exits.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import { err, ok, type Result } from "../shared/index.js";

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
function holderOf(lock: string): { readonly pid: number; readonly stale: boolean } | null {
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
    return { pid: 0, stale: Date.now() - written > UNWRITTEN_STALE_MS };
  }
  const pid = Number(m[1]);
  if (pid === process.pid) return { pid, stale: !held.has(lock) };
  return { pid, stale: pid <= 0 || !alive(pid) };
}

/** The live process writing `journal` now, or null (no lock, or a stale one). */
export function lockHolder(journal: string): number | null {
  const h = holderOf(journal + LOCK_SUFFIX);
  return h === null || h.stale ? null : h.pid;
}

function errnoCode(e: unknown): string {
  return (e as NodeJS.ErrnoException).code ?? "error";
}

/** Makes this process the one writer of `journal`, or says who is. */
export function lockJournal(journal: string): Result<JournalLock> {
  const lock = journal + LOCK_SUFFIX;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      try {
        writeSync(fd, ownText());
      } finally {
        closeSync(fd);
      }
      hookExit();
      held.add(lock);
      let released = false;
      return ok({
        path: lock,
        release: () => {
          if (released) return;
          released = true;
          held.delete(lock);
          removeIfOurs(lock);
        },
      });
    } catch (e) {
      if (errnoCode(e) !== "EEXIST") {
        const why = errnoCode(e) === "EACCES" ? "permission denied" : errnoCode(e);
        return err("journal-lock", `cannot lock ${journal} for writing (${lock}: ${why})`);
      }
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
    try {
      unlinkSync(lock); // stale: its writer is gone
    } catch (e) {
      if (errnoCode(e) !== "ENOENT") {
        return err("journal-lock", `cannot remove the stale lock ${lock}: ${errnoCode(e)}`);
      }
    }
  }
  return err("journal-lock", `cannot lock ${journal}: other processes keep taking it; try again`);
}
