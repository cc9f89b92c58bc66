/**
 * The rules and the engine interface a player and a programmer are told
 * about live in the repository (docs/rules, docs/spec), as exact copies of
 * the project's specification (`npm run copy-spec` copies them from ../shared
 * and records each copy's SHA-256 in docs/copies.sha256). Every run checks the
 * copies against those digests, so an edit to a copy fails on any machine; where
 * the specification sits beside the repository, the copies must also equal it.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OWN_RULES, copies, digest } from "./copy-spec.js";

const root = new URL("../..", import.meta.url).pathname;
const shared = join(root, "..", "shared");
const COPIES = copies();

function recorded(): Map<string, string> {
  const text = readFileSync(join(root, "docs/copies.sha256"), "utf8");
  const map = new Map<string, string>();
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line);
    if (m !== null) map.set(m[2]!, m[1]!);
  }
  return map;
}

describe("the specification's copies in docs/", () => {
  it("holds the engine interface and every rules file", () => {
    const names = COPIES.map(([mine]) => mine);
    expect(names).toContain("docs/spec/engine-protocol.md");
    for (const f of ["README", "mancala-4x8", "bao-kiswahili", "glassperlenspiel", "abalone"]) {
      expect(names).toContain(`docs/rules/${f}.md`);
    }
  });

  it("leave out the repository's own rules files (kalah.md, oware.md): those are no copies", () => {
    const names = COPIES.map(([mine]) => mine);
    for (const f of OWN_RULES) {
      expect(existsSync(join(root, "docs/rules", f)), f).toBe(true);
      expect(names).not.toContain(`docs/rules/${f}`);
      // A file of the same name in the specification would be a copy that is not checked.
      if (existsSync(shared)) expect(existsSync(join(shared, "rules", f)), f).toBe(false);
    }
  });

  it("are unchanged since copied (docs/copies.sha256), and equal ../shared where it is", () => {
    const digests = recorded();
    expect([...digests.keys()].sort()).toEqual(COPIES.map(([mine]) => mine).sort());
    for (const [mine] of COPIES) {
      expect(digest(join(root, mine)), `${mine} was edited: the copy must stay exact`).toBe(
        digests.get(mine),
      );
    }
    if (!existsSync(shared)) return;
    for (const [mine, theirs] of COPIES) {
      expect(
        readFileSync(join(root, mine), "utf8"),
        `${mine} differs from ../shared/${theirs}: npm run copy-spec`,
      ).toBe(readFileSync(join(shared, theirs), "utf8"));
    }
    // Every rules file of the specification is copied.
    for (const f of readdirSync(join(shared, "rules"))) {
      expect(COPIES.map(([, t]) => t)).toContain(`rules/${f}`);
    }
  });
});
