/**
 * The host side of the board protocol (PROTOCOL.md §6, §11.2) over any
 * byte transport: handshake, command ids with ACK/NAK matching, timeouts and
 * retransmission, heartbeats, sequence-gap and reboot detection with resync,
 * and reconnection with capped exponential back-off. `SerialBoard` runs it on
 * a serial port, `SimulatedBoard` on an in-memory link to the simulated
 * firmware, so both paths exercise this same code.
 *
 * Nothing here grows without bound: raw bytes go through a bounded line
 * framing, the transport's own if it has one (the serial port's
 * `ReadlineParser` behind a length guard, ./line-framing.ts) or else the
 * codec's `LineFramer`, at most `maxQueuedCommands` commands wait, events are handed
 * to subscribers synchronously, and bad lines are counted, not stored.
 */
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import {
  GEOMETRIES,
  LineFramer,
  OLDEST_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  formatHostMessage,
  parseBoardLine,
} from "../protocol/index.js";
import type {
  BoardErrorCode,
  BoardMessage,
  CalibrationMessage,
  GeometryId,
  HostMessage,
  InfoMessage,
  LedEntry,
  LedState,
  NakMessage,
  SnapshotMessage,
} from "../protocol/index.js";
import type { BoardEvent, BoardLink, BoardSnapshot, LinkState } from "./link.js";
import { realScheduler } from "./scheduler.js";
import type { Scheduler } from "./scheduler.js";
import type { LineErrorCode, LinkError, LinkErrorCode } from "./errors.js";
import type { ParseError } from "../protocol/index.js";

// ------------------------------------------------------------------ transport

/** What a transport tells the session. */
/** The line speed every kete board answers at unless built for another (PROTOCOL.md §2). */
export const DEFAULT_KETE_BAUD = 115200;

export interface TransportHandlers {
  /** Raw bytes (or a string of byte-sized characters) from the board. */
  data(chunk: Uint8Array | string): void;
  /** The device went away (unplugged, port error). Not called after `close()`. */
  closed(reason: string): void;
}

/**
 * Bytes to lines for one connection (PROTOCOL.md §2): `write` raw chunks;
 * the callback it was made with gets each line without its terminator, or a
 * `too-long` error for each over-long line (§11), in order, possibly after
 * `write` returns. After `close` nothing more is delivered.
 */
export interface LineFraming {
  write(chunk: Uint8Array | string): void;
  close(): void;
}

/** The codec's bounded `LineFramer` as a `LineFraming`: synchronous, lines delivered within `write`. */
export function codecLineFraming(
  deliver: (framed: Result<string, ParseError>) => void,
): LineFraming {
  const framer = new LineFramer();
  let open = true;
  return {
    write(chunk) {
      if (!open) return;
      for (const framed of framer.push(chunk)) deliver(framed);
    },
    close() {
      open = false;
      framer.reset();
    },
  };
}

/** A byte link to one board that can be opened again after it closes. */
export interface Transport {
  /** For messages: the device path or "simulated board". */
  readonly name: string;
  /** For messages: the line speed of a serial port (absent: not a serial port). */
  readonly baudRate?: number;
  /** Opens the device; an error (`ENOENT`, `EACCES` …) when it is not there. */
  open(handlers: TransportHandlers): Promise<Result<void, LinkError>>;
  /** Writes one line with its terminator. Must not buffer without bound. */
  write(text: string): void;
  close(): Promise<void>;
  /** This transport's own line framing, made once per connection (default: `codecLineFraming`). */
  framing?(deliver: (framed: Result<string, ParseError>) => void): LineFraming;
}

// -------------------------------------------------------------------- options

export interface SessionTiming {
  /** Wait for an ACK/NAK before retransmitting (§6.3). */
  readonly answerMs: number;
  /** Same for TARE and CAL. */
  readonly slowAnswerMs: number;
  /** Retransmissions of one command before the link counts as lost (§6.3: 3). */
  readonly retransmits: number;
  /** Send PING after this long without a command (§6.4). */
  readonly pingAfterMs: number;
  /** No valid board line for this long: link lost (§6.5). */
  readonly silenceMs: number;
  /** Interval between HELLOs while handshaking (§6.5). */
  readonly helloEveryMs: number;
  /** Unanswered HELLOs before the device is reported and reopened. */
  readonly helloTries: number;
  /** Reconnection back-off: first delay, doubled on every failure up to the cap. */
  readonly reconnectMinMs: number;
  readonly reconnectMaxMs: number;
  /** A bad-line code is reported again only after this long without one. */
  readonly errorBurstMs: number;
}

export const DEFAULT_TIMING: SessionTiming = {
  answerMs: 500,
  slowAnswerMs: 2500,
  retransmits: 3,
  pingAfterMs: 1000,
  silenceMs: 3000,
  helloEveryMs: 1000,
  helloTries: 3,
  reconnectMinMs: 250,
  reconnectMaxMs: 5000,
  errorBurstMs: 2000,
};

