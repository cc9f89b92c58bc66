/**
 * `kete play --publish`: the game live on the club's MQTT broker (issue 33).
 *
 * The journal is the source: after each write to it the publisher reads on
 * from where it stands and publishes each public record (wire.ts) with
 * QoS 1, at most `window` unacknowledged at a time, then the game so far as
 * the board's retained state. While the broker is away nothing more is
 * read: the records wait in the journal on disk (bounded by the journal's
 * own limit), the few in flight are sent again by the client when it is
 * back, and reading goes on from there. Every broker change is said on the
 * screen. A broker that refuses the topic (its ACL) stops the publishing,
 * never the game.
 */
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import type { JournalHeader, JournalRecord } from "../journal/index.js";
import { brokerText, type PublishTarget } from "./address.js";
import { readLines } from "./tail.js";
import { boardTopic, encodeLog, encodeState, publicRecord } from "./wire.js";

export interface PublisherOptions {
  /** The round of the event this game belongs to (`--round`), or null. */
  readonly round?: number | null;
  /** Said on the screen: the broker reached, lost, back, refusing. */
  readonly say: (message: string) => void;
  /** Records published and not yet acknowledged, at most (default 32). */
  readonly window?: number;
  /** Between reconnection attempts, ms (default 1000). */
  readonly reconnectMs?: number;
  /** The client's options beyond the address (tests: a CA for mqtts). */
  readonly client?: IClientOptions;
}

/** What the publisher has done, for the screen and the tests. */
export interface PublisherStatus {
  readonly connected: boolean;
  /** Public records the broker acknowledged. */
  readonly acknowledged: number;
  /** Public records read from the journal so far. */
  readonly read: number;
  /** The broker refused the board's topic: nothing more is published. */
  readonly refused: boolean;
}

/** MQTT 5's reason codes for a refused login or topic. */
const NOT_AUTHORIZED = new Set([0x86, 0x87, 0x04, 0x05]);

export class ClubPublisher {
  private readonly client: MqttClient;
  private readonly window: number;
  private readonly round: number | null;
  private readonly address: string;
  /** The next journal line to read: its byte offset, and the public number it would get. */
  private offset = 0;
  private n = 0;
  private inFlight = 0;
  private acked = 0;
  /** Numbers acknowledged out of order, above `acked`. */
  private readonly early = new Set<number>();
  /** The game's public records (header first), for the retained state. */
  private readonly records: (JournalHeader | JournalRecord)[] = [];
  private gameId = "";
  private stateSent = -1;
  private connected = false;
  private everConnected = false;
  private refused = false;
  private scheduled = false;
  private closing = false;
  private lastError = "";
  /** Acknowledged when the broker went away, to say how much was sent from the journal on return. */
  private outageFrom: number | null = null;
  private readonly idle: (() => void)[] = [];

  constructor(
    private readonly target: PublishTarget,
    private readonly journalPath: string,
    private readonly o: PublisherOptions,
  ) {
    this.window = o.window ?? 32;
    this.round = o.round ?? null;
    this.address = brokerText(target, [target.event, target.board]);
    const options: IClientOptions = {
      protocol: target.protocol,
      host: target.host,
      port: target.port,
      protocolVersion: 5,
      clean: true,
      reconnectPeriod: o.reconnectMs ?? 1000,
      // A refused login is tried again: the organiser may fix the broker's password file meanwhile.
      reconnectOnConnackError: true,
      connectTimeout: 5000,
      clientId: `kete-${target.event}-${target.board}-${Math.random().toString(16).slice(2, 10)}`,
      ...(target.username === null ? {} : { username: target.username }),
      ...(target.password === null ? {} : { password: target.password }),
      ...o.client,
    };
    this.client = connect(options);
    this.client.on("connect", () => this.onConnect());
    this.client.on("close", () => this.onClose());
    this.client.on("error", (e) => this.onError(e));
  }

  get status(): PublisherStatus {
    return {
      connected: this.connected,
      acknowledged: this.acked,
      read: this.n,
      refused: this.refused,
    };
  }

