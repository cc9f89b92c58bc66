/**
 * Invalid positions (glassperlenspiel.md, Clarifications, "Invalid
 * positions"): each refused as `bad-position` naming its field and rule, and
 * what is accepted (gem lists in any order, a missing history).
 */
import { describe, expect, it } from "vitest";
import { keyOf } from "../../../src/games/glassperlenspiel/position.js";
import { ENDGAME, START, at, gp, invalid, parse, play, type PositionJSON } from "./helpers.js";

function changed(edit: (p: PositionJSON & Record<string, unknown>) => void): unknown {
  const p = JSON.parse(JSON.stringify(START)) as PositionJSON & Record<string, unknown>;
  edit(p);
  return p;
}

function expectRefused(json: unknown, rule: string, field: string | RegExp): void {
  const e = invalid(json);
  expect(e.code).toBe("bad-position");
  expect(e.rule).toBe(rule);
  if (typeof field === "string") expect(e.field).toBe(field);
  else expect(e.field).toMatch(field);
  expect(e.message).toContain(`(${rule})`);
}

describe("GB-1 invalid positions", () => {
  it("GB-1: a pit other than A1…B5, or a missing one", () => {
    expectRefused(
      changed((p) => (p.pits.C1 = { stones: 0, gems: [] })),
      "GB-1",
      "position.pits.C1",
    );
    expectRefused(
      changed((p) => (p.pits.SC = { stones: 0, gems: [] })),
      "GB-1",
      "position.pits.SC",
    );
    expectRefused(
      changed((p) => delete p.pits.A3),
      "GB-1",
      "position.pits.A3",
    );
    expectRefused(
      changed((p) => (p.pits = [] as never)),
      "GB-1",
      "position.pits",
    );
  });

  it('GB-1: a pit that is not {"stones":n,"gems":[…]}', () => {
    expectRefused(
      changed((p) => (p.pits.A1 = 2 as never)),
      "GB-1",
      "position.pits.A1",
    );
    expectRefused(
      changed((p) => (p.pits.A1 = { stones: 1, gems: ["S5"], x: 1 } as never)),
      "GB-1",
      "position.pits.A1",
    );
    expectRefused(
      changed((p) => (p.pits.A1 = { stones: 1 } as never)),
      "GB-1",
      "position.pits.A1.gems",
    );
  });

  it("GB-1: a negative or non-integer count", () => {
    expectRefused(
      changed((p) => (p.pits.A1!.stones = -1)),
      "GB-1",
      "position.pits.A1.stones",
    );
    expectRefused(
      changed((p) => (p.pits.A1!.stones = 1.5)),
      "GB-1",
      "position.pits.A1.stones",
    );
    expectRefused(
      changed((p) => (p.pits.A1!.stones = "1" as never)),
      "GB-1",
      "position.pits.A1.stones",
    );
  });

  it("GB-1: a stone total other than 10", () => {
    expectRefused(
      changed((p) => (p.pits.A1!.stones = 2)),
      "GB-1",
      "position.pits",
    );
    expectRefused(
      changed((p) => (p.pits.A1!.stones = 0)),
      "GB-1",
      "position.pits",
    );
  });

  it("GB-1: a gem other than S1…N5, or one not found exactly once", () => {
    expectRefused(
      changed((p) => (p.pits.A1!.gems = ["S6"])),
      "GB-1",
      "position.pits.A1.gems",
    );
    expectRefused(
      changed((p) => (p.pits.A1!.gems = ["s"])),
      "GB-1",
      "position.pits.A1.gems",
    );
    expectRefused(
      changed((p) => (p.pits.A1!.gems = [5] as never)),
      "GB-1",
      "position.pits.A1.gems",
    );
    expectRefused(
      changed((p) => (p.pits.A1!.gems = ["S5", "S5"])),
      "GB-1",
      "position.pits.A1.gems",
    );
    expectRefused(
      changed((p) => (p.cups.S = ["S5"])),
      "GB-1",
      "position.cups.S",
    );
    expectRefused(
      changed((p) => (p.pits.A1!.gems = [])),
      "GB-1",
      "position.pits",
    );
  });

  it('GB-1: cups not {"S":[…],"N":[…]}', () => {
    expectRefused(
      changed((p) => (p.cups = { S: [] } as never)),
      "GB-1",
      "position.cups.N",
    );
    expectRefused(
      changed((p) => (p.cups = { S: [], N: [], X: [] } as never)),
      "GB-1",
      "position.cups",
    );
    expectRefused(
      changed((p) => (p.cups = [] as never)),
      "GB-1",
      "position.cups",
    );
    expectRefused(
      changed((p) => (p.cups = { S: "N1", N: [] } as never)),
      "GB-1",
      "position.cups.S",
    );
  });

  it("GB-1: any option", () => {
    expectRefused(
      changed((p) => (p.options = { maxStages: 200 })),
      "GB-1",
      "position.options.maxStages",
    );
  });

  it("a toMove other than S/N, an unknown field, another game", () => {
    expect(invalid(changed((p) => (p.toMove = "X"))).field).toBe("position.toMove");
    expect(invalid(changed((p) => (p.toMove = "b"))).code).toBe("bad-position");
    expect(invalid(changed((p) => (p.extra = 1))).field).toBe("position.extra");
    expect(invalid(changed((p) => (p.game = "husbao"))).field).toBe("position.game");
    expect(invalid("glassperlenspiel").code).toBe("bad-position");
  });

  it("gem lists are sets: any order is accepted, answers write them sorted; a missing history reads as []", () => {
    const p = changed((q) => {
      q.pits.A1!.gems = ["S5"];
      q.cups = { S: [], N: [] };
      delete (q as Partial<PositionJSON>).history;
    });
    expect(gp.positionToJSON(parse(p))).toEqual(START);
    const shuffled = at(
      "S",
      { A1: "10" },
      { S: ["S3", "N1", "S1", "N5", "N2"], N: ["S2", "N4", "N3", "S5", "S4"] },
    );
    const written = gp.positionToJSON(parse(shuffled)) as unknown as PositionJSON;
    expect(written.cups).toEqual({
      S: ["N1", "N2", "N5", "S1", "S3"],
      N: ["N3", "N4", "S2", "S4", "S5"],
    });
  });
});