export interface SessionOptions {
  /** Clock and timers (default: Node's). */
  readonly scheduler?: Scheduler;
  /** Overrides of the protocol's timeouts (tests and benches). */
  readonly timing?: Partial<SessionTiming>;
  /** Debounce (`CFG deb=`) restored after every handshake; omit to keep the board's. */
  readonly debounceMs?: number;
  /** Snapshot interval (`CFG int=`) restored after every handshake. */
  readonly snapshotIntervalMs?: number;
  /** Refuse a board of another geometry (reported, then retried). */
  readonly geometry?: GeometryId;
  /** Commands that may wait for the board (default 32); more are refused with `busy`. */
  readonly maxQueuedCommands?: number;
  /** Start connecting on the next microtask (default true); else call `start()`. */
  readonly autoStart?: boolean;
}

// ------------------------------------------------------------------- commands

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A host command before it is given an id. */
export type CommandBody = DistributiveOmit<HostMessage, "id">;

interface Command {
  readonly body: CommandBody;
  /** Sent by the session itself (handshake, restore, resync, ping), not by a caller. */
  readonly internal: boolean;
  readonly resolve: (result: Result<void, LinkError>) => void;
  id: number | null;
  line: string;
  tries: number;
}

const RETRANSMIT_ERRORS = new Set(["rx-checksum", "rx-syntax", "rx-overflow"]);

/**
 * The `line-error` code of a snapshot that lists a gem in two places: a
 * sensor fault of the board's tag readers, which the session drops instead of
 * passing on as a reading (PROTOCOL.md §7, revision 1.3).
 */
export const TAG_CONFLICT = "tag-conflict";

/** How many times `helloTries` HELLOs go out to a board heard during the handshake (issue 18). */
const HEARD_HELLO_FACTOR = 4;

/** Which phase the session is really in; `state` is what subscribers were told. */
type Phase = "idle" | "opening" | "handshaking" | "ready" | "waiting" | "closed";

function describeCommand(body: CommandBody): string {
  switch (body.type) {
    case "led":
      return `LED ${body.leds.map((e) => e.pit).join(" ")}`;
    case "led-all":
      return "LEDALL";
    case "led-clear":
      return "CLR";
    case "snapshot-request":
      return "SNAP";
    case "config":
      return "CFG";
    case "tare":
      return body.pit === null ? "TARE" : `TARE ${body.pit}`;
    case "calibrate":
      return `CAL ${body.pit}`;
    case "calibration-request":
      return "CALGET";
    default:
      return body.type.toUpperCase();
  }
}

// -------------------------------------------------------------------- session

/** The host session; `SerialBoard` and `SimulatedBoard` are this over their transports. */
export class BoardSession implements BoardLink {
  private readonly transport: Transport;
  private readonly scheduler: Scheduler;
  private readonly timing: SessionTiming;
  private readonly options: SessionOptions;
  /** The current connection's framing (null between connections). */
  private framing: LineFraming | null = null;
  private readonly listeners = new Set<(event: BoardEvent) => void>();
  private readonly maxQueued: number;

  private phase: Phase = "idle";
  private publicState: LinkState = "connecting";
  private lostReason: string | null = null;
  /** Scheduler time of the last valid line from the board. */
  private lastValidLineAt = Number.NEGATIVE_INFINITY;
  private currentInfo: InfoMessage | null = null;
  private latest: BoardSnapshot | null = null;
  /** Bumped on every open/close so callbacks of an old connection do nothing. */
  private generation = 0;

  private queue: Command[] = [];
  private outstanding: Command | null = null;
  private nextId = 1;
  private hello: { id: number; info: InfoMessage | null } | null = null;
  private helloTries = 0;
  /** The version the next HELLO asks for: kete's own, one less after a board's `NAK version`. */
  private helloVersion = PROTOCOL_VERSION;
  /** Lines kete could not read while handshaking (for the "not a kete board" message). */
  private unreadable = 0;
  /**
   * Kete lines damaged on the way (a bad checksum) since the handshake
   * began: a board is there behind a noisy line, and its answer to HELLO may
   * be among them, so HELLO goes on for longer before the device is
   * reported (issue 18). Valid lines alone do not count: a board that talks
   * but never answers HELLO is reported after `helloTries` as before.
   */
  private heard = 0;

  private lastSeq: number | null = null;
  private knownBoot: number | null = null;
  private lastUptime: number | null = null;
  /** Pits the board said need calibration since it last booted (`ERR calibration-needed`, `CALR … need`). */
  private readonly needCalibration = new Set<string>();
  /** The CALR lines of the CALGET under way (`readCalibration`), null when none is. */
  private calibrationLines: CalibrationMessage[] | null = null;
  private backoffMs: number;

  private readonly desiredLeds = new Map<string, LedState>();
  private ledsTouched = false;

