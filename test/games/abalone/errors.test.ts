/**
 * Invalid positions and bad requests (abalone.md, Clarifications "Invalid
 * positions"): each refused as a typed error value naming its field and,
 * where one applies, its rule; positions whose game is over are valid. And
 * Abalone through `kete engine`'s handler, as engine-protocol.md writes it.
 */
import { V_DEFAULTS } from "../../oracle/abalone-variants-oracle.js";
import { describe, expect, it } from "vitest";
import { handleRequestLine } from "../../../src/engine/index.js";
import { ab, jsonOf, positionJSON, start, type PositionJSON } from "./helpers.js";

function refused(json: unknown): { code: string; field?: string; rule?: string } {
  const r = ab.parsePosition(json);
  if (r.ok) throw new Error("accepted");
  return { code: r.error.code, field: r.error.field, rule: r.error.rule };
}

const base = (): PositionJSON => jsonOf(start());
function withField(key: string, value: unknown): Record<string, unknown> {
  return { ...base(), [key]: value };
}

describe("invalid positions are refused with a typed error", () => {
  it("a valid position reads back as it was written", () => {
    expect(ab.parsePosition(base())).toMatchObject({ ok: true });
    const r = ab.parsePosition(base());
    if (r.ok) expect(jsonOf(r.value)).toEqual(base());
  });

  it("a hole outside the 61, or a value other than b/w", () => {
    for (const h of ["A6", "I4", "E0", "J5", "a1", "E10"]) {
      const p = base();
      p.cells[h] = "b";
      delete p.cells.A1;
      expect(refused(p), h).toMatchObject({ code: "bad-position", field: `position.cells.${h}` });
    }
    for (const v of ["x", "B", 1, null, "e"]) {
      expect(refused(withField("cells", { ...base().cells, A1: v })).field).toBe(
        "position.cells.A1",
      );
    }
    expect(refused(withField("cells", [])).field).toBe("position.cells");
  });

  it("off not {b:n, w:n} with whole numbers 0–6", () => {
    for (const off of [
      undefined,
      null,
      [],
      { b: 0 },
      { b: 0, w: 0, x: 0 },
      { b: -1, w: 0 },
      { b: 7, w: 0 },
      { b: 0.5, w: 0 },
      { b: "0", w: 0 },
    ]) {
      const json =
        off === undefined ? (({ off: _, ...rest }) => rest)(base()) : withField("off", off);
      expect(refused(json).field ?? "", JSON.stringify(off)).toMatch(/^position\.off/);
    }
  });

  it("marbles on the board + off + left out ≠ 14 for either colour", () => {
    const p = base();
    delete p.cells.A1;
    expect(refused(p)).toMatchObject({ code: "bad-position", rule: "AB-1" });
    expect(ab.parsePosition({ ...p, off: { b: 1, w: 0 } }).ok).toBe(true);
    expect(ab.parsePosition({ ...p, options: { ...p.options, leaveOut: ["A1"] } }).ok).toBe(true);
    expect(
      refused({ ...p, options: { ...p.options, leaveOut: ["A1"] }, off: { b: 1, w: 0 } }).rule,
    ).toBe("AB-1");
    expect(refused({ ...base(), off: { b: 0, w: 1 } }).rule).toBe("AB-1");
  });

  it("six off for both (both sides at their push-off target)", () => {
    const both = positionJSON("E5 A1 A2 A3 A4 A5 B1 B2", "I5 I6 I7 I8 I9 H4 H5 H6", {
      off: { b: 6, w: 6 },
    });
    expect(refused(both)).toMatchObject({ code: "bad-position", rule: "AB-6" });
    const one = positionJSON("E5 A1 A2 A3 A4 A5 B1 B2", "I5 I6 I7 I8 I9 H4 H5 H6", {
      off: { b: 5, w: 6 },
    });
    expect(ab.parsePosition(one).ok).toBe(true);
  });

  it("toMove not b/w", () => {
    for (const t of ["S", "B", "", null, undefined]) {
      expect(refused(withField("toMove", t)).field).toBe("position.toMove");
    }
  });

  it("a missing or unknown option, start not one of the three, a limit not null or a whole number ≥ 1", () => {
    const o = base().options;
    expect(refused(withField("options", undefined)).field).toBe("position.options");
    // AB-1 and AB-7's options must be given; AB-9's read as their defaults when missing
    // (positions written before the variants keep working).
    const ab9 = [
      "teams",
      "singleColour",
      "seed",
      "obstacles",
      "traps",
      "neutral",
      "neutralOff",
      "shapes",
    ];
    for (const name of Object.keys(o)) {
      const { [name]: _, ...rest } = o;
      if (ab9.includes(name)) {
        expect(ab.parsePosition(withField("options", rest)).ok, name).toBe(true);
        continue;
      }
      expect(refused(withField("options", rest)).field, name).toBe(`position.options.${name}`);
    }
    expect(refused(withField("options", { ...o, handicap: 1 })).field).toBe(
      "position.options.handicap",
    );
    expect(refused(withField("options", { ...o, start: "daisy" })).field).toBe(
      "position.options.start",
    );
    for (const v of [0, -1, 1.5, "10", true]) {
      expect(refused(withField("options", { ...o, moveLimit: v })).code).toBe("bad-position");
      expect(refused(withField("options", { ...o, noPushLimit: v })).code).toBe("bad-position");
    }
    expect(ab.parsePosition(withField("options", { ...o, moveLimit: 1, noPushLimit: 15 })).ok).toBe(
      true,
    );
  });

  it("a negative or non-integer counter, or noPushCount > moveCount; missing counters read as 0", () => {
    for (const v of [-1, 0.5, "1", null]) {
      expect(refused(withField("moveCount", v)).field).toBe("position.moveCount");
      expect(refused({ ...base(), moveCount: 5, noPushCount: v }).field).toBe(
        "position.noPushCount",
      );
    }
    expect(refused({ ...base(), moveCount: 2, noPushCount: 3 })).toMatchObject({
      field: "position.noPushCount",
      rule: "AB-7",
    });
    const { moveCount: _m, noPushCount: _n, ...bare } = base();
    const r = ab.parsePosition(bare);
    expect(r.ok).toBe(true);
    if (r.ok) expect(jsonOf(r.value)).toMatchObject({ moveCount: 0, noPushCount: 0 });
  });

  it("an unknown field or another game is refused", () => {
    expect(refused(withField("pits", {})).field).toBe("position.pits");
    expect(refused(withField("game", "hus")).field).toBe("position.game");
    expect(ab.parsePosition(null).ok).toBe(false);
    expect(ab.parsePosition([]).ok).toBe(false);
  });

  it("positions where the game is over are valid and have no legal moves", () => {
    const limit = { ...base(), moveCount: 4, options: { ...base().options, moveLimit: 2 } };
    const r = ab.parsePosition(limit);
    expect(r.ok).toBe(true);
    if (r.ok) expect(ab.legal(r.value).moves).toEqual([]);
  });
});

