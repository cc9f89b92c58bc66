/**
 * `kete board-sim`: a simulated sensor board on a pseudo-terminal (made with
 * socat), for trying kete without the wooden board. Prints the device path to
 * connect to, then serves until Ctrl-C. `--demo` has a ghost hand sow stones
 * now and then so that `kete board-test` has something to show.
 *
 * `--hand` reads engine traces (`kete engine`'s `trace`, JSON, one a line) on
 * standard input and has the simulator's hand play each stone by stone at a
 * person's pace, saying `hand: N steps` when done; `{"press":1}`,
 * `{"release":1}` and `{"reset":true}` work the buttons and the reset: a test
 * or a script moves the stones while kete plays on the port.
 *
 * `--geometry 2x5+2` serves the Glassperlenspiel board instead: ten pits and
 * two cups, gems reported by tag (with `--noise`, tags read late or missed
 * for a scan, as RFID does); it starts as GB-1 sets up, and `--demo` plays
 * random Glassperlenspiel moves bead by bead.
 *
 * `--geometry hex61` serves the Abalone board: 61 holes, each read empty,
 * black or white by a hall sensor (PROTOCOL.md §5.3), set up as AB-1's
 * standard start. `--hand` takes Abalone traces (`off` and `hole` steps, as
 * `kete engine` writes them) and pushes the line of marbles: the holes of the
 * moving line read empty for a moment, a marble pushed off leaves the board,
 * and a hole a marble rolls over is never settled (with `--noise` it also
 * flickers). `--demo` plays random Abalone moves.
 *
 * `--firmware FILE.hex` serves the reference board under emulation instead
 * (src/emulator): that firmware image runs on an emulated Mega 2560 with its
 * load cells, LEDs and buttons, paced to the wall clock; `--eeprom FILE`
 * keeps its EEPROM (boot counter, calibration) between runs. With
 * `--geometry 2x5+2` it is the Glassperlenspiel board (hardware/firmware's
 * build/kete_gems.hex): 12 load cells, a PN5180 reader per place reading the
 * gems' ISO 15693 tags, set up as GB-1. With `--geometry hex61` it is the
 * Abalone board (build/kete_abalone.hex): 61 TMAG5273 Hall sensors behind
 * TCA9548A switches on the TWI reading the marbles' fields, set up as AB-1.
 *
 * `--firmata` serves the stock-parts board under emulation instead
 * (src/emulator/stock, hardware/firmata): the vendored StandardFirmata image
 * for the Mega (or `--firmware FILE.hex`, another Firmata build) with its
 * amplifiers, D22-selected switches, PCA9685 LEDs and buttons, at 57600 baud,
 * for johnny-five or `kete board-test --board firmata`. `--fault PIT=KIND`
 * takes the amplifier's faults there (rail-high, rail-low, frozen).
 */
import type { Command } from "commander";
import { realScheduler, sleep, startPtySimulator } from "../board/index.js";
import type { PhysicalBoard, PtySimulator, Scheduler } from "../board/index.js";
import { playTrace } from "../board/index.js";
import type { AmplifierFault, SensorFault } from "../emulator/index.js";
import { findGame } from "../games/index.js";
import type { Position, ProtocolStep, TraceStep } from "../games/index.js";
import { GEOMETRY_IDS, findShape, seededRandom, shapeOf } from "../shared/index.js";
import type { GeometryId } from "../shared/index.js";
import { usageError } from "./usage.js";

interface BoardSimFlags {
  readonly noise?: boolean;
  readonly seed?: string;
  readonly stones?: string;
  readonly path?: string;
  readonly demo?: boolean;
  readonly firmware?: string;
  readonly firmata?: boolean;
  readonly eeprom?: string;
  readonly uncalibrated?: boolean;
  readonly fast?: boolean;
  readonly hand?: boolean;
  readonly fault?: readonly string[];
  readonly geometry?: string;
}

/** The geometries the simulator serves: every shape (PROTOCOL.md §5, src/shared/shapes). */
type SimGeometry = GeometryId;

