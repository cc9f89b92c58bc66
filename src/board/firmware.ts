/**
 * `SimulatedFirmware`: the board's side of PROTOCOL.md in TypeScript, reading
 * a `PhysicalBoard` through simulated sensors. It answers every command
 * (BOOT, INFO, ACK/NAK, CALR), sends heartbeats, change and periodic
 * snapshots with debounce and per-pit settled flags, keeps its LED state for
 * tests to inspect, turns LEDs off on host timeout, and reboots on request.
 *
 *   const fw = new SimulatedFirmware(physical, { scheduler, noise: { jitter: 0.3 }, seed: 7 });
 *   fw.connect((bytes) => port.write(bytes));  // where its lines go
 *   fw.receive(chunk);                          // bytes from the host
 *   fw.powerOn();                               // BOOT, then sensing starts
 *   fw.led("A1");  fw.leds;                     // LED state
 *   fw.pressButton(1); fw.reboot("watchdog"); fw.dropNextLines(2); fw.corruptNextLine();
 *
 * Sensor and link imperfections (all off by default, seeded): count jitter
 * while the hand hovers over a pit or a pit has just changed (`jitter`,
 * `settleMs`), a dropped stone's bounce (`bounceMs`: for a seeded 1/3 to all
 * of that time after a count rises the pit reads count − 1 or count, and its
 * settle timer restarts at every scan, as a bouncing stone in a hard cup does
 * for 50–150 ms; src/emulator/physics.ts models it force by force), lost
 * lines (`lineLoss`), corrupted lines (`lineCorruption`) and spontaneous
 * reboots (`rebootsPerMinute`).
 *
 * On the Glassperlenspiel board (`2x5+2`) every place also has an RFID reader
 * (`tag-readers.ts`): the load cell weighs the beads, the reader names the
 * gems, and a place reports as plain stones the beads it has not identified.
 * Tags read late (`tagLag`) or missed for a scan (`tagFlicker`) change the
 * reading, so the place settles only `deb` ms after its tags are read again;
 * `loseTag` and `crossRead` inject a dead tag and a tag read in two places.
 *
 * On the Abalone board (`hex61`) every hole has a hall sensor that tells an
 * empty hole from a black or a white marble, and from AB-9.6's neutral one
 * (`n`); a board set up with colourless marbles (`x`) plays a board that
 * senses presence only. A marble rolling over a hole
 * (`PhysicalBoard.rolling`: leaving it, rolling in, rattling after it drops)
 * moves the sensor's signal, so the hole restarts its settle timer on every
 * scan while it rolls (§7) and, with noise (`jitter`), its reading may
 * flicker between empty and the rolling marble's colour. Its sensors need no
 * calibration (`cal=0` unless `calibration` is set; then `CAL <hole> b` is
 * accepted when the hole holds that marble), and `max=` is 1.
 *
 * Load cells (hardware/README.md §2.3–§2.4): every pit has its own zero and
 * gain (raw units, seeded), and the counts it reports are
 * round((raw − zero) / gain) with the zero and gain it has stored. A pit
 * calibrated at power-up stores its true ones, so it counts exactly; a pit
 * listed in `uncalibrated` stores none and counts with nominal values (best
 * effort, PROTOCOL.md §10) until `TARE` records its zero and `CAL <pit> <n>`
 * its gain; while such a pit's weight lies between whole stones, its count is
 * held and it stays unsettled, as the reference firmware does
 * (hardware/README.md §3). Stored calibration lives as long as the object
 * (the EEPROM).
 */
import { HOLE_CODES, MARBLE_COLOURS, seededRandom, shapeOf } from "../shared/index.js";
import {
  LED_COLOURS,
  LED_PATTERNS,
  PROTOCOL_VERSION,
  formatBoardMessage,
  hasPit,
} from "../protocol/index.js";
import type {
  BoardMessage,
  BootReason,
  Gem,
  HoleContent,
  HostMessage,
  LedColour,
  LedPattern,
  LedState,
  MarbleColour,
  NakReason,
  SnapshotBoard,
  SnapshotReason,
} from "../protocol/index.js";
import type { PhysicalBoard } from "./physical-board.js";
import { TagReaders } from "./tag-readers.js";
import { DeviceLines } from "./device-lines.js";
import type { Outgoing } from "./device-lines.js";
import { realScheduler } from "./scheduler.js";
import type { Scheduler } from "./scheduler.js";

