/**
 * `2x5+2` (PROTOCOL.md §5.2): the Glassperlenspiel board, pits `A1`..`A5`
 * and `B1`..`B5` and the cups `SC`, `NC`; each place reports its plain stones
 * and the gems in it by tag.
 */
import { ok } from "../../result.js";
import type { CellError, Result } from "../../result.js";
import { cellError, decimalCell, MAX_COUNT, splitCells } from "../cells.js";
import { maskDigitsOf, range, rowColumn, rowsOf } from "../shape.js";
import type { BoardShape, CellCodec, Cells, GemCells, Place } from "../shape.js";
import { GEMS, READING_SEPARATOR } from "../vocabulary.js";
import type { Gem } from "../vocabulary.js";

const CELLS = [...rowsOf("AB", () => range(1, 5)), "SC", "NC"];
const PLACE = /^(0|[1-9][0-9]*)((?:[SN][1-5])*)$/;

/**
 * One place. `seen` maps each gem already read to its place: a gem in two
 * places is `inconsistent`, with the field `gems.<tag>` (a tag read in two
 * places at once, a sensor fault: PROTOCOL.md §7).
 */
function placeCell(
  token: string,
  field: string,
  seen: Map<Gem, string>,
): Result<Place | null, CellError> {
  if (token === "?") return ok(null);
  const m = PLACE.exec(token);
  if (m === null)
    return cellError("bad-field", `${field} must be a count then gem tags, or '?'`, field);
  const count = decimalCell(m[1] ?? "", 0, MAX_COUNT, field);
  if (!count.ok) return count;
  const tags = (m[2] ?? "").match(/../g) ?? [];
  const gems: Gem[] = [];
  let last = -1;
  for (const tag of tags) {
    const index = GEMS.findIndex((g) => g === tag);
    const gem = GEMS[index];
    if (gem === undefined) return cellError("bad-field", `'${tag}' is not a gem`, field);
    if (index <= last)
      return cellError("bad-field", `${field}: gems must be in order S1..N5`, field);
    const place = field.slice(field.indexOf(".") + 1);
    const first = seen.get(gem);
    if (first !== undefined) {
      return cellError(
        "inconsistent",
        `gem ${gem} is read in ${first} and in ${place}`,
        `gems.${gem}`,
      );
    }
    last = index;
    seen.set(gem, place);
    gems.push(gem);
  }
  return ok({ count: count.value, gems });
}

function placesOf(board: Cells): readonly (Place | null)[] {
  return "places" in board ? board.places : [];
}

const GEM_CODEC: CellCodec = {
  kind: "gems",
  parse<G extends string>(
    geometry: G,
    cells: readonly string[],
    token: string,
  ): Result<Cells<G>, CellError> {
    const parts = splitCells(geometry, cells, token);
    if (!parts.ok) return parts;
    const seen = new Map<Gem, string>();
    const places: (Place | null)[] = [];
    for (let i = 0; i < parts.value.length; i++) {
      const cell = placeCell(parts.value[i] ?? "", `cells.${cells[i] ?? i}`, seen);
      if (!cell.ok) return cell;
      places.push(cell.value);
    }
    const board: GemCells<G> = { geometry, places };
    return ok(board);
  },
  format: (board) =>
    placesOf(board)
      .map((p) =>
        p === null ? "?" : `${p.count}${GEMS.filter((g) => p.gems.includes(g)).join("")}`,
      )
      .join(","),
  readings(board, n) {
    const places = placesOf(board);
    const out: (number | null)[] = [];
    for (let i = 0; i < n; i++) out.push(places[i]?.count ?? null);
    for (let i = 0; i < n; i++) {
      const place = places[i] ?? null;
      for (const gem of GEMS) out.push(place === null ? null : place.gems.includes(gem) ? 1 : 0);
    }
    return out;
  },
  texts: (board) =>
    placesOf(board).map((p) => (p === null ? null : `${p.count}${p.gems.join("")}`)),
  readingNames: (cells) =>
    Object.freeze([
      ...cells,
      ...cells.flatMap((cell) => GEMS.map((gem) => `${cell}${READING_SEPARATOR}${gem}`)),
    ]),
  fromReadings(geometry, cells, readings) {
    const n = cells.length;
    return {
      geometry,
      places: cells.map((_, i) => {
        const count = readings[i];
        if (count === null || count === undefined) return null;
        return { count, gems: GEMS.filter((_, g) => readings[n + i * GEMS.length + g] === 1) };
      }),
    };
  },
  fromSensors: (geometry, values, tags) => ({
    geometry,
    places: values.map((v, i) =>
      v === null ? null : { count: Math.min(v, MAX_COUNT), gems: tags[i] ?? [] },
    ),
  }),
};

