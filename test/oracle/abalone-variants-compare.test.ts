/**
 * The Abalone engine's AB-9 variants (src/games/abalone through `findGame`
 * and the generic `Game` interface) against the independent variants oracle
 * (./abalone-variants-oracle.ts, written from docs/rules/abalone.md AB-9 and
 * docs/spec/engine-protocol-abalone-variants.md alone): the same option
 * errors with the same rule ids, the same starts (random ones from the same
 * seed), the same perft, and on random positions of every option and
 * combination the same reading, outcome, moves in the same order with the
 * same positions and protocol traces, the same move played, and refused
 * misspellings of shield and rotation moves.
 *
 * KETE_AB9_POSITIONS sets how many positions the random comparison covers
 * (default 2,000, about 5 s; `npm run bench` may ask for more).
 */
import { describe, expect, it } from "vitest";
import { handleRequest } from "../../src/engine/handler.js";
import { findGame } from "../../src/games/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import {
  HOLES,
  vInitial,
  vLegal,
  vOutcome,
  vParse,
  vPerft,
  type Marble,
  type VMove,
  type VOptions,
  type VPosition,
} from "./abalone-variants-oracle.js";

/** The 19 holes within two steps of E5 (AB-9.3). */
const CENTRE = HOLES.filter((h) => {
  const dr = h.charCodeAt(0) - "E".charCodeAt(0);
  const dc = Number(h.slice(1)) - 5;
  return Math.max(Math.abs(dr), Math.abs(dc), Math.abs(dr - dc)) <= 2;
});
const FREE5 = ["E5", "E4", "E6", "D4", "F6"];

const POSITIONS = Number(process.env.KETE_AB9_POSITIONS ?? 2000);

function engine(): Game {
  const game = findGame("abalone");
  if (game === undefined) throw new Error('findGame("abalone") is undefined');
  return game;
}

function parse(game: Game, json: unknown): Position {
  const r = game.parsePosition(json);
  if (!r.ok) throw new Error(`engine refuses ${JSON.stringify(json)}: ${r.error.message}`);
  return r.value;
}

/** Equal plain data, quickly when written alike (see abalone-agree.ts). */
function same(got: unknown, want: unknown, where: string): void {
  if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, where).toEqual(want);
}

function oracleInitial(options: Partial<VOptions>): VPosition {
  const r = vInitial(options);
  if (!r.ok) throw new Error(`oracle refuses ${JSON.stringify(options)}: ${r.error}`);
  return r.value;
}

const stats = {
  positions: 0,
  moves: 0,
  played: 0,
  kinds: new Map<string, number>(),
  ends: new Map<string, number>(),
  combos: new Set<string>(),
};

