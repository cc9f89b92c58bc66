/**
 * The Game contract members beyond the moves (core/types.ts) for Bao la
 * kiswahili and Bao la kujifunza: `ruleBook`, `refusal` (why lifting a pit or
 * placing a seed from the hand starts no legal turn, per rule of
 * bao-kiswahili.md) and `withBoard` (hands and nyumba kept, BK-1 and BK-12
 * checked as `parsePosition` checks them). The layout is in ../fourrow/layout.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Position } from "../../../src/games/core/types.js";
import {
  anyPositionJsonArb,
  kis as kiswahili,
  kuj,
  getGame,
  handOf,
  parse,
  type BaoJSON,
  type Hand,
  type SideName,
} from "./helpers.js";

const KIS = "bao-kiswahili";
const KUJ = "bao-kujifunza";

/** A bao-kiswahili position with neither nyumba owned. */
function kis(
  toMove: SideName,
  map: Record<string, number>,
  hand: Hand,
  options: Record<string, unknown> = {},
  blocked?: string | null,
): BaoJSON {
  return kiswahili(toMove, map, hand, { S: false, N: false }, options, blocked);
}

const none: Hand = { S: 0, N: 0 };
const oneSeed: Hand = { S: 1, N: 0 };

function initial(id: string, options: Record<string, unknown> = {}): BaoJSON {
  const g = getGame(id);
  const start = g.initial(options);
  if (!start.ok) throw new Error(start.error.message);
  return g.positionToJSON(start.value) as unknown as BaoJSON;
}

function lift(json: BaoJSON, place: string) {
  const { game, position } = parse(json);
  return game.refusal(position, { kind: "start", place });
}

function place(json: BaoJSON, pit: string) {
  const { game, position } = parse(json);
  return game.refusal(position, { kind: "place", place: pit });
}

describe("ruleBook: the rule ids of the Bao games", () => {
  const common = {
    turnOrder: "CORE-7",
    sowing: "CORE-1",
    keepDirection: "CORE-2",
    direction: null,
    fixedDirection: null,
    relay: "BK-6",
    start: "BK-13",
    stageLimit: "BK-18",
    capture: "BK-4",
    captureAgain: "BK-6",
    capturedSowing: "BK-5",
    penalty: null,
  };
  const book = (id: string) => {
    const p = parse(initial(id));
    return p.game.ruleBook(p.position.options);
  };

  it("BK-9 bao-kiswahili places from the hand; BK-18 is the stage limit", () => {
    expect(book(KIS)).toEqual({ ...common, placement: "BK-9" });
  });

  it("BK-2 bao-kujifunza has no hand, so no placement rule", () => {
    expect(book(KUJ)).toEqual({ ...common, placement: null });
  });
});

describe("refusal: lifting a pit", () => {
  it("BK-13 a pit some legal move lifts is not refused", () => {
    expect(lift(initial(KUJ), "B3")).toBeNull();
  });

  it("BK-9 in the namua phase a turn starts by placing, not lifting", () => {
    expect(lift(initial(KIS), "B6")).toEqual({
      reason: "other",
      rule: "BK-9",
      message:
        "B6 cannot start a turn: South still has 22 seeds in hand (namua), so a turn starts by placing one into an occupied front pit (BK-9)",
    });
  });

  it("BK-13 a pit of the other side, a single seed, an empty pit", () => {
    const json = kuj("S", { B2: 1, B6: 2, C1: 1 });
    expect(lift(json, "C1")).toEqual({
      reason: "not-own",
      rule: "BK-13",
      message: "C1 is not South's pit; South starts a turn from their own rows (A, B) (BK-13)",
    });
    expect(lift(json, "B2")).toEqual({
      reason: "too-few",
      rule: "BK-13",
      message: "B2 holds one seed; a turn starts from a pit with two or more (BK-13)",
    });
    expect(lift(json, "B3")?.message).toBe(
      "B3 holds no seeds; a turn starts from a pit with two or more (BK-13)",
    );
  });

  it("BK-8 captures are compulsory: a pit whose sowings capture nothing", () => {
    // The initial kujifunza board: A3 sown either way ends in the back row, while front pits capture.
    const json = initial(KUJ);
    const r = lift(json, "A3");
    expect(r).toMatchObject({ reason: "capture-required", rule: "BK-8" });
    const m =
      /^A3 cannot start a turn: A3\+ captures nothing, but a capture is possible \((\S+)\) and captures are compulsory \(BK-8\)$/.exec(
        r?.message ?? "",
      );
    expect(m).not.toBeNull();
    const { game, position } = parse(json);
    expect(game.legal(position).moves.map((x) => x.move)).toContain(m?.[1]);
  });

  it("BK-15 a takasa starts from a front pit while one holds two or more", () => {
    // Nothing captures (C8 faces an empty B8); B6 holds 2, so the back pit A3 may not start.
    expect(lift(kuj("S", { A3: 2, B6: 2, C8: 1 }), "A3")).toEqual({
      reason: "other",
      rule: "BK-15",
      message:
        "A3 cannot start a turn: A3+ makes a takasa turn from a back pit, but a front pit holds two or more seeds; a takasa starts there (BK-15)",
    });
  });

  it("BK-16 the blocked pit may not start the turn", () => {
    const json = kis("S", { B3: 2, B6: 2, C8: 1 }, none, { takasia: true }, "B3");
    expect(lift(json, "B3")).toEqual({
      reason: "other",
      rule: "BK-16",
      message: "B3 is blocked this turn (takasia): it may not start South's turn (BK-16)",
    });
    expect(lift(json, "B6")).toBeNull();
  });

  it("BK-18 every direction would pass the stage limit", () => {
    // B4+: B5, B6 (2): relay; B4-: B3, B2 (2): relay — a second sowing, refused by maxStages 1.
    const json = kuj("S", { B2: 1, B4: 2, B6: 1, C8: 1 }, { maxStages: 1 });
    expect(lift(json, "B4")).toEqual({
      reason: "stage-limit",
      rule: "BK-18",
      message:
        "B4 cannot start a turn: B4+ and B4- would both need more than 1 sowing, so neither is a legal turn (BK-18)",
    });
  });

  it("BK-17 after the game is over nothing starts a turn", () => {
    expect(lift(kuj("S", { A1: 2, C1: 1 }), "A1")).toEqual({
      reason: "other",
      rule: "BK-17",
      message: "A1 cannot start a turn: the game is over; South's front row is empty (BK-17)",
    });
  });
});

