/**
 * Oware's rules (docs/rules/oware.md): the sowing with the origin passed
 * over on a lap (OW-2), the captures of 2 or 3 running back (OW-3), the
 * feeding obligation (OW-4), the grand slam and its variants (OW-5), and the
 * ends of the game with their scores (OW-4, OW-6, OW-7, OW-8).
 */
import type { Outcome, TraceStep } from "../core/types.js";
import { pointsResult } from "../core/outcome-text.js";
import { msg } from "../../shared/index.js";
import {
  NORTH_STORE,
  PLACES,
  SIDES,
  SOUTH_STORE,
  firstPit,
  inRow,
  rowTotal,
  sideIndex,
  storeOf,
  type TwoRowSide,
} from "../tworow/board.js";
import { AT, CIRCUIT } from "./board.js";
import { keyOf, type GrandSlam, type OwarePosition } from "./position.js";

/** One legal sowing: where from, the board after it, and the pits it captures (the last first). */
export interface Sowing {
  readonly from: number;
  readonly board: readonly number[];
  readonly captured: readonly number[];
}

/** OW-2: sows from `from` (board changed in place); the pit of the last stone. */
function sowFrom(board: number[], from: number): number {
  let n = board[from] as number;
  board[from] = 0;
  let at = AT[from] as number;
  let place = from;
  while (n > 0) {
    at = (at + 1) % 12;
    place = CIRCUIT[at] as number;
    if (place === from) continue; // a lap passes the origin over
    board[place] = (board[place] as number) + 1;
    n--;
  }
  return place;
}

/** OW-3: the opponent's pits the last stone's pit starts capturing, running back along the sowing. */
function runBack(board: readonly number[], side: 0 | 1, last: number): number[] {
  const opp = (1 - side) as 0 | 1;
  const out: number[] = [];
  let at = AT[last] as number;
  let place = last;
  while (inRow(place, opp) && (board[place] === 2 || board[place] === 3)) {
    out.push(place);
    at = (at + 11) % 12;
    place = CIRCUIT[at] as number;
  }
  return out;
}

interface Candidate extends Sowing {
  readonly feeds: boolean;
  readonly slam: boolean;
}

function candidates(board: readonly number[], side: 0 | 1): Candidate[] {
  const opp = (1 - side) as 0 | 1;
  const out: Candidate[] = [];
  for (let from = firstPit(side); from < firstPit(side) + 6; from++) {
    if ((board[from] as number) === 0) continue;
    const after = [...board];
    const last = sowFrom(after, from);
    const captured = runBack(after, side, last);
    const taken = captured.reduce((a, i) => a + (after[i] as number), 0);
    const feeds = rowTotal(after, opp) > 0;
    const slam = captured.length > 0 && taken === rowTotal(after, opp);
    out.push({ from, board: after, captured, feeds, slam });
  }
  return out;
}

/**
 * The legal sowings of the side to move, in pit-name order (OW-4, OW-5's
 * clarifications): the sowings of its non-empty pits; only those that feed
 * when the opponent's row is empty; under `forbidden`, no grand slam while
 * some move is none. A grand slam captures nothing unless `capture`.
 */
export function sowings(board: readonly number[], side: 0 | 1, grandSlam: GrandSlam): Sowing[] {
  const opp = (1 - side) as 0 | 1;
  let list = candidates(board, side);
  if (rowTotal(board, opp) === 0) list = list.filter((c) => c.feeds);
  if (grandSlam === "forbidden" && list.some((c) => !c.slam)) list = list.filter((c) => !c.slam);
  return list.map((c) => ({
    from: c.from,
    board: c.board,
    captured: c.slam && grandSlam !== "capture" ? [] : c.captured,
  }));
}

/** The board after a sowing's captures (OW-3): the stones of each pit into the mover's store. */
export function captureAll(s: Sowing, side: 0 | 1): number[] {
  const board = [...s.board];
  for (const pit of s.captured) {
    board[storeOf(side)] = (board[storeOf(side)] as number) + (board[pit] as number);
    board[pit] = 0;
  }
  return board;
}

/** The physical steps of a sowing from `board` (OW-2), then of its captures (OW-3). */
export function traceOf(board: readonly number[], s: Sowing, side: 0 | 1): TraceStep[] {
  const steps: TraceStep[] = [
    { op: "lift", pit: PLACES[s.from] as string, n: board[s.from] as number },
  ];
  let n = board[s.from] as number;
  let at = AT[s.from] as number;
  while (n > 0) {
    at = (at + 1) % 12;
    const place = CIRCUIT[at] as number;
    if (place === s.from) continue;
    steps.push({ op: "sow", pit: PLACES[place] as string });
    n--;
  }
  const store = PLACES[storeOf(side)] as string;
  for (const pit of s.captured) {
    const taken = s.board[pit] as number;
    steps.push({ op: "capture", pit: PLACES[pit] as string, n: taken });
    for (let k = 0; k < taken; k++) steps.push({ op: "sow", pit: store });
  }
  return steps;
}

/** The position after a sowing: captures made, the history kept or emptied (OW-7), the turn passed. */
export function after(p: OwarePosition, s: Sowing): OwarePosition {
  const side = sideIndex(p.toMove);
  return {
    ...p,
    board: captureAll(s, side),
    toMove: SIDES[1 - side]!,
    history: s.captured.length > 0 ? [] : [...p.history, keyOf(p.toMove, p.board)],
  };
}

/** The ways a game of Oware ends, as the rule that ends it. */
type End = "OW-4" | "OW-6" | "OW-7" | "OW-8";

function endRule(p: OwarePosition): End | null {
  const s = p.board[SOUTH_STORE] as number;
  const n = p.board[NORTH_STORE] as number;
  if (s >= 25 || n >= 25 || (s === 24 && n === 24)) return "OW-6";
  const key = keyOf(p.toMove, p.board);
  if (p.history.filter((k) => k === key).length >= 2) return "OW-7";
  const side = sideIndex(p.toMove);
  if (rowTotal(p.board, side) === 0) return "OW-8";
  if (sowings(p.board, side, p.options.grandSlam).length === 0) return "OW-4";
  return null;
}

const WHY: Readonly<Record<End, string>> = {
  "OW-4":
    "OW-4: no move can feed the opponent's empty pits; the mover takes the stones left in their own",
  "OW-6": "OW-6: a player has captured more than half the stones",
  "OW-7":
    "OW-7: the same position came a third time; each player takes the stones left in their own pits",
  "OW-8": "OW-8: the player to move has no stone in their pits; the stones left go to the opponent",
};

/** The same in the player's language (src/i18n/catalogues). */
const TEXT: Readonly<Record<End, string>> = {
  "OW-4": "outcome.owareCannotFeed",
  "OW-6": "outcome.owareHalf",
  "OW-7": "outcome.owareThirdTime",
  "OW-8": "outcome.owareNoStone",
};

/** How the game ended, or null while it goes on. */
export function outcomeOf(p: OwarePosition): Outcome<TwoRowSide> | null {
  const rule = endRule(p);
  if (rule === null) return null;
  const score =
    rule === "OW-6"
      ? { S: p.board[SOUTH_STORE] as number, N: p.board[NORTH_STORE] as number }
      : {
          S: (p.board[SOUTH_STORE] as number) + rowTotal(p.board, 0),
          N: (p.board[NORTH_STORE] as number) + rowTotal(p.board, 1),
        };
  const { winner, words, text } = pointsResult(score);
  return {
    winner,
    reason: `${WHY[rule]}: ${words}`,
    text: msg(TEXT[rule], { result: text }),
    score,
  };
}
