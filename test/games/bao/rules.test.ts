/**
 * One or more tests per rule of shared/rules/bao-kiswahili.md (BK-1 … BK-18),
 * on hand-built positions in their JSON form. Every expected board, hand and
 * trace below was worked out by hand from the rules (the reasoning is in the
 * comments), never copied from the engine.
 *
 * Circuits (mancala-4x8.md, "Geometry"):
 *   South +: B1→B8→A8→A1→B1    South -: B1→A1→A8→B8→B1
 *   North +: D1→D8→C8→C1→D1    North -: D1→C1→C8→D8→D1
 * Kichwa: South left B1 (sows +), right B8 (sows -); North left C8 (+), right C1 (-).
 * Kimbi: B1 B2 B7 B8, C1 C2 C7 C8. Nyumba: South B5, North C4.
 *
 * To make up the 64 seeds, the rest goes into the back row of the player who
 * is not moving ("filler"): a turn never sows into it and never captures from it.
 */
import { describe, expect, it } from "vitest";
import type { Trace } from "../../../src/games/core/types.js";
import {
  getGame,
  kis,
  kuj,
  handOf,
  parse,
  pitsOf,
  replayTrace,
  traceOf,
  row,
  type BaoJSON,
  type Hand,
  type Pits,
} from "./helpers.js";
import { applyAsListed } from "../checks.js";

const KIS = "bao-kiswahili";
const KUJ = "bao-kujifunza";

/** A trace in the short form of ../fourrow/board.ts. */
const T = traceOf;

interface Played {
  pits: Pits;
  hand: Hand;
  trace: Trace;
  json: Record<string, unknown>;
}

/** Applies `move`, checks legal lists it with the same result and the trace replays to it. */
function play(json: BaoJSON, move: string): Played {
  const { game, position } = parse(json);
  const after = applyAsListed(game, position, move);
  const pits = pitsOf(game, after.position);
  const hand = handOf(game, after.position);
  const replay = replayTrace(json.pits, json.hand ?? { S: 0, N: 0 }, after.trace, json.toMove);
  expect(replay.pits).toEqual(pits);
  expect(replay.hand).toEqual(hand);
  return { pits, hand, trace: after.trace, json: game.positionToJSON(after.position) };
}

function moves(json: BaoJSON): string[] {
  const { game, position } = parse(json);
  return game.legal(position).moves.map((m) => m.move);
}

function refusal(json: BaoJSON, move: string): { code: string; message: string; rule?: string } {
  const { game, position } = parse(json);
  const r = game.apply(position, move);
  if (r.ok) throw new Error(`${move} was accepted`);
  return r.error;
}

const noNyumba = { S: false, N: false };
const none: Hand = { S: 0, N: 0 };

// ---------------------------------------------------------------------------
// BK-1, BK-2, BK-3: setups and the first player
// ---------------------------------------------------------------------------

describe("BK-1 / BK-2 / BK-3 setups", () => {
  it("BK-1 bao-kiswahili: B5 = 6, B6 = B7 = 2; C4 = 6, C3 = C2 = 2; 22 in each hand; both nyumba owned; South first", () => {
    const g = getGame(KIS);
    const r = g.initial();
    if (!r.ok) throw new Error(r.error.message);
    expect(g.positionToJSON(r.value)).toEqual({
      game: KIS,
      options: {
        setup: "zanzibar",
        nyumbaTax: "always",
        safari: "choice",
        takasia: false,
        maxStages: 200,
      },
      toMove: "S",
      pits: { A: row(0), B: [0, 0, 0, 0, 6, 2, 2, 0], C: [0, 2, 2, 6, 0, 0, 0, 0], D: row(0) },
      hand: { S: 22, N: 22 },
      nyumba: { S: true, N: true },
    });
  });

  it("BK-1 setup malawi: 8 in the nyumba, 20 in hand; with takasia the position carries blocked: null", () => {
    const g = getGame(KIS);
    const r = g.initial({ setup: "malawi", takasia: true });
    if (!r.ok) throw new Error(r.error.message);
    const json = g.positionToJSON(r.value);
    expect(json.pits).toEqual({
      A: row(0),
      B: [0, 0, 0, 0, 8, 2, 2, 0],
      C: [0, 2, 2, 8, 0, 0, 0, 0],
      D: row(0),
    });
    expect(json.hand).toEqual({ S: 20, N: 20 });
    expect(json.blocked).toBeNull();
  });

  it("BK-2 bao-kujifunza: 2 in every pit, no hand, no nyumba; only the maxStages option", () => {
    const g = getGame(KUJ);
    const r = g.initial();
    if (!r.ok) throw new Error(r.error.message);
    expect(g.positionToJSON(r.value)).toEqual({
      game: KUJ,
      options: { maxStages: 200 },
      toMove: "S",
      pits: { A: row(2), B: row(2), C: row(2), D: row(2) },
    });
    expect(g.initial({ takasia: true }).ok).toBe(false);
  });

  it("BK-3 the position's toMove says who moves: North may start", () => {
    const g = getGame(KIS);
    const r = g.initial();
    if (!r.ok) throw new Error(r.error.message);
    const json = { ...g.positionToJSON(r.value), toMove: "N" } as unknown as BaoJSON;
    // North's namua placements: C2, C3, C4 (C4 functional after the seed: taxed), each either way.
    expect(moves(json)).toEqual(["C2*+", "C2*-", "C3*+", "C3*-", "C4*+", "C4*-"]);
  });
});

// ---------------------------------------------------------------------------
// BK-4, BK-5, BK-6: captures and where captured seeds go
// ---------------------------------------------------------------------------

