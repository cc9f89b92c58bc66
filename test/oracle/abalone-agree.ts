/**
 * What the Abalone comparison test (abalone-compare.test.ts) uses: the engine,
 * through the generic `Game` interface and the JSON forms of
 * docs/spec/engine-protocol.md, against the independent oracle
 * (./abalone-oracle.ts, written from docs/rules/abalone.md alone, without
 * reading the engine). At every position both must read the position the same
 * way, list the same moves in the same order with the same positions and
 * traces, play the chosen move to the same position and trace, refuse the
 * wrong spellings of a broadside, and end the game the same way.
 */
import { expect } from "vitest";
import type { Game, Position } from "../../src/games/core/types.js";
import { seededRandom } from "../../src/shared/random.js";
import {
  DEFAULT_OPTIONS,
  DIRECTIONS,
  HOLES,
  STARTS,
  abInitial,
  abLegal,
  abNormal,
  abOutcome,
  abPick,
  abStartCells,
  isPush,
  neighbour,
  type Direction,
  type AbMove,
  type AbOptions,
  type AbPosition,
  type Colour,
} from "./abalone-oracle.js";

export const stats = {
  positions: 0,
  moves: 0,
  played: 0,
  games: 0,
  ends: new Map<string, number>(),
  /** Moves compared by kind: what the comparison covered. */
  kinds: new Map<string, number>(),
};

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** What a listed move exercises. */
function kindOf(m: AbMove): string {
  if (m.trace.some((s) => s.op === "off")) return "push-off";
  if (isPush(m)) return "sumito";
  if (m.move.length === 6) return "broadside";
  return m.trace.length === 2 && m.trace.some((s) => s.op === "hole" && s.from === "e")
    ? "inline"
    : "?";
}

/**
 * `expect(got).toEqual(want)`, quickly when both are written alike (toEqual on ~50
 * positions a ply is slow): equal JSON text means deeply equal plain data; otherwise
 * (another key order, or a difference) toEqual decides and shows the difference. The
 * oracle writes keys in the engine's order only for this quick path.
 */
function same(got: unknown, want: unknown, where: string): void {
  if (JSON.stringify(got) !== JSON.stringify(want)) expect(got, where).toEqual(want);
}

export function parse(game: Game, json: unknown): Position {
  const parsed = game.parsePosition(json);
  if (!parsed.ok)
    throw new Error(`engine refuses ${JSON.stringify(json)}: ${parsed.error.message}`);
  return parsed.value;
}

/**
 * A move's trace as the engine protocol writes it (src/engine/handler.ts): Abalone's
 * off/hole steps come through `Game.protocolTrace`, the `Trace` of `legal`/`apply` being
 * the controller's steps.
 */
export function protocolTrace(game: Game, from: Position, move: string): unknown {
  if (game.protocolTrace === undefined) throw new Error("the Abalone engine has no protocolTrace");
  return game.protocolTrace(from, move);
}

function engineMoves(game: Game, p: Position) {
  return game.legal(p, Number.MAX_SAFE_INTEGER).moves.map((m) => ({
    move: m.move,
    position: game.positionToJSON(m.position),
    trace: protocolTrace(game, p, m.move),
  }));
}

function agreeOnOutcome(game: Game, json: AbPosition, p: Position): void {
  const expected = abOutcome(json);
  const got = game.outcome(p);
  const where = JSON.stringify(json);
  if (expected === null) {
    expect(got, where).toBeNull();
    return;
  }
  expect(got, where).not.toBeNull();
  expect(got?.winner, where).toBe(expected.winner);
  expect(got?.score, where).toEqual(expected.score);
  expect(got?.reason, where).toContain(expected.rule);
  count(stats.ends, expected.kind);
}

/**
 * Other spellings of a listed broadside, none of them a move (Clarifications, Notation):
 * the ends the other way round, or the first end with another marble's destination
 * (the last end's, or the middle one's). Spellings that happen to be another listed
 * move are skipped by the caller.
 */