  private readonly errorCounts = new Map<string, number>();
  /** No SNAP for a tag conflict before this time. */
  private tagResyncAfter = -Infinity;
  private readonly burstUntil = new Map<string, number>();

  private cancelAnswer: (() => void) | null = null;
  private cancelSilence: (() => void) | null = null;
  private cancelPing: (() => void) | null = null;
  private cancelHello: (() => void) | null = null;
  private cancelReconnect: (() => void) | null = null;

  constructor(transport: Transport, options: SessionOptions = {}) {
    this.transport = transport;
    this.options = options;
    this.scheduler = options.scheduler ?? realScheduler;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.maxQueued = options.maxQueuedCommands ?? 32;
    this.backoffMs = this.timing.reconnectMinMs;
    if (options.autoStart !== false) queueMicrotask(() => this.start());
  }

  // ------------------------------------------------------------ BoardLink

  get info(): InfoMessage | null {
    return this.currentInfo;
  }

  get state(): LinkState {
    return this.publicState;
  }

  /** The latest snapshot, settled or not (null before the first). */
  get snapshot(): BoardSnapshot | null {
    return this.latest;
  }

  /** Bad lines, gaps, NAKs and retransmissions so far, by code. */
  get lineErrors(): ReadonlyMap<string, number> {
    return this.errorCounts;
  }

  /**
   * Pits the board has said need calibration since it last booted: its
   * `ERR calibration-needed` lines (sent with BOOT, before the handshake is
   * done, so before anyone has subscribed) and its answers to CALGET. In the
   * order the board named them.
   */
  get uncalibratedPits(): readonly string[] {
    return [...this.needCalibration];
  }

  /** The device's name, as used in messages. */
  get name(): string {
    return this.transport.name;
  }

  subscribe(listener: (event: BoardEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setLeds(entries: readonly LedEntry[]): Promise<Result<void, LinkError>> {
    if (entries.length === 0) return Promise.resolve(ok(undefined));
    const seen = new Set<string>();
    for (const e of entries) {
      if (seen.has(e.pit)) {
        return Promise.resolve(err("bad-args", `pit ${e.pit} is listed twice`));
      }
      seen.add(e.pit);
    }
    for (const e of entries) this.desiredLeds.set(e.pit, e.led);
    this.ledsTouched = true;
    const chunks: LedEntry[][] = [];
    for (let i = 0; i < entries.length; i += 40) chunks.push(entries.slice(i, i + 40));
    return this.sequence(chunks.map((leds) => ({ type: "led", leds })));
  }

  clearLeds(): Promise<Result<void, LinkError>> {
    this.desiredLeds.clear();
    this.ledsTouched = true;
    return this.command({ type: "led-clear" });
  }

  requestSnapshot(): Promise<Result<void, LinkError>> {
    return this.command({ type: "snapshot-request" });
  }

  tare(pit?: string): Promise<Result<void, LinkError>> {
    return this.command({ type: "tare", pit: pit ?? null });
  }

  async readCalibration(): Promise<Result<CalibrationMessage[], LinkError>> {
    this.calibrationLines = [];
    const answer = await this.command({ type: "calibration-request" });
    const lines = this.calibrationLines ?? [];
    this.calibrationLines = null;
    const byPit = new Map(lines.map((m) => [m.pit, m]));
    return answer.ok ? ok([...byPit.values()]) : answer;
  }

  /** Sends any command (CFG, CAL, CALGET, RESET …); resolves on its ACK or NAK. */
  command(body: CommandBody): Promise<Result<void, LinkError>> {
    if (this.phase === "closed") return Promise.resolve(err("closed", "the board link is closed"));
    if (this.publicState === "lost") {
      return Promise.resolve(
        err("link-lost", `the board is not connected (${this.lostReason ?? "link lost"})`),
      );
    }
    if (this.queue.filter((c) => !c.internal).length >= this.maxQueued) {
      return Promise.resolve(
        err("busy", `more than ${this.maxQueued} commands are waiting for the board`),
      );
    }
    return new Promise((resolve) => {
      this.queue.push({ body, internal: false, resolve, id: null, line: "", tries: 0 });
      this.pump();
    });
  }

  /** Starts connecting (done on its own unless `autoStart: false`). */
  start(): void {
    if (this.phase !== "idle") return;
    void this.connect();
  }

  async close(): Promise<void> {
    if (this.phase === "closed") return;
    this.phase = "closed";
    this.generation++;
    this.dropFraming();
    this.stopTimers();
    this.cancelReconnect?.();
    this.failCommands("closed", "the board link was closed");
    this.setState("closed");
    await this.transport.close();
  }

  // ------------------------------------------------------------ connection

  private get closed(): boolean {
    return this.phase === "closed";
  }

  private async connect(): Promise<void> {
    if (this.phase === "closed") return;
    this.phase = "opening";
    const generation = ++this.generation;
    const opened = await this.transport.open({
      data: (chunk) => {
        if (generation === this.generation) this.framing?.write(chunk);
      },
      closed: (reason) => {
        if (generation === this.generation) this.deviceClosed(reason);
      },
    });
    if (generation !== this.generation || this.closed) {
      if (opened.ok) await this.transport.close();
      return;
    }
    if (!opened.ok) {
      this.trouble(`cannot open ${this.transport.name}: ${opened.error.message}`);
      this.scheduleReconnect();
      return;
    }
    // A fresh framing per connection: a partial line of the last one is forgotten.
    this.dropFraming();
    const deliver = (framed: Result<string, ParseError>): void => {
      if (generation === this.generation) this.receive(framed);
    };
    this.framing = this.transport.framing?.(deliver) ?? codecLineFraming(deliver);
    this.lastSeq = null;
    if (this.publicState === "connecting") this.setState("handshaking");
    // A lone LF flushes whatever noise the board has buffered (§2).
    this.transport.write("\n");
    this.startHandshake();
  }

  /** Forgets the connection's framing and any partial line in it. */
  private dropFraming(): void {
    this.framing?.close();
    this.framing = null;
  }

  private deviceClosed(reason: string): void {
    if (this.phase === "closed") return;
    this.generation++;
    this.dropFraming();
    this.stopTimers();
    this.trouble(`${this.transport.name} went away (${reason})`);
    void this.transport.close();
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.phase === "closed") return;
    this.phase = "waiting";
    const delay = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.timing.reconnectMaxMs);
    this.cancelReconnect?.();
    this.cancelReconnect = this.scheduler.schedule(() => {
      this.cancelReconnect = null;
      void this.connect();
    }, delay);
  }

