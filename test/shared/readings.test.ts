// The flat vector of sensor readings each geometry has (src/shared/readings.ts),
// checked against the canonical order of PROTOCOL.md §5.
import { describe, expect, it } from "vitest";
import {
  GEMS,
  GEOMETRIES,
  GEOMETRY_IDS,
  HOLE_READINGS,
  MARBLE_COLOURS,
  placeOfReading,
  readingIndex,
  readingNames,
} from "../../src/shared/index.js";

/** PROTOCOL.md §5.3's table of hex61 rows: row letter, first and last column. */
const HEX_ROWS: readonly [string, number, number][] = [
  ["A", 1, 5],
  ["B", 1, 6],
  ["C", 1, 7],
  ["D", 1, 8],
  ["E", 1, 9],
  ["F", 2, 9],
  ["G", 3, 9],
  ["H", 4, 9],
  ["I", 5, 9],
];

function row(letter: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${letter}${from + i}`);
}

describe("readingNames", () => {
  it("has 32, 132 and 244 readings", () => {
    expect(readingNames("4x8")).toHaveLength(32);
    expect(readingNames("2x5+2")).toHaveLength(132);
    expect(readingNames("hex61")).toHaveLength(244);
  });

  it("4x8: one count per pit, A1 … A8 B1 … B8 C1 … C8 D1 … D8", () => {
    const names = readingNames("4x8");
    expect(names).toEqual(["A", "B", "C", "D"].flatMap((r) => row(r, 1, 8)));
    expect(names[0]).toBe("A1");
    expect(names[31]).toBe("D8");
  });

  it("2x5+2: the 12 places' counts, then each place's ten gem bits", () => {
    const places = [...row("A", 1, 5), ...row("B", 1, 5), "SC", "NC"];
    const gems = ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"];
    const names = readingNames("2x5+2");
    expect(names.slice(0, 12)).toEqual(places);
    expect(names.slice(12)).toEqual(places.flatMap((p) => gems.map((g) => `${p}:${g}`)));
    expect(names.slice(12, 15)).toEqual(["A1:S1", "A1:S2", "A1:S3"]);
    expect(names[131]).toBe("NC:N5");
  });

  it("hex61: a black, a white, a neutral and a colourless bit per hole, row by row A..I", () => {
    const holes = HEX_ROWS.flatMap(([r, from, to]) => row(r, from, to));
    expect(holes).toHaveLength(61);
    const names = readingNames("hex61");
    expect(names).toEqual(holes.flatMap((h) => [`${h}:b`, `${h}:w`, `${h}:n`, `${h}:x`]));
    // PROTOCOL.md: index 0 = A1, 26 = E1, 30 = E5, 60 = I9 (four readings per hole).
    expect(HOLE_READINGS).toBe(4);
    expect(names[0]).toBe("A1:b");
    expect(names[4 * 26]).toBe("E1:b");
    expect(names[4 * 30 + 1]).toBe("E5:w");
    expect(names[4 * 30 + 2]).toBe("E5:n");
    expect(names[4 * 60 + 3]).toBe("I9:x");
  });

  it("follows the geometry's cells and the gem and marble lists", () => {
    for (const g of GEOMETRY_IDS) {
      const places = [...new Set(readingNames(g).map(placeOfReading))];
      expect(places).toEqual(GEOMETRIES[g].cells);
    }
    expect(readingNames("2x5+2").slice(12, 22)).toEqual(GEMS.map((gem) => `A1:${gem}`));
    expect(readingNames("hex61").slice(0, HOLE_READINGS)).toEqual(
      Object.values(MARBLE_COLOURS).map((c) => `A1:${c}`),
    );
  });

  it("names every reading once", () => {
    for (const g of GEOMETRY_IDS) {
      expect(new Set(readingNames(g)).size).toBe(readingNames(g).length);
    }
  });

  it("is computed once per geometry and cannot be changed", () => {
    for (const g of GEOMETRY_IDS) {
      expect(readingNames(g)).toBe(readingNames(g));
      expect(Object.isFrozen(readingNames(g))).toBe(true);
    }
  });
});

describe("placeOfReading", () => {
  it("is the part before ':', or the whole name", () => {
    expect(placeOfReading("B3")).toBe("B3");
    expect(placeOfReading("SC")).toBe("SC");
    expect(placeOfReading("SC:N2")).toBe("SC");
    expect(placeOfReading("A1:S1")).toBe("A1");
    expect(placeOfReading("E5:w")).toBe("E5");
    expect(placeOfReading("I9:b")).toBe("I9");
  });
});

describe("readingIndex", () => {
  it("maps each name to its position", () => {
    for (const g of GEOMETRY_IDS) {
      const index = readingIndex(g);
      expect(index.size).toBe(readingNames(g).length);
      readingNames(g).forEach((name, i) => expect(index.get(name)).toBe(i));
    }
  });

  it("finds the examples", () => {
    expect(readingIndex("4x8").get("B1")).toBe(8);
    expect(readingIndex("2x5+2").get("NC")).toBe(11);
    expect(readingIndex("2x5+2").get("A2:S1")).toBe(22);
    expect(readingIndex("hex61").get("A1:w")).toBe(1);
    expect(readingIndex("hex61").get("A1")).toBeUndefined();
    expect(readingIndex("4x8").get("A1:S1")).toBeUndefined();
  });

  it("is memoised per geometry", () => {
    for (const g of GEOMETRY_IDS) expect(readingIndex(g)).toBe(readingIndex(g));
    expect(readingIndex("4x8")).not.toBe(readingIndex("hex61"));
  });
});
