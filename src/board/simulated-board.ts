/**
 * `SimulatedBoard`: a whole kete board in-process — the physical model (stones
 * and a hand), the simulated firmware reading it, and the host session
 * talking to that firmware over an in-memory byte link. The session is the
 * same `BoardSession` that `SerialBoard` runs on a serial port, so code tested
 * against a simulated board exercises the real host path.
 *
 *   const sim = new SimulatedBoard({
 *     geometry: "4x8",                 // default
 *     counts: 4,                       // or 32 counts in canonical order, or { A1: 2, … }
 *     noise: true,                     // or NoiseOptions; default none
 *     seed: 7,                         // noise and hand timing
 *     timeScale: 0,                    // hand pace for playTrace: 1 = a person, 0 = instant
 *     scheduler,                       // default real time; FakeScheduler in tests
 *     firmware: { faultyPits: ["A3"] },// FirmwareOptions
 *     session: { debounceMs: 0 },      // SessionOptions (CFG restored after every handshake)
 *   });
 *   await sim.ready();                                   // handshake done (Result)
 *   sim.subscribe((event) => …);                         // the BoardLink side
 *   await sim.setLeds([{ pit: "B3", led: { pattern: "blink", colour: "green" } }]);
 *   sim.litLeds();              // { B3: "GB" } — what the board shows
 *   sim.physical / sim.hand     // stones, lift/drop/capture/place/hover
 *   await sim.playTrace(trace); // an engine trace, stone by stone
 *   sim.firmware                // reboot(), dropNextLines(), corruptNextLine(), pressButton() …
 *   sim.unplug(); sim.replug(); // USB cable out and back (power cut: the board reboots)
 *   await sim.close();
 *
 * The Glassperlenspiel board: `new SimulatedBoard({ geometry: "2x5+2" })`
 * starts as GB-1 sets up (or give `counts` and `gems`, or
 * `sim.physical.setCounts(game.sensorView(position).counts)`); snapshots
 * carry each place's tags, and with `noise` the tags lag and flicker as RFID
 * does (`sim.firmware.loseTag`, `crossRead` inject the worse faults).
 *
 * The Abalone board: `new SimulatedBoard({ geometry: "hex61" })` starts as
 * AB-1's standard start (or give `holes`); snapshots carry each hole's
 * colour, and `sim.playTrace` takes an Abalone trace (`off`, `hole`), which
 * the hand plays as a push with marbles rolling between holes.
 */
import { err, ok, seededRandom } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { ProtocolStep } from "../games/index.js";
import type { InfoMessage, LedState } from "../protocol/index.js";
import type { SimulatedFirmware } from "./firmware.js";
import { playTrace, type Hand, type PhysicalBoard, type TraceTiming } from "./physical-board.js";
import { realScheduler } from "./scheduler.js";
import type { Scheduler } from "./scheduler.js";
import { BoardSession, waitForReady } from "./session.js";
import type { SessionOptions, Transport, TransportHandlers } from "./session.js";
import type { HandError, LinkError } from "./errors.js";
import { simulatedHardware, type SimulatedHardwareOptions } from "./simulated-hardware.js";

export { SimulatedFirmware, DEFAULT_NOISE } from "./firmware.js";
export type { FirmwareOptions, NoiseOptions } from "./firmware.js";

export interface SimulatedBoardOptions extends SimulatedHardwareOptions {
  /** Hand pace in `playTrace`: 1 = a person (150–400 ms a stone), 0 = instant. Default 1. */
  readonly timeScale?: number;
  readonly session?: Omit<SessionOptions, "scheduler">;
  /** A noisy cable: lines lost or damaged on the way, both ways (default none). */
  readonly lineNoise?: LineNoise;
}

/** Each line, in each direction, is lost with probability `lose`, else damaged with `corrupt`. */
export interface LineNoise {
  readonly lose: number;
  readonly corrupt: number;
}

/**
 * Applies `noise` to whole lines of a byte stream: a line is dropped, or one
 * of its characters (before the LF) is changed, so that its checksum fails.
 * Bytes after the last LF wait for the rest of their line.
 */
class NoisyLines {
  private partial = "";

  constructor(
    private readonly noise: LineNoise,
    private readonly random: () => number,
  ) {}

