/**
 * The lines `kete play` says about a game (the log off a terminal, the
 * message list on one): pure functions from an event to its line, or null
 * for an event that says nothing.
 */
import type { BoardEvent } from "../../board/index.js";
import { formatNeeds, type ControllerEvent } from "../../controller/index.js";
import type { Side } from "../../games/index.js";

/** Side names (`b` → `Black`): the game's `layout.sideNames`. */
export type SideNames = Readonly<Record<Side, string>>;

/** The sowing games' side names, the default wherever no game's names are given. */
export const SOWING_SIDE_NAMES: SideNames = { S: "South", N: "North" };

/** `South`, `North` (or the game's names: `Black`, `White`). */
export function sideLabel(side: Side, names: SideNames = SOWING_SIDE_NAMES): string {
  return names[side] ?? side;
}

/** What happens once the board is restored after a mistake, for the log. */
const AFTER_RESTORE: Record<string, string> = {
  retry: "the same player moves again",
  "turn-passed": "the turn passes",
  continue: "the turn goes on",
  "penalty-due": "now five stones cross to the opponent (HB-9)",
  takeback: "taken back",
};

/** The line for a controller event; `plyOffset` plies were played before this session. */
export function controllerMessage(
  e: ControllerEvent,
  players: Readonly<Record<Side, string>>,
  plyOffset: number,
  names: SideNames = SOWING_SIDE_NAMES,
): string | null {
  switch (e.type) {
    case "move":
      return `ply ${plyOffset + e.ply}  ${sideLabel(e.side, names)} (${players[e.side] ?? e.side})  ${e.move}`;
    case "mistake":
      return `! ${sideLabel(e.side, names)}: ${e.message} — ${e.policy}`;
    case "mistake-resolved":
      return `board restored: ${AFTER_RESTORE[e.result]}`;
    case "penalty-done":
    case "takeback":
      return e.type;
    case "game-over": {
      const w = e.outcome.winner;
      return `game over: ${w === null ? "draw" : `${sideLabel(w, names)} wins`} — ${e.outcome.reason}`;
    }
    case "sensor-fault":
      return `sensor fault: ${e.message}`;
    case "setup":
      return e.needs.length === 0
        ? "board set up"
        : `set up the board: ${needsText(e.needs)} (+ add stones, - take away)`;
    case "error":
      return `controller: ${e.message}`;
    default:
      return null;
  }
}

/** The line for a board event: the link lost, and the link up again. */
export function boardMessage(e: BoardEvent): string | null {
  if (e.type === "link" && e.state === "lost") {
    return `board link lost${e.reason ? ` (${e.reason})` : ""}; waiting for it to come back`;
  }
  if (e.type === "link" && e.state === "ready") {
    return "board link up: check the board against the lights, then play on";
  }
  if (e.type === "line-error" && e.code === "line-noise") {
    // PROTOCOL.md §6.3 (1.4): the board is alive, its answers are lost; the session keeps asking.
    return "line noise: the board is talking but its answers are being lost; kete keeps asking (check the cable)";
  }
  return null;
}

/** `9:05`: a clock's minutes and seconds (a second started counts whole, so 0:00 is a fallen flag). */
export function clockText(ms: number): string {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** `South 9:05 · North 10:00`: both players' clocks, the first side's first. */
export function clocksText(
  left: Readonly<Record<Side, number>>,
  names: SideNames = SOWING_SIDE_NAMES,
): string {
  return Object.entries(left)
    .map(([side, ms]) => `${sideLabel(side, names)} ${clockText(ms)}`)
    .join(" · ");
}

/** `mm:ss.s` of the game clock, at the start of each log line. */
export function stamp(ms: number): string {
  const s = ms / 1000;
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${(s % 60).toFixed(1).padStart(4, "0")}`;
}

/**
 * What a board still needs, run-length by row: `A1–A8 +2, B1–B4 +2, C5 -1`
 * (consecutive pits of one row needing the same).
 */
export function needsText(
  needs: readonly { readonly pit: string; readonly need: number }[],
): string {
  // Gems (readings `place:tag`) as the moves that put them back (`move S3 from B2 to A4`).
  const gems = needs.filter((n) => n.pit.includes(":"));
  const rest = needsRuns(needs.filter((n) => !n.pit.includes(":")));
  if (gems.length === 0) return rest;
  return [formatNeeds(gems), rest].filter((x) => x !== "").join(", ");
}

function needsRuns(needs: readonly { readonly pit: string; readonly need: number }[]): string {
  const runs: { row: string; from: number; to: number; need: number }[] = [];
  for (const { pit, need } of needs) {
    const m = /^(\D+)(\d+)$/.exec(pit);
    const last = runs[runs.length - 1];
    if (m === null) {
      runs.push({ row: pit, from: NaN, to: NaN, need });
      continue;
    }
    const [row, n] = [m[1] as string, Number(m[2])];
    if (last !== undefined && last.row === row && last.need === need && last.to + 1 === n)
      last.to = n;
    else runs.push({ row, from: n, to: n, need });
  }
  return runs
    .map((r) => {
      const pits = Number.isNaN(r.from)
        ? r.row
        : r.from === r.to
          ? `${r.row}${r.from}`
          : `${r.row}${r.from}–${r.row}${r.to}`;
      return `${pits} ${r.need > 0 ? "+" : ""}${r.need}`;
    })
    .join(", ");
}