/** The shapes' ids in words: "4x8, 2x5+2 or hex61". */
function shapeList(): string {
  return `${GEOMETRY_IDS.slice(0, -1).join(", ")} or ${GEOMETRY_IDS[GEOMETRY_IDS.length - 1]}`;
}

const FAULTS: readonly SensorFault[] = ["stuck-high", "unplugged", "pinned", "frozen"];

/** The stock board's amplifier faults (`--firmata --fault`). */
const AMPLIFIER_FAULTS: readonly AmplifierFault[] = ["rail-high", "rail-low", "frozen"];

function parseFaultsOf<K extends string>(
  specs: readonly string[],
  kinds: readonly K[],
): Record<string, K> | string {
  const faults: Record<string, K> = {};
  for (const spec of specs) {
    const [pit = "", kind = ""] = spec.split("=");
    const fault = kinds.find((f) => f === kind);
    if (!/^[A-D][1-8]$/.test(pit) || fault === undefined) {
      return `--fault takes PIT=KIND with a pit A1..D8 and KIND one of ${kinds.join(", ")}, not '${spec}'`;
    }
    faults[pit] = fault;
  }
  return faults;
}

/** `--fault A3=stuck-high` … as faults by pit, or why not. */
export function parseFaults(specs: readonly string[]): Record<string, SensorFault> | string {
  return parseFaultsOf(specs, FAULTS);
}

/** `--firmata --fault A3=rail-high` … as amplifier faults by pit, or why not. */
export function parseAmplifierFaults(
  specs: readonly string[],
): Record<string, AmplifierFault> | string {
  return parseFaultsOf(specs, AMPLIFIER_FAULTS);
}

function wholeNumber(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  return /^\d{1,9}$/.test(text) ? Number(text) : NaN;
}