describe("BK-4 / BK-5 / BK-6 captures", () => {
  it("BK-5 a capture in a kimbi sows from the nearest kichwa, reversing the direction (South)", () => {
    // B4- lifts 2: B3, B2. B2 held 1 and C2 holds 3: capture spot, mtaji turn (BK-14).
    // BK-4: take C2's 3. BK-5: B2 is a kimbi, nearest kichwa B1, which sows clockwise —
    // the first sowing went counter-clockwise. B1 B2 B3: B3 held 1 (from the first
    // sowing), C3 empty: relay (BK-6) clockwise, lift 2: B4 (emptied, now 1), B5 (was empty): end.
    const json = kuj("S", { B2: 1, B4: 2, C2: 3, C8: 1 });
    const r = play(json, "B4-");
    expect(r.trace).toEqual(T("^B4:2 B3 B2 xC2:3 B1 B2 B3 ^B3:2 B4 B5"));
    expect(r.pits.B).toEqual([1, 3, 0, 1, 1, 0, 0, 0]);
    expect(r.pits.C).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    // BK-8: B4- is South's only capture, so B4+ is not legal.
    expect(moves(json)).toEqual(["B4-"]);
  });

  it("BK-5 a capture in a kimbi sows from the nearest kichwa, reversing the direction (North)", () => {
    // C5- (counter-clockwise for North: C5→C6→C7) lifts 2: C6, C7. C7 held 1, B7 holds 2: capture.
    // C7 is a kimbi, nearest kichwa C8 (North's left), which sows clockwise: C8, C7.
    // C7 held 2, B7 now empty: relay clockwise, lift 3: C6 (1→2), C5 (0→1), C4 (empty): end.
    const json = kuj("N", { C5: 2, C7: 1, B7: 2, B1: 1 });
    const r = play(json, "C5-");
    expect(r.trace).toEqual(T("^C5:2 C6 C7 xB7:2 C8 C7 ^C7:3 C6 C5 C4"));
    expect(r.pits.C).toEqual([0, 0, 0, 1, 1, 2, 0, 1]);
    expect(r.pits.B).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("BK-5 outside a kimbi the kichwa continues the direction: clockwise → left kichwa B1", () => {
    // B3+ lifts 2: B4, B5. B5 held 1, C5 holds 4: capture 4, B5 is no kimbi, the turn
    // runs clockwise: left kichwa B1: B1 B2 B3 B4. B4 held 1 (first sowing), C4 empty:
    // relay, lift 2: B5 (1 + 1 from the first sowing + 1 = 3), B6 (empty): end.
    const json = kuj("S", { B3: 2, B5: 1, C5: 4, C8: 1 });
    const r = play(json, "B3+");
    expect(r.trace).toEqual(T("^B3:2 B4 B5 xC5:4 B1 B2 B3 B4 ^B4:2 B5 B6"));
    expect(r.pits.B).toEqual([1, 1, 1, 0, 3, 1, 0, 0]);
    expect(r.pits.C).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("BK-5 outside a kimbi the kichwa continues the direction: counter-clockwise → right kichwa B8", () => {
    // B6- lifts 2: B5, B4. B4 held 1, C4 holds 3: capture 3 from the right kichwa B8
    // counter-clockwise: B8 B7 B6. B6 was emptied by the lift: the turn ends.
    const json = kuj("S", { B4: 1, B6: 2, C4: 3, C8: 1 });
    const r = play(json, "B6-");
    expect(r.trace).toEqual(T("^B6:2 B5 B4 xC4:3 B8 B7 B6"));
    expect(r.pits.B).toEqual([0, 0, 0, 2, 1, 1, 1, 1]);
  });

  it("BK-4 the capturing pit keeps its seeds; a capture spot must already hold seeds (landing in an empty pit facing seeds ends the turn)", () => {
    // B3+ lifts 2: B4, B5; B5 was empty though C5 holds 4: no capture spot, the turn ends.
    const json = kuj("S", { B3: 2, C5: 4, C8: 1, A1: 2 });
    // A1+ (A1→B1→B2) lands in empty B2: no capture either. Nothing captures: takasa, front first (BK-15).
    expect(moves(json)).toEqual(["B3+", "B3-"]);
    const r = play(json, "B3+");
    expect(r.trace).toEqual(T("^B3:2 B4 B5"));
    expect(r.pits.C[4]).toBe(4);
  });

  it("BK-6 a capture again at the end of the captured seeds' sowing, then the turn ends in an empty pit", () => {
    // B3+ lifts 2: B4, B5. B5 held 1, C5 = 2: capture 2 from B1 clockwise: B1 (1), B2 (2).
    // B2 held 1, C2 = 1: a capture spot again (the capturing pit keeps its seeds); B2 is a
    // kimbi: nearest kichwa B1, clockwise: B1 (2). B1 held 1, C1 is empty: relay, lift 2:
    // B2 (3), B3 (emptied by the first lift, now 1): end.
    const json = kuj("S", { B2: 1, B3: 2, B5: 1, C5: 2, C2: 1, C8: 1 });
    const r = play(json, "B3+");
    expect(r.trace).toEqual(T("^B3:2 B4 B5 xC5:2 B1 B2 xC2:1 B1 ^B1:2 B2 B3"));
    expect(r.pits.B).toEqual([0, 3, 1, 1, 2, 0, 0, 0]);
    expect(r.pits.C).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("BK-9 / BK-5 namua capture outside a kimbi: the player chooses the kichwa (L or R); capturing North's nyumba ends its ownership (BK-12)", () => {
    // South places into B4 (1 → 2), facing C4 = 2: capture spot, mtaji turn.
    // B4*L: from the left kichwa B1 clockwise: B1, B2 (empty): end.
    // B4*R: from the right kichwa B8 counter-clockwise: B8, B7 (empty): end.
    const json = kis("S", { B4: 1, C4: 2, C8: 1 }, { S: 1, N: 0 }, { S: false, N: true });
    expect(moves(json)).toEqual(["B4*L", "B4*R"]);
    const l = play(json, "B4*L");
    expect(l.trace).toEqual(T(".B4 xC4:2 B1 B2"));
    expect(l.pits.B).toEqual([1, 1, 0, 2, 0, 0, 0, 0]);
    expect(l.hand).toEqual({ S: 0, N: 0 });
    expect(l.json.nyumba).toEqual({ S: false, N: false });
    const r = play(json, "B4*R");
    expect(r.trace).toEqual(T(".B4 xC4:2 B8 B7"));
    expect(r.pits.B).toEqual([0, 0, 0, 2, 0, 0, 1, 1]);
    expect(refusal(json, "B4*").rule).toBe("BK-5");
  });

  it("BK-9 / BK-5 namua capture for North: L is North's left kichwa C8 (clockwise), R is C1 (counter-clockwise)", () => {
    // North places into C5 (1 → 2), facing B5 = 2: capture 2.
    // C5*L: C8, C7 (empty): end.   C5*R: C1, C2 (empty): end.
    const json = kis("N", { C5: 1, B5: 2, B8: 1 }, { S: 0, N: 1 }, noNyumba);
    expect(moves(json)).toEqual(["C5*L", "C5*R"]);
    expect(play(json, "C5*L").pits.C).toEqual([0, 0, 0, 0, 2, 0, 1, 1]);
    expect(play(json, "C5*R").pits.C).toEqual([1, 1, 0, 0, 2, 0, 0, 0]);
  });

  it("BK-5 namua capture in a kimbi: the nearest kichwa, no choice (B2*)", () => {
    // Place into B2 (1 → 2), C2 = 3: capture 3 from B1 clockwise: B1, B2, B3 (empty): end.
    const json = kis("S", { B2: 1, C2: 3, C8: 1 }, { S: 1, N: 0 }, noNyumba);
    expect(moves(json)).toEqual(["B2*"]);
    const r = play(json, "B2*");
    expect(r.trace).toEqual(T(".B2 xC2:3 B1 B2 B3"));
    expect(r.pits.B).toEqual([1, 3, 1, 0, 0, 0, 0, 0]);
    expect(refusal(json, "B2*L").rule).toBe("BK-5");
  });
});

// ---------------------------------------------------------------------------
// BK-7, BK-12: takasa and the functional nyumba
// ---------------------------------------------------------------------------

describe("BK-7 / BK-12 nyumba", () => {
  it("BK-7 / BK-12 a namua takasa ending in the functional nyumba ends the turn (5 + 1 = 6)", () => {
    // Place into B8 (2 → 3), C8 empty: takasa. B8*-: lift 3: B7, B6, B5. B5 held 5, now 6,
    // owned: functional, the turn ends there (no relay).
    const json = kis("S", { B5: 5, B8: 2, C1: 1 }, { S: 1, N: 0 }, { S: true, N: false });
    const r = play(json, "B8*-");
    expect(r.trace).toEqual(T(".B8 ^B8:3 B7 B6 B5"));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 6, 1, 1, 0]);
    expect(r.json.nyumba).toEqual({ S: true, N: false });
  });

  it("BK-12 the same sowing relays on from a nyumba that is no longer owned", () => {
    // As above but South lost the nyumba: B5 (6) is an ordinary pit: relay, lift 6
    // counter-clockwise: B4 B3 B2 B1 A1 A2; A2 was empty: end.
    const json = kis("S", { B5: 5, B8: 2, C1: 1 }, { S: 1, N: 0 }, noNyumba);
    const r = play(json, "B8*-");
    expect(r.trace).toEqual(T(".B8 ^B8:3 B7 B6 B5 ^B5:6 B4 B3 B2 B1 A1 A2"));
    expect(r.pits.B).toEqual([1, 1, 1, 1, 0, 1, 1, 0]);
    expect(r.pits.A).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
  });

  it("BK-7 mtaji phase: a takasa whose first sowing ends in the functional nyumba ends there", () => {
    // No capture anywhere (B7- lands in B5 facing empty C5; B7+ in empty A8; B5± in back pits).
    // B7-: lift 2: B6, B5 (5 → 6): functional: end.
    const json = kis("S", { B5: 5, B7: 2, C1: 1 }, none, { S: true, N: false });
    expect(moves(json)).toEqual(["B5+", "B5-", "B7+", "B7-"]);
    const r = play(json, "B7-");
    expect(r.trace).toEqual(T("^B7:2 B6 B5"));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 6, 1, 0, 0]);
    expect(r.json.nyumba).toEqual({ S: true, N: false });
  });

  it("BK-12 a relay from an owned nyumba that is not functional sows it whole and ends ownership", () => {
    // B7-: lift 2: B6, B5 (2 → 3: owned but under 6). No capture anywhere: takasa relay,
    // lift B5's 3: B4, B3, B2 (empty): end.
    const json = kis("S", { B5: 2, B7: 2, C1: 1 }, none, { S: true, N: false });
    expect(moves(json)).toEqual(["B5+", "B5-", "B7+", "B7-"]);
    const r = play(json, "B7-");
    expect(r.trace).toEqual(T("^B7:2 B6 B5 ^B5:3 B4 B3 B2"));
    expect(r.pits.B).toEqual([0, 1, 1, 1, 0, 1, 0, 0]);
    expect(r.json.nyumba).toEqual({ S: false, N: false });
  });

  it("BK-6 / BK-12 a sowing ending in the functional nyumba on a capture spot captures; the nyumba keeps its seeds", () => {
    // B7-: lift 2: B6, B5 (5 → 6); C5 = 1: capture spot, mtaji turn. Capture 1; B5 is no
    // kimbi, direction counter-clockwise: right kichwa B8 (was empty): end.
    const json = kis("S", { B5: 5, B7: 2, C5: 1, C8: 1 }, none, { S: true, N: false });
    expect(moves(json)).toEqual(["B7-"]);
    const r = play(json, "B7-");
    expect(r.trace).toEqual(T("^B7:2 B6 B5 xC5:1 B8"));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 6, 1, 0, 1]);
    expect(r.json.nyumba).toEqual({ S: true, N: false });
  });

  it("BK-12 mtaji phase: the nyumba may start a turn, is sown whole, and ownership ends", () => {
    // B5+: lift 5: B6, B7 (3), B8, A8, A7 (empty): end.
    const json = kis("S", { B5: 5, B7: 2, C1: 1 }, none, { S: true, N: false });
    const r = play(json, "B5+");
    expect(r.trace).toEqual(T("^B5:5 B6 B7 B8 A8 A7"));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 0, 1, 3, 1]);
    expect(r.json.nyumba).toEqual({ S: false, N: false });
  });

  // B6- lifts 2: B5 (4 → 5), B4 (1 → 2). B4 held 1, C4 = 4: mtaji, capture 4 (North loses
  // its nyumba). B4 is no kimbi, direction counter-clockwise: right kichwa B8: B8, B7, B6, B5.
  // B5 held 5, now 6, owned: functional; C5 is empty so it is no capture spot: safari choice.
  const safariJson = (safari: string): BaoJSON =>
    kis("S", { B4: 1, B5: 4, B6: 2, C4: 4, C8: 1 }, none, { S: true, N: true }, { safari });

  it("BK-12 safari declined (/.): the turn stops in the nyumba, still owned", () => {
    const json = safariJson("choice");
    expect(moves(json)).toEqual(["B6-/.", "B6-/s"]);
    const r = play(json, "B6-/.");
    expect(r.trace).toEqual(T("^B6:2 B5 B4 xC4:4 B8 B7 B6 B5"));
    expect(r.pits.B).toEqual([0, 0, 0, 2, 6, 1, 1, 1]);
    expect(r.json.nyumba).toEqual({ S: true, N: false });
  });

  it("BK-12 safari chosen (/s): the nyumba is lifted whole and sown on; ownership ends", () => {
    // lift B5's 6 counter-clockwise: B4 (3), B3, B2, B1, A1, A2 (empty): end.
    const r = play(safariJson("choice"), "B6-/s");
    expect(r.trace).toEqual(T("^B6:2 B5 B4 xC4:4 B8 B7 B6 B5 ^B5:6 B4 B3 B2 B1 A1 A2"));
    expect(r.pits.B).toEqual([1, 1, 1, 3, 0, 1, 1, 1]);
    expect(r.pits.A).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    expect(r.json.nyumba).toEqual({ S: false, N: false });
  });

  it("BK-12 safari: mandatory — no choice, the safari is always made", () => {
    const json = safariJson("mandatory");
    expect(moves(json)).toEqual(["B6-"]);
    const r = play(json, "B6-");
    expect(r.trace).toEqual(T("^B6:2 B5 B4 xC4:4 B8 B7 B6 B5 ^B5:6 B4 B3 B2 B1 A1 A2"));
    expect(refusal(json, "B6-/s").rule).toBe("BK-12");
    expect(refusal(safariJson("choice"), "B6-").rule).toBe("BK-12");
  });

  it("BK-12 safari choices occur in namua capture turns too", () => {
    // Place into B4 (1 → 2), C4 = 5: capture 5 (North's nyumba).
    // B4*L: B1 B2 B3 B4 B5; B5 held 5, now 6, C5 empty: safari choice.
    //   /. stops; /s lifts 6 clockwise: B6 B7 B8 A8 A7 A6 (empty): end.
    // B4*R: B8 B7 B6 B5 (6, not the last seed) B4: B4 held 2, now 3, C4 is empty now:
    //   relay counter-clockwise, lift 3: B3 B2 B1 (empty): end.
    const json = kis("S", { B4: 1, B5: 5, C4: 5, C8: 1 }, { S: 1, N: 0 }, { S: true, N: true });
    expect(moves(json)).toEqual(["B4*L/.", "B4*L/s", "B4*R"]);
    expect(play(json, "B4*L/.").pits.B).toEqual([1, 1, 1, 3, 6, 0, 0, 0]);
    const s = play(json, "B4*L/s");
    expect(s.trace).toEqual(T(".B4 xC4:5 B1 B2 B3 B4 B5 ^B5:6 B6 B7 B8 A8 A7 A6"));
    expect(s.pits.B).toEqual([1, 1, 1, 3, 0, 1, 1, 1]);
    expect(s.pits.A).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
    const r = play(json, "B4*R");
    expect(r.trace).toEqual(T(".B4 xC4:5 B8 B7 B6 B5 B4 ^B4:3 B3 B2 B1"));
    expect(r.pits.B).toEqual([1, 1, 1, 0, 6, 1, 1, 1]);
    expect(r.json.nyumba).toEqual({ S: true, N: false });
  });
});

