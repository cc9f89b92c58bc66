/**
 * Issue 31: each layer's errors carry its own union of codes
 * (docs/architecture.md, "Errors"). The `@ts-expect-error` lines below are
 * checked by `tsc` (the tests are in tsconfig.json): were a layer's error
 * type to accept any code again, the directive would be unused and the type
 * check would fail. The lint rule that keeps every `Result` in src naming
 * its error type is probed as test/docs/layers.test.ts probes the layers.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import type { LinkError, HandError } from "../../src/board/index.js";
import type { CliError } from "../../src/cli/errors.js";
import type { EngineErrorCode } from "../../src/engine/index.js";
import type { GameError } from "../../src/games/index.js";
import type { JournalError } from "../../src/journal/index.js";
import type { ParseError } from "../../src/protocol/index.js";
import type { SearchError } from "../../src/search/index.js";
import { err, type Result } from "../../src/shared/index.js";

describe("each layer's error codes", () => {
  it("are refused by the compiler when a layer does not list them", () => {
    // @ts-expect-error — a misspelt code is no GameErrorCode
    const typo: Result<number, GameError> = err("bad-posiiton", "a typo");
    // @ts-expect-error — the protocol's parse codes do not include the games'
    const notALineError: Result<number, ParseError> = err("illegal-move", "not a line");
    // @ts-expect-error — the board's NAK codes are nak-<reason> (PROTOCOL.md), not a bare nak
    const bareNak: Result<number, LinkError> = err("nak", "refused");
    // @ts-expect-error — a journal has no `no-move`
    const searchCode: Result<number, JournalError> = err("no-move", "a search code");
    const refused = [typo, notALineError, bareNak, searchCode];
    const accepted: [
      Result<number, GameError>,
      Result<number, ParseError>,
      Result<number, LinkError>,
      Result<number, HandError>,
      Result<number, JournalError>,
      Result<number, SearchError>,
      Result<number, CliError>,
    ] = [
      err("bad-position", "GB-1"),
      err("bad-checksum", "§3"),
      err("nak-busy", "busy"),
      err("empty-pit", "no stone"),
      err("journal-locked", "another kete"),
      err("no-move", "none"),
      err("journal-locked", "passed on"),
    ];
    const engine: EngineErrorCode[] = ["bad-request", "illegal-move", "no-move"];
    expect([...refused, ...accepted].every((r) => !r.ok)).toBe(true);
    expect(engine).toHaveLength(3);
  });
});

describe("the lint rule on Result in src", () => {
  const eslint = new ESLint();
  const problems = async (code: string): Promise<string[]> => {
    const [result] = await eslint.lintText(code, { filePath: "src/games/probe.ts" });
    return (result?.messages ?? []).map((m) => `${m.ruleId ?? ""}: ${m.message}`);
  };

  it("refuses a Result that does not name its error type", async () => {
    const out = await problems(
      'import type { Result } from "../shared/index.js";\nexport type R = Result<number>;\n',
    );
    expect(out.join("\n")).toMatch(/name the error type/);
  });

  it("accepts one that does", async () => {
    const out = await problems(
      'import type { Result } from "../shared/index.js";\nimport type { GameError } from "./core/errors.js";\nexport type R = Result<number, GameError>;\n',
    );
    expect(out).toEqual([]);
  });
});