export interface NoiseOptions {
  /** Chance per scan (50 ms) that an unsteady pit reads one stone off (0..1); `hex61`: that a hole a marble rolls over reads wrong. */
  readonly jitter?: number;
  /** How long a pit stays unsteady after its count changed, ms (slow settling). */
  readonly settleMs?: number;
  /**
   * A stone dropped into a pit bounces for a seeded `bounceMs`/3 .. `bounceMs` ms
   * (hard wood: 50–150 ms): meanwhile the pit reads count − 1 or count and its
   * settle timer restarts every scan. 0: off.
   */
  readonly bounceMs?: number;
  /** Chance that a board line is lost (its sequence number still used). */
  readonly lineLoss?: number;
  /** Chance that a board line is damaged on the way (one character changed). */
  readonly lineCorruption?: number;
  /** Spontaneous reboots (watchdog) per minute. */
  readonly rebootsPerMinute?: number;
  /** `2x5+2`: chance that a gem's tag is read one or two scans after its weight arrives. */
  readonly tagLag?: number;
  /** `2x5+2`: chance per scan that a tag lying in a place is missed. */
  readonly tagFlicker?: number;
}

/** What `--noise` means: a shaky but usable board. */
export const DEFAULT_NOISE: Required<NoiseOptions> = {
  jitter: 0.3,
  settleMs: 300,
  bounceMs: 150,
  lineLoss: 0.005,
  lineCorruption: 0.005,
  rebootsPerMinute: 0,
  tagLag: 0.3,
  tagFlicker: 0.002,
};

export interface FirmwareOptions {
  readonly scheduler?: Scheduler;
  readonly noise?: NoiseOptions;
  readonly seed?: number;
  /** The boot counter before power-up (the first BOOT says one more). Default 0. */
  readonly bootCount?: number;
  readonly boardId?: string;
  readonly firmwareVersion?: string;
  /** Largest count the sensors tell (default 64). */
  readonly maxCount?: number;
  readonly colours?: readonly LedColour[];
  readonly patterns?: readonly LedPattern[];
  readonly buttons?: number;
  /** Calibration support (default true). */
  readonly calibration?: boolean;
  /** Pits without calibration (ERR calibration-needed once per boot). */
  readonly uncalibrated?: readonly string[];
  /** Pits whose sensor is broken (`?`, ERR sensor-fault). */
  readonly faultyPits?: readonly string[];
  /** Default debounce and snapshot interval after boot (protocol: 200, 2000). */
  readonly debounceMs?: number;
  readonly snapshotIntervalMs?: number;
  /** Sensor scan period (protocol: at most 50 ms). */
  readonly scanMs?: number;
  /**
   * The highest protocol version the board speaks (default 2, PROTOCOL.md
   * §16); 1: a board from before `INFO holes=`, which says nothing of them.
   */
  readonly protocol?: number;
  /**
   * A board that reads PROTOCOL.md §10's "HELLO with a version it does not
   * speak: NAK version" strictly and refuses a HELLO above its own version
   * instead of answering with the highest it speaks (§6.2), as a board
   * written from version 1.7 alone may; kete then asks again in the older version.
   */
  readonly refusesNewerHello?: boolean;
  /**
   * `hex61`: the marbles its sensors tell (`INFO holes=`; default all four,
   * the simulation sends what a hole holds). Without `neutral` the board is
   * one like the reference board before issue 29: its hall sensor feels no
   * field from AB-9.6's neutral marble (it has no magnet,
   * hardware/abalone.md §2.3), so a hole holding it reads empty.
   */
  readonly holes?: readonly MarbleColour[];
}

/** A pit's load cell in raw units (CALR's 0..65535): the reading when empty, and per stone. */
export interface LoadCell {
  readonly zero: number;
  readonly gain: number;
}

/**
 * What an uncalibrated pit assumes: a centred zero, and a 5.4 g stone on a
 * nominal cell (11600 HX711 counts, hardware/firmware/README.md, in CALR's units).
 */
export const NOMINAL_CELL: LoadCell = { zero: 32768, gain: 11600 / 256 };
/** A gain `CAL` accepts, relative to nominal (a 3–10 g stone, hardware/README.md §2.4). */
const PLAUSIBLE_GAIN: readonly [number, number] = [0.55, 1.85];

const OFF: LedState = { pattern: "off" };

export class SimulatedFirmware {
  readonly physical: PhysicalBoard;
  private readonly scheduler: Scheduler;
  private readonly noise: Required<NoiseOptions>;
  private readonly random: () => number;
  private readonly options: FirmwareOptions;
  /** Host lines read and answered as every host-side board does (device-lines.ts). */
  private readonly lines = new DeviceLines({
    send: (message) => this.send(message),
    execute: (command) => this.execute(command),
    reboot: () => this.reboot("command"),
    heard: (command) => {
      this.lastHostLineAt = this.scheduler.now();
      this.hostLost = false;
      if (command === null) return;
      if (this.commands.length >= 1000) this.commands.splice(0, 500);
      this.commands.push(command);
    },
    silent: () => this.mute,
  });
  private sink: ((bytes: string) => void) | null = null;
  private readonly ledListeners = new Set<(leds: ReadonlyMap<string, LedState>) => void>();

