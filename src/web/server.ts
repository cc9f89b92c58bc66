/**
 * kete's web server (node:http, no framework): the live page of a game
 * (`kete play --web`) and the archive of recorded games (`kete serve`).
 *
 * Read-only: every route is GET or HEAD and nothing a page sends reaches the
 * game or the board; any other method is answered 405. Every bad request is
 * answered 4xx with a one-line text, never a throw. It binds 127.0.0.1
 * unless told otherwise; on any other address a random 128-bit token is
 * required on every request (`?token=` once, then a cookie).
 *
 * Routes: `/` (the live page in play mode, the archive in serve mode),
 * `/live`, `/archive`, `/api/state`, `/events` (server-sent events),
 * `/api/games`, `/api/games/:id`, `/api/games/:id/export?format=text|json`,
 * `/static/FILE` (the pages' files, from the package's `web/` folder).
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { networkInterfaces } from "node:os";
import { err, ok, type KeteError, type Result } from "../shared/index.js";
import type { LiveHub } from "./hub.js";
import type { WebState } from "./state.js";
import type { EventSource } from "./event.js";

/** One game of the archive as the list shows it. */
export interface ArchiveEntry {
  /** The journal's file name without `.kete.jsonl` (what `/api/games/:id` takes). */
  readonly id: string;
  /** ISO 8601 start time, or null when the journal cannot be read. */
  readonly startedAt: string | null;
  readonly game: string | null;
  /** The players by side name (`South: Ana`), first side first. */
  readonly players: string;
  readonly moves: number;
  /** `South wins`, `draw`, `unfinished`, `being played`, or `unreadable`. */
  readonly result: string;
  /** Why the journal cannot be read, or null. */
  readonly error: string | null;
}

/** One recorded game, replayable: the position after every ply. */
export interface ArchiveGame {
  readonly id: string;
  readonly title: string;
  /** One frame per ply: frame 0 the start, frame i the board after the i-th move; the result on the last. */
  readonly frames: readonly WebState[];
  /** What each frame says (`ply 3: South played B3+`, a mistake made there), one per frame. */
  readonly notes: readonly string[];
  /** The result line, or null when unfinished. */
  readonly result: string | null;
}

/** What `kete serve` reads (src/cli/serve.ts): the games folder. */
export interface Archive {
  /** Every journal of the folder, oldest first; an error when the folder cannot be read (the journal's or the command's, passed on as it came). */
  list(): Result<readonly ArchiveEntry[], KeteError>;
  /** The game with id `id`: null when there is none, an error when it cannot be read. */
  game(id: string): Result<ArchiveGame, KeteError> | null;
  /** The game as `kete export` writes it. */
  exported(id: string, format: "text" | "json"): Result<string, KeteError> | null;
}

export interface WebServerOptions {
  /** Address to bind (default 127.0.0.1). */
  readonly host?: string;
  /** Port (0: any free one). */
  readonly port: number;
  /** The live game, or null (serve mode). */
  readonly live: LiveHub | null;
  /** The games folder, or null (play mode). */
  readonly archive: Archive | null;
  /** The club's event (`kete serve --event`), or absent/null. */
  readonly event?: EventSource | null;
  /** Where the pages' files are (default: the package's `web/` folder). */
  readonly staticDir?: URL;
  /** The access token (default: random when the host is not loopback, else none). */
  readonly token?: string | null;
}

export interface WebServer {
  /** The link to open: the real port, a reachable address, and the token when one is needed. */
  readonly url: string;
  readonly port: number;
  /** The access token, or null on loopback. */
  readonly token: string | null;
  /** Stops listening and ends every page's connection. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);
const COOKIE = "kete_token";
const STATIC_DIR = new URL("../../web/", import.meta.url);
/** `2026-11-22T01-34-05-husbao-k3x9`: letters, digits, dots, dashes, underscores; no `..`. */
const ID = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const STATIC_NAME = /^[a-z0-9][a-z0-9-]{0,60}\.(js|css|html|svg|png|ico)$/;
const TYPES: Readonly<Record<string, string>> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
  svg: "image/svg+xml",
  png: "image/png",
  ico: "image/x-icon",
  json: "application/json; charset=utf-8",
  text: "text/plain; charset=utf-8",
};
/**
 * The pages load only their own files and build the DOM with textContent (no
 * inline script, no eval). The browser tests and the bench evaluate
 * expressions in the page (playwright) in contexts that bypass this policy.
 */
const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "content-security-policy":
    "default-src 'self'; script-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
};

/** What to do when the address or port cannot be had. */
const LISTEN_HINTS: Readonly<Record<string, string>> = {
  EADDRINUSE: " (the port is taken: choose another, or 0 for any free one)",
  EADDRNOTAVAIL: " (no such address on this machine: try 0.0.0.0 for every one)",
  EACCES: " (a port below 1024 needs privileges: choose one above)",
};

/** A fresh access token: 128 random bits, hex. */
export function newToken(): string {
  return randomBytes(16).toString("hex");
}

