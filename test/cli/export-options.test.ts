/**
 * `kete export`'s Options tag reads back through `--option` (issue 32):
 * Abalone's pushOffsToWin and leaveOut were written `{'b':6,'w':6}`, which
 * `--option` refused.
 */
import { describe, expect, it } from "vitest";
import { parseOptionAssignments, relaxedJson } from "../../src/cli/options.js";
import { findGame } from "../../src/games/index.js";
import { exportGame, exportText, type Journal } from "../../src/journal/index.js";

const abalone = findGame("abalone")!;

function journalWith(options: Record<string, unknown>): Journal {
  const start = abalone.initial(options as never);
  if (!start.ok) throw new Error(start.error.message);
  return {
    header: {
      kind: "header",
      format: "kete-journal",
      version: 1,
      gameId: "t1",
      game: "abalone",
      options: { ...start.value.options },
      initial: abalone.positionToJSON(start.value),
      players: { b: "Ana", w: "Ben" },
      board: { id: "sim", geometry: "hex61", simulated: true },
      settings: { onMistake: "retry", guidance: true },
      startedAt: "2026-11-22T01:34:05.000Z",
    },
    records: [],
    torn: false,
  };
}

/** The `name=value` words of the exported Options tag. */
function exportedOptions(j: Journal): string[] {
  const text = exportText(exportGame(j, abalone.layout.sideNames));
  const tag = /^\[Options "(.*)"\]$/m.exec(text);
  if (tag === null) throw new Error(`no Options tag in ${text}`);
  return tag[1]!.split(" ").filter((w) => w.length > 0);
}

describe("the Options tag round trip (issue 32)", () => {
  it("Abalone's options, tables and lists included, read back as they were", () => {
    for (const options of [
      {},
      { pushOffsToWin: { b: 5, w: 4 } },
      { pushOffsToWin: { b: 3, w: 6 }, moveLimit: 50, leaveOut: ["A1", "I9"] },
    ]) {
      const j = journalWith(options);
      const words = exportedOptions(j);
      expect(words.join(" ")).not.toMatch(/['"]/);
      const back = parseOptionAssignments(abalone, words);
      if (!back.ok) throw new Error(back.error.message);
      expect(back.value).toEqual(j.header.options);
    }
    expect(exportedOptions(journalWith({ pushOffsToWin: { b: 5, w: 4 } }))).toContain(
      "pushOffsToWin={b:5,w:4}",
    );
  });

  it("--option takes JSON, the bare form, and single quotes", () => {
    expect(relaxedJson('{"b":5,"w":4}')).toEqual({ b: 5, w: 4 });
    expect(relaxedJson("{b:5,w:4}")).toEqual({ b: 5, w: 4 });
    expect(relaxedJson("{'b':5,'w':4}")).toEqual({ b: 5, w: 4 });
    expect(relaxedJson("[A1, I9]")).toEqual(["A1", "I9"]);
    expect(relaxedJson("{b:true,w:null}")).toEqual({ b: true, w: null });
    expect(relaxedJson("{b:")).toBeUndefined();
    const bad = parseOptionAssignments(abalone, ["pushOffsToWin={b:9,w:6}"]);
    expect(bad.ok).toBe(false);
  });
});