export function registerBoardSimCommand(program: Command): Command {
  return program
    .command("board-sim")
    .description(
      "serve a simulated sensor board (4x8, 2x5+2 or hex61), or a firmware image on an emulated one, on a pseudo-terminal until Ctrl-C",
    )
    .option("--noise", "sensor jitter, slow settling, and an occasional lost or damaged line")
    .option("--seed <n>", "seed of the noise and the demo hand (default 1)")
    .option("--stones <n>", "stones in every pit at the start (default 4; 4x8 only)")
    .option(
      "--geometry <id>",
      "4x8 (four-row mancala), 2x5+2 (Glassperlenspiel: gems by tag, set up as GB-1) or hex61 (Abalone: marble colour per hole, AB-1's standard start)",
    )
    .option("--path <path>", "where to put the device link (default /tmp/kete-sim-XXXXXX)")
    .option("--demo", "a ghost hand sows a random pit every few seconds")
    .option(
      "--hand",
      'play the traces read on standard input (JSON, one a line) stone by stone; also {"press":1}, {"release":1}, {"reset":true}',
    )
    .option("--firmware <file.hex>", "run this firmware image on an emulated Mega 2560 instead")
    .option(
      "--firmata",
      "serve the stock-parts board instead: StandardFirmata on an emulated Mega 2560 (hardware/firmata), 57600 baud",
    )
    .option("--eeprom <file>", "with --firmware: keep the board's EEPROM in this file")
    .option("--uncalibrated", "with --firmware: a new board, no calibration in its EEPROM")
    .option(
      "--fast",
      "with --firmware or --firmata: run as fast as the machine can, not in real time",
    )
    .option(
      "--fault <pit=kind>",
      `with --firmware: a faulty sensor (${FAULTS.join(", ")}); with --firmata: a faulty amplifier (${AMPLIFIER_FAULTS.join(", ")}); repeatable`,
      (v: string, all: string[] | undefined) => [...(all ?? []), v],
    )
    .showHelpAfterError("(run 'kete board-sim --help' for usage)")
    .action(async (flags: BoardSimFlags, command: Command) => {
      const seed = wholeNumber(flags.seed, 1);
      if (Number.isNaN(seed))
        usageError(command, `--seed must be a whole number, not '${flags.seed}'`);
      const stones = wholeNumber(flags.stones, 4);
      if (Number.isNaN(stones) || stones > 255) {
        usageError(command, `--stones must be a whole number 0..255, not '${flags.stones}'`);
      }
      const geometry = findShape(flags.geometry ?? "4x8")?.id;
      if (geometry === undefined) {
        usageError(command, `--geometry must be ${shapeList()}, not '${flags.geometry}'`);
      }
      const clash = geometryClash(geometry ?? "4x8", flags);
      if (clash !== null) usageError(command, clash);
      if (flags.firmata === true) {
        if (flags.noise === true) {
          usageError(command, "--noise is the simulator's; the stock board's amplifiers are noisy");
        }
        for (const f of ["eeprom", "uncalibrated"] as const) {
          if (flags[f] !== undefined) {
            usageError(command, `--${f} is the reference board's; StandardFirmata keeps no EEPROM`);
          }
        }
        const faults = parseAmplifierFaults(flags.fault ?? []);
        if (typeof faults === "string") usageError(command, faults);
        await serveFirmata(flags, seed, stones, faults);
        return;
      }
      if (flags.firmware !== undefined) {
        if (flags.noise === true) {
          usageError(command, "--noise is the simulator's; an emulated board's sensors are noisy");
        }
        const faults = parseFaults(flags.fault ?? []);
        if (typeof faults === "string") usageError(command, faults);
        await serveFirmware(flags.firmware, flags, seed, stones, faults, geometry ?? "4x8");
        return;
      }
      if (flags.fast !== undefined) usageError(command, "--fast needs --firmware or --firmata");
      for (const f of ["eeprom", "uncalibrated"] as const) {
        if (flags[f] !== undefined) usageError(command, `--${f} needs --firmware`);
      }
      if ((flags.fault ?? []).length > 0) {
        usageError(command, "--fault needs --firmware or --firmata");
      }
      const sim = await startPtySimulator({
        noise: flags.noise === true,
        seed,
        // --stones sets up a 4x8 board; every other shape starts as its game sets it up.
        ...(geometry === undefined || geometry === "4x8" ? { counts: stones } : { geometry }),
        ...(flags.path === undefined ? {} : { hostPath: flags.path }),
      });
      if (!sim.ok) {
        process.stderr.write(`kete board-sim: ${sim.error.message}\n`);
        process.exit(1);
      }
      if (flags.hand === true) {
        const fw = sim.value.firmware;
        handLoop(
          {
            physical: sim.value.physical,
            clock: realScheduler,
            press: (n) => fw.pressButton(n),
            release: (n) => fw.releaseButton(n),
            reset: () => fw.reboot("reset"),
          },
          seed,
        );
      }
      await serve(sim.value, flags.demo === true, seed, flags.noise === true, geometry ?? "4x8");
    });
}

/** A flag the geometry cannot take, said as a usage error; null when they fit. */
function geometryClash(geometry: SimGeometry, flags: BoardSimFlags): string | null {
  if (geometry === "4x8") return null;
  // What the shape's places hold says what the flags can do (src/shared/shapes).
  const kind = shapeOf(geometry).kind;
  if (flags.stones !== undefined) {
    if (kind === "gems")
      return `--stones is for 4x8; a ${geometry} board starts as GB-1 sets it up`;
    if (kind === "holes")
      return `--stones is for 4x8; a ${geometry} board holds marbles, set up as AB-1`;
    return `--stones is for 4x8; a ${geometry} board starts with four stones a pit, its stores empty`;
  }
  if (kind !== "counts" && flags.firmware !== undefined && flags.demo === true) {
    const what = kind === "holes" ? "marbles" : "gems";
    return `--demo with --firmware plays 4x8 moves; use --hand to move ${what} on ${geometry}`;
  }
  if (flags.firmata === true) {
    return `--firmata serves the 4x8 stock-parts board; it has no ${geometry}`;
  }
  return null;
}

