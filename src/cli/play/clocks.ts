/**
 * The players' clocks of one `kete play` (`--clock M+B`), kept from the
 * board's and the controller's events over the pure clocks of
 * `controller/clock.ts`, with the fall of the running flag scheduled on the
 * host's scheduler:
 *
 * - the game set up and a turn begun: the clock of the side to move runs;
 * - a move accepted: the mover's time is charged, the bonus added (per
 *   push-off in Abalone, per capturing move in the sowing games), and the
 *   side to move now runs (the same side when its turn goes on);
 * - a mistake: the clocks stand still while the board is restored, and run
 *   again for whoever moves once it is (the same player, or the opponent
 *   after a forfeit);
 * - the link down (the board's link lost, the controller resynchronising):
 *   the clocks stand still until the controller plays on;
 * - the game over: they stop.
 *
 * When the running flag falls, `onFlag` is called with its side (the
 * session gives the controller the journalled `flag` command).
 */
import type { BoardEvent, Scheduler } from "../../board/index.js";
import {
  bonusEvents,
  flagFallsAt,
  moveAccepted,
  newClocks,
  pauseClocks,
  remaining,
  resumeClocks,
  runClock,
  stopClocks,
  type Clocks,
  type ControllerEvent,
  type ControllerView,
  type TimeControl,
} from "../../controller/index.js";
import type { Game, Position, Side } from "../../games/index.js";

export class PlayClocks {
  private clocks: Clocks;
  private standing: Position;
  private cancel: (() => void) | null = null;
  private fallen = false;

  constructor(
    control: TimeControl,
    private readonly game: Game,
    start: Position,
    /** What each side had left (a resumed game), or null for full clocks. */
    left: Readonly<Record<Side, number>> | null,
    private readonly scheduler: Scheduler,
    /** The game clock (ms): the session's, on which events are stamped. */
    private readonly now: () => number,
    private readonly onFlag: (side: Side) => void,
  ) {
    this.clocks = newClocks(control, game.layout.sides, left ?? undefined);
    this.standing = start;
  }

  /** What each side has left now. */
  left(): Record<Side, number> {
    return remaining(this.clocks, this.now());
  }

  /** A board event as the controller is about to receive it: a link down stops the clocks at once. */
  board(e: BoardEvent): void {
    if (e.type !== "link") return;
    if (e.state === "lost" || e.state === "closed") {
      this.clocks = pauseClocks(this.clocks, "link", this.now());
      this.reschedule();
    }
  }

  /** A controller event, with the controller's view once it has been handled. */
  controller(
    e: ControllerEvent,
    view: Pick<ControllerView, "phase" | "toMove" | "position">,
  ): void {
    const at = e.at;
    if (e.type === "move") {
      const bonuses = bonusEvents(this.game, this.standing, e.move, e.trace);
      const applied = this.game.apply(this.standing, e.move);
      if (applied.ok) this.standing = applied.value.position;
      this.clocks = moveAccepted(this.clocks, e.side, view.toMove ?? e.side, at, bonuses);
    } else if (
      e.type === "mistake-resolved" ||
      e.type === "penalty-done" ||
      e.type === "takeback"
    ) {
      this.standing = view.position ?? this.standing;
    }
    this.follow(view, at);
  }

  /** Stops the timer (the session is closing). */
  close(): void {
    this.cancel?.();
    this.cancel = null;
  }

  private follow(view: Pick<ControllerView, "phase" | "toMove">, at: number): void {
    let c = this.clocks;
    switch (view.phase) {
      case "turn":
      case "penalty":
      case "takingBack":
        c = resumeClocks(c, "link", at);
        c = resumeClocks(c, "restore", at);
        if (view.toMove !== null) c = runClock(c, view.toMove, at);
        break;
      case "mistake":
        c = pauseClocks(resumeClocks(c, "link", at), "restore", at);
        break;
      case "linkLost":
        c = pauseClocks(c, "link", at);
        break;
      case "over":
        c = stopClocks(c, at);
        break;
      default:
        // Connecting, choosing or setting up: the clocks have not started.
        break;
    }
    this.clocks = c;
    this.reschedule();
  }

  private reschedule(): void {
    this.cancel?.();
    this.cancel = null;
    const fall = flagFallsAt(this.clocks);
    if (fall === null || this.fallen) return;
    this.cancel = this.scheduler.schedule(() => this.fall(), Math.max(0, fall.at - this.now()));
  }

  private fall(): void {
    this.cancel = null;
    const fall = flagFallsAt(this.clocks);
    if (fall === null || this.fallen) return;
    if (this.now() < fall.at) return this.reschedule();
    this.fallen = true;
    this.onFlag(fall.side);
  }
}
