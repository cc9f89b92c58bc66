/**
 * Runs the `kete` command as a user does: `node dist/cli/main.js`, with dist/
 * first brought up to date with src/ (build-dist.ts), so a test never runs an
 * old build.
 */
import { expect } from "vitest";
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { fileURLToPath } from "node:url";
import { buildDist } from "./build-dist.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const MAIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

/**
 * Compiles what changed in src/ since dist/ was written (nothing, usually:
 * vitest's globalSetup has just done it). Call before spawning `kete`.
 */
export function ensureBuilt(): void {
  buildDist();
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

/** `kete board-test --port PATH --seconds 2`: the LED cycle runs over every place, nothing refused, no sensor fault. */
export function expectCleanLedCycle(path: string): void {
  const run = kete(["board-test", "--port", path, "--seconds", "2"]);
  expect(run.status).toBe(0);
  expect(run.stdout).not.toMatch(/refused|nak-/);
  expect(run.stdout).toMatch(/^sensor faults: none$/m);
}
