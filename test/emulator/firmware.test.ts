/**
 * The reference firmware (hardware/firmware, built to build/kete_board.hex)
 * on the emulated board, spoken to as kete speaks to a real one: every line
 * checked with kete's codec, all timing on the emulated clock. The board
 * starts calibrated (its EEPROM records written for the emulated cells)
 * unless a test says otherwise. Resets, bad input and calibration are in
 * firmware-robust.test.ts.
 */
import { describe, expect, it } from "vitest";
import { parseBoardLine } from "../../src/protocol/index.js";
import type { EmulatedBoardOptions } from "../../src/emulator/index.js";
import { referenceFirmware } from "./avr.js";
import type { TestBoard } from "./avr.js";
import { SETTLED, bootFirmware, counts } from "./firmware-helpers.js";

const hex = await referenceFirmware("test/emulator/firmware.test.ts");
const boot = (options: Omit<EmulatedBoardOptions, "firmware"> = {}): TestBoard =>
  bootFirmware(hex, options);

describe.skipIf(hex === null)("the reference firmware on the emulated board", () => {
  it("boots: BOOT and a heartbeat at once, every line valid, then INFO and ACK for HELLO", async () => {
    const t = boot();
    const hb = await t.waitFor(/ HB /, 100);
    expect(t.lines[0]?.text).toMatch(/^00 BOOT 0 power\*/);
    expect(t.emptyLines).toBe(1); // the lone LF before BOOT (PROTOCOL.md §6.1)
    expect(hb.text).toMatch(/^01 HB 0 0\*/);
    expect(hb.at - (t.lines[0]?.at ?? 0)).toBeLessThan(5);
    const answer = await t.command("01", "HELLO 1");
    expect(answer.text).toMatch(/^[0-9A-F]{2} ACK 01\*/);
    const info = t.lines.find((l) => / INFO /.test(l.text));
    expect(info?.text).toMatch(
      / INFO proto=1 fw=[\w.+-]+ id=[\w.+-]+ geo=4x8 boot=0 max=\d+ leds=RGBYCMW pat=SBFP btn=2 cal=1 deb=200 int=2000\*/,
    );
    for (const l of t.lines) expect(parseBoardLine(l.text).ok, l.text).toBe(true);
  });

  it("counts the stones of every pit, settled, from a calibrated EEPROM", async () => {
    const want = Array.from({ length: 32 }, (_, i) => (i * 5) % 13);
    const t = boot({ counts: want, seed: 11 });
    const snap = await t.waitFor(SETTLED, 1000);
    expect(counts(snap)).toEqual(want);
    expect(t.lines.some((l) => / ERR calibration-needed /.test(l.text))).toBe(false);
  });

  it("a stone dropped reaches the host as a settled count, within the debounce and the ringing", async () => {
    const t = boot({ counts: 4, seed: 12 });
    await t.waitFor(SETTLED, 1000);
    const from = t.lines.length;
    t.board.physical.hand.lift("B3", 1);
    t.board.physical.hand.drop("C6");
    const landed = t.board.now;
    const snap = await t.waitFor(SETTLED, 1500, from);
    const c = counts(snap);
    expect(c[10]).toBe(3); // B3
    expect(c[21]).toBe(5); // C6
    // deb 200 ms after the count is quiet; the cup rings and the HX711's filter settles first.
    expect(snap.at - landed).toBeGreaterThan(200);
    expect(snap.at - landed).toBeLessThan(500);
  });

  it("shows an LED command on the decoded chain, each pit its colour, blinking in step", async () => {
    const t = boot({ counts: 0 });
    await t.waitFor(/ HB /, 100);
    expect((await t.command("02", "LED A1:RS B2:GS C3:BS D8:WS A8:YS B8:CS C1:MS")).text).toMatch(
      / ACK 02/,
    );
    await t.board.runFor(5);
    const colour = (pit: string): string => {
      const c = t.board.ledOf(pit);
      return `${c.r},${c.g},${c.b}`;
    };
    // hardware/README.md §5's colour table, brightness 8/31.
    expect(colour("A1")).toBe("255,0,0");
    expect(colour("B2")).toBe("0,255,0");
    expect(colour("C3")).toBe("0,0,255");
    expect(colour("D8")).toBe("255,210,170");
    expect(colour("A8")).toBe("255,150,0");
    expect(colour("B8")).toBe("0,200,255");
    expect(colour("C1")).toBe("255,0,200");
    expect(colour("A2")).toBe("0,0,0");
    expect(t.board.ledOf("A1").brightness).toBe(8);
    // Blink: on while millis mod 1000 < 500, every blinking pit together.
    await t.command("03", "LED A3:RB D1:GB");
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      await t.board.runFor(125);
      seen.push(`${colour("A3")}|${colour("D1")}`);
    }
    expect(new Set(seen)).toEqual(new Set(["255,0,0|0,255,0", "0,0,0|0,0,0"]));
    expect(seen.filter((s) => s.startsWith("255")).length).toBe(4);
    await t.command("04", "CLR");
    await t.board.runFor(5);
    expect(t.board.chain.shown.every((c) => c.r + c.g + c.b === 0)).toBe(true);
  });

  it("reports both buttons, press and release, debounced", async () => {
    const t = boot({ counts: 0 });
    await t.waitFor(/ HB /, 100);
    const from = t.lines.length;
    t.board.press(1);
    await t.board.runFor(60);
    t.board.release(1);
    t.board.press(2);
    await t.board.runFor(60);
    t.board.release(2);
    await t.board.runFor(60);
    const btn = t.lines.slice(from).filter((l) => / BTN /.test(l.text));
    expect(btn.map((l) => l.text.replace(/^.. /, "").split("*")[0])).toEqual([
      "BTN 1 P",
      "BTN 1 R",
      "BTN 2 P",
      "BTN 2 R",
    ]);
  });

  it("a faulty sensor is '?' with ERR sensor-fault, and the other pits carry on", async () => {
    const t = boot({ counts: 3, faults: { A3: "stuck-high" } });
    await t.waitFor(/ ERR sensor-fault A3\*/, 1000);
    const snap = await t.waitFor(SETTLED, 1000);
    const c = counts(snap);
    expect(c[2]).toBe(null);
    expect(c.filter((x) => x === 3).length).toBe(31);
  });
});
