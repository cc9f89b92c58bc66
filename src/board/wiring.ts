/**
 * A board's wiring, read from a geometry file (`hardware/geometry/*.json`,
 * format described in hardware/README.md, "Geometry files"): which sensor
 * channel and which LED of the chain belong to each pit, and where each pit
 * sits as the player sees the board.
 *
 * Pure: the caller reads the file and hands over its text or parsed JSON.
 * Every problem comes back as a `Result` error naming the field at fault.
 */
import { describeValue, err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { GEOMETRIES, isGeometryId } from "../protocol/index.js";
import type { GeometryId } from "../protocol/index.js";
import type { WiringError } from "./errors.js";

/** The `format` every geometry file of this version carries. */
export const WIRING_FORMAT = "kete-geometry/1";

/** Largest channel count or LED count a file may declare. */
export const MAX_WIRING_CHANNELS = 1024;

/** Error code of every wiring problem. */
export const WIRING_ERROR = "bad-wiring";

export interface PitWiring {
  readonly pit: string;
  /** Sensor channel, `0 .. sensor.channels - 1`. */
  readonly channel: number;
  /** Position in the LED chain, `0 .. leds.count - 1`; `null` on a board without LEDs. */
  readonly led: number | null;
  /** Tag reader (RFID) of the place, on boards that identify pieces; else `null`. */
  readonly reader: number | null;
  /** Centre of the pit in millimetres: x to the viewer's right, y away from the viewer. */
  readonly x: number;
  readonly y: number;
}

export interface SensorWiring {
  /** What senses a pit, in words (`load-cell+HX711` …). */
  readonly kind: string;
  readonly channels: number;
  /** Number of tag readers; 0 when the board has none. */
  readonly readers: number;
}

export interface LedWiring {
  /** The LED part (`SK9822` …). */
  readonly kind: string;
  readonly count: number;
}

export interface BoardLayout {
  /** Who the layout is drawn for: the player at the near edge (`South`, `Black` …). */
  readonly viewer: string;
  readonly width: number;
  readonly height: number;
  /** Pit names row by row, far row first, each row from the viewer's left to right. */
  readonly rows: readonly (readonly string[])[];
}

export interface BoardWiring {
  readonly geometry: GeometryId;
  /** The board's name and revision. */
  readonly board: string;
  readonly sensor: SensorWiring;
  /** `null` for a board without LEDs. */
  readonly leds: LedWiring | null;
  readonly layout: BoardLayout;
  /** One entry per pit, in the geometry's canonical order (PROTOCOL.md §5). */
  readonly pits: readonly PitWiring[];
  /** Pit name by sensor channel; `null` for an unused channel. */
  readonly pitByChannel: readonly (string | null)[];
  /** Pit name by LED index; empty on a board without LEDs. */
  readonly pitByLed: readonly (string | null)[];
  /** Each pit's wiring by name. */
  readonly byPit: ReadonlyMap<string, PitWiring>;
}

type JsonObject = Readonly<Record<string, unknown>>;

/** A failure on its way out: thrown inside this module only, returned as a `Result`. */
class WiringProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function fail(field: string, message: string): never {
  throw new WiringProblem(field, message);
}

function objectAt(value: unknown, field: string, allowed: readonly string[]): JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    fail(field, `${field} must be an object, not ${describeValue(value)}`);
  }
  const object = value as JsonObject;
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) {
      fail(`${field}.${key}`, `${field} has an unknown key ${JSON.stringify(key)}`);
    }
  }
  return object;
}

function stringAt(object: JsonObject, key: string, field: string): string {
  const value = object[key];
  if (typeof value !== "string" || value.length === 0) {
    fail(field, `${field} must be a non-empty string, not ${describeValue(value)}`);
  }
  return value;
}

function optionalNotes(object: JsonObject, field: string): void {
  if (object.notes !== undefined) stringAt(object, "notes", `${field}.notes`);
}

function integerAt(object: JsonObject, key: string, field: string, min: number, max: number) {
  const value = object[key];
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    fail(
      field,
      `${field} must be a whole number from ${min} to ${max}, not ${describeValue(value)}`,
    );
  }
  return value;
}

function lengthAt(object: JsonObject, key: string, field: string): number {
  const value = object[key];
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    fail(field, `${field} must be a positive number of millimetres, not ${describeValue(value)}`);
  }
  return value;
}