  private powered = false;
  private boots: number;
  private seq = 0;
  private bootAt = 0;
  private debounce = 200;
  private interval = 2000;
  private readonly ledState = new Map<string, LedState>();
  private readonly pressed = new Set<number>();
  /** Per pit: its true load cell, and the zero and gain stored in "EEPROM". */
  private readonly cells: LoadCell[];
  private readonly stored: { zero?: number; gain?: number }[];
  private readonly faulty: Set<string>;
  /** `2x5+2`: the RFID readers, and the gems each place reports. */
  private readonly tagReaders: TagReaders | null;
  private tagReads: (readonly Gem[])[] = [];
  /** `2x5+2`: places whose tag reader is faulty now (a tag unread too long at an unchanged weight). */
  private readonly tagFaulty = new Set<number>();

  /** Per pit: the reading, when it last changed, the true count and when that changed. */
  private readings: (number | null)[] = [];
  private changedAt: number[] = [];
  private trueCounts: number[] = [];
  private trueChangedAt: number[] = [];
  private lastSentKey = "";
  private lastChangeSnapAt = -Infinity;
  private lastSnapAt = 0;
  private lastHostLineAt = 0;
  private hostLost = false;
  private dropLines = 0;
  private corruptLines = 0;
  private mute = false;
  private cancelScan: (() => void) | null = null;
  private cancelBeat: (() => void) | null = null;
  /** Per pit: until when a dropped stone bounces (scheduler ms), and the count last seen. */
  private readonly bounceUntil: number[];
  private readonly seenCounts: number[];
  private readonly bounceRandom: () => number;
  /** Lines sent (including lost ones), commands received: for tests and benches. */
  sentLines = 0;
  readonly commands: HostMessage[] = [];

  constructor(physical: PhysicalBoard, options: FirmwareOptions = {}) {
    this.physical = physical;
    this.options = options;
    this.scheduler = options.scheduler ?? realScheduler;
    this.noise = { ...zeroNoise(), ...options.noise };
    this.random = seededRandom(options.seed ?? 1);
    this.boots = options.bootCount ?? 0;
    this.faulty = new Set(options.faultyPits ?? []);
    const uncalibrated = new Set(options.uncalibrated ?? []);
    // Its own random stream, so that the noise of existing seeds is unchanged.
    const spread = seededRandom(((options.seed ?? 1) ^ 0x5eed) >>> 0);
    this.cells = physical.pits.map(() => ({
      zero: NOMINAL_CELL.zero + Math.round(800 * spread() - 400),
      gain: NOMINAL_CELL.gain * (0.85 + 0.3 * spread()),
    }));
    this.stored = physical.pits.map((pit, i) =>
      uncalibrated.has(pit) ? {} : { ...(this.cells[i] ?? NOMINAL_CELL) },
    );
    // Bounces draw from their own stream, so the other noise of a seed is unchanged.
    this.bounceRandom = seededRandom(((options.seed ?? 1) ^ 0xb0c3) >>> 0);
    this.bounceUntil = physical.pits.map(() => -Infinity);
    this.seenCounts = physical.hasHoles ? [] : physical.pits.map((p) => physical.count(p));
    if (this.noise.bounceMs > 0 && !physical.hasHoles) {
      physical.onChange((pit, count) => this.stoneMoved(pit, count));
    }
    this.tagReaders = physical.hasGems
      ? new TagReaders(physical, seededRandom(((options.seed ?? 1) ^ 0x7a65) >>> 0), {
          lag: this.noise.tagLag,
          flicker: this.noise.tagFlicker,
        })
      : null;
  }

  // --------------------------------------------------------------- wiring

  /** Where the board's bytes go (a serial port, an in-memory link); null disconnects. */
  connect(sink: ((bytes: string) => void) | null): void {
    this.sink = sink;
  }

  /** Bytes from the host. Ignored while powered off. */
  receive(chunk: Uint8Array | string): void {
    if (!this.powered) return;
    this.lines.receive(chunk);
  }

  get isPowered(): boolean {
    return this.powered;
  }

