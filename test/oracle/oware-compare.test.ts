/**
 * The Oware engine (src/games/oware) against the independent oracle
 * (./oware-oracle.ts, written from docs/rules/oware.md alone): on random
 * positions, from play and from random spreads of the stones, under each
 * grand-slam variant, both must list the same moves in the same order with
 * the same positions and traces, end the game the same way, and count the
 * same perft leaves.
 */
import { describe, expect, it } from "vitest";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import { TWO_ROW_PITS, compareWithOracle, parseFor } from "./two-row-compare.js";
import {
  owInitial,
  owKey,
  owLegal,
  owOutcome,
  owPerft,
  type OwJson,
  type OwSlam,
} from "./oware-oracle.js";

const game = findGame("oware") as Game;
const PITS = TWO_ROW_PITS;
const SLAMS: readonly OwSlam[] = ["no-capture", "forbidden", "capture"];

/** 48 stones spread over the pits (few, so captures, slams and empty rows come often) and stores. */
function spread(random: () => number): OwJson {
  const p = owInitial(SLAMS[Math.floor(random() * 3)]);
  // Some spreads leave one row empty, with few stones: feeding (OW-4) and its end.
  const only = random() < 0.3 ? (random() < 0.5 ? "A" : "B") : null;
  const inPits = Math.floor(random() * (only === null ? 30 : 8));
  const counts = new Map(PITS.map((x) => [x, 0]));
  const heavy = random() < 0.2 ? PITS[Math.floor(random() * 12)] : null;
  for (let k = 0; k < inPits; k++) {
    let at = heavy !== null && random() < 0.5 ? heavy : PITS[Math.floor(random() * 12)]!;
    if (only !== null && at[0] !== only) at = `${only}${at.slice(1)}`;
    counts.set(at, (counts.get(at) ?? 0) + 1);
  }
  for (const pit of PITS) p.pits[pit] = counts.get(pit) ?? 0;
  const s = Math.floor(random() * (48 - inPits + 1));
  p.stores = { S: s, N: 48 - inPits - s };
  p.toMove = random() < 0.5 ? "S" : "N";
  return p;
}

/** A position some random plies into a game. */
function played(random: () => number): OwJson {
  let p = owInitial(SLAMS[Math.floor(random() * 3)]);
  const plies = Math.floor(random() * 80);
  for (let k = 0; k < plies; k++) {
    const moves = owLegal(p);
    if (moves.length === 0) break;
    p = moves[Math.floor(random() * moves.length)]!.position;
  }
  return p;
}

const parse = (json: OwJson): Position => parseFor(game, json);

describe("the Oware engine agrees with the independent oracle (oware.md)", () => {
  it("on 2,000 random positions: moves, order, positions, traces, outcomes", () => {
    const random = seededRandom(31);
    const seen = new Map<string, number>();
    const note = (kind: string) => seen.set(kind, (seen.get(kind) ?? 0) + 1);
    let disagreements = 0;
    for (let k = 0; k < 2000; k++) {
      const json = k % 2 === 0 ? spread(random) : played(random);
      const { want, outcome, agreed } = compareWithOracle(game, json, owLegal, owOutcome);
      if (!agreed) disagreements++;
      if (outcome !== null) note(outcome.reason.slice(0, 4));
      const them = json.toMove === "S" ? "B" : "A";
      if (want.length > 0 && PITS.every((q) => q[0] !== them || json.pits[q] === 0))
        note("feeding");
      for (const m of want) {
        const caps = m.trace.filter((s) => s.op === "capture").length;
        if (caps > 0) note("capture");
        if (caps > 1) note("capture run");
        if ((m.trace[0] as { n: number }).n >= 12) note("lap");
        const left = PITS.filter((q) => q[0] === them).every((q) => m.position.pits[q] === 0);
        if (left && caps > 0) note("grand slam taken");
      }
    }
    expect(disagreements).toBe(0);
    for (const kind of [
      "capture",
      "capture run",
      "lap",
      "feeding",
      "grand slam taken",
      "OW-4",
      "OW-6",
      "OW-8",
    ]) {
      expect(seen.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
  });

  it("ends the game on a position's third occurrence (OW-7) as the oracle does", () => {
    const json = owInitial();
    for (const pit of PITS) json.pits[pit] = 0;
    Object.assign(json.pits, { A1: 1, A4: 2, B2: 1, B5: 3 });
    json.stores = { S: 20, N: 21 };
    json.toMove = "N";
    const key = owKey(json);
    const elsewhere = key.replace("|1,0,0,2,", "|0,1,0,2,");
    for (const [history, over] of [
      [[key], false],
      [[key, elsewhere, key], true],
    ] as const) {
      const p = { ...json, history: [...history] };
      const outcome = game.outcome(parse(p));
      expect(outcome === null ? null : { winner: outcome.winner, score: outcome.score }).toEqual(
        owOutcome(p),
      );
      expect(outcome !== null).toBe(over);
      if (over) {
        expect(outcome?.reason).toContain("OW-7");
        expect(outcome?.score).toEqual({ S: 23, N: 25 }); // each takes the stones in their own pits
        expect(game.legal(parse(p)).moves).toEqual([]);
      } else {
        expect(game.legal(parse(p)).moves.map((m) => m.move)).toEqual(
          owLegal(p).map((m) => m.move),
        );
      }
    }
    // A key found a third time in the history itself is no position (OW-7).
    expect(game.parsePosition({ ...json, history: [key, key, key] })).toMatchObject({
      ok: false,
      error: { rule: "OW-7" },
    });
  });

  it("counts the same perft leaves from the start (depths 1–5) and from played positions", () => {
    for (const slam of SLAMS) {
      for (let depth = 1; depth <= 5; depth++) {
        const start = owInitial(slam);
        expect(game.perft(parse(start), depth), `${slam} depth ${depth}`).toBe(
          owPerft(start, depth),
        );
      }
    }
    const random = seededRandom(7);
    for (let k = 0; k < 40; k++) {
      const json = played(random);
      expect(game.perft(parse(json), 3)).toBe(owPerft(json, 3));
    }
  });
});
