/**
 * What `kete board-test` prints: the board's identity, its pits laid out as
 * the board lies, and the closing summary. Pure text; colour comes from a
 * `Painter`. The layout is the geometry the board announced (its INFO, and
 * every SNAP), read from the protocol's table (PROTOCOL.md §5): no geometry is
 * assumed here.
 */
import type { BoardSnapshot } from "../../board/index.js";
import { GEOMETRIES, HOLE_CHARS, LED_COLOURS, LED_PATTERNS } from "../../protocol/index.js";
import type { InfoMessage, SnapshotBoard } from "../../protocol/index.js";

/** Two lines: who the board is and what it can do (from its INFO). */
export function describeInfo(info: InfoMessage): string {
  const letters = (xs: readonly string[], table: Readonly<Record<string, string>>): string =>
    xs.length === 0 ? "none" : xs.map((x) => table[x] ?? "?").join("");
  return [
    `board ${info.boardId}  firmware ${info.firmware}  protocol ${info.proto}  geometry ${info.geometry}  boot #${info.boot}`,
    `${info.geometry === "hex61" ? "sensors read empty, black or white" : `sensors up to ${info.maxCount} stones`}  LEDs ${letters(info.colours, LED_COLOURS)}/${letters(info.patterns, LED_PATTERNS)}` +
      `  buttons ${info.buttons}  calibration ${info.calibration ? "yes" : "no"}` +
      `  debounce ${info.debounceMs} ms  snapshots every ${info.snapshotIntervalMs} ms`,
  ].join("\n");
}

/** How unsettled and faulty cells are marked (ANSI colours, or nothing). */
export interface Painter {
  unsettled(text: string): string;
  fault(text: string): string;
}

export const PLAIN: Painter = { unsettled: (t) => t, fault: (t) => t };

/** Yellow for unsettled, red for faulty when `colour`; otherwise text as it is. */
export function painter(colour: boolean): Painter {
  if (!colour) return PLAIN;
  const wrap = (code: string) => (text: string) => `\x1b[${code}m${text}\x1b[0m`;
  return { unsettled: wrap("33"), fault: wrap("31") };
}

/** Each cell's text in canonical order (`4`, `2S1`, `b`), null for a faulty sensor. */
export function cellTexts(board: SnapshotBoard): (string | null)[] {
  // By what the board's cells hold (counts, places with gems, holes with a colour).
  if ("counts" in board) return board.counts.map((c) => (c === null ? null : String(c)));
  if ("places" in board) {
    return board.places.map((p) => (p === null ? null : `${p.count}${p.gems.join("")}`));
  }
  return board.holes.map((h) => (h === null ? null : HOLE_CHARS[h]));
}

/** The pits whose sensor reads `?`. */
export function faultyPits(board: SnapshotBoard): string[] {
  const cells = GEOMETRIES[board.geometry].cells;
  return cellTexts(board).flatMap((t, i) => (t === null ? [cells[i] ?? "?"] : []));
}

export interface BoardRow {
  /** The row's letters: `A`, or a cup's whole name (`SC`). */
  readonly name: string;
  /** Indexes into the geometry's cells, in canonical order. */
  readonly cells: readonly number[];
}

/** A geometry's cells grouped by row (the letters of each name), rows in canonical order. */
export function boardRows(cells: readonly string[]): BoardRow[] {
  const rows = new Map<string, number[]>();
  cells.forEach((pit, i) => {
    const row = /^[A-Z]+/.exec(pit)?.[0] ?? pit;
    rows.set(row, [...(rows.get(row) ?? []), i]);
  });
  return [...rows].map(([name, indexes]) => ({ name, cells: indexes }));
}

/**
 * Where a line divides the board into its two sides, as a count of rows from
 * the top; null when it has no such halves. A board of an even number of rows
 * all of one length is two halves facing each other (`4x8`: South's A and B,
 * North's C and D, PROTOCOL.md §5.1); `2x5+2` (its cups are rows of one) and
 * `hex61` are drawn without one.
 */
export function sideBreak(rows: readonly BoardRow[]): number | null {
  const length = rows[0]?.cells.length;
  const even = rows.length >= 2 && rows.length % 2 === 0;
  return even && rows.every((r) => r.cells.length === length) ? rows.length / 2 : null;
}

/** One cell, three wide: `4 `, `4~` while unsettled, `?` for a fault. */
function cellText(text: string | null, unsettled: boolean, paint: Painter): string {
  if (text === null) return paint.fault("  ?");
  return unsettled ? paint.unsettled(`${text}~`.padStart(3)) : `${text} `.padStart(3);
}

/**
 * The pits as the board lies: rows from the far side (D, C) to the near (B, A),
 * columns 1..8; `~` after an unsettled count, `?` for a faulty sensor.
 */
export function renderBoard(snapshot: BoardSnapshot, paint: Painter = PLAIN): string {
  if (snapshot.board.geometry === "2x5+2") return renderGemBoard(snapshot, paint);
  if (snapshot.board.geometry === "hex61") return renderHexBoard(snapshot, paint);
  const cells = GEOMETRIES[snapshot.board.geometry].cells;
  const texts = cellTexts(snapshot.board);
  const unsettled = new Set(snapshot.unsettled);
  const rows = boardRows(cells).reverse();
  const width = Math.max(...rows.map((r) => r.cells.length));
  const columns = Array.from({ length: width }, (_, i) => String(i + 1).padStart(3) + " ");
  const lines = [`     ${columns.join(" ")}`];
  const divide = sideBreak(rows);
  rows.forEach((row, r) => {
    if (r === divide) lines.push(`     ${"-".repeat(width * 5 - 1)}`);
    const shown = row.cells.map((i) =>
      cellText(texts[i] ?? null, unsettled.has(cells[i] ?? ""), paint),
    );
    lines.push(`  ${row.name.padEnd(2)} ${shown.map((t) => ` ${t}`).join(" ")}`);
  });
  const state = snapshot.settled ? "settled" : `unsettled: ${snapshot.unsettled.join(" ")}`;
  lines.push(`  ${state}   (~ unsettled, ? sensor fault)`);
  return lines.map((l) => l.trimEnd()).join("\n");
}

