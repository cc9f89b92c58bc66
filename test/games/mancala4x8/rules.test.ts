/**
 * One or more tests per rule of shared/rules/mancala-4x8.md, on hand-built
 * positions in their JSON form. Every expected board and trace below was
 * worked out by hand from the rules (the reasoning is in the comments), never
 * copied from the engine.
 *
 * Circuits used in the comments (mancala-4x8.md, "Geometry"):
 *   South +: B1→B8→A8→A1→B1    South -: B1→A1→A8→B8→B1
 *   North +: D1→D8→C8→C1→D1    North -: D1→C1→C8→D8→D1
 */
import { describe, expect, it } from "vitest";
import type { Trace } from "../../../src/games/core/types.js";
import {
  getGame,
  moveHead,
  parse,
  pitsOf,
  replayTrace,
  row,
  traceOf,
  total,
  type Pits,
  type PositionJSON,
  type SideName,
} from "./helpers.js";
import { applyAsListed } from "../checks.js";
import { rows } from "../fourrow/board.js";

/** A position in its JSON form. */
function P(
  game: string,
  toMove: SideName,
  pits: Pits,
  options: Record<string, unknown> = {},
): PositionJSON {
  return { game, options, toMove, pits };
}

/** A trace in the short form of ../fourrow/board.ts. */
const T = traceOf;

interface Played {
  pits: Pits;
  trace: Trace;
  toMove: string;
}

/** Applies `move` and checks it is also listed by `legal` with the same result. */
function play(json: PositionJSON, move: string): Played {
  const { game, position } = parse(json);
  const after = applyAsListed(game, position, move);
  const pits = pitsOf(game, after.position);
  // The trace, replayed step by step on the old board, gives the new board.
  const { start, sign } = moveHead(move);
  expect(replayTrace(json.pits, after.trace, json.toMove, start, sign).pits).toEqual(pits);
  return { pits, trace: after.trace, toMove: after.position.toMove };
}

function refusal(json: PositionJSON, move: string): { code: string; message: string } {
  const { game, position } = parse(json);
  const r = game.apply(position, move);
  if (r.ok) throw new Error(`${move} was accepted`);
  return r.error;
}

function moves(json: PositionJSON): string[] {
  const { game, position } = parse(json);
  return game.legal(position).moves.map((m) => m.move);
}

function outcomeOf(json: PositionJSON) {
  const { game, position } = parse(json);
  return game.outcome(position);
}

// ---------------------------------------------------------------------------
// Setups (HB-1, HUS-1, BDE-1) and the first player (HB-2)
// ---------------------------------------------------------------------------

