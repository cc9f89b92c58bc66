/**
 * Whole Glassperlenspiel games at a fake gem board (issue 13, "what it must
 * reach"): random legal moves played bead by bead with noise (settled
 * readings skipped, unsettled jitter, a lift's stones and gems taken in any
 * order, the captures made in any order), and in some games one mistake
 * injected at a random ply, which must be named with its GB rule at the
 * first wrong settled reading.
 */
import { expect } from "vitest";
import { findGame } from "../../src/games/index.js";
import type { Game, LegalMove, Position } from "../../src/games/core/types.js";
import {
  CAPTURE_ORDERS,
  glassBoards,
  noisy,
  ri,
  sendGems,
  startGlass,
  type CaptureOrder,
} from "./glass-board.js";
import type { Session } from "./harness.js";

export const GLASS = findGame("glassperlenspiel") as Game<Position>;

type Kind = "out-of-turn" | "skipped-pit" | "wrong-gem" | "wrong-cup" | "capture-not-taken";

interface Injection {
  readonly kind: Kind;
  readonly boards: readonly number[][];
  readonly rule: string;
}

export interface GlassReport {
  readonly games: number;
  readonly plies: number;
  readonly orders: Readonly<Record<CaptureOrder, number>>;
  readonly injected: Readonly<Record<Kind, number>>;
}

const CIRCUIT = ["A1", "A2", "A3", "A4", "A5", "B5", "B4", "B3", "B2", "B1"];
const next = (pit: string) => CIRCUIT[(CIRCUIT.indexOf(pit) + 1) % CIRCUIT.length] as string;
const board = (p: Position) => Array.from(GLASS.sensorView(p).counts);

function captureRule(m: LegalMove<Position>): string {
  return m.trace.filter((s) => s.op === "capture").length > 1 ? "GB-4" : "GB-3";
}

/** The settled boards up to the last bead (the lift whole, then each bead). */
function upToLastBead(p: Position, m: LegalMove<Position>): number[][] {
  const sowing = m.trace.filter((s) => s.op !== "capture");
  return glassBoards(board(p), sowing, "trace", () => 0);
}

/** One mistake in move `m` from `p`; `waitForCapture`: only in a move that captures. */
function inject(
  p: Position,
  m: LegalMove<Position>,
  random: () => number,
  waitForCapture: boolean,
): Injection | null {
  const before = board(p);
  const caps = m.trace.filter((s) => s.op === "capture");
  if (caps.length === 0 && waitForCapture) return null;
  const kinds: Kind[] =
    caps.length > 0
      ? ["wrong-gem", "wrong-cup", "capture-not-taken"]
      : ["skipped-pit", "out-of-turn"];
  const kind = kinds[Math.floor(random() * kinds.length)] as Kind;
  const mover = p.toMove;
  const other = mover === "S" ? "N" : "S";
  if (kind === "out-of-turn") {
    const theirs = CIRCUIT.filter((pit) => pit.startsWith(other === "S" ? "A" : "B")).filter(
      (pit) => (before[ri(pit)] as number) > 0,
    );
    const pit = theirs[Math.floor(random() * theirs.length)];
    if (pit === undefined) return null;
    const b = before.slice();
    b[ri(pit)] = (b[ri(pit)] as number) - 1;
    return { kind, boards: [b], rule: "GB-2" };
  }
  const sown = upToLastBead(p, m);
  if (kind === "skipped-pit") {
    const lift = m.trace[0];
    const first = m.trace[1];
    if (lift?.op !== "lift" || first?.op !== "sow") return null;
    const lifted = sown[(lift.stones ?? 0) > 0 ? lift.gems!.length : lift.gems!.length - 1]!;
    let past = next(first.pit);
    if (past === lift.pit) past = next(past);
    const b = lifted.slice();
    const bead = first.bead ?? "s";
    const name = bead === "s" ? past : `${past}:${bead}`;
    b[ri(name)] = (b[ri(name)] as number) + 1;
    return { kind, boards: [lifted, b], rule: "GB-2" };
  }
  const last = sown[sown.length - 1] as number[];
  const cup = `${mover}C`;
  const rule = captureRule(m);
  if (kind === "capture-not-taken") {
    // The opponent lifts one of their pits before the mover's captures.
    const theirs = CIRCUIT.filter((pit) => pit.startsWith(other === "S" ? "A" : "B")).filter(
      (pit) => (last[ri(pit)] as number) > 0,
    );
    const pit = theirs[0];
    if (pit === undefined) return null;
    const b = last.slice();
    b[ri(pit)] = (b[ri(pit)] as number) - 1;
    return { kind, boards: [...sown, b], rule };
  }
  if (kind === "wrong-cup") {
    const c = caps[0]!;
    if (c.op !== "capture") return null;
    const off = last.slice();
    off[ri(`${c.pit}:${c.gem}`)] = 0;
    const into = off.slice();
    into[ri(`${other}C:${c.gem}`)] = 1;
    return { kind, boards: [...sown, off, into], rule };
  }
  // A gem of the mover's own pits taken (never capturable).
  const own = CIRCUIT.filter((pit) => pit.startsWith(mover === "S" ? "A" : "B"))
    .flatMap((pit) =>
      ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"].map((g) => `${pit}:${g}`),
    )
    .filter((r) => last[ri(r)] === 1);
  const gem = own[0];
  if (gem === undefined) return null;
  const b = last.slice();
  b[ri(gem)] = 0;
  void cup;
  return { kind, boards: [...sown, b], rule };
}

