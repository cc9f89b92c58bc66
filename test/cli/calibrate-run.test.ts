/**
 * `kete calibrate` end to end in-process: the simulated board with load
 * cells that start uncalibrated, the real session, the step machine and the
 * report, on a fake clock, with a board maker's hand following the LEDs.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PhysicalBoard } from "../../src/board/index.js";
import type { CalibrationReport } from "../../src/cli/calibrate/report.js";
import { calibrationRig, driveTo } from "./calibrate-harness.js";

const PITS = new PhysicalBoard().pits;

function report(dir: string): CalibrationReport {
  const folder = join(dir, "calibration");
  const files = readdirSync(folder);
  expect(files).toHaveLength(1);
  return JSON.parse(readFileSync(join(folder, files[0] ?? ""), "utf8")) as CalibrationReport;
}

describe("kete calibrate on the simulated board", () => {
  it("calibrates and verifies every pit of a new board: exact counts after, a report, LEDs out", async () => {
    const { rig, run } = calibrationRig({
      firmware: { uncalibrated: PITS },
      options: { yes: true },
    });
    const code = await driveTo(rig.clock, run());
    const out = rig.out.join("");
    expect(rig.errors.join("")).toBe("");
    expect(code).toBe(0);
    expect(out).toContain("[pit 7 of 32] Move the 32 stones from A6 into A7 (blinking cyan).");
    expect(out).toContain("[check 32 of 32]");
    for (const pit of PITS) {
      const { stored, cell } = rig.firmware.calibration(pit) ?? {};
      expect(stored?.zero).toBe(cell?.zero);
      expect(Math.abs((stored?.gain ?? 0) / (cell?.gain ?? 1) - 1)).toBeLessThan(0.01);
    }
    const r = report(rig.reportDir);
    expect(r).toMatchObject({
      kind: "kete-calibration",
      board: { id: "KETE-SIM", firmware: "sim-1.0.0", boot: 1 },
      stones: 32,
      completed: true,
      summary: { calibrated: 32, verified: 32, failed: 0, refused: 0, skipped: 0 },
      date: "2026-11-24T15:30:00.000Z",
    });
    expect(r.pits.every((p) => p.before?.status === "need" && p.after?.status === "ok")).toBe(true);
    expect(rig.firmware.litLeds()).toEqual({});
  });
});
