/**
 * Where `kete board-test` writes. On a terminal (`live`) one screen redrawn in
 * place: identity, board, the LED step, the last lines of the log. Otherwise
 * (a log file, a pipe) lines appended: each note as it comes, the board each
 * time it looks different. Drawing waits a moment (50 ms live, 250 ms not) so
 * that a burst of snapshots is drawn once.
 */
import type { BoardSnapshot } from "../../board/index.js";
import type { InfoMessage } from "../../protocol/index.js";
import { describeInfo, renderBoard } from "./render.js";
import type { Painter } from "./render.js";

/** What the screen shows of the board: its identity and its latest snapshot. */
export interface ScreenSource {
  readonly info: InfoMessage | null;
  readonly snapshot: BoardSnapshot | null;
}

export interface ScreenOptions {
  readonly live: boolean;
  readonly out: (text: string) => void;
  readonly paint: Painter;
}

/** Log lines shown on a live screen, and how many are kept. */
const SHOWN = 10;
const KEPT = 50;

/** The whole live screen, from the top (the caller clears the terminal). */
export function liveScreen(
  info: InfoMessage,
  picture: string,
  ledStep: string,
  log: readonly string[],
): string {
  return [
    describeInfo(info),
    "",
    picture,
    "",
    `LEDs: ${ledStep || "-"}`,
    "",
    ...log.slice(-SHOWN),
    "",
    "Ctrl-C to stop",
  ].join("\n");
}

export class Screen {
  private readonly log: string[] = [];
  private ledStep = "";
  private lastDrawn = "";
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly source: ScreenSource,
    private readonly options: ScreenOptions,
  ) {}

  /** A line for the board maker: on the live screen's log, or printed now. */
  note(text: string): void {
    if (!this.options.live) {
      this.options.out(`${text}\n`);
      return;
    }
    this.log.push(text);
    if (this.log.length > KEPT) this.log.splice(0, KEPT / 2);
    this.redraw();
  }

  /** The LED step now shown on the board (the live screen names it). */
  showLedStep(label: string): void {
    this.ledStep = label;
    if (this.options.live) this.redraw();
  }

  /** Draws soon (once, however often asked before then). */
  redraw(): void {
    this.timer ??= setTimeout(() => this.draw(), this.options.live ? 50 : 250);
  }

  /** Draws now what is waiting to be drawn, if anything. */
  flush(): void {
    if (this.timer === null) return;
    clearTimeout(this.timer);
    this.draw();
  }

  /** Forgets a drawing still waiting. */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private draw(): void {
    this.timer = null;
    const { snapshot, info } = this.source;
    if (snapshot === null || info === null) return;
    const picture = renderBoard(snapshot, this.options.paint);
    if (this.options.live) {
      this.options.out(`\x1b[H\x1b[2J${liveScreen(info, picture, this.ledStep, this.log)}\n`);
    } else if (picture !== this.lastDrawn) {
      this.options.out(`${picture}\n`);
    }
    this.lastDrawn = picture;
  }
}