// ---------------------------------------------------------------------------
// BK-9, BK-10, BK-11: namua placements, restrictions, the tax
// ---------------------------------------------------------------------------

describe("BK-9 / BK-10 / BK-11 namua", () => {
  it("BK-11 nyumbaTax always: the first move of the game from the nyumba sows only 2 seeds", () => {
    const g = getGame(KIS);
    const start = g.initial();
    if (!start.ok) throw new Error(start.error.message);
    const json = g.positionToJSON(start.value) as unknown as BaoJSON;
    expect(moves(json)).toEqual(["B5*+", "B5*-", "B6*+", "B6*-", "B7*+", "B7*-"]);
    // B5*+: place (6 → 7, functional): tax, lift 2: B6 (3), B7 (3). B7 held 2: relay (takasa),
    // lift 3: B8, A8, A7 (empty): end.
    const r = play(json, "B5*+");
    expect(r.trace).toEqual(T(".B5 ^B5:2 B6 B7 ^B7:3 B8 A8 A7"));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 5, 3, 0, 1]);
    expect(r.pits.A).toEqual([0, 0, 0, 0, 0, 0, 1, 1]);
    expect(r.hand).toEqual({ S: 21, N: 22 });
    expect(r.json.nyumba).toEqual({ S: true, N: true });
    // B5*-: lift 2: B4, B3 (empty): end.
    expect(play(json, "B5*-").pits.B).toEqual([0, 0, 1, 1, 5, 2, 2, 0]);
    // B6*-: lift 3: B5 (7, not the last seed), B4, B3: end.
    expect(play(json, "B6*-").pits.B).toEqual([0, 0, 1, 1, 7, 0, 2, 0]);
  });

  it("BK-11 tax with 5 + 1 = 6 in the nyumba (functional counts the seed just placed)", () => {
    // Place into B5 (5 → 6): functional: lift 2: B4, B3: end. Nyumba keeps 4, still owned.
    const json = kis("S", { B5: 5, B7: 2, C1: 1 }, { S: 1, N: 0 }, { S: true, N: false });
    const r = play(json, "B5*-");
    expect(r.trace).toEqual(T(".B5 ^B5:2 B4 B3"));
    expect(r.pits.B).toEqual([0, 0, 1, 1, 4, 0, 2, 0]);
    expect(r.json.nyumba).toEqual({ S: true, N: false });
  });

  it("BK-11 nyumbaTax only-if-no-other: the functional nyumba cannot start a namua takasa while another front pit is occupied", () => {
    const g = getGame(KIS);
    const start = g.initial({ nyumbaTax: "only-if-no-other" });
    if (!start.ok) throw new Error(start.error.message);
    const json = g.positionToJSON(start.value) as unknown as BaoJSON;
    expect(moves(json)).toEqual(["B6*+", "B6*-", "B7*+", "B7*-"]);
    expect(refusal(json, "B5*+").rule).toBe("BK-11");
  });

  it("BK-11 only-if-no-other: the nyumba alone in the front row is taxed", () => {
    // Place (6 → 7): lift 2: B6, B7 (empty): end; 5 stay, still owned.
    const json = kis(
      "S",
      { B5: 6, A1: 1, C1: 1 },
      { S: 1, N: 0 },
      { S: true, N: false },
      { nyumbaTax: "only-if-no-other" },
    );
    expect(moves(json)).toEqual(["B5*+", "B5*-"]);
    const r = play(json, "B5*+");
    expect(r.trace).toEqual(T(".B5 ^B5:2 B6 B7"));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 5, 1, 1, 0]);
    expect(r.json.nyumba).toEqual({ S: true, N: false });
  });

  it("BK-11 clarification: an owned but non-functional nyumba starts a namua takasa and is sown whole, ending ownership", () => {
    // B5 = 3 (+1 = 4 < 6). only-if-no-other does not apply. B5*+: lift 4: B6, B7 (3), B8, A8: end.
    const json = kis(
      "S",
      { B5: 3, B7: 2, C1: 1 },
      { S: 1, N: 0 },
      { S: true, N: false },
      { nyumbaTax: "only-if-no-other" },
    );
    expect(moves(json)).toEqual(["B5*+", "B5*-", "B7*+", "B7*-"]);
    const r = play(json, "B5*+");
    expect(r.trace).toEqual(T(".B5 ^B5:4 B6 B7 B8 A8"));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 0, 1, 3, 1]);
    expect(r.json.nyumba).toEqual({ S: false, N: false });
  });

  it("BK-10 a single-seed pit may not start a namua takasa while a front pit holds two or more", () => {
    const json = kis("S", { B2: 1, B6: 2, C1: 1 }, { S: 1, N: 0 }, noNyumba);
    expect(moves(json)).toEqual(["B6*+", "B6*-"]);
    expect(refusal(json, "B2*+").rule).toBe("BK-10");
    // With no front pit of two or more, single-seed pits are allowed.
    const singles = kis("S", { B2: 1, B6: 1, C1: 1 }, { S: 1, N: 0 }, noNyumba);
    expect(moves(singles)).toEqual(["B2*+", "B2*-", "B6*+", "B6*-"]);
    // B2*-: place (2), lift 2 counter-clockwise: B1, A1 (empty): end.
    expect(play(singles, "B2*-").trace).toEqual(T(".B2 ^B2:2 B1 A1"));
  });

  it("BK-10 the single-seed restriction is a takasa restriction: a single-seed capture spot captures", () => {
    // B3 (1) faces C3 (1): placing there captures, compulsory (BK-8) over B6's takasa.
    // B3*L: capture 1 from B1: B1 (empty): end.
    const json = kis("S", { B3: 1, B6: 2, C3: 1, C8: 1 }, { S: 1, N: 0 }, noNyumba);
    expect(moves(json)).toEqual(["B3*L", "B3*R"]);
    expect(play(json, "B3*L").trace).toEqual(T(".B3 xC3:1 B1"));
    expect(refusal(json, "B6*+").rule).toBe("BK-8");
  });

  it("BK-10 a lone kichwa may not be sown towards the back row when that leaves the front row empty", () => {
    // B1 (2) is the only occupied front pit: place (3); B1*-: A1 A2 A3 — front row empty: refused,
    // even though A3 (6) would relay 7 seeds back into the front row (judged before any relay).
    const json = kis("S", { B1: 2, A3: 6, C8: 1 }, { S: 1, N: 0 }, noNyumba);
    expect(moves(json)).toEqual(["B1*+"]);
    expect(refusal(json, "B1*-").rule).toBe("BK-10");
    // B1*+: B2, B3, B4 (empty): end.
    expect(play(json, "B1*+").pits.B).toEqual([0, 1, 1, 1, 0, 0, 0, 0]);
  });

  it("BK-10 a lone kichwa with enough seeds to reach the front row again may be sown towards the back", () => {
    // B1 = 7: place (8): A1…A8 only — front row empty: refused.
    expect(moves(kis("S", { B1: 7, C8: 1 }, { S: 1, N: 0 }, noNyumba))).toEqual(["B1*+"]);
    // B1 = 8: place (9): A1…A8 and B8: allowed; B8 was empty: end.
    const json = kis("S", { B1: 8, C8: 1 }, { S: 1, N: 0 }, noNyumba);
    expect(moves(json)).toEqual(["B1*+", "B1*-"]);
    const r = play(json, "B1*-");
    expect(r.pits.A).toEqual(row(1));
    expect(r.pits.B).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
  });

  it("BK-10 lone kichwa for North: C1 (North's right) sown clockwise goes to D1, the back row", () => {
    const json = kis("N", { C1: 2, B8: 1 }, { S: 0, N: 1 }, noNyumba);
    expect(moves(json)).toEqual(["C1*-"]);
    // C1*-: place (3): C2, C3, C4 (empty): end.
    expect(play(json, "C1*-").pits.C).toEqual([0, 1, 1, 1, 0, 0, 0, 0]);
  });

  it("BK-9 a namua move must place; in the mtaji phase it must not", () => {
    const namua = kis("S", { B6: 2, C1: 1 }, { S: 1, N: 0 }, noNyumba);
    expect(refusal(namua, "B6+").rule).toBe("BK-9");
    expect(refusal(namua, "A1*+").rule).toBe("BK-9");
    expect(refusal(namua, "B5*+").rule).toBe("BK-9"); // empty pit
    const mtaji = kis("S", { B6: 2, C1: 1 }, none, noNyumba);
    expect(refusal(mtaji, "B6*+").rule).toBe("BK-13");
    expect(refusal(kuj("S", { B6: 2, C1: 1 }), "B6*+").rule).toBe("BK-2");
  });
});