  /** Tells subscribers, once per distinct reason, that the board is not there; fails commands. */
  private trouble(reason: string): void {
    this.failCommands("link-lost", `the board is not connected (${reason})`);
    if (this.publicState !== "lost" || this.lostReason !== reason) {
      this.lostReason = reason;
      this.publicState = "lost";
      this.emit({ type: "link", state: "lost", reason });
    }
  }

  private setState(state: LinkState, reason?: string): void {
    if (state === this.publicState && reason === undefined) return;
    this.publicState = state;
    if (state !== "lost") this.lostReason = null;
    this.emit(reason === undefined ? { type: "link", state } : { type: "link", state, reason });
  }

  private stopTimers(): void {
    for (const cancel of [
      this.cancelAnswer,
      this.cancelSilence,
      this.cancelPing,
      this.cancelHello,
    ]) {
      cancel?.();
    }
    this.cancelAnswer = this.cancelSilence = this.cancelPing = this.cancelHello = null;
    this.hello = null;
    if (this.outstanding !== null && !this.outstanding.internal) {
      this.queue.unshift(this.outstanding);
    }
    this.outstanding = null;
  }

  // ------------------------------------------------------------- handshake

  private startHandshake(): void {
    this.phase = "handshaking";
    this.stopTimers();
    this.queue = this.queue.filter((c) => !c.internal);
    this.helloTries = 0;
    this.helloVersion = PROTOCOL_VERSION;
    this.unreadable = 0;
    this.heard = 0;
    this.sendHello();
  }

  private sendHello(): void {
    const id = this.takeId();
    this.hello = { id, info: null };
    this.write({ type: "hello", id, proto: this.helloVersion });
    this.cancelHello?.();
    this.cancelHello = this.scheduler.schedule(
      () => this.helloTimedOut(),
      this.timing.helloEveryMs,
    );
  }

  private helloTimedOut(): void {
    this.cancelHello = null;
    if (this.phase !== "handshaking") return;
    this.helloTries++;
    // A board is there behind a noisy line (damaged kete lines came): keep
    // asking every second (§6.5) before reporting the device (issue 18).
    const tries = this.timing.helloTries * (this.heard > 0 ? HEARD_HELLO_FACTOR : 1);
    if (this.helloTries < tries) {
      this.sendHello();
      return;
    }
    const seconds = (this.timing.helloEveryMs * tries) / 1000;
    const garbage =
      this.unreadable > 0 ? `; it sent ${this.unreadable} line(s) that are not kete protocol` : "";
    this.giveUp(
      `no answer to HELLO from ${this.transport.name} in ${seconds} s${garbage}: ${this.speedQuestion()}`,
    );
  }

  /** What to ask about a board that does not answer: its speed, when the transport has one. */
  private speedQuestion(): string {
    const baud = this.transport.baudRate;
    if (baud === undefined) return "is it a kete board, powered and running?";
    const other =
      baud === DEFAULT_KETE_BAUD
        ? "a board built for 250000 baud (-DKETE_BAUD=250000UL) wants --baud 250000"
        : `kete boards run at ${DEFAULT_KETE_BAUD} unless built for another speed: drop --baud`;
    return `is it a kete board at ${baud} baud, powered and running? (${other})`;
  }

