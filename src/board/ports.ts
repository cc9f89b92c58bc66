/**
 * Finding the board (issue 32): the serial ports there are, and what answers
 * on each, for `kete ports` and `--port auto`.
 *
 * - The ports: `SerialPort.list()` (udev on Linux), which fails without udev
 *   (a container), and the device folder read for
 *   `ttyACM*` (an Arduino Mega's own USB) and `ttyUSB*` (a USB-serial
 *   bridge), and the links `kete board-sim` makes (`kete-sim-*`,
 *   `kete-emu-*` in the temporary folder); or only the paths named
 *   (`kete ports PATH…`, `KETE_PORTS`).
 * - What each is: a kete board answers `HELLO` with `INFO` (PROTOCOL.md
 *   §6.2) at its line speed; StandardFirmata answers the version query
 *   (0xF9) and the firmware query (0xF0 0x79 0xF7) at 57600 baud; anything
 *   else is unknown. A Mega resets when its port opens (DTR) and its
 *   bootloader waits about 1.5 s, so each question is asked again until
 *   its deadline.
 */
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SerialPort } from "serialport";
import { SerialPortStream } from "@serialport/stream";
import {
  PROTOCOL_VERSION,
  formatHostMessage,
  LineFramer,
  parseBoardLine,
} from "../protocol/index.js";
import type { InfoMessage } from "../protocol/index.js";
import { err, ok, type Result } from "../shared/index.js";
import { sleep, type Scheduler } from "./scheduler.js";
import { DEFAULT_KETE_BAUD } from "./session.js";
import { serialErrorText, type BindingInterface } from "./serial-board.js";
import type { PortError } from "./errors.js";

/** StandardFirmata's line speed. */
export const FIRMATA_BAUD = 57600;

/** A port found, and where it was found. */
export interface PortFound {
  readonly path: string;
  /** The USB maker the system names, when it does. */
  readonly manufacturer: string | null;
}

/** The ports there are, and why the system's list could not be had (null: it could). */
export interface PortList {
  readonly ports: readonly PortFound[];
  readonly listError: string | null;
}

/** Where ports are looked for when the system's list fails: folder, and the name's start. */
export interface PortScan {
  readonly dir: string;
  readonly prefixes: readonly string[];
}

/** The device folder's serial ports (`/dev/ttyACM*`, `/dev/ttyUSB*`) and `kete board-sim`'s links. */
export const DEFAULT_SCANS: readonly PortScan[] = [
  { dir: "/dev", prefixes: ["ttyACM", "ttyUSB"] },
  { dir: tmpdir(), prefixes: ["kete-sim-", "kete-emu-"] },
];

export interface ListOptions {
  /**
   * Only these ports, not looked for (`kete ports PATH…`, `KETE_PORTS`):
   * neither the system's list nor the folders are read.
   */
  readonly only?: readonly string[];
  /** The system's list (default `SerialPort.list`). */
  readonly list?: () => Promise<readonly { path: string; manufacturer?: string | undefined }[]>;
  readonly scans?: readonly PortScan[];
  /** Paths to add to those found. */
  readonly extra?: readonly string[];
}

function scanned(scans: readonly PortScan[]): string[] {
  const out: string[] = [];
  for (const { dir, prefixes } of scans) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      // `board-sim`'s pty pair: the host's end, not the firmware's (`….board`, `….fw`).
      if (!prefixes.some((p) => name.startsWith(p)) || /\.(board|fw)$/.test(name)) continue;
      out.push(join(dir, name));
    }
  }
  return out;
}

/**
 * The serial ports: the system's list and the device folder's and
 * `board-sim`'s links (the system's list fails without udev), the paths
 * given added, each once; or only the ports named (`only`).
 */
export async function listPorts(options: ListOptions = {}): Promise<PortList> {
  if (options.only !== undefined && options.only.length > 0) {
    return {
      ports: [...new Set(options.only)].map((path) => ({ path, manufacturer: null })),
      listError: null,
    };
  }
  const list = options.list ?? (() => SerialPort.list());
  let listError: string | null = null;
  let listed: PortFound[] = [];
  try {
    listed = (await list()).map((p) => ({ path: p.path, manufacturer: p.manufacturer ?? null }));
  } catch (e) {
    listError = e instanceof Error ? e.message.split("\n")[0]! : String(e);
  }
  const scans = options.scans ?? DEFAULT_SCANS;
  const fallback = scanned(scans).map((path) => ({ path, manufacturer: null }));
  const extra = (options.extra ?? []).map((path) => ({ path, manufacturer: null }));
  const seen = new Set<string>();
  const ports: PortFound[] = [];
  for (const p of [...extra, ...listed, ...fallback]) {
    if (seen.has(p.path)) continue;
    seen.add(p.path);
    ports.push(p);
  }
  return { ports, listError };
}

