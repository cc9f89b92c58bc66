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

describe("kete calibrate: the board maker's ways and mistakes", () => {
  it("without --yes: the unseen empty pits and every pit are confirmed with button 1", async () => {
    const { rig, run } = calibrationRig({
      firmware: { uncalibrated: PITS },
      options: { pits: ["A1", "B3", "D8"] },
      maker: { confirmWith: "button" },
    });
    const code = await driveTo(rig.clock, run());
    expect(code).toBe(0);
    const out = rig.out.join("");
    expect(out).toContain("[pit 2 of 3] Move the 32 stones from A1 into B3 (blinking cyan).");
    expect(out).toContain("[check 1 of 3] Move the 32 stones from D8 into A1");
    const tares = rig.firmware.commands.filter((c) => c.type === "tare");
    expect(tares.map((c) => c.type === "tare" && c.pit)).toEqual(["A1", "B3", "D8"]);
    expect(rig.firmware.calibration("A2")?.stored).toBeNull();
    expect(report(rig.reportDir).summary).toMatchObject({ calibrated: 3, verified: 3 });
    // The first pit to fill blinks cyan, then shines steady once its reading is plausible.
    expect(rig.ledHistory).toContainEqual({ A1: "CB" });
    expect(rig.ledHistory).toContainEqual({ A1: "CS" });
  });

  it("Enter confirms too; stones in a calibrated pit are lit red until taken out", async () => {
    const counts = Object.fromEntries(PITS.map((p) => [p, 4]));
    const { rig, run } = calibrationRig({
      counts,
      options: { pits: ["B2", "C7"], verifyStones: 5 },
      maker: { confirmWith: "enter", sample: 32 },
    });
    const code = await driveTo(rig.clock, run());
    expect(code).toBe(0);
    expect(rig.ledHistory).toContainEqual({ B2: "RS", C7: "RS" });
    expect(rig.physical.count("A1")).toBe(4); // the other pits are left alone
    expect(report(rig.reportDir).pits.find((p) => p.pit === "C7")?.verify).toEqual({
      expected: 5,
      read: 5,
      pass: true,
    });
  });

  it("a pit calibrated with one stone short fails its verification: exit 4, the report says which", async () => {
    const { rig, run } = calibrationRig({
      firmware: { uncalibrated: PITS },
      options: { pits: ["A1", "A2", "A3"], yes: true },
      maker: { miscount: ["A2"] },
    });
    const code = await driveTo(rig.clock, run());
    expect(code).toBe(4);
    const r = report(rig.reportDir);
    expect(r.summary).toMatchObject({ calibrated: 3, verified: 2, failed: 1 });
    expect(r.pits.find((p) => p.pit === "A2")?.verify).toMatchObject({ expected: 32, pass: false });
    expect(rig.out.join("")).toMatch(/^ {2}A2: read 3[34], not 32$/m);
  });

  it("a CAL the board does not answer is sent again with the same id", async () => {
    const { rig, run } = calibrationRig({
      firmware: { uncalibrated: PITS },
      options: { pits: ["A1", "A2"], yes: true, verifyStones: null },
    });
    const written: string[] = [];
    rig.cable.lose = (line) => {
      if (!line.includes(" CAL A2 32*")) return false;
      written.push(line);
      return written.length === 1; // the first try is lost on the way
    };
    const code = await driveTo(rig.clock, run());
    expect(code).toBe(0);
    expect(written).toHaveLength(2);
    expect(written[1]).toBe(written[0]); // the same line: the same command id
    expect(rig.firmware.calibration("A2")?.stored).not.toBeNull();
  });

  it("stop (Ctrl-C) mid-way: exit 130, LEDs out, the report says what was done", async () => {
    const { rig, run } = calibrationRig({
      firmware: { uncalibrated: PITS },
      options: { yes: true },
    });
    const done = run();
    rig.firmware.onLeds(() => {
      if (rig.firmware.litLeds().A4 === "CB") rig.act("stop");
    });
    const code = await driveTo(rig.clock, done);
    expect(code).toBe(130);
    expect(rig.firmware.litLeds()).toEqual({});
    const r = report(rig.reportDir);
    expect(r.completed).toBe(false);
    expect(r.summary).toMatchObject({ calibrated: 3, pending: 29, skipped: 0 });
    expect(rig.out.join("")).toMatch(/3 pit\(s\) calibrated .*, 29 not reached\n/);
  });
});

describe("kete calibrate: boards and options it refuses, in one line", () => {
  it("a board that never answers: exit 1", async () => {
    const { rig, run } = calibrationRig();
    rig.firmware.powerOff();
    const code = await driveTo(rig.clock, run());
    expect(code).toBe(1);
    expect(rig.errors.join("")).toMatch(/^kete calibrate: .*HELLO.*\n$/);
  });

  it("only pits whose sensor is faulty: nothing to calibrate, exit 4", async () => {
    const { rig, run } = calibrationRig({
      firmware: { faultyPits: ["A1", "B2"] },
      options: { pits: ["A1", "B2"] },
    });
    expect(await driveTo(rig.clock, run())).toBe(4);
    expect(rig.errors.join("")).toBe(
      "kete calibrate: nothing to calibrate: the sensor of A1 B2 is faulty\n",
    );
    expect(rig.firmware.commands.some((c) => c.type === "tare")).toBe(false);
  });

  it("a faulty pit among others is left out, said, and reported: exit 4", async () => {
    const { rig, run } = calibrationRig({
      firmware: { uncalibrated: PITS, faultyPits: ["A2"] },
      options: { pits: ["A1", "A2", "A3"], yes: true },
    });
    expect(await driveTo(rig.clock, run())).toBe(4);
    expect(rig.out.join("")).toContain("left out, their sensor is faulty: A2\n");
    const r = report(rig.reportDir);
    expect(r.pits.find((p) => p.pit === "A2")?.calibration).toBe("fault");
    expect(r.summary).toMatchObject({ calibrated: 2, verified: 2, refused: 1 });
  });

  it("a board without calibration (cal=0): exit 1", async () => {
    const { rig, run } = calibrationRig({ firmware: { calibration: false } });
    expect(await driveTo(rig.clock, run())).toBe(1);
    expect(rig.errors.join("")).toBe(
      "kete calibrate: this board does not support calibration (its INFO says cal=0)\n",
    );
  });

  it("a pit the board does not have, or more stones than it counts: exit 2", async () => {
    const a = calibrationRig({ options: { pits: ["A1", "E9"] } });
    expect(await driveTo(a.rig.clock, a.run())).toBe(2);
    expect(a.rig.errors.join("")).toMatch(/E9 is not a pit of this 4x8 board\n$/);
    const b = calibrationRig({ options: { stones: 80 } });
    expect(await driveTo(b.rig.clock, b.run())).toBe(2);
    expect(b.rig.errors.join("")).toMatch(/--stones 80 is more than this board counts \(max=64\)/);
  });
});