  /** Reports a device that is there but not talking, closes it and tries again later. */
  private giveUp(reason: string): void {
    this.generation++;
    this.dropFraming();
    this.stopTimers();
    this.trouble(reason);
    void this.transport.close();
    this.scheduleReconnect();
  }

  private handshakeInfo(info: InfoMessage): void {
    if (this.hello === null) return;
    // A board answers with the highest version it speaks up to the HELLO's
    // (PROTOCOL.md §6.2): kete speaks 1 (no `holes=`) and 2.
    if (info.proto < OLDEST_PROTOCOL_VERSION || info.proto > PROTOCOL_VERSION) {
      this.giveUp(
        `${this.transport.name} speaks board protocol ${info.proto}, kete speaks ${OLDEST_PROTOCOL_VERSION} to ${PROTOCOL_VERSION}`,
      );
      return;
    }
    const wanted = this.options.geometry;
    if (wanted !== undefined && info.geometry !== wanted) {
      this.giveUp(`${this.transport.name} is a ${info.geometry} board, not ${wanted}`);
      return;
    }
    this.hello.info = info;
  }

  private handshakeDone(): void {
    const info = this.hello?.info ?? null;
    this.cancelHello?.();
    this.cancelHello = null;
    this.hello = null;
    if (info === null) {
      // An ACK without INFO (INFO was lost): ask again.
      this.sendHello();
      return;
    }
    this.currentInfo = info;
    this.knownBoot = info.boot;
    this.lastUptime = null;
    this.phase = "ready";
    this.backoffMs = this.timing.reconnectMinMs;
    this.emit({ type: "hello", info });
    this.setState("ready");
    this.armSilence();
    this.armPing();
    this.restore();
  }

  /** After every handshake: settings, LEDs, then a snapshot as the truth (§6.5, §6.6). */
  private restore(): void {
    const internal: CommandBody[] = [];
    const deb = this.options.debounceMs ?? null;
    const int = this.options.snapshotIntervalMs ?? null;
    if (deb !== null || int !== null) {
      internal.push({ type: "config", debounceMs: deb, snapshotIntervalMs: int });
    }
    internal.push(...this.ledRestoreCommands());
    internal.push({ type: "snapshot-request" });
    this.queue.unshift(...internal.map((body) => this.internalCommand(body)));
    this.pump();
  }

  /** Every LED of the board set to what the host last asked for (no flicker: no CLR). */
  private ledRestoreCommands(): CommandBody[] {
    const info = this.currentInfo;
    if (!this.ledsTouched || info === null || info.colours.length === 0) return [];
    const off: LedState = { pattern: "off" };
    const all = GEOMETRIES[info.geometry].cells.map((pit) => ({
      pit,
      led: this.desiredLeds.get(pit) ?? off,
    }));
    const out: CommandBody[] = [];
    for (let i = 0; i < all.length; i += 40) out.push({ type: "led", leds: all.slice(i, i + 40) });
    return out;
  }

  private internalCommand(body: CommandBody): Command {
    return { body, internal: true, resolve: () => undefined, id: null, line: "", tries: 0 };
  }

  // ------------------------------------------------------------- commands

  private sequence(bodies: CommandBody[]): Promise<Result<void, LinkError>> {
    return bodies.reduce<Promise<Result<void, LinkError>>>(
      (previous, body) => previous.then((r) => (r.ok ? this.command(body) : r)),
      Promise.resolve(ok(undefined)),
    );
  }

  private takeId(): number {
    const id = this.nextId;
    this.nextId = (this.nextId + 1) & 0xff;
    return id;
  }

  private write(message: HostMessage): string {
    const line = formatHostMessage(message);
    if (!line.ok) throw new Error(`kete bug: cannot format ${message.type}: ${line.error.message}`);
    this.transport.write(`${line.value}\n`);
    this.armPing();
    return line.value;
  }

  /** Sends the next command when none is outstanding and the board is ready. */
  private pump(): void {
    if (this.phase !== "ready" || this.outstanding !== null) return;
    const next = this.queue.shift();
    if (next === undefined) return;
    if (next.id === null) next.id = this.takeId();
    const message = { ...next.body, id: next.id } as HostMessage;
    const line = formatHostMessage(message);
    if (!line.ok) {
      next.resolve(
        err("bad-args", `cannot send ${describeCommand(next.body)}: ${line.error.message}`),
      );
      this.pump();
      return;
    }
    next.line = `${line.value}\n`;
    this.outstanding = next;
    this.transmit();
  }

  /** Sends the outstanding command; `waitMs` overrides the wait for its answer (§6.3). */
  private transmit(waitMs?: number): void {
    const c = this.outstanding;
    if (c === null) return;
    this.transport.write(c.line);
    this.armPing();
    const slow = c.body.type === "tare" || c.body.type === "calibrate";
    this.cancelAnswer?.();
    this.cancelAnswer = this.scheduler.schedule(
      () => this.answerTimedOut(),
      waitMs ?? (slow ? this.timing.slowAnswerMs : this.timing.answerMs),
    );
  }

