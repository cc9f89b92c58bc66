/**
 * Parsing protocol lines into messages (PROTOCOL.md §6–§8). Total: every input,
 * however long or garbled, gives a `Result`; nothing throws, and an over-long
 * line is rejected before any other work is done.
 */
import { err, MARBLE_COLOURS, ok, shapeOf } from "../shared/index.js";
import type { MarbleColour, Result } from "../shared/index.js";
import { crc8 } from "./checksum.js";
import { GEOMETRIES, isGeometryId, isPitName } from "./geometry.js";
import type { GeometryId } from "./geometry.js";
import type {
  BoardErrorCode,
  BoardMessage,
  BootReason,
  CalibrationStatus,
  HostMessage,
  LedColour,
  LedEntry,
  LedPattern,
  LedState,
  NakReason,
  SnapshotBoard,
} from "./messages.js";
import {
  BOARD_ERROR_CODES,
  BOOT_REASONS,
  CALIBRATION_STATUSES,
  LED_COLOURS,
  LED_PATTERNS,
  MAX_COUNT,
  MAX_LED_ENTRIES,
  MAX_LINE_LENGTH,
  NAK_REASONS,
  PIT_ERROR_CODES,
} from "./messages.js";
import type { ParseError, ParseErrorCode } from "./wire.js";
import {
  COLOUR_BY_LETTER,
  HOLE_BY_CHAR,
  HOLE_CHARS,
  LED_OFF,
  PATTERN_BY_LETTER,
  REASON_BY_LETTER,
} from "./wire.js";

type Failure = Result<never, ParseError>;

function fail(code: ParseErrorCode, message: string, field?: string): Failure {
  return err(code, message, field === undefined ? {} : { field });
}

/** A checked line split into its tag (seq or id), keyword and fields. */
interface Frame {
  readonly tag: number;
  readonly keyword: string;
  readonly fields: readonly string[];
}

const HEX2 = /^[0-9A-F]{2}$/;
const DECIMAL = /^(0|[1-9][0-9]*)$/;

/**
 * Checks length, characters and checksum, and splits the body. `tagName` is
 * `seq` for board lines and `id` for host lines.
 */
export function frameLine(line: unknown, tagName: "seq" | "id"): Result<Frame, ParseError> {
  if (typeof line !== "string") return fail("bad-syntax", "a line must be a string");
  // Reject before doing any work: the longest acceptable input is a maximal line plus "\r\n".
  if (line.length > MAX_LINE_LENGTH + 2) {
    return fail("too-long", `line is longer than ${MAX_LINE_LENGTH} bytes`);
  }
  let text = line;
  if (text.endsWith("\n")) text = text.slice(0, -1);
  if (text.endsWith("\r")) text = text.slice(0, -1);
  if (text.length === 0) return fail("empty", "empty line");
  if (text.length > MAX_LINE_LENGTH) {
    return fail("too-long", `line is longer than ${MAX_LINE_LENGTH} bytes`);
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7e) return fail("non-ascii", `byte ${i} is not ASCII`);
    if (c < 0x20) return fail("bad-char", `byte ${i} is a control character`);
  }
  const star = text.indexOf("*");
  if (star < 0) return fail("missing-checksum", "no '*' and checksum at the end of the line");
  const digits = text.slice(star + 1);
  if (star !== text.length - 3 || !HEX2.test(digits)) {
    return fail("malformed-checksum", "a line must end in '*' and two uppercase hex digits");
  }
  const body = text.slice(0, star);
  const expected = crc8(body);
  if (parseInt(digits, 16) !== expected) {
    return fail("bad-checksum", `checksum ${digits} does not match the line`);
  }
  const tokens = body.split(" ");
  if (tokens.some((t) => t.length === 0)) {
    return fail("bad-syntax", "fields must be separated by exactly one space");
  }
  const [tag = "", keyword, ...fields] = tokens;
  if (!HEX2.test(tag)) {
    return fail(
      tagName === "seq" ? "bad-seq" : "bad-id",
      `the line must start with a ${tagName} of two uppercase hex digits`,
      tagName,
    );
  }
  if (keyword === undefined) return fail("wrong-field-count", "the line has no message keyword");
  return ok({ tag: parseInt(tag, 16), keyword, fields });
}

