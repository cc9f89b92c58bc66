/**
 * Board link throughput and latency: the codec in lines per second, the host
 * session's time per snapshot, and — over a real pseudo-terminal (socat) with
 * the simulated firmware — snapshot-to-event and LED-command-to-ACK latency.
 */
import { ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import {
  formatBoardMessage,
  formatHostMessage,
  parseBoardLine,
  parseHostLine,
} from "../protocol/index.js";
import type { BoardMessage, HostMessage, LedState, SnapshotMessage } from "../protocol/index.js";
import { BoardSession, waitForReady } from "../board/index.js";
import type { LinkError, Transport, TransportHandlers } from "../board/index.js";
import { SerialBoard } from "../board/index.js";
import { openPtyPair, socatAvailable, startPtySimulator } from "../board/index.js";
import { SerialPort } from "serialport";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { printTable, timed } from "./report.js";

type Outgoing = BoardMessage extends infer M ? (M extends unknown ? Omit<M, "seq"> : never) : never;

const SNAPSHOT: SnapshotMessage = {
  type: "snapshot",
  seq: 5,
  reason: "change",
  settled: false,
  unsettled: ["A3", "D8"],
  board: { geometry: "4x8", counts: Array.from({ length: 32 }, (_, i) => (i * 7) % 13) },
};

function mustFormat(m: BoardMessage): string {
  const r = formatBoardMessage(m);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function perSecond(n: number, ms: number): number {
  return Math.round((n / ms) * 1000);
}

function codecRows(): (string | number)[][] {
  const snapLine = mustFormat(SNAPSHOT);
  const hbLine = mustFormat({ type: "heartbeat", seq: 12, boot: 17, uptime: 3600 });
  const led: HostMessage = {
    type: "led",
    id: 9,
    leds: Array.from({ length: 32 }, (_, i) => ({
      pit: `${"ABCD"[i >> 3]}${(i & 7) + 1}`,
      led: { pattern: "blink", colour: "green" } as const,
    })),
  };
  const ledLine = formatHostMessage(led);
  if (!ledLine.ok) throw new Error(ledLine.error.message);
  const n = 50_000;
  const rows: (string | number)[][] = [];
  const cases: [string, () => unknown][] = [
    ["parse SNAP 4x8 (board line)", () => parseBoardLine(snapLine)],
    ["format SNAP 4x8", () => formatBoardMessage(SNAPSHOT)],
    ["parse HB", () => parseBoardLine(hbLine)],
    ["parse LED x32 (host line)", () => parseHostLine(ledLine.value)],
    ["format LED x32", () => formatHostMessage(led)],
  ];
  for (const [label, f] of cases) {
    for (let i = 0; i < 2000; i++) f(); // warm up
    const { ms } = timed(() => {
      for (let i = 0; i < n; i++) f();
    });
    rows.push([label, perSecond(n, ms), (ms * 1000) / n]);
  }
  return rows;
}

/** A transport that plays a board which answers everything at once. */
class ScriptedBoard implements Transport {
  readonly name = "bench";
  handlers: TransportHandlers | null = null;
  private seq = 0;

  open(handlers: TransportHandlers): Promise<Result<void, LinkError>> {
    this.handlers = handlers;
    return Promise.resolve(ok(undefined));
  }

  write(text: string): void {
    const m = parseHostLine(text.trim());
    if (!m.ok) return;
    const out: Outgoing[] = [];
    if (m.value.type === "hello") {
      out.push({
        type: "info",
        proto: 1,
        firmware: "bench",
        boardId: "BENCH",
        geometry: "4x8",
        boot: 1,
        maxCount: 64,
        colours: ["red"],
        patterns: ["steady"],
        buttons: 0,
        calibration: false,
        debounceMs: 0,
        snapshotIntervalMs: 0,
      });
    }
    out.push({ type: "ack", id: m.value.id });
    queueMicrotask(() => {
      for (const o of out) this.handlers?.data(`${this.line(o)}\n`);
    });
  }

  line(message: Outgoing): string {
    const seq = this.seq;
    this.seq = (this.seq + 1) & 0xff;
    return mustFormat({ ...message, seq } as BoardMessage);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

async function sessionRow(): Promise<(string | number)[]> {
  const transport = new ScriptedBoard();
  const session = new BoardSession(transport, { timing: { pingAfterMs: 1e9, silenceMs: 1e9 } });
  let events = 0;
  session.subscribe((e) => {
    if (e.type === "snapshot") events++;
  });
  const ready = await waitForReady(session, 2000);
  if (!ready.ok) throw new Error(ready.error.message);
  await new Promise((r) => setTimeout(r, 10));
  const n = 50_000;
  const lines = Array.from({ length: 256 }, () => `${transport.line(SNAPSHOT)}\n`);
  const start = events;
  const { ms } = timed(() => {
    for (let i = 0; i < n; i++) transport.handlers?.data(lines[i & 0xff] ?? "");
  });
  await session.close();
  if (events - start !== n) throw new Error(`bench: ${events - start} of ${n} snapshots delivered`);
  return ["host: snapshot line in → event out", perSecond(n, ms), (ms * 1000) / n];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** `samples` LED commands one after another: milliseconds from sending each to its ACK. */
async function ledRoundTrips(board: SerialBoard, samples: number): Promise<number[] | string> {
  const ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const led: LedState = i % 2 ? { pattern: "steady", colour: "green" } : { pattern: "off" };
    const r = await board.setLeds([{ pit: `A${(i % 8) + 1}`, led }]);
    if (!r.ok) return r.error.message;
    ms.push(performance.now() - t0);
    await new Promise((r2) => setTimeout(r2, 2));
  }
  return ms;
}

function latencyRow(label: string, xs: readonly number[]): (string | number)[] {
  const s = [...xs].sort((a, b) => a - b);
  return [label, xs.length, percentile(s, 50), percentile(s, 99), s[s.length - 1] ?? NaN];
}

async function ptyRows(): Promise<(string | number)[][] | string> {
  if (!socatAvailable()) return "socat is not installed: no pty latency (apt-get install socat)";
  const sim = await startPtySimulator({ firmware: { snapshotIntervalMs: 0 } });
  if (!sim.ok) return sim.error.message;
  const board = new SerialBoard(sim.value.hostPath, { snapshotIntervalMs: 0 });
  try {
    const ready = await waitForReady(board, 5000);
    if (!ready.ok) return ready.error.message;
    await new Promise((r) => setTimeout(r, 200));
    // Warm up both ends, then start from a clean heap where `--expose-gc` allows.
    for (let i = 0; i < 50; i++) await board.setLeds([{ pit: "B1", led: { pattern: "off" } }]);
    (globalThis as { gc?: () => void }).gc?.();
    const samples = 400;
    const snapMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      const got = new Promise<number>((resolve) => {
        const off = board.subscribe((e) => {
          if (e.type === "snapshot") {
            off();
            resolve(performance.now());
          }
        });
      });
      sim.value.firmware.snapshotNow("periodic");
      snapMs.push((await got) - t0);
      await new Promise((r) => setTimeout(r, 2));
    }
    const ledMs = await ledRoundTrips(board, samples);
    if (typeof ledMs === "string") return ledMs;
    return [
      latencyRow("snapshot sent → host event", snapMs),
      latencyRow("setLeds → board applied, ACK back", ledMs),
    ];
  } finally {
    await board.close();
    await sim.value.stop();
  }
}

/**
 * LED command → ACK round trip with the board in another process (`kete
 * board-sim` behind its own socat pty), as a real board is: the host's event
 * loop is not shared with the firmware's. A round trip bounds either way.
 */
async function separateProcessRow(samples: number): Promise<(string | number)[] | string> {
  const dir = mkdtempSync(join(tmpdir(), "kete-bench-pty-"));
  const path = join(dir, "board");
  const cli = new URL("../cli/main.js", import.meta.url).pathname;
  const child = spawn(process.execPath, [cli, "board-sim", "--path", path], { stdio: "ignore" });
  const board = new SerialBoard(path, { snapshotIntervalMs: 0 });
  try {
    const until = Date.now() + 5000;
    while (!existsSync(path) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    if (!existsSync(path)) return "kete board-sim did not start";
    const ready = await waitForReady(board, 5000);
    if (!ready.ok) return ready.error.message;
    for (let i = 0; i < 50; i++) await board.setLeds([{ pit: "B1", led: { pattern: "off" } }]);
    const ms = await ledRoundTrips(board, samples);
    if (typeof ms === "string") return ms;
    return latencyRow("setLeds → ACK, board in another process", ms);
  } finally {
    await board.close();
    child.kill("SIGINT");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The transport alone: a line written to one end of a socat pty, echoed back
 * by `echo-port` in another process, read here through `serialport` — no
 * kete code on the path. What kete adds is the difference to the row above.
 */
async function rawEchoRow(samples: number): Promise<(string | number)[] | string> {
  const dir = mkdtempSync(join(tmpdir(), "kete-bench-echo-"));
  const pair = await openPtyPair(join(dir, "host"), join(dir, "far"));
  if (!pair.ok) return pair.error.message;
  const echo = new URL("./echo-port.js", import.meta.url).pathname;
  const child = spawn(process.execPath, [echo, pair.value.firmwarePath], { stdio: "ignore" });
  const port = new SerialPort({ path: pair.value.hostPath, baudRate: 115200, autoOpen: false });
  try {
    const opened = await new Promise<Error | null>((r) => port.open((e) => r(e ?? null)));
    if (opened !== null) return opened.message;
    let waiting: (() => void) | null = null;
    let seen = "";
    port.on("data", (d: Buffer) => {
      seen += d.toString("latin1");
      const at = seen.indexOf("\n");
      if (at >= 0) {
        seen = seen.slice(at + 1);
        waiting?.();
      }
    });
    // Until echo-port has the far end open, lines go nowhere: ping until one comes back.
    const first = new Promise<void>((r) => (waiting = r));
    let answered = false;
    void first.then(() => (answered = true));
    for (let k = 0; k < 50 && !answered; k++) {
      port.write("ping\n");
      await new Promise((r) => setTimeout(r, 100));
    }
    if (!answered) return "no echo from echo-port";
    await new Promise((r) => setTimeout(r, 200));
    seen = "";
    const ms: number[] = [];
    for (let i = 0; i < samples + 50; i++) {
      const t0 = performance.now();
      const back = new Promise<void>((r) => (waiting = r));
      port.write(`LED A${(i % 8) + 1} steady green ${i}\n`);
      const late = await Promise.race([
        back.then(() => false),
        new Promise<boolean>((r) => setTimeout(() => r(true), 2000)),
      ]);
      if (late) return "no echo from echo-port";
      if (i >= 50) ms.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 2));
    }
    return latencyRow("a line echoed, no kete code (transport alone)", ms);
  } finally {
    if (port.isOpen) await new Promise((r) => port.close(() => r(null)));
    child.kill("SIGINT");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    await pair.value.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBoard(): Promise<void> {
  printTable({
    title: "Board protocol codec",
    columns: ["operation", "lines/s", "µs/line"],
    rows: codecRows(),
  });
  printTable({
    title: "Host session processing",
    columns: ["path", "snapshots/s", "µs/snapshot"],
    rows: [await sessionRow()],
    notes: ["Framing, parsing, sequence check and delivery to a subscriber; target < 100 µs."],
  });
  const pty = await ptyRows();
  const apart = typeof pty === "string" ? pty : await separateProcessRow(400);
  const raw = typeof pty === "string" ? pty : await rawEchoRow(400);
  if (typeof pty !== "string") {
    for (const [what, row] of [
      ["board in another process", apart],
      ["transport alone", raw],
    ] as const) {
      if (typeof row === "string") pty.push([`${what}: ${row}`, 0, NaN, NaN, NaN]);
      else pty.push(row);
    }
  }
  printTable({
    title: "Latency over a real pseudo-terminal (socat)",
    columns: ["path", "samples", "p50 ms", "p99 ms", "max ms"],
    rows: typeof pty === "string" ? [] : pty,
    notes:
      typeof pty === "string"
        ? [pty]
        : [
            "Target p99 < 5 ms. The first two rows share one event loop between host and firmware; the third runs the board as `kete board-sim` in its own process, as a real board is; the last is the transport alone (socat and serialport, a line echoed by another process), the floor under the others.",
          ],
  });
}
