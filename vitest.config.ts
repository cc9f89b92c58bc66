import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // dist/ compiled from the current src/ before any test: the CLI tests spawn it.
    globalSetup: ["test/cli/build-dist.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
