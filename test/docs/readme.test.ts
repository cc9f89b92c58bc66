/**
 * The README's and docs pages' examples are runnable: every `$ … | npx kete engine` line in a
 * ```sh block is run against the CLI built from the current source and must
 * print exactly the lines that follow it in the block.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { MAIN, ensureBuilt } from "../cli/run.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
/** The pages whose `| npx kete engine` examples are run: the README and every docs page. */
const docsDir = new URL("../../docs/", import.meta.url);
const pages = [
  readme,
  ...readdirSync(docsDir)
    .filter((f) => f.endsWith(".md"))
    .map((f) => readFileSync(new URL(f, docsDir), "utf8")),
];

beforeAll(ensureBuilt);

interface Example {
  readonly input: string;
  readonly expected: string[];
}

function engineExamples(text: string): Example[] {
  const examples: Example[] = [];
  for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
    const lines = block[1].trimEnd().split("\n");
    lines.forEach((line, i) => {
      const m = /^\$ (?:printf '%s\\n' |echo )'(.*)' \| npx kete engine$/.exec(line);
      if (!m) return;
      const rest = lines.slice(i + 1);
      const end = rest.findIndex((l) => l.startsWith("$ "));
      examples.push({ input: m[1], expected: end < 0 ? rest : rest.slice(0, end) });
    });
  }
  return examples;
}

describe("README", () => {
  const examples = pages.flatMap((page) => engineExamples(page));

  it("shows engine examples", () => {
    expect(examples.length).toBeGreaterThanOrEqual(2);
  });

  for (const example of examples) {
    it(`prints what it shows for ${example.input.slice(0, 60)}…`, () => {
      const out = execFileSync(process.execPath, [MAIN, "engine"], {
        input: `${example.input}\n`,
        encoding: "utf8",
      });
      expect(out.trimEnd().split("\n")).toEqual(example.expected);
    });
  }

  it("opens with the two commands: run the main job, run the tests", () => {
    const first = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    expect(first).toMatch(/npm ci && npm start/);
    expect(first).toMatch(/npm ci && npm test/);
  });
});
