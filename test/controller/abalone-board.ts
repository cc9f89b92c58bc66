/**
 * Abalone at a fake hex61 board (PROTOCOL.md §5.3: each hole `.`, `b` or
 * `w`): a move played marble by marble as the board's readings
 * (`sensorView` order: `A1:b`, `A1:w`, … one 0/1 reading per hole and
 * colour), the way hands move marbles — a line pushed so that every marble
 * rolls at once (its holes briefly empty, the snapshots unsettled), the
 * marbles moved one by one from the front (a settled reading between
 * them, a middle hole empty), the trailing marble of a line carried to the
 * front, a broadside's marbles lifted and set down in any order — with the
 * noise sensors add (settled readings skipped, unsettled flicker).
 */
import { GEOMETRIES, HOLE_READINGS, readingIndex } from "../../src/shared/index.js";
import type { HexBoard, HoleContent } from "../../src/protocol/index.js";
import type { Game, Position } from "../../src/games/core/types.js";
import type { ControllerOptions } from "../../src/controller/controller.js";
import { NEXT } from "../../src/games/abalone/geometry.js";
import { parseMove } from "../../src/games/abalone/index.js";
import { FakeLink, INFO, startSession, type Session } from "./harness.js";

export type Readings = readonly number[];

export const HOLES = GEOMETRIES.hex61.cells;
const INDEX = readingIndex("hex61");

/** The reading index of a name (`E5:b`). */
export function ri(name: string): number {
  const i = INDEX.get(name);
  if (i === undefined) throw new Error(`no reading ${name}`);
  return i;
}

/** A hole's content as the engine's letters: empty, black, white, the neutral marble, a single-colour one. */
export type Letter = "e" | "b" | "w" | "n" | "x";

/** The tags of one hole's readings, in order (`E5:b`, `E5:w`, `E5:n`, `E5:x`). */
const TAGS = ["b", "w", "n", "x"] as const;

/** What a hole holds in a readings vector. */
export function holeOf(r: Readings, hole: number): Letter {
  const k = TAGS.findIndex((_, i) => r[HOLE_READINGS * hole + i] === 1);
  return k < 0 ? "e" : (TAGS[k] as Letter);
}

/** The readings with `hole` holding `c`. */
export function setHole(r: number[], hole: number, c: Letter): void {
  TAGS.forEach((t, i) => (r[HOLE_READINGS * hole + i] = t === c ? 1 : 0));
}

const CONTENT: Readonly<Record<Letter, HoleContent>> = {
  e: "empty",
  b: "black",
  w: "white",
  n: "neutral",
  x: "marble",
};

/** The snapshot board of a readings vector. */
export function hexBoardOf(r: Readings): HexBoard {
  return { geometry: "hex61", holes: HOLES.map((_, h) => CONTENT[holeOf(r, h)]) };
}

/** A settled (or not) reading of the hex board into the session's fake link. */
export function sendHex(
  s: Session,
  r: Readings,
  settled = true,
  unsettled: readonly string[] = [],
  step = 250,
): void {
  s.link.time += step;
  s.link.emit({
    type: "snapshot",
    snapshot: {
      board: hexBoardOf(r),
      settled,
      unsettled: settled ? [] : unsettled.length > 0 ? unsettled : ["E5"],
      receivedAt: s.link.time,
    },
  });
}

/** A controller on a fake hex61 board with `start` set up and read. */
export function startHex(
  game: Game<Position>,
  start: Position,
  options: Readonly<Record<string, unknown>> = {},
  controllerOptions: ControllerOptions = {},
): Session {
  const link = new FakeLink();
  link.info = { ...INFO, geometry: "hex61", maxCount: 1 };
  return startSession(game, start, options, controllerOptions, {
    link,
    read: (s) => sendHex(s, game.sensorView(start).counts),
  });
}

/** One marble's way in a move: from a hole to its neighbour, or over the edge (`to` -1). */
export interface Transfer {
  readonly from: number;
  readonly to: number;
  readonly colour: "b" | "w";
}

/**
 * The marbles a move in notation moves on `board`, as if every one of them
 * went (legal or not: a line of four, a push not allowed, a broadside into
 * an occupied hole pushing what is there), front first.
 */
