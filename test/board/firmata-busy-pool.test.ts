/**
 * A stock-parts board opening on a fake clock must not wait on real I/O: its
 * calibration file was read on libuv's thread pool, and on a busy machine the
 * fake clock ran out the test's 10 s wait before the read came back ("the
 * simulated stock board did not open (connecting)", seen under load in the
 * side-by-side runs of issue 10). Here every thread of the pool is held on
 * purpose, each waiting to open a named pipe no one writes yet.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SerialPortMock } from "serialport";
import { afterEach, describe, expect, it } from "vitest";
import { openSimulatedStockBoard } from "./firmata-sim.js";

afterEach(() => SerialPortMock.binding.reset());

/** libuv's pool size (UV_THREADPOOL_SIZE, default 4). */
const POOL = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

describe("the simulated stock board opens whatever real I/O waits", () => {
  it("opens on the fake clock while every thread of libuv's pool is held", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-pool-"));
    const fifos = Array.from({ length: POOL }, (_, i) => join(dir, `fifo-${i}`));
    for (const f of fifos) execFileSync("mkfifo", [f]);
    // Each read holds a pool thread in open() until a writer comes.
    const held = fifos.map((f) => readFile(f).catch(() => Buffer.alloc(0)));
    try {
      const sim = await openSimulatedStockBoard({ counts: new Array<number>(32).fill(4), seed: 5 });
      expect(sim.board.state).toBe("ready");
      await sim.close();
    } finally {
      for (const f of fifos) writeFileSync(f, ""); // a writer: each held read ends
      await Promise.all(held);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
