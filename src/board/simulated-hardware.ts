/**
 * The hardware of a simulated board, built the same way whether it is cabled
 * in memory (`SimulatedBoard`) or served on a pty pair (`startPtySimulator`):
 * the physical board with its stones, gems or marbles, and the simulated
 * firmware reading it, with its noise and seed.
 */
import { DEFAULT_NOISE, SimulatedFirmware } from "./firmware.js";
import type { FirmwareOptions, NoiseOptions } from "./firmware.js";
import { PhysicalBoard } from "./physical-board.js";
import type {
  BoardGeometryId,
  InitialCounts,
  InitialGems,
  InitialHoles,
} from "./physical-board.js";
import type { Scheduler } from "./scheduler.js";

export interface SimulatedHardwareOptions {
  readonly geometry?: BoardGeometryId;
  readonly counts?: InitialCounts;
  /** `2x5+2`: gems by place (default GB-1's when `counts` is not given either). */
  readonly gems?: InitialGems;
  /** `hex61`: the marbles (default AB-1's standard start). */
  readonly holes?: InitialHoles;
  /** `true` for `DEFAULT_NOISE`; default no noise. */
  readonly noise?: boolean | NoiseOptions;
  readonly seed?: number;
  readonly scheduler?: Scheduler;
  readonly firmware?: Omit<FirmwareOptions, "scheduler" | "noise" | "seed">;
}

/** The physical board (default `4x8`) and its firmware, not yet powered on. */
export function simulatedHardware(
  options: SimulatedHardwareOptions,
  scheduler: Scheduler,
): { physical: PhysicalBoard; firmware: SimulatedFirmware } {
  const physical = new PhysicalBoard({
    geometry: options.geometry ?? "4x8",
    ...(options.counts === undefined ? {} : { counts: options.counts }),
    ...(options.gems === undefined ? {} : { gems: options.gems }),
    ...(options.holes === undefined ? {} : { holes: options.holes }),
  });
  const noise =
    options.noise === true ? DEFAULT_NOISE : options.noise === false ? {} : options.noise;
  const firmware = new SimulatedFirmware(physical, {
    ...options.firmware,
    scheduler,
    seed: options.seed ?? 1,
    ...(noise === undefined ? {} : { noise }),
  });
  return { physical, firmware };
}
