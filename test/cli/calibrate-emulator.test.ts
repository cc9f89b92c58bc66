/**
 * `kete calibrate` against the reference firmware itself
 * (hardware/firmware, its .hex run on the emulated ATmega2560 of
 * src/emulator): a new board (empty EEPROM, no pit calibrated) is tared,
 * calibrated and verified through the real session, on the emulated clock,
 * by a hand that follows the LED commands kete sends.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { every } from "../../src/board/index.js";
import { EmulatedBoard, loadFirmware } from "../../src/emulator/index.js";
import type { CalibrateOptions } from "../../src/cli/calibrate/run.js";
import { calibrateOnEmulator, makerMove, verifying } from "./calibrate-harness.js";
import { EmulatorCable } from "./emulator-cable.js";
import { referenceFirmware } from "../emulator/avr.js";

const hex = await referenceFirmware("test/cli/calibrate-emulator.test.ts");
const gemsHex = await referenceFirmware("test/cli/calibrate-emulator.test.ts", "gems");

describe.skipIf(hex === null)("kete calibrate on the reference firmware (emulated)", () => {
  it("a new board: TARE, CAL and verification of two pits, every pit ok after", async () => {
    const image = loadFirmware(hex ?? "");
    if (!image.ok) throw new Error(image.error.message);
    const created = EmulatedBoard.create({ firmware: image.value, counts: 0, seed: 21 });
    if (!created.ok) throw new Error(created.error.message);
    const emu = created.value;
    const cable = new EmulatorCable(emu);
    const options: CalibrateOptions = {
      pits: ["A1", "C5"],
      stones: 32,
      verifyStones: 32,
      yes: true,
      reportPath: null,
      gamesDir: mkdtempSync(join(tmpdir(), "kete-calibrate-emu-")),
    };
    emu.physical.hand.hold(32);
    every(emu.clock, 250, () =>
      makerMove(
        { physical: emu.physical, leds: () => cable.leds, confirm: () => undefined },
        {},
        () => 32,
      ),
    );
    const { code, out, errors, report } = await calibrateOnEmulator(emu, cable, options, {
      date: "2026-11-24T16:00:00Z",
      ms: 60_000,
    });
    expect(errors).toBe("");
    expect(out).toMatch(/board .* 2 pit\(s\) calibrated with 32 stones, 2 verified, 0 failed/);
    expect(code).toBe(0);
    expect(verifying(cable.leds)).toBe(false);
    expect(report?.board).toMatchObject({ id: "KETE-0001", boot: 0 });
    for (const pit of ["A1", "C5"]) {
      expect(report?.pits.find((p) => p.pit === pit)).toMatchObject({
        before: { status: "need" },
        after: { status: "ok" },
        verify: { expected: 32, read: 32, pass: true },
      });
    }
    expect(report?.pits.find((p) => p.pit === "A2")?.after?.status).toBe("need");
  }, 300_000);

  it.skipIf(gemsHex === null)(
    "the Glassperlenspiel board (kete_gems.hex, 2x5+2): a cup tared, calibrated with ten plain stones and verified",
    async () => {
      const image = loadFirmware(gemsHex ?? "");
      if (!image.ok) throw new Error(image.error.message);
      // no gem on the board while calibrating (glassperlenspiel.md §5.3)
      const created = EmulatedBoard.create({
        firmware: image.value,
        geometry: "2x5+2",
        counts: 0,
        seed: 22,
      });
      if (!created.ok) throw new Error(created.error.message);
      const emu = created.value;
      expect(emu.physical.gemsOnBoard()).toEqual([]);
      const cable = new EmulatorCable(emu);
      const options: CalibrateOptions = {
        pits: ["SC"],
        stones: 10,
        verifyStones: 10,
        yes: true,
        reportPath: null,
        gamesDir: mkdtempSync(join(tmpdir(), "kete-calibrate-gems-")),
      };
      emu.physical.hand.hold(10);
      every(emu.clock, 250, () =>
        makerMove(
          { physical: emu.physical, leds: () => cable.leds, confirm: () => undefined },
          {},
          () => 10,
        ),
      );
      const { code, out, errors, report } = await calibrateOnEmulator(emu, cable, options, {
        date: "2026-11-24T16:00:00Z",
        ms: 60_000,
      });
      expect(errors).toBe("");
      expect(out).toMatch(/board .* 1 pit\(s\) calibrated with 10 stones, 1 verified, 0 failed/);
      expect(code).toBe(0);
      expect(report?.board).toMatchObject({ id: "KETE-G-0001", boot: 0 });
      expect(report?.pits.find((p) => p.pit === "SC")).toMatchObject({
        before: { status: "need" },
        after: { status: "ok" },
        verify: { expected: 10, read: 10, pass: true },
      });
      expect(report?.pits.find((p) => p.pit === "A1")?.after?.status).toBe("need");
    },
    300_000,
  );
});