function readSensor(value: unknown): SensorWiring {
  const sensor = objectAt(value, "sensor", ["kind", "channels", "readers", "notes"]);
  optionalNotes(sensor, "sensor");
  return {
    kind: stringAt(sensor, "kind", "sensor.kind"),
    channels: integerAt(sensor, "channels", "sensor.channels", 1, MAX_WIRING_CHANNELS),
    readers:
      sensor.readers === undefined
        ? 0
        : integerAt(sensor, "readers", "sensor.readers", 1, MAX_WIRING_CHANNELS),
  };
}

function readLeds(value: unknown): LedWiring | null {
  if (value === null) return null;
  const leds = objectAt(value, "leds", ["kind", "count", "notes"]);
  optionalNotes(leds, "leds");
  return {
    kind: stringAt(leds, "kind", "leds.kind"),
    count: integerAt(leds, "count", "leds.count", 1, MAX_WIRING_CHANNELS),
  };
}

function readLayout(value: unknown, geometry: GeometryId): BoardLayout {
  const layout = objectAt(value, "layout", ["viewer", "units", "width", "height", "rows", "notes"]);
  optionalNotes(layout, "layout");
  if (layout.units !== "mm") {
    fail("layout.units", `layout.units must be "mm", not ${describeValue(layout.units)}`);
  }
  const rows = layout.rows;
  if (!Array.isArray(rows) || rows.length === 0) {
    fail(
      "layout.rows",
      `layout.rows must be a non-empty array of rows, not ${describeValue(rows)}`,
    );
  }
  const seen = new Set<string>();
  const readRows = rows.map((row: unknown, r): string[] => {
    const field = `layout.rows[${r}]`;
    if (!Array.isArray(row) || row.length === 0) {
      fail(field, `${field} must be a non-empty array of pit names, not ${describeValue(row)}`);
    }
    return row.map((name: unknown, i): string => {
      const at = `${field}[${i}]`;
      if (typeof name !== "string" || !GEOMETRIES[geometry].cells.includes(name)) {
        fail(at, `${at} is ${describeValue(name)}, not a pit of ${geometry}`);
      }
      if (seen.has(name)) fail(at, `${at}: ${name} appears twice in layout.rows`);
      seen.add(name);
      return name;
    });
  });
  const missing = GEOMETRIES[geometry].cells.filter((name) => !seen.has(name));
  if (missing.length > 0) {
    fail("layout.rows", `layout.rows leaves out ${missing.join(" ")}`);
  }
  return {
    viewer: stringAt(layout, "viewer", "layout.viewer"),
    width: lengthAt(layout, "width", "layout.width"),
    height: lengthAt(layout, "height", "layout.height"),
    rows: readRows,
  };
}

function readPit(
  value: unknown,
  index: number,
  geometry: GeometryId,
  sensor: SensorWiring,
  leds: LedWiring | null,
  layout: BoardLayout,
): PitWiring {
  const field = `pits[${index}]`;
  const pit = objectAt(value, field, ["pit", "channel", "led", "reader", "x", "y"]);
  const name = pit.pit;
  if (typeof name !== "string" || !GEOMETRIES[geometry].cells.includes(name)) {
    fail(`${field}.pit`, `${field}.pit is ${describeValue(name)}, not a pit of ${geometry}`);
  }
  const channel = integerAt(pit, "channel", `${field}.channel`, 0, sensor.channels - 1);
  let led: number | null = null;
  if (leds === null) {
    if (pit.led !== undefined && pit.led !== null) {
      fail(`${field}.led`, `${field}.led must be null: the board has no LEDs`);
    }
  } else {
    led = integerAt(pit, "led", `${field}.led`, 0, leds.count - 1);
  }
  let reader: number | null = null;
  if (sensor.readers === 0) {
    if (pit.reader !== undefined) {
      fail(`${field}.reader`, `${field}.reader is set, but sensor.readers declares no readers`);
    }
  } else {
    reader = integerAt(pit, "reader", `${field}.reader`, 0, sensor.readers - 1);
  }
  const coordinate = (key: "x" | "y", limit: number): number => {
    const v = pit[key];
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > limit) {
      fail(
        `${field}.${key}`,
        `${field}.${key} must be from 0 to ${limit} mm, not ${describeValue(v)}`,
      );
    }
    return v;
  };
  return {
    pit: name,
    channel,
    led,
    reader,
    x: coordinate("x", layout.width),
    y: coordinate("y", layout.height),
  };
}

