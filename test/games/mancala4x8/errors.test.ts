/**
 * Errors are values (src/shared/result.ts): a bad position, a bad option,
 * an ill-formed or illegal move each come back as `{ ok: false, error }` with
 * a `code` and a message naming the rule or the field at fault. Nothing throws.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { KeteError } from "../../../src/shared/result.js";
import { parseMove } from "../../../src/games/mancala4x8/index.js";
import { GAME_IDS, anyPositionJsonArb, getGame, parse, type PositionJSON } from "./helpers.js";
import { rows } from "../fourrow/board.js";

const row = (n: number): number[] => new Array<number>(8).fill(n);

function good(): PositionJSON {
  return {
    game: "husbao",
    options: { direction: "free", maxStages: 200 },
    toMove: "S",
    pits: rows("2 2 2 2 2 2 2 2 / 2 2 2 2 0 0 0 0 / 0 0 0 0 2 2 2 2 / 2 2 2 2 2 2 2 2"),
  };
}

/** Parses with husbao (or the game named) and returns the error, failing if accepted. */
function badPosition(json: unknown, gameId = "husbao"): KeteError {
  const r = getGame(gameId).parsePosition(json);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(json)}`);
  return r.error;
}

describe("bad positions (engine-protocol.md: invariants of the game)", () => {
  it("the reference position is accepted", () => {
    expect(getGame("husbao").parsePosition(good()).ok).toBe(true);
  });

  it("CORE-6 wrong stone total", () => {
    const j = good();
    j.pits.B[0] = 3; // 49 stones
    const e = badPosition(j);
    expect(e.code).toBe("bad-position");
    expect(e.message).toMatch(/CORE-6/);
    expect(e.message).toMatch(/49/);
    expect(e.message).toMatch(/48/);
    // 64 is right for bao-de only
    const bao = {
      ...good(),
      game: "husbao" as const,
      pits: rows("2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2 / 2 2 2 2 2 2 2 2"),
    };
    expect(badPosition(bao).message).toMatch(/CORE-6/);
  });

  it("negative count (even with the right total)", () => {
    const j = good();
    j.pits.A[0] = -1;
    j.pits.A[1] = 5;
    const e = badPosition(j);
    expect(e.code).toBe("bad-position");
    expect(e.message).toMatch(/pits\.A/);
    expect(e.message).toMatch(/A1/);
  });

  it("non-integer and non-number counts", () => {
    const j = good();
    j.pits.A[0] = 1.5;
    j.pits.A[1] = 2.5;
    expect(badPosition(j).message).toMatch(/pits\.A/);
    const k = good() as unknown as { pits: { C: unknown[] } };
    k.pits.C[4] = "2";
    expect(badPosition(k).message).toMatch(/pits\.C/);
  });

  it("wrong shape: row of 7, row of 9, missing row, extra row, pits not an object", () => {
    const short = good();
    short.pits.A = [2, 2, 2, 2, 2, 2, 4];
    expect(badPosition(short).message).toMatch(/pits\.A/);
    const long = good();
    long.pits.D = [2, 2, 2, 2, 2, 2, 2, 1, 1];
    expect(badPosition(long).message).toMatch(/pits\.D/);
    const missing = good() as unknown as { pits: Record<string, unknown> };
    delete missing.pits.D;
    expect(badPosition(missing).message).toMatch(/pits\.D/);
    const extra = good() as unknown as { pits: Record<string, unknown> };
    extra.pits.E = row(0);
    expect(badPosition(extra).message).toMatch(/pits\.E/);
    const arr = { ...good(), pits: [row(2), row(2), row(2), row(0)] };
    const e = badPosition(arr);
    expect(e.code).toBe("bad-position");
    expect(e.message).toMatch(/pits/);
  });

  it("unknown field", () => {
    const e = badPosition({ ...good(), hand: { S: 0, N: 0 } });
    expect(e.code).toBe("bad-position");
    expect(e.message).toMatch(/hand/);
  });

  it("unknown option", () => {
    const e = badPosition({ ...good(), options: { direction: "free", capture: "optional" } });
    expect(e.message).toMatch(/options\.capture/);
    const f = badPosition({ ...good(), options: { speed: 3 } });
    expect(f.message).toMatch(/speed/);
  });

  it("bad option values name the option and its rule", () => {
    const d = badPosition({ ...good(), options: { direction: "up" } });
    expect(d.message).toMatch(/direction/);
    expect(d.message).toMatch(/HB-3/);
    for (const v of [0, -5, 1.5, "200", null, true]) {
      const e = badPosition({ ...good(), options: { maxStages: v } });
      expect(e.message).toMatch(/maxStages/);
      expect(e.message).toMatch(/CORE-5/);
    }
    const hus = {
      ...good(),
      game: "hus",
      options: { direction: "free" },
      pits: rows("2 2 2 2 2 2 2 2 / 0 0 0 0 2 2 2 2 / 2 2 2 2 0 0 0 0 / 2 2 2 2 2 2 2 2"),
    };
    expect(badPosition(hus, "hus").message).toMatch(/HUS-2/);
    const cap = { ...hus, options: { capture: "sometimes" } };
    expect(badPosition(cap, "hus").message).toMatch(/capture/);
  });

  // README "Rule options": maxStages is 200 "or another whole number ≥ 1".
  it("CORE-5 maxStages takes any whole number ≥ 1, e.g. 2000000", () => {
    const r = getGame("husbao").parsePosition({ ...good(), options: { maxStages: 2_000_000 } });
    expect(r.ok).toBe(true);
  });

  it("missing options take their defaults", () => {
    const { options: _unused, ...rest } = good();
    const { game, position } = parse(rest);
    expect(game.positionToJSON(position).options).toEqual({ direction: "free", maxStages: 200 });
  });

  it("wrong game, bad toMove, not an object", () => {
    expect(badPosition({ ...good(), game: "hus" }).message).toMatch(/game/);
    expect(badPosition({ ...good(), toMove: "X" }).message).toMatch(/toMove/);
    const { toMove: _t, ...noMover } = good();
    expect(badPosition(noMover).message).toMatch(/toMove/);
    for (const v of [null, undefined, 3, "husbao", [], [good()]]) {
      const e = badPosition(v);
      expect(e.code).toBe("bad-position");
      expect(e.message.length).toBeGreaterThan(0);
    }
  });

  it("initial with bad options is an error value", () => {
    const r = getGame("bao-de").initial({ direction: "sideways" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/direction/);
    const s = getGame("husbao").initial({ colour: "red" });
    expect(s.ok).toBe(false);
    if (!s.ok) expect(s.error.message).toMatch(/colour/);
  });

  it("parsePosition never throws, whatever the input (property)", () => {
    const arbitraryPosition = fc.oneof(
      fc.anything(),
      // near-misses: a valid position with one field replaced by anything
      fc
        .tuple(
          anyPositionJsonArb,
          fc.constantFrom("game", "options", "toMove", "pits"),
          fc.anything(),
        )
        .map(([p, key, v]) => ({ ...p, [key]: v })),
      fc
        .tuple(anyPositionJsonArb, fc.constantFrom("A", "B", "C", "D"), fc.anything())
        .map(([p, r, v]) => ({ ...p, pits: { ...p.pits, [r]: v } })),
    );
    fc.assert(
      fc.property(arbitraryPosition, fc.constantFrom(...GAME_IDS), (json, id) => {
        const r = getGame(id).parsePosition(json);
        if (!r.ok) {
          expect(typeof r.error.code).toBe("string");
          expect(typeof r.error.message).toBe("string");
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe("ill-formed and illegal moves", () => {
  const husbao = () => {
    const g = getGame("husbao");
    const r = g.initial();
    if (!r.ok) throw new Error(r.error.message);
    return { g, p: r.value };
  };

  it("ill-formed move strings are bad-move errors quoting the move", () => {
    const { g, p } = husbao();
    for (const m of [
      "",
      "B9+",
      "E1+",
      "b3+",
      "B3",
      "B3*",
      "B3+/",
      "B3+/xy",
      "B3+x",
      " B3+",
      "B3+ ",
      "B0+",
      "B33+",
    ]) {
      const r = g.apply(p, m);
      expect(r.ok, m).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("bad-move");
        expect(r.error.message).toContain(`"${m}"`);
      }
    }
  });

  it("CORE-4 illegal starts: opponent's pit, empty pit", () => {
    const { g, p } = husbao();
    for (const m of ["C5+", "D1-", "B5+", "B8-"]) {
      const r = g.apply(p, m);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe("illegal-move");
        expect(r.error.message).toMatch(/CORE-4/);
      }
    }
  });

  it("HB-4 HusBao has no capture choices: B3+/x is refused citing the capture rule", () => {
    const { g, p } = husbao();
    const r = g.apply(p, "B3+/x");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/HB-4/);
  });

  it("apply and parseMove never throw, whatever the string (property)", () => {
    const { g, p } = husbao();
    const moveLike = fc.oneof(
      fc.string(),
      fc
        .tuple(
          fc.constantFrom("A", "B", "C", "D", "E", "a", ""),
          fc.integer({ min: -1, max: 10 }),
          fc.constantFrom("+", "-", "", "*"),
          fc.stringMatching(/^(\/[x.]{0,6})?$/),
        )
        .map(([r, c, s, ch]) => `${r}${c}${s}${ch}`),
    );
    fc.assert(
      fc.property(moveLike, (m) => {
        const a = g.apply(p, m);
        const b = parseMove(m);
        if (!a.ok) expect(a.error.code).toMatch(/^(bad-move|illegal-move)$/);
        if (!b.ok) expect(b.error.code).toBe("bad-move");
      }),
      { numRuns: 3000 },
    );
  });
});