  /** A valid line came from the board within the silence limit (§6.5): it is alive and talking. */
  private boardTalking(): boolean {
    return (
      this.phase === "ready" && this.scheduler.now() - this.lastValidLineAt < this.timing.silenceMs
    );
  }

  private retransmit(cause: string): void {
    const c = this.outstanding;
    if (c === null) return;
    if (c.tries >= this.timing.retransmits && this.boardTalking()) {
      // Issue 18: a board that keeps sending valid lines is alive; its answers
      // are being lost on a noisy line. Keep asking, each wait twice the last
      // (up to the silence limit); only silence loses the link (§6.5).
      c.tries++;
      this.lineError(
        "line-noise",
        `line noise: the board is talking but its answer to ${describeCommand(c.body)} was lost ${c.tries} times; asking again`,
      );
      const over = c.tries - this.timing.retransmits;
      this.transmit(Math.min(this.timing.answerMs * 2 ** over, this.timing.silenceMs));
      return;
    }
    if (c.tries >= this.timing.retransmits) {
      this.outstanding = null;
      this.cancelAnswer?.();
      this.cancelAnswer = null;
      c.resolve(err("link-lost", `the board did not answer ${describeCommand(c.body)}`));
      this.linkLost(
        `the board did not answer ${describeCommand(c.body)} after ${c.tries + 1} tries`,
      );
      return;
    }
    c.tries++;
    this.lineError("retransmit", `retransmitting ${describeCommand(c.body)}: ${cause}`);
    this.transmit();
  }

  private answerTimedOut(): void {
    this.cancelAnswer = null;
    this.retransmit("no answer in time");
  }

  private answer(id: number, result: Result<void, LinkError>): void {
    const c = this.outstanding;
    if (c === null || c.id !== id) return; // a late answer to an earlier try (§6.3)
    this.outstanding = null;
    this.cancelAnswer?.();
    this.cancelAnswer = null;
    c.resolve(result);
    this.pump();
  }

  private failCommands(code: LinkErrorCode, message: string): void {
    const all = this.outstanding === null ? this.queue : [this.outstanding, ...this.queue];
    this.outstanding = null;
    this.queue = [];
    this.cancelAnswer?.();
    this.cancelAnswer = null;
    for (const c of all) c.resolve(err(code, message));
  }

  // ------------------------------------------------------------ heartbeat

  private armSilence(): void {
    this.cancelSilence?.();
    if (this.phase !== "ready") return;
    this.cancelSilence = this.scheduler.schedule(() => {
      this.cancelSilence = null;
      this.linkLost(`no line from the board for ${this.timing.silenceMs / 1000} s`);
    }, this.timing.silenceMs);
  }

  private armPing(): void {
    this.cancelPing?.();
    if (this.phase !== "ready") return;
    this.cancelPing = this.scheduler.schedule(() => {
      this.cancelPing = null;
      if (this.phase !== "ready") return;
      if (this.outstanding === null && this.queue.length === 0) {
        this.queue.push(this.internalCommand({ type: "ping" }));
        this.pump();
      } else {
        this.armPing();
      }
    }, this.timing.pingAfterMs);
  }

  /** Silence or no answers: report, keep the port, HELLO every second (§6.5). */
  private linkLost(reason: string): void {
    this.trouble(reason);
    this.startHandshake();
  }

  private rebooted(reason: string): void {
    this.lineError("reboot", reason);
    if (this.publicState === "ready") this.setState("handshaking", reason);
    this.startHandshake();
  }

  // --------------------------------------------------------------- receive

  /** One framed line (or a `too-long` error) from the current connection. */
  private receive(framed: Result<string, ParseError>): void {
    if (this.phase === "closed") return;
    if (framed.ok && framed.value.length === 0) return;
    const parsed = framed.ok ? parseBoardLine(framed.value) : framed;
    if (!parsed.ok) {
      // Before the handshake, noise (a boot banner, a reset) is expected (§2): count it only.
      if (this.phase === "ready") this.badLine(parsed.error);
      else {
        this.unreadable++;
        if (parsed.error.code === "bad-checksum") this.heard++;
      }
      return;
    }
    this.handle(parsed.value);
  }

  /**
   * A board line kete could not read. A snapshot that lists a gem in two
   * places is a sensor fault (a tag read by two readers, PROTOCOL.md §7), not
   * a damaged line: reported as `tag-conflict`, and never judged as a reading.
   * Either way the line is dropped; the next good line shows the gap and the
   * session asks for a snapshot. After a tag conflict it asks at once (at
   * most once per `errorBurstMs`, so a board that keeps reading a tag twice
   * is not flooded with `SNAP`).
   */
  private badLine(error: ParseError): void {
    if (error.code === "inconsistent" && error.field?.startsWith("gems.") === true) {
      this.lineError(
        TAG_CONFLICT,
        `sensor fault: ${error.message} at once; the snapshot is dropped (PROTOCOL.md §7)`,
      );
      const now = this.scheduler.now();
      if (now >= this.tagResyncAfter) {
        this.tagResyncAfter = now + this.timing.errorBurstMs;
        this.resync();
      }
      return;
    }
    this.lineError(error.code, `bad line from the board (${error.code}): ${error.message}`);
  }

