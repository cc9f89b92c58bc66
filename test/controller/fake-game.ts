/**
 * A tiny made-up game on four pits (P1…P4, the 4x8 board's A1…A4; the other
 * 28 pits stay empty) for the tracker's ambiguity rule:
 * like Bao's stop in the nyumba versus going on safari, the move `P1/.`
 * (lift P1, sow P2, P3, stop) is a strict prefix of `P1/s` (… lift P3, sow P4, P1).
 * South owns every pit; after a move North is to move, with one move `P4`
 * (lift P4, sow P1). Only what the controller uses is implemented.
 */
import { GEOMETRIES, err, ok, type Result } from "../../src/shared/index.js";
import type { GameError } from "../../src/games/core/errors.js";
import type { BoardLayout } from "../../src/games/core/board.js";
import type { BoardAct, Refusal, RuleBook } from "../../src/games/core/rules.js";
import type {
  Game,
  LegalMove,
  LegalMoves,
  Outcome,
  Position,
  SensorView,
  Side,
  Trace,
} from "../../src/games/core/types.js";

export interface FakePosition extends Position {
  readonly counts: readonly number[];
}

/** The pits P1…P4 are the 4x8 board's A1…A4. */
const PITS = ["A1", "A2", "A3", "A4"];
const PLACES = GEOMETRIES["4x8"].cells;
const EMPTY = PLACES.length - PITS.length;

/** The four counts as a whole 4x8 board's readings (the other pits empty). */
export function fakeBoard(counts: readonly number[]): number[] {
  return [...counts, ...new Array<number>(EMPTY).fill(0)];
}

/** Four pits in a ring P1 → P2 → P3 → P4 → P1, sown one way; every pit South's (see the file comment). */
const LAYOUT: BoardLayout = {
  geometry: "4x8",
  places: PLACES,
  sides: ["S", "N"],
  sideNames: { S: "South", N: "North" },
  owners: PLACES.map(() => "S"),
  successors: PLACES.map((_, i) => (i < 4 ? [(i + 1) % 4] : [])),
};

const RULES: RuleBook = {
  turnOrder: "CORE-7",
  sowing: "CORE-1",
  keepDirection: "CORE-2",
  direction: null,
  fixedDirection: null,
  relay: "CORE-3",
  start: "CORE-4",
  stageLimit: null,
  capture: null,
  captureAgain: null,
  capturedSowing: null,
  placement: null,
  penalty: null,
};

function after(p: FakePosition, trace: Trace, toMove: string): FakePosition {
  const c = p.counts.slice();
  for (const s of trace) {
    const i = PITS.indexOf(s.pit);
    if (s.op === "lift" || s.op === "capture") c[i]! -= s.n;
    else c[i]! += 1;
  }
  return { ...p, counts: c, toMove };
}

export class FakeGame implements Game<FakePosition> {
  readonly id = "fake";
  readonly title = "Fake (prefix moves)";
  readonly optionSpecs = [];
  readonly layout = LAYOUT;
  initial(): Result<FakePosition, GameError> {
    return ok({ game: "fake", options: {}, toMove: "S", counts: [2, 0, 1, 0] });
  }
  parsePosition(json: unknown): Result<FakePosition, GameError> {
    const o = json as FakePosition;
    if (typeof o !== "object" || o === null || !Array.isArray(o.counts))
      return err("bad-position", "no counts");
    return ok({ game: "fake", options: {}, toMove: o.toMove, counts: o.counts.slice() });
  }
  positionToJSON(p: FakePosition): Record<string, unknown> {
    return { game: "fake", options: {}, toMove: p.toMove, counts: p.counts.slice() };
  }
  legal(p: FakePosition): LegalMoves<FakePosition> {
    const moves: LegalMove<FakePosition>[] = [];
    const next = p.toMove === "S" ? "N" : "S";
    if (p.toMove === "S" && p.counts[0] === 2 && p.counts[2] === 1) {
      const stop: Trace = [
        { op: "lift", pit: "A1", n: 2 },
        { op: "sow", pit: "A2" },
        { op: "sow", pit: "A3" },
      ];
      const go: Trace = [
        ...stop,
        { op: "lift", pit: "A3", n: 2 },
        { op: "sow", pit: "A4" },
        { op: "sow", pit: "A1" },
      ];
      moves.push({ move: "P1/.", trace: stop, position: after(p, stop, next) });
      moves.push({ move: "P1/s", trace: go, position: after(p, go, next) });
    } else if (p.toMove === "N" && (p.counts[3] ?? 0) > 0) {
      const t: Trace = [
        { op: "lift", pit: "A4", n: p.counts[3]! },
        ...Array.from({ length: p.counts[3]! }, () => ({ op: "sow" as const, pit: "A1" })),
      ];
      moves.push({ move: "P4", trace: t, position: after(p, t, next) });
    } else if (p.toMove === "N" && (p.counts[1] ?? 0) > 0) {
      const t: Trace = [
        { op: "lift", pit: "A2", n: p.counts[1]! },
        ...Array.from({ length: p.counts[1]! }, () => ({ op: "sow" as const, pit: "A4" })),
      ];
      moves.push({ move: "P2", trace: t, position: after(p, t, next) });
    }
    return { moves, truncated: false };
  }
  apply(
    p: FakePosition,
    move: string,
  ): Result<{ position: FakePosition; trace: Trace }, GameError> {
    const m = this.legal(p).moves.find((x) => x.move === move);
    return m === undefined
      ? err("illegal-move", `${move} is not legal`)
      : ok({ position: m.position, trace: m.trace });
  }
  ruleBook(): RuleBook {
    return RULES;
  }
  /** Null when a legal move's trace begins with the act (a lift, or a place step). */
  refusal(p: FakePosition, act: BoardAct): Refusal | null {
    const op = act.kind === "start" ? "lift" : "place";
    const begins = this.legal(p).moves.some(
      (m) => m.trace[0]?.op === op && m.trace[0].pit === act.place,
    );
    if (begins) return null;
    return {
      reason: "other",
      rule: "CORE-4",
      message: `${act.place} cannot start a turn (CORE-4)`,
    };
  }
  withBoard(
    p: FakePosition,
    change: { readonly counts?: readonly number[]; readonly toMove?: Side },
  ): Result<FakePosition, GameError> {
    const all = change.counts ?? fakeBoard(p.counts);
    if (all.length !== PLACES.length || all.slice(4).some((n) => n !== 0)) {
      return err("bad-position", "stones only in A1…A4");
    }
    const counts = all.slice(0, 4);
    const sum = (c: readonly number[]) => c.reduce((a, b) => a + b, 0);
    if (sum(counts) !== sum(p.counts)) return err("bad-position", "the stone total changed");
    return ok({ ...p, counts: counts.slice(), toMove: change.toMove ?? p.toMove });
  }
  sensorView(p: FakePosition): SensorView {
    return { geometry: "4x8", pits: PLACES, counts: fakeBoard(p.counts) };
  }
  outcome(p: FakePosition): Outcome | null {
    return this.legal(p).moves.length === 0
      ? { winner: null, reason: "no moves", score: { S: 0, N: 0 } }
      : null;
  }
  perft(): number {
    return 1;
  }
  randomMove(): LegalMove<FakePosition> | null {
    return null;
  }
  playout(): number {
    return 0;
  }
}
