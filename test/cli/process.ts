/**
 * `kete` as a process, for the few end-to-end tests that run it in real
 * time: spawned without blocking, its output watched as it comes, and
 * conditions waited on as they turn true (output, a file changing), each
 * with a generous deadline instead of a fixed delay.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { watch } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { MAIN, ROOT, ensureBuilt } from "./run.js";

export interface KeteProcess {
  readonly child: ChildProcess;
  /** Standard output and error so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves once standard output matches `re` (rejects after `ms`, or if the process ends first). */
  printed(re: RegExp, ms?: number): Promise<void>;
  /**
   * Resolves once `condition` holds, checked now and on every chunk of
   * output (rejects after `ms`, or if the process ends first): a wait on what
   * kete says, never a fixed delay.
   */
  until(condition: () => boolean, what: string, ms?: number): Promise<void>;
  /** The exit code (null after a signal), once the process has ended. */
  readonly exited: Promise<number | null>;
}

/** Starts `kete ARGS` (colour off); it is killed if it outlives `lifeMs`. */
export function startKete(
  args: readonly string[],
  options: { env?: Record<string, string>; lifeMs?: number; closedStdin?: boolean } = {},
): KeteProcess {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  let closed = false;
  const changed = new Set<() => void>();
  child.stdout!.on("data", (d: Buffer) => {
    out += d.toString("utf8");
    for (const f of changed) f();
  });
  child.stderr!.on("data", (d: Buffer) => (err += d.toString("utf8")));
  const life = setTimeout(() => child.kill("SIGKILL"), options.lifeMs ?? 180_000);
  const exited = new Promise<number | null>((resolve) =>
    // "close": the process has ended and its output has all been read.
    child.once("close", (code) => {
      closed = true;
      clearTimeout(life);
      for (const f of changed) f();
      resolve(code);
    }),
  );
  const until = (condition: () => boolean, what: string, ms = 90_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (condition()) done(null);
        else if (closed) {
          done(new Error(`kete ended before ${what}:\n${out}\n${err}`));
        }
      };
      const timer = setTimeout(
        () => done(new Error(`kete: still not ${what} after ${ms} ms:\n${out}\n${err}`)),
        ms,
      );
      const done = (e: Error | null) => {
        clearTimeout(timer);
        changed.delete(check);
        if (e === null) resolve();
        else reject(e);
      };
      changed.add(check);
      check();
    });
  const printed = (re: RegExp, ms?: number) => until(() => re.test(out), `printing ${re}`, ms);
  return { child, stdout: () => out, stderr: () => err, printed, until, exited };
}

/** Runs `kete ARGS` to its end: exit code, output. */
export async function runKete(
  args: readonly string[],
  options: { env?: Record<string, string>; lifeMs?: number } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const k = startKete(args, options);
  const status = await k.exited;
  return { status, stdout: k.stdout(), stderr: k.stderr() };
}

/**
 * Resolves once `condition` holds, checked now and whenever a file in `dir`
 * changes (rejects after `ms`).
 */
export function whenDirChanges(dir: string, condition: () => boolean, ms = 90_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir, () => check());
    const timer = setTimeout(() => {
      watcher.close();
      reject(new Error(`not so after ${ms} ms`));
    }, ms);
    const check = () => {
      if (!condition()) return;
      clearTimeout(timer);
      watcher.close();
      resolve();
    };
    check();
  });
}

/**
 * `kete board-sim ARGS` for the tests of one describe block: started before
 * them and awaited until it says it serves (its Ctrl-C line), stopped
 * (SIGINT) after them. The process, once started.
 */
export function boardSimForSuite(args: readonly string[], readyMs = 20_000): () => KeteProcess {
  let sim: KeteProcess | null = null;
  beforeAll(async () => {
    ensureBuilt();
    sim = startKete(["board-sim", ...args]);
    await sim.printed(/Ctrl-C/, readyMs);
  }, readyMs + 10_000);
  afterAll(async () => {
    if (sim === null) return;
    sim.child.kill("SIGINT");
    await sim.exited;
  });
  return () => {
    if (sim === null) throw new Error("kete board-sim has not started");
    return sim;
  };
}
