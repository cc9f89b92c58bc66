// `npm run copy-spec`: copies the project's specification (../shared/rules and
// ../shared/spec/engine-protocol.md) into docs/ and records each copy's SHA-256 in
// docs/copies.sha256, the digests test/docs/shared-copies.test.ts checks in every run,
// also where ../shared is not beside the repository (a fresh clone, a user's machine).
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = new URL("../..", import.meta.url).pathname;
const shared = join(root, "..", "shared");

/**
 * The rules files that are the repository's own, not copies of ../shared/rules
 * (written for issue 31's games on the 2x6+2 board): never copied, never
 * byte-checked, and never to be found under ../shared/rules.
 */
export const OWN_RULES: readonly string[] = ["kalah.md", "oware.md"];

/** [copy in docs/, original under ../shared], the same list the test reads. */
export function copies(from = join(root, "docs/rules")): [string, string][] {
  return [
    ["docs/spec/engine-protocol.md", "spec/engine-protocol.md"],
    ...readdirSync(from)
      .filter((f) => f.endsWith(".md") && !OWN_RULES.includes(f))
      .sort()
      .map((f): [string, string] => [`docs/rules/${f}`, `rules/${f}`]),
  ];
}

export function digest(path: string): string {
  return createHash("sha256").update(readFileSync(path)).digest("hex");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(shared)) {
    process.stderr.write(`copy-spec: no specification at ${shared}; nothing copied\n`);
    process.exit(2);
  }
  const list = copies(join(shared, "rules"));
  const lines: string[] = [];
  for (const [mine, theirs] of list) {
    copyFileSync(join(shared, theirs), join(root, mine));
    lines.push(`${digest(join(root, mine))}  ${mine}`);
  }
  writeFileSync(join(root, "docs/copies.sha256"), `${lines.join("\n")}\n`);
  process.stdout.write(`copied ${list.length} files; digests in docs/copies.sha256\n`);
}
