/**
 * The rules and the engine interface a player and a programmer are told
 * about live in the repository (docs/rules, docs/spec), as exact copies of
 * the project's specification. Where the specification sits beside the
 * repository (../shared, as in CI), the copies must equal it.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;
const shared = join(root, "..", "shared");
const COPIES: readonly [string, string][] = [
  ["docs/spec/engine-protocol.md", "spec/engine-protocol.md"],
  ...readdirSync(join(root, "docs/rules")).map(
    (f) => [`docs/rules/${f}`, `rules/${f}`] as [string, string],
  ),
];

describe("the specification's copies in docs/", () => {
  it("holds the engine interface and every rules file", () => {
    const names = COPIES.map(([mine]) => mine);
    expect(names).toContain("docs/spec/engine-protocol.md");
    for (const f of ["README", "mancala-4x8", "bao-kiswahili", "glassperlenspiel", "abalone"]) {
      expect(names).toContain(`docs/rules/${f}.md`);
    }
  });

  it.skipIf(!existsSync(shared))("equals the specification beside the repository", () => {
    for (const [mine, theirs] of COPIES) {
      expect(readFileSync(join(root, mine), "utf8"), mine).toBe(
        readFileSync(join(shared, theirs), "utf8"),
      );
    }
    // Every rules file of the specification is copied.
    for (const f of readdirSync(join(shared, "rules"))) {
      expect(COPIES.map(([, t]) => t)).toContain(`rules/${f}`);
    }
  });
});