// ---------------------------------------------------------------------------
// BK-8, BK-13, BK-14, BK-15: mtaji-phase starts
// ---------------------------------------------------------------------------

describe("BK-8 / BK-13 / BK-14 / BK-15 starts", () => {
  it("BK-8 captures are compulsory: a non-capturing start is refused while one captures", () => {
    const json = kuj("S", { B2: 1, B4: 2, C2: 3, C8: 1 });
    expect(moves(json)).toEqual(["B4-"]);
    const e = refusal(json, "B4+");
    expect(e.rule).toBe("BK-8");
    expect(e.message).toContain("B4-");
  });

  it("BK-8 with BK-18: a capturing start whose every continuation exceeds maxStages does not count", () => {
    // B4- needs 3 sowings (first, captured seeds, relay of B3). With maxStages 2 it is not
    // legal and no longer compels: B4+ (B5, B6: one sowing) is legal.
    expect(moves(kuj("S", { B2: 1, B4: 2, C2: 3, C8: 1 }, { maxStages: 3 }))).toEqual(["B4-"]);
    expect(moves(kuj("S", { B2: 1, B4: 2, C2: 3, C8: 1 }, { maxStages: 2 }))).toEqual(["B4+"]);
    const e = refusal(kuj("S", { B2: 1, B4: 2, C2: 3, C8: 1 }, { maxStages: 2 }), "B4-");
    expect(e.rule).toBe("BK-18");
  });

  it("BK-14 a start of more than 15 seeds is always takasa, even ending on a capture spot", () => {
    // B1+ lifts 17: B2…B8, A8…A1, B1, B2. B2 held 1 (from this lap), C2 = 3: a capture spot,
    // but 17 > 15: takasa, relay without capture: B2 (2): B3, B4 — B4 (2) → B5, B6 — B6 → B7, B8 —
    // B8 → A8, A7 — A7 → A6, A5 — A5 → A4, A3 — A3 → A2, A1 — A1 (2) → B1 (2), B2 (empty): end.
    const json = kuj("S", { B1: 17, C2: 3 });
    const r = play(json, "B1+");
    expect(r.trace).toEqual(
      T(
        "^B1:17 B2 B3 B4 B5 B6 B7 B8 A8 A7 A6 A5 A4 A3 A2 A1 B1 B2 ^B2:2 B3 B4 ^B4:2 B5 B6 " +
          "^B6:2 B7 B8 ^B8:2 A8 A7 ^A7:2 A6 A5 ^A5:2 A4 A3 ^A3:2 A2 A1 ^A1:2 B1 B2",
      ),
    );
    expect(r.pits.B).toEqual([2, 1, 2, 0, 2, 0, 2, 0]);
    expect(r.pits.A).toEqual([0, 2, 0, 2, 0, 2, 0, 2]);
    expect(r.pits.C[1]).toBe(3);
  });

  it("BK-14 a start of 15 seeds ending on a capture spot is a mtaji turn", () => {
    // B3- lifts 15: B2 B1 A1…A8 B8 B7 B6 B5 B4. B4 held 1, C4 = 2: capture 2; counter-clockwise,
    // B4 no kimbi: right kichwa B8: B8 (2), B7 (2). B7 held 1, C7 empty: relay, lift 2: B6 (2),
    // B5 (2): relay, lift 2: B4 (3), B3 (emptied, 1): end.
    const json = kuj("S", { B3: 15, B4: 1, C4: 2, C8: 1 });
    const r = play(json, "B3-");
    expect(r.trace).toEqual(
      T("^B3:15 B2 B1 A1 A2 A3 A4 A5 A6 A7 A8 B8 B7 B6 B5 B4 xC4:2 B8 B7 ^B7:2 B6 B5 ^B5:2 B4 B3"),
    );
    expect(r.pits.B).toEqual([1, 1, 1, 3, 0, 2, 0, 2]);
    expect(r.pits.A).toEqual(row(1));
  });

  it("BK-15 a takasa must start from a front pit with two or more seeds if there is one", () => {
    const json = kuj("S", { A3: 2, B5: 2, C8: 1 });
    expect(moves(json)).toEqual(["B5+", "B5-"]);
    expect(refusal(json, "A3+").rule).toBe("BK-15");
    // Without such a front pit, back pits start takasa turns.
    const back = kuj("S", { A3: 2, B5: 1, C8: 1 });
    expect(moves(back)).toEqual(["A3+", "A3-"]);
    // A3+ (clockwise runs A3 → A2 → A1): A2, A1 (empty): end.
    expect(play(back, "A3+").pits.A).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
  });

  it("BK-13 a back pit may start a capture while front pits hold two or more", () => {
    // A1+ lifts 2: B1, B2. B2 held 1, C2 = 1: capture 1, kimbi → B1 clockwise: B1 (held 1): C1 empty:
    // relay, lift 2: B2 (3), B3 (empty): end.
    const json = kuj("S", { A1: 2, B2: 1, B6: 2, C2: 1, C8: 1 });
    expect(moves(json)).toEqual(["A1+"]);
    expect(play(json, "A1+").trace).toEqual(T("^A1:2 B1 B2 xC2:1 B1 ^B1:2 B2 B3"));
  });
});

