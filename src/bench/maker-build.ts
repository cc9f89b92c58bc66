/**
 * The maker's build under emulation (issue 27, item 3), shared by the
 * emulator bench and its tests: LED commands sent while a hand sows, against
 * a firmware image (the Makefile's build, or the one built as the Arduino IDE
 * builds it, whose core has a 64-byte receive ring); all on the emulated clock.
 */
import { playTrace } from "../board/index.js";
import type { TraceStep } from "../games/index.js";
import type { EmulatedBoard } from "../emulator/index.js";
import { withChecksum } from "../protocol/index.js";
import { bootWithLines, type TimedLine } from "./firmware-image.js";

export type { TimedLine };

/** A calibrated board (4 stones a pit) running `image`, its serial output as lines. */
export function boardWithLines(
  image: Uint8Array,
  seed: number,
): { board: EmulatedBoard; lines: TimedLine[] } {
  return bootWithLines({ firmware: image, seed, counts: 4, calibrated: true });
}

/** A hand moving `stones` stones one by one round the South rows (≈ 225 ms a stone). */
export function sowRound(board: EmulatedBoard, stones: number, seed: number): Promise<unknown> {
  const ring = ["A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "B8", "B7", "B6", "B5"];
  const trace: TraceStep[] = [];
  for (let k = 0; k < stones; k++) {
    trace.push(
      { op: "lift", pit: ring[k % ring.length] ?? "A1", n: 1 },
      { op: "sow", pit: ring[(k + 1) % ring.length] ?? "A2" },
    );
  }
  return playTrace(board.physical, trace, { scheduler: board.clock, perStoneMs: [150, 300], seed });
}

const PITS = ["A", "B", "C", "D"].flatMap((r) =>
  Array.from({ length: 8 }, (_, i) => `${r}${i + 1}`),
);
const COLOURS = ["R", "G", "B", "Y", "C", "M", "W"];
const PATTERNS = ["S", "B", "F", "P"];

/** An `LED` command setting all 32 pits (201 bytes with its checksum), different for each `k`. */
export function ledCommand(id: string, k: number): string {
  const entries = PITS.map(
    (pit, i) =>
      `${pit}:${COLOURS[(i + k) % COLOURS.length] ?? "R"}${PATTERNS[(i + 2 * k) % PATTERNS.length] ?? "S"}`,
  );
  return withChecksum(`${id} LED ${entries.join(" ")}`);
}

export interface LedFloodResult {
  readonly sent: number;
  readonly acked: number;
  /** `ERR rx-*` lines: bytes of a command lost in the board's receive ring. */
  readonly rxErrors: number;
  /** Commands with no answer within 500 ms (kete would retransmit). */
  readonly unanswered: number;
  /** Bytes the UART itself lost (both of its receive registers full). */
  readonly overruns: number;
  /** Settled and change snapshots the board sent meanwhile. */
  readonly snapshots: number;
  /** Stones the hand moved meanwhile. */
  readonly stonesMoved: number;
  /** The firmware's longest main-loop pass since boot (GPIOR0, 64 µs units), ms. */
  readonly longestPassMs: number;
  /** Command LF → its ACK, emulated ms. */
  readonly ackMs: number[];
}

/**
 * Sends `n` LED commands of 32 entries one at a time, as kete does (the next
 * once the last is answered or 500 ms have passed, no retransmission), while
 * a hand sows round the board and every LED blinks or pulses: the firmware's
 * busiest passes (an SK9822 frame for each command and every 20 ms).
 */
export async function ledFloodDuringSowing(
  image: Uint8Array,
  n: number,
  seed: number,
): Promise<LedFloodResult> {
  const { board, lines } = boardWithLines(image, seed);
  await board.runFor(800);
  let moved = 0;
  const off = board.physical.onChange(() => moved++);
  void sowRound(board, 40, seed);
  await board.runFor(300);
  const from = lines.length;
  let acked = 0;
  let rxErrors = 0;
  let unanswered = 0;
  const ackMs: number[] = [];
  for (let k = 0; k < n; k++) {
    const id = (0x10 + (k % 0xe0)).toString(16).toUpperCase();
    const start = lines.length;
    const line = ledCommand(id, k);
    board.receive(`${line}\n`);
    const sentAt = board.now + (line.length + 1) * (10_000 / 115_200);
    const answer = new RegExp(`^[0-9A-F]{2} (?:(ACK|NAK) ${id}\\b|ERR rx-)`);
    let found: TimedLine | undefined;
    await board.runUntil(
      () => (found = lines.slice(start).find((l) => answer.test(l.text))) !== undefined,
      500,
    );
    if (found === undefined) unanswered++;
    else if (/ ACK /.test(found.text)) {
      acked++;
      ackMs.push(found.at - sentAt);
    } else if (/ ERR rx-/.test(found.text)) {
      rxErrors++;
      // kete would retransmit at once; here the next command goes once the line is quiet
      await board.runFor(30);
    }
  }
  off();
  const snapshots = lines.slice(from).filter((l) => / SNAP 4x8 /.test(l.text)).length;
  const gpior0 = board.mcu.cpu.data[0x3e] ?? 0;
  await board.stop();
  return {
    sent: n,
    acked,
    rxErrors,
    unanswered,
    overruns: board.rxOverruns,
    snapshots,
    stonesMoved: moved,
    longestPassMs: (gpior0 * 64) / 1000,
    ackMs,
  };
}
