// A snapshot's cells as the geometry's readings (src/protocol/readings.ts), in
// the order and under the names of src/shared/readings.ts.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  holesOfReadings,
  parseBoardLine,
  presenceOnly,
  readingsOf,
} from "../../src/protocol/index.js";
import type { HoleContent, SnapshotBoard } from "../../src/protocol/index.js";
import {
  GEMS,
  GEOMETRIES,
  GEOMETRY_IDS,
  placeOfReading,
  readingIndex,
  readingNames,
} from "../../src/shared/index.js";
import { boardOf } from "./arbitraries.js";

const doc = readFileSync(new URL("../../firmware-protocol/PROTOCOL.md", import.meta.url), "utf8");

/** The board of the example `SNAP` line of `geometry` in PROTOCOL.md. */
function exampleBoard(geometry: string): SnapshotBoard {
  const line = doc.split("\n").find((l) => l.startsWith("< ") && l.includes(` SNAP ${geometry} `));
  if (line === undefined) throw new Error(`PROTOCOL.md has no SNAP ${geometry} example`);
  const parsed = parseBoardLine(line.slice(2));
  if (!parsed.ok || parsed.value.type !== "snapshot") throw new Error(`bad example: ${line}`);
  return parsed.value.board;
}

/** The readings as a name -> value record, for readable expectations. */
function named(board: SnapshotBoard): Map<string, number | null> {
  const values = readingsOf(board);
  return new Map(
    readingNames(board.geometry).map((name, i) => {
      const value = values[i];
      return [name, value === undefined ? NaN : value];
    }),
  );
}