/** The firmware image on the emulated board, on a pty until Ctrl-C. */
async function serveFirmware(
  file: string,
  flags: BoardSimFlags,
  seed: number,
  stones: number,
  faults: Readonly<Record<string, SensorFault>>,
  geometry: GeometryId,
): Promise<void> {
  const fail = (message: string): never => {
    process.stderr.write(`kete board-sim: ${message}\n`);
    process.exit(1);
  };
  // The emulator (avr8js) is loaded only when a board is emulated.
  const { EmulatedBoard, loadFirmware, serveOnPty } = await import("../emulator/index.js");
  const image = loadFirmware(file);
  if (!image.ok) return fail(image.error.message);
  const board = EmulatedBoard.create({
    firmware: image.value,
    seed,
    // 2x5+2 starts as GB-1 sets it up, hex61 as AB-1 (PhysicalBoard's defaults)
    ...(geometry === "4x8" ? { counts: stones } : { geometry }),
    calibrated: flags.uncalibrated !== true,
    eepromPath: flags.eeprom ?? null,
    faults,
  });
  if (!board.ok) return fail(board.error.message);
  const served = await serveOnPty(board.value, {
    pace: { realTime: flags.fast !== true },
    ...(flags.path === undefined ? {} : { hostPath: flags.path }),
  });
  if (!served.ok) return fail(served.error.message);
  const path = served.value.hostPath;
  process.stdout.write(
    `emulated Mega 2560 (${geometry} board) running ${file} on ${path}\n` +
      `connect with: kete board-test --port ${path}\n` +
      `Ctrl-C to stop\n`,
  );
  await emulatedHands(board.value, flags, seed, stopOnSignals(served.value));
}

/** The stock-parts board (StandardFirmata on the emulated Mega) on a pty until Ctrl-C. */
async function serveFirmata(
  flags: BoardSimFlags,
  seed: number,
  stones: number,
  faults: Readonly<Record<string, AmplifierFault>>,
): Promise<void> {
  const fail = (message: string): never => {
    process.stderr.write(`kete board-sim: ${message}\n`);
    process.exit(1);
  };
  const { StockBoard, loadStandardFirmata, serveOnPty, standardFirmataPath } =
    await import("../emulator/index.js");
  const file = flags.firmware ?? standardFirmataPath();
  const image = loadStandardFirmata(file);
  if (!image.ok) return fail(image.error.message);
  const board = StockBoard.create({ firmware: image.value, seed, counts: stones, faults });
  if (!board.ok) return fail(board.error.message);
  const b = board.value;
  const served = await serveOnPty(b, {
    pace: { realTime: flags.fast !== true },
    baudRate: 57600,
    ...(flags.path === undefined ? {} : { hostPath: flags.path }),
  });
  if (!served.ok) return fail(served.error.message);
  const path = served.value.hostPath;
  process.stdout.write(
    `emulated stock-parts board (Mega 2560 running ${file}) on ${path}, 57600 baud\n` +
      `connect with: kete board-test --board firmata --port ${path}\n` +
      `Ctrl-C to stop\n`,
  );
  await emulatedHands(b, flags, seed, stopOnSignals(served.value));
}

/**
 * What moves the stones of an emulated board: `--hand` (lines on stdin;
 * `reset` is the external reset pin) and `--demo` (random stones until
 * stopped).
 */
async function emulatedHands(
  b: Omit<HandTarget, "reset"> & { reset(cause: "external"): void },
  flags: BoardSimFlags,
  seed: number,
  stopping: () => boolean,
): Promise<void> {
  if (flags.hand === true) {
    handLoop(
      {
        physical: b.physical,
        clock: b.clock,
        press: (n) => b.press(n),
        release: (n) => b.release(n),
        reset: () => b.reset("external"),
      },
      seed,
    );
  }
  if (flags.demo === true) await demoLoop(b.physical, b.clock, seed, stopping);
}

const OPS = new Set(["lift", "capture", "sow", "place"]);
const MARBLE = new Set(["b", "w"]);
const HOLE = new Set(["b", "w", "e"]);

/** What a `--hand` line asks: a trace to play (sowing steps, or Abalone's), a button, a reset. */
export type HandLine =
  | { readonly kind: "trace"; readonly steps: ProtocolStep[] }
  | { readonly kind: "press" | "release"; readonly button: number }
  | { readonly kind: "reset" };