describe("refusal: placing a seed from the hand", () => {
  it("BK-9 a placement some legal move begins with is not refused", () => {
    expect(place(initial(KIS), "B6")).toBeNull();
    expect(place(initial(KIS), "B5")).toBeNull(); // the taxed nyumba (BK-11)
  });

  it("BK-9 into a pit that is not an own front pit, or an empty one", () => {
    expect(place(initial(KIS), "A6")).toEqual({
      reason: "placement",
      rule: "BK-9",
      message: "a seed placed in A6: A6 is not South's front pit; the seed goes into B1…B8 (BK-9)",
    });
    expect(place(initial(KIS), "C3")?.rule).toBe("BK-9");
    expect(place(initial(KIS), "B1")).toEqual({
      reason: "placement",
      rule: "BK-9",
      message: "a seed placed in B1: B1 is empty; the seed goes into an occupied front pit (BK-9)",
    });
  });

  it("BK-8 a takasa placement while a placement captures", () => {
    // B3 (1) faces C3 (1): placing there captures, so B6's takasa is refused.
    const json = kis("S", { B3: 1, B6: 2, C3: 1, C8: 1 }, oneSeed);
    expect(place(json, "B3")).toBeNull();
    const r = place(json, "B6");
    expect(r).toMatchObject({ reason: "capture-required", rule: "BK-8" });
    expect(r?.message).toMatch(
      /^a seed placed in B6: B6\*\+ captures nothing, but a capture is possible \(B3\*[LR]\) and captures are compulsory \(BK-8\)$/,
    );
  });

  it("BK-10 a single-seed pit while a front pit holds two or more", () => {
    expect(place(kis("S", { B2: 1, B6: 2, C1: 1 }, oneSeed), "B2")).toEqual({
      reason: "placement",
      rule: "BK-10",
      message:
        "a seed placed in B2: B2 holds a single seed; a namua takasa may start there only when no front pit holds two or more (BK-10)",
    });
  });

  it("BK-10 the lone kichwa refused one way is still placed: the other way is legal", () => {
    expect(place(kis("S", { B1: 2, A3: 6, C8: 1 }, oneSeed), "B1")).toBeNull();
  });

  it("BK-11 only-if-no-other: the functional nyumba while another front pit is occupied", () => {
    const r = place(initial(KIS, { nyumbaTax: "only-if-no-other" }), "B5");
    expect(r).toMatchObject({ reason: "placement", rule: "BK-11" });
    expect(r?.message).toMatch(/^a seed placed in B5: B5 is the functional nyumba; .*\(BK-11\)$/);
  });

  it("BK-13 no placement once the hand is empty (mtaji phase)", () => {
    expect(place(kis("S", { B6: 2, C1: 1 }, none), "B6")).toEqual({
      reason: "placement",
      rule: "BK-13",
      message:
        "a seed placed in B6: South has no seeds in hand (mtaji phase); a turn starts by lifting a pit of two or more (BK-13)",
    });
  });

  it("BK-2 bao-kujifunza has no hand", () => {
    expect(place(kuj("S", { B6: 2, C1: 1 }), "B6")).toMatchObject({
      reason: "placement",
      rule: "BK-2",
    });
  });

  it("BK-16 no seed into the blocked pit", () => {
    const json = kis("S", { B3: 2, B6: 2, C8: 1 }, oneSeed, { takasia: true }, "B3");
    expect(place(json, "B3")).toEqual({
      reason: "placement",
      rule: "BK-16",
      message:
        "a seed placed in B3: B3 is blocked this turn (takasia): no seed may be placed there (BK-16)",
    });
  });

  it("BK-18 a capture spot whose captures (either kichwa) pass the stage limit", () => {
    // B4 (1+1) takes C4; from B1: B1, B2 (2) — or from B8: B8, B7 (2) — relay: a second sowing.
    const json = kis("S", { B2: 1, B4: 1, B7: 1, C4: 2, C8: 1 }, oneSeed, { maxStages: 1 });
    expect(place(json, "B4")).toEqual({
      reason: "stage-limit",
      rule: "BK-18",
      message:
        "a seed placed in B4: B4*L and B4*R would both need more than 1 sowing, so neither is a legal turn (BK-18)",
    });
  });
});

