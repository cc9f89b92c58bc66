// The 2x5+2 codec (PROTOCOL.md §5.2, §7, §12.2): gems by tag in places and cups, a gem in two
// places refused with the gem and both places named, and every gem at most once after any parse.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  GEMS,
  formatBoardMessage,
  parseBoardLine,
  readingsOf,
  withChecksum,
} from "../../src/protocol/index.js";
import type { Gem, Place, SnapshotMessage } from "../../src/protocol/index.js";
import { readingIndex } from "../../src/shared/index.js";

const START = "1S5,1S4,1S3,1S2,1S1,1N1,1N2,1N3,1N4,1N5,0,0";
const snap = (cells: string, head = "07 SNAP 2x5+2 C S FFF"): string =>
  withChecksum(`${head} ${cells}`);

describe("2x5+2 snapshots", () => {
  it("parse each place's plain stones and gems, cups included", () => {
    const parsed = parseBoardLine(snap("0,0,0,0,10,0,0,0,0,0,0S2S3N1N4,0S1S4S5N2N3N5"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok || parsed.value.type !== "snapshot") return;
    const board = parsed.value.board;
    expect(board.geometry === "2x5+2" && board.places[10]).toEqual({
      count: 0,
      gems: ["S2", "S3", "N1", "N4"],
    });
    const r = readingsOf(board);
    const at = readingIndex("2x5+2");
    expect(r[at.get("A5") ?? -1]).toBe(10);
    expect(r[at.get("SC:N4") ?? -1]).toBe(1);
    expect(r[at.get("NC:N4") ?? -1]).toBe(0);
  });

  it("refuse a gem in two places as inconsistent, naming the gem and both places", () => {
    const dup = parseBoardLine(snap(START.replace("1N3", "1S3N3")));
    expect(dup.ok).toBe(false);
    if (dup.ok) return;
    expect(dup.error.code).toBe("inconsistent");
    expect(dup.error.field).toBe("gems.S3");
    expect(dup.error.message).toBe("gem S3 is read in A3 and in B3");
    const cups = parseBoardLine(snap("1,1,1,1,1,1,1,1,1,1,0N5,0N5"));
    expect(!cups.ok && cups.error.field).toBe("gems.N5");
  });

  it("refuse a gem twice in one place, out of order, or on a faulty place", () => {
    for (const cell of ["1S1S1", "1N1S1", "?S1", "01S1", "1S6", "1n1"]) {
      const r = parseBoardLine(snap(START.replace("1S5", cell)));
      expect(r.ok ? "ok" : r.error.code, cell).toBe("bad-field");
    }
  });

  it("format gems in canonical order whatever order they come in", () => {
    const places: Place[] = Array.from({ length: 12 }, () => ({ count: 0, gems: [] }));
    places[11] = { count: 2, gems: ["N5", "S1", "N1", "S4"] };
    const message: SnapshotMessage = {
      type: "snapshot",
      seq: 7,
      reason: "change",
      settled: true,
      unsettled: [],
      board: { geometry: "2x5+2", places },
    };
    const line = formatBoardMessage(message);
    expect(line.ok && line.value).toBe(snap("0,0,0,0,0,0,0,0,0,0,0,2S1S4N1N5"));
    places[10] = { count: 0, gems: ["S1"] };
    const twice = formatBoardMessage(message);
    expect(twice.ok ? "ok" : twice.error.code).toBe("inconsistent");
  });

  it("never yield a gem in more than one place, whatever the line", () => {
    const cell = fc
      .tuple(fc.integer({ min: 0, max: 12 }), fc.subarray([...GEMS] as Gem[]), fc.boolean())
      .map(([n, gems, faulty]) => (faulty ? "?" : `${n}${gems.join("")}`));
    let parsed = 0;
    fc.assert(
      fc.property(fc.array(cell, { minLength: 12, maxLength: 12 }), (cells) => {
        const r = parseBoardLine(snap(cells.join(","), "07 SNAP 2x5+2 C U 000"));
        if (!r.ok) return;
        parsed++;
        const m = r.value;
        if (m.type !== "snapshot" || m.board.geometry !== "2x5+2") throw new Error("not 2x5+2");
        const seen = m.board.places.flatMap((p) => p?.gems ?? []);
        expect(new Set(seen).size).toBe(seen.length);
        const line = formatBoardMessage(m);
        expect(line.ok && parseBoardLine(line.value)).toEqual(r);
      }),
      { seed: 13, numRuns: 300 },
    );
    expect(parsed).toBeGreaterThan(10);
  });
});
