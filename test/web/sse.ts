/**
 * A server-sent-events reader for the web view's tests: every event as it
 * comes, and conditions waited on as the stream delivers (never a sleep).
 */
import { get, type IncomingMessage } from "node:http";

export interface SseEvent {
  readonly id: string | null;
  readonly event: string;
  readonly data: string;
}

export interface SseClient {
  readonly events: SseEvent[];
  readonly response: Promise<IncomingMessage>;
  /** Resolves once `condition` holds on the events so far (rejects after `ms` or when the stream ends first). */
  until(condition: (events: readonly SseEvent[]) => boolean, ms?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): void;
}

/** Opens `url` as an event stream with `headers`. */
export function openSse(url: string, headers: Record<string, string> = {}): SseClient {
  const events: SseEvent[] = [];
  const waiting = new Set<() => void>();
  let buffer = "";
  let done = false;
  let endedResolve: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => (endedResolve = resolve));
  const finish = () => {
    done = true;
    endedResolve();
    for (const w of [...waiting]) w();
  };
  let req: ReturnType<typeof get> | null = null;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req = get(url, { headers: { accept: "text/event-stream", ...headers } }, (res) => {
      resolve(res);
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let id: string | null = null;
          let event = "message";
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) continue;
            const colon = line.indexOf(":");
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "id") id = value;
            else if (field === "event") event = value;
            else if (field === "data") data.push(value);
          }
          if (data.length > 0) events.push({ id, event, data: data.join("\n") });
        }
        for (const w of [...waiting]) w();
      });
      res.on("end", finish);
      res.on("close", finish);
    });
    req.on("error", (e) => {
      finish();
      reject(e);
    });
  });
  response.catch(() => undefined);
  const until = (condition: (events: readonly SseEvent[]) => boolean, ms = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (condition(events)) return stop(null);
        if (done) stop(new Error(`the stream ended first (${events.length} events)`));
      };
      const timer = setTimeout(
        () => stop(new Error(`not so after ${ms} ms (${events.length} events)`)),
        ms,
      );
      const stop = (e: Error | null) => {
        clearTimeout(timer);
        waiting.delete(check);
        if (e === null) resolve();
        else reject(e);
      };
      waiting.add(check);
      check();
    });
  return {
    events,
    response,
    until,
    ended,
    close: () => (req as ReturnType<typeof get> | null)?.destroy(),
  };
}

/** The states of an event list, parsed. */
export function statesOf<T>(events: readonly SseEvent[]): T[] {
  return events.filter((e) => e.event === "state").map((e) => JSON.parse(e.data) as T);
}
