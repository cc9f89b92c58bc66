/**
 * Formatting messages as protocol lines (PROTOCOL.md §7). The result has its
 * `*` and checksum but no terminator: the writer appends `LINE_TERMINATOR`.
 *
 * Every formatted line is checked with the parser before it is returned, so a
 * formatter never emits a line the other side would reject; sets (LED colours
 * and patterns, gems in a place, unsettled pits) are written in canonical
 * order whatever order they came in.
 */
import { err, MARBLE_COLOURS, ok, shapeOf } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { ProtocolError } from "./wire.js";
import { withChecksum } from "./checksum.js";
import { GEOMETRIES } from "./geometry.js";
import type {
  BoardMessage,
  HostMessage,
  LedState,
  SnapshotBoard,
  SnapshotMessage,
} from "./messages.js";
import { LED_COLOURS, LED_PATTERNS, SNAPSHOT_REASONS } from "./messages.js";
import { parseBoardLine, parseHostLine } from "./parse.js";
import {
  BOARD_KEYWORDS,
  FORMAT_ERROR_CODE,
  HOLE_CHARS,
  HOST_KEYWORDS,
  LED_OFF,
  hex2,
} from "./wire.js";

/** What ends every line on the wire (a receiver also accepts "\r\n"). */
export const LINE_TERMINATOR = "\n";

function canonical<T extends string>(order: readonly T[], items: readonly T[]): T[] {
  return order.filter((x) => items.includes(x));
}

function ledToken(led: LedState): string {
  if (led.pattern === "off") return LED_OFF;
  return `${LED_COLOURS[led.colour]}${LED_PATTERNS[led.pattern]}`;
}

/** The cells field: the geometry's shape module writes it. */
function cellsToken(board: SnapshotBoard): string {
  return shapeOf(board.geometry).codec.format(board);
}

function maskToken(msg: SnapshotMessage): string {
  const geometry = GEOMETRIES[msg.board.geometry];
  const unsettled = new Set(msg.unsettled);
  let mask = "";
  for (let j = 0; j < geometry.maskDigits; j++) {
    let nibble = 0;
    for (let k = 0; k < 4; k++) {
      const cell = geometry.cells[4 * j + k];
      if (cell !== undefined && !unsettled.has(cell)) nibble |= 1 << k;
    }
    mask = nibble.toString(16).toUpperCase() + mask;
  }
  return mask;
}

function boardFields(msg: BoardMessage): string[] {
  switch (msg.type) {
    case "boot":
      return [String(msg.boot), msg.reason];
    case "info":
      return [
        `proto=${msg.proto}`,
        `fw=${msg.firmware}`,
        `id=${msg.boardId}`,
        `geo=${msg.geometry}`,
        `boot=${msg.boot}`,
        `max=${msg.maxCount}`,
        `leds=${letters(LED_COLOURS, msg.colours)}`,
        `pat=${letters(LED_PATTERNS, msg.patterns)}`,
        `btn=${msg.buttons}`,
        `cal=${msg.calibration ? 1 : 0}`,
        `deb=${msg.debounceMs}`,
        `int=${msg.snapshotIntervalMs}`,
        // Protocol 2's thirteenth key (PROTOCOL.md §12.2); a proto=1 line has twelve.
        ...(msg.proto >= 2 ? [`holes=${letters(MARBLE_COLOURS, msg.holes ?? [])}`] : []),
      ];
    case "snapshot": {
      const geometry = GEOMETRIES[msg.board.geometry];
      return [
        geometry.id,
        SNAPSHOT_REASONS[msg.reason],
        msg.settled ? "S" : "U",
        maskToken(msg),
        cellsToken(msg.board),
      ];
    }
    case "heartbeat":
      return [String(msg.boot), String(msg.uptime)];
    case "ack":
      return [hex2(msg.id)];
    case "nak":
      return [hex2(msg.id), msg.reason];
    case "button":
      return [String(msg.button), msg.action === "press" ? "P" : "R"];
    case "error":
      return msg.pit === null ? [msg.code] : [msg.code, msg.pit];
    case "calibration":
      return [msg.pit, msg.status, String(msg.raw)];
  }
}

function letters<K extends string>(
  table: Readonly<Record<K, string>>,
  items: readonly K[],
): string {
  const set = canonical(Object.keys(table) as K[], items);
  return set.length === 0 ? "-" : set.map((k) => table[k]).join("");
}

function hostFields(msg: HostMessage): string[] {
  switch (msg.type) {
    case "hello":
      return [String(msg.proto)];
    case "ping":
    case "snapshot-request":
    case "led-clear":
    case "calibration-request":
    case "reset":
      return [];
    case "config": {
      const fields: string[] = [];
      if (msg.debounceMs !== null) fields.push(`deb=${msg.debounceMs}`);
      if (msg.snapshotIntervalMs !== null) fields.push(`int=${msg.snapshotIntervalMs}`);
      return fields;
    }
    case "led":
      return msg.leds.map((e) => `${e.pit}:${ledToken(e.led)}`);
    case "led-all":
      return [ledToken(msg.led)];
    case "tare":
      return msg.pit === null ? [] : [msg.pit];
    case "calibrate":
      return [msg.pit, typeof msg.known === "number" ? String(msg.known) : HOLE_CHARS[msg.known]];
  }
}

function isInteger8(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 255;
}

/** Unsettled pits must belong to the snapshot's geometry (the mask cannot say otherwise). */
function unsettledCheck(msg: BoardMessage): Result<null, ProtocolError> {
  if (msg.type !== "snapshot") return ok(null);
  const cells = GEOMETRIES[msg.board.geometry].cells;
  const stray = msg.unsettled.find((p) => !cells.includes(p));
  return stray === undefined
    ? ok(null)
    : err("bad-pit", `'${stray}' is not a pit of this geometry`, { field: "unsettled" });
}

function build<M extends { readonly type: string }>(
  msg: M,
  tagName: "seq" | "id",
  keywords: Readonly<Record<string, string>>,
  fields: (m: M) => string[],
  check: (line: string) => Result<unknown, ProtocolError>,
): Result<string, ProtocolError> {
  try {
    const keyword = Object.hasOwn(keywords, msg.type) ? keywords[msg.type] : undefined;
    if (keyword === undefined) return err(FORMAT_ERROR_CODE, `unknown message type '${msg.type}'`);
    const tag: unknown = (msg as Readonly<Record<string, unknown>>)[tagName];
    if (!isInteger8(tag))
      return err("out-of-range", `${tagName} must be 0..255`, { field: tagName });
    const line = withChecksum([hex2(tag), keyword, ...fields(msg)].join(" "));
    const checked = check(line);
    return checked.ok ? ok(line) : checked;
  } catch {
    return err(FORMAT_ERROR_CODE, "the message is not of the shape its type requires");
  }
}

/** Formats a board-to-host message as a line (no terminator), or says why it cannot. */
export function formatBoardMessage(msg: BoardMessage): Result<string, ProtocolError> {
  try {
    const stray = unsettledCheck(msg);
    if (!stray.ok) return stray;
  } catch {
    return err(FORMAT_ERROR_CODE, "the message is not of the shape its type requires");
  }
  return build(msg, "seq", BOARD_KEYWORDS, boardFields, parseBoardLine);
}

/** Formats a host-to-board command as a line (no terminator), or says why it cannot. */
export function formatHostMessage(msg: HostMessage): Result<string, ProtocolError> {
  return build(msg, "id", HOST_KEYWORDS, hostFields, parseHostLine);
}