function tally(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** What a listed move exercises. */
function kindOf(m: VMove): string {
  const out = m.trace.find((s) => s.op === "off");
  if (out !== undefined && out.op === "off") {
    if (out.colour === "n") return "neutral-out";
    return out.trap === undefined ? "push-off" : "trap";
  }
  if (m.move.length === 8) return rotationLike(m) ? "rotation" : "shield";
  if (m.move.length === 6) return "broadside";
  return m.trace.some((s) => s.op === "hole" && s.from !== "e" && s.to !== "e" && s.from !== s.to)
    ? "push"
    : "inline";
}

/**
 * A rotation empties its two ends, two steps apart; a shield empties two holes next to
 * each other (its third hole is taken by another of its marbles).
 */
function rotationLike(m: VMove): boolean {
  const emptied = m.trace.filter((s) => s.op === "hole" && s.to === "e").map((s) => s.cell);
  const [x, y] = emptied as [string, string];
  const dr = x.charCodeAt(0) - y.charCodeAt(0);
  const dc = Number(x.slice(1)) - Number(y.slice(1));
  return Math.max(Math.abs(dr), Math.abs(dc), Math.abs(dr - dc)) === 2;
}

/** Shapes spelt wrongly (holes out of order, another target): never moves. */
function wrongShapeSpellings(m: VMove): string[] {
  const holes = [m.move.slice(0, 2), m.move.slice(2, 4), m.move.slice(4, 6)];
  const to = m.move.slice(6, 8);
  const emptied = m.trace.filter((s) => s.op === "hole" && s.to === "e").map((s) => s.cell);
  const filled = m.trace.filter((s) => s.op === "hole" && s.from === "e").map((s) => s.cell);
  return [
    holes[1] + holes[0] + holes[2] + to,
    holes[2] + holes[1] + holes[0] + to,
    ...filled.filter((f) => f !== to).map((f) => holes.join("") + f),
    ...emptied.filter((e) => e !== to).map((e) => holes.join("") + e),
  ];
}

/** Everything about one position; returns the oracle's moves. */
function agree(game: Game, json: VPosition): VMove[] {
  const p = parse(game, json);
  const where = JSON.stringify(json);
  same(game.positionToJSON(p), json, `positionToJSON ${where}`);
  const want = vOutcome(json);
  const got = game.outcome(p);
  if (want === null) expect(got, where).toBeNull();
  else {
    expect(got?.winner, where).toBe(want.winner);
    expect(got?.score, where).toEqual(want.score);
    expect(got?.reason, where).toContain(want.rule);
    tally(stats.ends, want.kind);
  }
  const moves = vLegal(json);
  const listed = game.legal(p, Number.MAX_SAFE_INTEGER).moves.map((m) => ({
    move: m.move,
    position: game.positionToJSON(m.position),
    trace: game.protocolTrace?.(p, m.move),
  }));
  same(listed, moves, where);
  stats.positions++;
  stats.moves += moves.length;
  for (const m of moves) tally(stats.kinds, kindOf(m));
  const names = new Set(moves.map((m) => m.move));
  const shape = moves.find((m) => m.move.length === 8);
  if (shape !== undefined) {
    for (const wrong of wrongShapeSpellings(shape)) {
      if (!names.has(wrong)) expect(game.apply(p, wrong).ok, `${wrong} in ${where}`).toBe(false);
    }
  }
  if (!json.options.shapes && moves.length > 0) {
    // Without the option, no shape spelling is a move (AB-9.7).
    const refused = game.apply(p, "E4E5E6F5");
    expect(refused.ok).toBe(false);
  }
  const drawn = game.randomMove(p, seededRandom(stats.positions));
  if (drawn === null) expect(moves, "randomMove null").toEqual([]);
  else expect(names.has(drawn.move), `randomMove ${drawn.move}`).toBe(true);
  return moves;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

function int(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/** Holes from `pool` in random order. */
function shuffled(pool: readonly string[], random: () => number): string[] {
  const a = [...pool];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j] as string, a[i] as string];
  }
  return a;
}

/**
 * The combination number `k` of the AB-9 options (every combination comes round):
 * colours (plain, teams, single colour) × start (fixed, random, partly-random) ×
 * obstacles × traps × neutral (none, forbidden, counts, wins) × shapes.
 */
function comboOptions(k: number, random: () => number): Partial<VOptions> {
  let n = k;
  const digit = (base: number) => {
    const d = n % base;
    n = Math.floor(n / base);
    return d;
  };
  const colours = digit(3);
  const start = digit(3);
  const obstacles = digit(2) === 1;
  const traps = digit(2) === 1;
  const neutral = digit(4);
  const shapes = digit(2) === 1;
  const o: Partial<VOptions> = {};
  if (colours === 1) o.teams = "shared";
  if (colours === 2) o.singleColour = true;
  // One colour with "partly-random" is refused (AB-9.8): that combination draws "random".
  if (start === 0) o.start = pick(["standard", "belgian-daisy", "german-daisy"], random);
  else {
    o.start = start === 1 || colours === 2 ? "random" : "partly-random";
    o.seed = int(random, -5, 1_000_000);
  }
  // Holes the fixed starts all leave empty: rows D, E, F but the daisies' D2 D3 D6 D7 F3 F4 F7 F8.
  const room = HOLES.filter(
    (h) =>
      "DEF".includes(h[0] as string) &&
      !["D2", "D3", "D6", "D7", "F3", "F4", "F7", "F8"].includes(h),
  );
  const holes = shuffled(room, random);
  if (neutral > 0) {
    o.neutral = random() < 0.6 ? "E5" : (holes.pop() as string);
    o.neutralOff = (["forbidden", "counts", "wins"] as const)[neutral - 1];
    holes.splice(holes.indexOf(o.neutral), 1);
  }
  // One colour on a random start is redrawn very often (almost any line of three at the
  // edge pushes off); each trap makes it rarer, so those set-ups get one trap, one obstacle.
  const most = colours === 2 && start > 0 ? 1 : 3;
  if (obstacles) o.obstacles = holes.splice(0, int(random, 1, most)).sort();
  if (traps) o.traps = holes.splice(0, int(random, 1, most)).sort();
  if (shapes) o.shapes = true;
  if (random() < 0.3) o.noPushLimit = int(random, 3, 30);
  if (random() < 0.2) o.moveLimit = int(random, 5, 40);
  if (random() < 0.2) o.pushOffsToWin = { b: int(random, 1, 6), w: int(random, 1, 6) };
  return o;
}
const COMBOS = 3 * 3 * 2 * 2 * 4 * 2;

