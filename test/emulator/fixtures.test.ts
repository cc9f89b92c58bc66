/**
 * The emulated board against small AVR C programs (fixtures/, built with
 * avr-gcc at test time): each proves one part bit-exactly as a firmware sees
 * it — USART0 both ways at its byte time with Timer0 on the 2560's vectors,
 * all 32 HX711s read in parallel, SK9822 frames on hardware SPI, and EEPROM,
 * buttons, D13 and the reset causes in MCUSR.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { TestBoard, avrToolchain, fixtureHex } from "./avr.js";

const toolchain = avrToolchain("test/emulator/fixtures.test.ts");

describe.skipIf(!toolchain)("AVR fixtures on the emulated Mega 2560", () => {
  it("USART0 echoes a burst of 200 bytes in order, paced at its byte time; Timer0 counts 1.024 ms", async () => {
    const t = TestBoard.boot(fixtureHex("uart-echo"));
    const ready = await t.waitFor(/^READY$/, 100);
    const sent = Array.from({ length: 200 }, (_, i) => String.fromCharCode(97 + (i % 26))).join("");
    const start = t.board.now;
    t.board.receive(`${sent}T`);
    const line = await t.waitFor(/T \d+ \d+$/, 200);
    expect(line.text).toBe(`${sent}T ${line.text.split(" ").at(-2) ?? ""} 0`);
    // 201 bytes at 115200 baud (U2X, UBRR 16: 85 µs a byte) arrive in ≈ 17.1 ms, not at once.
    const elapsed = line.at - start;
    expect(elapsed).toBeGreaterThan(201 * 0.085);
    expect(elapsed).toBeLessThan(201 * 0.085 + 3);
    const ticks = Number(line.text.split(" ").at(-2));
    expect(ticks * 1.024).toBeGreaterThan(start + 201 * 0.085 - 2);
    expect(ticks * 1.024).toBeLessThan(line.at + 1.1);
    expect(ready.at).toBeLessThan(5);
  });

  it("reads all 32 HX711s in parallel, bit for bit what each chip shifted out, at the slowest chip's rate", async () => {
    const t = TestBoard.boot(fixtureHex("hx711-read"), { counts: 4, seed: 9 });
    await t.waitFor(/^READY$/, 100);
    await t.board.runFor(1000);
    const scans = t.lines.filter((l) => l.text.startsWith("R "));
    // One scan per conversion of the slowest chip (80 SPS − 3 % at worst), less the start-up.
    expect(scans.length).toBeGreaterThan(70);
    expect(scans.length).toBeLessThanOrEqual(80);
    const values = scans.map((l) => l.text.split(" ").slice(2).map(Number));
    for (let ch = 0; ch < 32; ch++) {
      const shifted = t.board.hx711.readsOf(ch);
      const printed = values.map((v) => v[ch]);
      // The last reading may still be on its way out of the UART.
      expect(shifted.slice(0, printed.length)).toEqual(printed);
    }
    // 4 stones of ≈ 5.4 g on a cup of ≈ 25 g: every reading is the cup plus stones, plus offsets.
    expect(new Set(values.at(-1)).size).toBe(32);
  });

  it("powers the HX711s down with PD_SCK held high 200 µs; they are ready 50 ms after it falls", async () => {
    const t = TestBoard.boot(fixtureHex("hx711-read"));
    await t.waitFor(/^READY$/, 100);
    await t.board.runFor(100);
    const downs = t.board.hx711.stats.powerDowns;
    t.board.receive("P");
    const line = await t.waitFor(/^P \d+$/, 200);
    expect(t.board.hx711.stats.powerDowns - downs).toBe(32);
    const ms = (Number(line.text.slice(2)) * 4) / 1000;
    expect(ms).toBeGreaterThan(4 * 12.5 * 0.97);
    expect(ms).toBeLessThan(5 * 12.5 * 1.03);
  });

  it("decodes SK9822 frames from SPI into per-pit colours in chain order, shown on the zero frame", async () => {
    const t = TestBoard.boot(fixtureHex("spi-leds"));
    await t.waitFor(/^F$/, 100);
    const chain = t.board.chain.shown;
    chain.forEach((led, i) => {
      expect(led).toEqual({ brightness: 8, r: i * 7, g: 255 - i * 5, b: i });
    });
    // Chain order (hardware/geometry/4x8.json): A8→A1, B1→B8, C8→C1, D1→D8.
    expect(t.board.ledOf("A8").r).toBe(0);
    expect(t.board.ledOf("A1").r).toBe(7 * 7);
    expect(t.board.ledOf("B1").r).toBe(8 * 7);
    expect(t.board.ledOf("D8").r).toBe(31 * 7);
    t.board.receive("N");
    await t.waitFor(/^N$/, 50);
    // Without the trailing zero frame an SK9822 keeps showing the old colour …
    expect(t.board.ledOf("A1").r).toBe(7 * 7);
    t.board.receive("Z");
    await t.waitFor(/^Z$/, 50);
    // … until 32 zero bits pass.
    expect(t.board.ledOf("A1")).toEqual({ brightness: 31, r: 7, g: 0, b: 0 });
  });

  describe("EEPROM, buttons, D13 and resets", () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-emu-eeprom-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("counts boots in EEPROM across a reset, a watchdog reset and a new run, with MCUSR's cause", async () => {
      const path = join(dir, "boot.eeprom");
      const t = TestBoard.boot(fixtureHex("eeprom-boot"), { eepromPath: path });
      expect((await t.waitFor(/^BOOT/, 50)).text).toBe("BOOT 0 1"); // erased 0xFFFF + 1, PORF
      let from = t.lines.length;
      t.board.reset("external");
      expect((await t.waitFor(/^BOOT/, 50, from)).text).toBe("BOOT 1 2"); // EXTRF
      from = t.lines.length;
      t.board.receive("W");
      expect((await t.waitFor(/^BOOT/, 60, from)).text).toBe("BOOT 2 8"); // WDRF
      await t.board.stop();
      expect(readFileSync(path).readUInt16LE(0x10)).toBe(2);
      const again = TestBoard.boot(fixtureHex("eeprom-boot"), { eepromPath: path });
      expect((await again.waitFor(/^BOOT/, 50)).text).toBe("BOOT 3 1");
    });

    it("buttons on PE4/PE5 read low when pressed (pull-ups), and D13 follows button 1", async () => {
      const t = TestBoard.boot(fixtureHex("eeprom-boot"));
      await t.waitFor(/^BOOT/, 50);
      expect(t.board.led13).toBe(false);
      t.board.press(1);
      expect((await t.waitFor(/^BTN/, 10)).text).toBe("BTN 32"); // PE4 low, PE5 high
      expect(t.board.led13).toBe(true);
      const from = t.lines.length;
      t.board.press(2);
      expect((await t.waitFor(/^BTN/, 10, from)).text).toBe("BTN 0");
      t.board.release(1);
      t.board.release(2);
      await t.waitFor(/^BTN 48$/, 10, from);
      expect(t.board.led13).toBe(false);
    });
  });
});