function wrongSpellings(m: AbMove): string[] {
  const first = m.move.slice(0, 2);
  const last = m.move.slice(2, 4);
  const dest = m.move.slice(4, 6);
  const dests = m.trace.filter((s) => s.op === "hole" && s.from === "e").map((s) => s.cell);
  return [last + first + dest, ...dests.filter((d) => d !== dest).map((d) => first + last + d)];
}

/** Everything about one position: its JSON, outcome, moves (order, positions, traces). */
export function agree(game: Game, json: AbPosition): AbMove[] {
  const p = parse(game, json);
  same(game.positionToJSON(p), abNormal(json), "positionToJSON");
  agreeOnOutcome(game, json, p);
  const expected = abLegal(json);
  same(engineMoves(game, p), expected, JSON.stringify(json));
  stats.positions++;
  stats.moves += expected.length;
  for (const m of expected) count(stats.kinds, kindOf(m));
  // `limit` cuts the sorted list.
  const cut = game.legal(p, 2);
  expect(
    cut.moves.map((m) => m.move),
    "legal with limit 2",
  ).toEqual(expected.slice(0, 2).map((m) => m.move));
  expect(cut.truncated, "truncated").toBe(expected.length > 2);
  // A broadside spelt any other way is refused (Clarifications, Notation).
  const broadside = expected.find((m) => m.move.length === 6);
  if (broadside !== undefined) {
    const listed = new Set(expected.map((m) => m.move));
    for (const wrong of wrongSpellings(broadside)) {
      if (listed.has(wrong)) continue;
      expect(game.apply(p, wrong).ok, `${wrong} in ${JSON.stringify(json)}`).toBe(false);
    }
  }
  if (expected.length === 0) {
    expect(game.apply(p, "E5E6").ok, "apply in a finished game").toBe(false);
  }
  // The Game interface's randomMove draws one of these moves (null when the game is over).
  const drawn = game.randomMove(p, seededRandom(stats.positions));
  const listed = expected.find((m) => m.move === drawn?.move);
  if (drawn === null) expect(expected, "randomMove null").toEqual([]);
  else {
    expect(listed, `randomMove ${drawn.move}`).toBeDefined();
    same(game.positionToJSON(drawn.position), listed?.position, `randomMove ${drawn.move}`);
  }
  return expected;
}

/**
 * Plays a random game (the oracle's moves), checking every position on the way and the
 * move played. Returns the plies played (fewer than `maxPlies` when the game ended).
 */
