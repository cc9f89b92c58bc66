/**
 * Properties over positions along seeded random games from the three starts
 * and random scatters of marbles (any counts, off, side to move, counters):
 * marbles conserved except those pushed off, which `off` counts; every listed
 * move, applied, gives the listed position and trace; the protocol trace
 * (`off`, `hole`) and the sensor steps replayed on the board give the next
 * board; `legal` sorted with no move twice and the same moves as the naive
 * reading of the rules; the notation read and written back; JSON round trip;
 * perft(1), `limit` and `randomMove` agree with `legal`.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMove, parseMove, type AbalonePosition } from "../../../src/games/abalone/index.js";
import { readingIndex } from "../../../src/shared/index.js";
import { seededRandom } from "../../../src/shared/random.js";
import { propertyRuns } from "../../property-runs.js";
import { naiveMoves } from "./naive.js";
import { HOLE_NAMES } from "./naive.js";
import { ab, cellsMap, jsonOf, positionJSON, start } from "./helpers.js";

const STARTS = ["standard", "belgian-daisy", "german-daisy"];

function fromGame(random: () => number): AbalonePosition {
  let p = start({ start: STARTS[Math.floor(random() * 3)] });
  const plies = Math.floor(random() * 80);
  for (let i = 0; i < plies; i++) {
    const m = ab.randomMove(p, random);
    if (m === null) break;
    p = m.position;
  }
  return p;
}

function scatter(random: () => number): AbalonePosition {
  const holes = [...HOLE_NAMES].sort(() => random() - 0.5);
  const nb = 1 + Math.floor(random() * 14);
  const nw = 1 + Math.floor(random() * 14);
  const black = holes.slice(0, nb).join(" ");
  const white = holes.slice(nb, nb + nw).join(" ");
  const offB = Math.floor(random() * (Math.min(6, 14 - nb) + 1));
  let offW = Math.floor(random() * (Math.min(6, 14 - nw) + 1));
  if (offB === 6 && offW === 6) offW = 5;
  const moveCount = Math.floor(random() * 40);
  const json = positionJSON(black, white, {
    toMove: random() < 0.5 ? "b" : "w",
    off: { b: offB, w: offW },
    moveCount,
    noPushCount: Math.floor(random() * (moveCount + 1)),
    options:
      random() < 0.2
        ? { moveLimit: 1 + Math.floor(random() * 30), noPushLimit: 1 + Math.floor(random() * 30) }
        : {},
  });
  const r = ab.parsePosition(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const positionArb = fc
  .tuple(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.boolean())
  .map(([seed, game]) => (game ? fromGame : scatter)(seededRandom(seed)));

/** Marbles of each colour on the board. */
function onBoard(p: AbalonePosition): { b: number; w: number } {
  const cells = Object.values(jsonOf(p).cells);
  return { b: cells.filter((c) => c === "b").length, w: cells.filter((c) => c === "w").length };
}

