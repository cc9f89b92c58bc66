/**
 * `kete serve --event`: every board of an event as its messages come
 * (issue 33). Subscribes to the event's topics, keeps each game's public
 * records by their number (a record the broker repeats is kept once, a gap
 * is filled by the board's retained state), and tells its listener which
 * board's game grew. Games are kept for the event's archive.
 */
import { connect, type IClientOptions, type MqttClient } from "mqtt";
import type { Journal, JournalHeader, JournalRecord } from "../journal/index.js";
import { sidesOf } from "../journal/index.js";
import { brokerText, type BrokerAddress } from "./address.js";
import {
  decodeMessage,
  eventTopics,
  topicBoard,
  type ClubMessage,
  type MessageOptions,
} from "./wire.js";

/** One game of the event as received so far. */
export interface EventGame {
  readonly board: string;
  readonly gameId: string;
  readonly round: number | null;
  /** The header and the records received without a gap (null before the header). */
  readonly journal: Journal | null;
  /** A result was received. */
  readonly finished: boolean;
  /** When it was first heard of (ms, the collector's clock): the order of a board's games. */
  readonly seenAt: number;
}

export interface CollectorStats {
  readonly messages: number;
  /** Records received again (the broker repeating after a reconnect) and ignored. */
  readonly duplicates: number;
  /** Messages that could not be read, with the newest reason. */
  readonly unreadable: number;
  readonly lastError: string | null;
}

/** The head of a state as wire.ts writes it: its game and how many records it holds. */
const STATE_HEAD = /^\{"v":1,"game":("(?:[^"\\]|\\.)*"),"round":(?:null|\d+),"n":(\d+),/;

class GameSlot {
  readonly slots: (JournalHeader | JournalRecord | undefined)[] = [];
  /** Records 0 … have-1 are all here. */
  have = 0;
  finished = false;
  journal: Journal | null = null;

  constructor(
    readonly board: string,
    readonly gameId: string,
    public round: number | null,
    readonly seenAt: number,
  ) {}

  /** Puts record `n` in; whether it was new. */
  put(n: number, r: JournalHeader | JournalRecord): boolean {
    if (this.slots[n] !== undefined) return false;
    this.slots[n] = r;
    return true;
  }

  /** Moves `have` over what is now contiguous; whether the game grew. */
  advance(): boolean {
    const before = this.have;
    while (this.slots[this.have] !== undefined) this.have++;
    if (this.have === before) return false;
    const header = this.slots[0];
    if (header === undefined || header.kind !== "header") return false;
    const records = this.slots.slice(1, this.have) as JournalRecord[];
    this.finished = records.some((r) => r.kind === "result");
    this.journal = { header, records, torn: false };
    return true;
  }

  view(): EventGame {
    return {
      board: this.board,
      gameId: this.gameId,
      round: this.round,
      journal: this.journal,
      finished: this.finished,
      seenAt: this.seenAt,
    };
  }
}

/** Whether game `a` began after `b` (their headers' start, else when first heard of). */
function later(a: GameSlot, b: GameSlot): boolean {
  const x = a.journal?.header.startedAt ?? "";
  const y = b.journal?.header.startedAt ?? "";
  return x !== y ? x > y : a.seenAt > b.seenAt;
}

export interface CollectorOptions extends MessageOptions {
  /** A game grew (or a new one began) on `board`. */
  readonly changed: (board: string, game: EventGame) => void;
  /** The broker reached, lost, refusing: said on the screen. */
  readonly say: (message: string) => void;
  readonly now?: () => number;
  /** Between reconnection attempts, ms (default 1000). */
  readonly reconnectMs?: number;
}

export class EventCollector {
  private readonly client: MqttClient;
  private readonly games = new Map<string, GameSlot>();
  /** Each board's games, as first heard of. */
  private readonly boards = new Map<string, GameSlot[]>();
  private messages = 0;
  private duplicates = 0;
  private unreadable = 0;
  private lastError: string | null = null;
  private everConnected = false;
  private connected = false;
  private readonly now: () => number;

