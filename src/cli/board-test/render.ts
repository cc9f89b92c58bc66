/**
 * What `kete board-test` prints: the board's identity, its pits laid out as
 * the board lies, and the closing summary. Pure text; colour comes from a
 * `Painter`. The layout is the geometry the board announced (its INFO, and
 * every SNAP), drawn by that geometry's shape module (PROTOCOL.md §5): no
 * geometry is assumed here.
 */
import type { BoardSnapshot } from "../../board/index.js";
import { LED_COLOURS, LED_PATTERNS } from "../../protocol/index.js";
import type { InfoMessage, MarbleColour, SnapshotBoard } from "../../protocol/index.js";
import { shapeOf } from "../../shared/index.js";
import type { Painter } from "../../shared/index.js";

const MARBLE_WORDS: Readonly<Record<MarbleColour, string>> = {
  black: "black",
  white: "white",
  neutral: "the neutral marble (AB-9.6)",
  marble: "a marble (no colour)",
};

/** What a hex61 board's holes read (`INFO holes=`; a protocol-1 board: empty, black or white). */
function holesTold(info: InfoMessage): string {
  const told = ["empty", ...(info.holes ?? ["black", "white"]).map((m) => MARBLE_WORDS[m])];
  return `${told.slice(0, -1).join(", ")} or ${told.at(-1) ?? ""}`;
}

/** Two lines: who the board is and what it can do (from its INFO). */
export function describeInfo(info: InfoMessage): string {
  const letters = (xs: readonly string[], table: Readonly<Record<string, string>>): string =>
    xs.length === 0 ? "none" : xs.map((x) => table[x] ?? "?").join("");
  return [
    `board ${info.boardId}  firmware ${info.firmware}  protocol ${info.proto}  geometry ${info.geometry}  boot #${info.boot}`,
    `${shapeOf(info.geometry).kind === "holes" ? `sensors read ${holesTold(info)}` : `sensors up to ${info.maxCount} stones`}  LEDs ${letters(info.colours, LED_COLOURS)}/${letters(info.patterns, LED_PATTERNS)}` +
      `  buttons ${info.buttons}  calibration ${info.calibration ? "yes" : "no"}` +
      `  debounce ${info.debounceMs} ms  snapshots every ${info.snapshotIntervalMs} ms`,
  ].join("\n");
}

/** How unsettled and faulty cells are marked (ANSI colours, or nothing). */
export type { Painter } from "../../shared/index.js";
export { boardRows, sideBreak } from "../../shared/index.js";
export type { BoardRow } from "../../shared/index.js";

export const PLAIN: Painter = { unsettled: (t) => t, fault: (t) => t };

/** Yellow for unsettled, red for faulty when `colour`; otherwise text as it is. */
export function painter(colour: boolean): Painter {
  if (!colour) return PLAIN;
  const wrap = (code: string) => (text: string) => `\x1b[${code}m${text}\x1b[0m`;
  return { unsettled: wrap("33"), fault: wrap("31") };
}

/** Each cell's text in canonical order (`4`, `2S1`, `b`), null for a faulty sensor. */
export function cellTexts(board: SnapshotBoard): (string | null)[] {
  return shapeOf(board.geometry).codec.texts(board);
}

/** The pits whose sensor reads `?`. */
export function faultyPits(board: SnapshotBoard): string[] {
  const cells = shapeOf(board.geometry).cells;
  return cellTexts(board).flatMap((t, i) => (t === null ? [cells[i] ?? "?"] : []));
}

/**
 * The board as it lies, drawn by its geometry's shape module (the 4x8 rows from
 * the far side D, C to the near B, A; the hexagon of hex61; the 2x5+2 pits with
 * their gems and cups; …): `~` after an unsettled cell, `?` for a faulty
 * sensor; then whether it is settled and what the marks mean.
 */
export function renderBoard(snapshot: BoardSnapshot, paint: Painter = PLAIN): string {
  const shape = shapeOf(snapshot.board.geometry);
  const lines = shape.terminal(snapshot.board, new Set(snapshot.unsettled), paint);
  const state = snapshot.settled ? "settled" : `unsettled: ${snapshot.unsettled.join(" ")}`;
  lines.push(`  ${state}   (${shape.terminalLegend})`);
  return lines.map((l) => l.trimEnd()).join("\n");
}

/**
 * The line that names a board's uncalibrated pits (in the board's order) and
 * the command that calibrates them, e.g.
 * "uncalibrated: A1 B3 — run `kete calibrate --port /dev/ttyACM0 --pits A1,B3`";
 * `--pits` is left out when every pit needs it. Null when none does.
 */
export function uncalibratedLine(
  pits: readonly string[],
  cells: readonly string[],
  port: string,
  board: "serial" | "firmata",
): string | null {
  const named = new Set(pits);
  const ordered = cells.filter((c) => named.has(c));
  if (ordered.length === 0) return null;
  const flags = [
    ...(board === "firmata" ? ["--board firmata"] : []),
    `--port ${port}`,
    ...(ordered.length === cells.length ? [] : [`--pits ${ordered.join(",")}`]),
  ];
  return `uncalibrated: ${ordered.join(" ")} — run \`kete calibrate ${flags.join(" ")}\``;
}

/** What a run saw, for the closing summary. */
export interface Stats {
  snapshots: number;
  settled: number;
  readonly faults: Set<string>;
  buttons: number;
  lost: number;
}

export function emptyStats(): Stats {
  return { snapshots: 0, settled: 0, faults: new Set(), buttons: 0, lost: 0 };
}

/** The four closing lines: snapshots, line errors by code, sensor faults, buttons and link losses. */
export function summary(errors: ReadonlyMap<string, number>, stats: Stats): string {
  const errorText =
    errors.size === 0 ? "none" : [...errors].map(([code, n]) => `${code} ${n}`).join(", ");
  const faults = stats.faults.size === 0 ? "none" : [...stats.faults].join(" ");
  return [
    `snapshots ${stats.snapshots} (${stats.settled} settled)`,
    `line errors: ${errorText}`,
    `sensor faults: ${faults}`,
    `button events ${stats.buttons}, link lost ${stats.lost} time(s)`,
  ].join("\n");
}