  /** Power-up (or reset): counter +1, defaults, dark LEDs, `BOOT`, then sensing. */
  powerOn(reason: BootReason = "power"): void {
    this.stop();
    this.powered = true;
    this.boots = (this.boots + 1) & 0xffff;
    this.seq = 0;
    this.bootAt = this.scheduler.now();
    this.debounce = this.options.debounceMs ?? 200;
    this.interval = this.options.snapshotIntervalMs ?? 2000;
    this.setAllLeds(OFF);
    this.pressed.clear();
    this.lines.reset();
    this.hostLost = false;
    this.lastHostLineAt = this.bootAt;
    const now = this.bootAt;
    this.trueCounts = this.weights();
    this.tagReaders?.reset(now);
    this.tagFaulty.clear();
    this.tagReads = this.physical.pits.map((p) => this.physical.gems(p));
    this.readings = this.trueCounts.map((c, i) =>
      this.isFaulty(i)
        ? null
        : this.physical.hasHoles
          ? c
          : Math.max(0, this.sensed(i, c) - (this.tagReads[i]?.length ?? 0)),
    );
    // PROTOCOL.md §7 (1.1): a pit counts as unchanged from its first reading
    // after boot, so steady pits settle `deb` ms after BOOT, not at once.
    this.changedAt = this.trueCounts.map(() => now);
    this.trueChangedAt = this.trueCounts.map(() => now - 100_000);
    this.lastSentKey = "";
    this.lastChangeSnapAt = -Infinity;
    this.lastSnapAt = now;
    this.send({ type: "boot", boot: this.boots, reason });
    // §6.4 (1.1): the first heartbeat follows BOOT at once, then one a second.
    this.send({ type: "heartbeat", boot: this.boots, uptime: 0 });
    for (const pit of this.physical.pits) {
      if (this.faulty.has(pit)) this.send({ type: "error", code: "sensor-fault", pit });
      else if (!this.isCalibrated(this.physical.pits.indexOf(pit)) && this.calibrationSupported) {
        this.send({ type: "error", code: "calibration-needed", pit });
      }
    }
    this.cancelScan = this.scheduler.schedule(() => this.scan(), this.scanMs);
    this.cancelBeat = this.scheduler.schedule(() => this.beat(), 1000);
  }

  /** Power cut: nothing more is sent or heard until `powerOn`. */
  powerOff(): void {
    this.stop();
    this.powered = false;
  }

  /** A reset (watchdog, brownout, the reset pin …): `powerOn` with that reason. */
  reboot(reason: BootReason = "watchdog"): void {
    this.powerOn(reason);
  }

  // ------------------------------------------------------------ inspection

  get bootCount(): number {
    return this.boots;
  }

  get settings(): { readonly debounceMs: number; readonly snapshotIntervalMs: number } {
    return { debounceMs: this.debounce, snapshotIntervalMs: this.interval };
  }

  /** Every LED by pit. */
  get leds(): ReadonlyMap<string, LedState> {
    return this.ledState;
  }

  led(pit: string): LedState {
    return this.ledState.get(pit) ?? OFF;
  }