  /** The journal was written to: read on and publish (at the end of this turn of the event loop). */
  poke(): void {
    if (this.scheduled || this.refused || this.closing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /**
   * Waits up to `graceMs` for the broker to acknowledge everything written,
   * then disconnects. Resolves with what is left unpublished (0 when all of
   * the game reached the broker).
   */
  async close(graceMs = 3000): Promise<number> {
    this.pump();
    if (!this.caughtUp() && !this.refused) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        this.idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    this.closing = true;
    const left = this.unpublished();
    await this.client.endAsync(true).catch(() => undefined);
    return left;
  }

  /** Public records read and not acknowledged, and those not read yet (counted a chunk at a time). */
  private unpublished(): number {
    let unread = 0;
    let offset = this.offset;
    for (;;) {
      const lines = readLines(this.journalPath, offset, 1000);
      if (lines.length === 0) break;
      unread += lines.filter((l) => parsePublic(l.text) !== null).length;
      offset = (lines.at(-1) as { end: number }).end;
    }
    return this.n - this.acked + unread;
  }

  private caughtUp(): boolean {
    return (
      this.acked === this.n &&
      this.inFlight === 0 &&
      this.stateSent === this.n &&
      readLines(this.journalPath, this.offset, 1).length === 0
    );
  }

  private onConnect(): void {
    this.connected = true;
    this.lastError = "";
    if (!this.everConnected) {
      this.everConnected = true;
      this.o.say(`publishing the game live to ${this.address}`);
    } else {
      this.o.say(
        `broker back (${this.address}): publishing on from the journal where it last acknowledged (record ${this.acked})`,
      );
    }
    // A restarted broker may have lost the retained state: it is sent again once caught up.
    this.stateSent = -1;
    this.pump();
  }

  private onClose(): void {
    if (!this.connected) return;
    this.connected = false;
    if (this.closing) return;
    this.outageFrom = this.acked;
    this.o.say(
      `broker lost (${this.address}): the game goes on; what it misses waits in the journal and is sent when it is back`,
    );
  }

  private onError(e: Error & { code?: number | string }): void {
    const code = typeof e.code === "number" ? e.code : null;
    // A broker of MQTT 3.1.1 only (kete serve --event local's): the next attempt speaks it.
    if ((code === 1 || code === 0x84) && this.client.options.protocolVersion === 5) {
      this.client.options.protocolVersion = 4;
      return;
    }
    const hint =
      code !== null && NOT_AUTHORIZED.has(code)
        ? ": the broker refused this board's login; check --publish-user and --publish-password against its password file"
        : "";
    const text = `cannot publish to ${this.address}: ${e.message}${hint}`;
    if (text === this.lastError) return;
    this.lastError = text;
    this.o.say(text);
  }

  /** Reads on from the journal and publishes, while the window has room. */
  private pump(): void {
    if (!this.connected || this.refused || this.closing) return;
    while (this.inFlight < this.window) {
      const lines = readLines(this.journalPath, this.offset, this.window - this.inFlight);
      if (lines.length === 0) break;
      for (const line of lines) {
        this.offset = line.end;
        const record = parsePublic(line.text);
        if (record === null) continue;
        if (record.kind === "header") this.gameId = record.gameId;
        this.send(this.n, record);
        this.n++;
      }
    }
    if (this.inFlight < this.window && this.stateSent !== this.n && this.n > 0) {
      this.stateSent = this.n;
      this.client.publish(
        boardTopic(this.target.event, this.target.board, "state", this.gameId),
        encodeState(this.gameId, this.round, this.records),
        { qos: 1, retain: true },
        (e) => {
          if (e !== undefined && e !== null) this.failed(e);
          this.checkIdle();
        },
      );
    }
    this.checkIdle();
  }

  private send(n: number, record: JournalHeader | JournalRecord): void {
    this.records[n] = record;
    this.inFlight++;
    this.client.publish(
      boardTopic(this.target.event, this.target.board, "log"),
      encodeLog(this.gameId, this.round, n, record),
      { qos: 1 },
      (e) => {
        this.inFlight--;
        if (e !== undefined && e !== null) {
          this.failed(e);
          return;
        }
        this.acknowledge(n);
        this.pump();
      },
    );
  }

  private acknowledge(n: number): void {
    this.early.add(n);
    while (this.early.delete(this.acked)) this.acked++;
    if (this.outageFrom !== null && this.acked === this.n) {
      this.o.say(
        `broker caught up: ${this.acked - this.outageFrom} records sent from the journal since it came back`,
      );
      this.outageFrom = null;
    }
  }

  private failed(e: Error & { code?: number | string }): void {
    const code = typeof e.code === "number" ? e.code : null;
    if (code !== null && NOT_AUTHORIZED.has(code)) {
      if (this.refused) return;
      this.refused = true;
      this.o.say(
        `the broker refused this board's messages on kete/${this.target.event}/${this.target.board} (not authorized): its user may publish only under its own board's topic; check the broker's ACL (docs/club/). The game goes on, unpublished.`,
      );
      for (const resolve of this.idle.splice(0)) resolve();
      return;
    }
    if (!this.closing) this.o.say(`cannot publish to ${this.address}: ${e.message}`);
  }

  private checkIdle(): void {
    if (this.idle.length === 0 || !this.caughtUp()) return;
    for (const resolve of this.idle.splice(0)) resolve();
  }
}

/** A journal line as published, or null for a line that stays at the board (or is not a record). */
function parsePublic(text: string): JournalHeader | JournalRecord | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || !("kind" in v)) return null;
  return publicRecord(v as JournalHeader | JournalRecord);
}