export function transfers(board: Readings, move: string): Transfer[] {
  const m = parseMove(move);
  if (!m.ok) throw new Error(m.error.message);
  const mv = m.value;
  const out: Transfer[] = [];
  const next = (h: number, d: number) => NEXT[h * 6 + d] as number;
  if (mv.kind === "inline") {
    let h = mv.from;
    const line: number[] = [];
    while (h >= 0 && holeOf(board, h) !== "e") {
      line.push(h);
      h = next(h, mv.dir);
    }
    for (const f of line) {
      out.push({ from: f, to: next(f, mv.dir), colour: holeOf(board, f) as "b" | "w" });
    }
  } else if (mv.kind === "shape") {
    // Shield and rotation (AB-9.7) are not followed at the board yet (issue 29, part 3).
    throw new Error(`${move}: shape moves have no board transfers yet`);
  } else {
    let h = mv.first;
    for (let i = 0; i < mv.length; i++) {
      // A broadside into an occupied hole shoves what is there (and on) one hole further.
      let t = h;
      const chain: number[] = [];
      while (t >= 0 && holeOf(board, t) !== "e") {
        chain.push(t);
        t = next(t, mv.dir);
      }
      for (const f of chain) {
        out.push({ from: f, to: next(f, mv.dir), colour: holeOf(board, f) as "b" | "w" });
      }
      h = next(h, mv.axis);
    }
  }
  // Front first: a marble goes only once the hole ahead of it is free.
  const moved = new Set(out.map((t) => t.from));
  const ordered: Transfer[] = [];
  const left = out.slice();
  while (left.length > 0) {
    const i = left.findIndex((t) => t.to < 0 || !moved.has(t.to));
    const [t] = left.splice(i < 0 ? 0 : i, 1) as [Transfer];
    moved.delete(t.from);
    ordered.push(t);
  }
  return ordered;
}

/** The board after all of `ts`. */
export function afterTransfers(board: Readings, ts: readonly Transfer[]): number[] {
  const b = board.slice();
  for (const t of ts) setHole(b, t.from, "e");
  for (const t of ts) if (t.to >= 0) setHole(b, t.to, t.colour);
  return b;
}

/**
 * How a hand moves the marbles of one move: all rolled at once (`roll`);
 * the trailing marble of a line lifted and set down ahead of it (`carry`,
 * the same board after); every marble lifted, the hand resting between
 * them, then set down front first (`lift-all`). A line carried marble by
 * marble from the front, whose pauses are other moves' results, is
 * abalone-front-first.test.ts's.
 */
export type Style = "roll" | "carry" | "lift-all";
export const STYLES: readonly Style[] = ["roll", "carry", "lift-all"];

/** One snapshot of a move in progress. */
export interface Frame {
  readonly board: number[];
  readonly settled: boolean;
  readonly unsettled: readonly string[];
}

function pick<T>(xs: readonly T[], random: () => number): T {
  return xs[Math.floor(random() * xs.length)] as T;
}

function shuffle<T>(xs: T[], random: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
  return xs;
}

/**
 * The snapshots of one move: the holes it touches flicker unsettled while
 * marbles roll (some read empty); settled readings only where the hand
 * rests, some skipped; the last is the settled board after the move.
 */
export function moveFrames(
  board: Readings,
  ts: readonly Transfer[],
  style: Style,
  random: () => number,
): Frame[] {
  const touched = [...new Set(ts.flatMap((t) => (t.to >= 0 ? [t.from, t.to] : [t.from])))];
  const names = touched.map((h) => HOLES[h] as string);
  const out: Frame[] = [];
  const transient = (b: readonly number[]) => {
    const j = b.slice();
    for (const h of touched) if (random() < 0.5) setHole(j, h, "e");
    out.push({ board: j, settled: false, unsettled: names.filter(() => random() < 0.7) });
  };
  const rest = (b: readonly number[]) => {
    if (random() < 0.6) out.push({ board: b.slice(), settled: true, unsettled: [] });
  };
  const b = board.slice();
  const final = afterTransfers(board, ts);
  const done = () => out.push({ board: final, settled: true, unsettled: [] });
  const carried = style === "carry" && ts.length >= 2 && inlineLine(ts);
  const sameColour = ts.every((t) => t.colour === ts[0]?.colour);
  if (style === "roll" || (style === "carry" && !(carried && sameColour))) {
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) transient(b);
    done();
    return out;
  }
  if (style === "carry") {
    const trail = ts[ts.length - 1] as Transfer;
    transient(b);
    setHole(b, trail.from, "e");
    rest(b);
    transient(b);
    done();
    return out;
  }
  for (const t of shuffle(ts.slice(), random)) {
    if (random() < 0.5) transient(b);
    setHole(b, t.from, "e");
    rest(b);
  }
  ts.forEach((t, i) => {
    if (t.to < 0) return;
    if (random() < 0.5) transient(b);
    setHole(b, t.to, t.colour);
    if (i < ts.length - 1) rest(b);
  });
  done();
  return out;
}

/** Whether transfers are one line moving along itself (each marble into the next one's hole). */
function inlineLine(ts: readonly Transfer[]): boolean {
  for (let i = 1; i < ts.length; i++)
    if ((ts[i] as Transfer).to !== (ts[i - 1] as Transfer).from) return false;
  return (ts[0] as Transfer).to >= 0;
}

/** Unsettled flicker of a few random holes, on any board. */
export function flicker(b: Readings, random: () => number): Frame {
  const j = b.slice();
  const h = Math.floor(random() * HOLES.length);
  setHole(j, h, holeOf(j, h) === "e" ? pick(["b", "w"] as const, random) : "e");
  return { board: j, settled: false, unsettled: [HOLES[h] as string] };
}