// ------------------------------------------------------------------ fields

function decimal(
  token: string,
  min: number,
  max: number,
  field: string,
): Result<number, ParseError> {
  if (!DECIMAL.test(token)) return fail("bad-field", `${field} must be a decimal number`, field);
  if (token.length > 10) return fail("out-of-range", `${field} is out of range`, field);
  const n = Number(token);
  if (n < min || n > max) {
    return fail("out-of-range", `${field} must be ${min}..${max}`, field);
  }
  return ok(n);
}

function oneOf<T extends string>(
  token: string,
  values: readonly T[],
  field: string,
): Result<T, ParseError> {
  const found = values.find((v) => v === token);
  return found === undefined
    ? fail("bad-field", `${field} must be one of ${values.join(", ")}`, field)
    : ok(found);
}

function pit(token: string, field = "pit"): Result<string, ParseError> {
  return isPitName(token) ? ok(token) : fail("bad-pit", `'${token}' is not a pit name`, field);
}

function hexTag(token: string, field: string): Result<number, ParseError> {
  return HEX2.test(token)
    ? ok(parseInt(token, 16))
    : fail("bad-field", `${field} must be two uppercase hex digits`, field);
}

function fieldCount(fields: readonly string[], min: number, max = min): Failure | null {
  if (fields.length >= min && fields.length <= max) return null;
  const want = min === max ? `${min}` : `${min}..${max}`;
  return fail(
    "wrong-field-count",
    `expected ${want} fields after the keyword, got ${fields.length}`,
  );
}

/** `key=value` at a fixed position. */
function keyed(token: string, key: string): Result<string, ParseError> {
  return token.startsWith(`${key}=`)
    ? ok(token.slice(key.length + 1))
    : fail("bad-field", `expected '${key}=' here`, key);
}

/** A set written as letters in canonical order, or `-` for the empty set. */
function letterSet<T extends string>(
  token: string,
  table: Readonly<Record<T, string>>,
  field: string,
): Result<T[], ParseError> {
  if (token === "-") return ok([]);
  if (token === "") return fail("bad-field", `${field} must be letters, or '-' for none`, field);
  const canonical = (Object.keys(table) as T[]).filter((k) => token.includes(table[k]));
  if (canonical.map((k) => table[k]).join("") !== token) {
    return fail("bad-field", `${field} must be distinct letters in canonical order, or '-'`, field);
  }
  return ok(canonical);
}

function ledState(token: string, field = "led"): Result<LedState, ParseError> {
  if (token === LED_OFF) return ok({ pattern: "off" });
  const colour = token.length === 2 ? COLOUR_BY_LETTER.get(token.charAt(0)) : undefined;
  const pattern = token.length === 2 ? PATTERN_BY_LETTER.get(token.charAt(1)) : undefined;
  if (colour === undefined || pattern === undefined) {
    return fail("bad-field", `'${token}' is not an LED state (e.g. RB, GS, --)`, field);
  }
  return ok({ pattern, colour });
}

const ID_TOKEN = /^[0-9A-Za-z._+-]{1,16}$/;

// ------------------------------------------------------------------ snapshots

/** The cells field, read by the geometry's shape module (its section of the codec). */
function snapshotBoard(geo: GeometryId, token: string): Result<SnapshotBoard, ParseError> {
  const shape = shapeOf(geo);
  // A shape's codec reads the cells of its own kind (`shape.kind`), which is what
  // SnapshotBoard pairs with its id.
  // The cells' error is not cast: its codes (`CellErrorCode`) must be parse codes.
  const cells = shape.codec.parse(geo, shape.cells, token);
  if (!cells.ok) return cells;
  return ok(cells.value as SnapshotBoard);
}

