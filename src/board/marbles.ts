/**
 * The Abalone board (`hex61`, PROTOCOL.md §5.3) as a hand plays it: an
 * engine trace of `off` and `hole` steps (docs/spec/engine-protocol.md,
 * "Abalone traces") lists only the holes whose settled reading changes, so
 * the hand first works out the push that makes exactly those changes (which
 * marbles roll, in which of the six directions), then pushes them the way a
 * person does:
 *
 * - every marble of the moving line leaves its hole within a few ms of the
 *   others (the hand pushes the whole line at once) and rolls for some tens
 *   of ms before it drops into the next hole; meanwhile the hole it left
 *   reads empty, so the middle holes of a line read empty for a moment and
 *   then hold a marble again;
 * - a marble pushed over the edge leaves the board (into the tray);
 * - while a marble rolls over a hole, and for a short rattle after it drops
 *   in, the hole's hall sensor signal moves (`PhysicalBoard.rolling`), which
 *   the firmware treats as PROTOCOL.md §7 says: the hole is not settled, and
 *   with noise its reading may flicker between empty and the marble.
 *
 * Every marble leaves before any arrives, so from the first marble leaving
 * to the last one's rattle some hole of the move is moving: with `deb` ≥ 1 no
 * settled reading shows a half-done push.
 *
 * A trace that no push explains (hand-written, a deliberate mistake) is
 * played marble by marble: each marble listed leaves its hole, then each new
 * one is put in, the next always moving before the last comes to rest, so
 * it too settles only when done.
 */
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { HEX_STEPS, seededRandom } from "../shared/index.js";
import type { MarbleColour } from "../shared/index.js";
import type { HoleContent } from "../protocol/index.js";
import type { MarbleStep } from "../games/index.js";
import type { PhysicalBoard } from "./physical-board.js";
import { realScheduler, sleep } from "./scheduler.js";
import type { Scheduler } from "./scheduler.js";
import type { HandError } from "./errors.js";

/** The trace's letters for a hole's content (`e` empty, `b`, `w`, the neutral `n`, a single-colour `x`). */
const CONTENT_BY_LETTER: Readonly<Record<string, HoleContent>> = {
  e: "empty",
  b: "black",
  w: "white",
  n: "neutral",
  x: "marble",
};

const ROWS = "ABCDEFGHI";

/** Row index and column of a hole name, or null when it is no hole of `hex61`. */
export function holeCoords(cell: string): readonly [number, number] | null {
  const r = ROWS.indexOf(cell.charAt(0));
  const c = Number(cell.slice(1));
  if (r < 0 || cell.length !== 2 || !Number.isInteger(c)) return null;
  const lo = r <= 4 ? 1 : r - 3;
  const hi = r <= 4 ? 5 + r : 9;
  return c >= lo && c <= hi ? [r, c] : null;
}

/** The hole one step from `cell` in direction `d`, or null past the edge. */
export function neighbour(cell: string, d: readonly [number, number]): string | null {
  const at = holeCoords(cell);
  if (at === null) return null;
  const name = `${ROWS.charAt(at[0] + d[0])}${at[1] + d[1]}`;
  return at[0] + d[0] < 0 || holeCoords(name) === null ? null : name;
}

/** One marble of a push: where it lies, its colour, and the hole it rolls into (null: off the board). */
export interface RollingMarble {
  readonly from: string;
  readonly colour: MarbleColour;
  readonly to: string | null;
}

/** What a trace asks of the board: the push that makes it, or (null) none does. */
export interface MarblePlan {
  readonly push: readonly RollingMarble[] | null;
  /** The holes as the trace leaves them, by name (only the ones it lists). */
  readonly after: ReadonlyMap<string, HoleContent>;
}

/**
 * Checks `steps` against the board as it lies (each `hole` step's `from`
 * must be what the hole holds) and finds the push that makes exactly the
 * trace's changes and its `off` steps; `push` is null when no push does.
 */