/** Starts the server; the error when the address or port cannot be had. */
/** Why the web view did not start (issue 31): its port could not be listened on. */
export type WebError = KeteError<"web-listen">;

export async function startWebServer(o: WebServerOptions): Promise<Result<WebServer, WebError>> {
  const host = o.host ?? "127.0.0.1";
  const token = o.token !== undefined ? o.token : LOOPBACK.has(host) ? null : newToken();
  const handler = new Handler(o, token, o.staticDir ?? STATIC_DIR);
  const server = createServer((req, res) => handler.handle(req, res));
  server.on("clientError", (_e, socket: Socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });
  const listening = await new Promise<Result<number, WebError>>((resolve) => {
    server.once("error", (e: NodeJS.ErrnoException) =>
      resolve(
        err(
          "web-listen",
          `cannot serve the web page on ${host}:${o.port}: ${e.code ?? e.message}${LISTEN_HINTS[e.code ?? ""] ?? ""}`,
        ),
      ),
    );
    server.listen(o.port, host, () => {
      const a = server.address();
      resolve(ok(typeof a === "object" && a !== null ? a.port : o.port));
    });
  });
  if (!listening.ok) return listening;
  server.on("error", () => undefined);
  const port = listening.value;
  const shown = reachableHost(host);
  const url = `http://${shown.includes(":") ? `[${shown}]` : shown}:${port}/${token === null ? "" : `?token=${token}`}`;
  return ok({
    url,
    port,
    token,
    close: async () => {
      await o.event?.hub.close();
      await stop(server, o.live);
    },
  });
}

/** The address a phone on the LAN can open: the bound one, or for 0.0.0.0 this machine's first LAN address. */
function reachableHost(host: string): string {
  if (host !== "0.0.0.0" && host !== "::") return host;
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return "127.0.0.1";
}

async function stop(server: Server, live: LiveHub | null): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const ended = live?.close() ?? Promise.resolve();
  // A page that does not take its last bytes within a second is cut off.
  const timer = setTimeout(() => server.closeAllConnections(), 1000);
  await ended;
  server.closeIdleConnections();
  await closed;
  clearTimeout(timer);
}

class Handler {
  private readonly files = new Map<string, Buffer>();

  constructor(
    private readonly o: WebServerOptions,
    private readonly token: string | null,
    private readonly dir: URL,
  ) {}

  handle(req: IncomingMessage, res: ServerResponse): void {
    try {
      this.route(req, res);
    } catch (e) {
      // Never a throw out of a request: a 500 with the reason.
      if (!res.headersSent) send(res, 500, "text", `kete: internal error: ${String(e)}\n`);
      else res.destroy();
    }
  }

  private route(req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? "";
    const raw = req.url ?? "/";
    let url: URL;
    try {
      url = new URL(raw, "http://kete.invalid");
    } catch {
      return send(res, 400, "text", "kete: malformed request address\n");
    }
    // The raw path, before the URL parser resolved any `..`: a path climbing out is refused.
    const rawPath = raw.split("?")[0] ?? "";
    if (/(^|\/)(\.|%2e){2}(\/|$)/i.test(rawPath) || rawPath.includes("\\")) {
      return send(res, 404, "text", "kete: no such page\n");
    }
    if (!this.allowed(req, url, res)) return;
    if (method !== "GET" && method !== "HEAD") {
      res.setHeader("allow", "GET, HEAD");
      return send(
        res,
        405,
        "text",
        "kete: the web view is read-only: only GET and HEAD are answered\n",
      );
    }
    const head = method === "HEAD";
    const path = url.pathname;
    const live = this.o.live;
    const archive = this.o.archive;
    const event = this.o.event ?? null;
    if (path === "/")
      return this.file(
        res,
        live !== null ? "index.html" : event !== null ? "event.html" : "archive.html",
        head,
      );
    if (path === "/event" || path === "/api/event" || path.startsWith("/api/event/")) {
      if (event === null) {
        return send(res, 404, "text", "kete: no event here (kete serve --event shows one)\n");
      }
      return this.event(event, path, url, res, head);
    }
    if (path === "/event/events") {
      if (event === null) return send(res, 404, "text", "kete: no event here\n");
      this.stream(res);
      if (head) return void res.end();
      return event.hub.attach(res);
    }
    if (path === "/live") return live === null ? noLive(res) : this.file(res, "index.html", head);
    if (path === "/archive")
      return archive === null ? noArchive(res) : this.file(res, "archive.html", head);
    if (path === "/api/state") {
      if (live === null) return noLive(res);
      const state = live.state;
      if (state === null) return send(res, 503, "text", "kete: no state yet; try again\n");
      return send(res, 200, "json", state, head);
    }
    if (path === "/events") {
      if (live === null) return noLive(res);
      this.stream(res);
      if (head) return void res.end();
      return live.attach(res);
    }
    if (path.startsWith("/static/")) return this.file(res, path.slice("/static/".length), head);
    if (path === "/api/games" || path.startsWith("/api/games/")) {
      if (archive === null) return noArchive(res);
      return this.games(archive, path, url, res, head);
    }
    return send(res, 404, "text", "kete: no such page\n");
  }