function badStep(step: unknown): boolean {
  if (typeof step !== "object" || step === null) return true;
  const s = step as Record<string, unknown>;
  if (s.op === "off") return typeof s.cell !== "string" || !MARBLE.has(String(s.colour));
  if (s.op === "hole") {
    return typeof s.cell !== "string" || !HOLE.has(String(s.from)) || !HOLE.has(String(s.to));
  }
  const pick = s.op === "lift" || s.op === "capture";
  return (
    !OPS.has(String(s.op)) ||
    typeof s.pit !== "string" ||
    (pick && (typeof s.n !== "number" || !Number.isInteger(s.n) || s.n < 0))
  );
}

/**
 * One line of `--hand` input: a trace (an array of steps, or an object with
 * `trace`, as `kete engine` answers), `{"press":1}`, `{"release":1}` or
 * `{"reset":true}`; else why not.
 */
export function parseHandLine(line: string): HandLine | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return "not JSON";
  }
  const o =
    typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  for (const kind of ["press", "release"] as const) {
    const n = o?.[kind];
    if (typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 16)
      return { kind, button: n };
  }
  if (o?.reset === true) return { kind: "reset" };
  const steps: unknown = o === null ? value : o.trace;
  if (!Array.isArray(steps)) {
    return 'neither a trace (an array of steps, or {"trace":…}) nor {"press":n}, {"release":n}, {"reset":true}';
  }
  const bad = steps.findIndex(badStep);
  if (bad >= 0) {
    return `step ${bad + 1} is not a trace step ({"op":"lift"|"capture","pit","n"}, {"op":"sow"|"place","pit"}, {"op":"off","cell","colour"} or {"op":"hole","cell","from","to"})`;
  }
  return { kind: "trace", steps: steps as ProtocolStep[] };
}

/** What `--hand` moves: the stones, on the board's clock, and the buttons and reset. */
interface HandTarget {
  readonly physical: PhysicalBoard;
  readonly clock: Scheduler;
  press(button: number): void;
  release(button: number): void;
  reset(): void;
}

async function handDo(target: HandTarget, line: HandLine | string, seed: number): Promise<void> {
  if (typeof line === "string") {
    process.stderr.write(`hand: ${line}\n`);
    return;
  }
  switch (line.kind) {
    case "press":
    case "release":
      target[line.kind](line.button);
      process.stdout.write(
        `hand: ${line.kind === "press" ? "pressed" : "released"} ${line.button}\n`,
      );
      return;
    case "reset":
      target.reset();
      process.stdout.write("hand: reset\n");
      return;
    case "trace": {
      const played = await playTrace(target.physical, line.steps, {
        scheduler: target.clock,
        seed,
      });
      if (played.ok) process.stdout.write(`hand: ${line.steps.length} steps\n`);
      else process.stderr.write(`hand: ${played.error.message}\n`);
    }
  }
}

/** `--hand`: lines from standard input, done one after the other. */
function handLoop(target: HandTarget, seed: number): void {
  let queue = Promise.resolve();
  let n = 0;
  let buffered = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter((l) => l.trim() !== "")) {
      const parsed = parseHandLine(line);
      const s = seed + n++;
      queue = queue.then(() => handDo(target, parsed, s));
    }
  });
}

/** The ghost hand of `--demo`: a random pit sown every 2..5 s on the board's clock. */
async function demoLoop(
  physical: PhysicalBoard,
  clock: Scheduler,
  seed: number,
  stopped: () => boolean,
): Promise<void> {
  const random = seededRandom(seed);
  while (!stopped()) {
    await sleep(clock, 2000 + 3000 * random());
    if (stopped()) break;
    await playTrace(physical, demoMove(physical, random), {
      seed: Math.floor(random() * 1e9),
      scheduler: clock,
    });
  }
}

