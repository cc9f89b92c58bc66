/**
 * What the web pages draw (`WebState`): plain JSON, complete in itself, so a
 * page needs no game knowledge. Each place carries its drawing coordinates,
 * computed here by a pure function from the game's `BoardLayout` and its
 * geometry's shape module (src/shared/shapes). Pure: no
 * files, no sockets, no time.
 */
import type { BoardLayout, Outcome, Side } from "../games/index.js";
import type { HoleContent } from "../protocol/index.js";
import { findShape } from "../shared/index.js";

/** A lit LED as the page shows it: colour, pattern, and the protocol's two letters (`GS`, `CB`). */
export interface WebLed {
  /** `red`, `green`, `blue`, `yellow`, `cyan`, `magenta`, `white`. */
  readonly colour: string;
  /** `steady`, `blink`, `fast`, `pulse` (an LED that is off is `led: null`). */
  readonly pattern: string;
  /** Colour letter + pattern letter, as the terminal shows it (`GS` green steady, `CB` cyan blink). */
  readonly code: string;
  /** What the light asks of the player, in words (`next stone`, `may move`), as the legend says. */
  readonly meaning: string;
}

/** One line of the legend: a light's code, colour, pattern and what it means. */
export interface WebLegendItem {
  readonly code: string;
  readonly colour: string;
  readonly pattern: string;
  readonly meaning: string;
}

/** One pit, cup or hole. */
export interface WebPlace {
  /** Its name in the game's notation and PROTOCOL.md §5 (`A1`, `SC`, `E5`). */
  readonly name: string;
  /** Centre of its circle in the drawing's coordinates (see `WebState.view`). */
  readonly x: number;
  readonly y: number;
  /** Radius of its circle (the cups are larger). */
  readonly r: number;
  /** The side whose place it is, or null (Abalone's holes). */
  readonly owner: Side | null;
  /** Stones the board reads there; null: the sensor cannot tell (drawn `?`). On hex61: 0 or 1. */
  readonly count: number | null;
  /** Glassperlenspiel: the gems there by tag (`S5`, `N2`), sorted. Absent on other boards. */
  readonly gems?: readonly string[];
  /** Abalone: the hole's marble (`black`, `white`, `empty`), or null when it cannot be read. */
  readonly hole?: HoleContent | null;
  /** The LED as the board shows it now, or null when off. */
  readonly led: WebLed | null;
  /** The board's reading of this place is still changing (a hand is there): drawn hatched and `~`. */
  readonly unsettled: boolean;
  /** The sensor here cannot be trusted (no reading, or named in a sensor fault): drawn `!`. */
  readonly faulty: boolean;
}

/** The mistake being put right now. */
export interface WebMistake {
  /** The erring side. */
  readonly side: Side;
  /** The rule broken (`HB-4`), or null when the rules give none. */
  readonly rule: string | null;
  /** What went wrong, in the controller's words. */
  readonly message: string;
  /** The policy in force (`retry`, `forfeit`, `truncate`, `penalty5`). */
  readonly policy: string;
  /** What to put back where, pit by pit (`A1–A3 +1, B4 -3`); empty once the board is restored. */
  readonly restore: string;
}