/**
 * A position with the marbles scattered over the free holes (still a valid one): more
 * marbles near edges, traps and obstacles than a game's opening reaches.
 */
function scattered(start: VPosition, random: () => number): VPosition {
  const o = start.options;
  const blocked = new Set([...o.obstacles, ...o.traps]);
  const free = shuffled(
    HOLES.filter((h) => !blocked.has(h)),
    random,
  );
  const off = { b: 0, w: 0 };
  const cells: Record<string, Marble> = {};
  const put = (m: Marble, n: number) => {
    for (let i = 0; i < n; i++) cells[free.pop() as string] = m;
  };
  let by: "b" | "w" | null = null;
  if (o.neutral !== null) {
    if (o.neutralOff !== "wins" && o.neutralOff !== "forbidden" && random() < 0.2) {
      by = random() < 0.5 ? "b" : "w";
    } else put("n", 1);
  }
  if (by !== null && o.neutralOff === "counts") off[by === "b" ? "w" : "b"]++;
  const room = { b: o.pushOffsToWin.w - 1 - off.b, w: o.pushOffsToWin.b - 1 - off.w };
  const lost = { b: int(random, 0, Math.max(0, room.b)), w: int(random, 0, Math.max(0, room.w)) };
  if (room.b < 0 || room.w < 0) return start;
  off.b += lost.b;
  off.w += lost.w;
  if (o.singleColour) put("x", 28 - lost.b - lost.w);
  else {
    put("b", 14 - lost.b - countLeft(start, "b"));
    put("w", 14 - lost.w - countLeft(start, "w"));
  }
  const sorted: Record<string, Marble> = {};
  for (const h of HOLES) if (cells[h] !== undefined) sorted[h] = cells[h];
  const json: VPosition = {
    ...start,
    toMove: random() < 0.5 ? "b" : "w",
    cells: sorted,
    off,
    moveCount: int(random, 0, 20),
    noPushCount: 0,
  };
  json.noPushCount = int(random, 0, json.moveCount);
  if (o.teams !== null) json.seat = { b: random() < 0.5 ? 0 : 1, w: random() < 0.5 ? 0 : 1 };
  if (o.neutral !== null) json.neutralOffBy = by;
  const checked = vParse(json);
  if (!checked.ok) throw new Error(`scattered position invalid (${checked.error})`);
  return checked.value;
}

/** Marbles of a colour the start does not hold (none in these set-ups, which leave none out). */
function countLeft(start: VPosition, side: "b" | "w"): number {
  const onBoard = Object.values(start.cells).filter((v) => v === side).length;
  return 14 - onBoard;
}

/** Prefer moves that take a marble out of the game, then pushes, so games reach their ends. */
function choose(moves: VMove[], random: () => number): VMove | null {
  if (moves.length === 0) return null;
  if (random() < 0.6) {
    const outs = moves.filter((m) => m.trace.some((s) => s.op === "off"));
    if (outs.length > 0) return pick(outs, random);
  }
  return pick(moves, random);
}

