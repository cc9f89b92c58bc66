/**
 * Where `kete calibrate` writes. On a terminal (`live`) one screen redrawn in
 * place: the board's identity, where the run is and what to do, what kete
 * sees, the pits laid out as the board, the last notes and the keys. In a log
 * or a pipe, lines appended: each new task once, and each note.
 */
import type { BoardSnapshot } from "../../board/index.js";
import { painter, renderBoard } from "../board-test/render.js";
import type { CalibrationState } from "./machine.js";
import { instruction, KEYS_HELP } from "./view.js";

const SHOWN_NOTES = 8;

export class CalibrationScreen {
  private readonly notes: string[] = [];
  private lastTask = "";
  private lastDrawn = "";

  constructor(
    private readonly options: {
      readonly live: boolean;
      readonly colour: boolean;
      readonly out: (text: string) => void;
      /** The board's identity line. */
      readonly title: string;
    },
  ) {}

  note(text: string): void {
    if (!this.options.live) {
      this.options.out(`${text}\n`);
      return;
    }
    this.notes.push(text);
    if (this.notes.length > 50) this.notes.splice(0, 25);
  }

  /** Shows the state: redrawn if anything changed (live), or the task if it is new (a log). */
  show(state: CalibrationState, snapshot: BoardSnapshot | null): void {
    const now = instruction(state);
    this.showTask(`[${now.progress}] ${now.task}`, now.task !== "", now.status, snapshot);
  }

  /** Shows a task and its status line (a hex61 run's steps, holes.ts). */
  showTask(task: string, tell: boolean, status: string, snapshot: BoardSnapshot | null): void {
    if (!this.options.live) {
      if (task !== this.lastTask && tell) this.options.out(`${task}\n`);
      this.lastTask = task;
      return;
    }
    const picture = snapshot === null ? "" : renderBoard(snapshot, painter(this.options.colour));
    const screen = [
      this.options.title,
      "",
      task,
      status,
      "",
      picture,
      "",
      ...this.notes.slice(-SHOWN_NOTES),
      "",
      KEYS_HELP,
    ].join("\n");
    if (screen === this.lastDrawn) return;
    this.lastDrawn = screen;
    this.options.out(`\x1b[H\x1b[2J${screen}\n`);
  }
}