/**
 * The Abalone board (`hex61`) as it lies: a hexagon, row `I` on the far side
 * and `A` on the near one, each row shifted by half a hole from the next as
 * the holes are (PROTOCOL.md §5.3), its columns named at its right-hand end.
 * Each hole shows `.` empty, `b` black, `w` white, `n` the neutral marble
 * or `x` a marble of no told colour, `~` after it while
 * unsettled (a marble rolling over it), `?` for a faulty hall sensor; the
 * marbles of each colour on the board close the picture.
 */
export function renderHexBoard(snapshot: BoardSnapshot, paint: Painter = PLAIN): string {
  const board = snapshot.board;
  const cells = GEOMETRIES.hex61.cells;
  const holes = board.geometry === "hex61" ? board.holes : [];
  const unsettled = new Set(snapshot.unsettled);
  const rows = boardRows(cells).reverse();
  const widest = Math.max(...rows.map((r) => r.cells.length));
  const lines = rows.map((row) => {
    const indent = " ".repeat(2 * (widest - row.cells.length));
    const shown = row.cells.map((i) => {
      const h = holes[i] ?? null;
      if (h === null) return paint.fault("? ");
      const letter = HOLE_CHARS[h];
      return unsettled.has(cells[i] ?? "") ? paint.unsettled(`${letter}~`) : `${letter} `;
    });
    const first = cells[row.cells[0] ?? 0]?.slice(1) ?? "";
    const last = cells[row.cells[row.cells.length - 1] ?? 0]?.slice(1) ?? "";
    const pad = " ".repeat(2 * (widest - row.cells.length));
    return `  ${row.name}   ${indent}${shown.join("  ")}${pad}   ${first}..${last}`;
  });
  const count = (c: string): number => holes.filter((h) => h === c).length;
  const state = snapshot.settled ? "settled" : `unsettled: ${snapshot.unsettled.join(" ")}`;
  return [
    ...lines,
    `  black ${count("black")}  white ${count("white")}${count("neutral") > 0 ? `  neutral ${count("neutral")}` : ""}${count("marble") > 0 ? `  marbles ${count("marble")}` : ""} on the board`,
    `  ${state}   (. empty, b black, w white, n neutral, x a marble; ~ unsettled, ? sensor fault)`,
  ]
    .map((l) => l.trimEnd())
    .join("\n");
}

/** A gem's points: its number (`S3` is 3). */
function points(gems: readonly string[]): number {
  return gems.reduce((sum, g) => sum + Number(g.slice(1)), 0);
}

/**
 * The Glassperlenspiel board (`2x5+2`) as it lies: North's pits `B1`…`B5`
 * on the far row with North's cup at its right-hand end, South's `A1`…`A5`
 * and South's cup below (hardware/geometry/2x5+2.json). Each place shows its
 * plain stones, then its gems by tag (`1 S2 S3`); `~` marks an unsettled
 * place, `?` a faulty sensor; the cups' points (the sum of their gems'
 * numbers) close the picture.
 */
export function renderGemBoard(snapshot: BoardSnapshot, paint: Painter = PLAIN): string {
  const board = snapshot.board;
  const cells = GEOMETRIES["2x5+2"].cells;
  const places = board.geometry === "2x5+2" ? board.places : [];
  const unsettled = new Set(snapshot.unsettled);
  const texts = cells.map((pit, i) => {
    const p = places[i] ?? null;
    if (p === null) return null;
    return `${[String(p.count), ...p.gems].join(" ")}${unsettled.has(pit) ? "~" : ""}`;
  });
  const width = Math.max(8, ...texts.map((t) => (t ?? "?").length));
  const show = (i: number): string => {
    const text = texts[i] ?? null;
    if (text === null) return paint.fault("?".padEnd(width));
    const padded = text.padEnd(width);
    return unsettled.has(cells[i] ?? "") ? paint.unsettled(padded) : padded;
  };
  const row = (name: string, first: number, cup: number): string =>
    `  ${name}   ${[0, 1, 2, 3, 4].map((k) => show(first + k)).join("  ")}  | ${cells[cup]} ${show(cup)}`;
  const header = [1, 2, 3, 4, 5].map((c) => String(c).padEnd(width)).join("  ");
  const cupPoints = (i: number): string => {
    const p = places[i] ?? null;
    return p === null ? "?" : `${points(p.gems)} point(s)`;
  };
  const state = snapshot.settled ? "settled" : `unsettled: ${snapshot.unsettled.join(" ")}`;
  return [
    `      ${header}  | cup`,
    row("B", 5, 11),
    row("A", 0, 10),
    `  South's cup SC: ${cupPoints(10)}   North's cup NC: ${cupPoints(11)}`,
    `  ${state}   (plain stones, then gems by tag; ~ unsettled, ? sensor fault)`,
  ]
    .map((l) => l.trimEnd())
    .join("\n");
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
