/**
 * Issue 10: the controller knows no game and no board. No string literal in
 * the code of src/controller (comments aside, where examples are welcome) is
 * a game id or a geometry token: what differs between games comes through
 * the `Game` contract (its layout, rule book, sensor steps), so adding a game
 * or a board touches no file of src/controller.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { games } from "../../src/games/index.js";
import { GEOMETRIES } from "../../src/protocol/index.js";

const DIR = "src/controller";

/** The source without its comments (block, JSDoc and line comments). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** Every string literal's text ('…', "…", `…` without interpolation). */
function literals(text: string): string[] {
  return [...text.matchAll(/(["'`])((?:\\.|(?!\1)[^\\\n])*)\1/g)].map((m) => m[2]!);
}

describe("the controller is game- and board-agnostic", () => {
  const forbidden = new Set<string>([...games.map((g) => g.id), ...Object.keys(GEOMETRIES)]);

  it("knows what to look for (every game id and geometry)", () => {
    expect(forbidden.has("abalone")).toBe(true);
    expect(forbidden.has("4x8")).toBe(true);
    expect(literals(code('const a = "abalone"; // "hus"\n/* "4x8" */'))).toEqual(["abalone"]);
  });

  it("no game id or geometry token as a literal in src/controller", () => {
    const found: string[] = [];
    for (const file of readdirSync(DIR).filter((f) => f.endsWith(".ts"))) {
      for (const s of literals(code(readFileSync(join(DIR, file), "utf8")))) {
        if (forbidden.has(s)) found.push(`${file}: "${s}"`);
      }
    }
    expect(found).toEqual([]);
  });
});
