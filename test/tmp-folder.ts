/**
 * vitest global setup: the run's temporary folder (vitest.config.ts sets
 * TMPDIR to a fresh `kete-tests-*` folder) is removed with everything the
 * tests left in it when the run ends, so runs do not pile up files in
 * /dev/shm (memory) or /tmp.
 */
import { rmSync } from "node:fs";
import { basename } from "node:path";

export default function setup(): () => void {
  const dir = process.env.TMPDIR;
  return () => {
    if (dir !== undefined && basename(dir).startsWith("kete-tests-")) {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