describe("readingsOf", () => {
  it("has the geometry's number of readings", () => {
    expect(readingsOf(exampleBoard("4x8"))).toHaveLength(32);
    expect(readingsOf(exampleBoard("2x5+2"))).toHaveLength(132);
    expect(readingsOf(exampleBoard("hex61"))).toHaveLength(244);
  });

  it("4x8: the counts, faulty pits null", () => {
    // < 05 SNAP 4x8 C U 7FFFFFFB 0,1,5,4,…,4,12,255,?
    const board = parseBoardLine(
      "05 SNAP 4x8 C U 7FFFFFFB 0,1,5,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,12,255,?*68",
    );
    if (!board.ok || board.value.type !== "snapshot") throw new Error("example did not parse");
    const readings = readingsOf(board.value.board);
    expect(readings.slice(0, 4)).toEqual([0, 1, 5, 4]);
    expect(readings.slice(29)).toEqual([12, 255, null]);
  });

  it("2x5+2: PROTOCOL.md's example, plain stones then gem bits", () => {
    // < 08 SNAP 2x5+2 P S FFF 5,4S1,4,4N2,4,4,4S3N5,4,4,4,0,2S2S4N1
    const r = named(exampleBoard("2x5+2"));
    const counts = ["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "SC", "NC"].map(
      (p) => r.get(p),
    );
    expect(counts).toEqual([5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0, 2]);
    const where = { S1: "A2", N2: "A4", S3: "B2", N5: "B2", S2: "NC", S4: "NC", N1: "NC" };
    const ones = readingNames("2x5+2").filter((name) => r.get(name) === 1 && name.includes(":"));
    expect(ones.sort()).toEqual(
      Object.entries(where)
        .map(([g, p]) => `${p}:${g}`)
        .sort(),
    );
    expect(r.get("A2:S1")).toBe(1);
    expect(r.get("A1:S1")).toBe(0);
    expect(r.get("NC:N1")).toBe(1);
    // S5, N3 and N4 are off the board: no place has them.
    for (const gem of ["S5", "N3", "N4"]) {
      expect(GEOMETRIES["2x5+2"].cells.map((p) => r.get(`${p}:${gem}`))).toEqual(
        Array<number>(12).fill(0),
      );
    }
  });

  it("hex61: PROTOCOL.md's example, one colour bit per marble", () => {
    // < 0A SNAP hex61 R S … bbbbbbbbbbb..bbb.............................www..wwwwwwwwwww
    const r = named(exampleBoard("hex61"));
    const holes = GEOMETRIES.hex61.cells;
    const black = holes.filter((h) => r.get(`${h}:b`) === 1);
    const white = holes.filter((h) => r.get(`${h}:w`) === 1);
    expect(black).toEqual([
      ...["A1", "A2", "A3", "A4", "A5", "B1", "B2", "B3", "B4", "B5", "B6"],
      ...["C3", "C4", "C5"],
    ]);
    expect(white).toEqual([
      ...["G5", "G6", "G7"],
      ...["H4", "H5", "H6", "H7", "H8", "H9", "I5", "I6", "I7", "I8", "I9"],
    ]);
    expect([r.get("C1:b"), r.get("C1:w")]).toEqual([0, 0]);
    expect([r.get("E5:b"), r.get("E5:w")]).toEqual([0, 0]);
  });

  it("a faulty place reads null in every reading", () => {
    const places = GEOMETRIES["2x5+2"].cells.map((_, i) =>
      i === 1 ? null : { count: i, gems: i === 0 ? (["S1"] as const) : [] },
    );
    const r = named({ geometry: "2x5+2", places });
    const ofA2 = readingNames("2x5+2").filter((n) => placeOfReading(n) === "A2");
    expect(ofA2).toHaveLength(11);
    for (const name of ofA2) expect(r.get(name)).toBeNull();
    expect(r.get("A1")).toBe(0);
    expect(r.get("A1:S1")).toBe(1);
    expect(r.get("A3:S1")).toBe(0);

    const holes = GEOMETRIES.hex61.cells.map((h) =>
      h === "E5" ? null : h === "E6" ? "white" : "empty",
    );
    const h = named({ geometry: "hex61", holes });
    expect([h.get("E5:b"), h.get("E5:w")]).toEqual([null, null]);
    expect([h.get("E6:b"), h.get("E6:w")]).toEqual([0, 1]);
    expect([h.get("E4:b"), h.get("E4:w")]).toEqual([0, 0]);
  });

  it("a short board's missing cells read as faulty; extra cells are ignored", () => {
    expect(readingsOf({ geometry: "4x8", counts: [3] })).toEqual([
      3,
      ...Array<null>(31).fill(null),
    ]);
    expect(readingsOf({ geometry: "4x8", counts: Array<number>(40).fill(1) })).toEqual(
      Array<number>(32).fill(1),
    );
    expect(readingsOf({ geometry: "hex61", holes: [] })).toEqual(Array<null>(244).fill(null));
  });

  it("random boards: one 1 per gem present, never two colours in a hole, null only for faults", () => {
    fc.assert(
      fc.property(fc.constantFrom(...GEOMETRY_IDS).chain(boardOf), (board) => {
        const values = readingsOf(board);
        const names = readingNames(board.geometry);
        expect(values).toHaveLength(names.length);
        const index = readingIndex(board.geometry);
        const at = (name: string) => values[index.get(name) ?? -1];
        const cells = GEOMETRIES[board.geometry].cells;
        switch (board.geometry) {
          case "4x8":
            expect(values).toEqual(board.counts);
            break;
          case "2x5+2":
            cells.forEach((place, i) => {
              const cell = board.places[i] ?? null;
              expect(at(place)).toBe(cell === null ? null : cell.count);
              for (const gem of GEMS) {
                expect(at(`${place}:${gem}`)).toBe(
                  cell === null ? null : cell.gems.includes(gem) ? 1 : 0,
                );
              }
            });
            for (const gem of GEMS) {
              const ones = cells.filter((p) => at(`${p}:${gem}`) === 1);
              const present = board.places.some((p) => p !== null && p.gems.includes(gem));
              expect(ones).toHaveLength(present ? 1 : 0);
            }
            break;
          case "hex61":
            cells.forEach((hole, i) => {
              const content = board.holes[i] ?? null;
              const bits = ["b", "w", "n", "x"].map((t) => at(`${hole}:${t}`));
              if (content === null) expect(bits).toEqual([null, null, null, null]);
              else {
                expect(bits.reduce((a, b) => a! + b!, 0)).toBeLessThanOrEqual(1);
                expect(bits).toEqual(
                  ["black", "white", "neutral", "marble"].map((c) => (content === c ? 1 : 0)),
                );
              }
            });
            break;
        }
        // Every reading is a count, a bit, or null for a faulty place.
        for (const v of values) expect(v === null || (Number.isInteger(v) && v >= 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("hex61 readings as holes, and the single colour's reading", () => {
  const holes = GEOMETRIES.hex61.cells.map((_, i): HoleContent =>
    i === 0 ? "black" : i === 30 ? "neutral" : i === 60 ? "white" : i === 59 ? "marble" : "empty",
  );

  it("holesOfReadings reads readingsOf back, and a journal's older two readings a hole", () => {
    const board = { geometry: "hex61" as const, holes };
    expect(holesOfReadings(readingsOf(board))).toEqual(holes);
    // Journals written before the neutral marble: black bit, white bit per hole.
    const legacy = holes.flatMap((h) => [h === "black" ? 1 : 0, h === "white" ? 1 : 0]);
    const old = holesOfReadings(legacy);
    expect(old?.[0]).toBe("black");
    expect(old?.[60]).toBe("white");
    expect(old?.[30]).toBe("empty");
    expect(holesOfReadings([1, 0, 0])).toBeNull();
    const faulty = readingsOf({ geometry: "hex61", holes: [null, ...holes.slice(1)] });
    expect(holesOfReadings(faulty)?.[0]).toBeNull();
  });

  it("presenceOnly: black, white and colourless marbles read as one kind, the neutral one stays (AB-9.2, AB-9.6)", () => {
    const read = presenceOnly({ geometry: "hex61", holes: [...holes.slice(0, 59), null, "white"] });
    expect(read.holes[0]).toBe("marble");
    expect(read.holes[30]).toBe("neutral");
    expect(read.holes[59]).toBeNull();
    expect(read.holes[60]).toBe("marble");
    expect(read.holes[1]).toBe("empty");
  });
});