export function planMarbles(
  board: PhysicalBoard,
  steps: readonly MarbleStep[],
): Result<MarblePlan, HandError> {
  const after = new Map<string, HoleContent>();
  const offs: { cell: string; colour: HoleContent }[] = [];
  // A marble pushed into a trap (AB-9.5) leaves the game there as over the edge.
  const traps = new Set<string>();
  for (const [i, step] of steps.entries()) {
    const where = `trace step ${i + 1} (${step.op} ${step.cell})`;
    if (!board.has(step.cell)) return err("bad-pit", `${where}: ${step.cell} is no hole of hex61`);
    if (step.op === "off") {
      const colour = CONTENT_BY_LETTER[step.colour];
      if (colour === undefined || colour === "empty") {
        return err("bad-step", `${where}: a marble is b, w, n or x, not '${step.colour}'`);
      }
      offs.push({ cell: step.cell, colour });
      if (step.trap !== undefined) traps.add(step.trap);
      continue;
    }
    const from = CONTENT_BY_LETTER[step.from];
    const to = CONTENT_BY_LETTER[step.to];
    if (from === undefined || to === undefined) {
      return err(
        "bad-step",
        `${where}: a hole is b, w, n, x or e, not '${step.from}'→'${step.to}'`,
      );
    }
    const holds = board.hole(step.cell);
    if (holds !== from) {
      return err("wrong-hole", `${where}: ${step.cell} holds ${holds}, the trace moves ${from}`);
    }
    if (after.has(step.cell)) return err("bad-step", `${where}: ${step.cell} is listed twice`);
    after.set(step.cell, to);
  }
  for (const d of HEX_STEPS) {
    const push = pushAlong(board, d, after, offs, traps);
    if (push !== null) return ok({ push, after });
  }
  return ok({ push: null, after });
}

/** The marbles that roll one hole along `d` to make `after` and `offs`, or null if that is not it. */
function pushAlong(
  board: PhysicalBoard,
  d: readonly [number, number],
  after: ReadonlyMap<string, HoleContent>,
  offs: readonly { cell: string; colour: HoleContent }[],
  traps: ReadonlySet<string>,
): RollingMarble[] | null {
  // The trailing marble of each moving line is a hole that ends empty.
  const tails = [...after].filter(([cell, to]) => to === "empty" && board.hole(cell) !== "empty");
  if (tails.length === 0) return null;
  const marbles: RollingMarble[] = [];
  const moving = new Set<string>();
  for (const [tail] of tails) {
    let cell: string | null = tail;
    while (cell !== null) {
      const colour = board.hole(cell);
      if (colour === "empty") break;
      if (moving.has(cell)) return null;
      moving.add(cell);
      const next = neighbour(cell, d);
      const to = next !== null && traps.has(next) ? null : next;
      marbles.push({ from: cell, colour, to });
      cell = to;
    }
  }
  const result = new Map<string, HoleContent>();
  for (const m of marbles) result.set(m.from, "empty");
  for (const m of marbles) if (m.to !== null) result.set(m.to, m.colour);
  // Exactly the listed holes change, each to what the trace says.
  for (const [cell, content] of result) {
    const listed = after.get(cell);
    if (listed === undefined ? content !== board.hole(cell) : listed !== content) return null;
  }
  for (const cell of after.keys()) if (!result.has(cell)) return null;
  const off = marbles.filter((m) => m.to === null);
  if (off.length !== offs.length) return null;
  const matched = off.every((m) => offs.some((o) => o.cell === m.from && o.colour === m.colour));
  return matched ? marbles : null;
}

export interface MarbleTiming {
  /** Milliseconds the hand takes to reach the line, drawn from [min, max] (default 150..400). */
  readonly perStoneMs?: readonly [number, number];
  /** Milliseconds a marble rolls from one hole to the next (default 20..60). */
  readonly rollMs?: readonly [number, number];
  /** Milliseconds a marble rattles in its new hole (default 10..30). */
  readonly rattleMs?: readonly [number, number];
  /** Multiplies every delay: 1 = a person's pace, 0 = instant (default 1). */
  readonly timeScale?: number;
  readonly seed?: number;
  readonly scheduler?: Scheduler;
}

