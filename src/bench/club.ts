/**
 * `npm run bench -- club` (issue 33): a club night on this machine. One
 * Mosquitto (started here on a free port, never the system's service), N
 * simulated boards (`--boards=N`, default 100) in this process, each a
 * real `ClubPublisher` reading its own journal, all playing whole games at
 * once (a move every `--move-ms` per board, default 1000, starts spread over
 * one interval); `kete serve --event` as a process; headless Chromium on
 * its page. The broker is killed (SIGKILL) and started again twice during
 * the games.
 *
 * Measured: board → page latency of every move (the board's journal write
 * to the tile drawn, both on this machine's wall clock), apart for the
 * moves published while the broker was away; that every move of every
 * game reached the page in order and none twice; kete's CPU (the boards'
 * publishers, and the event view) per board and the broker's CPU. Then the
 * example ACL (docs/club/) on a second broker: a board publishing under
 * another board's topic is refused.
 */
import { spawn, type ChildProcess } from "node:child_process";
import {
  accessSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect as tcpConnect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  ClubPublisher,
  parsePublishTarget,
  simulatedGame,
  type SimulatedGame,
} from "../club/index.js";
import { JournalWriter, type JournalRecord } from "../journal/index.js";
import { printTable } from "./report.js";

const CLI = fileURLToPath(new URL("../cli/main.js", import.meta.url));
const CLUB = fileURLToPath(new URL("../../docs/club/", import.meta.url));
const EVENT = "bench";
const TICKS = 100; // clock ticks per second of /proc's utime and stime (Linux's USER_HZ)

function option(name: string, fallback: number): number {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  const n = a === undefined ? NaN : Number(a.slice(name.length + 3));
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function mosquittoPath(): string | null {
  const given = process.env.KETE_MOSQUITTO;
  if (given !== undefined && given !== "") return given;
  const dirs = ["/usr/sbin", ...(process.env.PATH ?? "").split(":")];
  return dirs.map((d) => join(d, "mosquitto")).find(executable) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process has used (user + system), from /proc; null when it is gone. */
function cpuOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}

/** CPU seconds of a process and every process below it (a browser's renderers). */
function treeCpu(root: number | undefined): number {
  if (root === undefined) return 0;
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(name), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree].reduce((sum, pid) => sum + (cpuOf(pid) ?? 0), 0);
}

/** A mosquitto of our own: started, killed, started again on the same port; its CPU summed over its lives. */
class Broker {
  private child: ChildProcess | null = null;
  private cpuBefore = 0;
  readonly conf: string;

  constructor(
    private readonly path: string,
    readonly port: number,
    secure: boolean,
  ) {
    const dir = mkdtempSync(join(tmpdir(), "kete-bench-mosquitto-"));
    this.conf = join(dir, "mosquitto.conf");
    writeFileSync(
      this.conf,
      [
        `listener ${port} 127.0.0.1`,
        ...(secure
          ? [
              "allow_anonymous false",
              `password_file ${join(CLUB, "passwd")}`,
              `acl_file ${join(CLUB, "acl")}`,
            ]
          : ["allow_anonymous true"]),
        "persistence false",
        "max_queued_messages 100000",
        "max_inflight_messages 100",
        "",
      ].join("\n"),
    );
  }

  async start(): Promise<void> {
    this.child = spawn(this.path, ["-c", this.conf], { stdio: "ignore" });
    const started = Date.now();
    while (!(await accepts(this.port))) {
      if (Date.now() - started > 20_000) throw new Error("mosquitto did not start");
      await wait(20);
    }
  }

  cpu(): number {
    return this.cpuBefore + (cpuOf(this.child?.pid) ?? 0);
  }

  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    const child = this.child;
    if (child === null) return;
    this.cpuBefore += cpuOf(child.pid) ?? 0;
    this.child = null;
    const ended = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill(signal);
    await ended;
  }
}

interface BoardRun {
  readonly name: string;
  readonly game: SimulatedGame;
  /** Wall-clock time each move was written to the journal, by move index. */
  readonly writtenAt: number[];
  publisher: ClubPublisher | null;
  writer: JournalWriter | null;
}

