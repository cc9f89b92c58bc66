/**
 * The web server over real http on port 0: its routes, the live push
 * (server-sent events: the current state at once, then every update in
 * order; a reconnect; a page that does not keep up is dropped, the others
 * not), the answers to bad requests (404, 405, 400, 401 — never a crash,
 * whatever arrives on the socket) and the token beyond loopback.
 */
import { request } from "node:http";
import { connect } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { err, ok } from "../../src/shared/index.js";
import {
  LiveHub,
  MAX_UNSENT_BYTES,
  startWebServer,
  type Archive,
  type WebBody,
  type WebServer,
  type WebState,
} from "../../src/web/index.js";
import { openSse, statesOf, type SseClient } from "./sse.js";

const servers: WebServer[] = [];
const clients: SseClient[] = [];
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.close();
});

/** A state whose only difference is its status line. */
function body(status: string, extra = ""): WebBody {
  return {
    game: { id: "hus", title: "Hus" },
    geometry: "4x8",
    view: { width: 10, height: 10 },
    places: [],
    sides: ["S", "N"],
    sideNames: { S: "South", N: "North" },
    players: { S: "Ana", N: "Ben" },
    toMove: "S",
    ply: 1,
    inHand: null,
    nextStone: [],
    lastLands: null,
    moves: [],
    moveList: "",
    reserve: null,
    off: null,
    clocks: { kind: "used", ms: { S: 0, N: 0 } },
    status,
    mistake: null,
    messages: extra === "" ? [] : [extra],
    link: "simulated",
    outcome: null,
    legend: [{ code: "CB", colour: "cyan", pattern: "blink", meaning: "next stone" }],
  };
}

const archive: Archive = {
  list: () => ok([]),
  game: (id) => (id === "broken" ? err("journal", "cannot read it") : null),
  exported: (id) => (id === "one" ? ok("[Game]\n") : null),
};

async function serve(o: Partial<Parameters<typeof startWebServer>[0]> = {}) {
  const hub = new LiveHub();
  const started = await startWebServer({ port: 0, live: hub, archive, ...o });
  if (!started.ok) throw new Error(started.error.message);
  servers.push(started.value);
  return { hub, server: started.value, base: `http://127.0.0.1:${started.value.port}` };
}

/** One request: status, headers, body. */
function fetchRaw(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? "GET", headers: options.headers },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** Bytes over a raw socket: what comes back until the server closes or `ms` pass. */
function rawSocket(port: number, data: string | Buffer, ms = 3000): Promise<string> {
  return new Promise((resolve) => {
    let got = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(data));
    const timer = setTimeout(() => socket.destroy(), ms);
    socket.on("data", (d) => {
      got += d.toString("latin1");
      // One answer is enough.
      if (/\r\n\r\n/.test(got) && /content-length: (\d+)/i.test(got)) {
        const length = Number(/content-length: (\d+)/i.exec(got)?.[1]);
        if (got.length - got.indexOf("\r\n\r\n") - 4 >= length) socket.destroy();
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(got);
    });
  });
}