  /** LEDs that are not off, as `{ A1: "GB" }` (colour and pattern letters): handy in assertions. */
  litLeds(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [pit, led] of this.ledState) {
      if (led.pattern !== "off") out[pit] = LED_COLOURS[led.colour] + LED_PATTERNS[led.pattern];
    }
    return out;
  }

  /** Called after every change of the LEDs. */
  onLeds(listener: (leds: ReadonlyMap<string, LedState>) => void): () => void {
    this.ledListeners.add(listener);
    return () => this.ledListeners.delete(listener);
  }

  // ------------------------------------------------------- fault injection

  /** The next `n` lines are lost (their sequence numbers are used: the host sees a gap). */
  dropNextLines(n = 1): void {
    this.dropLines += n;
  }

  /** The next line is damaged on the way (bad checksum at the host). */
  corruptNextLine(): void {
    this.corruptLines++;
  }

  /** Sends raw bytes as they are (garbage, an endless line …). */
  sendRaw(bytes: string): void {
    if (this.powered) this.sink?.(bytes);
  }

  /** A board that hears but never answers commands (still sends HB and snapshots). */
  set silent(on: boolean) {
    this.mute = on;
  }

  pressButton(button: number): void {
    if (this.pressed.has(button)) return;
    this.pressed.add(button);
    this.send({ type: "button", button, action: "press" });
  }

  releaseButton(button: number): void {
    if (!this.pressed.delete(button)) return;
    this.send({ type: "button", button, action: "release" });
  }

  /** `2x5+2`: a dead tag (never read), or (`false`) a working one again. */
  loseTag(gem: Gem, lost = true): void {
    this.tagReaders?.loseTag(gem, lost);
  }

  /** `2x5+2`: the reader of `place` reads `gem` too (a tag read in two places); null stops it. */
  crossRead(gem: Gem, place: string | null): void {
    this.tagReaders?.crossRead(gem, place);
  }

  /** Sends a snapshot now, as for a `SNAP` command. */
  snapshotNow(reason: SnapshotReason = "request"): void {
    this.sample();
    this.sendSnapshot(reason);
  }

  // -------------------------------------------------------------- sensing

  private get scanMs(): number {
    return this.options.scanMs ?? 50;
  }

  private get calibrationSupported(): boolean {
    return this.options.calibration ?? !this.physical.hasHoles;
  }

  private isFaulty(i: number): boolean {
    return this.faulty.has(this.physical.pits[i] ?? "");
  }

  private stop(): void {
    this.cancelScan?.();
    this.cancelBeat?.();
    this.cancelScan = this.cancelBeat = null;
  }

  /** `hex61`: the marbles the sensors tell (`INFO holes=`). */
  private get tells(): readonly MarbleColour[] {
    return this.options.holes ?? (Object.keys(MARBLE_COLOURS) as MarbleColour[]);
  }

  /** `hex61`: what a hole's sensor reads of what it holds (a marble it does not tell: empty). */
  private holeCode(h: HoleContent): number {
    return HOLE_CODES.indexOf(h === "empty" || this.tells.includes(h) ? h : "empty");
  }

  /** What each place's load cell weighs, in beads: stones (and, on `2x5+2`, gems). */
  private weights(): number[] {
    if (this.physical.hasHoles) return this.physical.holes().map((h) => this.holeCode(h));
    return this.physical.hasGems
      ? this.physical.pits.map((p) => this.physical.beads(p))
      : this.physical.counts();
  }

  private weight(i: number): number {
    const pit = this.physical.pits[i] ?? "";
    if (this.physical.hasHoles) return this.holeCode(this.physical.hole(pit));
    return this.physical.hasGems ? this.physical.beads(pit) : this.physical.count(pit);
  }

  /** Reads every sensor once (with noise). */
  private sample(): void {
    if (this.physical.hasHoles) {
      this.sampleHoles();
      return;
    }
    const now = this.scheduler.now();
    const weights = this.weights();
    const hovering = this.physical.hand.hovering;
    const tags = this.tagReaders?.scan(now, this.scanMs) ?? null;
    weights.forEach((count, i) => {
      if (count !== this.trueCounts[i]) {
        this.trueCounts[i] = count;
        this.trueChangedAt[i] = now;
      }
      const sensed = this.sensed(i, count);
      // Between whole stones (an uncalibrated cell): the count is held, the pit moving.
      const between = !this.isFaulty(i) && !this.wholeStones(i, count);
      let reading: number | null = between ? (this.readings[i] ?? sensed) : sensed;
      if (this.isFaulty(i)) reading = null;
      else if (this.noise.jitter > 0) {
        const pit = this.physical.pits[i];
        const unsteady =
          pit === hovering || now - (this.trueChangedAt[i] ?? 0) < this.noise.settleMs;
        if (unsteady && this.random() < this.noise.jitter) {
          reading = sensed === 0 ? 1 : sensed + (this.random() < 0.5 ? -1 : 1);
        }
      }
      let moving = between;
      if (reading !== null && !between && now < (this.bounceUntil[i] ?? -Infinity)) {
        // A stone in flight: its weight comes and goes.
        reading = this.bounceRandom() < 0.5 ? Math.max(0, sensed - 1) : sensed;
        moving = true;
      }
      if (tags !== null) {
        const read = tags.tags[i] ?? [];
        // The beads its reader did not identify count as plain stones.
        if (reading !== null && !between) reading = Math.max(0, reading - read.length);
        if (read.join("") !== (this.tagReads[i] ?? []).join("")) moving = true;
        this.tagReads[i] = read;
        if (tags.unsteady[i] === true) moving = true;
        if (this.tagFault(i, tags.faulty[i] === true)) reading = null;
      }
      if (reading !== this.readings[i] || moving) {
        this.readings[i] = reading;
        this.changedAt[i] = now;
      }
    });
  }

  /** A pit's count changed: a rise is a stone dropped, which bounces. */
  private stoneMoved(pit: string, count: number): void {
    const i = this.physical.pits.indexOf(pit);
    if (i < 0) return;
    const before = this.seenCounts[i] ?? 0;
    this.seenCounts[i] = count;
    if (count <= before) return;
    const ms = this.noise.bounceMs * (1 / 3 + (2 / 3) * this.bounceRandom());
    this.bounceUntil[i] = this.scheduler.now() + ms;
  }

  /**
   * `hex61`: reads every hall sensor. A hole a marble rolls over is moving
   * (its settle timer restarts) and, with jitter, may read the marble where
   * there is none or none where it is.
   */
  private sampleHoles(): void {
    const now = this.scheduler.now();
    this.weights().forEach((code, i) => {
      if (code !== this.trueCounts[i]) {
        this.trueCounts[i] = code;
        this.trueChangedAt[i] = now;
      }
      const faulty = this.isFaulty(i);
      const rolling = faulty ? null : this.physical.rolling(this.physical.pits[i] ?? "");
      let reading: number | null = faulty ? null : code;
      if (rolling !== null && this.noise.jitter > 0 && this.random() < this.noise.jitter) {
        reading = code === 0 ? this.holeCode(rolling) : 0;
      }
      if (reading !== this.readings[i] || rolling !== null) {
        this.readings[i] = reading;
        this.changedAt[i] = now;
      }
    });
  }

  /** Whether place `i`'s tag reader is faulty now; says `ERR sensor-fault` when it becomes so. */
  private tagFault(i: number, faulty: boolean): boolean {
    if (!faulty || this.isFaulty(i)) {
      this.tagFaulty.delete(i);
      return false;
    }
    if (!this.tagFaulty.has(i)) {
      this.tagFaulty.add(i);
      this.send({ type: "error", code: "sensor-fault", pit: this.physical.pits[i] ?? "" });
    }
    return true;
  }

  private scan(): void {
    this.cancelScan = this.scheduler.schedule(() => this.scan(), this.scanMs);
    const now = this.scheduler.now();
    this.sample();
    if (!this.hostLost && now - this.lastHostLineAt >= 5000) {
      this.hostLost = true;
      this.setAllLeds(OFF);
      this.send({ type: "error", code: "host-timeout", pit: null });
    }
    const key = this.stateKey(now);
    if (key !== this.lastSentKey && now - this.lastChangeSnapAt >= 50) {
      this.lastChangeSnapAt = now;
      this.sendSnapshot("change");
    } else if (this.interval > 0 && now - this.lastSnapAt >= this.interval) {
      this.sendSnapshot("periodic");
    }
  }

  private beat(): void {
    this.cancelBeat = this.scheduler.schedule(() => this.beat(), 1000);
    const now = this.scheduler.now();
    if (this.noise.rebootsPerMinute > 0 && this.random() < this.noise.rebootsPerMinute / 60) {
      this.reboot("watchdog");
      return;
    }
    this.send({
      type: "heartbeat",
      boot: this.boots,
      uptime: Math.floor((now - this.bootAt) / 1000),
    });
  }

  private settledBits(now: number): boolean[] {
    return this.readings.map(
      (r, i) =>
        r !== null && (this.debounce === 0 || now - (this.changedAt[i] ?? 0) >= this.debounce),
    );
  }

  private stateKey(now: number): string {
    const bits = this.settledBits(now);
    return this.readings
      .map((r, i) => `${r ?? "?"}${(this.tagReads[i] ?? []).join("")}${bits[i] ? "" : "u"}`)
      .join(",");
  }

  private sendSnapshot(reason: SnapshotReason): void {
    const now = this.scheduler.now();
    const bits = this.settledBits(now);
    const unsettled = this.physical.pits.filter((_, i) => !bits[i]);
    const settled = this.readings.every((r, i) => r === null || bits[i]);
    this.lastSentKey = this.stateKey(now);
    this.lastSnapAt = now;
    this.send({ type: "snapshot", reason, settled, unsettled, board: this.snapshotBoard() });
  }

  /** The cells as the board's shape writes them from its sensors (counts, gems read, hole codes). */
  private snapshotBoard(): SnapshotBoard {
    const shape = shapeOf(this.physical.geometry.id);
    // The shape's codec gives cells of its own kind, as SnapshotBoard pairs them with its id.
    return shape.codec.fromSensors(shape.id, this.readings, this.tagReads) as SnapshotBoard;
  }

  // ---------------------------------------------------------------- output

  private send(message: Outgoing): void {
    if (!this.powered) return;
    const seq = this.seq;
    this.seq = (this.seq + 1) & 0xff;
    this.sentLines++;
    const line = formatBoardMessage({ ...message, seq } as BoardMessage);
    if (!line.ok)
      throw new Error(`simulated firmware cannot format ${message.type}: ${line.error.message}`);
    if (this.dropLines > 0) {
      this.dropLines--;
      return;
    }
    if (this.noise.lineLoss > 0 && this.random() < this.noise.lineLoss) return;
    let text = line.value;
    if (
      this.corruptLines > 0 ||
      (this.noise.lineCorruption > 0 && this.random() < this.noise.lineCorruption)
    ) {
      if (this.corruptLines > 0) this.corruptLines--;
      text = corrupt(text, this.random);
    }
    this.sink?.(`${text}\n`);
  }

  // -------------------------------------------------------------- commands

  /** Carries out a command (data lines first); the NAK reason, or null for ACK. */
  private execute(c: HostMessage): NakReason | null {
    const geometry = this.physical.geometry.id;
    const cal = this.calibrationSupported;
    switch (c.type) {
      case "hello": {
        // The highest version both speak (PROTOCOL.md §6.2); from 2 on INFO says `holes=`.
        const own = this.options.protocol ?? PROTOCOL_VERSION;
        if (this.options.refusesNewerHello === true && c.proto > own) return "version";
        const proto = Math.min(c.proto, own);
        this.send({
          type: "info",
          proto,
          firmware: this.options.firmwareVersion ?? "sim-1.0.0",
          boardId: this.options.boardId ?? "KETE-SIM",
          geometry,
          boot: this.boots,
          maxCount: this.options.maxCount ?? shapeOf(this.physical.geometry.id).maxCount,
          colours: this.colours,
          patterns: this.patterns,
          buttons: this.options.buttons ?? 2,
          calibration: cal,
          debounceMs: this.debounce,
          snapshotIntervalMs: this.interval,
          ...(proto >= 2 ? { holes: this.physical.hasHoles ? this.tells : [] } : {}),
        });
        return null;
      }
      case "ping":
        return null;
      case "snapshot-request":
        this.snapshotNow("request");
        return null;
      case "config":
        if (c.debounceMs !== null) this.debounce = c.debounceMs;
        if (c.snapshotIntervalMs !== null) this.interval = c.snapshotIntervalMs;
        return null;
      case "led": {
        if (this.colours.length === 0) return "unsupported";
        if (c.leds.some((e) => !hasPit(geometry, e.pit))) return "bad-pit";
        if (c.leds.some((e) => !this.ledSupported(e.led))) return "unsupported";
        for (const e of c.leds) this.ledState.set(e.pit, e.led);
        this.ledsChanged();
        return null;
      }
      case "led-all":
        if (this.colours.length === 0 || !this.ledSupported(c.led)) return "unsupported";
        this.setAllLeds(c.led);
        return null;
      case "led-clear":
        if (this.colours.length === 0) return "unsupported";
        this.setAllLeds(OFF);
        return null;
      case "tare":
        if (!cal) return "unsupported";
        if (c.pit !== null && !hasPit(geometry, c.pit)) return "bad-pit";
        this.physical.pits.forEach((pit, i) => {
          if ((c.pit === null || c.pit === pit) && !this.isFaulty(i)) this.tarePit(i);
        });
        return null;
      case "calibrate":
        if (!cal) return "unsupported";
        if (!hasPit(geometry, c.pit)) return "bad-pit";
        if (this.physical.hasHoles) {
          // A hall sensor is shown what it holds: the marble must be there, and still.
          const i = this.physical.pits.indexOf(c.pit);
          const still = this.physical.rolling(c.pit) === null && !this.isFaulty(i);
          return still && c.known === this.physical.hole(c.pit) ? null : "bad-args";
        }
        if (typeof c.known !== "number") return "bad-args";
        return this.calibratePit(this.physical.pits.indexOf(c.pit), c.known);
      case "calibration-request":
        if (!cal) return "unsupported";
        this.physical.pits.forEach((pit, i) => {
          const status = this.isFaulty(i) ? "fault" : this.isCalibrated(i) ? "ok" : "need";
          this.send({
            type: "calibration",
            pit,
            status,
            raw: this.raw(i, this.weight(i)),
          });
        });
        return null;
      case "reset":
        return null;
    }
  }

  // ----------------------------------------------------------- load cells

  /** The raw reading (CALR's 16 bits) of pit `i` holding `count` stones (`hex61`: a hole code). */
  private raw(i: number, count: number): number {
    if (this.physical.hasHoles) return HALL_RAW[count] ?? HALL_RAW[0];
    const cell = this.cells[i] ?? NOMINAL_CELL;
    return Math.max(0, Math.min(65535, Math.round(cell.zero + cell.gain * count)));
  }

  /** The count pit `i` reports for `count` stones, with its stored (or nominal) zero and gain. */
  private sensed(i: number, count: number): number {
    const stored = this.stored[i] ?? {};
    const x =
      (this.raw(i, count) - (stored.zero ?? NOMINAL_CELL.zero)) /
      (stored.gain ?? NOMINAL_CELL.gain);
    return Math.max(0, Math.min(255, Math.round(x)));
  }

  /**
   * Whether pit `i`'s weight with `count` stones lies within 0.3 stone of a
   * whole number by its stored zero and gain (hardware/README.md §3): always
   * for a calibrated pit; for an uncalibrated one, as its cell happens to be.
   */
  private wholeStones(i: number, count: number): boolean {
    const stored = this.stored[i] ?? {};
    const x =
      (this.raw(i, count) - (stored.zero ?? NOMINAL_CELL.zero)) /
      (stored.gain ?? NOMINAL_CELL.gain);
    return x < -0.5 || Math.abs(x - Math.round(x)) <= 0.3;
  }

  private isCalibrated(i: number): boolean {
    const stored = this.stored[i];
    return stored?.zero !== undefined && stored.gain !== undefined;
  }

  /** `TARE`: the pit is empty now, whatever it holds: its reading becomes its zero. */
  private tarePit(i: number): void {
    const stored = this.stored[i];
    if (stored !== undefined) stored.zero = this.raw(i, this.weight(i));
  }

  /**
   * `CAL <pit> <known>`: 0 tares the pit; otherwise the gain from the zero to
   * this reading, refused (`bad-args`) for a faulty or moving pit or a gain
   * no 3–10 g stone gives (hardware/README.md §2.4).
   */
  private calibratePit(i: number, known: number): NakReason | null {
    const stored = this.stored[i];
    if (stored === undefined || this.isFaulty(i)) return "bad-args";
    this.sample();
    if (this.scheduler.now() - (this.trueChangedAt[i] ?? 0) < this.debounce) return "bad-args";
    if (known === 0) {
      this.tarePit(i);
      return null;
    }
    const zero = stored.zero ?? NOMINAL_CELL.zero;
    const gain = (this.raw(i, this.weight(i)) - zero) / known;
    const relative = gain / NOMINAL_CELL.gain;
    if (relative < PLAUSIBLE_GAIN[0] || relative > PLAUSIBLE_GAIN[1]) return "bad-args";
    stored.zero = zero;
    stored.gain = gain;
    return null;
  }

  /** What pit `pit` has stored (null: no calibration), and its true load cell: for tests. */
  calibration(pit: string): { readonly stored: LoadCell | null; readonly cell: LoadCell } | null {
    const i = this.physical.pits.indexOf(pit);
    const cell = this.cells[i];
    if (cell === undefined) return null;
    const s = this.stored[i] ?? {};
    const stored =
      s.zero !== undefined && s.gain !== undefined ? { zero: s.zero, gain: s.gain } : null;
    return { stored, cell };
  }

  private get colours(): readonly LedColour[] {
    return this.options.colours ?? (Object.keys(LED_COLOURS) as LedColour[]);
  }

  private get patterns(): readonly LedPattern[] {
    return this.options.patterns ?? (Object.keys(LED_PATTERNS) as LedPattern[]);
  }

  private ledSupported(led: LedState): boolean {
    return (
      led.pattern === "off" ||
      (this.colours.includes(led.colour) && this.patterns.includes(led.pattern))
    );
  }

  private setAllLeds(led: LedState): void {
    for (const pit of this.physical.pits) this.ledState.set(pit, led);
    this.ledsChanged();
  }

  private ledsChanged(): void {
    for (const l of this.ledListeners) l(this.ledState);
  }
}

/**
 * `hex61`: a hall sensor's raw reading (CALR) for each hole code (`HOLE_CODES`:
 * empty, black, white, the neutral marble of AB-9.6, a colourless marble): the
 * simulated board's own numbers (the reference board's fields and margins are
 * hardware/abalone.md's). The neutral marble reads as an empty hole's: it is
 * an aluminium ball without a magnet, told by its inductive switch
 * (hardware/abalone.md §2.3), which CALR does not report.
 */
const HALL_RAW: readonly [number, ...number[]] = [512, 212, 812, 512, 812];

function zeroNoise(): Required<NoiseOptions> {
  return {
    jitter: 0,
    settleMs: 0,
    bounceMs: 0,
    lineLoss: 0,
    lineCorruption: 0,
    rebootsPerMinute: 0,
    tagLag: 0,
    tagFlicker: 0,
  };
}

/** One character of the line changed to another printable one. */
function corrupt(line: string, random: () => number): string {
  const i = Math.floor(random() * line.length);
  const old = line.charCodeAt(i);
  let c = 0x21 + Math.floor(random() * 0x5d);
  if (c === old) c = c === 0x7e ? 0x21 : c + 1;
  return line.slice(0, i) + String.fromCharCode(c) + line.slice(i + 1);
}
