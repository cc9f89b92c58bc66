/**
 * The kete firmware protocol, versions 1 and 2 (firmware-protocol/PROTOCOL.md): a pure
 * codec for the line-based serial link between kete and a sensor board.
 * No I/O and no timers here; the serial port and the session live elsewhere.
 */
export * from "./checksum.js";
export * from "./geometry.js";
export * from "./messages.js";
export { PARSE_ERROR_CODES, FORMAT_ERROR_CODE, HOLE_CHARS } from "./wire.js";
export type { ParseError, ParseErrorCode, ProtocolError, ProtocolErrorCode } from "./wire.js";
export { parseBoardLine, parseHostLine } from "./parse.js";
export { formatBoardMessage, formatHostMessage, LINE_TERMINATOR } from "./format.js";
export { holesOfReadings, presenceOnly, readingsOf } from "./readings.js";
export { LineFramer } from "./framer.js";
export type { LineFramerOptions } from "./framer.js";
