import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // dist/ compiled from the current src/ before any test: the CLI tests spawn it;
    // and a missing socat is said loudly (fatal in CI), never skipped in silence.
    globalSetup: ["test/cli/build-dist.ts", "test/socat-check.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
