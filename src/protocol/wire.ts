/**
 * Wire-level vocabulary shared by the parser and the formatter: keywords,
 * single-letter codes and the error codes a bad line is reported with.
 */
import type { LedColour, LedPattern, SnapshotReason } from "./messages.js";
import { LED_COLOURS, LED_PATTERNS, SNAPSHOT_REASONS } from "./messages.js";
import { HOLE_BY_CHAR, HOLE_CHARS } from "../shared/index.js";
import type { KeteError } from "../shared/index.js";

/** Stable codes of the errors `parseBoardLine` / `parseHostLine` return (PROTOCOL.md §8). */
export const PARSE_ERROR_CODES = [
  "empty",
  "too-long",
  "non-ascii",
  "bad-char",
  "missing-checksum",
  "malformed-checksum",
  "bad-checksum",
  "bad-syntax",
  "bad-seq",
  "bad-id",
  "unknown-message",
  "wrong-field-count",
  "bad-field",
  "out-of-range",
  "bad-pit",
  "inconsistent",
] as const;
export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];

/** Extra code `formatBoardMessage` / `formatHostMessage` use for a message of no known type. */
export const FORMAT_ERROR_CODE = "bad-message";

/** A line the parser refuses (PROTOCOL.md §8). */
export type ParseError = KeteError<ParseErrorCode>;

/** Every code the protocol layer gives: the parser's, and the formatter's one more. */
export type ProtocolErrorCode = ParseErrorCode | typeof FORMAT_ERROR_CODE;
export type ProtocolError = KeteError<ProtocolErrorCode>;

/** Board-to-host keywords by message type. */
export const BOARD_KEYWORDS = {
  boot: "BOOT",
  info: "INFO",
  snapshot: "SNAP",
  heartbeat: "HB",
  ack: "ACK",
  nak: "NAK",
  button: "BTN",
  error: "ERR",
  calibration: "CALR",
} as const;

/** Host-to-board keywords by command type. */
export const HOST_KEYWORDS = {
  hello: "HELLO",
  ping: "PING",
  "snapshot-request": "SNAP",
  config: "CFG",
  led: "LED",
  "led-all": "LEDALL",
  "led-clear": "CLR",
  tare: "TARE",
  calibrate: "CAL",
  "calibration-request": "CALGET",
  reset: "RESET",
} as const;

/** A hex61 hole's character (`.` when empty, else its marble's letter), and back: the hex61 shape's. */
export { HOLE_BY_CHAR, HOLE_CHARS };

/** The inverse of a name -> letter table. */
function invert<K extends string>(table: Readonly<Record<K, string>>): ReadonlyMap<string, K> {
  const map = new Map<string, K>();
  for (const key of Object.keys(table) as K[]) map.set(table[key], key);
  return map;
}

export const COLOUR_BY_LETTER: ReadonlyMap<string, LedColour> = invert(LED_COLOURS);
export const PATTERN_BY_LETTER: ReadonlyMap<string, LedPattern> = invert(LED_PATTERNS);
export const REASON_BY_LETTER: ReadonlyMap<string, SnapshotReason> = invert(SNAPSHOT_REASONS);

/** The LED state written for "off". */
export const LED_OFF = "--";

/** Two uppercase hex digits, as used for seq, id and checksum. */
export function hex2(n: number): string {
  return (n & 0xff).toString(16).toUpperCase().padStart(2, "0");
}