  /** The head of a server-sent events stream. */
  private stream(res: ServerResponse): void {
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.socket?.setNoDelay(true);
  }

  /** `/event`, `/api/event`, `/api/event/rounds/:n/export?format=text|json`. */
  private event(
    event: EventSource,
    path: string,
    url: URL,
    res: ServerResponse,
    head: boolean,
  ): void {
    if (path === "/event") return this.file(res, "event.html", head);
    if (path === "/api/event") return send(res, 200, "json", event.hub.snapshot(), head);
    const m = /^\/api\/event\/rounds\/(\d{1,3})\/export$/.exec(path);
    if (m === null) return send(res, 404, "text", "kete: no such page\n");
    const round = Number(m[1]);
    const format = url.searchParams.get("format") ?? "text";
    if (format !== "text" && format !== "json")
      return send(res, 400, "text", `kete: format must be text or json, not '${format}'\n`);
    const text = event.roundExport(round, format);
    if (text === null) return send(res, 404, "text", `kete: no games in round ${round}\n`);
    if (!text.ok) return send(res, 422, "text", `kete: ${text.error.message}\n`);
    res.setHeader(
      "content-disposition",
      `attachment; filename="${event.name}-round${round}.${format === "json" ? "json" : "txt"}"`,
    );
    return send(res, 200, format, text.value, head);
  }

  private games(
    archive: Archive,
    path: string,
    url: URL,
    res: ServerResponse,
    head: boolean,
  ): void {
    if (path === "/api/games") {
      const list = archive.list();
      if (!list.ok) return send(res, 503, "text", `kete: ${list.error.message}\n`);
      return send(res, 200, "json", JSON.stringify(list.value), head);
    }
    const parts = path.slice("/api/games/".length).split("/");
    let id: string;
    try {
      id = decodeURIComponent(parts[0] ?? "");
    } catch {
      return send(res, 400, "text", "kete: malformed game id\n");
    }
    if (!ID.test(id)) return send(res, 400, "text", "kete: malformed game id\n");
    if (parts.length === 1) {
      const game = archive.game(id);
      if (game === null) return send(res, 404, "text", `kete: no game ${id}\n`);
      if (!game.ok) return send(res, 422, "text", `kete: ${game.error.message}\n`);
      return send(res, 200, "json", JSON.stringify(game.value), head);
    }
    if (parts.length === 2 && parts[1] === "export") {
      const format = url.searchParams.get("format") ?? "text";
      if (format !== "text" && format !== "json")
        return send(res, 400, "text", `kete: format must be text or json, not '${format}'\n`);
      const text = archive.exported(id, format);
      if (text === null) return send(res, 404, "text", `kete: no game ${id}\n`);
      if (!text.ok) return send(res, 422, "text", `kete: ${text.error.message}\n`);
      res.setHeader(
        "content-disposition",
        `inline; filename="${id}.${format === "json" ? "json" : "txt"}"`,
      );
      return send(res, 200, format, text.value, head);
    }
    return send(res, 404, "text", "kete: no such page\n");
  }

  /** With a token: the request carries it (query or cookie), else 401 saying how to get the link. */
  private allowed(req: IncomingMessage, url: URL, res: ServerResponse): boolean {
    const token = this.token;
    if (token === null) return true;
    const given = url.searchParams.get("token");
    if (given !== null && same(given, token)) {
      res.setHeader(
        "set-cookie",
        `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=86400`,
      );
      return true;
    }
    const cookie = cookieOf(req.headers.cookie ?? "", COOKIE);
    if (cookie !== null && same(cookie, token)) return true;
    send(
      res,
      401,
      "text",
      "kete: this page needs its access link: open the address kete printed on its terminal (with ?token=…), or scan the QR code shown there\n",
    );
    return false;
  }

  /** A page's file from the static folder (cached once read); 404 for any other name. */
  private file(res: ServerResponse, name: string, head: boolean): void {
    if (!STATIC_NAME.test(name)) return send(res, 404, "text", "kete: no such file\n");
    const type = TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? TYPES.text;
    const cached = this.files.get(name);
    if (cached !== undefined) return send(res, 200, type ?? "", cached, head);
    readFile(new URL(name, this.dir)).then(
      (data) => {
        this.files.set(name, data);
        send(res, 200, type ?? "", data, head);
      },
      () => send(res, 404, "text", "kete: no such file\n"),
    );
  }
}

function noLive(res: ServerResponse): void {
  send(res, 404, "text", "kete: no game is being played here (kete play --web shows one)\n");
}

function noArchive(res: ServerResponse): void {
  send(res, 404, "text", "kete: no archive here (kete serve shows the recorded games)\n");
}

/** Answers with `body`; `type` a short name (`json`, `text`) or a content type. */
function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  head = false,
): void {
  if (res.headersSent || res.destroyed) return;
  const data = typeof body === "string" ? Buffer.from(body) : body;
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "content-type": TYPES[type] ?? type,
    "content-length": data.length,
    "cache-control": "no-store",
  });
  res.end(head ? undefined : data);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookieOf(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