describe("setups", () => {
  it("HB-1 HusBao setup: back rows 2, South B1–B4 = 2, North C5–C8 = 2; HB-2 South first", () => {
    for (const id of ["husbao", "husbao-bis", "husbao-front"]) {
      const g = getGame(id);
      const r = g.initial();
      if (!r.ok) throw new Error(r.error.message);
      expect(g.positionToJSON(r.value)).toEqual({
        game: id,
        options: { direction: "free", maxStages: 200 },
        toMove: "S",
        pits: rows("2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2"),
      });
    }
  });

  it("HUS-1 Hus setup: mirror image of HusBao's front row; HUS-2 default cw; HUS-3 default mandatory", () => {
    const g = getGame("hus");
    const r = g.initial();
    if (!r.ok) throw new Error(r.error.message);
    expect(g.positionToJSON(r.value)).toEqual({
      game: "hus",
      options: { direction: "cw", capture: "mandatory", maxStages: 200 },
      toMove: "S",
      pits: rows("2 2 2 2 2 2 2 2 / 0 0 0 0 2 2 2 2 / 2 2 2 2 0 0 0 0 / 2 2 2 2 2 2 2 2"),
    });
  });

  it("BDE-1 Bao setup: two stones in every pit, 64 in all", () => {
    const g = getGame("bao-de");
    const r = g.initial();
    if (!r.ok) throw new Error(r.error.message);
    expect(g.positionToJSON(r.value)).toEqual({
      game: "bao-de",
      options: { direction: "free", capture: "mandatory", maxStages: 200 },
      toMove: "S",
      pits: rows("2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2"),
    });
  });

  it("CORE-5 option maxStages and HB-3 option direction are taken by initial", () => {
    const g = getGame("husbao");
    const r = g.initial({ direction: "cw", maxStages: 7 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.options).toEqual({ direction: "cw", maxStages: 7 });
  });
});

// ---------------------------------------------------------------------------
// CORE-1 laps, CORE-3 relays, North's circuits
// ---------------------------------------------------------------------------

describe("CORE-1 / CORE-3 sowing", () => {
  // 16 stones in B1, nothing else on South's side, North's front row empty.
  const lap16 = P(
    "husbao",
    "S",
    rows("0 0 0 0 0 0 0 0 / 16 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 4 4 4 4 4 4 4 4"),
  );

  it("CORE-1 a lap of 16 clockwise drops its last stone into the emptied start pit; CORE-3 it was empty: the turn ends", () => {
    // B1+: 15 stones B2..B8, A8..A1, the 16th into B1 (emptied by the lift).
    // B1 held 0 before the last stone, C1 is empty: no capture, no relay.
    const r = play(lap16, "B1+");
    expect(r.pits).toEqual(
      rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 4 4 4 4 4 4 4 4"),
    );
    expect(r.trace).toEqual(T("^B1:16 B2 B3 B4 B5 B6 B7 B8 A8 A7 A6 A5 A4 A3 A2 A1 B1"));
    expect(r.toMove).toBe("N");
  });

  it("CORE-1 a lap of 16 counter-clockwise: A1..A8, B8..B2, then B1", () => {
    const r = play(lap16, "B1-");
    expect(r.pits).toEqual(
      rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 4 4 4 4 4 4 4 4"),
    );
    expect(r.trace).toEqual(T("^B1:16 A1 A2 A3 A4 A5 A6 A7 A8 B8 B7 B6 B5 B4 B3 B2 B1"));
  });

  it("CORE-1 + HB-4: the 16th stone in the emptied start pit captures in HusBao, then relays run on (CORE-3)", () => {
    // As above but C1 = 2 (D1 = 2). After the lap every South pit holds 1.
    // st2: L=B1 front, C1=2: capture C1 2, lift B1 1, sow 3: B2=2 B3=2 B4=2. L=B4 held 1, C4 empty: relay
    // st3: lift B4 2 -> B5=2 B6=2      st4: lift B6 2 -> B7=2 B8=2
    // st5: lift B8 2 -> A8=2 A7=2      st6: lift A7 2 -> A6=2 A5=2
    // st7: lift A5 2 -> A4=2 A3=2      st8: lift A3 2 -> A2=2 A1=2
    // st9: lift A1 2 -> B1=1 B2=3 (B2 held 2, C2 empty: relay)
    // st10: lift B2 3 -> B3=3 B4=1 B5=3 (B5 held 2: relay)
    // st11: lift B5 3 -> B6=1 B7=3 B8=1; B8 held 0, C8 empty: end.
    const json = P(
      "husbao",
      "S",
      rows("0 0 0 0 0 0 0 0 / 16 0 0 0 0 0 0 0 / 2 0 0 0 0 0 0 0 / 2 4 4 4 4 4 4 4"),
    );
    const r = play(json, "B1+");
    expect(r.pits).toEqual(
      rows("0 2 0 2 0 2 0 2 / 1 0 3 1 0 1 3 1 / 0 0 0 0 0 0 0 0 / 2 4 4 4 4 4 4 4"),
    );
    expect(r.trace).toEqual(
      T(
        "^B1:16 B2 B3 B4 B5 B6 B7 B8 A8 A7 A6 A5 A4 A3 A2 A1 B1 xC1:2 ^B1:1 B2 B3 B4 " +
          "^B4:2 B5 B6 ^B6:2 B7 B8 ^B8:2 A8 A7 ^A7:2 A6 A5 ^A5:2 A4 A3 ^A3:2 A2 A1 " +
          "^A1:2 B1 B2 ^B2:3 B3 B4 B5 ^B5:3 B6 B7 B8",
      ),
    );
  });

  it("CORE-1 + HUS-3 / BDE-3: the same lap ends in the emptied start pit without capture in Hus and Bao", () => {
    // L=B1 held 0 before the last stone: an empty L never captures (HUS-3, BDE-3), no relay.
    const hus = P(
      "hus",
      "S",
      rows("0 0 0 0 0 0 0 0 / 16 0 0 0 0 0 0 0 / 2 0 0 0 0 0 0 0 / 2 4 4 4 4 4 4 4"),
    );
    expect(play(hus, "B1+").pits).toEqual(
      rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 2 0 0 0 0 0 0 0 / 2 4 4 4 4 4 4 4"),
    );
    const bao = P(
      "bao-de",
      "S",
      rows("0 0 0 0 0 0 0 0 / 16 0 0 0 0 0 0 0 / 2 0 0 0 0 0 0 0 / 4 6 6 6 6 6 6 6"),
    );
    expect(play(bao, "B1-").pits).toEqual(
      rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 2 0 0 0 0 0 0 0 / 4 6 6 6 6 6 6 6"),
    );
  });

  // South's only start is B8 (3 stones); every other South pit holds 1; North's front row is empty.
  const tenStages = P(
    "husbao",
    "S",
    rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 3 / 0 0 0 0 0 0 0 0 / 3 3 3 3 4 4 4 6"),
  );

  it("CORE-3 relay chain clockwise: ten stages ending in an empty pit", () => {
    // st1: lift B8 3 -> A8=2 A7=2 A6=2 (A6 held 1: relay)   st2: lift A6 2 -> A5=2 A4=2
    // st3: lift A4 2 -> A3=2 A2=2   st4: lift A2 2 -> A1=2 B1=2 (C1 empty: relay)
    // st5: lift B1 2 -> B2=2 B3=2   st6: lift B3 2 -> B4=2 B5=2   st7: lift B5 2 -> B6=2 B7=2
    // st8: lift B7 2 -> B8=1 A8=3 (A8 held 2: relay)
    // st9: lift A8 3 -> A7=3 A6=1 A5=3   st10: lift A5 3 -> A4=1 A3=3 A2=1; A2 held 0: end.
    const r = play(tenStages, "B8+");
    expect(r.pits).toEqual(
      rows("2 1 3 1 0 1 3 0 / 0 2 0 2 0 2 0 1 / 0 0 0 0 0 0 0 0 / 3 3 3 3 4 4 4 6"),
    );
    expect(r.trace.filter((s) => s.op === "lift")).toHaveLength(10);
  });

  it("CORE-3 relay chain counter-clockwise: ten stages ending in an empty pit", () => {
    // st1: lift B8 3 -> B7=2 B6=2 B5=2   st2: lift B5 2 -> B4=2 B3=2   st3: lift B3 2 -> B2=2 B1=2
    // st4: lift B1 2 -> A1=2 A2=2   st5: lift A2 2 -> A3=2 A4=2   st6: lift A4 2 -> A5=2 A6=2
    // st7: lift A6 2 -> A7=2 A8=2   st8: lift A8 2 -> B8=1 B7=3 (B7 held 2: relay)
    // st9: lift B7 3 -> B6=3 B5=1 B4=3   st10: lift B4 3 -> B3=1 B2=3 B1=1; B1 held 0: end.
    const r = play(tenStages, "B8-");
    expect(r.pits).toEqual(
      rows("2 0 2 0 2 0 2 0 / 1 3 1 0 1 3 0 1 / 0 0 0 0 0 0 0 0 / 3 3 3 3 4 4 4 6"),
    );
  });

  it("CORE-5 a ten-stage turn is legal with maxStages 10 and refused with maxStages 9", () => {
    expect(moves({ ...tenStages, options: { maxStages: 10 } })).toEqual(["B8+", "B8-"]);
    expect(moves({ ...tenStages, options: { maxStages: 9 } })).toEqual([]);
    const e = refusal({ ...tenStages, options: { maxStages: 9 } }, "B8+");
    // every start refused: the game is over (HB-7 DECISION), so apply refuses the move
    expect(e.code).toBe("game-over");
  });

  it("HB-7 DECISION + CORE-5: a player whose every start is refused by the stage limit has lost", () => {
    const o = outcomeOf({ ...tenStages, options: { maxStages: 9 } });
    expect(o).not.toBeNull();
    expect(o?.winner).toBe("N");
    expect(o?.reason).toMatch(/HB-7/);
    expect(o?.reason).toMatch(/CORE-5/);
    expect(o?.score).toEqual({ S: 18, N: 30 });
    expect(outcomeOf({ ...tenStages, options: { maxStages: 10 } })).toBeNull();
  });

  it("CORE-4 only pits with two or more stones start a turn: B8 is South's only start", () => {
    expect(moves(tenStages)).toEqual(["B8+", "B8-"]);
  });

  it("HB-2 North moves when toMove is N: C5+ sows C4, C3 (North clockwise), with HB-4 captures", () => {
    // HusBao setup, North to move.
    // st1: lift C5 2 -> C4=1 C3=1. L=C3 (held 0), B3=2: capture (HB-4, even from empty L)
    // st2: capture B3 2, lift C3 1, sow 3 -> C2=1 C1=1 D1=3 (D1 held 2: relay)
    // st3: lift D1 3 -> D2=3 D3=3 D4=3   st4: lift D4 3 -> D5=3 D6=3 D7=3
    // st5: lift D7 3 -> D8=3 C8=3 C7=3   st6: lift C7 3 -> C6=3 C5=1 C4=2; L=C4, B4=2: capture
    // st7: capture B4 2, lift C4 2, sow 4 -> C3=1 C2=2 C1=2 D1=1; D1 held 0: end.
    const json = P(
      "husbao",
      "N",
      rows("2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2"),
    );
    const r = play(json, "C5+");
    expect(r.pits).toEqual(
      rows("2 2 2 2 2 2 2 2 / 2 2 0 0 0 0 0 0 / 2 2 1 0 1 3 0 3 / 1 3 3 0 3 3 0 3"),
    );
    expect(r.trace).toEqual(
      T(
        "^C5:2 C4 C3 xB3:2 ^C3:1 C2 C1 D1 ^D1:3 D2 D3 D4 ^D4:3 D5 D6 D7 " +
          "^D7:3 D8 C8 C7 ^C7:3 C6 C5 C4 xB4:2 ^C4:2 C3 C2 C1 D1",
      ),
    );
    expect(r.toMove).toBe("S");
  });

  it("HB-3 North counter-clockwise: C8- sows D8, D7 (North -: C8→D8→D1→C1)", () => {
    // st1: lift C8 2 -> D8=3 D7=3 (relay)   st2: lift D7 3 -> D6=3 D5=3 D4=3
    // st3: lift D4 3 -> D3=3 D2=3 D1=3     st4: lift D1 3 -> C1=1 C2=1 C3=1; L=C3, B3=2: capture
    // st5: capture B3 2, lift C3 1, sow 3 -> C4=1 C5=3 C6=3 (C6 held 2, B6 empty: relay)
    // st6: lift C6 3 -> C7=3 C8=1 D8=4 (D8 held 3: relay)
    // st7: lift D8 4 -> D7=1 D6=4 D5=4 D4=1; D4 held 0: end.
    const json = P(
      "husbao",
      "N",
      rows("2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2"),
    );
    const r = play(json, "C8-");
    expect(r.pits).toEqual(
      rows("2 2 2 2 2 2 2 2 / 2 2 0 2 0 0 0 0 / 1 1 0 1 3 0 3 1 / 0 3 3 1 4 4 1 0"),
    );
    expect(r.trace).toEqual(
      T(
        "^C8:2 D8 D7 ^D7:3 D6 D5 D4 ^D4:3 D3 D2 D1 ^D1:3 C1 C2 C3 xB3:2 ^C3:1 C4 C5 C6 " +
          "^C6:3 C7 C8 D8 ^D8:4 D7 D6 D5 D4",
      ),
    );
  });

  it("HB-3 South counter-clockwise: B2- sows B1, A1 and relays along row A", () => {
    // st1: lift B2 2 -> B1=1 A1=3 (relay)   st2: lift A1 3 -> A2=3 A3=3 A4=3
    // st3: lift A4 3 -> A5=3 A6=3 A7=3      st4: lift A7 3 -> A8=3 B8=1 B7=1; B7 held 0, C7 empty: end.
    const json = P(
      "husbao",
      "S",
      rows("2 2 2 2 2 2 2 2 / 0 2 0 0 0 0 0 0 / 0 0 0 3 0 0 0 0 / 3 3 3 3 4 4 4 3"),
    );
    const r = play(json, "B2-");
    expect(r.pits).toEqual(
      rows("0 3 3 0 3 3 0 3 / 1 0 0 0 0 0 1 1 / 0 0 0 3 0 0 0 0 / 3 3 3 3 4 4 4 3"),
    );
  });

  it("CORE-6 stones are conserved in every legal move of every setup", () => {
    for (const id of ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"]) {
      const g = getGame(id);
      const r = g.initial();
      if (!r.ok) throw new Error(r.error.message);
      const all = g.legal(r.value).moves;
      expect(all.length).toBeGreaterThan(0);
      for (const m of all) expect(total(pitsOf(g, m.position))).toBe(id === "bao-de" ? 64 : 48);
    }
  });
});

// ---------------------------------------------------------------------------
// CORE-4 starts, HB-3 / HUS-2 / BDE-2 directions
// ---------------------------------------------------------------------------

describe("starts and directions", () => {
  const json = P(
    "husbao",
    "S",
    rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 3 / 0 0 0 0 0 0 0 0 / 3 3 3 3 4 4 4 6"),
  );

  it("CORE-4 a start from a single stone is refused", () => {
    const e = refusal(json, "B1+");
    expect(e.code).toBe("illegal-move");
    expect(e.message).toMatch(/CORE-4/);
  });

  it("CORE-4 a start from an empty pit is refused", () => {
    const e = refusal(P("husbao", "S", { ...json.pits, A: [0, 2, 1, 1, 1, 1, 1, 1] }), "A1-");
    expect(e.code).toBe("illegal-move");
    expect(e.message).toMatch(/CORE-4/);
  });

  it("CORE-4 a start from the opponent's pit is refused", () => {
    const e = refusal(json, "D1+");
    expect(e.code).toBe("illegal-move");
    expect(e.message).toMatch(/CORE-4/);
  });

  const initial = (id: string, options: Record<string, unknown>) => {
    const g = getGame(id);
    const r = g.initial(options);
    if (!r.ok) throw new Error(r.error.message);
    return { g, p: r.value, json: g.positionToJSON(r.value) as unknown as PositionJSON };
  };

  it("HB-3 direction free: both + and - for every start (12 starts of the setup)", () => {
    const { g, p } = initial("husbao", {});
    const ms = g.legal(p).moves.map((m) => m.move);
    // South's starts in the setup: A1..A8 and B1..B4 hold 2.
    const starts = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "B1", "B2", "B3", "B4"];
    const expected = starts.flatMap((s) => [`${s}+`, `${s}-`]);
    expect(ms.every((m) => expected.includes(m))).toBe(true);
    expect(ms.some((m) => m.endsWith("+"))).toBe(true);
    expect(ms.some((m) => m.endsWith("-"))).toBe(true);
  });

  it("HB-3 direction cw: only + moves; - is refused citing HB-3", () => {
    const { g, p } = initial("husbao", { direction: "cw" });
    const ms = g.legal(p).moves.map((m) => m.move);
    expect(ms.length).toBeGreaterThan(0);
    expect(ms.every((m) => m.endsWith("+"))).toBe(true);
    const r = g.apply(p, "B2-");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("illegal-move");
      expect(r.error.message).toMatch(/HB-3/);
    }
  });

  it("HB-3 direction ccw: only - moves; + is refused citing HB-3", () => {
    const { g, p } = initial("husbao-bis", { direction: "ccw" });
    const ms = g.legal(p).moves.map((m) => m.move);
    expect(ms.length).toBeGreaterThan(0);
    expect(ms.every((m) => m.endsWith("-"))).toBe(true);
    const r = g.apply(p, "B2+");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/HB-3/);
  });

  it("HUS-2 Hus sows clockwise by default; - refused citing HUS-2; ccw option allows only -", () => {
    const cw = initial("hus", {});
    expect(cw.g.legal(cw.p).moves.every((m) => m.move.endsWith("+"))).toBe(true);
    const r = cw.g.apply(cw.p, "B5-");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/HUS-2/);
    const ccw = initial("hus", { direction: "ccw" });
    const ms = ccw.g.legal(ccw.p).moves.map((m) => m.move);
    expect(ms.length).toBeGreaterThan(0);
    expect(ms.every((m) => m.endsWith("-"))).toBe(true);
  });

  it("HUS-2 Hus direction is never free", () => {
    const r = getGame("hus").initial({ direction: "free" });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe("bad-option");
      expect(r.error.message).toMatch(/direction/);
      expect(r.error.message).toMatch(/HUS-2/);
    }
  });

  it("BDE-2 Bao direction free by default (both signs), cw gives only +", () => {
    const free = initial("bao-de", {});
    const fm = free.g.legal(free.p).moves.map((m) => m.move);
    expect(fm.some((m) => m.endsWith("+")) && fm.some((m) => m.endsWith("-"))).toBe(true);
    const cw = initial("bao-de", { direction: "cw" });
    expect(cw.g.legal(cw.p).moves.every((m) => m.move.endsWith("+"))).toBe(true);
    const r = cw.g.apply(cw.p, "A1-");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/BDE-2/);
  });
});

