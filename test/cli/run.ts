/** Runs the built `kete` command (dist/cli/main.js), building it first if it is missing. */
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const MAIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

/** `npm test` builds before testing; a bare `vitest run` on a fresh checkout builds here. */
export function ensureBuilt(): void {
  if (existsSync(MAIN)) return;
  spawnSync(
    process.execPath,
    [
      fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url)),
      "-p",
      "tsconfig.build.json",
    ],
    {
      cwd: ROOT,
      stdio: "ignore",
    },
  );
  if (!existsSync(MAIN)) throw new Error(`could not build ${MAIN}`);
}

export function kete(args: readonly string[], input = ""): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout: 60_000,
  });
}
