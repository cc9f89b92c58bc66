/**
 * Every relative link in the repository's documents resolves (issue 32): the
 * README points a newcomer to docs/, and a moved or renamed page must not
 * leave a dead link behind. A link's `#anchor` must name a heading of its
 * page, as GitHub spells heading anchors.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = new URL("../..", import.meta.url).pathname;
const SKIP = new Set(["node_modules", ".git", "dist", "test-artifacts", "build", "build-ide"]);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");
}

function anchors(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of text.split("\n")) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (m === null) continue;
    const base = anchorOf(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Relative link targets of a markdown file (code blocks and inline code left out). */
function links(file: string): string[] {
  const text = readFileSync(file, "utf8")
    .replace(/```[\s\S]*?```/g, "")
    .replace(/`[^`\n]*`/g, "");
  const out: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!;
    if (/^(https?:|mailto:)/.test(target)) continue;
    out.push(target);
  }
  return out;
}

const files = markdownFiles(ROOT);

describe("the documents' links", () => {
  it("finds the README and the docs pages", () => {
    const names = files.map((f) => relative(ROOT, f));
    for (const page of ["README.md", "docs/README.md", "docs/playing.md", "docs/board.md"]) {
      expect(names).toContain(page);
    }
  });

  it("the README stays a five-minute read (at most ~250 lines)", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(
      250,
    );
  });

  it("every docs page is linked from docs/README.md", () => {
    const index = readFileSync(join(ROOT, "docs/README.md"), "utf8");
    for (const f of readdirSync(join(ROOT, "docs")).filter((n) => n.endsWith(".md"))) {
      if (f !== "README.md") expect(index, f).toContain(`](${f})`);
    }
  });

  it.each(files.map((f) => relative(ROOT, f)))("%s: every relative link resolves", (name) => {
    const file = join(ROOT, name);
    const dead: string[] = [];
    for (const target of links(file)) {
      const [path, anchor] = target.split("#") as [string, string | undefined];
      const to = path === "" ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(to)) {
        dead.push(`${target} (no ${relative(ROOT, to)})`);
        continue;
      }
      if (anchor !== undefined && anchor !== "" && to.endsWith(".md")) {
        if (!anchors(to).has(anchor)) dead.push(`${target} (no heading #${anchor})`);
      }
    }
    expect(dead).toEqual([]);
  });
});