// ---------------------------------------------------------------------------
// BK-16 takasia
// ---------------------------------------------------------------------------

describe("BK-16 takasia", () => {
  // South (mtaji phase, no capture: B1+ lands in empty B5, B1- in the back row, B4 and B6
  // hold one seed) plays the takasa B1+: lift 4: B2, B3, B4 (2), B5 (empty): end.
  // After it South's only capturing start is B4+ (B5, B6: B6 held 1, C6 = 2), taking C6
  // (its continuation: C6's 2 from B1 clockwise: B1, B2 (2) → relay B2: B3 (2), B4 (empty): end).
  // B4- lands in B2 facing empty C2. North has no capture: C1 (2) lands in D2 or in empty
  // C3, C6 (2) in empty C4 or C8, and D8's 54 seeds are more than 15 (BK-14).
  // C6 is not exempt: 2 seeds, not the nyumba, C1 is also occupied and also holds 2.
  const map = { B1: 4, B4: 1, B6: 1, C1: 2, C6: 2, D8: 54 };

  it("BK-16 on: after a mtaji-phase takasa the single target of the mover's captures is blocked", () => {
    const json = kis("S", map, none, noNyumba, { takasia: true }, null);
    expect(moves(json)).toEqual(["B1+", "B1-"]);
    const r = play(json, "B1+");
    expect(r.trace).toEqual(T("^B1:4 B2 B3 B4 B5"));
    expect(r.json.blocked).toBe("C6");
    // North's next turn: C6 starts nothing; C1 must be used (BK-15: front pits hold two or more).
    const after = r.json as unknown as BaoJSON;
    expect(moves(after)).toEqual(["C1+", "C1-"]);
    expect(refusal(after, "C6+").rule).toBe("BK-16");
    // Without the block North could also start from C6.
    expect(moves({ ...after, blocked: null })).toEqual(["C1+", "C1-", "C6+", "C6-"]);
  });

  it("BK-16 off (default): no block and no blocked field", () => {
    const r = play(kis("S", map, none, noNyumba), "B1+");
    expect(r.json.blocked).toBeUndefined();
    expect(moves(r.json as unknown as BaoJSON)).toEqual(["C1+", "C1-", "C6+", "C6-"]);
  });

  it("BK-16 exempt: the only front pit with two or more seeds is not blocked", () => {
    const json = kis("S", { ...map, C1: 1, D8: 55 }, none, noNyumba, { takasia: true }, null);
    expect(play(json, "B1+").json.blocked).toBeNull();
  });

  it("BK-16 exempt: a single-seed target is not blocked", () => {
    const json = kis("S", { ...map, C6: 1, D8: 55 }, none, noNyumba, { takasia: true }, null);
    expect(play(json, "B1+").json.blocked).toBeNull();
  });

  it("BK-16 a relay ending in the blocked pit stops", () => {
    // North C8+ (clockwise C8 → C7 → C6): C7, C6. C6 held 2 (B6 is empty: no capture anywhere).
    // Blocked: the turn stops there. Not blocked: relay 3: C5, C4, C3 (empty): end.
    const pits = { C8: 2, C6: 2, C1: 2, B1: 1 };
    const blocked = kis("N", pits, none, noNyumba, { takasia: true }, "C6");
    const r = play(blocked, "C8+");
    expect(r.trace).toEqual(T("^C8:2 C7 C6"));
    expect(r.pits.C).toEqual([2, 0, 0, 0, 0, 3, 1, 0]);
    const open = kis("N", pits, none, noNyumba, { takasia: true }, null);
    const o = play(open, "C8+");
    expect(o.trace).toEqual(T("^C8:2 C7 C6 ^C6:3 C5 C4 C3"));
    expect(o.pits.C).toEqual([2, 0, 1, 1, 1, 0, 1, 0]);
  });

  it("BK-16 no namua placement into the blocked pit", () => {
    const json = kis(
      "N",
      { C6: 2, C1: 2, B3: 1 },
      { S: 0, N: 2 },
      noNyumba,
      { takasia: true },
      "C6",
    );
    expect(moves(json)).toEqual(["C1*+", "C1*-"]);
    expect(refusal(json, "C6*+").rule).toBe("BK-16");
  });

  it("BK-16 a blocked pit needs the takasia option and must be a front pit of the side to move", () => {
    const g = getGame(KIS);
    const off = g.parsePosition(kis("N", { C6: 2, B1: 1 }, none, noNyumba, {}, "C6"));
    expect(!off.ok && off.error.rule).toBe("BK-16");
    const wrongSide = g.parsePosition(
      kis("N", { C6: 2, B1: 1 }, none, noNyumba, { takasia: true }, "B1"),
    );
    expect(!wrongSide.ok && wrongSide.error.rule).toBe("BK-16");
  });
});

