/**
 * A real Mosquitto for the club tests (issue 33): our own broker process on
 * a free port of 127.0.0.1, never the system service, with the example
 * password file and ACL of docs/club/. It can be killed (SIGKILL, as a
 * power cut) and started again on the same port.
 *
 * A missing mosquitto skips these tests here and fails the run in CI
 * (test/mosquitto-check.ts, vitest's global setup).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { connect as tcpConnect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mosquittoPath } from "./mosquitto-path.js";

export { mosquittoAvailable, mosquittoPath } from "./mosquitto-path.js";

const CLUB = fileURLToPath(new URL("../../docs/club/", import.meta.url));
/** The TLS broker's self-signed certificate for 127.0.0.1 (test/club/tls/README.md). */
export const TLS = fileURLToPath(new URL("./tls/", import.meta.url));
/** The example users' passwords (docs/club/passwd): `board1-change-me` … */
export const password = (user: string): string => `${user}-change-me`;

/** A free TCP port on 127.0.0.1 (taken back at once; mosquitto binds it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const a = server.address();
      const port = typeof a === "object" && a !== null ? a.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something listens on 127.0.0.1:port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface TestBroker {
  readonly port: number;
  readonly url: string;
  /** Its process id (for the bench's CPU time), or null when stopped. */
  pid(): number | null;
  /** Killed at once (SIGKILL): no goodbye to the clients, nothing saved. */
  kill(): Promise<void>;
  /** Started again on the same port. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts mosquitto with docs/club's passwords and ACL (`secure`: true) or open to anyone. */
export async function startBroker(
  o: { secure?: boolean; tls?: boolean } = {},
): Promise<TestBroker> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "kete-mosquitto-"));
  const conf = join(dir, "mosquitto.conf");
  const secure = o.secure ?? true;
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      ...(o.tls === true
        ? [`certfile ${join(TLS, "broker.crt")}`, `keyfile ${join(TLS, "broker.key")}`]
        : []),
      secure ? "allow_anonymous false" : "allow_anonymous true",
      ...(secure ? [`password_file ${join(CLUB, "passwd")}`, `acl_file ${join(CLUB, "acl")}`] : []),
      "persistence false",
      "log_dest stderr",
      "log_type error",
      "log_type warning",
      "max_queued_messages 100000",
      "",
    ].join("\n"),
  );
  let child: ChildProcess | null = null;
  const start = async () => {
    const p = spawn(mosquittoPath(), ["-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
    child = p;
    let log = "";
    p.stderr?.on("data", (d: Buffer) => (log += d.toString()));
    // Ready when its port takes a connection (tried every 20 ms, for at most 20 s).
    const started = Date.now();
    while (!(await accepts(port))) {
      if (p.exitCode !== null) throw new Error(`mosquitto exited (${p.exitCode}): ${log}`);
      if (Date.now() - started > 20_000) {
        // Never left behind: a broker that did not come up is stopped before the test fails.
        p.kill("SIGKILL");
        throw new Error(`mosquitto did not listen: ${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const ended = (p: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (p.exitCode !== null || p.signalCode !== null) return resolve();
      p.once("exit", () => resolve());
    });
  const halt = async (signal: NodeJS.Signals) => {
    const p = child;
    if (p === null) return;
    child = null;
    p.kill(signal);
    await ended(p);
  };
  await start();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    pid: () => (child as ChildProcess | null)?.pid ?? null,
    kill: () => halt("SIGKILL"),
    start,
    stop: () => halt("SIGTERM"),
  };
}

/**
 * Resolves once `check` holds, looking every 10 ms: the publisher, the page's
 * collector and the MQTT clients change state on their own events and offer
 * no event to wait on, so this bounded poll stands for one (a test fails
 * after `ms`, never hangs).
 */
export function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      if (check()) return resolve();
      if (Date.now() - started > ms) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(look, 10);
    };
    look();
  });
}