/** What answered on a port. */
export type PortIdentity =
  | { readonly kind: "kete"; readonly info: InfoMessage; readonly baudRate: number }
  | { readonly kind: "firmata"; readonly version: string; readonly firmware: string | null }
  | { readonly kind: "unknown"; readonly why: string };

export interface ProbeOptions {
  readonly scheduler: Scheduler;
  readonly binding?: BindingInterface;
  /** How long a kete board may take to answer HELLO (a Mega's reset and bootloader included). */
  readonly helloMs?: number;
  /** How long StandardFirmata may take to say its version. */
  readonly firmataMs?: number;
  /** The kete board's line speed (`--baud`). */
  readonly baudRate?: number;
}

/** A port open for probing: bytes in, a write, a close. */
interface Probe {
  write(data: string | Uint8Array): void;
  close(): Promise<void>;
}

function openProbe(
  path: string,
  baudRate: number,
  binding: BindingInterface,
  onData: (chunk: Buffer) => void,
): Promise<Result<Probe, PortError>> {
  return new Promise((resolve) => {
    let port: SerialPortStream;
    try {
      port = new SerialPortStream({ binding, path, baudRate, autoOpen: false });
    } catch (e) {
      const { code, message } = serialErrorText(e);
      resolve(err(code, message));
      return;
    }
    port.on("data", onData);
    port.on("error", () => undefined);
    port.open((e) => {
      if (e) {
        const { code, message } = serialErrorText(e);
        resolve(err(code, message));
        return;
      }
      resolve(
        ok({
          write: (data) => {
            if (port.isOpen) port.write(data);
          },
          close: () =>
            new Promise<void>((done) => (port.isOpen ? port.close(() => done()) : done())),
        }),
      );
    });
  });
}

/** Asks `ask` every `everyMs` until `answered` or `ms` pass. */
async function askUntil(
  scheduler: Scheduler,
  ms: number,
  ask: () => void,
  answered: () => boolean,
  everyMs = 500,
): Promise<void> {
  const deadline = scheduler.now() + ms;
  let next = scheduler.now();
  while (!answered() && scheduler.now() < deadline) {
    if (scheduler.now() >= next) {
      ask();
      next = scheduler.now() + everyMs;
    }
    await sleep(scheduler, 20);
  }
}

/** A kete board's INFO, asked with HELLO at its line speed; null without one. */
async function askKete(
  path: string,
  o: Required<Pick<ProbeOptions, "helloMs" | "baudRate">> & ProbeOptions,
  binding: BindingInterface,
): Promise<Result<InfoMessage | null, PortError>> {
  const framer = new LineFramer();
  let info: InfoMessage | null = null;
  const opened = await openProbe(path, o.baudRate, binding, (chunk) => {
    for (const line of framer.push(chunk)) {
      if (!line.ok) continue;
      const msg = parseBoardLine(line.value);
      if (msg.ok && msg.value.type === "info") info = msg.value;
    }
  });
  if (!opened.ok) return opened;
  const hello = formatHostMessage({ type: "hello", id: 1, proto: PROTOCOL_VERSION });
  await askUntil(
    o.scheduler,
    o.helloMs,
    () => {
      if (hello.ok) opened.value.write(`${hello.value}\n`);
    },
    () => info !== null,
  );
  await opened.value.close();
  return ok(info);
}

/** StandardFirmata's version (and firmware name), asked at 57600 baud; null without an answer. */
async function askFirmata(
  path: string,
  o: Required<Pick<ProbeOptions, "firmataMs">> & ProbeOptions,
  binding: BindingInterface,
): Promise<Result<{ version: string; firmware: string | null } | null, PortError>> {
  let bytes: number[] = [];
  let version: string | null = null;
  let firmware: string | null = null;
  const opened = await openProbe(path, FIRMATA_BAUD, binding, (chunk) => {
    bytes = [...bytes, ...chunk].slice(-512);
    const found = firmataAnswers(bytes);
    version = found.version ?? version;
    firmware = found.firmware ?? firmware;
  });
  if (!opened.ok) return opened;
  await askUntil(
    o.scheduler,
    o.firmataMs,
    () => opened.value.write(Uint8Array.from([0xf9, 0xf0, 0x79, 0xf7])),
    () => version !== null && firmware !== null,
  );
  // The firmware's name may follow the version by a little.
  if (version !== null && firmware === null) await sleep(o.scheduler, 200);
  await opened.value.close();
  return ok(version === null ? null : { version, firmware });
}

/**
 * The Firmata answers in a byte stream: REPORT_VERSION (0xF9 major minor)
 * and REPORT_FIRMWARE (0xF0 0x79 major minor name… 0xF7, the name in 7-bit
 * pairs).
 */