/** Which cells read `?`: every reading of a faulty place is null. */
function faultyCells(board: SnapshotBoard): boolean[] {
  return shapeOf(board.geometry)
    .codec.texts(board)
    .map((t) => t === null);
}

const MASK = /^[0-9A-F]+$/;

/** Settled bits from the mask, bit i = cell i; null when the mask is malformed. */
function maskBits(mask: string, cellCount: number, digits: number): boolean[] | null {
  if (mask.length !== digits || !MASK.test(mask)) return null;
  const bits: boolean[] = [];
  for (let j = 0; j < digits; j++) {
    const nibble = parseInt(mask.charAt(digits - 1 - j), 16);
    for (let k = 0; k < 4; k++) {
      const set = (nibble & (1 << k)) !== 0;
      if (4 * j + k < cellCount) bits.push(set);
      else if (set) return null;
    }
  }
  return bits;
}

function snapshot(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 5);
  if (bad) return bad;
  const [geoToken = "", reasonToken = "", flag = "", mask = "", cellsToken = ""] = fields;
  if (!isGeometryId(geoToken)) return fail("bad-field", "unknown geometry", "geometry");
  const reason = REASON_BY_LETTER.get(reasonToken);
  if (reason === undefined) return fail("bad-field", "reason must be P, C or R", "reason");
  if (flag !== "S" && flag !== "U") return fail("bad-field", "settled must be S or U", "settled");
  const geometry = GEOMETRIES[geoToken];
  const bits = maskBits(mask, geometry.cells.length, geometry.maskDigits);
  if (bits === null) {
    return fail(
      "bad-field",
      `mask must be ${geometry.maskDigits} uppercase hex digits with no bit past the last cell`,
      "mask",
    );
  }
  const board = snapshotBoard(geoToken, cellsToken);
  if (!board.ok) return board;
  const faulty = faultyCells(board.value);
  let allSettled = true;
  const unsettled: string[] = [];
  for (let i = 0; i < bits.length; i++) {
    if (faulty[i] && bits[i]) {
      return fail("inconsistent", `faulty pit ${geometry.cells[i]} cannot be settled`, "mask");
    }
    if (!bits[i]) {
      unsettled.push(geometry.cells[i] ?? "");
      if (!faulty[i]) allSettled = false;
    }
  }
  if ((flag === "S") !== allSettled) {
    return fail("inconsistent", "the settled flag disagrees with the mask", "settled");
  }
  return ok({
    type: "snapshot",
    seq,
    reason,
    settled: allSettled,
    unsettled,
    board: board.value,
  });
}

// ------------------------------------------------------------------ board lines

const INFO_KEYS = [
  "proto",
  "fw",
  "id",
  "geo",
  "boot",
  "max",
  "leds",
  "pat",
  "btn",
  "cal",
  "deb",
  "int",
] as const;

