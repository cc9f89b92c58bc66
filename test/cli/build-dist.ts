/**
 * Keeps dist/ what src/ says now, so that a test that spawns `kete`
 * (dist/cli/main.js) or imports from dist/ never runs an old build.
 *
 * vitest runs `setup` once before any test (vitest.config.ts `globalSetup`),
 * so a bare `npx vitest run` is as safe as `npm test`; `ensureBuilt`
 * (test/cli/run.ts) runs the same check again before a suite spawns `kete`,
 * which catches a source saved while the tests run.
 *
 * A file is rebuilt when its output is missing or older than the source or
 * a tsconfig; an output whose source is gone is removed (a stale module must
 * not keep a broken import working). Each file is compiled on its own with
 * `ts.transpileModule` and the options of tsconfig.build.json: the project
 * compiles file by file (`isolatedModules`, `verbatimModuleSyntax`), and the
 * output is byte for byte what `tsc -p tsconfig.build.json` writes. Types are
 * not checked here; `npm test` runs `tsc --noEmit` for that, and a type error
 * elsewhere in the tree must not stop the CLI tests from running the source.
 *
 * Every write is a rename of a complete file, so another test run reading
 * dist/ at the same moment sees the old file or the new one, never half of one.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type * as TypeScript from "typescript";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");
const CONFIGS = ["tsconfig.json", "tsconfig.build.json"].map((f) => join(ROOT, f));

export interface BuildReport {
  /** Sources compiled, relative to src/. */
  readonly compiled: readonly string[];
  /** Outputs removed because their source is gone, relative to dist/. */
  readonly removed: readonly string[];
  readonly ms: number;
}

/** Brings dist/ up to date with src/ (see the file comment); cheap when it already is. */
export function buildDist(): BuildReport {
  const started = performance.now();
  const sources = tsFiles(SRC);
  const since = Math.max(...CONFIGS.map(mtime));
  const stale = sources.filter((f) => {
    const out = mtime(join(DIST, jsName(f)));
    return out < since || out < mtime(join(SRC, f));
  });
  if (stale.length > 0) compile(stale);
  const removed = orphans(new Set(sources));
  for (const f of removed) rmSync(join(DIST, f), { force: true });
  return { compiled: stale, removed, ms: performance.now() - started };
}

/** vitest `globalSetup`: once before any test. */
export function setup(): void {
  const report = buildDist();
  if (report.compiled.length + report.removed.length > 0) {
    console.log(
      `dist: ${report.compiled.length} compiled, ${report.removed.length} removed (${Math.round(report.ms)} ms)`,
    );
  }
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .sort();
}

function jsName(source: string): string {
  return source.replace(/\.ts$/, ".js");
}

/** Modification time in ms; -1 for a file that is not there. */
function mtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** dist/ outputs (`x.js`, `x.js.map`) whose `src/x.ts` no longer exists. */
function orphans(sources: ReadonlySet<string>): string[] {
  if (!existsSync(DIST)) return [];
  return readdirSync(DIST, { recursive: true, encoding: "utf8" }).filter((f) => {
    const m = /^(.*)\.js(\.map)?$/.exec(f);
    return m !== null && !sources.has(`${m[1]}.ts`);
  });
}

function compile(files: readonly string[]): void {
  const require = createRequire(import.meta.url);
  const ts = require("typescript") as typeof TypeScript;
  const options = buildOptions(ts);
  for (const f of files) {
    const fileName = join(SRC, f);
    const out = ts.transpileModule(readFileSync(fileName, "utf8"), {
      compilerOptions: options,
      fileName,
    });
    const js = join(DIST, jsName(f));
    writeWhole(js, out.outputText);
    if (out.sourceMapText !== undefined) writeWhole(`${js}.map`, out.sourceMapText);
  }
}

/**
 * tsconfig.build.json's options. transpileModule sees one file and not
 * package.json's `"type": "module"`, so under `NodeNext` it would write
 * CommonJS; every file here is an ES module, which `ESNext` writes as `tsc` does.
 */
function buildOptions(ts: typeof TypeScript): TypeScript.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, "tsconfig.build.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (parsed === undefined) throw new Error("cannot read tsconfig.build.json");
  return {
    ...parsed.options,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  };
}

function writeWhole(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