  private handle(message: BoardMessage): void {
    const ready = this.phase === "ready";
    this.lastValidLineAt = this.scheduler.now();
    if (ready) this.armSilence();
    const gap = this.sequenceGap(message);
    // Reboot detection (§6.6) first: after a reboot there is nothing to resync.
    if (this.detectReboot(message, ready)) return;
    if (gap && ready) {
      this.lineError(
        "seq-gap",
        "lines from the board were lost (sequence gap); asking for a snapshot",
      );
      this.resync();
    }
    this.dispatch(message, ready);
  }

  /** Whether `message` skipped sequence numbers (BOOT starts them again, §4); remembers its number. */
  private sequenceGap(message: BoardMessage): boolean {
    const gap =
      message.type !== "boot" &&
      this.lastSeq !== null &&
      message.seq !== ((this.lastSeq + 1) & 0xff);
    this.lastSeq = message.seq;
    return gap;
  }

  /**
   * A BOOT, or a heartbeat with another boot counter or a smaller uptime
   * (§6.6): a restart, handled here. True when nothing more is to be done
   * with the message (a BOOT always; a heartbeat that shows a restart while ready).
   */
  private detectReboot(message: BoardMessage, ready: boolean): boolean {
    if (message.type === "boot") {
      // A new boot tells its uncalibrated pits again.
      this.needCalibration.clear();
      if (ready || this.knownBoot !== null) {
        this.knownBoot = message.boot;
        if (ready) this.rebooted(`the board restarted (boot ${message.boot}, ${message.reason})`);
      }
      return true;
    }
    if (message.type !== "heartbeat") return false;
    const reboot =
      (this.knownBoot !== null && message.boot !== this.knownBoot) ||
      (this.lastUptime !== null && message.uptime < this.lastUptime);
    this.lastUptime = message.uptime;
    if (!reboot || !ready) return false;
    this.knownBoot = message.boot;
    this.rebooted(`the board restarted (boot counter now ${message.boot})`);
    return true;
  }

  /** Each kind of message to what it means in the session's phase. */
  private dispatch(message: BoardMessage, ready: boolean): void {
    switch (message.type) {
      case "info":
        if (this.phase === "handshaking") this.handshakeInfo(message);
        else if (this.knownBoot !== null && message.boot !== this.knownBoot) {
          this.knownBoot = message.boot;
          this.rebooted(`the board restarted (boot counter now ${message.boot})`);
        }
        return;
      case "ack":
        if (this.phase === "handshaking" && this.hello?.id === message.id) this.handshakeDone();
        else if (ready) this.answer(message.id, ok(undefined));
        return;
      case "nak":
        this.refused(message, ready);
        return;
      case "snapshot":
        if (ready) this.snapshotReceived(message);
        return;
      case "button":
        if (ready) this.emit({ type: "button", button: message.button, action: message.action });
        return;
      case "error":
        this.boardError(message.code, message.pit);
        return;
      case "calibration":
        // CALGET's answers: kept for `readCalibration` (bounded: a board that floods them)
        if (message.status === "need") this.needCalibration.add(message.pit);
        else this.needCalibration.delete(message.pit);
        if (this.calibrationLines !== null && this.calibrationLines.length < 1024)
          this.calibrationLines.push(message);
        return;
      default:
        return; // heartbeat (handled above)
    }
  }

  /** A NAK: of HELLO, the board will not talk to us; of the outstanding command, its answer. */
  private refused(message: NakMessage, ready: boolean): void {
    if (this.phase === "handshaking" && this.hello?.id === message.id) {
      // A version-1 board that refuses `HELLO 2` instead of answering proto=1
      // (a strict reading of PROTOCOL.md §10's table): ask again in version 1.
      if (message.reason === "version" && this.helloVersion > OLDEST_PROTOCOL_VERSION) {
        this.helloVersion--;
        this.sendHello();
        return;
      }
      this.giveUp(
        message.reason === "version"
          ? `${this.transport.name} speaks no board protocol up to ${PROTOCOL_VERSION}`
          : `${this.transport.name} refused HELLO (${message.reason})`,
      );
      return;
    }
    if (ready && this.outstanding?.id === message.id) {
      const what = describeCommand(this.outstanding.body);
      const text = `the board refused ${what}: ${message.reason}`;
      this.lineError(`nak-${message.reason}`, text);
      this.answer(message.id, err(`nak-${message.reason}`, text));
    }
  }