function feedBoards(s: Session, boards: readonly number[][]) {
  for (let i = 0; i < boards.length; i++) {
    const before = s.events.length;
    sendGems(s, boards[i]!);
    const m = s.events.slice(before).find((e) => e.type === "mistake");
    if (m !== undefined && m.type === "mistake") return { index: i, mistake: m };
  }
  return { index: -1, mistake: null };
}

/** Plays `games` noisy games; fails on a false mistake, a move misidentified or an injection missed. */
export function playGlassGames(
  games: number,
  random: () => number,
  injectShare = 0.5,
  maxPlies = 40,
): GlassReport {
  const orders = Object.fromEntries(CAPTURE_ORDERS.map((o) => [o, 0])) as Record<
    CaptureOrder,
    number
  >;
  const injected: Record<Kind, number> = {
    "out-of-turn": 0,
    "skipped-pit": 0,
    "wrong-gem": 0,
    "wrong-cup": 0,
    "capture-not-taken": 0,
  };
  let plies = 0;
  for (let g = 0; g < games; g++) {
    const init = GLASS.initial();
    if (!init.ok) throw new Error(init.error.message);
    let p = init.value;
    const s = startGlass(GLASS, p);
    const injectAt = random() < injectShare ? Math.floor(random() * maxPlies) : -1;
    // Half the injections wait for a move that captures (a dozen plies at most).
    const waitForCapture = random() < 0.5;
    const played: string[] = [];
    for (let ply = 0; ply < maxPlies; ply++) {
      const m = GLASS.randomMove(p, random);
      if (m === null) break;
      const what = `game ${g} ply ${ply} ${m.move}`;
      const inj =
        injectAt >= 0 && ply >= injectAt
          ? inject(p, m, random, waitForCapture && ply < injectAt + 12)
          : null;
      if (inj !== null) {
        const r = feedBoards(s, inj.boards);
        expect(r.mistake, `${what}: ${inj.kind} not called`).not.toBeNull();
        expect(r.index, `${what}: ${inj.kind} called at the wrong reading`).toBe(
          inj.boards.length - 1,
        );
        expect(r.mistake!.rule, `${what}: ${r.mistake!.message}`).toBe(inj.rule);
        expect(r.mistake!.message, what).toContain(`(${inj.rule})`);
        injected[inj.kind]++;
        break;
      }
      const hasCapture = m.trace.some((t) => t.op === "capture");
      const order = hasCapture
        ? (CAPTURE_ORDERS[Math.floor(random() * CAPTURE_ORDERS.length)] as CaptureOrder)
        : "trace";
      if (hasCapture) orders[order]++;
      for (const r of noisy(glassBoards(board(p), m.trace, order, random), random)) {
        sendGems(s, r.board, r.settled);
      }
      const bad = s.events.filter((e) => e.type === "mistake" || e.type === "sensor-fault");
      expect(bad, `${what} (${order})`).toEqual([]);
      played.push(m.move);
      p = m.position;
    }
    const moves = s.events.flatMap((e) => (e.type === "move" ? [e.move] : []));
    expect(moves, `game ${g}`).toEqual(played);
    if (GLASS.outcome(p) !== null) expect(s.controller.state).toBe("session.over");
    s.controller.close();
    plies += played.length;
  }
  return { games, plies, orders, injected };
}
