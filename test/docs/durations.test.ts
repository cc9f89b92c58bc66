/**
 * test/durations.json is the order hint of test/sequencer.ts on a fresh clone
 * (CI): the longest files first. Its keys must be the paths the sequencer
 * looks up (`test/…` from the root); once they were another clone's
 * (`../../tmp/fresh/test/…`), no file matched, and CI ran in vitest's own
 * order without anyone seeing it.
 */
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const hints = JSON.parse(
  readFileSync(new URL("../durations.json", import.meta.url), "utf8"),
) as Record<string, number>;

describe("test/durations.json", () => {
  it("names test files that exist, as test/… from the root, with their seconds", () => {
    const keys = Object.keys(hints);
    expect(keys.length).toBeGreaterThan(10);
    for (const file of keys) {
      expect(file, file).toMatch(/^test\/.+\.test\.ts$/);
      expect(existsSync(file), `${file} exists`).toBe(true);
      expect(hints[file], file).toBeGreaterThan(0);
    }
  });
});
