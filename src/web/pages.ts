/**
 * The pages listening on one server-sent-events stream, as both the live
 * game's push (hub.ts) and the club's event view (event.ts) keep them: a
 * heartbeat comment every 15 s, every update written to every page, a page
 * more than `MAX_UNSENT_BYTES` behind dropped (its browser reconnects and
 * starts from the current state), and all of them ended on close.
 */
import type { ServerResponse } from "node:http";

/** Unsent bytes a page may have waiting before it is dropped. */
export const MAX_UNSENT_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export class SsePages {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat: ReturnType<typeof setInterval>;
  /** Pages dropped for not keeping up. */
  dropped = 0;

  constructor() {
    this.heartbeat = setInterval(() => this.write(": ping\n\n"), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.clients.size;
  }

  /** A page joins; `first` (the state of the moment, if any) is sent to it at once. */
  add(res: ServerResponse, first: string | null): void {
    this.clients.add(res);
    res.on("close", () => this.clients.delete(res));
    res.write("retry: 1000\n\n");
    if (first !== null && first !== "") this.send(res, first);
  }

  /** One update to every page. */
  write(text: string): void {
    for (const res of this.clients) this.send(res, text);
  }

  private send(res: ServerResponse, text: string): void {
    if (res.destroyed) {
      this.clients.delete(res);
      return;
    }
    res.write(text);
    if (res.writableLength > MAX_UNSENT_BYTES) {
      this.clients.delete(res);
      this.dropped++;
      res.destroy();
    }
  }

  /** Ends every page's stream; done when the last bytes are handed over or the page is gone. */
  async end(): Promise<void> {
    clearInterval(this.heartbeat);
    const ends = [...this.clients].map(
      (res) =>
        new Promise<void>((resolve) => {
          if (res.destroyed || res.writableFinished) return resolve();
          res.once("finish", () => resolve());
          res.once("close", () => resolve());
          res.end();
        }),
    );
    this.clients.clear();
    await Promise.all(ends);
  }
}