/** A gem's points: its number (`S3` is 3). */
function points(gems: readonly string[]): number {
  return gems.reduce((sum, g) => sum + Number(g.slice(1)), 0);
}

/**
 * The board as it lies: North's pits `B1`…`B5` on the far row with North's
 * cup at its right-hand end, South's `A1`…`A5` and South's cup below
 * (hardware/geometry/2x5+2.json). Each place shows its plain stones, then its
 * gems by tag (`1 S2 S3`); `~` marks an unsettled place, `?` a faulty sensor;
 * the cups' points (the sum of their gems' numbers) close the picture.
 */
function terminal(
  board: Cells,
  unsettled: ReadonlySet<string>,
  paint: { unsettled(t: string): string; fault(t: string): string },
): string[] {
  const places = placesOf(board);
  const texts = CELLS.map((pit, i) => {
    const p = places[i] ?? null;
    if (p === null) return null;
    return `${[String(p.count), ...p.gems].join(" ")}${unsettled.has(pit) ? "~" : ""}`;
  });
  const width = Math.max(8, ...texts.map((t) => (t ?? "?").length));
  const show = (i: number): string => {
    const text = texts[i] ?? null;
    if (text === null) return paint.fault("?".padEnd(width));
    const padded = text.padEnd(width);
    return unsettled.has(CELLS[i] ?? "") ? paint.unsettled(padded) : padded;
  };
  const row = (name: string, first: number, cup: number): string =>
    `  ${name}   ${[0, 1, 2, 3, 4].map((k) => show(first + k)).join("  ")}  | ${CELLS[cup]} ${show(cup)}`;
  const header = [1, 2, 3, 4, 5].map((c) => String(c).padEnd(width)).join("  ");
  const cupPoints = (i: number): string => {
    const p = places[i] ?? null;
    return p === null ? "?" : `${points(p.gems)} point(s)`;
  };
  return [
    `      ${header}  | cup`,
    row("B", 5, 11),
    row("A", 0, 10),
    `  South's cup SC: ${cupPoints(10)}   North's cup NC: ${cupPoints(11)}`,
  ];
}

const STEP = 64;
const PIT_R = 26;
const MARGIN = 36;

export const TWO_BY_FIVE_PLUS_TWO: BoardShape<"2x5+2", "gems"> = {
  id: "2x5+2",
  kind: "gems",
  title: "Glassperlenspiel, 10 pits and 2 cups, gems by tag",
  cells: CELLS,
  maskDigits: maskDigitsOf(CELLS),
  readingNames: GEM_CODEC.readingNames(CELLS),
  codec: GEM_CODEC,
  maxCount: 64,
  terminal,
  terminalLegend: "plain stones, then gems by tag; ~ unsettled, ? sensor fault",
  // North's row B above South's row A, each cup beyond its owner's row (NC at the top, SC at
  // the bottom); rows further apart than on 4x8: a pit shows its gems, and its LED code above it.
  drawing: () => {
    const cupR = 34;
    const gap = 84;
    const top = MARGIN + 14;
    const width = 2 * MARGIN + 4 * STEP;
    const rowY: Readonly<Record<string, number>> = { B: 1, A: 2 };
    return {
      width,
      height: 2 * top + 3 * gap,
      at: (name) => {
        if (name === "NC" || name === "SC") {
          return { x: width / 2, y: name === "NC" ? top : top + 3 * gap, r: cupR };
        }
        const rc = rowColumn(name);
        return {
          x: MARGIN + ((rc?.column ?? 1) - 1) * STEP,
          y: top + (rowY[rc?.row ?? "A"] ?? 2) * gap,
          r: PIT_R,
        };
      },
    };
  },
  // GB-1: a stone and a gem in every pit, gem 1 in the owner's rightmost pit … gem 5 in
  // the leftmost; the cups empty.
  physicalStart: {
    counts: CELLS.map((c) => (c.endsWith("C") ? 0 : 1)),
    gems: {
      A1: ["S5"],
      A2: ["S4"],
      A3: ["S3"],
      A4: ["S2"],
      A5: ["S1"],
      B1: ["N1"],
      B2: ["N2"],
      B3: ["N3"],
      B4: ["N4"],
      B5: ["N5"],
    },
  },
};
