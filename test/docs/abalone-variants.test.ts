/**
 * docs/games.md's "Abalone variants" table is the engine's: each row's example
 * command gives options the engine takes, its perft counts (depths 1–3) are
 * `game.perft` from that start, and its "at the board" column says "refused"
 * exactly where `kete play` refuses the variant (`Game.notAtBoard`).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseOptionAssignments } from "../../src/cli/options.js";
import { findGame } from "../../src/games/index.js";
import { parseCount } from "./perft-table.js";

const readme = readFileSync(new URL("../../docs/games.md", import.meta.url), "utf8");

interface Row {
  readonly variant: string;
  readonly options: string[];
  readonly counts: number[];
  readonly refused: boolean;
}

function rows(): Row[] {
  const at = readme.indexOf("\n### Abalone variants");
  if (at < 0) throw new Error('docs/games.md: no "### Abalone variants" section');
  const lines = readme.slice(at).split("\n");
  const table = lines.slice(lines.findIndex((l) => l.startsWith("| variant")));
  const body = table.slice(
    2,
    table.findIndex((l) => !l.startsWith("|")),
  );
  return body.map((line) => {
    const [variant = "", example = "", perft = "", board = ""] = line.split("|").slice(1);
    const options = [...example.matchAll(/--option '?([^' `]+)'?/g)].map((m) => m[1] as string);
    const counts = perft.split("·").map((c) => parseCount(c));
    if (counts.some((c) => c === null)) throw new Error(`README variants: bad counts in ${line}`);
    return {
      variant: variant.trim(),
      options,
      counts: counts as number[],
      refused: board.trim().startsWith("refused"),
    };
  });
}

describe("docs/games.md, Abalone variants", () => {
  const abalone = findGame("abalone")!;
  const table = rows();

  it("lists every AB-9 variant with an example command", () => {
    for (const rule of ["AB-9.1", "AB-9.2", "AB-9.3", "AB-9.4", "AB-9.5", "AB-9.6", "AB-9.7"]) {
      expect(
        table.some((r) => r.variant.includes(rule)),
        rule,
      ).toBe(true);
    }
    for (const r of table) expect(r.options.length, r.variant).toBeGreaterThan(0);
  });

  for (const r of table) {
    it(`${r.variant}: ${r.options.join(" ")} gives perft ${r.counts.join(" · ")}`, () => {
      const options = parseOptionAssignments(abalone, r.options);
      if (!options.ok) throw new Error(options.error.message);
      const start = abalone.initial(options.value);
      if (!start.ok) throw new Error(start.error.message);
      expect(r.counts.map((_, i) => abalone.perft(start.value, i + 1))).toEqual(r.counts);
      expect((abalone.notAtBoard?.(start.value) ?? null) !== null, "at the board").toBe(r.refused);
    });
  }
});
