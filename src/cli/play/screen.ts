/**
 * The live frame on a terminal: redrawn when something changes, at most
 * every 60 ms (a burst of readings draws once), and twice a second for the
 * running clocks.
 */
import { every, type Scheduler } from "../../board/index.js";

/** Where frames go (log-update on a terminal). */
export interface Screen {
  /** Replaces the frame on screen. */
  draw(text: string): void;
  /** Leaves the last frame on screen and moves below it. */
  done(): void;
  /** The terminal's size now (a frame must fit it), or absent when unknown. */
  size?(): TerminalSize | null;
}

export interface TerminalSize {
  readonly columns: number;
  readonly rows: number;
}

const MIN_GAP_MS = 60;
const TICK_MS = 500;

export class Redrawer {
  private last = -Infinity;
  private cancelLater: (() => void) | null = null;
  private finished = false;
  private readonly stopTick: () => void;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly screen: Screen,
    private readonly frame: () => string,
  ) {
    this.stopTick = every(scheduler, TICK_MS, () => this.request());
  }

  /** Draws now, or once the 60 ms since the last frame have passed. */
  request(): void {
    if (this.finished) return;
    const now = this.scheduler.now();
    if (now - this.last < MIN_GAP_MS) {
      this.cancelLater ??= this.scheduler.schedule(() => {
        this.cancelLater = null;
        this.request();
      }, MIN_GAP_MS);
      return;
    }
    this.last = now;
    this.screen.draw(this.frame());
  }

  /** Draws the last frame, leaves it on screen, and stops redrawing. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.stopTick();
    this.cancelLater?.();
    this.cancelLater = null;
    this.screen.draw(this.frame());
    this.screen.done();
  }
}
