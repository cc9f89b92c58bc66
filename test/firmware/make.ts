/**
 * `make` in hardware/firmware for the firmware tests, one at a time across test
 * files (they run in parallel workers), and the tool checks they skip or fail on.
 *
 * The lock is the directory test/emulator/avr.ts takes too. A test that finds
 * it held waits for the directory's removal, told by a watch on its parent
 * folder (an event, not a sleep and a retry), up to a deadline.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmdirSync, watch } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const FIRMWARE = fileURLToPath(new URL("../../hardware/firmware/", import.meta.url));
/** The Arduino core the AVR build compiles against. */
export const CORE = "/usr/share/arduino/hardware/arduino/avr/cores/arduino";

const LOCK = join(tmpdir(), "kete-firmware-build.lock");
/** How long a test waits for another file's build before it fails. */
const LOCK_DEADLINE_MS = 170_000;

export const inCi = (): boolean =>
  process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";

export function hasTool(tool: string, arg = "--version"): boolean {
  const r = spawnSync(tool, [arg], { stdio: "ignore" });
  return r.error === undefined && r.status === 0;
}

/** Resolves when the lock directory is removed (or already gone); rejects at `deadline`. */
function lockReleased(deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      watcher.close();
      settle();
    };
    const watcher = watch(dirname(LOCK), (_event, name) => {
      if (name === basename(LOCK) && !existsSync(LOCK)) done(resolve);
    });
    const timer = setTimeout(
      () => done(() => reject(new Error(`${LOCK} held for ${LOCK_DEADLINE_MS / 1000} s`))),
      Math.max(0, deadline - Date.now()),
    );
    // released between the failed mkdir and the watch: no event will come for it
    if (!existsSync(LOCK)) done(resolve);
  });
}

async function takeLock(): Promise<void> {
  const deadline = Date.now() + LOCK_DEADLINE_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    await lockReleased(deadline);
  }
}

/** `make [-jN] -C hardware/firmware args…` under the lock; its status and all it printed. */
export async function make(
  args: readonly string[],
  jobs = 1,
): Promise<{ status: number | null; output: string }> {
  await takeLock();
  try {
    const r = spawnSync("make", [...(jobs > 1 ? [`-j${jobs}`] : []), "-C", FIRMWARE, ...args], {
      encoding: "utf8",
      timeout: 170_000,
    });
    return { status: r.status, output: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ""}` };
  } finally {
    rmdirSync(LOCK);
  }
}