describe("refusal: property", () => {
  it("refused exactly when no legal move begins with the act; the message names the pit and cites the rule", () => {
    fc.assert(
      fc.property(anyPositionJsonArb, (json) => {
        const { game, position } = parse(json);
        const firsts = game.legal(position).moves.map((m) => m.trace[0]);
        for (const pit of game.layout.places) {
          for (const kind of ["start", "place"] as const) {
            const op = kind === "start" ? "lift" : "place";
            const begins = firsts.some((s) => s?.op === op && s.pit === pit);
            const r = game.refusal(position, { kind, place: pit });
            expect(r === null, `${kind} ${pit}`).toBe(begins);
            if (r === null) continue;
            expect(r.message).toContain(pit);
            expect(r.message).toContain(`(${r.rule})`);
          }
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe("withBoard: other counts or side to move; hands and nyumba kept", () => {
  it("BK-1 a seed moved on the board: hands and nyumba stay", () => {
    const { game, position } = parse(initial(KIS));
    const counts = game.sensorView(position).counts.slice();
    counts[13] -= 1; // B6 gives one to B4
    counts[11] += 1;
    const r = game.withBoard(position, { counts });
    if (!r.ok) throw new Error(r.error.message);
    expect(game.sensorView(r.value).counts).toEqual(counts);
    expect(handOf(game, r.value)).toEqual({ S: 22, N: 22 });
    expect(game.positionToJSON(r.value).nyumba).toEqual({ S: true, N: true });
  });

  it("BK-3 who moves first; a BK-16 block belongs to the turn it was set for", () => {
    const json = kis("S", { B3: 2, B6: 2, C8: 1 }, none, { takasia: true }, "B3");
    const { game, position } = parse(json);
    const same = game.withBoard(position, { toMove: "S" });
    expect(same.ok && game.positionToJSON(same.value).blocked).toBe("B3");
    const other = game.withBoard(position, { toMove: "N" });
    if (!other.ok) throw new Error(other.error.message);
    expect(other.value.toMove).toBe("N");
    expect(game.positionToJSON(other.value).blocked).toBeNull();
  });

  it("BK-1 a changed seed total is an error value", () => {
    const { game, position } = parse(initial(KIS));
    const counts = game.sensorView(position).counts.slice();
    counts[0] = 1;
    const r = game.withBoard(position, { counts });
    expect(r.ok ? null : r.error).toMatchObject({ code: "bad-position", rule: "BK-1" });
  });

  it("BK-12 an owned nyumba may not be emptied", () => {
    const { game, position } = parse(initial(KIS));
    const counts = game.sensorView(position).counts.slice();
    counts[11] += counts[12] as number; // B5's seeds to B4
    counts[12] = 0;
    const r = game.withBoard(position, { counts });
    expect(r.ok ? null : r.error).toMatchObject({ code: "bad-position", rule: "BK-12" });
  });

  it("bao-kujifunza: the same board and side give an equal position back", () => {
    const { game, position } = parse(initial(KUJ));
    const p: Position = position;
    const r = game.withBoard(p, { counts: game.sensorView(p).counts, toMove: "S" });
    expect(r.ok && game.positionToJSON(r.value)).toEqual(game.positionToJSON(p));
    expect(game.withBoard(p, { counts: [1, 2, 3] }).ok).toBe(false);
  });
});