// ---------------------------------------------------------------------------
// Captures: HB-4, HB-5, HB-6, HUS-3, BDE-3
// ---------------------------------------------------------------------------

describe("captures", () => {
  // B2 = 2, B3/B4 empty, C4 = 3: B2+ ends in the empty front pit B4 facing C4.
  const emptyL = (game: string, D: number[]) =>
    P(game, "S", { A: row(2), B: [0, 2, 0, 0, 0, 0, 0, 0], C: [0, 0, 0, 3, 0, 0, 0, 0], D });

  it("HB-4 capture from an empty landing pit: the captured stones and L's one stone sow on", () => {
    // st1: lift B2 2 -> B3=1 B4=1. L=B4 held 0, C4=3: HusBao must take it.
    // st2: capture C4 3, lift B4 1, sow 4 -> B5 B6 B7 B8 = 1; B8 held 0, C8 empty: end.
    const r = play(emptyL("husbao", [3, 3, 3, 3, 4, 4, 4, 3]), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 2 2 2 2 2 2 / 0 0 1 0 1 1 1 1 / 0 0 0 0 0 0 0 0 / 3 3 3 3 4 4 4 3"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4 xC4:3 ^B4:1 B5 B6 B7 B8"));
  });

  it("HUS-3 no capture from an empty landing pit in Hus: the turn ends", () => {
    // L=B4 held 0 before the last stone: no capture (HUS-3), no relay (CORE-3).
    const r = play(emptyL("hus", [3, 3, 3, 3, 4, 4, 4, 3]), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 2 2 2 2 2 2 / 0 0 1 1 0 0 0 0 / 0 0 0 3 0 0 0 0 / 3 3 3 3 4 4 4 3"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4"));
  });

  it("BDE-3 no capture from an empty landing pit in Bao: the turn ends", () => {
    const r = play(emptyL("bao-de", [5, 5, 5, 5, 6, 6, 6, 5]), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 2 2 2 2 2 2 / 0 0 1 1 0 0 0 0 / 0 0 0 3 0 0 0 0 / 5 5 5 5 6 6 6 5"),
    );
  });

  it("HUS-3 / BDE-3 an empty L is no capture opportunity even when captures are optional: the move has no choices", () => {
    expect(
      moves({ ...emptyL("hus", [3, 3, 3, 3, 4, 4, 4, 3]), options: { capture: "optional" } }),
    ).toContain("B2+");
    expect(
      moves({ ...emptyL("bao-de", [5, 5, 5, 5, 6, 6, 6, 5]), options: { capture: "optional" } }),
    ).toContain("B2+");
  });

  // B2 = 2, B4 = 1 (L held a stone), C4 = 3 with D4 = 5 behind it; A3 and A8 empty.
  const occupiedL = (game: string, D: number[]) =>
    P(game, "S", {
      A: [2, 2, 0, 2, 2, 2, 2, 0],
      B: [0, 2, 0, 1, 0, 0, 0, 0],
      C: [1, 0, 0, 3, 0, 0, 0, 0],
      D,
    });

  it("HB-5 double capture: the facing front pit and the back pit behind it, front first, then L is lifted", () => {
    // st1: lift B2 2 -> B3=1 B4=2. L=B4, C4=3: capture C4 3 and D4 5 (Bis).
    // st2: lift B4 2; hand 3+5+2 = 10 -> B5 B6 B7 B8 (1 each), A8=1, A7..A4 = 3, A3=1; A3 held 0: end.
    const r = play(occupiedL("husbao-bis", [4, 4, 4, 5, 4, 4, 4, 0]), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 1 3 3 3 3 1 / 0 0 1 0 1 1 1 1 / 1 0 0 0 0 0 0 0 / 4 4 4 0 4 4 4 0"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4 xC4:3 xD4:5 ^B4:2 B5 B6 B7 B8 A8 A7 A6 A5 A4 A3"));
  });

  it("HB-5 no bridge: facing front pit empty, back pit full: no capture, and an empty L ends the turn", () => {
    // B2+ -> B3=1 B4=1. C4 empty (D4=5 behind it): no capture; B4 held 0: end.
    const json = P(
      "husbao-bis",
      "S",
      rows("2 2 2 2 2 2 2 2 / 0 2 0 0 0 0 0 0 / 1 0 0 0 0 0 0 0 / 3 3 3 5 4 4 4 3"),
    );
    const r = play(json, "B2+");
    expect(r.pits).toEqual(
      rows("2 2 2 2 2 2 2 2 / 0 0 1 1 0 0 0 0 / 1 0 0 0 0 0 0 0 / 3 3 3 5 4 4 4 3"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4"));
  });

  it("HB-5 no bridge: facing front pit empty, back pit full, occupied L: an ordinary relay", () => {
    // B2+ -> B3=1 B4=2. C4 empty: no capture; B4 held 1: relay, lift B4 2 -> B5=1 B6=1; end.
    const json = P(
      "husbao-bis",
      "S",
      rows("2 2 2 2 2 2 2 2 / 0 2 0 1 0 0 0 0 / 1 0 0 0 0 0 0 0 / 3 3 3 5 4 4 4 2"),
    );
    const r = play(json, "B2+");
    expect(r.pits).toEqual(
      rows("2 2 2 2 2 2 2 2 / 0 0 1 0 1 1 0 0 / 1 0 0 0 0 0 0 0 / 3 3 3 5 4 4 4 2"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4 ^B4:2 B5 B6"));
  });

  it("HB-6 Front single capture: only the facing front pit; D4 stays", () => {
    // B2+ -> B3=1 B4=2; capture C4 3 only; lift B4 2, hand 5 -> B5..B8 = 1, A8=1 (held 0): end.
    const r = play(occupiedL("husbao-front", [4, 4, 4, 5, 4, 4, 4, 0]), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 0 2 2 2 2 1 / 0 0 1 0 1 1 1 1 / 1 0 0 0 0 0 0 0 / 4 4 4 5 4 4 4 0"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4 xC4:3 ^B4:2 B5 B6 B7 B8 A8"));
  });

  it("HB-4 basic capture from an occupied L: single capture, as HB-6", () => {
    const r = play(occupiedL("husbao", [4, 4, 4, 5, 4, 4, 4, 0]), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 0 2 2 2 2 1 / 0 0 1 0 1 1 1 1 / 1 0 0 0 0 0 0 0 / 4 4 4 5 4 4 4 0"),
    );
  });

  it("HUS-3 mandatory capture takes front and back pit", () => {
    // As HB-5: L=B4 held 1 (a relay would happen), C4=3: take C4 and D4; 10 stones sown from B5 to A3.
    const r = play(occupiedL("hus", [4, 4, 4, 5, 4, 4, 4, 0]), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 1 3 3 3 3 1 / 0 0 1 0 1 1 1 1 / 1 0 0 0 0 0 0 0 / 4 4 4 0 4 4 4 0"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4 xC4:3 xD4:5 ^B4:2 B5 B6 B7 B8 A8 A7 A6 A5 A4 A3"));
  });

  it("HUS-3 optional capture: declined is an ordinary relay (B2+/.), taken is the capture (B2+/x)", () => {
    const json = {
      ...occupiedL("hus", [4, 4, 4, 5, 4, 4, 4, 0]),
      options: { capture: "optional" },
    };
    // declined: relay B4 2 -> B5=1 B6=1; B6 held 0: end.
    const dec = play(json, "B2+/.");
    expect(dec.pits).toEqual(
      rows("2 2 0 2 2 2 2 0 / 0 0 1 0 1 1 0 0 / 1 0 0 3 0 0 0 0 / 4 4 4 5 4 4 4 0"),
    );
    expect(dec.trace).toEqual(T("^B2:2 B3 B4 ^B4:2 B5 B6"));
    const take = play(json, "B2+/x");
    expect(take.pits).toEqual(
      rows("2 2 1 3 3 3 3 1 / 0 0 1 0 1 1 1 1 / 1 0 0 0 0 0 0 0 / 4 4 4 0 4 4 4 0"),
    );
    const listed = moves(json).filter((m) => m.startsWith("B2+"));
    expect(listed).toEqual(["B2+/.", "B2+/x"]);
  });

  // Hus, two capture opportunities along every path of B3+.
  const twoChoices = P(
    "hus",
    "S",
    rows("2 2 2 0 2 2 0 0 / 0 0 2 1 1 0 1 1 / 0 0 0 0 1 0 1 1 / 7 7 7 6 0 0 0 2"),
  );
  const optional = { ...twoChoices, options: { capture: "optional" } };

  it("HUS-3 moves written B3+/x.: one character per opportunity, in order; sorted . before x", () => {
    // st1: lift B3 2 -> B4=2 B5=2. Opportunity 1 at B5 (held 1; C5=1).
    //  x: capture C5 1 (D5 empty: no step), lift B5 2 -> B6=1 B7=2 B8=2. Opportunity 2 at B8 (C8=1).
    //  .: relay B5 2 -> B6=1 B7=2. Opportunity 2 at B7 (held 1; C7=1).
    expect(moves(optional).filter((m) => m.startsWith("B3+"))).toEqual([
      "B3+/..",
      "B3+/.x",
      "B3+/x.",
      "B3+/xx",
    ]);
  });

  it("HUS-3 B3+/x.: take at B5 (no step for the empty back pit D5), then decline at B8", () => {
    // ... B8 declined: relay lift B8 2 -> A8=1 A7=1; A7 held 0: end.
    const r = play(optional, "B3+/x.");
    expect(r.pits).toEqual(
      rows("2 2 2 0 2 2 1 1 / 0 0 0 2 0 1 2 0 / 0 0 0 0 0 0 1 1 / 7 7 7 6 0 0 0 2"),
    );
    expect(r.trace).toEqual(T("^B3:2 B4 B5 xC5:1 ^B5:2 B6 B7 B8 ^B8:2 A8 A7"));
  });

  it("HUS-3 B3+/xx: take both; the second takes C8 and D8", () => {
    // B8: capture C8 1, D8 2; lift B8 2; hand 5 -> A8=1 A7=1 A6=3 A5=3 A4=1; A4 held 0: end.
    const r = play(optional, "B3+/xx");
    expect(r.pits).toEqual(
      rows("2 2 2 1 3 3 1 1 / 0 0 0 2 0 1 2 0 / 0 0 0 0 0 0 1 0 / 7 7 7 6 0 0 0 0"),
    );
    expect(r.trace).toEqual(T("^B3:2 B4 B5 xC5:1 ^B5:2 B6 B7 B8 xC8:1 xD8:2 ^B8:2 A8 A7 A6 A5 A4"));
  });

  it("HUS-3 B3+/..: decline both, relays only", () => {
    // relay B5 2 -> B6=1 B7=2; relay B7 2 -> B8=2 A8=1; A8 held 0: end.
    const r = play(optional, "B3+/..");
    expect(r.pits).toEqual(
      rows("2 2 2 0 2 2 0 1 / 0 0 0 2 0 1 0 2 / 0 0 0 0 1 0 1 1 / 7 7 7 6 0 0 0 2"),
    );
    expect(r.trace).toEqual(T("^B3:2 B4 B5 ^B5:2 B6 B7 ^B7:2 B8 A8"));
  });

  it("HUS-3 B3+/.x: decline at B5, take C7 at B7 (D7 empty: no capture step)", () => {
    // capture C7 1; lift B7 2; hand 3 -> B8=2 A8=1 A7=1; A7 held 0: end.
    const r = play(optional, "B3+/.x");
    expect(r.pits).toEqual(
      rows("2 2 2 0 2 2 1 1 / 0 0 0 2 0 1 0 2 / 0 0 0 0 1 0 0 1 / 7 7 7 6 0 0 0 2"),
    );
    expect(r.trace).toEqual(T("^B3:2 B4 B5 ^B5:2 B6 B7 xC7:1 ^B7:2 B8 A8 A7"));
  });

  it("HUS-3 mandatory: B3+ takes every capture (the xx path)", () => {
    const r = play(twoChoices, "B3+");
    expect(r.pits).toEqual(
      rows("2 2 2 1 3 3 1 1 / 0 0 0 2 0 1 2 0 / 0 0 0 0 0 0 1 0 / 7 7 7 6 0 0 0 0"),
    );
  });

  it("HUS-3 choices: mandatory refuses B3+/xx; optional refuses B3+, B3+/x and B3+/xx.", () => {
    expect(refusal(twoChoices, "B3+/xx").message).toMatch(/HUS-3/);
    for (const m of ["B3+", "B3+/x", "B3+/xx.", "B3+/x.."]) {
      const e = refusal(optional, m);
      expect(e.code).toBe("illegal-move");
      expect(e.message).toMatch(/HUS-3/);
    }
  });

  // Bao, 64 stones: as the HB-5 position with a heavier back row.
  const bao = (options: Record<string, unknown>) => ({
    ...occupiedL("bao-de", [6, 6, 6, 5, 6, 6, 6, 4]),
    options,
  });

  it("BDE-3 capture takes the facing front pit only", () => {
    // B2+ -> B3=1 B4=2 (held 1), C4=3: take C4 only; lift B4 2, hand 5 -> B5..B8 = 1, A8 = 1: end.
    const r = play(bao({}), "B2+");
    expect(r.pits).toEqual(
      rows("2 2 0 2 2 2 2 1 / 0 0 1 0 1 1 1 1 / 1 0 0 0 0 0 0 0 / 6 6 6 5 6 6 6 4"),
    );
    expect(r.trace).toEqual(T("^B2:2 B3 B4 xC4:3 ^B4:2 B5 B6 B7 B8 A8"));
  });

  it("BDE-3 optional: B2+/. relays, B2+/x takes the front pit only", () => {
    const dec = play(bao({ capture: "optional" }), "B2+/.");
    expect(dec.pits).toEqual(
      rows("2 2 0 2 2 2 2 0 / 0 0 1 0 1 1 0 0 / 1 0 0 3 0 0 0 0 / 6 6 6 5 6 6 6 4"),
    );
    const take = play(bao({ capture: "optional" }), "B2+/x");
    expect(take.pits).toEqual(
      rows("2 2 0 2 2 2 2 1 / 0 0 1 0 1 1 1 1 / 1 0 0 0 0 0 0 0 / 6 6 6 5 6 6 6 4"),
    );
    expect(refusal(bao({}), "B2+/x").message).toMatch(/BDE-3/);
    expect(refusal(bao({ capture: "optional" }), "B2+").message).toMatch(/BDE-3/);
  });
});

