/**
 * Properties over the positions of seeded random games and random spreads of
 * beads: beads conserved and every gem in exactly one place, the trace of
 * every move replayed (on the sensor readings and on the board) gives the
 * position `legal` and `apply` give, parse ∘ serialise = id, `legal` sorted
 * and cut by `limit` as a prefix, the turn tree's paths are `legal`'s moves,
 * perft(1) counts them, and `refusal`, `randomMove` and `outcome` agree with them.
 */
import { describe, expect, it } from "vitest";
import type { LegalMove, TurnNode, TraceStep } from "../../../src/games/core/types.js";
import type { GlassPosition } from "../../../src/games/glassperlenspiel/index.js";
import { seededRandom } from "../../../src/shared/random.js";
import { PITS, gp, parse, type PositionJSON } from "./helpers.js";

const GEMS = ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"];
/** Positions with more moves than this are checked on the first `FULL` only. */
const FULL = 300;
/** Moves per position whose traces are replayed. */
const SOME = 40;

function json(p: GlassPosition): PositionJSON {
  return gp.positionToJSON(p) as unknown as PositionJSON;
}

/** Positions along seeded random games, and random spreads with a random side to move. */
function positions(): GlassPosition[] {
  const out: GlassPosition[] = [];
  for (let seed = 1; seed <= 10; seed++) {
    const random = seededRandom(seed);
    const start = gp.initial();
    if (!start.ok) throw new Error(start.error.message);
    let p = start.value;
    for (let ply = 0; ply < 200; ply++) {
      if (ply % 3 === 0) out.push(p);
      const m = gp.randomMove(p, random);
      if (m === null) {
        out.push(p);
        break;
      }
      p = m.position;
    }
  }
  const random = seededRandom(77);
  for (let k = 0; k < 120; k++) {
    const pits: Record<string, { stones: number; gems: string[] }> = {};
    for (const name of PITS) pits[name] = { stones: 0, gems: [] };
    const used = PITS.filter(() => random() < 0.5);
    if (used.length === 0) used.push("A3");
    const pick = () => used[Math.floor(random() * used.length)] as string;
    for (let s = 0; s < 10; s++) pits[pick()]!.stones++;
    const cups = { S: [] as string[], N: [] as string[] };
    for (const g of GEMS) {
      if (random() < 0.4) (random() < 0.5 ? cups.S : cups.N).push(g);
      else pits[pick()]!.gems.push(g);
    }
    const toMove = random() < 0.5 ? "S" : "N";
    out.push(parse({ game: "glassperlenspiel", toMove, pits, cups }));
  }
  return out;
}

const ALL = positions();
/** Every other position, for the checks that replay or expand whole moves. */
const HALF = ALL.filter((_, i) => i % 2 === 0);

function conserved(p: GlassPosition): void {
  const j = json(p);
  let stones = 0;
  const seen: string[] = [];
  for (const name of PITS) {
    stones += j.pits[name]!.stones;
    seen.push(...j.pits[name]!.gems);
  }
  seen.push(...j.cups.S, ...j.cups.N);
  expect(stones).toBe(10);
  expect(seen.sort()).toEqual([...GEMS].sort());
}

/** The readings after each sensor step of a trace, from the position's readings. */
function replayReadings(p: GlassPosition, trace: readonly TraceStep[]): number[] {
  const view = gp.sensorView(p);
  const index = new Map(view.pits.map((n, i) => [n, i] as const));
  const r = [...view.counts];
  let hand = 0;
  for (const step of trace) {
    for (const s of gp.sensorSteps?.(step) ?? []) {
      const i = index.get(s.reading);
      if (i === undefined) throw new Error(`no reading ${s.reading}`);
      const taken = s.op === "lift" || s.op === "capture";
      r[i] = (r[i] as number) + (taken ? -s.n : s.n);
      hand += taken ? s.n : -s.n;
      if ((r[i] as number) < 0) throw new Error(`${s.reading} below zero`);
    }
  }
  expect(hand).toBe(0);
  return r;
}

/** The board after a trace, replayed on the JSON form (pits and cups). */
function replayBoard(p: GlassPosition, trace: readonly TraceStep[]): unknown {
  const j = json(p);
  const place = (name: string) =>
    name === "SC" ? { gems: j.cups.S } : name === "NC" ? { gems: j.cups.N } : j.pits[name]!;
  for (const step of trace) {
    if (step.op === "lift") {
      const pit = j.pits[step.pit]!;
      expect(step.n).toBe(pit.stones + pit.gems.length);
      expect(step.stones).toBe(pit.stones);
      expect(step.gems).toEqual(pit.gems);
      j.pits[step.pit] = { stones: 0, gems: [] };
    } else if (step.op === "sow") {
      const pit = j.pits[step.pit]!;
      if (step.bead === "s") pit.stones++;
      else pit.gems.push(step.bead as string);
    } else if (step.op === "capture") {
      const from = place(step.pit);
      expect(from.gems).toContain(step.gem);
      from.gems.splice(from.gems.indexOf(step.gem as string), 1);
      place(step.to as string).gems.push(step.gem as string);
    }
  }
  for (const name of PITS) j.pits[name]!.gems.sort();
  j.cups.S.sort();
  j.cups.N.sort();
  return { pits: j.pits, cups: j.cups };
}