// ---------------------------------------------------------------------------
// BK-17 end, BK-18 stage limit
// ---------------------------------------------------------------------------

describe("BK-17 / BK-18", () => {
  function outcome(json: BaoJSON) {
    const { game, position } = parse(json);
    return game.outcome(position);
  }

  it("BK-17 the player to move with an empty front row has lost", () => {
    const o = outcome(kuj("S", { A1: 3, C1: 1 }));
    expect(o?.winner).toBe("N");
    expect(o?.reason).toContain("front row is empty");
    expect(moves(kuj("S", { A1: 3, C1: 1 }))).toEqual([]);
  });

  it("BK-17 the opponent's empty front row: the player to move has won", () => {
    const o = outcome(kuj("N", { B1: 3 }));
    // North to move, filler in A; South's front row holds B1, North's is empty: North lost.
    expect(o?.winner).toBe("S");
    const p = outcome(kuj("S", { B1: 3, D1: 2 }));
    expect(p?.winner).toBe("S");
    expect(p?.reason).toBe("BK-17: North's front row is empty");
  });

  it("BK-17 both front rows empty: the player to move has lost", () => {
    expect(outcome(kuj("S", { A1: 3 }))?.winner).toBe("N");
    expect(outcome(kuj("N", { A1: 3 }))?.winner).toBe("S");
  });

  it("BK-17 no legal start: lost; the score counts seeds on the board and in hand", () => {
    // South holds single seeds only: no pit to start from.
    const o = outcome(kuj("S", { B1: 1, A5: 1, C1: 1 }));
    expect(o?.winner).toBe("N");
    expect(o?.reason).toBe("BK-17: South has no legal start");
    expect(o?.score).toEqual({ S: 2, N: 62 });
  });

  it("BK-17 with BK-18: every start refused by the stage limit", () => {
    // B4+ (B5, B6: B6 held 1, C6 empty: relay) needs 2 sowings; B4- (B3, B2 empty) … make both long:
    // B2 = 1 and B6 = 1: B4- lands in B2 (held 1, C2 empty): relay. maxStages 1 refuses both.
    const json = kuj("S", { B2: 1, B4: 2, B6: 1, C8: 1 }, { maxStages: 1 });
    const o = outcome(json);
    expect(o?.winner).toBe("N");
    expect(o?.reason).toContain("BK-18");
    expect(moves({ ...json, options: { maxStages: 2 } })).toEqual(["B4+", "B4-"]);
  });

  it("BK-17 literal BK-10/BK-11: a functional nyumba with other (single-seed) front pits under only-if-no-other leaves no namua move", () => {
    const json = kis(
      "S",
      { B5: 6, B2: 1, C1: 1 },
      { S: 1, N: 0 },
      { S: true, N: false },
      { nyumbaTax: "only-if-no-other" },
    );
    expect(moves(json)).toEqual([]);
    expect(outcome(json)?.reason).toBe("BK-17: South has no legal start");
  });

  it("BK-18 counts sowings: a namua capture's placement is no stage", () => {
    // B2*: one sowing (the captured seeds): legal with maxStages 1.
    const json = kis("S", { B2: 1, C2: 3, C8: 1 }, { S: 1, N: 0 }, noNyumba, { maxStages: 1 });
    expect(moves(json)).toEqual(["B2*"]);
  });

  it("BK-18 counts sowings: first + captured seeds + relay = 3 for B4-", () => {
    const json = kuj("S", { B2: 1, B4: 2, C2: 3, C8: 1 }, { maxStages: 3 });
    const r = play(json, "B4-");
    expect(r.trace.filter((s) => s.op === "lift" || s.op === "capture").length).toBe(3);
  });
});

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

