/**
 * The simulated board on a pseudo-terminal, for `kete board-sim`, the pty
 * tests and the bench: `socat` makes a pair of linked ptys; the simulated
 * firmware opens one end with serialport, and any serial client (kete's
 * `SerialBoard`, `kete board-test`, a terminal program) opens the other.
 *
 *   const sim = await startPtySimulator({ noise: true, seed: 7 });
 *   if (!sim.ok) …;                       // socat missing, pty failed
 *   sim.value.hostPath                    // e.g. /tmp/kete-sim-1a2b3c: connect kete here
 *   sim.value.firmware / .physical        // as in SimulatedBoard
 *   await sim.value.unplug(); await sim.value.replug();  // the device vanishes and comes back
 *   await sim.value.stop();
 */
import { spawn, spawnSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync, lstatSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SerialPort } from "serialport";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { SimulatedFirmware } from "./firmware.js";
import type { PhysicalBoard } from "./physical-board.js";
import { realScheduler } from "./scheduler.js";
import type { PortError } from "./errors.js";
import { simulatedHardware, type SimulatedHardwareOptions } from "./simulated-hardware.js";

/** Whether `socat` is on the PATH. */
export function socatAvailable(): boolean {
  const r = spawnSync("socat", ["-V"], { stdio: "ignore" });
  return r.error === undefined && r.status === 0;
}

export interface PtyPair {
  /** The end a serial client opens. */
  readonly hostPath: string;
  /** The end the firmware opens. */
  readonly firmwarePath: string;
  /** Kills socat (both ends vanish; their links are removed). */
  close(): Promise<void>;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Where a new pty pair goes: the host end at `hostPath` (default a fresh
 * /tmp/kete-NAME-XXXXXX) and the other end beside it (`….board`); refused
 * when socat is missing or either path is already taken.
 */
export function ptyPaths(
  name: string,
  hostPath: string | undefined,
): Result<{ readonly host: string; readonly board: string }, PortError> {
  if (!socatAvailable()) {
    return err("no-socat", "socat is not installed (Debian/Ubuntu: apt-get install socat)");
  }
  const host = hostPath ?? join(tmpdir(), `kete-${name}-${Math.random().toString(36).slice(2, 8)}`);
  const board = `${host}.board`;
  for (const p of [host, board]) {
    if (existsSync(p) || isLink(p)) return err("path-taken", `${p} already exists`);
  }
  return ok({ host, board });
}

/** Starts `socat` with two linked ptys at the given paths. */
export async function openPtyPair(
  hostPath: string,
  firmwarePath: string,
): Promise<Result<PtyPair, PortError>> {
  let child: ChildProcess;
  try {
    child = spawn(
      "socat",
      [`pty,raw,echo=0,link=${hostPath}`, `pty,raw,echo=0,link=${firmwarePath}`],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
  } catch (e) {
    return err("no-socat", `cannot start socat: ${e instanceof Error ? e.message : String(e)}`);
  }
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    if (stderr.length < 2000) stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.once("error", () => resolve());
  });
  let dead = false;
  let spawnError: Error | null = null;
  void exited.then(() => (dead = true));
  child.once("error", (e) => (spawnError = e));
  const deadline = Date.now() + 5000;
  while (!(isLink(hostPath) && isLink(firmwarePath))) {
    if (dead || Date.now() > deadline) {
      child.kill("SIGKILL");
      const why: string =
        spawnError !== null
          ? (spawnError as Error).message
          : (stderr.trim().split("\n").pop() ?? "");
      return err("no-pty", `socat could not make a pty pair${why === "" ? "" : `: ${why}`}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return ok({
    hostPath,
    firmwarePath,
    close: async () => {
      if (!dead) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 1000))]);
        if (!dead) child.kill("SIGKILL");
      }
    },
  });
}

/** Connects a firmware to a serial device: its lines out, the host's bytes in. */
export async function attachFirmware(
  firmware: SimulatedFirmware,
  path: string,
): Promise<Result<{ close(): Promise<void> }, PortError>> {
  const port = new SerialPort({ path, baudRate: 115200, autoOpen: false });
  const opened = await new Promise<Error | null>((resolve) => port.open((e) => resolve(e)));
  if (opened !== null) return err("open-failed", `cannot open ${path}: ${opened.message}`);
  port.on("data", (chunk: Buffer) => firmware.receive(chunk));
  port.on("error", () => undefined);
  firmware.connect((bytes) => {
    // A host that does not read must not make the board buffer without bound.
    if (port.isOpen && port.writableLength < 8192) port.write(bytes, "ascii");
  });
  return ok({
    close: () =>
      new Promise<void>((resolve) => {
        firmware.connect(null);
        if (port.isOpen) port.close(() => resolve());
        else resolve();
      }),
  });
}

export interface PtySimulatorOptions extends SimulatedHardwareOptions {
  /** Where the host end's link goes (default a fresh /tmp/kete-sim-XXXXXX). */
  readonly hostPath?: string;
}

export interface PtySimulator {
  readonly hostPath: string;
  readonly physical: PhysicalBoard;
  readonly firmware: SimulatedFirmware;
  /** The device vanishes: socat is killed and the board loses power. */
  unplug(): Promise<void>;
  /** It comes back at the same path and boots. */
  replug(): Promise<Result<void, PortError>>;
  stop(): Promise<void>;
}

/** A simulated board served on a pty pair; see the file comment. */
export async function startPtySimulator(
  options: PtySimulatorOptions = {},
): Promise<Result<PtySimulator, PortError>> {
  const paths = ptyPaths("sim", options.hostPath);
  if (!paths.ok) return paths;
  const { host: hostPath, board: firmwarePath } = paths.value;
  const { physical, firmware } = simulatedHardware(options, options.scheduler ?? realScheduler);

  let pair: PtyPair | null = null;
  let attached: { close(): Promise<void> } | null = null;
  const plugIn = async (): Promise<Result<void, PortError>> => {
    const p = await openPtyPair(hostPath, firmwarePath);
    if (!p.ok) return p;
    const a = await attachFirmware(firmware, firmwarePath);
    if (!a.ok) {
      await p.value.close();
      return a;
    }
    pair = p.value;
    attached = a.value;
    firmware.powerOn("power");
    return ok(undefined);
  };
  const pullOut = async (): Promise<void> => {
    firmware.powerOff();
    const a = attached;
    const p = pair;
    attached = null;
    pair = null;
    await p?.close();
    await a?.close();
  };
  const first = await plugIn();
  if (!first.ok) return first;
  return ok({
    hostPath,
    physical,
    firmware,
    unplug: pullOut,
    replug: plugIn,
    stop: pullOut,
  });
}
