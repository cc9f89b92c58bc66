import { accessSync, constants, mkdtempSync, statSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { LongestFirst } from "./test/sequencer.js";

/**
 * The tests' temporary files (journals, pty links, EEPROM files) in memory
 * when the machine has a tmpfs at /dev/shm and TMPDIR is not set: every
 * accepted move fsyncs its journal, and on a disk those waits were a tenth
 * of the whole-game tests' time. The workers inherit the setting.
 */
function memoryTmp(): string | null {
  try {
    if (!statSync("/dev/shm").isDirectory()) return null;
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return null;
  }
}
const shm = process.env.TMPDIR === undefined ? memoryTmp() : null;
/**
 * One folder per run for all of them, removed when the run ends
 * (test/tmp-folder.ts): hundreds of tests make journals and links, and left
 * behind they would fill /dev/shm, which is memory, run after run.
 */
process.env.TMPDIR = mkdtempSync(join(shm ?? tmpdir(), "kete-tests-"));

export default defineConfig({
  test: {
    // `npm test` runs every test but the *.slow.test.ts files (deep perft counts, minutes
    // of CPU); `npm run test:slow` (KETE_SLOW=1) runs those alone. None is skipped.
    include: process.env.KETE_SLOW ? ["test/**/*.slow.test.ts"] : ["test/**/*.test.ts"],
    exclude: process.env.KETE_SLOW
      ? configDefaults.exclude
      : [...configDefaults.exclude, "test/**/*.slow.test.ts"],
    // dist/ compiled from the current src/ before any test: the CLI tests spawn it;
    // and a missing socat is said loudly (fatal in CI), never skipped in silence.
    globalSetup: [
      "test/cli/build-dist.ts",
      "test/socat-check.ts",
      "test/chromium-check.ts",
      "test/mosquitto-check.ts",
      "test/tmp-folder.ts",
    ],
    // Two workers more than the cores: vitest's default (cores - 1) runs the files one at
    // a time on the 2-core CI machine, and with one per core a core idles while a file
    // waits on child processes, pseudo-terminals and real-time games (the emulated boards'
    // whole games run 35-60 s of wall time at a fraction of a core). Measured on 2 cores,
    // fresh clone: 262 s with two workers and 235 s with three (162 files); with 172 files,
    // 290 s with three and 247 s with four.
    maxWorkers: availableParallelism() + 2,
    // The test files of a worker share one module graph instead of each loading its own
    // (xstate, serialport, avr8js and the engine again, 172 times): measured on 2 cores,
    // vitest 218 s and 431 CPU-s isolated, 185 s and 366 CPU-s shared. What it asks of a
    // test file, which ESLint enforces (eslint.config.js, test/**): no module mocks or
    // stubbed globals; what a file changes (fake timers, process.env) it restores.
    isolate: false,
    // The longest files first (test/sequencer.ts), also on a fresh clone.
    sequence: { sequencer: LongestFirst },
    // A timeout finds a test that hangs; it is not a speed target (those live in
    // `npm run bench`). The emulator's and the game simulations' tests are CPU-bound
    // and took over 60 s at load ~19 on 2 cores while passing: three minutes.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