describe("abalone properties", () => {
  it("marbles are conserved except those pushed off, which off counts (for the opponent only, one at most)", () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const before = onBoard(p);
        const opp = p.toMove === "b" ? "w" : "b";
        for (const m of ab.legal(p).moves) {
          const after = onBoard(m.position);
          const j = jsonOf(m.position);
          expect(after.b + j.off.b).toBe(before.b + p.off.b);
          expect(after.w + j.off.w).toBe(before.w + p.off.w);
          expect(j.off[p.toMove]).toBe(p.off[p.toMove]);
          expect([0, 1]).toContain(j.off[opp] - p.off[opp]);
          expect(j.options).toEqual(jsonOf(p).options);
          expect(j.moveCount).toBe(p.moveCount + 1);
          expect(j.noPushCount).toBe(j.off[opp] > p.off[opp] ? 0 : p.noPushCount + 1);
        }
      }),
      { numRuns: propertyRuns(30) },
    );
  });

  it("apply(move) of every listed move gives the listed position and trace; the off/hole trace replays onto the next board", () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const cells = jsonOf(p).cells;
        for (const m of ab.legal(p).moves) {
          const r = ab.apply(p, m.move);
          expect(r.ok).toBe(true);
          if (!r.ok) continue;
          expect(jsonOf(r.value.position)).toEqual(jsonOf(m.position));
          expect(r.value.trace).toEqual(m.trace);
          const steps = ab.protocolTrace(p, m.move);
          const offs = steps.filter((s) => s.op === "off");
          expect(offs.length).toBe(m.position.off.b + m.position.off.w - p.off.b - p.off.w);
          if (offs.length > 0) expect(steps[0]?.op).toBe("off");
          const holes = steps.flatMap((s) => (s.op === "hole" ? [s] : []));
          expect(holes.map((s) => s.cell)).toEqual([...holes.map((s) => s.cell)].sort());
          expect(new Set(holes.map((s) => s.cell)).size).toBe(holes.length);
          const board = new Map(Object.entries(cells).map(([h, c]) => [h, c as string]));
          for (const s of holes) {
            expect(board.get(s.cell) ?? "e").toBe(s.from);
            expect(s.to).not.toBe(s.from);
            if (s.to === "e") board.delete(s.cell);
            else board.set(s.cell, s.to);
          }
          expect(Object.fromEntries(board)).toEqual(jsonOf(m.position).cells);
        }
      }),
      { numRuns: propertyRuns(30) },
    );
  });

  it("the sensor steps of every trace, replayed on the hex61 readings, give the next position's readings", () => {
    const index = readingIndex("hex61");
    fc.assert(
      fc.property(positionArb, (p) => {
        for (const m of ab.legal(p).moves) {
          const counts = [...ab.sensorView(p).counts];
          for (const step of m.trace) {
            for (const s of ab.sensorSteps(step)) {
              const i = index.get(s.reading);
              expect(i, s.reading).toBeDefined();
              counts[i as number] =
                (counts[i as number] as number) + (s.op === "sow" || s.op === "place" ? s.n : -s.n);
            }
          }
          expect(counts).toEqual([...ab.sensorView(m.position).counts]);
        }
      }),
      { numRuns: propertyRuns(30) },
    );
  });

  it("legal is sorted by move string with no move twice, and is the naive reading's list of moves and positions", () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        const moves = ab.legal(p).moves;
        for (let i = 1; i < moves.length; i++)
          expect(
            (moves[i - 1] as { move: string }).move < (moves[i] as { move: string }).move,
          ).toBe(true);
        if (ab.outcome(p) !== null) {
          expect(moves).toEqual([]);
          return;
        }
        const naive = naiveMoves(cellsMap(p), p.toMove);
        expect(moves.map((m) => m.move)).toEqual(naive.map((m) => m.move));
        moves.forEach((m, i) => expect(cellsMap(m.position)).toEqual(naive[i]?.cells()));
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  it("notation round trip: every listed move reads and writes back as itself; typed in lower case it normalises to it", () => {
    fc.assert(
      fc.property(positionArb, (p) => {
        for (const { move } of ab.legal(p).moves) {
          const parsed = parseMove(move);
          expect(parsed.ok).toBe(true);
          if (parsed.ok) expect(formatMove(parsed.value)).toBe(move);
          expect(ab.normaliseMove(` ${move.toLowerCase()} `)).toBe(move);
          expect(ab.apply(p, move.toLowerCase()).ok).toBe(false);
        }
      }),
      { numRuns: propertyRuns(30) },
    );
  });

  it("JSON round trip, perft(1), limit as a prefix and randomMove agree with legal", () => {
    fc.assert(
      fc.property(positionArb, fc.nat(20), fc.integer({ min: 1, max: 1000 }), (p, limit, seed) => {
        const back = ab.parsePosition(jsonOf(p));
        expect(back.ok).toBe(true);
        if (back.ok) expect(jsonOf(back.value)).toEqual(jsonOf(p));
        const all = ab.legal(p);
        expect(ab.perft(p, 1)).toBe(all.moves.length === 0 ? 1 : all.moves.length);
        const cut = ab.legal(p, limit);
        expect(cut.moves.map((m) => m.move)).toEqual(all.moves.slice(0, limit).map((m) => m.move));
        expect(cut.truncated).toBe(all.moves.length > limit);
        const r = ab.randomMove(p, seededRandom(seed));
        if (all.moves.length === 0) expect(r).toBeNull();
        else expect(all.moves.map((m) => m.move)).toContain(r?.move);
        expect(ab.outcome(p) === null).toBe(all.moves.length > 0);
      }),
      { numRuns: propertyRuns(60) },
    );
  });
});