/** Claims `slot` of `owners` for `pit`, or fails naming the pit that holds it already. */
function claim(owners: (string | null)[], slot: number, pit: string, field: string, what: string) {
  const holder = owners[slot];
  if (holder !== null && holder !== undefined) {
    fail(field, `${field}: ${what} ${slot} of ${pit} is already used by ${holder}`);
  }
  owners[slot] = pit;
}

/** Rows must run far to near and each row left to right, as the positions say. */
function checkRowsAgainstPositions(layout: BoardLayout, byPit: ReadonlyMap<string, PitWiring>) {
  const at = (name: string): PitWiring => byPit.get(name) as PitWiring;
  const meanY = (row: readonly string[]) => row.reduce((sum, n) => sum + at(n).y, 0) / row.length;
  layout.rows.forEach((row, r) => {
    for (let i = 1; i < row.length; i++) {
      const left = at(row[i - 1] as string);
      const right = at(row[i] as string);
      if (right.x <= left.x) {
        fail(
          `layout.rows[${r}]`,
          `layout.rows[${r}] must run left to right, but ${right.pit} is not right of ${left.pit}`,
        );
      }
    }
    const previous = layout.rows[r - 1];
    if (previous !== undefined && meanY(row) >= meanY(previous)) {
      fail(`layout.rows[${r}]`, `layout.rows must run from the far row to the near row`);
    }
  });
}

function readWiring(json: unknown): BoardWiring {
  const top = objectAt(json, "geometry file", [
    "format",
    "geometry",
    "board",
    "notes",
    "sensor",
    "leds",
    "layout",
    "pits",
  ]);
  if (top.format !== WIRING_FORMAT) {
    fail("format", `format must be "${WIRING_FORMAT}", not ${describeValue(top.format)}`);
  }
  const geometry = top.geometry;
  if (typeof geometry !== "string" || !isGeometryId(geometry)) {
    fail("geometry", `geometry must be 4x8, 2x5+2 or hex61, not ${describeValue(geometry)}`);
  }
  const board = stringAt(top, "board", "board");
  optionalNotes(top, "geometry file");
  const sensor = readSensor(top.sensor);
  const leds = readLeds(top.leds === undefined ? fail("leds", "leds is missing") : top.leds);
  const layout = readLayout(top.layout, geometry);

  if (!Array.isArray(top.pits)) {
    fail("pits", `pits must be an array, not ${describeValue(top.pits)}`);
  }
  const byPit = new Map<string, PitWiring>();
  const pitByChannel: (string | null)[] = new Array<string | null>(sensor.channels).fill(null);
  const pitByLed: (string | null)[] = new Array<string | null>(leds?.count ?? 0).fill(null);
  const pitByReader: (string | null)[] = new Array<string | null>(sensor.readers).fill(null);
  top.pits.forEach((value: unknown, index) => {
    const pit = readPit(value, index, geometry, sensor, leds, layout);
    const field = `pits[${index}]`;
    if (byPit.has(pit.pit)) fail(`${field}.pit`, `${field}.pit: ${pit.pit} appears twice`);
    byPit.set(pit.pit, pit);
    claim(pitByChannel, pit.channel, pit.pit, `${field}.channel`, "channel");
    if (pit.led !== null) claim(pitByLed, pit.led, pit.pit, `${field}.led`, "LED");
    if (pit.reader !== null) claim(pitByReader, pit.reader, pit.pit, `${field}.reader`, "reader");
  });
  const cells = GEOMETRIES[geometry].cells;
  const missing = cells.filter((name) => !byPit.has(name));
  if (missing.length > 0) fail("pits", `pits leaves out ${missing.join(" ")}`);
  checkRowsAgainstPositions(layout, byPit);

  return {
    geometry,
    board,
    sensor,
    leds,
    layout,
    pits: cells.map((name) => byPit.get(name) as PitWiring),
    pitByChannel,
    pitByLed,
    byPit,
  };
}

/** Checks a parsed geometry file and returns the board's wiring, or the first problem found. */
export function parseWiring(json: unknown): Result<BoardWiring, WiringError> {
  try {
    return ok(readWiring(json));
  } catch (problem) {
    if (problem instanceof WiringProblem) {
      return err(WIRING_ERROR, problem.message, { field: problem.field });
    }
    throw problem;
  }
}

/** As `parseWiring`, from the file's text. */
export function parseWiringText(text: string): Result<BoardWiring, WiringError> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (problem) {
    const detail = problem instanceof Error ? problem.message : String(problem);
    return err(WIRING_ERROR, `the geometry file is not JSON: ${detail}`);
  }
  return parseWiring(json);
}