/** Plays every board's game: one move per `moveMs` per board, starts spread over one interval. */
async function playBoards(boards: BoardRun[], port: number, moveMs: number): Promise<void> {
  // In memory where the machine has it: the N boards share one process and one disk here, and
  // each move's fsync would hold every other board's publishing (a real board has its own).
  const dir = mkdtempSync(join(memoryDir() ?? tmpdir(), "kete-bench-club-"));
  try {
    const games = boards.map(async (b, i) => {
      const writer = JournalWriter.create(join(dir, b.name), b.game.header);
      if (!writer.ok) throw new Error(writer.error.message);
      b.writer = writer.value;
      const target = parsePublishTarget(`mqtt://127.0.0.1:${port}/${EVENT}/${b.name}`);
      if (!target.ok) throw new Error(target.error.message);
      const pub = new ClubPublisher(target.value, writer.value.path, {
        say: () => undefined,
        round: 1,
        reconnectMs: 250,
      });
      b.publisher = pub;
      writer.value.onWrite(() => pub.poke());
      await wait((moveMs * i) / boards.length);
      let pending: JournalRecord[] = [];
      for (const r of b.game.records) {
        pending.push(r);
        if (r.kind !== "move" && r.kind !== "result") continue;
        for (const p of pending) writer.value.append(p);
        writer.value.commit();
        if (r.kind === "move") b.writtenAt.push(Date.now());
        pending = [];
        await wait(moveMs);
      }
    });
    await Promise.all(games);
    for (const b of boards) {
      await b.publisher?.close(30_000);
      b.writer?.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** /dev/shm when it is there and writable, else null. */
function memoryDir(): string | null {
  try {
    accessSync("/dev/shm", constants.W_OK);
    return "/dev/shm";
  } catch {
    return null;
  }
}

function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
}

/** The ACL of docs/club/ on a broker of its own: board3's login publishing as board4 is refused. */
async function aclRefusal(path: string): Promise<string> {
  const broker = new Broker(path, await freePort(), true);
  await broker.start();
  const dir = mkdtempSync(join(tmpdir(), "kete-bench-acl-"));
  try {
    const g = simulatedGame({ gameId: "acl", seed: 1, maxPlies: 4 });
    const writer = JournalWriter.create(dir, g.header);
    if (!writer.ok) return writer.error.message;
    const target = parsePublishTarget(`mqtt://127.0.0.1:${broker.port}/${EVENT}/board4`, {
      username: "board3",
      password: "board3-change-me",
    });
    if (!target.ok) return target.error.message;
    const said: string[] = [];
    const pub = new ClubPublisher(target.value, writer.value.path, { say: (m) => said.push(m) });
    writer.value.onWrite(() => pub.poke());
    for (const r of g.records) writer.value.append(r);
    writer.value.commit();
    const started = Date.now();
    while (!pub.status.refused && Date.now() - started < 10_000) await wait(20);
    await pub.close(0);
    writer.value.close();
    return pub.status.refused && pub.status.acknowledged === 0
      ? "refused (not authorized), nothing acknowledged"
      : `NOT refused: ${said.join(" / ")}`;
  } finally {
    await broker.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Drawn {
  readonly board: string;
  readonly moves: number;
  readonly sentAt: number;
  readonly drawnAt: number;
}

/** What the page showed: every game whole and in order, and each move's latency. */
interface Measured {
  readonly whole: number;
  readonly monotonic: number;
  readonly calm: number[];
  readonly troubled: number[];
  readonly toSent: number[];
  readonly toDrawn: number[];
}

function analyse(
  boards: readonly BoardRun[],
  drawn: readonly Drawn[],
  event: { boards: { board: string; state: { moves: string[] } }[] },
  outages: readonly [number, number][],
): Measured {
  // Every move, in order, none twice: each board's final moves are its game's; its tile never went back.
  const finals = new Map(event.boards.map((b) => [b.board, b.state.moves]));
  let whole = 0;
  let monotonic = 0;
  for (const b of boards) {
    if (JSON.stringify(finals.get(b.name)) === JSON.stringify(b.game.moves)) whole++;
    const seq = drawn.filter((d) => d.board === b.name).map((d) => d.moves);
    if (seq.every((m, i) => i === 0 || m >= (seq[i - 1] as number))) monotonic++;
  }
  // Latency of each move: written to the journal → first tile drawn with it.
  const calm: number[] = [];
  const troubled: number[] = [];
  const toSent: number[] = [];
  const toDrawn: number[] = [];
  const margin = 2000; // after a restart: the publishers' reconnection (250 ms) and catching up
  for (const b of boards) {
    const seen = drawn.filter((d) => d.board === b.name);
    b.writtenAt.forEach((at, k) => {
      const first = seen.find((d) => d.moves >= k + 1);
      if (first === undefined) return;
      const ms = first.drawnAt - at;
      const hit = outages.some(([down, up]) => at >= down - 200 && at <= up + margin);
      (hit ? troubled : calm).push(ms);
      if (!hit) {
        toSent.push(first.sentAt - at);
        toDrawn.push(first.drawnAt - first.sentAt);
      }
    });
  }
  return { whole, monotonic, calm, troubled, toSent, toDrawn };
}

interface Run {
  readonly n: number;
  readonly plies: number;
  readonly moveMs: number;
  readonly wall: number;
  readonly boards: readonly BoardRun[];
  readonly outages: readonly [number, number][];
  readonly acl: string;
  readonly measured: Measured;
  readonly cpu: { boardsCpu: number; serveCpu: number; pageCpu: number; brokerCpu: number };
}

function report(r: Run): void {
  const { n, plies, moveMs, wall, boards, outages, acl } = r;
  const { whole, monotonic, calm, troubled, toSent, toDrawn } = r.measured;
  const { boardsCpu, serveCpu, pageCpu, brokerCpu } = r.cpu;
  const moves = boards.reduce((a, b) => a + b.game.moves.length, 0);
  const ms = (xs: number[]) =>
    `p50 ${quantile(xs, 0.5)} ms, p95 ${quantile(xs, 0.95)}, p99 ${quantile(xs, 0.99)}, max ${Math.max(...xs)} (${xs.length} moves)`;
  printTable({
    title: `Club night: ${n} boards, one Mosquitto, the event page in chromium`,
    columns: ["measurement", "result"],
    rows: [
      [
        "boards, moves",
        `${n} boards × up to ${plies} moves (${moves} moves), a move every ${moveMs} ms per board, ${wall.toFixed(1)} s`,
      ],
      ["board → page latency, broker up", ms(calm)],
      ["… of which board → sent by kete serve (journal, broker, event view)", ms(toSent)],
      ["… and sent → drawn in chromium", ms(toDrawn)],
      ["… moves written while the broker was away or just back", ms(troubled)],
      [
        "broker killed (SIGKILL) and restarted",
        `${outages.length} times, down ${outages.map(([a, b]) => `${((b - a) / 1000).toFixed(1)} s`).join(", ")}`,
      ],
      [
        "every move of every game on the page, in order, none twice",
        `${whole} of ${n} boards exactly their game's moves; ${monotonic} of ${n} tiles never went back`,
      ],
      [
        "kete's CPU, the boards' publishers",
        `${((1000 * boardsCpu) / n / wall).toFixed(2)} ms per board per second (${boardsCpu.toFixed(1)} s in all, one process)`,
      ],
      [
        "kete's CPU, kete serve --event",
        `${((1000 * serveCpu) / n / wall).toFixed(2)} ms per board per second (${serveCpu.toFixed(1)} s in all)`,
      ],
      [
        "chromium's CPU (the page: all its processes)",
        `${pageCpu.toFixed(1)} s in all (${((100 * pageCpu) / wall).toFixed(1)} % of a core)`,
      ],
      [
        "the broker's CPU",
        `${brokerCpu.toFixed(1)} s in all (${((100 * brokerCpu) / wall).toFixed(1)} % of a core)`,
      ],
      ["a board publishing under another board's topic (docs/club ACL)", acl],
    ],
    notes: [
      "The boards' journals are in /dev/shm when there is one (one process plays every board here; a real board fsyncs its own journal on its own machine). Latency: from the board's journal write (the move accepted) to the page's tile drawn with it, both Date.now() on this machine. A move counts as troubled when written from 0.2 s before a kill to 2 s after the broker was back. CPU from process.cpuUsage() (this process, the boards) and /proc (kete serve, mosquitto).",
    ],
  });
}

export async function benchClub(): Promise<void> {
  const n = option("boards", 100);
  const moveMs = option("move-ms", 1000);
  const plies = option("plies", 30);
  const path = mosquittoPath();
  const chromium = process.env.KETE_CHROMIUM ?? "/usr/bin/chromium";
  if (path === null || !executable(chromium)) {
    printTable({
      title: "Club night",
      columns: ["measurement", "result"],
      rows: [["everything", "needs mosquitto and chromium (apt-get install mosquitto chromium)"]],
    });
    return;
  }
  const broker = new Broker(path, await freePort(), false);
  await broker.start();
  const serve = spawn(
    process.execPath,
    [CLI, "serve", "--event", `mqtt://127.0.0.1:${broker.port}/${EVENT}`, "--port", "0"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  serve.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  serve.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const { chromium: playwright } = await import("playwright-core");
  const root = typeof process.getuid === "function" && process.getuid() === 0;
  // A server, so its process (and its renderers below it) can be measured.
  const server = await playwright.launchServer({
    executablePath: chromium,
    headless: true,
    args: root ? ["--no-sandbox"] : [],
  });
  const browser = await playwright.connect(server.wsEndpoint());
  const chromiumCpu = () => treeCpu(server.process().pid);
  try {
    const started = Date.now();
    while (!/web: (http:\S+)/.test(output) || !/following event/.test(output)) {
      if (Date.now() - started > 30_000) throw new Error(`kete serve --event:\n${output}`);
      await wait(20);
    }
    const url = (/web: (http:\S+)/.exec(output) as RegExpExecArray)[1] as string;
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    await page.goto(url);
    const boards: BoardRun[] = Array.from({ length: n }, (_, i) => ({
      name: `board${i + 1}`,
      game: simulatedGame({ gameId: `b${i + 1}`, seed: 1000 + i, maxPlies: plies }),
      writtenAt: [],
      publisher: null,
      writer: null,
    }));
    const cpu0 = process.cpuUsage();
    const serveCpu0 = cpuOf(serve.pid) ?? 0;
    const chromiumCpu0 = chromiumCpu();
    const brokerCpu0 = broker.cpu();
    const wall0 = Date.now();
    const longest = Math.max(...boards.map((b) => b.game.moves.length));
    const duration = (longest + 1) * moveMs;
    // The broker killed and started again twice, at a third and two thirds of the games, down 1 s each.
    const outages: [number, number][] = [];
    const restarts = (async () => {
      for (const at of [1 / 3, 2 / 3]) {
        await wait(wall0 + duration * at - Date.now());
        const down = Date.now();
        await broker.kill();
        await wait(1000);
        await broker.start();
        outages.push([down, Date.now()]);
      }
    })();
    await playBoards(boards, broker.port, moveMs);
    await restarts;
    const expected = boards.map((b) => b.game.moves.length).join();
    await page.waitForFunction(
      `[...document.querySelectorAll("article.tile")].map((t) => t.dataset.moves).join() === ${JSON.stringify(expected)}`,
      undefined,
      { timeout: 60_000, polling: 200 },
    );
    const wall = (Date.now() - wall0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const boardsCpu = (cpu.user + cpu.system) / 1e6;
    const serveCpu = (cpuOf(serve.pid) ?? 0) - serveCpu0;
    const brokerCpu = broker.cpu() - brokerCpu0;
    const pageCpu = chromiumCpu() - chromiumCpu0;
    const drawn = (await page.evaluate("window.keteEventDrawn")) as Drawn[];
    const event = (await (await fetch(new URL("/api/event", url))).json()) as {
      boards: { board: string; state: { moves: string[] } }[];
    };
    const measured = analyse(boards, drawn, event, outages);
    const acl = await aclRefusal(path);
    report({
      n,
      plies,
      moveMs,
      wall,
      boards,
      outages,
      acl,
      measured,
      cpu: { boardsCpu, serveCpu, pageCpu, brokerCpu },
    });
  } finally {
    await browser.close();
    await server.close();
    serve.kill("SIGINT");
    await broker.kill("SIGTERM");
  }
}