describe("the Abalone variants (AB-9) agree with the independent oracle", () => {
  it("the same option errors, with the same rule ids", () => {
    const game = engine();
    const bad: Record<string, unknown>[] = [
      { teams: "pairs" },
      { teams: "shared", singleColour: true },
      { singleColour: "yes" },
      { start: "random" },
      { start: "partly-random", seed: null },
      { start: "random", seed: 1.5 },
      { start: "random", seed: 2, leaveOut: ["A1"] },
      { obstacles: "E5" },
      { obstacles: ["E5", "E5"] },
      { obstacles: ["A1"] },
      { traps: ["J1"] },
      { traps: ["I9"] },
      { obstacles: ["E4"], traps: ["E4"] },
      { neutral: "E10" },
      { neutral: "C3" },
      { neutral: "E5", obstacles: ["E5"] },
      { neutral: "E5", neutralOff: "sometimes" },
      { shapes: 1 },
      { start: "partly-random", seed: 4, obstacles: ["B2"] },
      { start: "partly-random", seed: 4, traps: ["B1"] },
      { start: "random", seed: 1, obstacles: HOLES.slice(0, 34) },
      // 14 of the 19 holes round E5 trapped: 5 left for the 6 redrawn marbles.
      { start: "partly-random", seed: 9, traps: CENTRE.filter((h) => !FREE5.includes(h)) },
      { start: "board" },
      { start: "partly-random", seed: 3, singleColour: true },
    ];
    for (const options of bad) {
      const want = vInitial(options);
      const got = game.initial(options);
      expect(want.ok, `oracle ${JSON.stringify(options)}`).toBe(false);
      expect(got.ok, JSON.stringify(options)).toBe(false);
      if (!got.ok && !want.ok) {
        expect(got.error.rule, JSON.stringify(options)).toBe(want.rule);
        expect(got.error.message, JSON.stringify(options)).toContain(`(${want.rule ?? ""})`);
      }
    }
  });

  it("the same random starts from the same seed (AB-9.3), through kete engine's initial", () => {
    engine();
    // Every combination's start is compared where the random positions below begin.
    for (const seed of [0, 1, 2, 42, -1, 4294967297]) {
      for (const start of ["random", "partly-random"]) {
        const want = oracleInitial({ start, seed });
        const got = handleRequest({ cmd: "initial", game: "abalone", options: { start, seed } });
        expect(got, `${start} ${seed}`).toEqual({ position: want });
      }
    }
  });

  it("the same perft from fixed variant set-ups (depth 2)", () => {
    const game = engine();
    for (const options of FINGERPRINTS) {
      const json = oracleInitial(options);
      expect(game.perft(parse(game, json), 2), JSON.stringify(options)).toBe(vPerft(json, 2));
    }
  });

  it(`on ${POSITIONS} random positions of every option and combination: 0 disagreements`, () => {
    const game = engine();
    const random = seededRandom(20261129);
    let k = 0;
    while (stats.positions < POSITIONS) {
      const options = comboOptions(k % COMBOS, random);
      stats.combos.add(String(k % COMBOS));
      k++;
      let json = oracleInitial(options);
      const start = game.initial(options);
      if (!start.ok)
        throw new Error(`engine refuses ${JSON.stringify(options)}: ${start.error.message}`);
      same(game.positionToJSON(start.value), json, `initial ${JSON.stringify(options)}`);
      if (k % 3 === 0) json = scattered(json, random);
      for (let ply = 0; ply < 6 && stats.positions < POSITIONS; ply++) {
        const move = choose(agree(game, json), random);
        if (move === null) break;
        const from = parse(game, json);
        const applied = handleRequest({ cmd: "apply", position: json, move: move.move });
        same(
          applied,
          { position: move.position, trace: move.trace },
          `${move.move} in ${JSON.stringify(json)}`,
        );
        expect(game.apply(from, move.move).ok).toBe(true);
        stats.played++;
        json = move.position;
      }
    }
    expect(stats.combos.size).toBe(COMBOS);
    for (const kind of [
      "inline",
      "push",
      "broadside",
      "push-off",
      "trap",
      "neutral-out",
      "shield",
      "rotation",
    ]) {
      expect(stats.kinds.get(kind) ?? 0, kind).toBeGreaterThan(0);
    }
    for (const end of ["push-offs", "noPushLimit", "neutral"]) {
      expect(stats.ends.get(end) ?? 0, end).toBeGreaterThan(0);
    }
    console.log(
      `AB-9 oracle comparison: ${stats.positions} positions, ${stats.moves} moves listed, ${stats.played} played, 0 disagreements; moves by kind ${JSON.stringify(Object.fromEntries(stats.kinds))}; ends ${JSON.stringify(Object.fromEntries(stats.ends))}`,
    );
  });
});

/** The set-ups whose perft the README prints (its "Abalone variants"). */
const FINGERPRINTS: Partial<VOptions>[] = [
  { teams: "shared" },
  { singleColour: true },
  { start: "random", seed: 1 },
  { start: "partly-random", seed: 1 },
  { obstacles: ["E4", "E6"] },
  { traps: ["D4", "F6"] },
  { neutral: "E5", neutralOff: "counts" },
  { shapes: true },
];
