/**
 * `kete calibrate` as a board maker runs it: the real CLI (dist/cli/main.js)
 * on a pseudo-terminal (socat) to the simulated board, whose pits start
 * uncalibrated, with a hand that follows the board's LEDs in real time.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PhysicalBoard, socatAvailable, startPtySimulator } from "../../src/board/index.js";
import type { PtySimulator } from "../../src/board/index.js";
import type { CalibrationReport } from "../../src/cli/calibrate/report.js";
import { makerMove, verifying } from "./calibrate-harness.js";
import { startKete } from "./process.js";
import { ensureBuilt, kete } from "./run.js";

beforeAll(ensureBuilt);

const PITS = new PhysicalBoard().pits;

/** Whether `check` turns true within `ms` (polled). */
async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}

describe("kete calibrate: bad command lines", () => {
  it("usage errors and a port that is not there: one line each", () => {
    const bad = kete(["calibrate", "--port", "/dev/x", "--stones", "lots"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr.split("\n")[0]).toBe(
      "error: --stones must be a whole number of stones 1..255, not 'lots'",
    );
    const pits = kete(["calibrate", "--port", "/dev/x", "--pits", "A1,,B2"]);
    expect(pits.status).toBe(2);
    expect(pits.stderr.split("\n")[0]).toMatch(/^error: --pits takes pit names/);
    const twice = kete(["calibrate", "--port", "/dev/x", "--pits", "A1,a1"]);
    expect(twice.stderr.split("\n")[0]).toBe("error: --pits names A1 twice");
    const none = kete(["calibrate", "--port", "/dev/kete-no-such-port"]);
    expect(none.status).toBe(1);
    expect(none.stdout).toBe("");
    expect(none.stderr).toMatch(/^kete calibrate: cannot open \/dev\/kete-no-such-port: .*\n$/);
  });
});

describe.skipIf(!socatAvailable())("kete calibrate on a pty", () => {
  let sim: PtySimulator | null = null;
  let stopHand: (() => void) | null = null;

  afterEach(async () => {
    stopHand?.();
    await sim?.stop();
    sim = null;
  });

  async function board(): Promise<PtySimulator> {
    const started = await startPtySimulator({
      counts: 0,
      seed: 11,
      firmware: { uncalibrated: PITS },
    });
    if (!started.ok) throw new Error(started.error.message);
    sim = started.value;
    const s = started.value;
    s.physical.hand.hold(32);
    const timer = setInterval(
      () =>
        makerMove(
          { physical: s.physical, leds: () => s.firmware.leds, confirm: () => undefined },
          {},
          () => 32,
        ),
      100,
    );
    stopHand = () => clearInterval(timer);
    return s;
  }

  it("--yes --pits: tares, calibrates and verifies each pit, writes the report, exit 0", async () => {
    const s = await board();
    const dir = mkdtempSync(join(tmpdir(), "kete-calibrate-pty-"));
    const path = join(dir, "report.json");
    const run = startKete(
      ["calibrate", "--port", s.hostPath, "--pits", "B3,C6", "--yes", "--report", path],
      { lifeMs: 60_000 },
    );
    const code = await run.exited;
    expect(run.stderr()).toBe("");
    expect(code).toBe(0);
    expect(run.stdout()).toContain("[pit 2 of 2] Move the 32 stones from B3 into C6");
    expect(run.stdout()).toContain(`calibration report: ${path}\n`);
    const report = JSON.parse(readFileSync(path, "utf8")) as CalibrationReport;
    expect(report.summary).toMatchObject({ calibrated: 2, verified: 2, failed: 0 });
    expect(report.pits.find((p) => p.pit === "B3")).toMatchObject({
      before: { status: "need" },
      after: { status: "ok" },
      calibration: "calibrated",
    });
    expect(report.pits.find((p) => p.pit === "A1")?.calibration).toBe("not-selected");
    expect(s.firmware.calibration("C6")?.stored).not.toBeNull();
    expect(s.firmware.litLeds()).toEqual({});
    expect(verifying(s.firmware.leds)).toBe(false);
  }, 60_000);

  it("SIGHUP mid-way stops cleanly: LEDs out, the report written, exit 130", async () => {
    const s = await board();
    const dir = mkdtempSync(join(tmpdir(), "kete-calibrate-pty-"));
    const run = startKete(["calibrate", "--port", s.hostPath, "--games-dir", dir], {
      lifeMs: 60_000,
    });
    await run.printed(/\[empty the board\]/, 20_000);
    expect(await until(() => Object.values(s.firmware.litLeds()).includes("YS"))).toBe(true);
    run.child.kill("SIGHUP");
    expect(await run.exited).toBe(130);
    expect(s.firmware.litLeds()).toEqual({});
    expect(run.stdout()).toMatch(
      /calibration report: .*\/calibration\/KETE-SIM-\d{8}-\d{6}\.json\n/,
    );
  }, 60_000);
});
