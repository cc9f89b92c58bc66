/**
 * What `kete board-test` makes of each event of the board: the counts of the
 * closing summary, and the lines worth telling the board maker.
 */
import { TAG_CONFLICT } from "../../board/index.js";
import type { BoardEvent } from "../../board/index.js";
import { faultyPits } from "./render.js";
import type { Stats } from "./render.js";

export interface EventReport {
  /** Lines for the log, in order (a fault is told once, when first seen). */
  readonly notes: readonly string[];
  /** A new snapshot: the board picture needs drawing again. */
  readonly redraw: boolean;
}

/** Counts `event` into `stats` and says what to tell. */
export function recordEvent(stats: Stats, event: BoardEvent): EventReport {
  switch (event.type) {
    case "snapshot": {
      stats.snapshots++;
      if (event.snapshot.settled) stats.settled++;
      const notes: string[] = [];
      for (const pit of faultyPits(event.snapshot.board)) {
        const what = "holes" in event.snapshot.board ? "hole" : "pit";
        if (!stats.faults.has(pit)) notes.push(`sensor fault: ${what} ${pit} reads '?'`);
        stats.faults.add(pit);
      }
      return { notes, redraw: true };
    }
    case "line-error":
      // A gem listed in two places: the board's tag readers are at fault, not the line.
      if (event.code === TAG_CONFLICT)
        return tell(`sensor fault (${event.code}): ${event.message}`);
      return tell(`line error (${event.code}): ${event.message}`);
    case "board-error":
      // A board that restarts names each uncalibrated pit again: the session keeps them,
      // and board-test names them on one line (at the start and in the summary).
      if (event.code === "calibration-needed") return tell();
      if (event.code === "sensor-fault" && event.pit !== null) stats.faults.add(event.pit);
      return tell(
        `board reports ${event.code}${event.pit === null ? "" : ` ${event.pit}`}: ${event.message}`,
      );
    case "button":
      stats.buttons++;
      return tell(`button ${event.button} ${event.action === "press" ? "pressed" : "released"}`);
    case "link":
      if (event.state === "lost") stats.lost++;
      if (event.state === "closed") return tell();
      return tell(`link ${event.state}${event.reason === undefined ? "" : `: ${event.reason}`}`);
    case "hello":
      return tell(`board ${event.info.boardId} (boot ${event.info.boot})`);
  }
}

function tell(...notes: string[]): EventReport {
  return { notes, redraw: false };
}