/** The whole picture one page draws. */
export interface WebState {
  /** Increases with every state the server publishes (the SSE `id`); 0 in the archive. */
  readonly seq: number;
  /** When the server sent it (`Date.now()`, ms), for the latency measurements; 0 in the archive. */
  readonly sentAt: number;
  /** The game: its id (`hus`) and a title naming the players (`Hus — Ana (South) vs Ben (North)`). */
  readonly game: { readonly id: string; readonly title: string };
  /** The board's geometry token (`4x8`, `2x5+2`, `hex61`). */
  readonly geometry: string;
  /** The drawing's extent: places lie within 0..width, 0..height. */
  readonly view: { readonly width: number; readonly height: number };
  /** Every pit, cup or hole, in the geometry's canonical order. */
  readonly places: readonly WebPlace[];
  /** The sides, the first side's first (drawn below the board), and their names. */
  readonly sides: readonly [Side, Side];
  readonly sideNames: Readonly<Record<Side, string>>;
  /** The players' names by side. */
  readonly players: Readonly<Record<Side, string>>;
  /** The side to move, or null (before the game, after it). */
  readonly toMove: Side | null;
  /** The ply being played now (moves so far + 1). */
  readonly ply: number;
  /** Stones in the hand of the player sowing, or null. */
  readonly inHand: number | null;
  /** Where the next stone goes (one or two pits), and where the last one lands (or null). */
  readonly nextStone: readonly string[];
  readonly lastLands: string | null;
  /** Every move that stands, first player first, in the spec's notation. */
  readonly moves: readonly string[];
  /** The same numbered as the terminal shows it (`1. B3+ C2+ 2. …`). */
  readonly moveList: string;
  /** Bao: seeds still in each player's reserve, else null. */
  readonly reserve: { readonly S: number; readonly N: number } | null;
  /** Abalone: marbles pushed off by side, else null. */
  readonly off: Readonly<Record<Side, number>> | null;
  /** Each player's clock in ms: the time `used`, or with `--clock` the time `left`. */
  readonly clocks: { readonly kind: "used" | "left"; readonly ms: Readonly<Record<Side, number>> };
  /** One line: what is expected now (the controller's status). */
  readonly status: string;
  /** The mistake being put right, or null. */
  readonly mistake: WebMistake | null;
  /** The newest messages (mistakes, faults, results), oldest first. */
  readonly messages: readonly string[];
  /** The board's link (`connected`, `lost`, `simulated`, `replay`). */
  readonly link: string;
  /** The result once the game is over, else null. */
  readonly outcome: Outcome | null;
  /** Every light this game can show, in words (the terminal's legend). */
  readonly legend: readonly WebLegendItem[];
  /**
   * The players' language (`kete play --lang`, issue 32) and the page's own
   * words in it (`web.*` and the view's ids of src/i18n's catalogues, with
   * `{{placeholders}}` the page fills in); absent: the page's English.
   */
  readonly lang?: string;
  readonly words?: Readonly<Record<string, string>>;
}

/** A place's drawing position. */
export interface PlacePoint {
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly owner: Side | null;
}

/** Where a layout's places are drawn, and the drawing's extent. */
export interface BoardDrawing {
  readonly width: number;
  readonly height: number;
  readonly places: readonly PlacePoint[];
}

/** Distance between neighbouring pit centres, and a pit's radius (a layout of no known shape). */
const STEP = 64;
const PIT_R = 26;
const MARGIN = 36;

/**
 * Where each place of `layout` is drawn: as its geometry's shape module
 * places it (src/shared/shapes: the 4x8 board with row D at the top, the
 * 2x5+2 board with its cups beyond each row, the hexagon of hex61, …). Any
 * other layout: its places in one row.
 */
export function boardDrawing(layout: BoardLayout): BoardDrawing {
  const owner = (i: number) => layout.owners[i] ?? null;
  const shape = findShape(layout.geometry);
  if (shape !== undefined) {
    const drawing = shape.drawing(layout.places);
    return {
      width: drawing.width,
      height: drawing.height,
      places: layout.places.map((name, i) => ({ name, ...drawing.at(name, i), owner: owner(i) })),
    };
  }
  const places = layout.places.map((name, i) => ({
    name,
    x: MARGIN + i * STEP,
    y: MARGIN,
    r: PIT_R,
    owner: owner(i),
  }));
  return {
    width: 2 * MARGIN + Math.max(0, places.length - 1) * STEP,
    height: 2 * MARGIN,
    places,
  };
}

/** Drawings are computed once per layout. */
const drawings = new WeakMap<BoardLayout, BoardDrawing>();

/** `boardDrawing`, remembered per layout (a live game asks on every update). */
export function drawingOf(layout: BoardLayout): BoardDrawing {
  let d = drawings.get(layout);
  if (d === undefined) {
    d = boardDrawing(layout);
    drawings.set(layout, d);
  }
  return d;
}
