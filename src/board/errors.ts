/**
 * The error codes of the board layer (issue 31), one union per kind of
 * answer, so that a `Result` the layer returns can only fail with a code
 * its callers are told of. The protocol's own codes (a bad line,
 * `ParseErrorCode`; an `ERR` line, `BoardErrorCode`) stay in src/protocol.
 */
import type { KeteError } from "../shared/index.js";
import type { NakReason, ParseErrorCode } from "../protocol/index.js";

/** A port that cannot be opened: the errno the system gave, or `open-failed` (serial-board.ts). */
export type OpenErrorCode =
  "ENOENT" | "EACCES" | "EBUSY" | "ENXIO" | "ENOTTY" | "EIO" | "EBADF" | "open-failed";

/**
 * Why a board link did not do a command or did not open (`BoardLink`,
 * `Transport`): the link closed or lost, a command in flight, no answer in
 * time, a command the protocol cannot carry, the board's `NAK` (its reason
 * after `nak-`), a link with no board behind it (a replay), the port, and
 * the stock-parts board's Firmata handshake and its calibration file.
 */
export type LinkErrorCode =
  | "closed"
  | "link-lost"
  | "busy"
  | "timeout"
  | "bad-args"
  | `nak-${NakReason}`
  | "unsupported"
  | OpenErrorCode
  | "no-firmata"
  | "no-reports"
  | "firmata"
  | "not-stock-board"
  | CalibrationFileErrorCode;
export type LinkError = KeteError<LinkErrorCode>;

/**
 * A line-error event's code (`BoardEvent` `line-error`, counted per code): a
 * bad line (the parser's code), a lost answer, a retransmission, a reboot,
 * a sequence gap, a snapshot of another geometry, two gems' tags at once, a
 * refused command.
 */
export type LineErrorCode =
  | ParseErrorCode
  | "line-noise"
  | "retransmit"
  | "reboot"
  | "seq-gap"
  | "wrong-geometry"
  | "tag-conflict"
  | `nak-${NakReason}`;

/**
 * What a simulated hand cannot do on the physical board (physical-board.ts,
 * marbles.ts): a place or step that is not there, counts or holes of the
 * wrong shape, a pit too empty or too full, a gem not where it is said to be.
 */
export type HandErrorCode =
  | "bad-pit"
  | "bad-step"
  | "bad-counts"
  | "no-counts"
  | "bad-holes"
  | "no-holes"
  | "wrong-hole"
  | "bad-gem"
  | "no-gem"
  | "no-gems"
  | "empty-pit"
  | "full-pit"
  | "empty-hand"
  | "empty-reserve";
export type HandError = KeteError<HandErrorCode>;

/** Finding a board on the ports, or making a pty pair for a simulated one (ports.ts, pty.ts). */
export type PortErrorCode =
  OpenErrorCode | "no-board" | "several-boards" | "no-socat" | "no-pty" | "path-taken";
export type PortError = KeteError<PortErrorCode>;

/** The stock-parts board's calibration file (firmata/calibration-file.ts). */
export type CalibrationFileErrorCode = "bad-calibration" | "calibration-write";
export type CalibrationFileError = KeteError<CalibrationFileErrorCode>;

/** A board's geometry (wiring) file (wiring.ts). */
export type WiringError = KeteError<"bad-wiring">;