  pass(bytes: string): string {
    const text = this.partial + bytes;
    const end = text.lastIndexOf("\n");
    this.partial = text.slice(end + 1);
    if (end < 0) return "";
    let out = "";
    for (const line of text.slice(0, end).split("\n")) {
      const r = this.random();
      if (r < this.noise.lose) continue;
      if (r < this.noise.lose + this.noise.corrupt && line.length > 1) {
        const at = Math.floor(this.random() * (line.length - 1));
        const c = line.charCodeAt(at);
        out += `${line.slice(0, at)}${String.fromCharCode(c === 0x41 ? 0x42 : 0x41)}${line.slice(at + 1)}\n`;
        continue;
      }
      out += `${line}\n`;
    }
    return out;
  }
}

/** The in-memory "USB cable" between the session and the firmware. */
class MemoryTransport implements Transport {
  readonly name = "simulated board";
  private handlers: TransportHandlers | null = null;
  plugged = true;

  private readonly up: NoisyLines | null;
  private readonly down: NoisyLines | null;

  constructor(
    private readonly firmware: SimulatedFirmware,
    noise: LineNoise | null,
    seed: number,
  ) {
    const random = seededRandom(seed * 7919 + 17);
    this.up = noise === null ? null : new NoisyLines(noise, random);
    this.down = noise === null ? null : new NoisyLines(noise, random);
  }

  open(handlers: TransportHandlers): Promise<Result<void, LinkError>> {
    if (!this.plugged) return Promise.resolve(err("ENOENT", "no such device (unplugged)"));
    this.handlers = handlers;
    this.firmware.connect((sent) => {
      const bytes = this.up === null ? sent : this.up.pass(sent);
      if (bytes === "") return;
      // Like a port: bytes arrive asynchronously, never inside the writer's call.
      queueMicrotask(() => {
        if (this.handlers === handlers) handlers.data(bytes);
      });
    });
    return Promise.resolve(ok(undefined));
  }

  write(sent: string): void {
    if (this.handlers === null) return;
    const text = this.down === null ? sent : this.down.pass(sent);
    if (text === "") return;
    queueMicrotask(() => this.firmware.receive(text));
  }

  close(): Promise<void> {
    this.handlers = null;
    this.firmware.connect(null);
    return Promise.resolve();
  }

  unplug(): void {
    this.plugged = false;
    const handlers = this.handlers;
    this.handlers = null;
    this.firmware.connect(null);
    if (handlers !== null) queueMicrotask(() => handlers.closed("device unplugged"));
  }
}

export class SimulatedBoard extends BoardSession {
  readonly physical: PhysicalBoard;
  readonly firmware: SimulatedFirmware;
  private readonly cable: MemoryTransport;
  private readonly clock: Scheduler;
  private readonly timeScale: number;
  private traces = 0;
  private readonly seed: number;

  constructor(options: SimulatedBoardOptions = {}) {
    const scheduler = options.scheduler ?? realScheduler;
    const { physical, firmware } = simulatedHardware(options, scheduler);
    const cable = new MemoryTransport(firmware, options.lineNoise ?? null, options.seed ?? 1);
    super(cable, { ...options.session, scheduler });
    this.physical = physical;
    this.firmware = firmware;
    this.cable = cable;
    this.clock = scheduler;
    this.timeScale = options.timeScale ?? 1;
    this.seed = options.seed ?? 1;
    firmware.powerOn("power");
  }

  get hand(): Hand {
    return this.physical.hand;
  }

  /** What the board's LEDs show, by pit. */
  get leds(): ReadonlyMap<string, LedState> {
    return this.firmware.leds;
  }

  /** Lit LEDs as `{ A1: "GB" }`. */
  litLeds(): Record<string, string> {
    return this.firmware.litLeds();
  }

  /** Resolves once the handshake is done (or with the reason it is not, after `timeoutMs`). */
  ready(timeoutMs = 5000): Promise<Result<InfoMessage, LinkError>> {
    return waitForReady(this, timeoutMs, { scheduler: this.clock });
  }

  /** Performs an engine trace stone by stone (`hex61`: a push of marbles) at the board's `timeScale`. */
  playTrace(
    trace: readonly ProtocolStep[],
    timing: TraceTiming = {},
  ): Promise<Result<void, HandError>> {
    return playTrace(this.physical, trace, {
      timeScale: this.timeScale,
      seed: this.seed + this.traces++,
      scheduler: this.clock,
      ...timing,
    });
  }

  /** Pulls the USB cable: the board loses power and the host's port goes away. */
  unplug(): void {
    this.firmware.powerOff();
    this.cable.unplug();
  }

  /** Plugs it back: the board boots; the host finds it on its next reopen. */
  replug(): void {
    this.cable.plugged = true;
    this.firmware.powerOn("power");
  }

  override async close(): Promise<void> {
    await super.close();
    this.firmware.powerOff();
  }
}