/** Every path of a turn tree: its move, position and concatenated steps. */
function treeMoves(roots: readonly TurnNode<GlassPosition>[]): LegalMove<GlassPosition>[] {
  const out: LegalMove<GlassPosition>[] = [];
  const walk = (node: TurnNode<GlassPosition>, steps: TraceStep[]) => {
    const all = [...steps, ...node.steps];
    expect(node.steps.length).toBeGreaterThan(0);
    if (node.end !== null)
      out.push({ move: node.end.move, position: node.end.position, trace: all });
    const children = node.children();
    expect(children.map((c) => c.choice)).toEqual(children.map((c) => c.choice).sort());
    if (node.end === null) expect(children.length).toBeGreaterThan(0);
    for (const c of children) walk(c.node, all);
  };
  for (const root of roots) walk(root, []);
  return out;
}

describe("glassperlenspiel properties", () => {
  it(`checks ${ALL.length} positions, games' ends among them`, () => {
    expect(ALL.length).toBeGreaterThan(500);
    expect(ALL.filter((p) => gp.outcome(p) !== null).length).toBeGreaterThan(3);
  });

  it("beads are conserved and every gem lies in exactly one place after every move", () => {
    for (const p of ALL) for (const m of gp.legal(p, FULL).moves) conserved(m.position);
  });

  it("parse ∘ serialise = id, both ways", () => {
    for (const p of ALL) {
      expect(parse(json(p))).toEqual(p);
      expect(json(parse(json(p)))).toEqual(json(p));
    }
  });

  it("trace replay = apply: on the readings, on the board, and apply gives legal's move", () => {
    for (const p of HALF) {
      for (const m of gp.legal(p, SOME).moves) {
        expect(replayReadings(p, m.trace)).toEqual(gp.sensorView(m.position).counts);
        const after = json(m.position);
        expect(replayBoard(p, m.trace)).toEqual({ pits: after.pits, cups: after.cups });
        expect(after.toMove).not.toBe(p.toMove);
        const applied = gp.apply(p, m.move);
        expect(applied.ok && applied.value).toEqual({ position: m.position, trace: m.trace });
      }
    }
  });

  it("legal is sorted by code points; a limit cuts a prefix and says when more exist", () => {
    for (const p of ALL.slice(0, 400)) {
      const all = gp.legal(p, 2000);
      const names = all.moves.map((m) => m.move);
      for (let i = 1; i < names.length; i++) expect(names[i - 1]! < names[i]!).toBe(true);
      for (const limit of [0, 1, 7]) {
        const cut = gp.legal(p, limit);
        expect(cut.moves.map((m) => m.move)).toEqual(names.slice(0, limit));
        expect(cut.truncated).toBe(names.length > limit);
      }
      if (!all.truncated) expect(gp.perft(p, 1)).toBe(gp.outcome(p) === null ? names.length : 1);
      expect(gp.outcome(p) === null).toBe(names.length > 0);
    }
  });

  it("the turn tree's paths are exactly legal's moves, in order", () => {
    let checked = 0;
    for (const p of HALF) {
      const legal = gp.legal(p, FULL);
      if (legal.truncated) continue;
      expect(treeMoves(gp.turnTree?.(p) ?? [])).toEqual(legal.moves);
      checked++;
    }
    expect(checked).toBeGreaterThan(250);
  });

  it("refusal is null exactly for the pits a legal move starts from; random moves are legal", () => {
    const random = seededRandom(3);
    for (const p of ALL.slice(0, 300)) {
      const legal = gp.legal(p, 100_000).moves;
      const starts = new Set(legal.map((m) => m.move.slice(0, 2)));
      for (const place of [...PITS, "SC", "NC"]) {
        const refusal = gp.refusal(p, { kind: "start", place });
        expect(refusal === null, place).toBe(starts.has(place));
        if (refusal !== null) expect(refusal.rule).toMatch(/^GB-\d$/);
      }
      const m = gp.randomMove(p, random);
      if (m === null) expect(legal).toEqual([]);
      else expect(legal.find((l) => l.move === m.move)).toEqual(m);
    }
  });

  it("playouts are deterministic for a seed and end or stop at their limit", () => {
    const start = ALL[0] as GlassPosition;
    const a = gp.playout(start, seededRandom(9), 1000);
    const b = gp.playout(start, seededRandom(9), 1000);
    expect(a).toBe(b);
    expect(gp.playout(start, seededRandom(9), 5)).toBe(5);
  });
});
