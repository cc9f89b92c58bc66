/**
 * The reference firmware (hardware/firmware, built to build/kete_board.hex)
 * on the emulated board, spoken to as kete speaks to a real one: every line
 * checked with kete's codec, all timing on the emulated clock. The board
 * starts calibrated (its EEPROM records written for the emulated cells)
 * unless a test says otherwise.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseBoardLine } from "../../src/protocol/index.js";
import type { EmulatedBoardOptions } from "../../src/emulator/index.js";
import { TestBoard, referenceFirmware } from "./avr.js";
import type { Line } from "./avr.js";

const hex = await referenceFirmware("test/emulator/firmware.test.ts");

function boot(options: Omit<EmulatedBoardOptions, "firmware"> = {}): TestBoard {
  return TestBoard.boot(hex ?? "", { calibrated: true, ...options });
}

/** The counts of a `SNAP` line, canonical order (`?` as null). */
function counts(line: Line): (number | null)[] {
  const cells = line.text.split("*")[0]?.split(" ").at(-1) ?? "";
  return cells.split(",").map((c) => (c === "?" ? null : Number(c)));
}

const SETTLED = /^[0-9A-F]{2} SNAP 4x8 [CPR] S /;

describe.skipIf(hex === null)("the reference firmware on the emulated board", () => {
  it("boots: BOOT and a heartbeat at once, every line valid, then INFO and ACK for HELLO", async () => {
    const t = boot();
    const hb = await t.waitFor(/ HB /, 100);
    expect(t.lines[0]?.text).toMatch(/^00 BOOT 0 power\*/);
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
    // An over-long line, 20 bytes at a time: sent back to back, 300 bytes outlast the
    // firmware's 64-byte ring (its main loop passes take up to ≈ 9 ms here, the ring 5.5 ms).
    const long = `${"X".repeat(300)}\n`;
    for (let i = 0; i < long.length; i += 20) {
      t.board.receive(long.slice(i, i + 20));
      await t.board.runFor(2.5);
    }
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

  it("a faulty sensor is '?' with ERR sensor-fault, and the other pits carry on", async () => {
    const t = boot({ counts: 3, faults: { A3: "stuck-high" } });
    await t.waitFor(/ ERR sensor-fault A3\*/, 1000);
    const snap = await t.waitFor(SETTLED, 1000);
    const c = counts(snap);
    expect(c[2]).toBe(null);
    expect(c.filter((x) => x === 3).length).toBe(31);
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
    // Back to back, ≈ 60 lines outrun the firmware's 64-byte ring (kete sends one at a time).
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