/** A marble leaves its hole within this many ms of the first (the hand pushes the line at once). */
const LEAVE_SPREAD_MS = 8;

interface TimedEvent {
  readonly at: number;
  /** Leaves before arrivals before rests at one instant. */
  readonly order: number;
  readonly run: () => void;
}

/**
 * Plays an Abalone trace on a `hex61` board as a person pushes the line (see
 * the file comment), on the scheduler's clock; the hand leaves the board at
 * the end. Stops before touching the board when a step does not fit it.
 */
export async function playMarbles(
  board: PhysicalBoard,
  steps: readonly MarbleStep[],
  timing: MarbleTiming = {},
): Promise<Result<void, HandError>> {
  if (!board.hasHoles) {
    return err("bad-step", `a ${board.geometry.id} board has no holes for marble steps`);
  }
  const plan = planMarbles(board, steps);
  if (!plan.ok) return plan;
  const scheduler = timing.scheduler ?? realScheduler;
  const scale = Math.max(0, timing.timeScale ?? 1);
  const random = seededRandom(timing.seed ?? 1);
  const draw = (range: readonly [number, number]): number =>
    (range[0] + (range[1] - range[0]) * random()) * scale;
  const [reachLo, reachHi] = timing.perStoneMs ?? [150, 400];
  const roll = timing.rollMs ?? [20, 60];
  const rattle = timing.rattleMs ?? [10, 30];
  const first = plan.value.push?.[0]?.from ?? plan.value.after.keys().next().value ?? null;
  board.hand.hover(first);
  await sleep(scheduler, draw([reachLo, reachHi]));
  const events: TimedEvent[] = [];
  const push = plan.value.push;
  if (push !== null) {
    // Every marble leaves before the first can arrive (see the file comment).
    const spread = Math.min(LEAVE_SPREAD_MS, roll[0] / 2);
    for (const m of push) {
      const leave = draw([0, spread]);
      const arrive = leave + draw(roll);
      events.push({ at: leave, order: 0, run: () => leaveHole(board, m) });
      events.push({ at: arrive, order: 1, run: () => arriveAt(board, m) });
      if (m.to !== null) {
        const to = m.to;
        events.push({ at: arrive + draw(rattle), order: 2, run: () => board.rollEnd(to) });
      }
    }
  } else {
    // No push makes it: each marble that goes is taken out, then each new one put in.
    let t = 0;
    const changes = [...plan.value.after];
    for (const [cell, to] of changes) {
      const from = board.hole(cell);
      if (from === "empty" || from === to) continue;
      events.push({
        at: t,
        order: 0,
        run: () => leaveHole(board, { from: cell, colour: from, to: null }),
      });
      t += draw(roll);
      events.push({ at: t, order: 1, run: () => board.rollEnd(cell) });
    }
    for (const [cell, to] of changes) {
      if (to === "empty") continue;
      events.push({
        at: t,
        order: 0,
        run: () => {
          board.rollStart(cell, to);
          board.putMarble(cell, to);
        },
      });
      t += draw(rattle);
      // The next marble goes in as this one comes to rest: no moment with nothing moving.
      events.push({ at: t, order: 2, run: () => board.rollEnd(cell) });
    }
  }
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  let now = 0;
  for (const e of events) {
    if (e.at > now) await sleep(scheduler, e.at - now);
    now = Math.max(now, e.at);
    e.run();
  }
  board.hand.hover(null);
  await sleep(scheduler, draw([reachLo, reachHi]));
  return ok(undefined);
}

/** A marble starts rolling: its hole reads empty; both holes it is between are moving. */
function leaveHole(board: PhysicalBoard, m: RollingMarble): void {
  board.putMarble(m.from, "empty");
  board.rollStart(m.from, m.colour);
  if (m.to !== null) board.rollStart(m.to, m.colour);
}

/** It drops into the next hole (still rattling there), or over the edge into the tray. */
function arriveAt(board: PhysicalBoard, m: RollingMarble): void {
  board.rollEnd(m.from);
  if (m.to === null) {
    board.pushOff(m.colour);
    return;
  }
  board.putMarble(m.to, m.colour);
}
