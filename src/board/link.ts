/**
 * `BoardLink`: what the rest of kete sees of a sensor board, whatever carries
 * it (a serial port, the in-process simulated board, later Firmata). A link
 * delivers events — the board's identity, settled and unsettled snapshots,
 * buttons, errors, changes of link state — and takes LED and calibration
 * commands, each answered by the board's acknowledgement.
 */
import type { Result } from "../shared/index.js";
import type {
  BoardErrorCode,
  ButtonMessage,
  CalibrationMessage,
  InfoMessage,
  LedEntry,
  SnapshotBoard,
} from "../protocol/index.js";
import type { LineErrorCode, LinkError } from "./errors.js";

/** Where the link is: opening the device, in the handshake, serving, or lost (reconnecting). */
export type LinkState = "connecting" | "handshaking" | "ready" | "lost" | "closed";

/** One reading of every pit. Counts are in the geometry's canonical order (4x8: A1…A8, B1…D8). */
export interface BoardSnapshot {
  readonly board: SnapshotBoard;
  /** Every pit is settled: the only readings the controller acts on. */
  readonly settled: boolean;
  /** Pits not yet settled (hand hovering, stones still moving). */
  readonly unsettled: readonly string[];
  /** Host clock, milliseconds, when the line arrived. */
  readonly receivedAt: number;
}

export type BoardEvent =
  | { readonly type: "link"; readonly state: LinkState; readonly reason?: string }
  | { readonly type: "hello"; readonly info: InfoMessage }
  | { readonly type: "snapshot"; readonly snapshot: BoardSnapshot }
  | { readonly type: "button"; readonly button: number; readonly action: ButtonMessage["action"] }
  | {
      readonly type: "board-error";
      readonly code: BoardErrorCode;
      readonly pit: string | null;
      readonly message: string;
    }
  /** A bad line, a sequence gap, a NAK: counted and reported once, the link carries on. */
  | { readonly type: "line-error"; readonly code: LineErrorCode; readonly message: string };

export interface BoardLink {
  /** The board's handshake answer, once the link is ready. */
  readonly info: InfoMessage | null;
  readonly state: LinkState;
  /** Receives every event from now on; returns the function that unsubscribes. */
  subscribe(listener: (event: BoardEvent) => void): () => void;
  /** Sets the LEDs of the listed pits (others keep theirs); resolves on the board's ACK/NAK. */
  setLeds(entries: readonly LedEntry[]): Promise<Result<void, LinkError>>;
  /** Turns every LED off. */
  clearLeds(): Promise<Result<void, LinkError>>;
  /** Asks for a full snapshot now (after a gap, on resume). */
  requestSnapshot(): Promise<Result<void, LinkError>>;
  /** Tares every pit, or one. */
  tare(pit?: string): Promise<Result<void, LinkError>>;
  /**
   * `CALGET` (PROTOCOL.md §10): each pit's calibration status and raw reading
   * (`CALR`, the last one per pit), or why the board gave none (a link that
   * has no board to ask: `unsupported`).
   */
  readCalibration(): Promise<Result<CalibrationMessage[], LinkError>>;
  close(): Promise<void>;
}
