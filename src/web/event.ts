/**
 * The club night's page (`kete serve --event`, issue 33): every board of an
 * event, pushed to the hall's screen and the phones over server-sent
 * events. Each board's newest state is serialised once and written to every
 * page; a page that connects gets every board at once. Updates of one board
 * within one turn of the event loop are one frame; the standings are their
 * own frame. A page more than `MAX_UNSENT_BYTES` behind is dropped (its
 * browser reconnects and gets every board again).
 */
import type { ServerResponse } from "node:http";
import type { KeteError, Result } from "../shared/index.js";
import type { WebBody } from "./hub.js";
import { SsePages } from "./pages.js";

/** One board of the event as its tile and its own view draw it. */
export interface EventBoard {
  readonly board: string;
  readonly round: number | null;
  /** The game's id on that board. */
  readonly gameId: string;
  /** The archive's id of this game (`/api/games/:id`). */
  readonly archiveId: string;
  readonly state: WebBody;
}

/** The standings by round from the results: a win 1, a draw ½, a loss 0. */
export interface Standings {
  readonly rounds: readonly number[];
  readonly rows: readonly {
    readonly player: string;
    /** Points by round (absent: no finished game that round). */
    readonly byRound: Readonly<Record<string, number>>;
    readonly total: number;
    readonly games: number;
  }[];
}

/** What the event's routes read (src/cli/serve-event.ts). */
export interface EventSource {
  readonly name: string;
  readonly hub: EventHub;
  /** A round's games in one file (`kete export`'s text or JSON of each); null when the round has none. */
  roundExport(round: number, format: "text" | "json"): Result<string, KeteError> | null;
}

export class EventHub {
  private readonly frames = new Map<string, string>();
  private standingsFrame: string | null = null;
  private readonly pending = new Map<string, () => EventBoard | null>();
  private pendingStandings: (() => Standings) | null = null;
  private scheduled = false;
  private seq = 0;
  private readonly pages = new SsePages();
  private closed = false;
  /** Pages dropped for not keeping up. */
  get dropped(): number {
    return this.pages.dropped;
  }

  constructor(
    readonly event: string,
    private readonly now: () => number = Date.now,
  ) {}

  get listeners(): number {
    return this.pages.size;
  }

  /** Every board's newest frame and the standings, as JSON (`/api/event`). */
  snapshot(): string {
    const boards = [...this.frames.values()].map((f) => f.slice(f.indexOf("data: ") + 6, -2));
    const standings =
      this.standingsFrame === null
        ? "null"
        : this.standingsFrame.slice(this.standingsFrame.indexOf("data: ") + 6, -2);
    return `{"event":${JSON.stringify(this.event)},"boards":[${boards.join(",")}],"standings":${standings}}`;
  }

  /** `board` changed: `build` gives its tile, at the end of this turn of the event loop. */
  request(board: string, build: () => EventBoard | null): void {
    if (this.closed) return;
    this.pending.set(board, build);
    this.schedule();
  }

  /** The results changed: `build` gives the standings. */
  requestStandings(build: () => Standings): void {
    if (this.closed) return;
    this.pendingStandings = build;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.flush());
  }

  flush(): void {
    this.scheduled = false;
    const builds = [...this.pending.values()];
    this.pending.clear();
    for (const build of builds) {
      const b = build();
      if (b === null) continue;
      this.seq++;
      const json = JSON.stringify({
        ...b,
        state: { seq: this.seq, sentAt: this.now(), ...b.state },
      });
      const frame = `event: board\ndata: ${json}\n\n`;
      this.frames.set(b.board, frame);
      this.pages.write(frame);
    }
    const standings = this.pendingStandings;
    this.pendingStandings = null;
    if (standings !== null) {
      const frame = `event: standings\ndata: ${JSON.stringify(standings())}\n\n`;
      if (frame !== this.standingsFrame) {
        this.standingsFrame = frame;
        this.pages.write(frame);
      }
    }
  }

  /** A page listens: every board at once, then each update. */
  attach(res: ServerResponse): void {
    if (this.closed) {
      res.end();
      return;
    }
    const all = [...this.frames.values()];
    if (this.standingsFrame !== null) all.push(this.standingsFrame);
    this.pages.add(res, all.join(""));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pages.end();
  }
}
