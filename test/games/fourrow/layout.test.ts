/**
 * The board layout every four-row game reports (core/board.ts): one 4x8
 * layout shared by the five games of mancala-4x8.md and the two Bao games,
 * checked against the geometry written out from the rules ("Geometry and
 * names": rows, owners, the clockwise circuits), not against the engine's tables.
 */
import { describe, expect, it } from "vitest";
import { games } from "../../../src/games/index.js";
import { circuitCW, ownerOfPit } from "../mancala4x8/helpers.js";

const FOUR_ROW_IDS = [
  "husbao",
  "husbao-bis",
  "husbao-front",
  "hus",
  "bao-de",
  "bao-kiswahili",
  "bao-kujifunza",
];
const fourRow = games.filter((g) => FOUR_ROW_IDS.includes(g.id));

const NAMES: string[] = [];
for (const r of ["A", "B", "C", "D"]) for (let c = 1; c <= 8; c++) NAMES.push(`${r}${c}`);

describe("the 4x8 layout (mancala-4x8.md, Geometry and names)", () => {
  it("every four-row game is registered and shares one layout object", () => {
    expect(fourRow.map((g) => g.id).sort()).toEqual([...FOUR_ROW_IDS].sort());
    for (const g of fourRow) expect(g.layout).toBe(fourRow[0]?.layout);
  });

  it("geometry 4x8, places A1…D8 in the order of sensorView", () => {
    for (const g of fourRow) {
      const start = g.initial();
      if (!start.ok) throw new Error(start.error.message);
      const view = g.sensorView(start.value);
      expect(g.layout.geometry).toBe("4x8");
      expect(g.layout.places).toEqual(NAMES);
      expect(view.pits).toEqual(g.layout.places);
      expect(view.geometry).toBe(g.layout.geometry);
    }
  });

  it("sides S then N (South moves first in the initial position), named South and North", () => {
    for (const g of fourRow) {
      expect(g.layout.sides).toEqual(["S", "N"]);
      expect(g.layout.sideNames).toEqual({ S: "South", N: "North" });
      const start = g.initial();
      expect(start.ok && start.value.toMove).toBe(g.layout.sides[0]);
    }
  });

  it("South owns rows A and B, North rows C and D", () => {
    const layout = fourRow[0]!.layout;
    expect(layout.owners).toEqual(NAMES.map(ownerOfPit));
    expect(layout.owners.slice(0, 16).every((o) => o === "S")).toBe(true);
    expect(layout.owners.slice(16).every((o) => o === "N")).toBe(true);
  });

  it("CORE-1: a pit's successors are its neighbours on its own side's circuit, clockwise and counter-clockwise", () => {
    const layout = fourRow[0]!.layout;
    for (const side of ["S", "N"] as const) {
      const circuit = circuitCW(side);
      circuit.forEach((pit, k) => {
        const i = layout.places.indexOf(pit);
        const cw = circuit[(k + 1) % 16] as string;
        const ccw = circuit[(k + 15) % 16] as string;
        const names = (layout.successors[i] ?? []).map((j) => layout.places[j]);
        expect(names.sort()).toEqual([cw, ccw].sort());
      });
    }
    // A sowing never leaves its side's 16 pits.
    layout.successors.forEach((next, i) => {
      for (const j of next) expect(layout.owners[j]).toBe(layout.owners[i]);
    });
  });

  it("the corners turn: B8 → A8 and A1 → B1 for South, D8 → C8 and C1 → D1 for North", () => {
    const layout = fourRow[0]!.layout;
    const next = (a: string) =>
      (layout.successors[layout.places.indexOf(a)] ?? []).map((j) => layout.places[j]);
    expect(next("B8")).toContain("A8");
    expect(next("A1")).toContain("B1");
    expect(next("D8")).toContain("C8");
    expect(next("C1")).toContain("D1");
    expect(next("B1")).toEqual(expect.arrayContaining(["B2", "A1"]));
  });
});