describe("kete engine serves Abalone as engine-protocol.md says", () => {
  const ask = (request: unknown) =>
    JSON.parse(handleRequestLine(JSON.stringify(request)) as string) as Record<string, unknown>;

  it("games lists abalone with every default option", () => {
    const games = ask({ cmd: "games" }).games as { id: string; options: unknown }[];
    // the defaults as the independent oracle writes them from docs/rules/README.md
    expect(games.find((g) => g.id === "abalone")?.options).toEqual(V_DEFAULTS);
  });

  it("initial, legal and apply write positions and off/hole traces", () => {
    const p = ask({ cmd: "initial", game: "abalone", options: { start: "german-daisy" } })
      .position as PositionJSON;
    expect(p.options.start).toBe("german-daisy");
    const legal = ask({ cmd: "legal", position: p }).moves as { move: string; trace: unknown[] }[];
    expect(legal).toHaveLength(80);
    expect(legal.map((m) => m.move)).toEqual([...legal.map((m) => m.move)].sort());
    for (const m of legal)
      for (const s of m.trace) expect(["hole", "off"]).toContain((s as { op: string }).op);
    const example = positionJSON("E5 E6 E7", "E8 E9 A1");
    expect(ask({ cmd: "apply", position: example, move: "E5E6" }).trace).toEqual([
      { op: "off", cell: "E9", colour: "w" },
      { op: "hole", cell: "E5", from: "b", to: "e" },
      { op: "hole", cell: "E8", from: "w", to: "b" },
    ]);
    const cut = ask({ cmd: "legal", position: p, limit: 3 });
    expect((cut.moves as unknown[]).length).toBe(3);
    expect(cut.truncated).toBe(true);
  });

  it("bad requests are answered with typed errors", () => {
    expect(ask({ cmd: "initial", game: "abalone", options: { start: "x" } }).error).toMatchObject({
      code: "bad-option",
    });
    expect(
      ask({ cmd: "initial", game: "abalone", options: { leaveOut: ["E5"] } }).error,
    ).toMatchObject({ code: "bad-option", rule: "AB-7" });
    expect(ask({ cmd: "apply", position: base(), move: "A1A2" }).error).toMatchObject({
      code: "illegal-move",
      field: "move",
    });
    expect(
      ask({ cmd: "apply", position: { ...base(), toMove: "S" }, move: "C3D3" }).error,
    ).toMatchObject({ code: "bad-position" });
    expect(ask({ cmd: "outcome", position: base() })).toEqual({ outcome: null });
  });
});
