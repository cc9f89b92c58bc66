/** The lines `kete play` says: set-up needs, run-length by row. */
import { describe, expect, it } from "vitest";
import { boardMessage, controllerMessage, needsText } from "../../src/cli/play/messages.js";

const players = { S: "Ana", N: "Ben" };

describe("set-up lines", () => {
  it("runs of one row needing the same are joined; single pits and changes of need stand alone", () => {
    const needs = [
      ...["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8"].map((pit) => ({ pit, need: 2 })),
      { pit: "B1", need: 2 },
      { pit: "B3", need: 2 },
      { pit: "B4", need: -1 },
      { pit: "B5", need: -1 },
      { pit: "cup", need: 1 },
    ];
    expect(needsText(needs)).toBe("A1–A8 +2, B1 +2, B3 +2, B4–B5 -1, cup +1");
  });

  it("a set-up event with needs tells what to do; without, that the board is set up", () => {
    expect(
      controllerMessage({ type: "setup", needs: [{ pit: "C4", need: -2 }], at: 0 }, players, 0),
    ).toBe("set up the board: C4 -2 (+ add stones, - take away)");
    expect(controllerMessage({ type: "setup", needs: [], at: 0 }, players, 0)).toBe("board set up");
  });
});

describe("board lines", () => {
  it("line noise (PROTOCOL.md §6.3, 1.4) is said once per burst, as noise, not as a lost board", () => {
    const said = boardMessage({
      type: "line-error",
      code: "line-noise",
      message:
        "line noise: the board is talking but its answer to SNAP was lost 4 times; asking again",
    });
    expect(said).toMatch(/^line noise: .*kete keeps asking/);
    expect(said).not.toMatch(/link lost/);
    expect(boardMessage({ type: "line-error", code: "bad-checksum", message: "x" })).toBeNull();
  });
});
