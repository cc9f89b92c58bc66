// Every example line in PROTOCOL.md (lines starting "> " or "< " inside code
// blocks) must be a valid line in its direction: the document is the contract.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseBoardLine, parseHostLine, withChecksum } from "../../src/protocol/index.js";

const doc = readFileSync(new URL("../../firmware-protocol/PROTOCOL.md", import.meta.url), "utf8");

function exampleLines(): string[] {
  const lines: string[] = [];
  let inBlock = false;
  for (const line of doc.split("\n")) {
    if (line.startsWith("```")) inBlock = !inBlock;
    else if (inBlock && /^[<>] /.test(line)) lines.push(line);
  }
  return lines;
}

describe("PROTOCOL.md examples", () => {
  const lines = exampleLines();

  it("has examples of both directions", () => {
    expect(lines.filter((l) => l.startsWith(">")).length).toBeGreaterThan(10);
    expect(lines.filter((l) => l.startsWith("<")).length).toBeGreaterThan(10);
  });

  it.each(lines)("%s", (line) => {
    const text = line.slice(2);
    const result = line.startsWith(">") ? parseHostLine(text) : parseBoardLine(text);
    expect(result).toMatchObject({ ok: true });
  });

  it("states the worked checksum example correctly", () => {
    expect(doc).toContain("`03 PING*D7`");
    expect(withChecksum("03 PING")).toBe("03 PING*D7");
  });
});
