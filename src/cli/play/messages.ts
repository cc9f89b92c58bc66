/**
 * The lines `kete play` says about a game (the log off a terminal, the
 * message list on one): pure functions from an event to its line, or null
 * for an event that says nothing.
 */
import type { BoardEvent } from "../../board/index.js";
import { formatNeeds, type ControllerEvent } from "../../controller/index.js";
import type { Outcome, Side } from "../../games/index.js";
import { english, type Translator } from "../../i18n/index.js";

/** Side names (`b` → `Black`): the game's `layout.sideNames`. */
export type SideNames = Readonly<Record<Side, string>>;

/** The sowing games' side names, the default wherever no game's names are given. */
export const SOWING_SIDE_NAMES: SideNames = { S: "South", N: "North" };

/** `South`, `North` (or the game's names: `Black`, `White`), in the player's language. */
export function sideLabel(
  side: Side,
  names: SideNames = SOWING_SIDE_NAMES,
  tr: Translator = english,
): string {
  return tr.side(side, names[side] ?? side);
}

/** Why a game ended, in the player's language (the game's English reason where it gives no message). */
export function outcomeReason(outcome: Outcome, tr: Translator = english): string {
  return outcome.text === undefined ? outcome.reason : tr.text(outcome.text);
}

/** The line for a controller event; `plyOffset` plies were played before this session. */
export function controllerMessage(
  e: ControllerEvent,
  players: Readonly<Record<Side, string>>,
  plyOffset: number,
  names: SideNames = SOWING_SIDE_NAMES,
  tr: Translator = english,
): string | null {
  const side = (s: Side) => sideLabel(s, names, tr);
  switch (e.type) {
    case "move":
      return tr.t("log.move", {
        ply: plyOffset + e.ply,
        side: side(e.side),
        player: players[e.side] ?? e.side,
        move: e.move,
      });
    case "mistake":
      return tr.t("log.mistake", {
        side: side(e.side),
        message: e.text ?? e.message,
        policy: tr.t(`policy.${e.policy}`),
      });
    case "mistake-resolved":
      return tr.t("log.restored", { result: tr.t(`restored.${e.result}`) });
    case "penalty-done":
      return tr.t("log.penaltyDone");
    case "takeback":
      return tr.t("log.takeback");
    case "game-over": {
      const w = e.outcome.winner;
      return tr.t("log.over", {
        who: w === null ? tr.t("log.draw") : tr.t("view.wins", { side: side(w) }),
        reason: outcomeReason(e.outcome, tr),
      });
    }
    case "sensor-fault":
      return tr.t("log.sensorFault", { message: e.text ?? e.message });
    case "setup":
      return e.needs.length === 0
        ? tr.t("log.setUp")
        : tr.t("log.setUpNeeds", { needs: needsText(e.needs) });
    case "error":
      // A developer's error (a bug in kete), said in English.
      return `controller: ${e.message}`;
    default:
      return null;
  }
}

/** The line for a board event: the link lost, and the link up again. */
export function boardMessage(e: BoardEvent, tr: Translator = english): string | null {
  if (e.type === "link" && e.state === "lost") {
    // The reason is the transport's own (a developer's words, in English).
    return tr.t("log.linkLost", { reason: e.reason ? ` (${e.reason})` : "" });
  }
  if (e.type === "link" && e.state === "ready") {
    return tr.t("log.linkUp");
  }
  if (e.type === "line-error" && e.code === "line-noise") {
    // PROTOCOL.md §6.3 (1.4): the board is alive, its answers are lost; the session keeps asking.
    return tr.t("log.lineNoise");
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
  tr: Translator = english,
): string {
  return Object.entries(left)
    .map(([side, ms]) => `${sideLabel(side, names, tr)} ${clockText(ms)}`)
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
