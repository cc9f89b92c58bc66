/**
 * The board a game is played on: a kete board on a serial port, or the
 * built-in simulated board (whose hands are the virtual players'), ready
 * (handshake done) or the one line that says why not.
 */
import { SerialBoard, SimulatedBoard, waitForReady } from "../../board/index.js";
import type { BoardLink, Scheduler } from "../../board/index.js";
import { err, ok, type Result } from "../../shared/index.js";

export interface BoardChoice {
  /** The serial device, or null for the simulated board. */
  readonly port: string | null;
  /** Simulated board: the hands' pace (1 = a person), sensor noise, the seed. */
  readonly pace: number;
  readonly noise: boolean;
  readonly seed: number;
}

export interface OpenBoard {
  readonly board: BoardLink;
  /** The simulated board, whose hand the players move; null on a real board. */
  readonly sim: SimulatedBoard | null;
}

/** How long a real board may take to answer the handshake. */
const SERIAL_READY_MS = 8000;

/** The board's debounce: 150 ms at a person's pace, down to 30 ms for fast unattended games. */
export function settleMs(pace: number): number {
  return Math.round(Math.min(150, Math.max(30, 150 * pace)));
}

/** The simulated board's construction options for a choice. */
export function simulatedOptions(
  choice: BoardChoice,
  counts: readonly number[],
  scheduler: Scheduler,
) {
  return {
    counts: [...counts],
    // The board's debounce follows the hands' pace, as a real board's would be
    // tuned to its players: faster hands, shorter settling. Jitter under a
    // hovering hand only at a person's pace: faster hands hover all the time
    // and the board would never settle mid-move.
    noise: choice.noise
      ? {
          jitter: choice.pace >= 0.5 ? 0.2 : 0,
          settleMs: settleMs(choice.pace),
          lineLoss: 0.002,
          lineCorruption: 0.002,
        }
      : (false as const),
    seed: choice.seed,
    scheduler,
    session: { debounceMs: settleMs(choice.pace) },
  };
}

/**
 * Opens the board and waits for its handshake. `counts` are the stones the
 * simulated board starts with (sensor order).
 */
export async function openBoard(
  choice: BoardChoice,
  counts: readonly number[],
  scheduler: Scheduler,
): Promise<Result<OpenBoard>> {
  if (choice.port !== null) {
    const serial = new SerialBoard(choice.port, { scheduler });
    const ready = await waitForReady(serial, SERIAL_READY_MS, { failOnLost: true, scheduler });
    if (!ready.ok) {
      await serial.close();
      return err(
        "no-board",
        `no kete board answered on ${choice.port} (${ready.error.message}); check the cable, the port name (kete board-test --port ${choice.port}) and that the board runs kete firmware`,
      );
    }
    return ok({ board: serial, sim: null });
  }
  const sim = new SimulatedBoard(simulatedOptions(choice, counts, scheduler));
  const ready = await sim.ready();
  if (!ready.ok) {
    await sim.close();
    return err("no-board", `the simulated board did not start: ${ready.error.message}`);
  }
  return ok({ board: sim, sim });
}
