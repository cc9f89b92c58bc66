/**
 * `kete play --web 0` as a process on the simulated board: a client of its
 * /events follows a whole game of Hus to its result with no update missed,
 * and the board it is shown after every move is the journal's position;
 * then the same games folder, with a broken journal beside it, served as
 * the archive (`kete serve`, in this process and as a process).
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderArchive } from "../../src/cli/serve.js";
import { webOf } from "../../src/cli/play/settings.js";
import { findGame, type Game } from "../../src/games/index.js";
import { exportGame, exportText, readJournal, type Journal } from "../../src/journal/index.js";
import {
  startWebServer,
  type ArchiveEntry,
  type ArchiveGame,
  type WebServer,
  type WebState,
} from "../../src/web/index.js";
import { startKete, type KeteProcess } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";
import { openSse, statesOf, type SseClient } from "./sse.js";

const hus = findGame("hus") as Game;
const WEB_LINE = /web: (http:\/\/127\.0\.0\.1:\d+\/)/;
const dir = mkdtempSync(join(tmpdir(), "kete-web-play-"));
const processes: KeteProcess[] = [];
const clients: SseClient[] = [];
const servers: WebServer[] = [];

beforeAll(() => {
  ensureBuilt();
});
afterAll(async () => {
  for (const c of clients) c.close();
  for (const s of servers) await s.close();
  for (const p of processes) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill("SIGKILL");
      await p.exited;
    }
  }
});

function getText(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    }).on("error", reject);
  });
}

/** Counts by pit of a journal position. */
function countsOf(json: Readonly<Record<string, unknown>>): Record<string, number | null> {
  const p = hus.parsePosition(json);
  if (!p.ok) throw new Error(p.error.message);
  const view = hus.sensorView(p.value);
  return Object.fromEntries(view.pits.map((pit, i) => [pit, view.counts[i] ?? null]));
}

function countsDrawn(s: WebState): Record<string, number | null> {
  return Object.fromEntries(s.places.map((p) => [p.name, p.count]));
}

let journal: Journal | null = null;

describe("kete play --web", { timeout: 120_000 }, () => {
  it("pushes every state of a whole game, the journal's board after every move, then the result", async () => {
    const k = startKete(
      ["play", "--game", "hus", "--seed", "3", "--pace", "0.05", "--web", "0", "--games-dir", dir],
      { lifeMs: 110_000 },
    );
    processes.push(k);
    await k.printed(WEB_LINE, 30_000);
    const url = WEB_LINE.exec(k.stdout())?.[1] as string;
    const page = openSse(`${url}events`);
    clients.push(page);
    await page.until((e) => statesOf<WebState>(e).some((s) => s.outcome !== null), 100_000);
    // The server ends the stream once the last state is out, and kete exits.
    await page.ended;
    expect(await k.exited).toBe(0);
    const states = statesOf<WebState>(page.events);
    const first = states[0] as WebState;
    expect(states.map((s) => s.seq)).toEqual(states.map((_, i) => first.seq + i));
    expect(first.moves).toEqual([]);
    const file = readdirSync(dir).find((f) => f.endsWith(".kete.jsonl")) as string;
    const read = readJournal(join(dir, file));
    if (!read.ok) throw new Error(read.error.message);
    journal = read.value;
    const moves = journal.records.flatMap((r) => (r.kind === "move" ? [r] : []));
    expect(moves.length).toBeGreaterThan(2);
    for (const m of moves) {
      const atPly = states.filter((s) => s.moves.length === m.ply);
      expect(atPly.length, `ply ${m.ply}`).toBeGreaterThan(0);
      expect(atPly[0]?.moves.at(-1)).toBe(m.move);
      const want = countsOf(m.position);
      expect(
        atPly.some((s) => JSON.stringify(countsDrawn(s)) === JSON.stringify(want)),
        `ply ${m.ply}: the journal's board ${JSON.stringify(want)}`,
      ).toBe(true);
    }
    // No reading missed: every settled reading the journal kept from the first move on was
    // pushed, in order.
    const from = moves[0]?.startedAt ?? 0;
    const readings = journal.records.flatMap((r) =>
      r.kind === "snapshot" && r.t >= from ? [r.counts] : [],
    );
    expect(readings.length).toBeGreaterThan(moves.length);
    const pushed = states.map((s) => s.places.map((p) => p.count));
    let matched = 0;
    for (const counts of pushed) {
      if (matched < readings.length && JSON.stringify(counts) === JSON.stringify(readings[matched]))
        matched++;
    }
    expect(matched, `${readings.length} readings`).toBe(readings.length);
    // A slip the journal recorded was shown with its rule, then cleared.
    const slips = journal.records.flatMap((r) => (r.kind === "mistake" ? [r] : []));
    for (const slip of slips) {
      const shown = states.find((s) => s.mistake?.message === slip.message);
      expect(shown?.mistake?.rule, slip.message).toBe(slip.rule);
    }
    if (slips.length > 0) expect(states.at(-1)?.mistake).toBeNull();
    const result = journal.records.find((r) => r.kind === "result");
    const last = states.at(-1) as WebState;
    expect(last.outcome?.winner).toBe(result?.kind === "result" ? result.winner : "?");
    expect(last.moves).toEqual(moves.map((m) => m.move));
    expect(last.places.filter((p) => p.led !== null).length).toBeGreaterThan(0);
  });

  it("reads --web and --host: a port, any free port, a usage error otherwise", () => {
    expect(webOf({})).toEqual({ ok: true, value: null });
    expect(webOf({ web: true })).toEqual({ ok: true, value: { port: 0, host: "127.0.0.1" } });
    expect(webOf({ web: "8080", host: "0.0.0.0" })).toEqual({
      ok: true,
      value: { port: 8080, host: "0.0.0.0" },
    });
    for (const bad of ["x", "-1", "70000", "80.5"]) expect(webOf({ web: bad }).ok, bad).toBe(false);
    expect(webOf({ host: "0.0.0.0" }).ok).toBe(false);
    expect(webOf({ web: true, host: "a b" }).ok).toBe(false);
  });
});

