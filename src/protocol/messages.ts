/**
 * The decoded form of every firmware-protocol message (PROTOCOL.md §7), as
 * discriminated unions keyed by `type`. Board-to-host messages carry the
 * board's sequence number `seq`; host-to-board commands carry the command `id`
 * the board echoes in its ACK or NAK. Both are 0..255.
 */
import type {
  CountCells,
  CountGeometryId,
  GemCells,
  GemGeometryId,
  GeometryId,
  HoleCells,
  HoleContent,
  HoleGeometryId,
  MarbleColour,
} from "../shared/index.js";

/** Gem tags of the Glassperlenspiel board, in canonical order (defined in shared). */
export { GEMS } from "../shared/index.js";
export type { Gem } from "../shared/index.js";

/**
 * The highest protocol version this codec speaks (PROTOCOL.md §16): version 2
 * adds `INFO holes=`, the marbles a board tells apart (issue 29). It speaks
 * every version from `OLDEST_PROTOCOL_VERSION` up, so a host sends `HELLO 2`
 * and a version-1 board answers `proto=1` without the key.
 */
export const PROTOCOL_VERSION = 2;

/** The oldest protocol version this codec still speaks (an `INFO proto=1` has no `holes=`). */
export const OLDEST_PROTOCOL_VERSION = 1;

/** Longest line, from its first byte to the last checksum digit, terminator excluded. */
export const MAX_LINE_LENGTH = 250;

/** Largest stone count a snapshot can carry. */
export { MAX_COUNT } from "../shared/index.js";

/** Most LED entries one `LED` command can carry (what fits in a line). */
export const MAX_LED_ENTRIES = 40;

// ---------------------------------------------------------------- vocabulary

/** LED colours with their wire letters, in canonical order. */
export const LED_COLOURS = {
  red: "R",
  green: "G",
  blue: "B",
  yellow: "Y",
  cyan: "C",
  magenta: "M",
  white: "W",
} as const;
export type LedColour = keyof typeof LED_COLOURS;

/** On-board LED patterns (other than off) with their wire letters, in canonical order. */
export const LED_PATTERNS = { steady: "S", blink: "B", fast: "F", pulse: "P" } as const;
export type LedPattern = keyof typeof LED_PATTERNS;

/** What one LED shows: off, or a colour run with a pattern by the board. */
export type LedState =
  { readonly pattern: "off" } | { readonly pattern: LedPattern; readonly colour: LedColour };

export interface LedEntry {
  readonly pit: string;
  readonly led: LedState;
}

/** What a hex61 hole holds: nothing, or a marble of one of the `MARBLE_COLOURS` (defined in shared). */
export type { HoleContent, Place } from "../shared/index.js";

export const SNAPSHOT_REASONS = { periodic: "P", change: "C", request: "R" } as const;
export type SnapshotReason = keyof typeof SNAPSHOT_REASONS;

export const BOOT_REASONS = ["power", "reset", "watchdog", "brownout", "command", "other"] as const;
export type BootReason = (typeof BOOT_REASONS)[number];

export const NAK_REASONS = [
  "unknown-command",
  "bad-args",
  "bad-pit",
  "unsupported",
  "busy",
  "version",
] as const;
export type NakReason = (typeof NAK_REASONS)[number];

/** Board error codes; those in `PIT_ERROR_CODES` name a pit. */
export const BOARD_ERROR_CODES = [
  "sensor-fault",
  "calibration-needed",
  "rx-overflow",
  "rx-checksum",
  "rx-syntax",
  "host-timeout",
] as const;
export type BoardErrorCode = (typeof BOARD_ERROR_CODES)[number];
export const PIT_ERROR_CODES: readonly BoardErrorCode[] = ["sensor-fault", "calibration-needed"];

export const CALIBRATION_STATUSES = ["ok", "need", "fault"] as const;
export type CalibrationStatus = (typeof CALIBRATION_STATUSES)[number];

// ------------------------------------------------------------ snapshot boards

// The cells of each kind of sensing are defined with the shapes (src/shared/shapes): each
// shape's module holds its section of the codec.

/** Pits with stone counts; `null` marks a pit whose sensor is faulty (`?`). */
export type CountBoard = CountCells<CountGeometryId>;

/** The geometry of the counting boards a journal's `snapshot` record holds (PROTOCOL.md §5.1). */
export const COUNT_GEOMETRY = "4x8";

/** A counting board's snapshot cells (what a journal's `snapshot` record holds). */
export function countBoard(counts: readonly (number | null)[]): CountBoard {
  return { geometry: COUNT_GEOMETRY, counts };
}

/** Places with plain stones and gems by tag (`2x5+2`). */
export type GemBoard = GemCells<GemGeometryId>;

/** Holes with a marble or none (`hex61`). */
export type HexBoard = HoleCells<HoleGeometryId>;

/** The cells of a snapshot, in the geometry's canonical order. */
export type SnapshotBoard = CountBoard | GemBoard | HexBoard;

// ------------------------------------------------------------ board -> host