describe("positions", () => {
  it("the seed total counts the hands: 64 on the board and in hand", () => {
    const g = getGame(KIS);
    const good = kis("S", { B6: 2, C1: 1 }, { S: 3, N: 4 }, noNyumba);
    expect(g.parsePosition(good).ok).toBe(true);
    const bad = { ...good, hand: { S: 4, N: 4 } };
    const r = g.parsePosition(bad);
    expect(!r.ok && r.error.message).toContain("65");
  });

  it("refuses negative counts, bad shapes, an empty owned nyumba, hand or nyumba in kujifunza", () => {
    const g = getGame(KIS);
    const base = kis("S", { B6: 2, C1: 1 }, { S: 3, N: 4 }, noNyumba);
    const neg = { ...base, hand: { S: -1, N: 8 } };
    expect(g.parsePosition(neg).ok).toBe(false);
    const pits = { ...base.pits, B: [0, 0, 0, 0, 0, 2, 0] };
    expect(g.parsePosition({ ...base, pits }).ok).toBe(false);
    const owned = g.parsePosition({ ...base, nyumba: { S: true, N: false } });
    expect(!owned.ok && owned.error.rule).toBe("BK-12");
    expect(g.parsePosition({ ...base, hand: undefined }).ok).toBe(false);
    expect(g.parsePosition({ ...base, nyumba: { S: "yes", N: false } }).ok).toBe(false);
    const k = getGame(KUJ);
    const kj = kuj("S", { B6: 2, C1: 1 });
    expect(k.parsePosition(kj).ok).toBe(true);
    expect(k.parsePosition({ ...kj, hand: { S: 0, N: 0 } }).ok).toBe(false);
    expect(k.parsePosition({ ...kj, nyumba: { S: false, N: false } }).ok).toBe(false);
    expect(k.parsePosition({ ...kj, options: { takasia: false } }).ok).toBe(false);
  });

  it("sensorView reads the board only; the reserve is off the board", () => {
    const g = getGame(KIS);
    const start = g.initial();
    if (!start.ok) throw new Error(start.error.message);
    const v = g.sensorView(start.value);
    expect(v.geometry).toBe("4x8");
    expect(v.counts.reduce((a, b) => a + b, 0)).toBe(20);
  });
});