describe("kete serve: the archive", { timeout: 60_000 }, () => {
  it("lists the good journal and the broken one, replays the good one, exports it", async () => {
    expect(journal).not.toBeNull();
    const j = journal as Journal;
    writeFileSync(join(dir, "2020-01-01T00-00-00-000-hus-broken.kete.jsonl"), '{"kind":"header"\n');
    const started = await startWebServer({ port: 0, live: null, archive: folderArchive(dir) });
    if (!started.ok) throw new Error(started.error.message);
    servers.push(started.value);
    const base = `http://127.0.0.1:${started.value.port}`;
    const list = JSON.parse((await getText(`${base}/api/games`)).text) as ArchiveEntry[];
    expect(list).toHaveLength(2);
    const good = list.find((g) => g.error === null) as ArchiveEntry;
    const broken = list.find((g) => g.error !== null) as ArchiveEntry;
    expect(good).toMatchObject({
      game: "hus",
      startedAt: j.header.startedAt,
      players: "South: Amani · North: Baraka",
    });
    expect(broken).toMatchObject({
      id: "2020-01-01T00-00-00-000-hus-broken",
      result: "unreadable",
    });
    expect(broken.error).toMatch(/header/);
    const unreadable = await getText(`${base}/api/games/${broken.id}`);
    expect(unreadable.status).toBe(422);
    expect(unreadable.text).toMatch(/header/);
    // The page is not told where the games folder is.
    expect(unreadable.text).not.toContain(dir);
    const game = JSON.parse((await getText(`${base}/api/games/${good.id}`)).text) as ArchiveGame;
    const moves = j.records.flatMap((r) => (r.kind === "move" ? [r] : []));
    expect(game.frames).toHaveLength(moves.length + 1);
    expect(game.notes).toHaveLength(moves.length + 1);
    expect(game.frames[0]?.moves).toEqual([]);
    for (const m of moves) {
      const frame = game.frames[m.ply] as WebState;
      expect(frame.moves.at(-1)).toBe(m.move);
      expect(countsDrawn(frame), `ply ${m.ply}`).toEqual(countsOf(m.position));
    }
    expect(game.frames.at(-1)?.outcome).not.toBeNull();
    const text = await getText(`${base}/api/games/${good.id}/export?format=text`);
    expect(text.text).toBe(exportText(exportGame(j, hus.layout.sideNames)));
    const json = await getText(`${base}/api/games/${good.id}/export?format=json`);
    expect(JSON.parse(json.text)).toMatchObject({ tags: { Game: "hus" } });
  });

  it("runs as kete serve --port 0, and stops on SIGTERM", async () => {
    const k = startKete(["serve", "--port", "0", "--games-dir", dir], { lifeMs: 30_000 });
    processes.push(k);
    await k.printed(WEB_LINE, 20_000);
    const url = WEB_LINE.exec(k.stdout())?.[1] as string;
    const list = JSON.parse((await getText(`${url}api/games`)).text) as ArchiveEntry[];
    expect(list).toHaveLength(2);
    expect(list.filter((g) => g.error !== null).map((g) => g.result)).toEqual(["unreadable"]);
    expect(list.find((g) => g.error === null)?.result).toMatch(/^(South|North) wins|^draw/);
    expect((await getText(`${url}`)).text).toContain("/static/archive.js");
    k.child.kill("SIGTERM");
    expect(await k.exited).toBe(0);
  });
});