function info(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  // Protocol 2 adds a thirteenth key, `holes=` (PROTOCOL.md §12.2): a proto=1
  // line has twelve, a later one thirteen.
  const bad = fieldCount(fields, INFO_KEYS.length, INFO_KEYS.length + 1);
  if (bad) return bad;
  const v: string[] = [];
  for (let i = 0; i < INFO_KEYS.length; i++) {
    const value = keyed(fields[i] ?? "", INFO_KEYS[i] ?? "");
    if (!value.ok) return value;
    v.push(value.value);
  }
  const [protoT, fw, id, geo, bootT, maxT, leds, pat, btnT, calT, debT, intT] = v as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const proto = decimal(protoT, 1, 255, "proto");
  if (!proto.ok) return proto;
  if (!ID_TOKEN.test(fw)) return fail("bad-field", "fw must be 1..16 of [0-9A-Za-z._+-]", "fw");
  if (!ID_TOKEN.test(id)) return fail("bad-field", "id must be 1..16 of [0-9A-Za-z._+-]", "id");
  if (!isGeometryId(geo)) return fail("bad-field", "unknown geometry", "geo");
  const boot = decimal(bootT, 0, 65535, "boot");
  if (!boot.ok) return boot;
  const max = decimal(maxT, 1, MAX_COUNT, "max");
  if (!max.ok) return max;
  const colours = letterSet<LedColour>(leds, LED_COLOURS, "leds");
  if (!colours.ok) return colours;
  const patterns = letterSet<LedPattern>(pat, LED_PATTERNS, "pat");
  if (!patterns.ok) return patterns;
  const btn = decimal(btnT, 0, 16, "btn");
  if (!btn.ok) return btn;
  if (calT !== "0" && calT !== "1") return fail("bad-field", "cal must be 0 or 1", "cal");
  const deb = decimal(debT, 0, 5000, "deb");
  if (!deb.ok) return deb;
  const interval = snapshotInterval(intT, "int");
  if (!interval.ok) return interval;
  const holes = infoHoles(proto.value, geo, fields[INFO_KEYS.length]);
  if (!holes.ok) return holes;
  return ok({
    type: "info",
    seq,
    proto: proto.value,
    firmware: fw,
    boardId: id,
    geometry: geo,
    boot: boot.value,
    maxCount: max.value,
    colours: colours.value,
    patterns: patterns.value,
    buttons: btn.value,
    calibration: calT === "1",
    debounceMs: deb.value,
    snapshotIntervalMs: interval.value,
    ...(holes.value === null ? {} : { holes: holes.value }),
  });
}

/**
 * `INFO holes=` (protocol 2): the marbles a board sends in a hole, in the
 * order b w n x; `-` on a geometry without holes, at least one letter on one
 * with holes. A `proto=1` line has no such key (null: not said).
 */
function infoHoles(
  proto: number,
  geo: GeometryId,
  token: string | undefined,
): Result<MarbleColour[] | null, ParseError> {
  if (proto < 2) {
    return token === undefined
      ? ok(null)
      : fail("wrong-field-count", "an INFO of proto=1 has 12 keys; holes= came in protocol 2");
  }
  if (token === undefined) {
    return fail("wrong-field-count", `an INFO of proto=${proto} ends with holes=`);
  }
  const value = keyed(token, "holes");
  if (!value.ok) return value;
  const holes = letterSet<MarbleColour>(value.value, MARBLE_COLOURS, "holes");
  if (!holes.ok) return holes;
  const hasHoles = shapeOf(geo).kind === "holes";
  if (hasHoles && holes.value.length === 0) {
    return fail(
      "bad-field",
      `a ${geo} board names the marbles it tells (holes=bw, bwn, x …)`,
      "holes",
    );
  }
  if (!hasHoles && holes.value.length > 0) {
    return fail("bad-field", `a ${geo} board has no holes: holes=-`, "holes");
  }
  return ok(holes.value);
}

function snapshotInterval(token: string, field: string): Result<number, ParseError> {
  const n = decimal(token, 0, 60000, field);
  if (n.ok && n.value > 0 && n.value < 100) {
    return fail("out-of-range", `${field} must be 0 or 100..60000`, field);
  }
  return n;
}

function boot(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 2);
  if (bad) return bad;
  const count = decimal(fields[0] ?? "", 0, 65535, "boot");
  if (!count.ok) return count;
  const reason = oneOf<BootReason>(fields[1] ?? "", BOOT_REASONS, "reason");
  if (!reason.ok) return reason;
  return ok({ type: "boot", seq, boot: count.value, reason: reason.value });
}

function heartbeat(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 2);
  if (bad) return bad;
  const boot = decimal(fields[0] ?? "", 0, 65535, "boot");
  if (!boot.ok) return boot;
  const uptime = decimal(fields[1] ?? "", 0, 4294967295, "uptime");
  if (!uptime.ok) return uptime;
  return ok({ type: "heartbeat", seq, boot: boot.value, uptime: uptime.value });
}

