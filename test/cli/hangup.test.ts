/**
 * SIGHUP (a terminal closed, an SSH session dropped) pauses `kete play` as
 * Ctrl-C does, the pause in its journal, and stops `kete board-test` as
 * Ctrl-C does (LEDs out, port closed): in-process with fake signals, and
 * once for real on a spawned `kete play`.
 */
import { EventEmitter } from "node:events";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { stopped } from "../../src/cli/board-test.js";
import { quietWhenOutputCloses } from "../../src/cli/output.js";
import { watchProcess } from "../../src/cli/play/host.js";
import { watchInterrupts } from "../../src/cli/play/input.js";
import { readJournal } from "../../src/journal/store.js";
import { fakeHost, journalAt, live, settings } from "./play-harness.js";
import { startKete } from "./process.js";
import { ensureBuilt } from "./run.js";

beforeAll(() => {
  ensureBuilt();
});

describe("SIGHUP", () => {
  it("pauses like SIGINT; stopping stops listening", () => {
    const signals = new EventEmitter();
    const output = new EventEmitter();
    const pause = vi.fn();
    const stop = watchInterrupts(signals as never, output, pause);
    signals.emit("SIGHUP");
    expect(pause).toHaveBeenCalledTimes(1);
    stop();
    expect(signals.listenerCount("SIGHUP")).toBe(0);
    signals.emit("SIGHUP");
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it("a game on the fake clock: SIGHUP pauses it, exit 130, the pause in the journal", async () => {
    const fake = fakeHost();
    const signals = new EventEmitter();
    const host = {
      ...fake.host,
      interrupts: (p: (why: string) => void) =>
        watchInterrupts(signals as never, new EventEmitter(), p),
    };
    const h = await live(settings("hus", { seed: 3 }), { ...fake, host });
    const { session } = h;
    expect(await h.until(() => session.moves.length === 1)).toBe(true);
    signals.emit("SIGHUP");
    expect(await h.finish()).toBe(130);
    expect(signals.listenerCount("SIGHUP")).toBe(0);
    expect(h.out.join("")).toMatch(
      /game paused: the terminal closed \(SIGHUP\); continue it with: npx kete play --resume /,
    );
    const j = journalAt(session.journalPath);
    expect(j.records[j.records.length - 1]).toMatchObject({
      kind: "pause",
      reason: "the terminal closed (SIGHUP)",
    });
  });

  it("kete board-test stops on SIGHUP or a closed output as on Ctrl-C", async () => {
    for (const stop of [
      (w: { signals: EventEmitter; output: EventEmitter }) => w.signals.emit("SIGHUP"),
      (w: { signals: EventEmitter; output: EventEmitter }) =>
        w.output.emit("error", Object.assign(new Error("write EPIPE"), { code: "EPIPE" })),
    ]) {
      const world = { signals: new EventEmitter(), output: new EventEmitter() };
      let done = false;
      const over = stopped(null, world as never).then(() => (done = true));
      await Promise.resolve();
      expect(done).toBe(false);
      stop(world);
      await over;
      expect(done).toBe(true);
      for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
        expect(world.signals.listenerCount(signal)).toBe(0);
      }
      expect(world.output.listenerCount("error")).toBe(0);
    }
  });

  it(
    "a real kete play: a hang-up pauses it resumably (exit 130)",
    { timeout: 180_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "kete-hup-"));
      const k = startKete(["play", "--game", "hus", "--seed", "9", "--games-dir", dir]);
      await k.printed(/ply 2 /);
      k.child.kill("SIGHUP");
      expect(await k.exited).toBe(130);
      expect(k.stderr()).toBe("");
      expect(k.stdout()).toMatch(
        /game paused: the terminal closed \(SIGHUP\); continue it with: npx kete play --resume /,
      );
      const [file] = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
      const j = readJournal(join(dir, file!));
      if (!j.ok) throw new Error(j.error.message);
      const records = j.value.records;
      expect(records[records.length - 1]).toMatchObject({
        kind: "pause",
        reason: "the terminal closed (SIGHUP)",
      });
    },
  );
});

describe("kete play's output in this process (src/cli/play/host.ts)", () => {
  const eio = () => Object.assign(new Error("write EIO"), { code: "EIO" });

  it("a hung-up terminal after the pause leaves the exit code to the game (130), not 0", () => {
    const signals = new EventEmitter();
    const [stdout, stderr] = [new EventEmitter(), new EventEmitter()];
    const exit = vi.fn();
    quietWhenOutputCloses([stdout, stderr], { exit });
    const pause = vi.fn();
    const stop = watchProcess(signals as never, stdout, stderr, pause);
    stderr.emit("error", eio());
    expect(pause).toHaveBeenCalledTimes(1);
    signals.emit("SIGHUP");
    expect(pause).toHaveBeenCalledTimes(2);
    stop();
    expect(signals.listenerCount("SIGHUP")).toBe(0);
    // The game is closing its journal and board: the terminal's errors now are nobody's concern.
    stdout.emit("error", eio());
    stderr.emit("error", eio());
    expect(exit).not.toHaveBeenCalled();
    expect(pause).toHaveBeenCalledTimes(2);
  });
});
