/**
 * `kete calibrate` on the Abalone board's firmware (build/kete_abalone.hex,
 * hex61) on the emulated Mega with its 61 emulated TMAG5273 sensors
 * (hardware/abalone.md §7): a new board (empty EEPROM, every hole `need`) is
 * cleared, tared, and two holes are calibrated with the white and the black
 * reference marble, carried from hole to hole by a hand that follows the LEDs
 * kete lights; the levels are in use at once and, after a reboot, read back
 * from the EEPROM.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { every } from "../../src/board/index.js";
import type { CalibrateOptions } from "../../src/cli/calibrate/run.js";
import { EmulatedBoard, loadFirmware } from "../../src/emulator/index.js";
import { parseBoardLine, withChecksum } from "../../src/protocol/index.js";
import type { LedState } from "../../src/protocol/index.js";
import { referenceFirmware } from "../emulator/avr.js";
import { calibrateOnEmulator } from "./calibrate-harness.js";
import { EmulatorCable } from "./emulator-cable.js";

const hex = await referenceFirmware("test/cli/calibrate-abalone.test.ts", "abalone");
const HOLES = ["E5", "I9"];

/** The LED's colour when it is lit, else null. */
const lit = (led: LedState | undefined): string | null =>
  led === undefined || led.pattern === "off" ? null : led.colour;

describe.skipIf(hex === null)("kete calibrate on the Abalone firmware (emulated, hex61)", () => {
  it("a new board: cleared, tared, two holes calibrated with the reference marbles; ok after a reboot", async () => {
    const image = loadFirmware(hex ?? "");
    if (!image.ok) throw new Error(image.error.message);
    const created = EmulatedBoard.create({ firmware: image.value, geometry: "hex61", seed: 23 });
    if (!created.ok) throw new Error(created.error.message);
    const emu = created.value;
    const p = emu.physical;
    // two marbles left on the board: kete must have them taken off before TARE
    const placed = p.setHoles({ C3: "black", G5: "white" });
    expect(placed.ok).toBe(true);
    const cable = new EmulatorCable(emu);
    const options: CalibrateOptions = {
      pits: HOLES,
      stones: 32,
      verifyStones: null,
      yes: false,
      reportPath: null,
      gamesDir: mkdtempSync(join(tmpdir(), "kete-calibrate-abalone-")),
    };
    const ledsSeen = new Set<string>();
    // the hand: a marble under a red LED goes off the board; the hole blinking white
    // (magenta) gets the white (black) reference marble, from wherever it lies
    every(emu.clock, 250, () => {
      for (const [hole, led] of cable.leds) {
        const colour = lit(led);
        if (colour !== null) ledsSeen.add(`${hole} ${colour}`);
        if (colour === "red" && p.hole(hole) !== "empty") {
          p.putMarble(hole, "empty");
          return;
        }
        const marble = colour === "white" ? "white" : colour === "magenta" ? "black" : null;
        if (marble === null || p.hole(hole) === marble) continue;
        const from = p.holes().indexOf(marble);
        if (from >= 0) p.putMarble(p.geometry.cells[from] ?? "", "empty");
        p.putMarble(hole, marble);
        return;
      }
    });
    const { code, out, errors, report } = await calibrateOnEmulator(emu, cable, options, {
      date: "2026-11-29T09:00:00Z",
      ms: 40_000,
    });
    expect(errors).toBe("");
    expect(out).toMatch(/board KETE-A-0001: 2 hole\(s\) calibrated with the reference marbles\n/);
    expect(code).toBe(0);
    expect(ledsSeen).toContain("C3 red");
    expect(ledsSeen).toContain("E5 white");
    expect(ledsSeen).toContain("E5 magenta");
    expect(report?.board).toMatchObject({ id: "KETE-A-0001", geometry: "hex61", boot: 0 });
    for (const hole of HOLES) {
      const r = report?.pits.find((x) => x.pit === hole);
      expect(r).toMatchObject({
        before: { status: "need" },
        after: { status: "ok" },
        calibration: "calibrated",
      });
    }
    expect(report?.pits.find((x) => x.pit === "A2")?.after?.status).toBe("need");

    // a reboot: the levels come back from the EEPROM (CALR ok, the black marble's μ)
    const lines: string[] = [];
    let partial = "";
    emu.onTx((b) => {
      if (b !== 10) partial += String.fromCharCode(b);
      else {
        lines.push(partial);
        partial = "";
      }
    });
    emu.reset("power");
    await emu.runFor(1500);
    emu.receive(`${withChecksum("01 CALGET")}\n`);
    await emu.runFor(500);
    const calr = new Map(
      lines.flatMap((l) => {
        const m = parseBoardLine(l);
        return m.ok && m.value.type === "calibration" ? [[m.value.pit, m.value] as const] : [];
      }),
    );
    expect(calr.size).toBe(61);
    for (const hole of HOLES) expect(calr.get(hole)?.status).toBe("ok");
    expect(calr.get("A2")?.status).toBe("need");
    // the black reference marble was left in the last hole it calibrated: ≈ 6800 µT
    const last = HOLES.at(-1) ?? "";
    expect(p.hole(last)).toBe("black");
    expect(calr.get(last)?.raw).toBeGreaterThan(4500);
    expect(calr.get(last)?.raw).toBeLessThan(9000);
  }, 120_000);
});