function ack(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 1);
  if (bad) return bad;
  const id = hexTag(fields[0] ?? "", "id");
  if (!id.ok) return id;
  return ok({ type: "ack", seq, id: id.value });
}

function nak(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 2);
  if (bad) return bad;
  const id = hexTag(fields[0] ?? "", "id");
  if (!id.ok) return id;
  const reason = oneOf<NakReason>(fields[1] ?? "", NAK_REASONS, "reason");
  if (!reason.ok) return reason;
  return ok({ type: "nak", seq, id: id.value, reason: reason.value });
}

function button(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 2);
  if (bad) return bad;
  const number = decimal(fields[0] ?? "", 1, 16, "button");
  if (!number.ok) return number;
  const a = fields[1];
  if (a !== "P" && a !== "R") return fail("bad-field", "action must be P or R", "action");
  return ok({ type: "button", seq, button: number.value, action: a === "P" ? "press" : "release" });
}

/** `ERR code [pit]`: the pit is there exactly for the codes about one pit. */
function boardError(seq: number, fields: readonly string[]): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 1, 2);
  if (bad) return bad;
  const code = oneOf<BoardErrorCode>(fields[0] ?? "", BOARD_ERROR_CODES, "code");
  if (!code.ok) return code;
  const wantsPit = PIT_ERROR_CODES.includes(code.value);
  if (wantsPit !== (fields.length === 2)) {
    return fail("wrong-field-count", `ERR ${code.value} ${wantsPit ? "needs" : "takes no"} pit`);
  }
  if (!wantsPit) return ok({ type: "error", seq, code: code.value, pit: null });
  const p = pit(fields[1] ?? "");
  if (!p.ok) return p;
  return ok({ type: "error", seq, code: code.value, pit: p.value });
}

function calibrationReport(
  seq: number,
  fields: readonly string[],
): Result<BoardMessage, ParseError> {
  const bad = fieldCount(fields, 3);
  if (bad) return bad;
  const p = pit(fields[0] ?? "");
  if (!p.ok) return p;
  const status = oneOf<CalibrationStatus>(fields[1] ?? "", CALIBRATION_STATUSES, "status");
  if (!status.ok) return status;
  const raw = decimal(fields[2] ?? "", 0, 65535, "raw");
  if (!raw.ok) return raw;
  return ok({ type: "calibration", seq, pit: p.value, status: status.value, raw: raw.value });
}

/** Each board message's fields parser, by keyword (PROTOCOL.md §12.2). */
const BOARD_MESSAGES: ReadonlyMap<
  string,
  (seq: number, fields: readonly string[]) => Result<BoardMessage, ParseError>
> = new Map([
  ["BOOT", boot],
  ["INFO", info],
  ["SNAP", snapshot],
  ["HB", heartbeat],
  ["ACK", ack],
  ["NAK", nak],
  ["BTN", button],
  ["ERR", boardError],
  ["CALR", calibrationReport],
]);

function parseBoardFrame({ tag: seq, keyword, fields }: Frame): Result<BoardMessage, ParseError> {
  const parse = BOARD_MESSAGES.get(keyword);
  if (parse === undefined) {
    return fail("unknown-message", `'${keyword}' is not a board message`, "keyword");
  }
  return parse(seq, fields);
}

// ------------------------------------------------------------------ host lines

function config(id: number, fields: readonly string[]): Result<HostMessage, ParseError> {
  const bad = fieldCount(fields, 1, 2);
  if (bad) return bad;
  let debounceMs: number | null = null;
  let snapshotIntervalMs: number | null = null;
  let i = 0;
  const first = fields[0] ?? "";
  if (first.startsWith("deb=")) {
    const deb = decimal(first.slice(4), 0, 5000, "deb");
    if (!deb.ok) return deb;
    debounceMs = deb.value;
    i = 1;
  }
  if (i < fields.length) {
    const token = fields[i] ?? "";
    if (!token.startsWith("int=") || i !== fields.length - 1) {
      return fail("bad-field", "CFG takes deb=<ms> then int=<ms>, each at most once", "config");
    }
    const interval = snapshotInterval(token.slice(4), "int");
    if (!interval.ok) return interval;
    snapshotIntervalMs = interval.value;
  }
  return ok({ type: "config", id, debounceMs, snapshotIntervalMs });
}