export function playGame(
  game: Game,
  seed: number,
  from: AbPosition,
  maxPlies: number,
  pushBias: number,
): number {
  const random = seededRandom(seed);
  let json = from;
  for (let ply = 0; ply < maxPlies; ply++) {
    const move = abPick(agree(game, json), random, pushBias);
    if (move === null) {
      stats.games++;
      return ply;
    }
    const from = parse(game, json);
    const applied = game.apply(from, move.move);
    if (!applied.ok)
      throw new Error(
        `engine refuses ${move.move} in ${JSON.stringify(json)}: ${applied.error.message}`,
      );
    same(game.positionToJSON(applied.value.position), move.position, move.move);
    same(protocolTrace(game, from, move.move), move.trace, move.move);
    stats.played++;
    json = move.position;
  }
  agree(game, json);
  return maxPlies;
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

function int(random: () => number, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/**
 * A random valid position off the beaten track: any start, sometimes marbles left out,
 * other push-off targets, move and no-push limits with counters near them, marbles
 * pushed off, and the marbles on the board scattered (often along the edge, where
 * push-offs happen).
 */
export function randomPosition(random: () => number): AbPosition {
  if (random() < 0.12) return trappedPosition(random);
  const start = STARTS[int(random, 0, STARTS.length - 1)] as string;
  const startCells = abStartCells(start);
  const leaveOut: string[] = [];
  if (random() < 0.3) {
    const colour: Colour = random() < 0.5 ? "b" : "w";
    leaveOut.push(...shuffle(startCells[colour], random).slice(0, int(random, 1, 4)));
    leaveOut.sort();
  }
  const pushOffsToWin =
    random() < 0.3 ? { b: int(random, 1, 6), w: int(random, 1, 6) } : { b: 6, w: 6 };
  const moveLimit = random() < 0.25 ? int(random, 1, 20) : null;
  const noPushLimit = random() < 0.25 ? int(random, 1, 10) : null;
  const options: AbOptions = {
    ...DEFAULT_OPTIONS,
    start,
    leaveOut,
    pushOffsToWin,
    moveLimit,
    noPushLimit,
  };
  // Pushed off: below each target, one side sometimes at it.
  const off = { b: int(random, 0, pushOffsToWin.w - 1), w: int(random, 0, pushOffsToWin.b - 1) };
  const atTarget = random();
  if (atTarget < 0.04) off.b = pushOffsToWin.w;
  else if (atTarget < 0.08) off.w = pushOffsToWin.b;
  const leftOut = (c: Colour) => leaveOut.filter((h) => startCells[c].includes(h)).length;
  const nb = 14 - off.b - leftOut("b");
  const nw = 14 - off.w - leftOut("w");
  const edge = (h: string) =>
    /^[AI]|^.1$|^.9$/.test(h) || ["B6", "C7", "D8", "F2", "G3", "H4"].includes(h);
  let holes = shuffle([...HOLES], random);
  if (random() < 0.5) holes = [...holes.filter(edge), ...holes.filter((h) => !edge(h))];
  if (random() < 0.3)
    holes = holes
      .filter((h) => h[0] >= "C" && h[0] <= "G")
      .concat(holes.filter((h) => h[0] < "C" || h[0] > "G"));
  const cells: Record<string, Colour> = {};
  const chosen = shuffle(holes.slice(0, nb + nw), random);
  chosen.forEach((h, i) => (cells[h] = i < nb ? "b" : "w"));
  const moveCount = random() < 0.3 ? 0 : int(random, 0, 50);
  let noPushCount = int(random, 0, moveCount);
  if (noPushLimit !== null && random() < 0.5)
    noPushCount = Math.min(moveCount, Math.max(0, noPushLimit - int(random, 0, 2)));
  const mc =
    moveLimit !== null && random() < 0.5
      ? Math.max(noPushCount, 2 * moveLimit - int(random, 0, 3))
      : moveCount;
  return abNormal({
    game: "abalone",
    options,
    toMove: random() < 0.5 ? "b" : "w",
    cells,
    off,
    moveCount: mc,
    noPushCount,
  });
}

/**
 * A random position in which the player to move has one to three marbles (the rest left
 * out or pushed off) in a small line, hemmed in by opponent marbles on every side
 * where there is room: often no legal move at all (AB-6), sometimes a push out.
 */
function trappedPosition(random: () => number): AbPosition {
  const start = STARTS[int(random, 0, STARTS.length - 1)] as string;
  const startCells = abStartCells(start);
  const me: Colour = random() < 0.5 ? "b" : "w";
  const opp: Colour = me === "b" ? "w" : "b";
  const off = { b: 0, w: 0 };
  off[me] = int(random, 0, 5);
  off[opp] = int(random, 0, 5);
  const k = random() < 0.1 ? 0 : int(random, 1, 3);
  const leaveOut = shuffle(startCells[me], random)
    .slice(0, 14 - off[me] - k)
    .sort();
  const cells: Record<string, Colour> = {};
  // The line: from a random hole along a random direction, as far as the board allows.
  let at: string | null = HOLES[int(random, 0, HOLES.length - 1)] as string;
  const d = DIRECTIONS[int(random, 0, 5)] as Direction;
  let placed = 0;
  while (placed < k && at !== null) {
    cells[at] = me;
    placed++;
    at = neighbour(at, d);
  }
  if (placed < k) return trappedPosition(random);
  let oppLeft = 14 - off[opp];
  for (const h of Object.keys(cells)) {
    for (const dir of DIRECTIONS) {
      const n = neighbour(h, dir);
      if (n !== null && cells[n] === undefined && oppLeft > 0) {
        cells[n] = opp;
        oppLeft--;
      }
    }
  }
  for (const h of shuffle([...HOLES], random)) {
    if (oppLeft === 0) break;
    if (cells[h] === undefined) {
      cells[h] = opp;
      oppLeft--;
    }
  }
  const moveLimit = random() < 0.2 ? int(random, 1, 5) : null;
  const noPushLimit = random() < 0.2 ? int(random, 1, 5) : null;
  const moveCount = int(random, 0, 12);
  const options: AbOptions = {
    ...DEFAULT_OPTIONS,
    start,
    moveLimit,
    noPushLimit,
    leaveOut,
    pushOffsToWin: { b: 6, w: 6 },
  };
  const noPushCount = int(random, 0, moveCount);
  return abNormal({ game: "abalone", options, toMove: me, cells, off, moveCount, noPushCount });
}

/** Hand-made positions the random ones rarely reach: no move, an empty side, a blocked corner. */
export function specialPositions(): AbPosition[] {
  interface Extra {
    off?: { b: number; w: number };
    options?: Partial<AbOptions>;
    moveCount?: number;
    noPushCount?: number;
  }
  const make = (b: string, w: string, toMove: Colour, extra: Extra = {}): AbPosition => {
    const start = abStartCells("standard");
    const off = extra.off ?? { b: 0, w: 0 };
    const bs = b === "" ? [] : b.split(" ");
    const ws = w === "" ? [] : w.split(" ");
    const leaveOut = [
      ...start.b.slice(0, 14 - bs.length - off.b),
      ...start.w.slice(0, 14 - ws.length - off.w),
    ].sort();
    const cells: Record<string, Colour> = {};
    for (const h of bs) cells[h] = "b";
    for (const h of ws) cells[h] = "w";
    const options: AbOptions = { ...abInitial().options, ...extra.options, leaveOut };
    const moveCount = extra.moveCount ?? 0;
    const noPushCount = extra.noPushCount ?? 0;
    return abNormal({ game: "abalone", options, toMove, cells, off, moveCount, noPushCount });
  };
  const trapped = ["A1", "A2 B1 B2", "b"] as const;
  return [
    make(...trapped), // no move: White wins (AB-6)
    make("A1", "A2 B1 B2", "w"),
    make("", "E5", "b", { off: { b: 4, w: 0 } }), // no black marble at all
    make("E5 E6 E7", "E8 E9", "b"), // the spec's E5E6
    make("E7 E8", "E9", "b", { off: { b: 0, w: 5 } }), // the sixth push-off
    make("I5 I6 I7 I8 I9", "H4 H5 H6 H7 H8 H9", "b"),
    make("E1 E2 E3 E4", "E5 E6 E7 E8 E9", "w"),
    // The limits come before "no move" (I5): a draw by moveLimit, White by row E.
    make(...trapped, { options: { moveLimit: 1 }, moveCount: 2 }),
    make("A1 E1", "A2 B1 B2 E2", "b", {
      options: { noPushLimit: 3 },
      moveCount: 3,
      noPushCount: 3,
    }),
    // More pushed off than the target: still that side's win.
    make("E7 E8", "E9", "w", { off: { b: 0, w: 5 }, options: { pushOffsToWin: { b: 2, w: 6 } } }),
  ];
}

/** Positions the rules call invalid (Clarifications, "Invalid positions"), each changed from a valid one. */
export function invalidPositions(): [string, Record<string, unknown>][] {
  const base = (): Record<string, unknown> =>
    JSON.parse(JSON.stringify(abInitial())) as Record<string, unknown>;
  const cells = (p: Record<string, unknown>) => p.cells as Record<string, unknown>;
  const options = (p: Record<string, unknown>) => p.options as Record<string, unknown>;
  const changes: [string, (p: Record<string, unknown>) => void][] = [
    ["a hole outside the 61 (A6)", (p) => (cells(p).A6 = "b")],
    ["a hole outside the 61 (I4)", (p) => (cells(p).I4 = "w")],
    ["a hole outside the 61 (F1)", (p) => (cells(p).F1 = "w")],
    ["a hole outside the 61 (J5)", (p) => (cells(p).J5 = "w")],
    ["a value other than b/w", (p) => (cells(p).A1 = "e")],
    ["a value other than b/w (null)", (p) => (cells(p).A1 = null)],
    ["off above 6", (p) => (p.off = { b: 7, w: 0 })],
    ["off negative", (p) => (p.off = { b: -1, w: 0 })],
    ["off not whole", (p) => (p.off = { b: 0.5, w: 0 })],
    ["off missing a colour", (p) => (p.off = { b: 0 })],
    ["off missing", (p) => delete p.off],
    ["black marbles + off != 14", (p) => delete cells(p).A1],
    ["white marbles + off != 14", (p) => (cells(p).E5 = "w")],
    ["marbles + off + left out != 14", (p) => (options(p).leaveOut = ["A1"])],
    ["toMove not b/w", (p) => (p.toMove = "S")],
    ["a missing option", (p) => delete options(p).noPushLimit],
    ["a missing option (start)", (p) => delete options(p).start],
    ["an unknown option", (p) => (options(p).clock = 10)],
    ["start not one of the three", (p) => (options(p).start = "daisy")],
    ["moveLimit 0", (p) => (options(p).moveLimit = 0)],
    ["moveLimit not whole", (p) => (options(p).moveLimit = 2.5)],
    ["moveLimit a string", (p) => (options(p).moveLimit = "10")],
    ["noPushLimit 0", (p) => (options(p).noPushLimit = 0)],
    ["noPushLimit negative", (p) => (options(p).noPushLimit = -15)],
    ["pushOffsToWin 0", (p) => (options(p).pushOffsToWin = { b: 0, w: 6 })],
    ["pushOffsToWin 7", (p) => (options(p).pushOffsToWin = { b: 6, w: 7 })],
    ["moveCount negative", (p) => (p.moveCount = -1)],
    ["moveCount not whole", (p) => (p.moveCount = 1.5)],
    ["noPushCount negative", (p) => (p.noPushCount = -1)],
    [
      "noPushCount > moveCount",
      (p) => {
        p.moveCount = 2;
        p.noPushCount = 3;
      },
    ],
    [
      "six off for both",
      (p) => {
        for (const h of "A4 A5 B4 B5 B6 C5 I5 I6 I7 I8 I9 G5".split(" ")) delete cells(p)[h];
        p.off = { b: 6, w: 6 };
      },
    ],
  ];
  return changes.map(([name, change]) => {
    const p = base();
    change(p);
    return [name, p];
  });
}

/**
 * Strings shaped like moves: every pair of holes (inline), and every two holes on a line
 * up to three apart followed by a neighbour of either or one of them (broadside). Among
 * these, `apply` must accept exactly the listed moves (Clarifications, Notation).
 */
export function moveShapedStrings(): string[] {
  const out = new Set<string>();
  for (const a of HOLES) for (const b of HOLES) out.add(a + b);
  for (const a of HOLES) {
    for (const d of DIRECTIONS) {
      let b = neighbour(a, d);
      for (let k = 0; k < 3 && b !== null; k++) {
        for (const end of [a, b]) {
          out.add(a + b + end);
          for (const d2 of DIRECTIONS) {
            const c = neighbour(end, d2);
            if (c !== null) out.add(a + b + c);
          }
        }
        b = neighbour(b, d);
      }
    }
  }
  return [...out];
}
