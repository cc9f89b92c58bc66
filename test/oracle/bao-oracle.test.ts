// Hand-checked tests of the Bao oracle itself (test/oracle/bao-oracle.ts). Every expected
// move list, trace and board below was worked out by hand from
// /work/shared/rules/bao-kiswahili.md before running the oracle.

import { describe, expect, test } from "vitest";
import fc from "fast-check";
import {
  BAO_GAMES,
  baoApply,
  baoDefaultOptions,
  baoInitial,
  baoLegal,
  baoOutcome,
  baoPerft,
} from "./bao-oracle.js";
import type { BaoOptions, BaoPosition, Row, Side, TraceStep } from "./bao-oracle.js";

const ZERO = [0, 0, 0, 0, 0, 0, 0, 0];

interface Spec {
  toMove?: Side;
  A?: number[];
  B?: number[];
  C?: number[];
  D?: number[];
  hand?: { S: number; N: number };
  nyumba?: { S: boolean; N: boolean };
  blocked?: string | null;
  options?: Partial<BaoOptions>;
}

function pitsOf(s: Spec): Record<Row, number[]> {
  return {
    A: (s.A ?? ZERO).slice(),
    B: (s.B ?? ZERO).slice(),
    C: (s.C ?? ZERO).slice(),
    D: (s.D ?? ZERO).slice(),
  };
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

/** A kiswahili position (hand 0/0 and no nyumba unless given); checks the 64 seeds. */
function kis(s: Spec): BaoPosition {
  const options = { ...baoDefaultOptions("bao-kiswahili"), ...(s.options ?? {}) };
  const pits = pitsOf(s);
  const hand = s.hand ?? { S: 0, N: 0 };
  const total = sum([...pits.A, ...pits.B, ...pits.C, ...pits.D]) + hand.S + hand.N;
  if (total !== 64) throw new Error(`test position has ${total} seeds, not 64`);
  const pos: BaoPosition = {
    game: "bao-kiswahili",
    options,
    toMove: s.toMove ?? "S",
    pits,
    hand,
    nyumba: s.nyumba ?? { S: false, N: false },
  };
  if (options.takasia === true) pos.blocked = s.blocked ?? null;
  return pos;
}

/** A kujifunza position; checks the 64 seeds. */
function kuj(s: Spec): BaoPosition {
  const pits = pitsOf(s);
  const total = sum([...pits.A, ...pits.B, ...pits.C, ...pits.D]);
  if (total !== 64) throw new Error(`test position has ${total} seeds, not 64`);
  return {
    game: "bao-kujifunza",
    options: { ...baoDefaultOptions("bao-kujifunza"), ...(s.options ?? {}) },
    toMove: s.toMove ?? "S",
    pits,
  };
}

function names(pos: BaoPosition): string[] {
  return baoLegal(pos).map((m) => m.move);
}

function sows(...pits: string[]): TraceStep[] {
  return pits.map((pit) => ({ op: "sow", pit }));
}

/** Replays a trace on a position: checks every count, the circuit, and the result. */
function replay(pos: BaoPosition, trace: TraceStep[]): BaoPosition {
  const pits = pitsOf(pos.pits);
  const reserve = pos.hand ? { ...pos.hand } : { S: 0, N: 0 };
  const own: Row[] = pos.toMove === "S" ? ["A", "B"] : ["C", "D"];
  const oppFront: Row = pos.toMove === "S" ? "C" : "B";
  let hand = 0;
  for (const step of trace) {
    const row = step.pit[0] as Row;
    const i = Number(step.pit.slice(1)) - 1;
    if (step.op === "sow") {
      if (!own.includes(row)) throw new Error("sow outside own circuit");
      if (hand <= 0) throw new Error("sow with empty hand");
      hand -= 1;
      pits[row][i] += 1;
    } else if (step.op === "place") {
      if (row !== (pos.toMove === "S" ? "B" : "C")) throw new Error("place outside front row");
      if (pits[row][i] === 0) throw new Error("place into an empty pit");
      if (hand !== 0) throw new Error("place with seeds in hand");
      reserve[pos.toMove] -= 1;
      if (reserve[pos.toMove] < 0) throw new Error("place with an empty reserve");
      pits[row][i] += 1;
    } else if (step.op === "lift") {
      if (!own.includes(row)) throw new Error("lift from the opponent");
      if (hand !== 0) throw new Error("lift with seeds in hand");
      if (step.n <= 0 || step.n > pits[row][i]) throw new Error("bad lift at " + step.pit);
      hand += step.n;
      pits[row][i] -= step.n;
    } else {
      if (row !== oppFront) throw new Error("capture outside the opponent's front row");
      if (hand !== 0) throw new Error("capture with seeds in hand");
      if (step.n <= 0 || step.n !== pits[row][i]) throw new Error("bad capture at " + step.pit);
      hand += step.n;
      pits[row][i] = 0;
    }
  }
  if (hand !== 0) throw new Error("seeds left in hand");
  const out: BaoPosition = { ...pos, pits };
  if (pos.hand) out.hand = reserve;
  return out;
}

describe("bao oracle: setup (BK-1, BK-2)", () => {
  test("BK-1 zanzibar and malawi, BK-2 kujifunza", () => {
    const z = baoInitial("bao-kiswahili");
    expect(z.pits.B).toEqual([0, 0, 0, 0, 6, 2, 2, 0]);
    expect(z.pits.C).toEqual([0, 2, 2, 6, 0, 0, 0, 0]);
    expect(z.hand).toEqual({ S: 22, N: 22 });
    expect(z.nyumba).toEqual({ S: true, N: true });
    expect(z.blocked).toBeUndefined();
    expect(z.options).toEqual({
      setup: "zanzibar",
      nyumbaTax: "always",
      safari: "choice",
      takasia: false,
      maxStages: 200,
    });
    const m = baoInitial("bao-kiswahili", { setup: "malawi", takasia: true });
    expect(m.pits.B[4]).toBe(8);
    expect(m.pits.C[3]).toBe(8);
    expect(m.hand).toEqual({ S: 20, N: 20 });
    expect(m.blocked).toBeNull();
    const k = baoInitial("bao-kujifunza");
    expect(k.options).toEqual({ maxStages: 200 });
    expect(k.hand).toBeUndefined();
    expect(k.nyumba).toBeUndefined();
    expect(k.pits.A).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
  });

  test("BK-9/BK-11 the six opening moves, with the taxed nyumba", () => {
    const p = baoInitial("bao-kiswahili");
    expect(names(p)).toEqual(["B5*+", "B5*-", "B6*+", "B6*-", "B7*+", "B7*-"]);
    const tax = baoApply(p, "B5*+");
    expect(tax.trace).toEqual([
      { op: "place", pit: "B5" },
      { op: "lift", pit: "B5", n: 2 },
      ...sows("B6", "B7"),
      { op: "lift", pit: "B7", n: 3 },
      ...sows("B8", "A8", "A7"),
    ]);
    expect(tax.position.pits.B).toEqual([0, 0, 0, 0, 5, 3, 0, 1]);
    expect(tax.position.pits.A).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    expect(tax.position.hand).toEqual({ S: 21, N: 22 });
    expect(tax.position.nyumba).toEqual({ S: true, N: true });
    expect(tax.position.toMove).toBe("N");
    // BK-11 only-if-no-other: the functional nyumba is not the only occupied front pit.
    const o = baoInitial("bao-kiswahili", { nyumbaTax: "only-if-no-other" });
    expect(names(o)).toEqual(["B6*+", "B6*-", "B7*+", "B7*-"]);
  });
});

describe("bao oracle: captures (BK-4, BK-5, BK-6, BK-8)", () => {
  test("BK-5 a capture in a kimbi sows from the nearest kichwa, reversing the direction", () => {
    const p = kis({
      A: [4, 4, 4, 4, 4, 4, 3, 2],
      B: [0, 1, 0, 2, 0, 0, 0, 0],
      C: [0, 3, 0, 0, 0, 0, 0, 0],
      D: [4, 4, 4, 4, 4, 4, 4, 1],
    });
    // B4- sows B3, B2: B2 held 1 and faces C2=3 -> capture, sown clockwise from B1.
    const m = baoApply(p, "B4-");
    expect(m.trace).toEqual([
      { op: "lift", pit: "B4", n: 2 },
      ...sows("B3", "B2"),
      { op: "capture", pit: "C2", n: 3 },
      ...sows("B1", "B2", "B3"),
      { op: "lift", pit: "B3", n: 2 },
      ...sows("B4", "B5"),
    ]);
    expect(m.position.pits.B).toEqual([1, 3, 0, 1, 1, 0, 0, 0]);
    expect(m.position.pits.C).toEqual(ZERO);
    // C row now empty: North has lost (BK-17).
    expect(baoOutcome(m.position)?.winner).toBe("S");
    expect(baoLegal(m.position)).toEqual([]);
  });

  test("BK-5 exception: free kichwa at a namua capture outside the kimbi; kimbi has none", () => {
    const p = kis({
      A: [5, 5, 5, 5, 0, 0, 0, 0],
      B: [0, 1, 0, 1, 0, 0, 0, 0],
      C: [0, 1, 0, 2, 0, 0, 0, 1],
      D: [5, 5, 4, 4, 0, 0, 0, 0],
      hand: { S: 10, N: 10 },
      nyumba: { S: false, N: true },
    });
    expect(names(p)).toEqual(["B2*", "B4*L", "B4*R"]);
    const kimbi = baoApply(p, "B2*");
    expect(kimbi.trace).toEqual([
      { op: "place", pit: "B2" },
      { op: "capture", pit: "C2", n: 1 },
      ...sows("B1"),
    ]);
    expect(kimbi.position.pits.B).toEqual([1, 2, 0, 1, 0, 0, 0, 0]);
    expect(kimbi.position.nyumba).toEqual({ S: false, N: true });
    // L: from B1 clockwise; B2 (held 1) faces C2 -> capture again from B1 (kimbi); B1 relays.
    const left = baoApply(p, "B4*L");
    expect(left.trace).toEqual([
      { op: "place", pit: "B4" },
      { op: "capture", pit: "C4", n: 2 },
      ...sows("B1", "B2"),
      { op: "capture", pit: "C2", n: 1 },
      ...sows("B1"),
      { op: "lift", pit: "B1", n: 2 },
      ...sows("B2", "B3"),
    ]);
    expect(left.position.pits.B).toEqual([0, 3, 1, 2, 0, 0, 0, 0]);
    expect(left.position.pits.C).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(left.position.hand).toEqual({ S: 9, N: 10 });
    expect(left.position.nyumba).toEqual({ S: false, N: false }); // BK-12: C4 captured
    // R: from B8 counter-clockwise.
    const right = baoApply(p, "B4*R");
    expect(right.trace).toEqual([
      { op: "place", pit: "B4" },
      { op: "capture", pit: "C4", n: 2 },
      ...sows("B8", "B7"),
    ]);
    expect(right.position.pits.B).toEqual([0, 1, 0, 2, 0, 0, 1, 1]);
  });

  test("BK-8 captures are compulsory; BK-18 a refused capture does not count", () => {
    // South B3=2: B3+ lands in B5 (held 1, facing C5) and captures; B3- does not.
    const p = kuj({
      A: [0, 0, 0, 0, 0, 0, 0, 3],
      B: [0, 0, 2, 0, 1, 0, 0, 0],
      C: [0, 0, 0, 0, 2, 0, 0, 0],
      D: [8, 8, 8, 8, 8, 8, 8, 0],
    });
    // C5=2 sown from B1 (B5 is not in a kimbi, direction clockwise): B1, B2 -> end.
    expect(names(p)).toEqual(["B3+"]);
    expect(baoApply(p, "B3+").trace).toEqual([
      { op: "lift", pit: "B3", n: 2 },
      ...sows("B4", "B5"),
      { op: "capture", pit: "C5", n: 2 },
      ...sows("B1", "B2"),
    ]);
    // With one stage allowed the capture's sowing would be stage 2: not a capture that
    // must be made, so the takasa starts of the front row are legal (BK-15: not A8).
    const one = { ...p, options: { maxStages: 1 } };
    expect(names(one)).toEqual(["B3-"]);
  });

  test("BK-18 the namua placement is not a stage", () => {
    const p = kis({
      A: [5, 5, 5, 5, 0, 0, 0, 0],
      B: [0, 1, 0, 1, 0, 0, 0, 0],
      C: [0, 1, 0, 2, 0, 0, 0, 1],
      D: [5, 5, 4, 4, 0, 0, 0, 0],
      hand: { S: 10, N: 10 },
      nyumba: { S: false, N: true },
    });
    // B2* and B4*R are one sowing each; B4*L takes three (capture, capture, relay).
    for (const [maxStages, expected] of [
      [1, ["B2*", "B4*R"]],
      [2, ["B2*", "B4*R"]],
      [3, ["B2*", "B4*L", "B4*R"]],
    ] as const) {
      expect(names({ ...p, options: { ...p.options, maxStages } })).toEqual(expected);
    }
  });
});

describe("bao oracle: nyumba (BK-7, BK-11, BK-12)", () => {
  // South's owned nyumba B5=5, B3=2; no capture anywhere; North only C8 and the D row.
  const base: Spec = {
    A: [1, 0, 0, 0, 0, 0, 0, 0],
    B: [0, 0, 2, 0, 5, 0, 0, 0],
    C: [0, 0, 0, 0, 0, 0, 0, 1],
    D: [7, 7, 7, 7, 7, 7, 7, 6],
    nyumba: { S: true, N: false },
  };

  test("BK-7/BK-12 a takasa ending in the functional nyumba (5 + 1) ends the turn", () => {
    const p = kis(base);
    expect(names(p)).toEqual(["B3+", "B3-", "B5+", "B5-"]);
    const m = baoApply(p, "B3+");
    expect(m.trace).toEqual([{ op: "lift", pit: "B3", n: 2 }, ...sows("B4", "B5")]);
    expect(m.position.pits.B).toEqual([0, 0, 0, 1, 6, 0, 0, 0]);
    expect(m.position.nyumba).toEqual({ S: true, N: false });
    // BK-12: starting from the nyumba in the mtaji phase sows it whole and ends ownership.
    const h = baoApply(p, "B5-");
    expect(h.trace).toEqual([
      { op: "lift", pit: "B5", n: 5 },
      ...sows("B4", "B3", "B2", "B1", "A1"),
      { op: "lift", pit: "A1", n: 2 },
      ...sows("A2", "A3"),
    ]);
    expect(h.position.nyumba).toEqual({ S: false, N: false });
    // Without ownership the same landing relays: B5 (6) -> B6..A8, A7 empty.
    const free = baoApply(kis({ ...base, nyumba: { S: false, N: false } }), "B3+");
    expect(free.trace).toEqual([
      { op: "lift", pit: "B3", n: 2 },
      ...sows("B4", "B5"),
      { op: "lift", pit: "B5", n: 6 },
      ...sows("B6", "B7", "B8", "A8", "A7", "A6"),
    ]);
  });

  // B6+ lands in B8 (held 1) facing C8=4: kimbi capture sown from B8 counter-clockwise,
  // B8, B7, B6, B5 -> the owned nyumba reaches 6, C5 is empty: the safari choice.
  const safari: Spec = {
    B: [0, 0, 0, 0, 5, 2, 0, 1],
    C: [0, 0, 1, 0, 0, 0, 0, 4],
    D: [7, 7, 7, 6, 6, 6, 6, 6],
    nyumba: { S: true, N: false },
  };

  test("BK-12 safari declined (.) and chosen (s) at the end of a mtaji sowing", () => {
    const p = kis(safari);
    expect(names(p)).toEqual(["B6+/.", "B6+/s"]);
    const head: TraceStep[] = [
      { op: "lift", pit: "B6", n: 2 },
      ...sows("B7", "B8"),
      { op: "capture", pit: "C8", n: 4 },
      ...sows("B8", "B7", "B6", "B5"),
    ];
    const stop = baoApply(p, "B6+/.");
    expect(stop.trace).toEqual(head);
    expect(stop.position.pits.B).toEqual([0, 0, 0, 0, 6, 1, 2, 3]);
    expect(stop.position.nyumba).toEqual({ S: true, N: false });
    const go = baoApply(p, "B6+/s");
    expect(go.trace).toEqual([
      ...head,
      { op: "lift", pit: "B5", n: 6 },
      ...sows("B4", "B3", "B2", "B1", "A1", "A2"),
    ]);
    expect(go.position.pits.B).toEqual([1, 1, 1, 1, 0, 1, 2, 3]);
    expect(go.position.pits.A).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    expect(go.position.nyumba).toEqual({ S: false, N: false });
  });

  test("BK-12 safari mandatory: no choice character, the relay is forced", () => {
    const p = kis({ ...safari, options: { safari: "mandatory" } });
    expect(names(p)).toEqual(["B6+"]);
    expect(baoApply(p, "B6+").position.nyumba).toEqual({ S: false, N: false });
    // With maxStages 2 the safari (stage 3) is refused: "choice" keeps only the stop.
    expect(names(kis({ ...safari, options: { maxStages: 2 } }))).toEqual(["B6+/."]);
    // "mandatory" and 2 stages: the capture has no path left, so it is not compulsory (T5)
    // and the takasa starts of the front row are legal (B6+ stays out: it is a capture).
    expect(names(kis({ ...safari, options: { maxStages: 2, safari: "mandatory" } }))).toEqual([
      "B5+",
      "B5-",
      "B6-",
    ]);
  });

  // Namua: South B2=2, owned nyumba B5=5 (6 after the placement), facing pits empty.
  const taxSpec: Spec = {
    B: [0, 2, 0, 0, 5, 0, 0, 0],
    C: [0, 0, 0, 0, 0, 0, 0, 1],
    D: [5, 5, 5, 5, 4, 4, 4, 4],
    hand: { S: 10, N: 10 },
    nyumba: { S: true, N: false },
  };

  test("BK-11 tax 'always': two seeds out of the functional nyumba, which stays owned", () => {
    const p = kis(taxSpec);
    expect(names(p)).toEqual(["B2*+", "B2*-", "B5*+", "B5*-"]);
    const m = baoApply(p, "B5*+");
    expect(m.trace).toEqual([
      { op: "place", pit: "B5" },
      { op: "lift", pit: "B5", n: 2 },
      ...sows("B6", "B7"),
    ]);
    expect(m.position.pits.B).toEqual([0, 2, 0, 0, 4, 1, 1, 0]);
    expect(m.position.nyumba).toEqual({ S: true, N: false });
    expect(m.position.hand).toEqual({ S: 9, N: 10 });
    // B2*+ sows B3, B4, B5: the nyumba reaches 6 and the takasa stops there (BK-7).
    expect(baoApply(p, "B2*+").trace).toEqual([
      { op: "place", pit: "B2" },
      { op: "lift", pit: "B2", n: 3 },
      ...sows("B3", "B4", "B5"),
    ]);
  });

  test("BK-11 tax 'only-if-no-other': the nyumba only when it is the only occupied front pit", () => {
    const p = kis({ ...taxSpec, options: { nyumbaTax: "only-if-no-other" } });
    expect(names(p)).toEqual(["B2*+", "B2*-"]);
    const alone = kis({
      ...taxSpec,
      A: [2, 0, 0, 0, 0, 0, 0, 0],
      B: [0, 0, 0, 0, 5, 0, 0, 0],
      options: { nyumbaTax: "only-if-no-other" },
    });
    expect(names(alone)).toEqual(["B5*+", "B5*-"]);
    expect(baoApply(alone, "B5*-").trace).toEqual([
      { op: "place", pit: "B5" },
      { op: "lift", pit: "B5", n: 2 },
      ...sows("B4", "B3"),
    ]);
  });

  test("BK-11/BK-12 an owned nyumba that is not functional (3 + 1) is sown whole", () => {
    const p = kis({
      ...taxSpec,
      A: [2, 0, 0, 0, 0, 0, 0, 0],
      B: [0, 2, 0, 0, 3, 0, 0, 0],
    });
    const m = baoApply(p, "B5*+");
    expect(m.trace).toEqual([
      { op: "place", pit: "B5" },
      { op: "lift", pit: "B5", n: 4 },
      ...sows("B6", "B7", "B8", "A8"),
    ]);
    expect(m.position.nyumba).toEqual({ S: false, N: false });
  });
});

describe("bao oracle: namua takasa restrictions (BK-10)", () => {
  // North: C4=1 faces the empty B4; 41 seeds on the board.
  const north = { C: [0, 0, 0, 1, 0, 0, 0, 0], D: [5, 5, 5, 5, 5, 5, 5, 5] };

  test("BK-10 a single-seed pit only when no front pit holds two or more", () => {
    const namua = kis({
      ...north,
      A: [0, 0, 0, 0, 0, 0, 0, 3],
      B: [0, 0, 1, 0, 0, 2, 0, 0],
      hand: { S: 9, N: 8 },
    });
    expect(names(namua)).toEqual(["B6*+", "B6*-"]);
    const singles = kis({
      ...north,
      A: [0, 0, 0, 0, 0, 0, 0, 4],
      B: [0, 0, 1, 0, 0, 0, 1, 0],
      hand: { S: 9, N: 8 },
    });
    expect(names(singles)).toEqual(["B3*+", "B3*-", "B7*+", "B7*-"]);
    expect(baoApply(singles, "B7*-").trace).toEqual([
      { op: "place", pit: "B7" },
      { op: "lift", pit: "B7", n: 2 },
      ...sows("B6", "B5"),
    ]);
  });

  test("BK-10 a lone kichwa may not empty the front row towards the back row", () => {
    const left = kis({ ...north, B: [2, 0, 0, 0, 0, 0, 0, 0], hand: { S: 13, N: 8 } });
    expect(names(left)).toEqual(["B1*+"]);
    const right = kis({ ...north, B: [0, 0, 0, 0, 0, 0, 0, 2], hand: { S: 13, N: 8 } });
    expect(names(right)).toEqual(["B8*-"]);
    // 8 + 1 = 9 seeds from B1 go A1..A8 and B8: the front row is not left empty.
    const big = kis({ ...north, B: [8, 0, 0, 0, 0, 0, 0, 0], hand: { S: 7, N: 8 } });
    expect(names(big)).toEqual(["B1*+", "B1*-"]);
    expect(baoApply(big, "B1*-").trace).toEqual([
      { op: "place", pit: "B1" },
      { op: "lift", pit: "B1", n: 9 },
      ...sows("A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "B8"),
    ]);
    // Not lone: another occupied front pit (a single seed, not chosen: BK-10) lifts the ban.
    const two = kis({ ...north, B: [2, 0, 1, 0, 0, 0, 0, 0], hand: { S: 12, N: 8 } });
    expect(names(two)).toEqual(["B1*+", "B1*-"]);
  });
});

describe("bao oracle: mtaji phase starts (BK-13, BK-14, BK-15)", () => {
  test("BK-14 a start of more than 15 seeds is always takasa", () => {
    // B3=17: B3+ laps the circuit and lands in B4 (held 1) facing C4=1, but relays.
    const p = kuj({
      B: [0, 0, 17, 0, 0, 0, 0, 0],
      C: [0, 0, 0, 1, 0, 0, 0, 0],
      D: [6, 6, 6, 6, 6, 6, 5, 5],
    });
    expect(names(p)).toEqual(["B3+", "B3-"]);
    const m = baoApply(p, "B3+");
    expect(m.trace).toEqual([
      { op: "lift", pit: "B3", n: 17 },
      ...sows("B4", "B5", "B6", "B7", "B8", "A8", "A7", "A6", "A5", "A4", "A3", "A2", "A1"),
      ...sows("B1", "B2", "B3", "B4"),
      { op: "lift", pit: "B4", n: 2 },
      ...sows("B5", "B6"),
      { op: "lift", pit: "B6", n: 2 },
      ...sows("B7", "B8"),
      { op: "lift", pit: "B8", n: 2 },
      ...sows("A8", "A7"),
      { op: "lift", pit: "A7", n: 2 },
      ...sows("A6", "A5"),
      { op: "lift", pit: "A5", n: 2 },
      ...sows("A4", "A3"),
      { op: "lift", pit: "A3", n: 2 },
      ...sows("A2", "A1"),
      { op: "lift", pit: "A1", n: 2 },
      ...sows("B1", "B2"),
      { op: "lift", pit: "B2", n: 2 },
      ...sows("B3", "B4"),
    ]);
    expect(m.position.pits.B).toEqual([2, 0, 2, 1, 2, 0, 2, 0]);
    expect(m.position.pits.A).toEqual([0, 2, 0, 2, 0, 2, 0, 2]);
    expect(m.position.pits.C).toEqual([0, 0, 0, 1, 0, 0, 0, 0]);
    // BK-18: that turn takes 9 sowings.
    expect(names({ ...p, options: { maxStages: 9 } })).toContain("B3+");
    expect(names({ ...p, options: { maxStages: 8 } })).not.toContain("B3+");
  });

  test("BK-15 a takasa starts in the front row when it has a pit of two or more", () => {
    const p = kuj({
      A: [0, 0, 3, 0, 0, 0, 0, 0],
      B: [0, 0, 0, 2, 0, 0, 0, 0],
      C: [1, 1, 1, 1, 1, 1, 1, 1],
      D: [7, 7, 7, 6, 6, 6, 6, 6],
    });
    expect(names(p)).toEqual(["B4+", "B4-"]);
    const back = kuj({
      A: [0, 0, 3, 0, 0, 0, 0, 0],
      B: [0, 0, 0, 1, 0, 0, 0, 0],
      C: [1, 1, 1, 1, 1, 1, 1, 1],
      D: [7, 7, 7, 7, 6, 6, 6, 6],
    });
    expect(names(back)).toEqual(["A3+", "A3-"]);
    // A3+ runs A2, A1, B1 (clockwise: A -> B at column 1).
    expect(baoApply(back, "A3+").trace).toEqual([
      { op: "lift", pit: "A3", n: 3 },
      ...sows("A2", "A1", "B1"),
    ]);
  });

  test("North's directions: + runs C8 -> C1 -> D1, - the reverse; C1 is North's right kichwa", () => {
    // North C2=2 facing B2... C2- sows C3, C4: C4 held 1 facing B4=1 -> capture; C4 is not
    // a kimbi, the direction is counter-clockwise -> sown from the right kichwa C1 onwards.
    const p = kuj({
      A: [8, 8, 8, 8, 8, 8, 8, 4],
      B: [0, 0, 0, 1, 0, 0, 0, 0],
      C: [0, 2, 0, 1, 0, 0, 0, 0],
      toMove: "N",
    });
    expect(names(p)).toEqual(["C2-"]);
    expect(baoApply(p, "C2-").trace).toEqual([
      { op: "lift", pit: "C2", n: 2 },
      ...sows("C3", "C4"),
      { op: "capture", pit: "B4", n: 1 },
      ...sows("C1"),
    ]);
  });
});

describe("bao oracle: takasia (BK-16)", () => {
  // South (mtaji phase) has no capture; B7- sows B6, B5. Afterwards South's only capture
  // is B3+ (B4, B5 -> C5) and North has none: C5 is blocked (C8 also holds 2: no exemption).
  const spec: Spec = {
    A: [0, 0, 0, 0, 20, 0, 0, 0],
    B: [0, 0, 2, 0, 0, 0, 2, 0],
    C: [0, 0, 0, 0, 2, 0, 0, 2],
    D: [0, 0, 0, 36, 0, 0, 0, 0],
  };

  test("BK-16 takasia on: the single threatened pit is blocked for North's next turn", () => {
    const p = kis({ ...spec, options: { takasia: true } });
    expect(names(p)).toEqual(["B3+", "B3-", "B7+", "B7-"]);
    const m = baoApply(p, "B7-");
    expect(m.position.pits.B).toEqual([0, 0, 2, 0, 1, 1, 0, 0]);
    expect(m.position.blocked).toBe("C5");
    expect(names(m.position)).toEqual(["C8+", "C8-"]);
    // B7+ (B8, A8) leaves B5 empty: South has no capture at all -> no block.
    expect(baoApply(p, "B7+").position.blocked).toBeNull();
    // The block lasts one turn: after North's takasa C8+ South can capture (B3+ -> C5),
    // so nothing is blocked for South.
    expect(baoApply(m.position, "C8+").position.blocked).toBeNull();
  });

  test("BK-16 exemption: the only front pit with two or more seeds is never blocked", () => {
    const p = kis({
      ...spec,
      C: [0, 0, 0, 0, 2, 0, 0, 1],
      D: [0, 0, 0, 37, 0, 0, 0, 0],
      options: { takasia: true },
    });
    expect(baoApply(p, "B7-").position.blocked).toBeNull();
  });

  test("BK-16 takasia off: no block, and no `blocked` field", () => {
    const m = baoApply(kis(spec), "B7-");
    expect(m.position.blocked).toBeUndefined();
    expect("blocked" in m.position).toBe(false);
    expect(names(m.position)).toEqual(["C5+", "C5-", "C8+", "C8-"]);
  });

  test("BK-16 a relay ending in the blocked pit stops", () => {
    const q: Spec = {
      toMove: "N",
      A: [0, 0, 0, 0, 22, 0, 0, 0],
      B: [0, 0, 2, 0, 0, 0, 0, 0],
      C: [0, 0, 0, 0, 2, 0, 2, 0],
      D: [0, 0, 0, 36, 0, 0, 0, 0],
    };
    const blocked = kis({ ...q, blocked: "C5", options: { takasia: true } });
    expect(names(blocked)).toEqual(["C7+", "C7-"]);
    expect(baoApply(blocked, "C7+").trace).toEqual([
      { op: "lift", pit: "C7", n: 2 },
      ...sows("C6", "C5"),
    ]);
    const open = kis({ ...q, options: { takasia: true } });
    expect(names(open)).toEqual(["C5+", "C5-", "C7+", "C7-"]);
    expect(baoApply(open, "C7+").trace).toEqual([
      { op: "lift", pit: "C7", n: 2 },
      ...sows("C6", "C5"),
      { op: "lift", pit: "C5", n: 3 },
      ...sows("C4", "C3", "C2"),
    ]);
  });
});

describe("bao oracle: end of the game (BK-17)", () => {
  test("BK-17 the player to move with an empty front row has lost", () => {
    const p = kuj({
      A: [4, 4, 4, 4, 4, 4, 4, 4],
      C: [1, 0, 0, 0, 0, 0, 0, 0],
      D: [4, 4, 4, 4, 4, 4, 4, 3],
    });
    expect(baoOutcome(p)).toMatchObject({ winner: "N", score: { S: 32, N: 32 } });
    expect(baoOutcome(p)?.reason).toContain("BK-17");
    expect(baoLegal(p)).toEqual([]);
    expect(() => baoApply(p, "A1+")).toThrow();
  });

  test("BK-17 the opponent's empty front row: the player to move has won", () => {
    const p = kuj({
      A: [4, 4, 4, 4, 4, 4, 4, 4],
      B: [1, 0, 0, 0, 0, 0, 0, 0],
      D: [4, 4, 4, 4, 4, 4, 4, 3],
    });
    expect(baoOutcome(p)?.winner).toBe("S");
    expect(baoLegal(p)).toEqual([]);
  });

  test("BK-17 both front rows empty: the player to move has lost", () => {
    const p = kuj({ A: [4, 4, 4, 4, 4, 4, 4, 4], D: [4, 4, 4, 4, 4, 4, 4, 4], toMove: "N" });
    expect(baoOutcome(p)?.winner).toBe("S");
  });

  test("BK-17 no legal start; and a takasa that empties the mover's own front row", () => {
    const stuck = kuj({
      A: [1, 1, 1, 1, 1, 1, 1, 1],
      B: [1, 1, 1, 1, 1, 1, 1, 1],
      C: [1, 0, 0, 0, 0, 0, 0, 0],
      D: [6, 6, 6, 6, 6, 6, 6, 5],
    });
    expect(baoOutcome(stuck)?.winner).toBe("N");
    expect(baoLegal(stuck)).toEqual([]);
    const p = kuj({
      B: [2, 0, 0, 0, 0, 0, 0, 0],
      C: [0, 0, 0, 1, 0, 0, 0, 0],
      D: [8, 8, 8, 8, 8, 8, 8, 5],
    });
    expect(names(p)).toEqual(["B1+", "B1-"]);
    const m = baoApply(p, "B1-");
    expect(m.position.pits.A).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    expect(baoOutcome(m.position)?.winner).toBe("N");
    expect(baoOutcome(baoApply(p, "B1+").position)).toBeNull();
  });

  test("score counts the board and the reserve (DECISION)", () => {
    const p = kis({
      B: [1, 0, 0, 0, 0, 0, 0, 0],
      D: [4, 4, 4, 4, 4, 4, 4, 4],
      hand: { S: 20, N: 11 },
    });
    expect(baoOutcome(p)).toMatchObject({ winner: "S", score: { S: 21, N: 43 } });
  });
});

describe("bao oracle: consistency", () => {
  test("traces replay to the positions, seeds are conserved, moves are sorted (random play)", () => {
    const starts: BaoPosition[] = [
      baoInitial("bao-kiswahili"),
      baoInitial("bao-kiswahili", { nyumbaTax: "only-if-no-other", safari: "mandatory" }),
      baoInitial("bao-kiswahili", { setup: "malawi", takasia: true }),
      baoInitial("bao-kujifunza"),
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: starts.length - 1 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
        (which, picks) => {
          let pos = starts[which];
          for (const pick of picks) {
            const legal = baoLegal(pos);
            if (legal.length === 0) {
              expect(baoOutcome(pos)).not.toBeNull();
              return;
            }
            expect(baoOutcome(pos)).toBeNull();
            const sorted = legal.map((m) => m.move);
            expect(sorted).toEqual([...sorted].sort());
            const m = legal[pick % legal.length];
            const replayed = replay(pos, m.trace);
            expect(m.position.pits).toEqual(replayed.pits);
            expect(m.position.hand).toEqual(replayed.hand);
            const board = [
              ...m.position.pits.A,
              ...m.position.pits.B,
              ...m.position.pits.C,
              ...m.position.pits.D,
            ];
            const hands = m.position.hand ? m.position.hand.S + m.position.hand.N : 0;
            expect(sum(board) + hands).toBe(64);
            expect(m.position.toMove).not.toBe(pos.toMove);
            pos = m.position;
          }
        },
      ),
      { numRuns: 40, seed: 20261123 },
    );
  });

  test("perft from the initial positions, depths 1-3", () => {
    // The README's perft table (`kete perft`); takasia changes nothing this early.
    const cases: Array<[string, Partial<BaoOptions>, number[]]> = [
      ["bao-kiswahili", {}, [6, 28, 86]],
      ["bao-kiswahili", { setup: "malawi" }, [6, 28, 86]],
      ["bao-kiswahili", { nyumbaTax: "only-if-no-other" }, [4, 14, 30]],
      ["bao-kiswahili", { takasia: true }, [6, 28, 86]],
      ["bao-kujifunza", {}, [16, 108, 500]],
    ];
    for (const [game, options, expected] of cases) {
      expect(BAO_GAMES).toContain(game);
      const pos = baoInitial(game, options);
      const counts = [1, 2, 3].map((d) => baoPerft(pos, d));
      expect(counts, `${game} ${JSON.stringify(options)}`).toEqual(expected);
    }
  });

  test("perft depth 4 differs from kete perft only where a game is over", () => {
    // baoPerft counts a finished game as nothing, kete perft as one leaf: the
    // README's 315 (bao-kiswahili) and 1,918 (bao-kujifunza, where North can
    // be left with an empty inner row by ply 3).
    expect(baoPerft(baoInitial("bao-kiswahili"), 4)).toBe(315);
    expect(baoPerft(baoInitial("bao-kujifunza"), 4)).toBe(1902);
    const leaves = (pos: BaoPosition, depth: number): number => {
      const legal = depth === 0 ? [] : baoLegal(pos);
      return legal.length === 0 ? 1 : legal.reduce((n, m) => n + leaves(m.position, depth - 1), 0);
    };
    expect(leaves(baoInitial("bao-kujifunza"), 4)).toBe(1918);
  });
});
