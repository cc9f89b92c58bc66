/**
 * Glassperlenspiel at a fake gem board (2x5+2): a move's trace played bead
 * by bead as the board's readings (`sensorView` order: plain stones per
 * place, then one 0/1 reading per place and gem), with the noise players and
 * sensors make — settled readings skipped, unsettled jitter, a lift seen half
 * done, the captures made in any order (each gem lifted from its place, then
 * dropped into the mover's cup, or several lifted before they are dropped).
 */
import { GEMS, GEOMETRIES, readingIndex } from "../../src/shared/index.js";
import type { Gem, GemBoard } from "../../src/protocol/index.js";
import type { Game, Position, Trace, TraceStep } from "../../src/games/core/types.js";
import type { ControllerOptions } from "../../src/controller/controller.js";
import { FakeLink, INFO, startSession, type Session } from "./harness.js";

export type Readings = readonly number[];

const PLACES = GEOMETRIES["2x5+2"].cells;
const INDEX = readingIndex("2x5+2");

/** The reading index of a name (`A2`, `A2:S1`). */
export function ri(name: string): number {
  const i = INDEX.get(name);
  if (i === undefined) throw new Error(`no reading ${name}`);
  return i;
}

/** The snapshot board of a readings vector. */
export function gemBoardOf(r: Readings): GemBoard {
  return {
    geometry: "2x5+2",
    places: PLACES.map((place, i) => ({
      count: r[i] as number,
      gems: GEMS.filter((g) => r[ri(`${place}:${g}`)] === 1) as readonly Gem[],
    })),
  };
}

/** A settled (or not) reading of the gem board into the session's fake link. */
export function sendGems(s: Session, r: Readings, settled = true, step = 250): void {
  s.link.time += step;
  s.link.emit({
    type: "snapshot",
    snapshot: {
      board: gemBoardOf(r),
      settled,
      unsettled: settled ? [] : ["A1"],
      receivedAt: s.link.time,
    },
  });
}

/** What one trace step does to the readings, in physical acts (a capture: off its place, into the cup). */
export function stepActs(step: TraceStep): { name: string; delta: number }[][] {
  switch (step.op) {
    case "lift": {
      const acts: { name: string; delta: number }[][] = [];
      const stones = step.stones ?? step.n;
      if (stones > 0) acts.push([{ name: step.pit, delta: -stones }]);
      for (const g of step.gems ?? []) acts.push([{ name: `${step.pit}:${g}`, delta: -1 }]);
      return acts;
    }
    case "sow": {
      const bead = step.bead ?? "s";
      return [[{ name: bead === "s" ? step.pit : `${step.pit}:${bead}`, delta: 1 }]];
    }
    case "capture":
      return [
        [{ name: `${step.pit}:${step.gem ?? ""}`, delta: -1 }],
        [{ name: `${step.to ?? ""}:${step.gem ?? ""}`, delta: 1 }],
      ];
    case "place":
      return [[{ name: step.pit, delta: 1 }]];
  }
}

function applyActs(board: number[], acts: readonly { name: string; delta: number }[]): void {
  for (const a of acts) board[ri(a.name)] = (board[ri(a.name)] as number) + a.delta;
}

/** How the captures at the end of a trace are made. */
export type CaptureOrder = "trace" | "reverse" | "shuffled" | "all-lifted-first";
export const CAPTURE_ORDERS: readonly CaptureOrder[] = [
  "trace",
  "reverse",
  "shuffled",
  "all-lifted-first",
];

function shuffle<T>(xs: T[], random: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
  return xs;
}

/**
 * The settled boards after every physical act of a trace (the lift's stones
 * and gems one by one, then each bead, then the captures in `order`).
 */
export function glassBoards(
  before: Readings,
  trace: Trace,
  order: CaptureOrder,
  random: () => number,
): number[][] {
  const board = before.slice();
  const out: number[][] = [];
  const captures = trace.filter((s) => s.op === "capture");
  for (const s of trace) {
    if (s.op === "capture") continue;
    const acts = stepActs(s);
    const lifts = s.op === "lift" ? shuffle(acts.slice(), random) : acts;
    for (const a of lifts) {
      applyActs(board, a);
      out.push(board.slice());
    }
  }
  const caps = captures.map(stepActs);
  const ordered =
    order === "reverse"
      ? caps.reverse()
      : order === "shuffled" || order === "all-lifted-first"
        ? shuffle(caps, random)
        : caps;
  if (order === "all-lifted-first") {
    for (const c of ordered) {
      applyActs(board, c[0] ?? []);
      out.push(board.slice());
    }
    for (const c of shuffle(ordered.slice(), random)) {
      applyActs(board, c[1] ?? []);
      out.push(board.slice());
    }
  } else {
    for (const c of ordered) {
      for (const a of c) {
        applyActs(board, a);
        out.push(board.slice());
      }
    }
  }
  return out;
}

/** Noise on a list of settled boards: some skipped (never the last), unsettled jitter before others. */
export function noisy(
  boards: readonly number[][],
  random: () => number,
): { readonly board: number[]; readonly settled: boolean }[] {
  const out: { board: number[]; settled: boolean }[] = [];
  let skipped = 0;
  boards.forEach((b, i) => {
    const last = i === boards.length - 1;
    if (!last && skipped < 4 && random() < 0.35) {
      skipped++;
      return;
    }
    skipped = 0;
    if (random() < 0.3) {
      const j = b.slice();
      const k = Math.floor(random() * j.length);
      j[k] =
        k < PLACES.length
          ? Math.max(0, (j[k] as number) + (random() < 0.5 ? 1 : -1))
          : 1 - (j[k] as number);
      out.push({ board: j, settled: false });
    }
    out.push({ board: b, settled: true });
  });
  return out;
}

/** A controller on a fake gem board (2x5+2) with `start` set up and read. */
export function startGlass(
  game: Game<Position>,
  start: Position,
  controllerOptions: ControllerOptions = {},
): Session {
  const link = new FakeLink();
  link.info = { ...INFO, geometry: "2x5+2", maxCount: 20 };
  return startSession(game, start, {}, controllerOptions, {
    link,
    read: (s) => sendGems(s, game.sensorView(start).counts),
  });
}