export function firmataAnswers(bytes: readonly number[]): {
  version: string | null;
  firmware: string | null;
} {
  let version: string | null = null;
  let firmware: string | null = null;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0xf9 && i + 2 < bytes.length) {
      const [major, minor] = [bytes[i + 1]!, bytes[i + 2]!];
      if (major < 0x80 && minor < 0x80) version = `${major}.${minor}`;
    } else if (b === 0xf0 && bytes[i + 1] === 0x79) {
      const end = bytes.indexOf(0xf7, i + 2);
      if (end < 0 || end < i + 4) continue;
      const [major, minor] = [bytes[i + 2]!, bytes[i + 3]!];
      version ??= `${major}.${minor}`;
      let name = "";
      for (let k = i + 4; k + 1 < end; k += 2) {
        name += String.fromCharCode((bytes[k]! & 0x7f) | ((bytes[k + 1]! & 0x7f) << 7));
      }
      firmware = name.length > 0 ? name : null;
    }
  }
  return { version, firmware };
}

/** What answers on `path`: a kete board, StandardFirmata, or unknown (and why). */
export async function probePort(path: string, options: ProbeOptions): Promise<PortIdentity> {
  const o = { helloMs: 3000, firmataMs: 3000, baudRate: DEFAULT_KETE_BAUD, ...options };
  const binding = options.binding ?? SerialPort.binding;
  const kete = await askKete(path, o, binding);
  if (!kete.ok) return { kind: "unknown", why: `cannot open it: ${kete.error.message}` };
  if (kete.value !== null) return { kind: "kete", info: kete.value, baudRate: o.baudRate };
  const firmata = await askFirmata(path, o, binding);
  if (!firmata.ok) return { kind: "unknown", why: `cannot open it: ${firmata.error.message}` };
  if (firmata.value !== null) return { kind: "firmata", ...firmata.value };
  return { kind: "unknown", why: "no answer to HELLO, nor to Firmata's version query" };
}

/** One line for a port: its path and what it is. */
export function portLine(
  path: string,
  id: PortIdentity,
  manufacturer: string | null = null,
): string {
  const maker = manufacturer === null ? "" : ` [${manufacturer}]`;
  if (id.kind === "kete") {
    const i = id.info;
    return `${path}  kete board ${i.boardId} (firmware ${i.firmware}, protocol ${i.proto}, ${i.geometry}${i.calibration ? "" : ", not calibrated"})${maker}`;
  }
  if (id.kind === "firmata") {
    const name = id.firmware === null ? "" : ` (${id.firmware})`;
    return `${path}  StandardFirmata ${id.version}${name}: the stock-parts board, --board firmata${maker}`;
  }
  return `${path}  unknown: ${id.why}${maker}`;
}

/** Every port with what it is, in the order listed. */
export async function identifyPorts(
  list: PortList,
  options: ProbeOptions,
): Promise<
  { readonly path: string; readonly manufacturer: string | null; readonly id: PortIdentity }[]
> {
  const out: { path: string; manufacturer: string | null; id: PortIdentity }[] = [];
  for (const p of list.ports) out.push({ ...p, id: await probePort(p.path, options) });
  return out;
}

/**
 * `--port auto`: the one port whose board is of `kind` (a kete board, or
 * StandardFirmata for `--board firmata`), with the line saying which; an
 * error naming what was found when there is none or more than one.
 */
export async function autoPort(
  kind: "kete" | "firmata",
  options: ProbeOptions & ListOptions,
): Promise<Result<{ readonly path: string; readonly line: string }, PortError>> {
  const list = await listPorts(options);
  const found = await identifyPorts(list, options);
  const what = kind === "kete" ? "kete board" : "StandardFirmata board";
  const matches = found.filter((f) => f.id.kind === kind);
  if (matches.length === 1) {
    const m = matches[0]!;
    return ok({ path: m.path, line: `--port auto: ${portLine(m.path, m.id, m.manufacturer)}` });
  }
  const seen =
    found.length === 0
      ? `no serial port found${list.listError === null ? "" : ` (the system's list failed: ${list.listError}; looked in /dev/ttyACM*, /dev/ttyUSB*)`}`
      : `found ${found.map((f) => portLine(f.path, f.id)).join("; ")}`;
  if (matches.length === 0) {
    return err(
      "no-board",
      `--port auto: no ${what} answers: ${seen}; plug the board in, or name its port with --port PATH (kete ports lists them)`,
    );
  }
  return err(
    "several-boards",
    `--port auto: ${matches.length} ${what}s answer (${matches.map((m) => m.path).join(", ")}); name one with --port PATH`,
  );
}
