/**
 * A board shape (firmware-protocol/PROTOCOL.md §5) as one module: its places
 * in canonical order, its sensor readings, its section of the line codec (the
 * cells field of `SNAP`), its drawing for the terminal and for the web page,
 * and what the simulated physical board needs of it. Each shape is a folder
 * beside this file, listed once in `./index.ts`; nothing outside a shape's
 * folder branches on its id.
 *
 * Pure: a shape turns text into cells, cells into readings, texts and
 * drawings, and knows no port, file or clock.
 */
import type { CellError, Result } from "../result.js";
import type { Gem, MarbleColour } from "./vocabulary.js";

/** One Glassperlenspiel pit or cup: plain stones counted, gems by tag. */
export interface Place {
  readonly count: number;
  readonly gems: readonly Gem[];
}

/** What a hole holds: nothing, or a marble of one of the `MARBLE_COLOURS`. */
export type HoleContent = "empty" | MarbleColour;

/** Places with stone counts; `null` marks a place whose sensor is faulty (`?`). */
export interface CountCells<G extends string = string> {
  readonly geometry: G;
  readonly counts: readonly (number | null)[];
}

/** Places with plain stones and gems by tag (`2x5+2`). */
export interface GemCells<G extends string = string> {
  readonly geometry: G;
  readonly places: readonly (Place | null)[];
}

/** Holes holding a marble or none (`hex61`). */
export interface HoleCells<G extends string = string> {
  readonly geometry: G;
  readonly holes: readonly (HoleContent | null)[];
}

/** The cells of a snapshot, in the shape's canonical order: what one of the three kinds of sensing reads. */
export type Cells<G extends string = string> = CountCells<G> | GemCells<G> | HoleCells<G>;

/** What a board of this shape senses in each place: a count, a count and gems, or a hole's marble. */
export type CellKind = "counts" | "gems" | "holes";

/** How unsettled and faulty cells are marked in the terminal (ANSI colours, or nothing). */
export interface Painter {
  unsettled(text: string): string;
  fault(text: string): string;
}

/** A place's centre and radius on the web page's drawing. */
export interface PlacePoint {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** Where the web page draws each place (by name), and the drawing's extent. */
export interface ShapeDrawing {
  readonly width: number;
  readonly height: number;
  readonly at: (name: string, index: number) => PlacePoint;
}

/** The cells field of `SNAP` for one kind of sensing (PROTOCOL.md §5, §12.2). */
export interface CellCodec {
  readonly kind: CellKind;
  /** The cells field as typed cells, or a typed error (`wrong-field-count`, `bad-field`, …). */
  parse<G extends string>(
    geometry: G,
    cells: readonly string[],
    token: string,
  ): Result<Cells<G>, CellError>;
  /** The cells field of a board's cells (sets in canonical order). */
  format(board: Cells): string;
  /** The readings of the cells, in the order of the shape's `readingNames`. */
  readings(board: Cells, cells: number): (number | null)[];
  /** Each cell's text as board-test shows it (`4`, `2S1`, `b`), null for a faulty sensor. */
  texts(board: Cells): (string | null)[];
  /** The reading names of a shape with these places. */
  readingNames(cells: readonly string[]): readonly string[];
  /** The cells whose readings these are (a journal's recorded reading, back into cells). */
  fromReadings<G extends string>(
    geometry: G,
    cells: readonly string[],
    readings: readonly (number | null)[],
  ): Cells<G>;
  /** The cells a simulated board reports from its sensors' values (counts, or hole codes) and tags read. */
  fromSensors<G extends string>(
    geometry: G,
    values: readonly (number | null)[],
    tags: readonly (readonly Gem[])[],
  ): Cells<G>;
}

export interface BoardShape<Id extends string = string, K extends CellKind = CellKind> {
  /** The token on the wire (`INFO geo=`, `SNAP`). */
  readonly id: Id;
  /** What its sensors read in each place (the cells kind of its codec). */
  readonly kind: K;
  /** In words, for help and errors: "four-row mancala, 32 pits". */
  readonly title: string;
  /** Every pit, cup or hole, in canonical (snapshot) order. */
  readonly cells: readonly string[];
  /** Hex digits of the settled mask: ceil(cells / 4). */
  readonly maskDigits: number;
  /** The names of the shape's readings, in order (shared/readings.ts). */
  readonly readingNames: readonly string[];
  /** The shape's section of the line codec. */
  readonly codec: CellCodec;
  /** Largest count its sensors tell by default (`INFO max=`): 1 for holes. */
  readonly maxCount: number;
  /** The board as the terminal draws it (board-test, play): lines, the state line left to the caller. */
  terminal(board: Cells, unsettled: ReadonlySet<string>, paint: Painter): string[];
  /** What the legend under the terminal's drawing says the marks mean. */
  readonly terminalLegend: string;
  /** Where the web page draws each place. */
  drawing(places: readonly string[]): ShapeDrawing;
  /** The simulated physical board's start (what a fresh board is set up with). */
  readonly physicalStart: PhysicalStart;
}

/**
 * How the simulated physical board starts on a shape: plain stones per place
 * (and, on a board that senses them, gems by place), or each hole's content
 * as a snapshot writes it (`.`, `b`, `w`).
 */
export type PhysicalStart =
  | {
      readonly counts: readonly number[];
      readonly gems?: Readonly<Record<string, readonly Gem[]>>;
    }
  | { readonly holes: string };

/** The settled mask's hex digits for `cells` places. */
export function maskDigitsOf(cells: readonly string[]): number {
  return Math.ceil(cells.length / 4);
}

/** `rows` letters, each with the columns `columns(r)` gives: `rowsOf("AB", () => [1, 2])` → A1 A2 B1 B2. */
export function rowsOf(rows: string, columns: (row: number) => readonly number[]): string[] {
  const names: string[] = [];
  for (let r = 0; r < rows.length; r++) {
    for (const c of columns(r)) names.push(`${rows[r]}${c}`);
  }
  return names;
}

export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

/** `B3` → row `B`, column 3; null for names of another form (`SC`). */
export function rowColumn(name: string): { row: string; column: number } | null {
  const m = /^([A-Z])(\d+)$/.exec(name);
  return m === null ? null : { row: m[1] as string, column: Number(m[2]) };
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
