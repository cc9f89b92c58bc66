import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // dist/ compiled from the current src/ before any test: the CLI tests spawn it;
    // and a missing socat is said loudly (fatal in CI), never skipped in silence.
    globalSetup: ["test/cli/build-dist.ts", "test/socat-check.ts"],
    // One worker per core: vitest's default (cores - 1) runs the files one at a time on
    // the 2-core CI machine, and most of the suite waits on child processes anyway.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