describe("GB-7 invalid histories", () => {
  const after = play(START, "A1:S5s").after; // North to move, history [start key]
  const startKey = keyOf(parse(START));

  it("GB-7: history must be a list of well-formed keys", () => {
    expectRefused({ ...after, history: "x" }, "GB-7", "position.history");
    expectRefused({ ...after, history: ["garbage"] }, "GB-7", "position.history[0]");
    for (const [from, to] of [
      ["S|1S5", "S|01S5"],
      ["1S5|1S4", "1S5|2S4"],
      ["|1S3|", "|1S3S3|"],
      ["|1N5||", "|1||"],
    ]) {
      expectRefused(
        { ...after, history: [startKey.replace(from, to)] },
        "GB-7",
        "position.history[0]",
      );
    }
    expectRefused({ ...after, history: [5] }, "GB-7", "position.history[0]");
  });

  it("GB-7: a key whose pits hold other gems than the position's", () => {
    const moved = startKey.replace("|1N5||", "|1||N5");
    expectRefused({ ...after, history: [moved] }, "GB-7", "position.history[0]");
  });

  it("GB-7: players to move that do not alternate (the last entry has the other player to move)", () => {
    const north = keyOf(parse({ ...START, toMove: "N" }));
    expectRefused({ ...after, history: [north] }, "GB-7", "position.history[0]");
    expectRefused({ ...after, history: [startKey, startKey] }, "GB-7", "position.history[0]");
  });

  it("GB-7: a key occurring a third time", () => {
    const p = ENDGAME;
    const k = keyOf(parse(p));
    const s = keyOf(parse({ ...p, toMove: "S" }));
    expect(gp.parsePosition({ ...p, history: [k, s, k, s] }).ok).toBe(true);
    expectRefused({ ...p, history: [s, k, s, k, s] }, "GB-7", "position.history[4]");
  });

  it("withBoard keeps a history that still fits, else starts it again", () => {
    const q = parse(after);
    const same = gp.withBoard(q, { counts: gp.sensorView(q).counts });
    expect(same.ok && same.value.history).toEqual([startKey]);
    // The turn passed on the same board (a forfeit): the position it passed
    // from joins the history, as after any move that takes no gem (GB-7).
    const flipped = gp.withBoard(q, { toMove: "S" });
    expect(flipped.ok && flipped.value.history).toEqual([startKey, keyOf(q)]);
    const view = gp.sensorView(q).counts.slice();
    view[0] = 5; // eleven... stones
    expect(gp.withBoard(q, { counts: view }).ok).toBe(false);
  });
});