describe("the live push", () => {
  it("gives a new page the current state at once, then every update in order, none missing", async () => {
    const { hub, base } = await serve();
    expect((await fetchRaw(`${base}/api/state`)).status).toBe(503);
    hub.publish(body("first"));
    const page = openSse(`${base}/events`);
    clients.push(page);
    const res = await page.response;
    expect(res.headers["content-type"]).toMatch(/^text\/event-stream/);
    await page.until((e) => e.length === 1);
    expect(statesOf<WebState>(page.events)[0]).toMatchObject({ seq: 1, status: "first" });
    // A burst of requests within one turn of the event loop is one update (the newest).
    for (let i = 0; i < 5; i++) hub.request(() => body(`burst ${i}`));
    await page.until((e) => e.length === 2);
    for (let i = 0; i < 40; i++) {
      hub.publish(body(`update ${i}`));
      // The same state again is not sent twice.
      hub.publish(body(`update ${i}`));
    }
    await page.until((e) => e.length === 42);
    const states = statesOf<WebState>(page.events);
    expect(states.map((s) => s.seq)).toEqual(states.map((_, i) => i + 1));
    expect(page.events.map((e) => e.id)).toEqual(states.map((s) => String(s.seq)));
    expect(states[1]?.status).toBe("burst 4");
    expect(states.slice(2).map((s) => s.status)).toEqual(
      Array.from({ length: 40 }, (_, i) => `update ${i}`),
    );
    for (const s of states) expect(s.sentAt).toBeGreaterThan(0);
    const now = JSON.parse((await fetchRaw(`${base}/api/state`)).text) as WebState;
    expect(now).toMatchObject({ seq: 42, status: "update 39" });
  });

  it("gives a reconnecting page (Last-Event-ID) the current state at once", async () => {
    const { hub, base } = await serve();
    for (let i = 1; i <= 3; i++) hub.publish(body(`s${i}`));
    const again = openSse(`${base}/events`, { "last-event-id": "1" });
    clients.push(again);
    await again.until((e) => e.length === 1);
    expect(statesOf<WebState>(again.events)[0]).toMatchObject({ seq: 3, status: "s3" });
    const garbage = openSse(`${base}/events`, { "last-event-id": "x\u00ff" });
    clients.push(garbage);
    await garbage.until((e) => e.length === 1);
    expect(statesOf<WebState>(garbage.events)[0]?.seq).toBe(3);
  });

  it("drops a page that does not read (over the bound), and the others keep every update", async () => {
    const { hub, base, server } = await serve();
    hub.publish(body("start"));
    const fast = openSse(`${base}/events`);
    clients.push(fast);
    await fast.until((e) => e.length === 1);
    // A page that asks and then never reads.
    const slow = connect(server.port, "127.0.0.1");
    slow.on("error", () => undefined);
    let slowClosed = false;
    slow.on("close", () => (slowClosed = true));
    await new Promise<void>((resolve) =>
      slow.write("GET /events HTTP/1.1\r\nHost: x\r\n\r\n", () => resolve()),
    );
    slow.pause();
    await new Promise<void>((resolve) => {
      const wait = () => (hub.listeners === 2 ? resolve() : setImmediate(wait));
      wait();
    });
    const big = "x".repeat(256 * 1024);
    let sent = 1;
    // Updates until the slow page is dropped (its socket's buffers fill first).
    while (hub.dropped === 0 && sent < 400) {
      hub.publish(body(`big ${sent}`, big));
      sent++;
      await fast.until((e) => e.length === sent, 20_000);
    }
    expect(hub.dropped).toBe(1);
    expect(hub.listeners).toBe(1);
    expect(sent * big.length).toBeGreaterThan(MAX_UNSENT_BYTES);
    const states = statesOf<WebState>(fast.events);
    expect(states.map((s) => s.seq)).toEqual(states.map((_, i) => i + 1));
    await new Promise<void>((resolve) => {
      const wait = () => (slowClosed ? resolve() : setImmediate(wait));
      slow.resume();
      wait();
    });
    slow.destroy();
  });
});

