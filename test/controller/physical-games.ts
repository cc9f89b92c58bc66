/**
 * Whole games played as people play them at the board, for the controller
 * (issue 11, "what it must reach"): every capture group made in one of the
 * physical orders of orders.ts, chosen at random, with a settled reading
 * forced after every physical act; and, in some games, one mistake injected
 * at a random ply, which must be named with the game's own rule id at the
 * first wrong reading.
 */
import { expect } from "vitest";
import { findGame } from "../../src/games/index.js";
import type { Game, LegalMove, Options, Position } from "../../src/games/core/types.js";
import { counts, startSession, type Session } from "./harness.js";
import { ORDERS, hasCapture, orderedBoards, type Order } from "./orders.js";
import { at, feed, stepBoards, type Board } from "./scenario.js";

export interface PhysicalConfig {
  readonly game: string;
  readonly options: Options;
}

/** A mistake made on purpose: the settled boards that make it, and the rule that must be named. */
export interface Injection {
  readonly kind: "out-of-turn" | "skipped-pit" | "capture-not-taken";
  readonly boards: readonly Board[];
  readonly rule: string;
}

export interface GamesReport {
  readonly games: number;
  readonly plies: number;
  /** Capture groups made in each physical order. */
  readonly orders: Readonly<Record<Order, number>>;
  /** Injected mistakes by kind, every one named with its rule. */
  readonly injected: Readonly<Record<Injection["kind"], number>>;
}

/** The opponent lifts the stones of one of their pits at the start of the mover's turn (CORE-7). */
function outOfTurn(game: Game<Position>, p: Position, before: Board, random: () => number) {
  const { layout } = game;
  const other = layout.sides[0] === p.toMove ? layout.sides[1] : layout.sides[0];
  const theirs = before.flatMap((n, i) => (layout.owners[i] === other && n > 0 ? [i] : []));
  if (theirs.length === 0) return null;
  const board = before.slice();
  board[theirs[Math.floor(random() * theirs.length)]!] = 0;
  return [board];
}

/** The second stone of the first sowing dropped one pit too far, skipping the pit it belonged in (CORE-1). */
function skippedPit(game: Game<Position>, m: LegalMove<Position>, before: Board) {
  const [lift, first, second] = m.trace;
  if (lift?.op !== "lift" || first?.op !== "sow" || second?.op !== "sow") return null;
  const past = game.layout.successors[at(second.pit)]!.filter((i) => i !== at(first.pit));
  if (past.length !== 1) return null;
  const boards = stepBoards(before, m.trace).slice(0, 2);
  const board = boards[1]!.slice();
  board[past[0]!]! += 1;
  return [...boards, board];
}

/** A compulsory capture not taken: the landing pit lifted (its own stones) and sown on. */
function captureNotTaken(m: LegalMove<Position>, before: Board) {
  const trace = m.trace;
  const k = trace.findIndex((s) => s.op === "capture");
  if (k < 0) return null;
  let j = k;
  while (trace[j]?.op === "capture") j++;
  const lift = trace[j];
  if (lift?.op !== "lift") return null;
  const boards = stepBoards(before, trace).slice(0, k);
  const board = (boards[k - 1] ?? before).slice();
  board[at(lift.pit)]! -= lift.n;
  boards.push(board.slice());
  const next = trace.slice(j + 1).find((s) => s.op === "sow");
  if (next === undefined) return null;
  board[at(next.pit)]! += 1;
  boards.push(board);
  return boards;
}

export function injection(
  game: Game<Position>,
  c: PhysicalConfig,
  p: Position,
  m: LegalMove<Position>,
  random: () => number,
): Injection | null {
  const rules = game.ruleBook(c.options);
  const before = counts(game, p);
  const kinds: Injection["kind"][] = ["out-of-turn", "skipped-pit", "capture-not-taken"];
  // A capturing move is the chance to leave a capture untaken: taken half the time.
  const kind =
    hasCapture(m) && random() < 0.5
      ? "capture-not-taken"
      : kinds[Math.floor(random() * kinds.length)]!;
  if (kind === "out-of-turn") {
    const boards = outOfTurn(game, p, before, random);
    return boards && { kind, boards, rule: rules.turnOrder };
  }
  if (kind === "skipped-pit") {
    const boards = skippedPit(game, m, before);
    return boards && { kind, boards, rule: rules.sowing };
  }
  const mandatory = c.options.capture !== "optional" && rules.capture !== null;
  const boards = mandatory ? captureNotTaken(m, before) : null;
  return boards && rules.capture !== null ? { kind, boards, rule: rules.capture } : null;
}

/** Feeds one injected mistake: named at its last (first wrong) reading, with its rule. */
function expectNamed(s: Session, what: string, inj: Injection): void {
  const r = feed(s, inj.boards);
  expect(r.mistake, `${what}: ${inj.kind} not called`).not.toBeNull();
  expect(r.index, `${what}: ${inj.kind} called late or early`).toBe(inj.boards.length - 1);
  expect(r.mistake!.rule, `${what}: ${r.mistake!.message}`).toBe(inj.rule);
  expect(r.mistake!.message, what).toContain(`(${inj.rule})`);
}

/**
 * Plays `games` games of a config; in about `injectShare` of them one mistake
 * is injected at a random ply (the game ends there). Fails on any false
 * mistake, any move not identified exactly, or an injected mistake not named
 * with its rule.
 */
export function playPhysicalGames(
  c: PhysicalConfig,
  games: number,
  random: () => number,
  injectShare = 0.5,
  maxPlies = 40,
): GamesReport {
  const game = findGame(c.game) as Game<Position>;
  const orders = Object.fromEntries(ORDERS.map((o) => [o, 0])) as Record<Order, number>;
  const injected = { "out-of-turn": 0, "skipped-pit": 0, "capture-not-taken": 0 };
  let plies = 0;
  for (let g = 0; g < games; g++) {
    const init = game.initial(c.options);
    if (!init.ok) throw new Error(init.error.message);
    let p = init.value;
    const s = startSession(game, p, c.options);
    const injectAt = random() < injectShare ? Math.floor(random() * maxPlies) : -1;
    const played: string[] = [];
    let last = counts(game, p);
    for (let ply = 0; ply < maxPlies; ply++) {
      const m = game.randomMove(p, random);
      if (m === null) break;
      const what = `${c.game} ${JSON.stringify(c.options)} game ${g} ply ${ply} ${m.move}`;
      const inj = ply >= injectAt && injectAt >= 0 ? injection(game, c, p, m, random) : null;
      if (inj !== null) {
        expectNamed(s, what, inj);
        injected[inj.kind]++;
        break;
      }
      const order = hasCapture(m) ? ORDERS[Math.floor(random() * ORDERS.length)]! : "trace";
      if (hasCapture(m)) orders[order]++;
      const boards = orderedBoards(counts(game, p), m.trace, order);
      const r = feed(s, boards);
      expect(r.mistake?.message ?? null, `${what} (${order})`).toBeNull();
      played.push(m.move);
      last = boards[boards.length - 1] ?? last;
      p = m.position;
    }
    // The last move ends on a quiet board (the same reading after the quiet time).
    s.link.settled(last, 2000);
    const sensor = s.events.filter((e) => e.type === "sensor-fault");
    expect(sensor, `${c.game} game ${g}`).toEqual([]);
    const moves = s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
    expect(moves, `${c.game} ${JSON.stringify(c.options)} game ${g}`).toEqual(played);
    s.controller.close();
    plies += played.length;
  }
  return { games, plies, orders, injected };
}
