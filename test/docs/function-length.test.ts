/**
 * No function in src is over MAX_LINES lines: every function-like node with
 * a body (declarations, methods, constructors, accessors, function
 * expressions, arrow functions) in every .ts file under src, measured with
 * the TypeScript compiler API from its first token (after any comment) to
 * its closing brace. A function's length includes the functions nested in it, so a long
 * callback makes the function that passes it long too. A failure lists every
 * function over the limit, longest first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MAX_LINES = 120;
const SRC = fileURLToPath(new URL("../../src", import.meta.url));

interface FunctionLength {
  /** `file:line name`, the line where the function starts. */
  readonly where: string;
  readonly lines: number;
}

type WithBody = ts.FunctionLikeDeclaration & { readonly body: ts.Node };

function hasBody(node: ts.Node): node is WithBody {
  return (
    (ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node)) &&
    node.body !== undefined
  );
}

/** A readable name: `parseBoardFrame`, `BoardSession.handle`, `(arrow in runPlay)`. */
function nameOf(node: WithBody, sf: ts.SourceFile): string {
  const own = node.name?.getText(sf) ?? (ts.isConstructorDeclaration(node) ? "constructor" : null);
  const parent = node.parent;
  if (own !== null) {
    return ts.isClassLike(parent) ? `${parent.name?.getText(sf) ?? "(class)"}.${own}` : own;
  }
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(sf);
  }
  let outer: ts.Node | undefined = parent;
  while (outer !== undefined && !hasBody(outer)) outer = outer.parent;
  return `(${ts.isArrowFunction(node) ? "arrow" : "function"} in ${outer === undefined ? "module" : nameOf(outer, sf)})`;
}

/** Every function with a body in `text`, with its length in lines. */
function functionLengths(fileName: string, text: string): FunctionLength[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true);
  const found: FunctionLength[] = [];
  const visit = (node: ts.Node): void => {
    if (hasBody(node)) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({
        where: `${fileName}:${first + 1} ${nameOf(node, sf)}`,
        lines: last - first + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .sort();
}

describe("function length", () => {
  it("measures every kind of function from its first token to its closing brace", () => {
    const text = [
      "/** doc */", // 1
      "export function f(): number {", // 2
      "  const g = (x: number) => {", // 3
      "    return x;", // 4
      "  };", // 5
      "  return g(1);", // 6
      "}", // 7
      "class C {", // 8
      "  constructor() {}", // 9
      "  get v(): number { return 1; }", // 10
      "  m(): void {", // 11
      "    [1].map(function (y) {", // 12
      "      return y;", // 13
      "    });", // 14
      "  }", // 15
      "}", // 16
      "const o = { h: () => 1 };", // 17
      "declare function d(): void;", // 18: no body, not counted
    ].join("\n");
    expect(functionLengths("x.ts", text)).toEqual([
      { where: "x.ts:2 f", lines: 6 },
      { where: "x.ts:3 g", lines: 3 },
      { where: "x.ts:9 C.constructor", lines: 1 },
      { where: "x.ts:10 C.v", lines: 1 },
      { where: "x.ts:11 C.m", lines: 5 },
      { where: "x.ts:12 (function in C.m)", lines: 3 },
      { where: "x.ts:17 h", lines: 1 },
    ]);
  });

  it(`no function in src is over ${MAX_LINES} lines`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(50);
    const measured = files.flatMap((f) =>
      functionLengths(`src/${f}`, readFileSync(join(SRC, f), "utf8")),
    );
    const long = measured
      .filter((m) => m.lines > MAX_LINES)
      .sort((a, b) => b.lines - a.lines)
      .map((m) => `${m.where}: ${m.lines} lines`);
    expect(long, `functions over ${MAX_LINES} lines; split them`).toEqual([]);
  });
});
