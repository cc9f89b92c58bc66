/**
 * `kete calibrate` in-process on the simulated board and a fake clock: the
 * simulated firmware (with its load cells) behind the real `BoardSession`
 * over an in-memory cable, and a board maker whose hand follows the LEDs —
 * empties the pits lit red, moves the sample into the pit that blinks cyan
 * (calibrate) or blue (verify) a handful at a time — and may miscount.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BoardSession,
  FakeScheduler,
  PhysicalBoard,
  SimulatedFirmware,
  every,
} from "../../src/board/index.js";
import type {
  FirmwareOptions,
  LinkError,
  Transport,
  TransportHandlers,
  InitialCounts,
} from "../../src/board/index.js";
import type { LedState } from "../../src/protocol/index.js";
import { ok } from "../../src/shared/index.js";
import type { Result } from "../../src/shared/index.js";
import { calibrateBoard } from "../../src/cli/calibrate/run.js";
import type { CalibrationReport } from "../../src/cli/calibrate/report.js";
import type { EmulatedBoard } from "../../src/emulator/index.js";
import type { CalibrateOptions, CalibrateIo, PersonAction } from "../../src/cli/calibrate/run.js";

/** The USB cable: bytes both ways, asynchronously, as a port delivers them. */
export class MemoryCable implements Transport {
  readonly name = "simulated board";
  private handlers: TransportHandlers | null = null;
  /** Host lines for which this answers true are lost on the way to the board. */
  lose: (line: string) => boolean = () => false;

  constructor(private readonly firmware: SimulatedFirmware) {}

  open(handlers: TransportHandlers): Promise<Result<void, LinkError>> {
    this.handlers = handlers;
    this.firmware.connect((bytes) =>
      queueMicrotask(() => {
        if (this.handlers === handlers) handlers.data(bytes);
      }),
    );
    return Promise.resolve(ok(undefined));
  }

  write(text: string): void {
    if (this.handlers !== null && !this.lose(text)) {
      queueMicrotask(() => this.firmware.receive(text));
    }
  }

  close(): Promise<void> {
    this.handlers = null;
    this.firmware.connect(null);
    return Promise.resolve();
  }
}

export interface MakerOptions {
  /** Stones the maker has in hand at the start (default: the run's). */
  readonly sample?: number;
  /** Pits into which the maker puts one stone fewer, and drops that one on the floor. */
  readonly miscount?: readonly string[];
  /** Fake ms between the maker's moves (default 250). */
  readonly paceMs?: number;
  /**
   * How the maker confirms when kete waits for it (yellow pits in the clear
   * phase, a steady cyan pit): button 1 on the board, Enter, or never
   * (`--yes` runs). Default never.
   */
  readonly confirmWith?: "button" | "enter" | null;
}

export interface Rig {
  readonly clock: FakeScheduler;
  readonly physical: PhysicalBoard;
  readonly firmware: SimulatedFirmware;
  readonly out: string[];
  readonly errors: string[];
  /** What the board maker does at the keyboard. */
  act(action: PersonAction): void;
  /** Every LED state seen, in order, as `{ A1: "CB" }` maps. */
  readonly ledHistory: Record<string, string>[];
  readonly reportDir: string;
  readonly cable: MemoryCable;
}

export interface RigOptions {
  readonly counts?: InitialCounts;
  readonly firmware?: Omit<FirmwareOptions, "scheduler">;
  readonly options?: Partial<CalibrateOptions>;
  readonly maker?: MakerOptions | null;
}

function isLit(led: LedState | undefined, colours: readonly string[]): boolean {
  return led !== undefined && led.pattern !== "off" && colours.includes(led.colour);
}

/** What the board maker's hand and eyes need: the stones, the LEDs, a way to confirm. */
export interface MakerWorld {
  readonly physical: PhysicalBoard;
  /** What every LED shows now. */
  readonly leds: () => ReadonlyMap<string, LedState>;
  readonly confirm: (how: "button" | "enter") => void;
}

/**
 * The hand, one move per call: a pit lit red that holds stones is emptied
 * into the hand; the pit lit cyan (calibrate) or blue (verify) gets the hand's
 * stones, a handful at a time, up to `stones()`; when kete waits for a
 * confirm (yellow pits, a steady cyan pit), the maker confirms.
 */
export function makerMove(world: MakerWorld, options: MakerOptions, stones: () => number): void {
  const { physical } = world;
  const hand = physical.hand;
  const leds = world.leds();
  for (const pit of physical.pits) {
    if (physical.count(pit) > 0 && isLit(leds.get(pit), ["red"])) {
      hand.lift(pit);
      return;
    }
  }
  const target = physical.pits.find((p) => isLit(leds.get(p), ["cyan", "blue"]));
  const confirm = (): void => {
    if (options.confirmWith !== undefined && options.confirmWith !== null) {
      world.confirm(options.confirmWith);
    }
  };
  if (target === undefined) {
    hand.hover(null);
    if (physical.pits.some((p) => isLit(leds.get(p), ["yellow"]))) confirm();
    return;
  }
  // A miscount: one stone kept in the hand while calibrating that pit.
  const short = options.miscount?.includes(target) === true && isLit(leds.get(target), ["cyan"]);
  const want = stones() - (short ? 1 : 0);
  const missing = want - physical.count(target);
  if (missing > 0 && hand.held > 0) {
    hand.drop(target, Math.min(8, missing, hand.held));
  } else {
    hand.hover(null);
    const lit = leds.get(target);
    if (lit?.pattern === "steady" && isLit(lit, ["cyan"])) confirm();
  }
}