describe("routes and bad requests", () => {
  it("serves the pages and their files, read-only", async () => {
    const { base, hub } = await serve();
    hub.publish(body("x"));
    const page = await fetchRaw(`${base}/`);
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.text).toContain("/static/live.js");
    expect((await fetchRaw(`${base}/live`)).text).toContain("/static/live.js");
    expect((await fetchRaw(`${base}/archive`)).text).toContain("/static/archive.js");
    for (const f of ["board.js", "live.js", "archive.js", "kete.css"]) {
      const r = await fetchRaw(`${base}/static/${f}`);
      expect(r.status, f).toBe(200);
    }
    const head = await fetchRaw(`${base}/static/board.js`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.text).toBe("");
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const r = await fetchRaw(`${base}/api/state`, { method });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe("GET, HEAD");
      expect(r.text).toMatch(/read-only/);
    }
    expect((await fetchRaw(`${base}/events`, { method: "POST" })).status).toBe(405);
  });

  it("answers 404 to unknown pages and to paths out of the static folder", async () => {
    const { base, server } = await serve();
    for (const path of ["/nope", "/static/nope.js", "/static/", "/api", "/static/.env"]) {
      expect((await fetchRaw(`${base}${path}`)).status, path).toBe(404);
    }
    for (const path of [
      "/static/../package.json",
      "/static/%2e%2e/package.json",
      "/static/%2E%2E/%2e%2e/package.json",
      "/static/..%2fpackage.json",
      "/static/..%5cpackage.json",
      "/../../etc/passwd",
    ]) {
      const answer = await rawSocket(
        server.port,
        `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
      expect(answer, path).toMatch(/^HTTP\/1\.1 404/);
      expect(answer, path).not.toContain('"name": "kete"');
      expect(answer, path).not.toContain("root:");
    }
  });

  it("answers 400 to malformed game ids, 404 to unknown ones, and the archive's errors", async () => {
    const { base } = await serve();
    // A path climbing out is no page at all.
    for (const id of ["..", "%2e%2e", ".%2E"]) {
      expect((await fetchRaw(`${base}/api/games/${id}`)).status, id).toBe(404);
    }
    for (const id of ["a%2fb", "%ZZ", "-x", "a..b", "a%00b", "x".repeat(300)]) {
      const r = await fetchRaw(`${base}/api/games/${id}`);
      expect(r.status, id).toBe(400);
    }
    expect((await fetchRaw(`${base}/api/games/unknown`)).status).toBe(404);
    expect((await fetchRaw(`${base}/api/games/broken`)).status).toBe(422);
    expect((await fetchRaw(`${base}/api/games/one/export?format=pdf`)).status).toBe(400);
    expect((await fetchRaw(`${base}/api/games/one/export?format=text`)).text).toBe("[Game]\n");
    expect((await fetchRaw(`${base}/api/games/one/other`)).status).toBe(404);
    expect((await fetchRaw(`${base}/api/games`)).text).toBe("[]");
  });

  it("says there is no live game in serve mode, and no archive in play mode", async () => {
    const served = await serve({ live: null });
    expect((await fetchRaw(`${served.base}/events`)).status).toBe(404);
    expect((await fetchRaw(`${served.base}/api/state`)).status).toBe(404);
    expect((await fetchRaw(`${served.base}/`)).text).toContain("/static/archive.js");
    const played = await serve({ archive: null });
    expect((await fetchRaw(`${played.base}/api/games`)).status).toBe(404);
    expect((await fetchRaw(`${played.base}/archive`)).status).toBe(404);
  });

  it("survives garbage on the socket and still answers", async () => {
    const { base, server } = await serve();
    const junk = [
      Buffer.from([0, 1, 2, 255, 254, 13, 10, 13, 10]),
      "FOO / HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET / HTTP/9.9\r\n\r\n",
      `GET /${"a".repeat(70_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
      "GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nHost: x\r\n\r\nzz\r\n",
      "GET http://[::1 HTTP/1.1\r\nHost: x\r\n\r\n",
      "GET /\u0000\u00ff HTTP/1.1\r\nHost: x\r\n\r\n",
    ];
    const answers: string[] = [];
    for (const data of junk) answers.push(await rawSocket(server.port, data));
    // What cannot be read as a request is refused; nothing takes the server down.
    for (const answer of answers.slice(0, 5)) expect(answer).toMatch(/^HTTP\/1\.[01] 4\d\d/);
    for (const answer of answers)
      if (answer !== "") expect(answer).toMatch(/^HTTP\/1\.[01] \d{3} /);
    expect((await fetchRaw(`${base}/static/board.js`)).status).toBe(200);
  });
});

describe("beyond loopback: the token", () => {
  it("is required on every request, then carried by an HttpOnly SameSite=Strict cookie", async () => {
    const { server } = await serve({ host: "0.0.0.0" });
    expect(server.token).toMatch(/^[0-9a-f]{32}$/);
    expect(server.url).toContain(`?token=${server.token}`);
    const base = `http://127.0.0.1:${server.port}`;
    const none = await fetchRaw(`${base}/`);
    expect(none.status).toBe(401);
    expect(none.text).toMatch(/token/);
    expect((await fetchRaw(`${base}/events`)).status).toBe(401);
    expect((await fetchRaw(`${base}/static/board.js`)).status).toBe(401);
    expect((await fetchRaw(`${base}/?token=${"0".repeat(32)}`)).status).toBe(401);
    expect((await fetchRaw(`${base}/?token=short`)).status).toBe(401);
    const first = await fetchRaw(`${base}/?token=${server.token}`);
    expect(first.status).toBe(200);
    const cookie = String(first.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const pair = cookie.split(";")[0] as string;
    expect((await fetchRaw(`${base}/static/board.js`, { headers: { cookie: pair } })).status).toBe(
      200,
    );
    expect(
      (await fetchRaw(`${base}/api/state`, { headers: { cookie: "kete_token=bad" } })).status,
    ).toBe(401);
    // A second server has its own token: the first's does not open it.
    const other = await serve({ host: "0.0.0.0" });
    expect(other.server.token).not.toBe(server.token);
    const otherBase = `http://127.0.0.1:${other.server.port}`;
    expect((await fetchRaw(`${otherBase}/`, { headers: { cookie: pair } })).status).toBe(401);
  });

  it("binds 127.0.0.1 without a token by default, and says when the port is taken", async () => {
    const { server } = await serve();
    expect(server.token).toBeNull();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    const taken = await startWebServer({ port: server.port, live: null, archive });
    expect(taken.ok).toBe(false);
    expect(!taken.ok && taken.error.message).toMatch(/EADDRINUSE/);
  });
});
