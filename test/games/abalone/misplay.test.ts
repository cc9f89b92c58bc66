/**
 * Abalone's misplays (misplay.ts, `Game.misplay`): a settled board that no
 * legal move reaches is read as the push a player made and named by the rule
 * it breaks — one case per rule the file comment lists, plain (AB-2 … AB-5)
 * and under AB-9's options (AB-9.2, AB-9.4 … AB-9.7).
 */
import { describe, expect, it } from "vitest";
import { readingIndex } from "../../../src/shared/index.js";
import { ab, at, variantPosition } from "./helpers.js";
import type { AbalonePosition } from "../../../src/games/abalone/index.js";

const INDEX = readingIndex("hex61");
const LETTERS = ["b", "w", "n", "x"] as const;

/** The settled readings of `p` with `edits` made by hand (`{ C1: "e", C5: "b" }`; e empties a hole). */
function board(p: AbalonePosition, edits: Record<string, string>): number[] {
  const counts = [...ab.sensorView(p).counts].map((c) => c ?? 0);
  for (const [hole, letter] of Object.entries(edits)) {
    for (const l of LETTERS) counts[INDEX.get(`${hole}:${l}`) as number] = 0;
    if (letter !== "e") counts[INDEX.get(`${hole}:${letter}`) as number] = 1;
  }
  return counts;
}

function named(
  p: AbalonePosition,
  edits: Record<string, string>,
): { rule: string; message: string } {
  const m = ab.misplay(p, board(p, edits));
  if (m === null) throw new Error(`no misplay for ${JSON.stringify(edits)}`);
  return { rule: m.rule, message: m.message };
}

describe("plain Abalone's misplays", () => {
  it("the board as it stands is no misplay", () => {
    const p = at("C1 C2 C3", "G5");
    expect(ab.misplay(p, board(p, {}))).toBeNull();
  });

  it("a line of four moved as one (AB-2)", () => {
    const m = named(at("C1 C2 C3 C4", "G5"), { C1: "e", C5: "b" });
    expect(m.rule).toBe("AB-2");
    expect(m.message).toMatch(/line of four or more black marbles moved from C1/);
  });

  it("an own marble pushed over the edge (AB-3)", () => {
    const m = named(at("B1 A1", "G5"), { B1: "e", A1: "b" });
    expect(m.rule).toBe("AB-3");
    expect(m.message).toMatch(/black marble pushed off the board/);
  });

  it("two pushing two (AB-5: the pushing line must outnumber)", () => {
    const p = at("E3 E4", "E5 E6");
    const m = named(p, { E3: "e", E5: "b", E7: "w" });
    expect(m.rule).toBe("AB-5");
    expect(m.message).toMatch(/must outnumber/);
  });

  it("a push blocked by an own marble behind the opponent's (AB-5)", () => {
    const p = at("E3 E4 E5 E7", "E6");
    const m = named(p, { E3: "e", E6: "b", E7: "w", E8: "b" });
    expect(m.rule).toBe("AB-5");
    expect(m.message).toMatch(/blocks the push/);
  });

  it("a broadside move into an occupied hole (AB-4)", () => {
    const p = at("C3 C4", "D4");
    const m = named(p, { C3: "e", C4: "e", D3: "b", D4: "b", E4: "w" });
    expect(m.rule).toBe("AB-4");
    expect(m.message).toMatch(/moved sideways into an occupied hole/);
  });

  it("the side not to move moved (AB-2)", () => {
    const m = named(at("C3", "G5"), { G5: "e", F5: "w" });
    expect(m.rule).toBe("AB-2");
    expect(m.message).toMatch(/Black's turn, but White moved/);
  });

  it("a marble gone with no push (AB-2: no legal move changes the board so)", () => {
    const m = named(at("C3 C4", "G5"), { C3: "e" });
    expect(m.rule).toBe("AB-2");
    expect(m.message).toMatch(/C3 changed as no legal move of Black/);
  });
});

describe("the misplays of AB-9's variants", () => {
  it("a marble onto an obstacle (AB-9.4)", () => {
    const p = variantPosition({ D5: "b" }, { obstacles: ["E5"] });
    const m = named(p, { D5: "e", E5: "b" });
    expect(m.rule).toBe("AB-9.4");
    expect(m.message).toMatch(/onto the obstacle E5/);
  });

  it("an own marble into a trap (AB-9.5)", () => {
    const p = variantPosition({ D5: "b" }, { traps: ["E5"] });
    const m = named(p, { D5: "e", E5: "b" });
    expect(m.rule).toBe("AB-9.5");
    expect(m.message).toMatch(/stands in the trap E5/);
  });

  it("the neutral marble moved by a hand (AB-9.6)", () => {
    const p = variantPosition({ D1: "b", E5: "n" }, { neutral: "E5" });
    const m = named(p, { E5: "e", E6: "n" });
    expect(m.rule).toBe("AB-9.6");
    expect(m.message).toMatch(/neutral marble moved from E5 to E6/);
  });

  it("the neutral marble pushed out while neutralOff is forbidden (AB-9.6)", () => {
    const p = variantPosition({ E7: "b", E8: "b", E9: "n" }, { neutral: "E5" });
    const m = named(p, { E7: "e", E9: "b" });
    expect(m.rule).toBe("AB-9.6");
    expect(m.message).toMatch(/neutral/);
  });

  it("a shield that pushed (AB-9.7: a shield never pushes)", () => {
    const p = variantPosition({ C3: "b", C4: "b", D4: "b", E4: "w" }, { shapes: true });
    const m = named(p, { C3: "e", C4: "e", D3: "b", D4: "b", E4: "b", F4: "w" });
    expect(m.rule).toBe("AB-9.7");
    expect(m.message).toMatch(/shield C3 C4 D4 moved and pushed/);
    // Without the option the same board is no shield: read as what it is under plain rules.
    const plain = variantPosition({ C3: "b", C4: "b", D4: "b", E4: "w" }, {});
    expect(
      ab.misplay(plain, board(plain, { C3: "e", C4: "e", D3: "b", D4: "b", E4: "b", F4: "w" }))
        ?.rule,
    ).not.toBe("AB-9.7");
  });

  it("one colour: a line of six moved, three pushing three (AB-9.2, AB-5 with 'opponent' read as 'any')", () => {
    const six = { E2: "x", E3: "x", E4: "x", E5: "x", E6: "x", E7: "x" };
    const p = variantPosition(six, { singleColour: true });
    const m = named(p, { E2: "e", E8: "x" });
    expect(m.rule).toBe("AB-9.2");
    expect(m.message).toMatch(/must outnumber/);
  });
});