  /** A snapshot of the board's own geometry becomes the latest; another is a line error. */
  private snapshotReceived(message: SnapshotMessage): void {
    if (this.currentInfo !== null && message.board.geometry !== this.currentInfo.geometry) {
      this.lineError(
        "wrong-geometry",
        `a ${message.board.geometry} snapshot from a ${this.currentInfo.geometry} board`,
      );
      return;
    }
    this.latest = {
      board: message.board,
      settled: message.settled,
      unsettled: message.unsettled,
      receivedAt: this.scheduler.now(),
    };
    this.emit({ type: "snapshot", snapshot: this.latest });
  }

  private boardError(code: BoardErrorCode, pit: string | null): void {
    if (code === "calibration-needed" && pit !== null) this.needCalibration.add(pit);
    const messages: Record<string, string> = {
      "sensor-fault": `the sensor of pit ${pit ?? "?"} is faulty`,
      "calibration-needed": `pit ${pit ?? "?"} needs calibration`,
      "rx-overflow": "the board dropped a command line that was too long",
      "rx-checksum": "the board received a damaged command line",
      "rx-syntax": "the board could not read a command's id",
      "host-timeout": "the board heard nothing from kete for 5 s and turned its LEDs off",
    };
    this.emit({ type: "board-error", code, pit, message: messages[code] ?? code });
    if (this.phase !== "ready") return;
    if (RETRANSMIT_ERRORS.has(code) && this.outstanding !== null) {
      this.retransmit(`the board reported ${code}`);
    } else if (code === "host-timeout") {
      const restore = this.ledRestoreCommands().map((body) => this.internalCommand(body));
      this.queue.unshift(...restore);
      this.pump();
    }
  }

  /** After a gap: one `SNAP`, unless one is already waiting or on its way (§11.2). */
  private resync(): void {
    const pending = [this.outstanding, ...this.queue].some(
      (c) => c !== null && c.body.type === "snapshot-request",
    );
    if (pending) return;
    this.queue.unshift(this.internalCommand({ type: "snapshot-request" }));
    this.pump();
  }

  // ---------------------------------------------------------------- events

  /** Counts a bad line, gap or NAK; reports the first of each burst per code. */
  private lineError(code: LineErrorCode, message: string): void {
    this.errorCounts.set(code, (this.errorCounts.get(code) ?? 0) + 1);
    const now = this.scheduler.now();
    const until = this.burstUntil.get(code);
    this.burstUntil.set(code, now + this.timing.errorBurstMs);
    if (until !== undefined && now < until) return;
    this.emit({ type: "line-error", code, message });
  }

  private emit(event: BoardEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (e) {
        // A listener's bug must not break the session; let it surface elsewhere.
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  }
}

/**
 * Waits until the link is ready; an error with the reason if it reports
 * `lost` first (when `failOnLost`) or does not get ready in `timeoutMs`.
 */
export function waitForReady(
  link: BoardLink,
  timeoutMs: number,
  options: { readonly failOnLost?: boolean; readonly scheduler?: Scheduler } = {},
): Promise<Result<InfoMessage, LinkError>> {
  const scheduler = options.scheduler ?? realScheduler;
  return new Promise((resolve) => {
    if (link.state === "ready" && link.info !== null) {
      resolve(ok(link.info));
      return;
    }
    let lastReason = "the board did not answer";
    const done = (result: Result<InfoMessage, LinkError>): void => {
      unsubscribe();
      cancel();
      resolve(result);
    };
    const unsubscribe = link.subscribe((event) => {
      if (event.type !== "link") return;
      if (event.reason !== undefined) lastReason = event.reason;
      if (event.state === "ready" && link.info !== null) done(ok(link.info));
      else if (event.state === "closed") done(err("closed", "the board link was closed"));
      else if (event.state === "lost" && options.failOnLost === true) {
        done(err("link-lost", lastReason));
      }
    });
    const cancel = scheduler.schedule(
      () => done(err("timeout", `${lastReason} (not ready after ${timeoutMs / 1000} s)`)),
      timeoutMs,
    );
  });
}

/**
 * The first settled snapshot the board sends after being asked (a board just
 * reset reports its places unsettled until they have been still for its
 * debounce time, PROTOCOL.md §7); the latest one (or null) after `timeoutMs`.
 */
export function settledSnapshot(
  board: BoardSession,
  timeoutMs: number,
  scheduler: Scheduler = realScheduler,
): Promise<BoardSnapshot | null> {
  return new Promise((resolve) => {
    let latest: BoardSnapshot | null = null;
    const finish = (snapshot: BoardSnapshot | null): void => {
      cancel();
      unsubscribe();
      resolve(snapshot);
    };
    const cancel = scheduler.schedule(() => finish(latest ?? board.snapshot), timeoutMs);
    const unsubscribe = board.subscribe((event) => {
      if (event.type !== "snapshot") return;
      latest = event.snapshot;
      if (event.snapshot.settled) finish(event.snapshot);
    });
    void board.requestSnapshot();
  });
}
