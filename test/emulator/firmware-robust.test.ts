/**
 * The reference firmware on the emulated board, under stress: the boot
 * counter across resets, a reset mid-session, resync after bad lines, a flood
 * of commands, calibration of a new board through the protocol, and the same
 * seed giving the same run. All timing on the emulated clock.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { EmulatedBoardOptions } from "../../src/emulator/index.js";
import { referenceFirmware } from "./avr.js";
import type { TestBoard } from "./avr.js";
import { SETTLED, bootFirmware, counts } from "./firmware-helpers.js";

const hex = await referenceFirmware("test/emulator/firmware-robust.test.ts");
const boot = (options: Omit<EmulatedBoardOptions, "firmware"> = {}): TestBoard =>
  bootFirmware(hex, options);

describe.skipIf(hex === null)("the reference firmware on the emulated board, under stress", () => {
  describe("EEPROM and resets", () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-fw-eeprom-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("keeps the boot counter across a reset, a RESET command and a new run, each with its reason", async () => {
      const eepromPath = join(dir, "board.eeprom");
      const t = boot({ eepromPath });
      expect((await t.waitFor(/ BOOT /, 100)).text).toMatch(/^00 BOOT 0 power\*/);
      await t.board.runFor(300);
      let from = t.lines.length;
      t.board.reset("external");
      expect((await t.waitFor(/ BOOT /, 100, from)).text).toMatch(/^00 BOOT 1 reset\*/);
      await t.board.runFor(300);
      expect((await t.command("05", "RESET", 1000)).text).toMatch(/ ACK 05/);
      from = t.lines.length - 1;
      expect((await t.waitFor(/ BOOT /, 500, from)).text).toMatch(/^00 BOOT 2 command\*/);
      await t.board.runFor(300);
      await t.board.stop();
      const again = boot({ eepromPath });
      expect((await again.waitFor(/ BOOT /, 100)).text).toMatch(/^00 BOOT 3 power\*/);
    });

    it("a reset mid-session: sequence numbers restart at BOOT, LEDs go dark, settings return to defaults", async () => {
      const t = boot({ counts: 2 });
      await t.waitFor(SETTLED, 1000);
      await t.command("06", "CFG deb=100 int=500");
      await t.command("07", "LEDALL GS");
      await t.board.runFor(5);
      expect(t.board.ledOf("B4").g).toBe(255);
      const from = t.lines.length;
      t.board.reset("external");
      await t.waitFor(/ BOOT /, 100, from);
      await t.board.runFor(50);
      expect(t.board.chain.shown.every((c) => c.r + c.g + c.b === 0)).toBe(true);
      await t.command("08", "HELLO 1");
      const info = t.lines.slice(from).find((l) => / INFO /.test(l.text));
      expect(info?.text).toMatch(/ boot=1 .* deb=200 int=2000\*/);
      const snap = await t.waitFor(SETTLED, 1000, from);
      expect(counts(snap)).toEqual(Array.from({ length: 32 }, () => 2));
    });
  });

  it("resyncs after corrupted lines: ERR rx-checksum, rx-overflow, rx-syntax and NAKs, and keeps scanning", async () => {
    const t = boot({ counts: 1 });
    await t.waitFor(SETTLED, 1000);
    let from = t.lines.length;
    t.board.receive("09 PING*00\n");
    await t.waitFor(/ ERR rx-checksum\*/, 100, from);
    from = t.lines.length;
    // An over-long line in one burst (26 ms at 115200 baud): the firmware's own 256-byte
    // receive ring (22 ms, every build) outlasts the longest main-loop pass, so no byte is lost.
    t.board.receive(`${"X".repeat(300)}\n`);
    await t.waitFor(/ ERR rx-overflow\*/, 200, from);
    from = t.lines.length;
    t.send("zz PING");
    await t.waitFor(/ ERR rx-syntax\*/, 100, from);
    from = t.lines.length;
    t.board.receive("\x00\xff garbage\n");
    await t.waitFor(/ ERR rx-checksum\*/, 100, from);
    expect((await t.command("0A", "FROB")).text).toMatch(/ NAK 0A unknown-command\*/);
    expect((await t.command("0B", "LED Z9:RS")).text).toMatch(/ NAK 0B bad-pit\*/);
    expect((await t.command("0C", "LED A1:RS A1:GS")).text).toMatch(/ NAK 0C bad-args\*/);
    expect((await t.command("0D", "PING")).text).toMatch(/ ACK 0D\*/);
    // Still sensing: a stone moved is seen and settles.
    from = t.lines.length;
    t.board.physical.hand.lift("A1");
    t.board.physical.hand.drop("A2");
    const snap = await t.waitFor(SETTLED, 1500, from);
    expect(counts(snap).slice(0, 2)).toEqual([0, 2]);
    expect(t.board.mcu.resets).toEqual([]);
  });

  it("calibrates a new board through the protocol: TARE empty, CAL with 32 stones, then counts", async () => {
    const t = boot({ calibrated: false, counts: 0, seed: 14 });
    await t.waitFor(/ ERR calibration-needed D8\*/, 1000);
    expect((await t.command("10", "TARE", 2500)).text).toMatch(/ ACK 10\*/);
    t.board.physical.setCount("B4", 32);
    await t.board.runFor(600);
    expect((await t.command("11", "CAL B4 32", 2500)).text).toMatch(/ ACK 11\*/);
    t.board.physical.hand.lift("B4", 25);
    const from = t.lines.length;
    await t.board.runFor(100);
    const snap = await t.waitFor(SETTLED, 1500, from);
    expect(counts(snap)[11]).toBe(7);
    await t.command("12", "CALGET", 1000);
    const calr = t.lines.filter((l) => / CALR /.test(l.text)).map((l) => l.text.split(" ")[3]);
    expect(calr.length).toBe(32);
    expect(calr[11]).toBe("ok");
    expect(calr.filter((c) => c === "need").length).toBe(31);
  });

  it("a flood of commands and garbage: every one answered or dropped, no reset, scanning goes on", async () => {
    const t = boot({ counts: 2, seed: 15 });
    await t.waitFor(SETTLED, 1000);
    const from = t.lines.length;
    for (let i = 0; i < 60; i++) {
      const id = (0x20 + i).toString(16).toUpperCase();
      t.send(
        i % 3 === 0 ? `${id} PING` : i % 3 === 1 ? `${id} LED A${1 + (i % 8)}:GB` : `${id} SNAP`,
      );
      if (i % 10 === 0) t.board.receive("#$%garbage*ZZ\n");
    }
    await t.board.runFor(3000);
    const answered = t.lines
      .slice(from)
      .flatMap((l) => (/ (ACK|NAK) /.test(l.text) ? [l.text.split(" ")[2]] : []));
    // Lines lost to the firmware's ring are its to drop; none is answered twice or reset the board.
    expect(new Set(answered).size).toBe(answered.length);
    // Back to back, ≈ 60 lines (≈ 600 bytes) outrun the firmware's 256-byte ring (kete sends one at a time).
    expect(answered.length).toBeGreaterThan(20);
    expect(t.board.mcu.resets).toEqual([]);
    t.board.physical.hand.lift("D5");
    const after = t.lines.length;
    const snap = await t.waitFor(SETTLED, 1500, after);
    expect(counts(snap)[28]).toBe(0);
  });

  it("is deterministic: the same seed and the same hand give the same lines at the same emulated times", async () => {
    const run = async (): Promise<string[]> => {
      const t = boot({ counts: 3, seed: 16 });
      await t.board.runFor(400);
      t.board.physical.hand.lift("C2");
      await t.board.runFor(200);
      t.board.physical.hand.drop("C3", 3);
      t.send("01 HELLO 1");
      await t.board.runFor(800);
      return t.lines.map((l) => `${l.at.toFixed(4)} ${l.text}`);
    };
    const a = await run();
    expect(a.length).toBeGreaterThan(8);
    expect(await run()).toEqual(a);
  });
});
