/**
 * The live game's push (server-sent events): the newest `WebState`, built on
 * request at most once per event handled (a reading and what it caused), serialised once and
 * written to every page listening. A page that does not keep up (more than
 * `MAX_UNSENT_BYTES` waiting for it) is dropped; its browser reconnects and
 * gets the state of that moment at once.
 */
import type { ServerResponse } from "node:http";
import { SsePages } from "./pages.js";
import type { WebState } from "./state.js";

/** What the session hands over: a state without the server's stamps. */
export type WebBody = Omit<WebState, "seq" | "sentAt">;

/** A comment line every so often, so a page gone without a word is found out. */

export class LiveHub {
  private seq = 0;
  private body: string | null = null;
  /** The current state's SSE frame and JSON, or null before the first. */
  private frame: string | null = null;
  private json: string | null = null;
  private readonly pages = new SsePages();
  private source: (() => WebBody | null) | null = null;
  private scheduled = false;
  private closed = false;
  /** Pages dropped for not keeping up (for the tests and the bench). */
  get dropped(): number {
    return this.pages.dropped;
  }

  constructor(private readonly now: () => number = Date.now) {}

  /** The newest state's number (0 before the first). */
  get current(): number {
    return this.seq;
  }

  /** The newest state as JSON, or null before the first. */
  get state(): string | null {
    return this.json;
  }

  /** Pages listening now. */
  get listeners(): number {
    return this.pages.size;
  }

  /**
   * Something changed: `build` gives the state to show. It is called once,
   * when the code handling this event is done (a microtask: a reading and
   * the controller's decisions on it are one update, and two readings are
   * never merged into one); a state equal to the last one is not sent again.
   */
  request(build: () => WebBody | null): void {
    if (this.closed) return;
    this.source = build;
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.flush());
  }

  /** Builds and sends the requested state now (the game's last, before the server stops). */
  flush(): void {
    this.scheduled = false;
    const build = this.source;
    this.source = null;
    if (build === null) return;
    const body = build();
    if (body !== null) this.publish(body);
  }

  /** Sends `body` as the next state, unless it is the state already shown. */
  publish(body: WebBody): boolean {
    const text = JSON.stringify(body);
    if (text === this.body || this.closed) return false;
    this.body = text;
    this.seq++;
    // One serialisation: the stamps are spliced in front of the body's fields.
    this.json = `{"seq":${this.seq},"sentAt":${this.now()},${text.slice(1)}`;
    this.frame = `id: ${this.seq}\nevent: state\ndata: ${this.json}\n\n`;
    this.pages.write(this.frame);
    return true;
  }

  /** A page listens: the current state at once, then every update. */
  attach(res: ServerResponse): void {
    if (this.closed) {
      res.end();
      return;
    }
    this.pages.add(res, this.frame);
  }

  /** Ends every page's stream (after the last state); later requests are ignored. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    await this.pages.end();
  }
}
