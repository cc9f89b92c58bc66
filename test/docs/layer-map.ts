/**
 * The layer map of docs/architecture.md, generated from what ESLint enforces
 * (eslint.config.js: `LAYERS`, `TYPES_ONLY`, `PURE`) and from the imports the
 * source really has: `npm run docs:layers` writes it between the page's
 * `layers:begin` / `layers:end` marks, and test/docs/layer-map.test.ts fails
 * when the page and the code differ.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { LAYERS, PURE, TYPES_ONLY } from "../../eslint.config.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const PAGE = join(ROOT, "docs/architecture.md");
const BEGIN = "<!-- layers:begin (npm run docs:layers writes this table) -->";
const END = "<!-- layers:end -->";

const layers = LAYERS;
const typesOnly = TYPES_ONLY;
const pure = PURE;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** For each layer, the other layers its source imports today (type-only imports included). */
export function importsInSource(): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const layer of Object.keys(layers)) {
    const used = new Set<string>();
    for (const file of files(join(ROOT, "src", layer))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
        const target = relative(join(ROOT, "src"), join(file, "..", m[1]!)).split(sep)[0];
        if (target !== undefined && target !== layer && target in layers) used.add(target);
      }
    }
    found.set(layer, used);
  }
  return found;
}

/** The table: each layer, whether it is pure, what it may import, and what it does import. */
export function layerTable(): string {
  const used = importsInSource();
  const rows = Object.keys(layers).map((layer) => {
    const may = [...(layers[layer] ?? [])].sort();
    const types = [...(typesOnly[layer] ?? [])].sort();
    const does = [...(used.get(layer) ?? [])].sort();
    const list = (xs: readonly string[]) =>
      xs.length === 0 ? "—" : xs.map((x) => `\`${x}\``).join(", ");
    return `| \`${layer}\` | ${pure.includes(layer) ? "yes" : "no"} | ${list(may)}${types.length > 0 ? `; types only: ${list(types)}` : ""} | ${list(does)} |`;
  });
  return [
    BEGIN,
    "",
    "| layer | pure | may import (ESLint) | imports today |",
    "| --- | --- | --- | --- |",
    ...rows,
    "",
    END,
  ].join("\n");
}

/** A table's rows as trimmed cells (the separator row left out): formatting aside. */
export function cells(table: string): string[][] {
  return table
    .split("\n")
    .filter((l) => l.startsWith("|") && !/^\|[\s|:-]+\|$/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split("|")
        .map((c) => c.trim()),
    );
}

/** The page's table as written now, or null without the marks. */
export function tableInPage(text = readFileSync(PAGE, "utf8")): string | null {
  const a = text.indexOf(BEGIN);
  const b = text.indexOf(END);
  return a < 0 || b < a ? null : text.slice(a, b + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = readFileSync(PAGE, "utf8");
  const now = tableInPage(text);
  if (now === null) {
    process.stderr.write(`docs:layers: ${PAGE} has no ${BEGIN} … ${END} marks\n`);
    process.exit(2);
  }
  const { format } = await import("prettier");
  writeFileSync(PAGE, await format(text.replace(now, layerTable()), { parser: "markdown" }));
  process.stdout.write("docs/architecture.md: layer table written\n");
}