/** The verification is on when some pit shines blue. */
export function verifying(leds: ReadonlyMap<string, LedState>): boolean {
  return [...leds.values()].some((l) => isLit(l, ["blue"]));
}

export function calibrationRig(rigOptions: RigOptions = {}): {
  rig: Rig;
  run: (overrides?: Partial<CalibrateIo>) => Promise<number>;
} {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard({ counts: rigOptions.counts ?? 0 });
  const firmware = new SimulatedFirmware(physical, {
    scheduler: clock,
    seed: 3,
    ...rigOptions.firmware,
  });
  const reportDir = mkdtempSync(join(tmpdir(), "kete-calibrate-"));
  const options: CalibrateOptions = {
    pits: null,
    stones: 32,
    verifyStones: 32,
    yes: false,
    reportPath: null,
    gamesDir: reportDir,
    ...rigOptions.options,
  };
  let person: ((action: PersonAction) => void) | null = null;
  const ledHistory: Record<string, string>[] = [];
  const cable = new MemoryCable(firmware);
  firmware.onLeds(() => ledHistory.push(firmware.litLeds()));
  const rig: Rig = {
    clock,
    physical,
    firmware,
    out: [],
    errors: [],
    act: (action) => person?.(action),
    ledHistory,
    reportDir,
    cable,
  };
  const maker = rigOptions.maker === undefined ? {} : rigOptions.maker;
  if (maker !== null) {
    physical.hand.hold(maker.sample ?? options.stones);
    const world: MakerWorld = {
      physical,
      leds: () => firmware.leds,
      confirm: (how) => {
        if (how === "enter") rig.act("confirm");
        else {
          firmware.pressButton(1);
          clock.schedule(() => firmware.releaseButton(1), 100);
        }
      },
    };
    every(clock, maker.paceMs ?? 250, () =>
      makerMove(world, maker, () =>
        verifying(firmware.leds) ? (options.verifyStones ?? 0) : options.stones,
      ),
    );
  }
  const board = new BoardSession(cable, { scheduler: clock });
  firmware.powerOn();
  const run = (overrides: Partial<CalibrateIo> = {}): Promise<number> =>
    calibrateBoard(board, options, {
      out: (t) => rig.out.push(t),
      err: (t) => rig.errors.push(t),
      live: false,
      colour: false,
      scheduler: clock,
      date: () => new Date("2026-11-24T15:30:00Z"),
      input: (on) => {
        person = on;
        return () => {
          person = null;
        };
      },
      ...overrides,
    });
  return { rig, run };
}

/** Advances the fake clock until `done` resolves (or `limitMs` passes); its value, or null. */
export async function driveTo<T>(
  clock: FakeScheduler,
  done: Promise<T>,
  limitMs = 600_000,
  stepMs = 50,
): Promise<T | null> {
  let value: { v: T } | null = null;
  void done.then((v) => (value = { v }));
  for (let t = 0; t < limitMs && value === null; t += stepMs) await clock.advance(stepMs);
  return (value as { v: T } | null)?.v ?? null;
}

/**
 * `kete calibrate` over a session on the emulated board `emu` (through
 * `cable`), run on the board's own clock until it ends or `ms` of emulated
 * time pass: its exit code (null if it had not ended), what it printed and
 * the report it wrote (null without one).
 */
export async function calibrateOnEmulator(
  emu: EmulatedBoard,
  cable: Transport,
  options: CalibrateOptions,
  run: { date: string; ms: number },
): Promise<{ code: number | null; out: string; errors: string; report: CalibrationReport | null }> {
  const out: string[] = [];
  const errors: string[] = [];
  let code: number | null = null;
  const link = new BoardSession(cable, { scheduler: emu.clock });
  void calibrateBoard(link, options, {
    out: (t) => out.push(t),
    err: (t) => errors.push(t),
    live: false,
    colour: false,
    scheduler: emu.clock,
    date: () => new Date(run.date),
    input: () => () => undefined,
  }).then((c) => (code = c));
  for (let t = 0; t < run.ms && code === null; t += 200) await emu.runFor(200);
  const printed = out.join("");
  const written = /calibration report: (.*)\n/.exec(printed)?.[1];
  const report =
    written === undefined ? null : (JSON.parse(readFileSync(written, "utf8")) as CalibrationReport);
  return { code, out: printed, errors: errors.join(""), report };
}