export interface BootMessage {
  readonly type: "boot";
  readonly seq: number;
  /** Boots since manufacture, 0..65535, wrapping. */
  readonly boot: number;
  readonly reason: BootReason;
}

export interface InfoMessage {
  readonly type: "info";
  readonly seq: number;
  readonly proto: number;
  readonly firmware: string;
  readonly boardId: string;
  readonly geometry: GeometryId;
  readonly boot: number;
  /** Largest count the sensors can report (1 for hex61). */
  readonly maxCount: number;
  readonly colours: readonly LedColour[];
  readonly patterns: readonly LedPattern[];
  /** Buttons are numbered 1..buttons. */
  readonly buttons: number;
  readonly calibration: boolean;
  readonly debounceMs: number;
  readonly snapshotIntervalMs: number;
  /**
   * `holes=` (protocol 2, PROTOCOL.md §12.2): the marbles this board may send
   * in a hole, besides empty and a fault, in the order b w n x; empty on a
   * geometry without holes. Absent when the board did not say (`proto=1`):
   * such a board never sends `n` (`tellsNeutral`).
   */
  readonly holes?: readonly MarbleColour[];
}

export interface SnapshotMessage {
  readonly type: "snapshot";
  readonly seq: number;
  readonly reason: SnapshotReason;
  /** True when every pit without a sensor fault is settled. */
  readonly settled: boolean;
  /** Pits whose settled bit is clear, in canonical order (faulty pits included). */
  readonly unsettled: readonly string[];
  readonly board: SnapshotBoard;
}

export interface HeartbeatMessage {
  readonly type: "heartbeat";
  readonly seq: number;
  readonly boot: number;
  /** Seconds since boot, 0..4294967295. */
  readonly uptime: number;
}

export interface AckMessage {
  readonly type: "ack";
  readonly seq: number;
  readonly id: number;
}

export interface NakMessage {
  readonly type: "nak";
  readonly seq: number;
  readonly id: number;
  readonly reason: NakReason;
}

export interface ButtonMessage {
  readonly type: "button";
  readonly seq: number;
  /** 1..16. */
  readonly button: number;
  readonly action: "press" | "release";
}

export interface BoardErrorMessage {
  readonly type: "error";
  readonly seq: number;
  readonly code: BoardErrorCode;
  /** The pit for `sensor-fault` and `calibration-needed`, else null. */
  readonly pit: string | null;
}

export interface CalibrationMessage {
  readonly type: "calibration";
  readonly seq: number;
  readonly pit: string;
  readonly status: CalibrationStatus;
  /** The raw sensor reading, 0..65535. */
  readonly raw: number;
}

export type BoardMessage =
  | BootMessage
  | InfoMessage
  | SnapshotMessage
  | HeartbeatMessage
  | AckMessage
  | NakMessage
  | ButtonMessage
  | BoardErrorMessage
  | CalibrationMessage;

// ------------------------------------------------------------ host -> board

export interface HelloCommand {
  readonly type: "hello";
  readonly id: number;
  /** Highest protocol version the host speaks. */
  readonly proto: number;
}

export interface PingCommand {
  readonly type: "ping";
  readonly id: number;
}

export interface SnapshotRequestCommand {
  readonly type: "snapshot-request";
  readonly id: number;
}

export interface ConfigCommand {
  readonly type: "config";
  readonly id: number;
  /** 0..5000, or null to leave unchanged. */
  readonly debounceMs: number | null;
  /** 0 (off) or 100..60000, or null to leave unchanged. */
  readonly snapshotIntervalMs: number | null;
}

export interface LedCommand {
  readonly type: "led";
  readonly id: number;
  /** 1..40 entries, distinct pits. */
  readonly leds: readonly LedEntry[];
}

export interface LedAllCommand {
  readonly type: "led-all";
  readonly id: number;
  readonly led: LedState;
}

export interface LedClearCommand {
  readonly type: "led-clear";
  readonly id: number;
}

export interface TareCommand {
  readonly type: "tare";
  readonly id: number;
  /** One pit, or null for every pit. */
  readonly pit: string | null;
}

export interface CalibrateCommand {
  readonly type: "calibrate";
  readonly id: number;
  readonly pit: string;
  /** Count boards: the stones in the pit (0..255); hex61: the hole's content. */
  readonly known: number | HoleContent;
}

export interface CalibrationRequestCommand {
  readonly type: "calibration-request";
  readonly id: number;
}

export interface ResetCommand {
  readonly type: "reset";
  readonly id: number;
}

export type HostMessage =
  | HelloCommand
  | PingCommand
  | SnapshotRequestCommand
  | ConfigCommand
  | LedCommand
  | LedAllCommand
  | LedClearCommand
  | TareCommand
  | CalibrateCommand
  | CalibrationRequestCommand
  | ResetCommand;

/**
 * Whether a board tells AB-9.6's neutral marble from both colours and an
 * empty hole: it said `n` in `INFO holes=` (protocol 2). A board that did not
 * say (`proto=1`, or a journal written before) cannot (PROTOCOL.md §5.3).
 */
export function tellsNeutral(info: InfoMessage): boolean {
  return info.holes?.includes("neutral") === true;
}