async function serve(
  sim: PtySimulator,
  demo: boolean,
  seed: number,
  noise: boolean,
  geometry: SimGeometry,
): Promise<void> {
  process.stdout.write(
    `simulated ${geometry} board${noise ? " (noisy)" : ""} on ${sim.hostPath}\n` +
      `connect with: kete board-test --port ${sim.hostPath}\n` +
      `Ctrl-C to stop\n`,
  );
  const stopping = stopOnSignals(sim);
  if (!demo) return;
  const random = seededRandom(seed);
  const glass = geometry === "2x5+2" ? new GlassDemo() : null;
  const abalone = geometry === "hex61" ? new AbaloneDemo() : null;
  while (!stopping()) {
    await new Promise((r) => setTimeout(r, 2000 + 3000 * random()));
    if (stopping()) break;
    const trace: readonly ProtocolStep[] =
      abalone?.next(sim.physical, random) ??
      glass?.next(sim.physical, random) ??
      demoMove(sim.physical, random);
    await playTrace(sim.physical, trace, { seed: Math.floor(random() * 1e9) });
  }
}

/**
 * The ghost hand of `--demo` on the Glassperlenspiel board: random legal
 * moves, bead by bead, the players taking turns; a finished game (or a board
 * the engine does not recognise) is set up again as GB-1.
 */
export class GlassDemo {
  private position: Position | null = null;

  /** The next move's trace for the board as it lies. */
  next(physical: PhysicalBoard, random: () => number): TraceStep[] {
    const game = findGame("glassperlenspiel");
    if (game === undefined) return [];
    const start = game.initial();
    const here = this.position ?? (start.ok ? start.value : null);
    const now =
      here === null
        ? null
        : game.withBoard(here, { counts: physical.readings(), toMove: here.toMove });
    let move = now?.ok === true ? game.randomMove(now.value, random) : null;
    if (move === null) {
      if (!start.ok) return [];
      physical.setCounts(game.sensorView(start.value).counts);
      move = game.randomMove(start.value, random);
    }
    this.position = move?.position ?? null;
    return move === null ? [] : [...move.trace];
  }
}

/**
 * The ghost hand of `--demo` on the Abalone board: random legal moves as
 * Abalone traces (`off`, `hole`), the players taking turns; a finished game
 * (or a board the engine does not recognise) is set up again as AB-1.
 */
export class AbaloneDemo {
  private position: Position | null = null;

  /** The next move's trace for the board as it lies. */
  next(physical: PhysicalBoard, random: () => number): ProtocolStep[] {
    const game = findGame("abalone");
    const start = game?.initial();
    if (game?.protocolTrace === undefined || start === undefined || !start.ok) return [];
    const here = this.position ?? start.value;
    const now = game.withBoard(here, { counts: physical.readings(), toMove: here.toMove });
    let from = now.ok ? now.value : null;
    let move = from === null ? null : game.randomMove(from, random);
    if (move === null || from === null) {
      physical.setCounts(game.sensorView(start.value).counts);
      from = start.value;
      move = game.randomMove(from, random);
    }
    this.position = move?.position ?? null;
    return move === null ? [] : [...game.protocolTrace(from, move.move)];
  }
}

/** Lifts a random non-empty pit and sows its stones along its side's two rows. */
function demoMove(physical: PhysicalBoard, random: () => number): TraceStep[] {
  const pits = physical.pits;
  const full = pits.filter((p) => physical.count(p) > 0);
  if (full.length === 0) return [];
  const from = full[Math.floor(random() * full.length)] ?? "A1";
  const north = from.startsWith("C") || from.startsWith("D");
  // Each side's two rows as one ring: A1..A8 then B8..B1 (C and D likewise).
  const inner = north ? "C" : "B";
  const outer = north ? "D" : "A";
  const ring = [1, 2, 3, 4, 5, 6, 7, 8].map((c) => `${outer}${c}`);
  ring.push(...[8, 7, 6, 5, 4, 3, 2, 1].map((c) => `${inner}${c}`));
  const n = physical.count(from);
  const steps: TraceStep[] = [{ op: "lift", pit: from, n }];
  let at = ring.indexOf(from);
  for (let i = 0; i < n; i++) {
    at = (at + 1) % ring.length;
    steps.push({ op: "sow", pit: ring[at] ?? from });
  }
  return steps;
}

/**
 * Stops what is served and exits on Ctrl-C, SIGTERM or a hang-up (once);
 * the function returned says whether that has begun.
 */
function stopOnSignals(served: { stop(): Promise<unknown> }): () => boolean {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void served.stop().then(() => process.exit(0));
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, stop);
  return () => stopping;
}
