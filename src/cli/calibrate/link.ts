/**
 * The board as `kete calibrate` needs it: the ordinary `BoardSession`
 * (handshake, ACK/NAK, retransmission, resync), plus the `CALR` lines that
 * answer `CALGET` (PROTOCOL.md §10), which the session does not pass on as
 * events. A `CalibrationTap` sits between the session and its transport and
 * reads the same bytes with its own bounded framer; `readCalibration` sends
 * `CALGET` through the session and returns the lines seen before its `ACK`.
 */
import { FirmataTransport, SerialTransport } from "../../board/index.js";
import type {
  BoardSession as Session,
  FirmataBoardOptions,
  SessionOptions,
  Transport,
  TransportHandlers,
} from "../../board/index.js";
import { BoardSession } from "../../board/index.js";
import { LineFramer, parseBoardLine } from "../../protocol/index.js";
import type { CalibrationMessage } from "../../protocol/index.js";
import { ok } from "../../shared/index.js";
import type { Result } from "../../shared/index.js";

/** A transport that also hands every `CALR` line it carries to a collector. */
export class CalibrationTap implements Transport {
  private readonly framer = new LineFramer();
  private collected: CalibrationMessage[] | null = null;

  /** The inner transport's own line framing, if it has one (the serial port's readline framing). */
  readonly framing?: Transport["framing"];

  constructor(private readonly inner: Transport) {
    const framing = inner.framing;
    if (framing !== undefined) this.framing = (deliver) => framing.call(inner, deliver);
  }

  get baudRate(): number | undefined {
    return this.inner.baudRate;
  }

  get name(): string {
    return this.inner.name;
  }

  open(handlers: TransportHandlers): Promise<Result<void>> {
    this.framer.reset();
    return this.inner.open({
      data: (chunk) => {
        this.read(chunk);
        handlers.data(chunk);
      },
      closed: (reason) => handlers.closed(reason),
    });
  }

  write(text: string): void {
    this.inner.write(text);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Starts keeping CALR lines (forgetting any kept before). */
  collect(): void {
    this.collected = [];
  }

  /** The CALR lines since `collect()`, the last one per pit, and stops keeping them. */
  take(): CalibrationMessage[] {
    const lines = this.collected ?? [];
    this.collected = null;
    const byPit = new Map(lines.map((m) => [m.pit, m]));
    return [...byPit.values()];
  }

  private read(chunk: Uint8Array | string): void {
    for (const framed of this.framer.push(chunk)) {
      if (!framed.ok || this.collected === null) continue;
      const parsed = parseBoardLine(framed.value);
      if (parsed.ok && parsed.value.type === "calibration" && this.collected.length < 1024) {
        this.collected.push(parsed.value);
      }
    }
  }
}

/** A session and its tap: what `kete calibrate` talks to. */
export interface CalibrationBoard {
  readonly session: Session;
  readonly tap: CalibrationTap;
}

/** The board on a serial port. */
export function serialCalibrationBoard(
  path: string,
  options: SessionOptions = {},
  baudRate?: number,
): CalibrationBoard {
  const tap = new CalibrationTap(
    new SerialTransport(path, baudRate === undefined ? {} : { baudRate }),
  );
  return { session: new BoardSession(tap, options), tap };
}

/**
 * The stock-parts board (StandardFirmata): its host firmware answers TARE,
 * CAL and CALGET and keeps the calibration in its file (PROTOCOL.md §10).
 */
export function firmataCalibrationBoard(
  path: string,
  options: FirmataBoardOptions = {},
): CalibrationBoard {
  const tap = new CalibrationTap(new FirmataTransport(path, options));
  return { session: new BoardSession(tap, options), tap };
}

/** Any transport (the simulated firmware's in tests). */
export function calibrationBoard(
  transport: Transport,
  options: SessionOptions = {},
): CalibrationBoard {
  const tap = new CalibrationTap(transport);
  return { session: new BoardSession(tap, options), tap };
}

/** `CALGET`: each pit's CALR (status and raw reading), or why the board gave none. */
export async function readCalibration(
  board: CalibrationBoard,
): Promise<Result<CalibrationMessage[]>> {
  board.tap.collect();
  const answer = await board.session.command({ type: "calibration-request" });
  const lines = board.tap.take();
  return answer.ok ? ok(lines) : answer;
}
