/**
 * The web view in numbers (issue 17: "latency from controller event to
 * drawn page p95 ≤ 100 ms"; "20 spectator pages at once cost kete's game
 * loop less than 1 ms per reading").
 *
 * Spectators: random games of Hus played stone by stone as settled readings
 * through a whole `Controller` (as `-- controller` does), each reading
 * followed by what `kete play --web` adds to it: the page's state built
 * (the places drawn from the layout, the LED plan, the moves), serialised once
 * and written to every page listening on the live push (`LiveHub`, served by
 * `startWebServer`). Timed per reading, on the game loop: 0 pages, then 20
 * node http clients reading `/events`; every client must receive every state.
 * The state here is built by the bench, not by the CLI's `webBody` (bench
 * does not import cli); it carries the same fields, and the pages' extra is
 * the same whoever builds it.
 *
 * Latency: `kete play --web 0` (dist/) on the simulated board, a fast game
 * (`--pace 0.05`), with headless chromium (Debian's, or KETE_CHROMIUM) on the
 * live page: from the server's `sentAt` to the page's `drawnAt` for every
 * state the page drew (`window.keteDrawn`); and, in process, from a reading
 * reaching the controller to its state leaving the hub (`sentAt`), with 20
 * pages listening.
 */
import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync } from "node:fs";
import { get, type ClientRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { ReplayLink } from "../board/index.js";
import { Controller, legendEntries, legendRoles } from "../controller/index.js";
import { countsAlong, findGame, type Game, type Position } from "../games/index.js";
import { LED_COLOURS, LED_PATTERNS, type LedState } from "../protocol/index.js";
import { findShape, seededRandom } from "../shared/index.js";
import { drawingOf, LiveHub, startWebServer, type WebBody } from "../web/index.js";
import { BENCH_INFO } from "./controller.js";
import { printTable } from "./report.js";

const CLI = fileURLToPath(new URL("../cli/main.js", import.meta.url));
const SPECTATORS = 20;
const GAMES = 10;

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

function mean(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** The page's state for what the controller and the board say now (the fields of `WebState`). */
function benchBody(
  game: Game,
  controller: Controller,
  counts: readonly number[],
  moves: readonly string[],
): WebBody {
  const drawing = drawingOf(game.layout);
  const leds = controller.ledPlan();
  const legend = legendEntries(
    legendRoles(game, {}),
    findShape(game.layout.geometry)?.kind === "holes",
  );
  const v = controller.view;
  const guide = v.guide;
  const ledOf = (led: LedState | undefined) =>
    led === undefined || led.pattern === "off"
      ? null
      : {
          colour: led.colour,
          pattern: led.pattern,
          code: `${LED_COLOURS[led.colour]}${LED_PATTERNS[led.pattern]}`,
          meaning:
            legend.find((e) => e.code === `${LED_COLOURS[led.colour]}${LED_PATTERNS[led.pattern]}`)
              ?.meaning ?? "",
        };
  const [first, second] = game.layout.sides;
  return {
    game: { id: game.id, title: `${game.title} — Amani (South) vs Baraka (North)` },
    geometry: game.layout.geometry,
    view: { width: drawing.width, height: drawing.height },
    places: drawing.places.map((p, i) => ({
      ...p,
      count: counts[i] ?? null,
      led: ledOf(leds.get(p.name)),
      unsettled: false,
      faulty: false,
    })),
    sides: game.layout.sides,
    sideNames: game.layout.sideNames,
    players: { [first]: "Amani", [second]: "Baraka" },
    toMove: v.toMove,
    ply: moves.length + 1,
    inHand: guide?.inHand ?? null,
    nextStone: guide?.nextStone ?? [],
    lastLands: null,
    moves,
    moveList: moves.map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m}` : m)).join(" "),
    reserve: null,
    off: null,
    clocks: { kind: "used", ms: { [first]: 0, [second]: 0 } },
    status: controller.status,
    mistake: null,
    messages: [],
    link: "simulated",
    outcome: null,
    legend,
  };
}

/** `n` pages listening on `/events`, counting the states each receives. */
async function spectators(
  port: number,
  n: number,
): Promise<{ received: number[]; close: () => void }> {
  const received = new Array<number>(n).fill(0);
  const requests: ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const req = get({ host: "127.0.0.1", port, path: "/events" }, (res) => {
            res.setEncoding("utf8");
            let tail = "";
            res.on("data", (chunk: string) => {
              const text = tail + chunk;
              const frames = text.split("\n\n");
              tail = frames.pop() ?? "";
              for (const f of frames) if (f.includes("event: state")) received[i]!++;
            });
            resolve();
          });
          req.on("error", reject);
          requests.push(req);
        }),
    ),
  );
  return { received, close: () => requests.forEach((r) => r.destroy()) };
}

/** Every reading of `games` random Hus games, as the counts the board would read, with the move each ends. */
function readingsOf(
  game: Game,
  games: number,
  seed: number,
): { counts: number[]; ends: string | null }[][] {
  const random = seededRandom(seed);
  const out: { counts: number[]; ends: string | null }[][] = [];
  for (let g = 0; g < games; g++) {
    const start = game.initial({});
    if (!start.ok) throw new Error(start.error.message);
    let p: Position = start.value;
    const pits = game.sensorView(p).pits;
    const readings: { counts: number[]; ends: string | null }[] = [];
    readings.push({ counts: [...game.sensorView(p).counts], ends: null });
    for (let ply = 0; ply < 80; ply++) {
      const m = game.randomMove(p, random);
      if (m === null) break;
      const along = countsAlong(pits, game.sensorView(p).counts, m.trace);
      along.forEach((c, i) =>
        readings.push({ counts: c, ends: i === along.length - 1 ? m.move : null }),
      );
      p = m.position;
    }
    out.push(readings);
  }
  return out;
}

/** A hub that notes when each state left it. */
class TimedHub extends LiveHub {
  readonly sent: number[] = [];
  override publish(body: WebBody): boolean {
    const published = super.publish(body);
    if (published) this.sent.push(performance.now());
    return published;
  }
}

interface LoopRun {
  /** Per reading: the controller's verdict and LED plan, then the state built and pushed (ms). */
  readonly perReading: number[];
  /** Per reading, with the push left to the hub's own turn: reading in → state out (ms). */
  readonly toSent: number[];
  readonly states: number;
  /** States each page received. */
  readonly received: readonly number[];
  readonly dropped: number;
}

/** Plays the readings through a controller and the live push with `pages` listening. */
async function loopRun(
  game: Game,
  games: { counts: number[]; ends: string | null }[][],
  pages: number,
): Promise<LoopRun> {
  const hub = new TimedHub();
  const server = await startWebServer({ port: 0, live: hub, archive: null });
  if (!server.ok) throw new Error(server.error.message);
  const audience = await spectators(server.value.port, pages);
  const perReading: number[] = [];
  const toSent: number[] = [];
  try {
    for (const readings of games) {
      const link = new ReplayLink();
      link.feed({ type: "link", state: "ready" });
      link.feed({ type: "hello", info: BENCH_INFO });
      let t = 0;
      const controller = new Controller(link, { clock: () => t });
      const moves: string[] = [];
      let counts: readonly number[] = readings[0]?.counts ?? [];
      const feed = (c: readonly number[]) => {
        t += 250;
        counts = c;
        link.feed({
          type: "snapshot",
          snapshot: {
            board: { geometry: "4x8", counts: c },
            settled: true,
            unsettled: [],
            receivedAt: t,
          },
        });
      };
      feed(counts);
      controller.newGame(game.id);
      for (const [i, r] of readings.entries()) {
        if (r.ends !== null) moves.push(r.ends);
        const t0 = performance.now();
        feed(r.counts);
        const build = () => benchBody(game, controller, counts, moves);
        hub.request(build);
        if (i % 2 === 0) {
          // On the game loop: the reading judged, then its state built and written to every page.
          hub.flush();
          perReading.push(performance.now() - t0);
        } else {
          // As kete play leaves it: the hub sends once this turn of the event loop is done.
          const before = hub.sent.length;
          for (let turns = 0; hub.sent.length === before && turns < 100; turns++) await nextTurn();
          if (hub.sent.length > before) toSent.push((hub.sent[before] as number) - t0);
        }
        await nextTurn(); // the sockets write, the pages read
      }
      controller.close();
    }
    // Every page has what was sent before it is counted.
    const states = hub.current;
    const deadline = performance.now() + 5000;
    while (audience.received.some((n) => n < states) && performance.now() < deadline)
      await nextTurn();
    return { perReading, toSent, states, received: [...audience.received], dropped: hub.dropped };
  } finally {
    audience.close();
    await server.value.close();
  }
}

async function benchSpectators(): Promise<number[]> {
  const game = findGame("hus");
  if (game === undefined) throw new Error("bench: no hus");
  const games = readingsOf(game, GAMES, 17);
  await loopRun(game, readingsOf(game, 2, 3), 0); // warm up the JIT
  // Alternating rounds, so the JIT and the heap's growth fall on both alike.
  const times = new Map<number, number[]>([
    [0, []],
    [SPECTATORS, []],
  ]);
  const complete: string[] = [];
  let toSent: number[] = [];
  for (const pages of [0, SPECTATORS, 0, SPECTATORS]) {
    const r = await loopRun(game, games, pages);
    times.get(pages)?.push(...r.perReading);
    if (pages === 0) continue;
    toSent = toSent.concat(r.toSent);
    const got = r.received.filter((n) => n >= r.states).length;
    complete.push(`${got} of ${pages} (${r.dropped} dropped)`);
  }
  const rows = [...times].map(([pages, t]) => [
    pages,
    t.length,
    mean(t),
    quantile(t, 0.5),
    quantile(t, 0.99),
    Math.max(...t),
    pages === 0 ? "–" : complete.join(", "),
  ]);
  const none = times.get(0) ?? [];
  const all = times.get(SPECTATORS) ?? [];
  const means = [mean(none), mean(all)];
  const medians = [quantile(none, 0.5), quantile(all, 0.5)];
  printTable({
    title: "Web view: the game loop's time per reading, with pages watching (hus, in process)",
    columns: [
      "pages",
      "readings",
      "mean ms",
      "p50 ms",
      "p99 ms",
      "max ms",
      "pages with every state",
    ],
    rows,
    notes: [
      `${GAMES} random games of Hus (≤ 80 plies), one settled reading per stone, through a whole Controller; each reading's state built, serialised once and written to every page (LiveHub on startWebServer, node http clients on /events). Two rounds of each, alternating. Extra per reading with ${SPECTATORS} pages: ${((means[1] ?? 0) - (means[0] ?? 0)).toFixed(3)} ms on the mean, ${((medians[1] ?? 0) - (medians[0] ?? 0)).toFixed(3)} ms at the median (issue 17's target: < 1 ms).`,
    ],
  });
  return toSent;
}

/** Whether a chromium is there to drive. */
function chromiumPath(): string | null {
  const path = process.env.KETE_CHROMIUM ?? "/usr/bin/chromium";
  try {
    accessSync(path, constants.X_OK);
    return path;
  } catch {
    return null;
  }
}

interface Drawn {
  readonly seq: number;
  readonly drawnAt: number;
  readonly sentAt: number;
}

/** A fast game in `kete play --web 0` with chromium on its page: sentAt → drawnAt of every state drawn. */
async function pageLatency(
  chromium: string,
  seed: number,
): Promise<{ drawn: Drawn[]; plies: number } | null> {
  const { chromium: playwright } = await import("playwright-core");
  const dir = mkdtempSync(join(tmpdir(), "kete-bench-web-"));
  const child = spawn(
    process.execPath,
    [
      CLI,
      "play",
      "--game",
      "hus",
      "--seed",
      String(seed),
      "--pace",
      "0.05",
      "--mistakes",
      "0",
      "--web",
      "0",
      "--games-dir",
      dir,
    ],
    { env: { ...process.env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const printed = (re: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = re.exec(output);
        if (m !== null) resolve(m);
      };
      child.stdout.on("data", (d: Buffer) => ((output += d.toString("utf8")), check()));
      child.stderr.on("data", (d: Buffer) => ((output += d.toString("utf8")), check()));
      child.once("close", () => reject(new Error(`kete ended:\n${output}`)));
    });
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  const browser = await playwright.launch({
    executablePath: chromium,
    headless: true,
    args: root ? ["--no-sandbox"] : [],
  });
  try {
    const url = (await printed(/web: (http:\/\/127\.0\.0\.1:\d+\/)/))[1] as string;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await page.goto(url);
    await printed(/game over:/);
    await page
      .locator('[data-role="outcome"]')
      .filter({ hasText: /\S/ })
      .waitFor({ timeout: 20_000 });
    const drawn = await page.evaluate(
      () => (globalThis as unknown as { keteDrawn?: Drawn[] }).keteDrawn?.slice() ?? [],
    );
    return { drawn, plies: [...output.matchAll(/\bply \d+ /g)].length };
  } finally {
    await browser.close();
    child.kill("SIGINT");
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchWeb(): Promise<void> {
  const toSent = await benchSpectators();
  const chromium = chromiumPath();
  const rows: (string | number)[][] = [
    [
      `reading in → state sent (in process, ${SPECTATORS} pages)`,
      toSent.length,
      quantile(toSent, 0.5),
      quantile(toSent, 0.95),
      Math.max(...toSent),
    ],
  ];
  if (chromium === null) {
    rows.push([
      "state sent → drawn in chromium",
      "no chromium (apt-get install chromium)",
      "–",
      "–",
      "–",
    ]);
  } else {
    const latencies: number[] = [];
    let games = 0;
    for (const seed of [5, 6]) {
      const r = await pageLatency(chromium, seed);
      if (r === null) continue;
      games++;
      // Not the first: the state of the moment the page connected, sent before it listened.
      latencies.push(...r.drawn.slice(1).map((d) => d.drawnAt - d.sentAt));
    }
    rows.push([
      `state sent → drawn in chromium (${games} games)`,
      latencies.length,
      quantile(latencies, 0.5),
      quantile(latencies, 0.95),
      Math.max(...latencies),
    ]);
  }
  printTable({
    title: "Web view: latency from the controller's event to the drawn page (wall clock)",
    columns: ["stage", "states", "p50 ms", "p95 ms", "max ms"],
    rows,
    notes: [
      "Sent → drawn: `kete play --game hus --pace 0.05 --web 0` on the simulated board, headless chromium on the live page; the server's `sentAt` and the page's `drawnAt` are both the machine's wall clock (Date.now()), so their difference has a 1 ms grain. Issue 17's target for the whole path: p95 ≤ 100 ms.",
    ],
  });
}