// ---------------------------------------------------------------------------
// End of the game: HB-7, HB-8, HUS-4, HUS-5, BDE-4
// ---------------------------------------------------------------------------

describe("end of the game", () => {
  function expectOver(json: PositionJSON) {
    const { game, position } = parse(json);
    expect(game.legal(position).moves).toEqual([]);
    expect(game.perft(position, 1)).toBe(1);
    expect(game.randomMove(position, () => 0.5)).toBeNull();
    const r = game.apply(position, "A1+");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("game-over");
    const o = game.outcome(position);
    if (o === null) throw new Error("expected the game to be over");
    return o;
  }

  // South: every pit 1. North: D1 = 2, D8 = 30 (D1+ sows D2, D3: a short legal turn).
  const southStuck = (game: string) =>
    P(game, "S", rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 2 0 0 0 0 0 0 30"));

  it("HB-7 a player to move with no pit of two or more has lost; both counts recorded", () => {
    for (const id of ["husbao", "husbao-bis"]) {
      const o = expectOver(southStuck(id));
      expect(o.winner).toBe("N");
      expect(o.reason).toMatch(/HB-7/);
      expect(o.score).toEqual({ S: 16, N: 32 });
    }
  });

  it("HB-7 judges only the player to move: North to move plays on (D1+ -> D2=1 D3=1)", () => {
    const json = { ...southStuck("husbao"), toMove: "N" as const };
    expect(outcomeOf(json)).toBeNull();
    expect(play(json, "D1+").pits).toEqual(
      rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 0 1 1 0 0 0 0 30"),
    );
  });

  it("HB-8 Front: South's front row empty ends the game whoever moves; equal counts draw", () => {
    for (const toMove of ["S", "N"] as const) {
      const o = expectOver(
        P(
          "husbao-front",
          toMove,
          rows("3 3 3 3 3 3 3 3 / 0 0 0 0 0 0 0 0 / 1 1 1 1 1 1 1 1 / 2 2 2 2 2 2 2 2"),
        ),
      );
      expect(o.winner).toBeNull();
      expect(o.reason).toMatch(/HB-8/);
      expect(o.score).toEqual({ S: 24, N: 24 });
    }
  });

  it("HB-8 Front: North's front row empty, South has more stones and wins, whoever moves", () => {
    for (const toMove of ["S", "N"] as const) {
      const o = expectOver(
        P(
          "husbao-front",
          toMove,
          rows("3 3 3 3 3 3 3 3 / 1 1 1 1 1 1 1 1 / 0 0 0 0 0 0 0 0 / 2 2 2 2 2 2 2 2"),
        ),
      );
      expect(o.winner).toBe("S");
      expect(o.reason).toMatch(/HB-8/);
      expect(o.score).toEqual({ S: 32, N: 16 });
    }
  });

  it("HB-8 Front: a capture that empties North's front row ends the game at the end of the turn", () => {
    // B2+ -> B3=1 B4=2; capture C4 3 (North's only front stones); lift B4 2; 5 -> B5..B8, A8.
    // South then holds 18, North 30: North wins.
    const json = P(
      "husbao-front",
      "S",
      rows("2 2 0 2 2 2 2 0 / 0 2 0 1 0 0 0 0 / 0 0 0 3 0 0 0 0 / 4 4 4 5 4 4 4 1"),
    );
    expect(outcomeOf(json)).toBeNull();
    const { game, position } = parse(json);
    const r = game.apply(position, "B2+");
    if (!r.ok) throw new Error(r.error.message);
    expect(pitsOf(game, r.value.position)).toEqual(
      rows("2 2 0 2 2 2 2 1 / 0 0 1 0 1 1 1 1 / 0 0 0 0 0 0 0 0 / 4 4 4 5 4 4 4 1"),
    );
    expect(game.legal(r.value.position).moves).toEqual([]);
    const o = game.outcome(r.value.position);
    expect(o?.winner).toBe("N");
    expect(o?.reason).toMatch(/HB-8/);
    expect(o?.score).toEqual({ S: 18, N: 30 });
  });

  it("HB-8 DECISION Front: a player with no legal start ends the game, decided by counts", () => {
    // Both front rows hold stones; South has no pit with two: game over, North 32 > South 16.
    const o = expectOver(
      P(
        "husbao-front",
        "S",
        rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 4 4 4 4 4 4 4 4 / 0 0 0 0 0 0 0 0"),
      ),
    );
    expect(o.winner).toBe("N");
    expect(o.reason).toMatch(/HB-8/);
    expect(o.score).toEqual({ S: 16, N: 32 });
  });

  it("HUS-4 a player whose every pit holds at most one has lost; HUS-5 the winner scores their stones", () => {
    const o = expectOver(
      P("hus", "S", rows("1 1 1 1 1 1 1 1 / 1 1 1 1 0 0 0 0 / 2 2 2 2 2 2 2 2 / 2 2 2 2 3 3 3 3")),
    );
    expect(o.winner).toBe("N");
    expect(o.reason).toMatch(/HUS-4/);
    expect(o.score.N).toBe(36);
    expect(o.score.S).toBe(0);
  });

  it("HUS-4 North to move with single stones loses; HUS-5 South scores 32 (North still has stones)", () => {
    const o = expectOver(
      P("hus", "N", rows("4 4 4 4 4 4 4 4 / 0 0 0 0 0 0 0 0 / 1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1")),
    );
    expect(o.winner).toBe("S");
    expect(o.score.S).toBe(32);
    expect(o.score.N).toBe(0);
  });

  it("HUS-5 doubled score: the loser has no stones at all (48 on the winner's side scores 96)", () => {
    const o = expectOver(
      P("hus", "S", rows("0 0 0 0 0 0 0 0 / 0 0 0 0 0 0 0 0 / 3 3 3 3 3 3 3 3 / 3 3 3 3 3 3 3 3")),
    );
    expect(o.winner).toBe("N");
    expect(o.reason).toMatch(/HUS-4/);
    expect(o.score.N).toBe(96);
    expect(o.score.S).toBe(0);
  });

  it("HUS-4 + CORE-5: every start refused by the stage limit loses", () => {
    // B8+ (3 stones) ends in A6 which held 1: a relay, the 2nd stage; maxStages 1 refuses it.
    const json = P(
      "hus",
      "S",
      rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 3 / 0 0 0 0 0 0 0 0 / 3 3 3 3 4 4 4 6"),
      { maxStages: 1 },
    );
    const o = expectOver(json);
    expect(o.winner).toBe("N");
    expect(o.reason).toMatch(/CORE-5/);
    expect(o.score.N).toBe(30);
  });

  // North: C1..C8 = 1, D1 = 2, D8 = 22 (D1+ -> D2, D3: a short legal turn).
  const baoFrontEmpty = (toMove: SideName) =>
    P(
      "bao-de",
      toMove,
      rows("4 4 4 4 4 4 4 4 / 0 0 0 0 0 0 0 0 / 1 1 1 1 1 1 1 1 / 2 0 0 0 0 0 0 22"),
    );

  it("BDE-4 a player to move with an empty front row loses", () => {
    const o = expectOver(baoFrontEmpty("S"));
    expect(o.winner).toBe("N");
    expect(o.reason).toMatch(/BDE-4/);
    expect(o.score).toEqual({ S: 32, N: 32 });
  });

  it("BDE-4 judges only the player to move: North (front row full) plays on", () => {
    expect(outcomeOf(baoFrontEmpty("N"))).toBeNull();
    expect(play(baoFrontEmpty("N"), "D1+").pits).toEqual(
      rows("4 4 4 4 4 4 4 4 / 0 0 0 0 0 0 0 0 / 1 1 1 1 1 1 1 1 / 0 1 1 0 0 0 0 22"),
    );
  });

  it("BDE-4 a player to move with stones in front but no pit of two or more loses", () => {
    const o = expectOver(
      P(
        "bao-de",
        "S",
        rows("1 1 1 1 1 1 1 1 / 1 1 1 1 1 1 1 1 / 3 3 3 3 3 3 3 3 / 3 3 3 3 3 3 3 3"),
      ),
    );
    expect(o.winner).toBe("N");
    expect(o.reason).toMatch(/BDE-4/);
    expect(o.score).toEqual({ S: 16, N: 48 });
  });
});

// ---------------------------------------------------------------------------
// legal: order, limit, truncated
// ---------------------------------------------------------------------------

describe("legal lists", () => {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  it("legal is sorted by move string (+ before -, . before x)", () => {
    const optional = {
      ...P(
        "hus",
        "S",
        rows("2 2 2 0 2 2 0 0 / 0 0 2 1 1 0 1 1 / 0 0 0 0 1 0 1 1 / 7 7 7 6 0 0 0 2"),
      ),
      options: { capture: "optional" },
    };
    for (const json of [optional]) {
      const ms = moves(json);
      expect(ms).toEqual([...ms].sort(cmp));
    }
    for (const id of ["husbao", "husbao-bis", "husbao-front", "hus", "bao-de"]) {
      const g = getGame(id);
      const r = g.initial();
      if (!r.ok) throw new Error(r.error.message);
      const ms = g.legal(r.value).moves.map((m) => m.move);
      expect(ms).toEqual([...ms].sort(cmp));
      expect(new Set(ms).size).toBe(ms.length);
    }
  });

  it("legal with limit gives the first moves and truncated when more exist", () => {
    const g = getGame("husbao");
    const r = g.initial();
    if (!r.ok) throw new Error(r.error.message);
    const full = g.legal(r.value);
    expect(full.truncated).toBe(false);
    const n = full.moves.length;
    expect(n).toBeGreaterThan(3);
    const three = g.legal(r.value, 3);
    expect(three.moves).toEqual(full.moves.slice(0, 3));
    expect(three.truncated).toBe(true);
    const exact = g.legal(r.value, n);
    expect(exact.moves).toEqual(full.moves);
    expect(exact.truncated).toBe(false);
    const zero = g.legal(r.value, 0);
    expect(zero.moves).toEqual([]);
    expect(zero.truncated).toBe(true);
  });
});
