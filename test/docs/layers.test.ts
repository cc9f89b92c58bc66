/**
 * The layering of "How it is built" is enforced by ESLint (eslint.config.js):
 * these tests lint small sources as if they sat in a layer, so a rule that
 * stopped firing would fail here, not go unnoticed.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ""}: ${m.message}`);
}

describe("layer rules", () => {
  it("refuses an upward import (games → controller)", async () => {
    const out = await problems(
      "src/games/probe.ts",
      'import { Controller } from "../controller/index.js";\nexport const c = Controller;\n',
    );
    expect(out.join("\n")).toMatch(/games is inside the layers it would import from/);
  });

  it("refuses Node built-ins in a pure layer (controller → node:fs)", async () => {
    const out = await problems(
      "src/controller/probe.ts",
      'import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n',
    );
    expect(out.join("\n")).toMatch(/controller is pure/);
  });

  it("refuses a deep import into another layer (cli → controller/machine.js)", async () => {
    const out = await problems(
      "src/cli/probe.ts",
      'import { controllerMachine } from "../controller/machine.js";\nexport const m = controllerMachine;\n',
    );
    expect(out.join("\n")).toMatch(/through its index module/);
  });

  it("allows board to use the games' types only", async () => {
    const typeOnly = await problems(
      "src/board/probe.ts",
      'import type { Trace } from "../games/index.js";\nexport type T = Trace;\n',
    );
    expect(typeOnly).toEqual([]);
    const value = await problems(
      "src/board/probe.ts",
      'import { games } from "../games/index.js";\nexport const g = games;\n',
    );
    expect(value.join("\n")).toMatch(/board may use games for types only/);
  });

  it("accepts an inward import through an index module (controller → games)", async () => {
    const out = await problems(
      "src/controller/probe.ts",
      'import { findGame } from "../games/index.js";\nexport const f = findGame;\n',
    );
    expect(out).toEqual([]);
  });
});
