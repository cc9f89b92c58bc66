/**
 * The players' clocks (AB-7 for Abalone; the same time control for every
 * game `kete play` runs). Clocks belong to the controller's side of the
 * game, like `onMistake`, not to the rules: positions carry no time.
 *
 * Pure: no timers and no I/O, every function is given the time (`now`, ms
 * on whatever clock the caller keeps) and returns new plain data. The caller
 * (the play session) runs the clock of the side to move, switches at a
 * move's acceptance (adding the bonus), pauses while the board is restored
 * or the link is down, and schedules the fall of the running flag
 * (`flagFallsAt`).
 *
 * The bonus: `bonusSeconds` per bonus event of the move (`bonusEvents`). In
 * Abalone a bonus event is a push-off (AB-7); in the sowing games, whose
 * rules name no such event, it is a move that captures (one bonus however
 * many pits it takes from), the nearest thing to a push-off: taking the
 * opponent's material.
 */
import type { Game, Position, Side, Trace } from "../games/index.js";
import { err, ok, type Result } from "../shared/index.js";
import type { ControllerError } from "./errors.js";

/** Minutes per player and an optional bonus in seconds per bonus event (`--clock 10+0`). */
export interface TimeControl {
  readonly minutes: number;
  readonly bonusSeconds: number;
}

/** Why the clocks stand still: a board restored after a mistake, a link that is down. */
export type PauseReason = "restore" | "link";

export interface Clocks {
  readonly control: TimeControl;
  /** Milliseconds each side has left, as of `since` (the running side's time runs from there). */
  readonly left: Readonly<Record<Side, number>>;
  /** The side whose clock runs (unless paused), or null before the first turn and after the end. */
  readonly running: Side | null;
  /** When the running side's time was last charged. */
  readonly since: number;
  /** The reasons the clocks stand still; they run only when there is none. */
  readonly pauses: readonly PauseReason[];
}

/** The most minutes `--clock` takes (ten hours), and the largest bonus (ten minutes). */
export const MAX_MINUTES = 600;
export const MAX_BONUS_SECONDS = 600;

/** `M+B` (minutes per player, bonus seconds) or `M`; a one-line error otherwise. */
export function parseTimeControl(text: string): Result<TimeControl, ControllerError> {
  const m = /^(\d+(?:\.\d+)?)(?:\+(\d+(?:\.\d+)?))?$/.exec(text.trim());
  const minutes = m === null ? NaN : Number(m[1]);
  const bonusSeconds = m === null ? NaN : Number(m[2] ?? "0");
  if (
    m === null ||
    !(minutes > 0 && minutes <= MAX_MINUTES) ||
    !(bonusSeconds >= 0 && bonusSeconds <= MAX_BONUS_SECONDS)
  ) {
    return err(
      "usage",
      `--clock takes minutes per player and a bonus in seconds, e.g. 10+0 or 15+5 (minutes over 0 up to ${MAX_MINUTES}, bonus 0 to ${MAX_BONUS_SECONDS}), not '${text}'`,
    );
  }
  return ok({ minutes, bonusSeconds });
}

/** `10+0`: a time control as `--clock` spells it. */
export function timeControlText(tc: TimeControl): string {
  return `${tc.minutes}+${tc.bonusSeconds}`;
}

/** Both clocks full (or at the given remaining times, a resumed game), none running. */
export function newClocks(
  control: TimeControl,
  sides: readonly Side[],
  left?: Readonly<Record<Side, number>>,
): Clocks {
  const full = Math.round(control.minutes * 60_000);
  const times: Record<Side, number> = {};
  for (const s of sides) times[s] = Math.max(0, left?.[s] ?? full);
  return { control, left: times, running: null, since: 0, pauses: [] };
}

function ticking(c: Clocks): boolean {
  return c.running !== null && c.pauses.length === 0;
}

/** The clocks with the running side charged for the time since `since`, as of `now`. */
function charged(c: Clocks, now: number): Clocks {
  if (!ticking(c) || c.running === null) return { ...c, since: now };
  const side = c.running;
  const used = Math.max(0, now - c.since);
  return { ...c, left: { ...c.left, [side]: Math.max(0, (c.left[side] ?? 0) - used) }, since: now };
}

/** Milliseconds each side has left at `now`. */
export function remaining(c: Clocks, now: number): Record<Side, number> {
  return { ...charged(c, now).left };
}

/** The clock of `side` runs from `now` (the other's stops); paused clocks stay paused. */
export function runClock(c: Clocks, side: Side, now: number): Clocks {
  if (c.running === side) return c;
  return { ...charged(c, now), running: side };
}

/**
 * A move of `mover` accepted at `now`: its time is charged, `bonuses` bonus
 * events add the bonus to it, and `next` (the side to move now; the same
 * side when its turn goes on) runs.
 */
export function moveAccepted(
  c: Clocks,
  mover: Side,
  next: Side,
  now: number,
  bonuses: number,
): Clocks {
  const at = charged(c, now);
  const bonus = Math.round(bonuses * c.control.bonusSeconds * 1000);
  const left = { ...at.left, [mover]: (at.left[mover] ?? 0) + bonus };
  return { ...at, left, running: next };
}

/** The clocks stand still for `reason` from `now`. */
export function pauseClocks(c: Clocks, reason: PauseReason, now: number): Clocks {
  if (c.pauses.includes(reason)) return c;
  return { ...charged(c, now), pauses: [...c.pauses, reason] };
}

/** `reason` is over at `now`: the clocks run again once no other reason holds them. */
export function resumeClocks(c: Clocks, reason: PauseReason, now: number): Clocks {
  if (!c.pauses.includes(reason)) return c;
  return { ...c, since: now, pauses: c.pauses.filter((r) => r !== reason) };
}

/** The game is over (or stopped) at `now`: the time used is kept, nothing runs. */
export function stopClocks(c: Clocks, now: number): Clocks {
  return { ...charged(c, now), running: null };
}

/** When the running side's flag falls if nothing changes, or null when no clock runs. */
export function flagFallsAt(c: Clocks): { readonly side: Side; readonly at: number } | null {
  if (!ticking(c) || c.running === null) return null;
  return { side: c.running, at: c.since + (c.left[c.running] ?? 0) };
}

/**
 * How many bonus events a move holds: Abalone's push-offs (the `off` steps
 * of its protocol trace, from the position before the move); in a game
 * without protocol steps, one for a move that captures, else none.
 */
export function bonusEvents(game: Game, before: Position, move: string, trace: Trace): number {
  if (game.protocolTrace !== undefined) {
    return game.protocolTrace(before, move).filter((s) => s.op === "off").length;
  }
  return trace.some((s) => s.op === "capture") ? 1 : 0;
}