  constructor(
    private readonly broker: BrokerAddress,
    readonly event: string,
    private readonly o: CollectorOptions,
  ) {
    this.now = o.now ?? Date.now;
    const where = brokerText(broker, [event]);
    const options: IClientOptions = {
      protocol: broker.protocol,
      host: broker.host,
      port: broker.port,
      // 3.1.1: what every broker speaks (kete's own in-process one too); a page only reads.
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: o.reconnectMs ?? 1000,
      // A refused login is tried again: the organiser may fix the broker's password file meanwhile.
      reconnectOnConnackError: true,
      connectTimeout: 5000,
      clientId: `kete-hall-${event}-${Math.random().toString(16).slice(2, 10)}`,
      ...(broker.username === null ? {} : { username: broker.username }),
      ...(broker.password === null ? {} : { password: broker.password }),
    };
    this.client = connect(options);
    this.client.on("connect", () => {
      this.connected = true;
      o.say(
        this.everConnected
          ? `broker back (${where}): following the event again`
          : `following event ${event} on ${where}`,
      );
      this.everConnected = true;
      // Every (re)connection subscribes afresh: the retained states fill what was missed.
      this.client.subscribe([...eventTopics(event)], { qos: 1 }, (e) => {
        if (e !== undefined && e !== null) o.say(`cannot follow ${where}: ${e.message}`);
      });
    });
    this.client.on("close", () => {
      if (!this.connected) return;
      this.connected = false;
      o.say(`broker lost (${where}): the boards shown wait; reconnecting…`);
    });
    this.client.on("error", (e) => o.say(`cannot follow ${where}: ${e.message}`));
    this.client.on("message", (topic, payload) => this.receive(topic, payload.toString("utf8")));
  }

  get stats(): CollectorStats {
    return {
      messages: this.messages,
      duplicates: this.duplicates,
      unreadable: this.unreadable,
      lastError: this.lastError,
    };
  }

  /** Every game heard of, by board (boards in name order), each board's games in the order they began. */
  all(): EventGame[] {
    const names = [...this.boards.keys()].sort((a, b) =>
      a.localeCompare(b, "en", { numeric: true }),
    );
    return names.flatMap((b) => this.ordered(b).map((g) => g.view()));
  }

  /** The game a board plays now (the one that began last, with its header), or null. */
  current(board: string): EventGame | null {
    const list = this.boards.get(board) ?? [];
    // Most boards play one game at a time: the newest heard of is the one, unless another began later.
    let best: GameSlot | null = null;
    for (const g of list) {
      if (g.journal === null) continue;
      if (best === null || later(g, best)) best = g;
    }
    return best?.view() ?? null;
  }

  /**
   * A board's games in the order they began (their headers' start), else as
   * first heard of: a page that comes in late gets the retained games in the
   * broker's order, not the boards'.
   */
  private ordered(board: string): GameSlot[] {
    return [...(this.boards.get(board) ?? [])].sort((a, b) => (later(a, b) ? 1 : -1));
  }

  boardNames(): string[] {
    return [...this.boards.keys()].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  }

  /** Handles one message (also the tests' way in, without a broker). */
  receive(topic: string, payload: string): void {
    this.messages++;
    if (payload === "") return; // a retained state cleared
    if (this.stale(topic, payload)) return;
    const m = decodeMessage(this.event, topic, payload, {
      ...this.o,
      sidesOf: (board) => {
        const h = this.boards.get(board)?.at(-1)?.journal?.header;
        return h === undefined ? null : sidesOf(h.players);
      },
    });
    if (!m.ok) {
      this.unreadable++;
      this.lastError = m.error.message;
      return;
    }
    this.take(m.value);
  }

  /**
   * A board's state that brings nothing new (its records are all here: it
   * follows each record's own message) is not read at all: it is the whole
   * game so far, and reading it on every move would cost a long game dear.
   */
  private stale(topic: string, payload: string): boolean {
    const at = topicBoard(this.event, topic);
    if (at === null || at.channel !== "state") return false;
    const m = STATE_HEAD.exec(payload.slice(0, 300));
    if (m === null) return false;
    const board = at.board;
    let game: unknown;
    try {
      game = JSON.parse(m[1] as string);
    } catch {
      return false;
    }
    const slot = this.games.get(`${board}\u0000${String(game)}`);
    return slot !== undefined && slot.have >= Number(m[2]);
  }

  private take(m: ClubMessage): void {
    const key = `${m.board}\u0000${m.game}`;
    let slot = this.games.get(key);
    if (slot === undefined) {
      slot = new GameSlot(m.board, m.game, m.round, this.now());
      this.games.set(key, slot);
      const list = this.boards.get(m.board) ?? [];
      list.push(slot);
      this.boards.set(m.board, list);
    }
    if (m.round !== null) slot.round = m.round;
    if (m.channel === "log") {
      if (!slot.put(m.n, m.record)) this.duplicates++;
    } else {
      slot.put(0, m.journal.header);
      m.journal.records.forEach((r, i) => slot.put(i + 1, r));
    }
    if (slot.advance()) this.o.changed(m.board, slot.view());
  }

  async close(): Promise<void> {
    await this.client.endAsync(true).catch(() => undefined);
  }
}
