/**
 * `--wait SECONDS`: how long kete play, board-test and calibrate wait for a
 * board to be ready, for a board slower to start than the defaults allow.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openPtyPair, socatAvailable } from "../../src/board/pty.js";
import { readyMsOf, waitFlag } from "../../src/cli/play/board.js";
import { runKete } from "./process.js";
import { ensureBuilt } from "./run.js";

describe("--wait", () => {
  it("absent: the board kind's own wait (8 s, 12 s for a stock-parts board)", () => {
    expect(waitFlag(undefined)).toEqual({ ok: true, value: undefined });
    expect(readyMsOf("serial", undefined)).toBe(8000);
    expect(readyMsOf("firmata", undefined)).toBe(12000);
  });

  it("seconds from 1 to 600 replace it", () => {
    expect(waitFlag("60")).toEqual({ ok: true, value: 60_000 });
    expect(waitFlag("2.5")).toEqual({ ok: true, value: 2500 });
    expect(readyMsOf("firmata", 60_000)).toBe(60_000);
  });

  it.each(["0", "601", "", "soon", "-4", "NaN"])(
    "'%s' is refused, saying what it takes",
    (text) => {
      const r = waitFlag(text);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/--wait must be the seconds .* from 1 to 600/);
    },
  );

  it.each([
    ["play", "--port", "/dev/null"],
    ["board-test", "--port", "/dev/null"],
    ["calibrate", "--port", "/dev/null"],
  ])("kete %s refuses a bad --wait in one line, exit 2", async (...args) => {
    ensureBuilt();
    const r = await runKete([...args, "--wait", "0"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--wait must be the seconds to wait for the board, from 1 to 600/);
  });
});

describe.skipIf(!socatAvailable())(
  "--wait on a board that stays silent (a pseudo-terminal no one answers on)",
  () => {
    it("without it, kete reports the board after its first HELLOs (3 s); with it, kete keeps asking until the time is up", async () => {
      ensureBuilt();
      const dir = mkdtempSync(join(tmpdir(), "kete-wait-"));
      const pair = await openPtyPair(join(dir, "host"), join(dir, "board"));
      if (!pair.ok) throw new Error(pair.error.message);
      try {
        const quick = await runKete(["board-test", "--port", pair.value.hostPath, "--once"]);
        expect(quick.status).toBe(1);
        expect(quick.stderr).toMatch(/no answer to HELLO .* in 3 s/);
        const started = Date.now();
        const patient = await runKete([
          "board-test",
          "--port",
          pair.value.hostPath,
          "--once",
          "--wait",
          "6",
        ]);
        expect(patient.status).toBe(1);
        expect(patient.stderr).toMatch(/not ready after 6 s/);
        expect(Date.now() - started).toBeGreaterThanOrEqual(6000);
      } finally {
        await pair.value.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  },
);