function leds(id: number, fields: readonly string[]): Result<HostMessage, ParseError> {
  const bad = fieldCount(fields, 1, MAX_LED_ENTRIES);
  if (bad) return bad;
  const entries: LedEntry[] = [];
  const seen = new Set<string>();
  for (const token of fields) {
    const colon = token.indexOf(":");
    if (colon < 0) return fail("bad-field", "an LED entry is <pit>:<state>", "leds");
    const p = pit(token.slice(0, colon));
    if (!p.ok) return p;
    if (seen.has(p.value)) return fail("inconsistent", `pit ${p.value} is set twice`, "leds");
    seen.add(p.value);
    const state = ledState(token.slice(colon + 1));
    if (!state.ok) return state;
    entries.push({ pit: p.value, led: state.value });
  }
  return ok({ type: "led", id, leds: entries });
}

function parseHostFrame({ tag: id, keyword, fields }: Frame): Result<HostMessage, ParseError> {
  switch (keyword) {
    case "HELLO": {
      const bad = fieldCount(fields, 1);
      if (bad) return bad;
      const proto = decimal(fields[0] ?? "", 1, 255, "proto");
      if (!proto.ok) return proto;
      return ok({ type: "hello", id, proto: proto.value });
    }
    case "PING":
    case "SNAP":
    case "CLR":
    case "CALGET":
    case "RESET": {
      const bad = fieldCount(fields, 0);
      if (bad) return bad;
      const type = (
        {
          PING: "ping",
          SNAP: "snapshot-request",
          CLR: "led-clear",
          CALGET: "calibration-request",
          RESET: "reset",
        } as const
      )[keyword];
      return ok({ type, id });
    }
    case "CFG":
      return config(id, fields);
    case "LED":
      return leds(id, fields);
    case "LEDALL": {
      const bad = fieldCount(fields, 1);
      if (bad) return bad;
      const state = ledState(fields[0] ?? "");
      if (!state.ok) return state;
      return ok({ type: "led-all", id, led: state.value });
    }
    case "TARE": {
      const bad = fieldCount(fields, 0, 1);
      if (bad) return bad;
      if (fields.length === 0) return ok({ type: "tare", id, pit: null });
      const p = pit(fields[0] ?? "");
      if (!p.ok) return p;
      return ok({ type: "tare", id, pit: p.value });
    }
    case "CAL": {
      const bad = fieldCount(fields, 2);
      if (bad) return bad;
      const p = pit(fields[0] ?? "");
      if (!p.ok) return p;
      const token = fields[1] ?? "";
      // A hole's content: empty, black, white or the neutral marble; `x` (a
      // marble whose colour is not told) is read, never calibrated (§11).
      const hole = token === HOLE_CHARS.marble ? undefined : HOLE_BY_CHAR.get(token);
      if (hole !== undefined) return ok({ type: "calibrate", id, pit: p.value, known: hole });
      const count = decimal(token, 0, MAX_COUNT, "known");
      if (!count.ok) return count;
      return ok({ type: "calibrate", id, pit: p.value, known: count.value });
    }
    default:
      return fail("unknown-message", `'${keyword}' is not a host command`, "keyword");
  }
}

/** Parses one line a board sent (terminator optional). Never throws. */
export function parseBoardLine(line: string): Result<BoardMessage, ParseError> {
  const frame = frameLine(line, "seq");
  return frame.ok ? parseBoardFrame(frame.value) : frame;
}

/** Parses one line a host sent (terminator optional). Never throws. */
export function parseHostLine(line: string): Result<HostMessage, ParseError> {
  const frame = frameLine(line, "id");
  return frame.ok ? parseHostFrame(frame.value) : frame;
}
