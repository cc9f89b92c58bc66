/**
 * The watchdog runs always (issue 27, item 3): a hung main loop (injected on
 * the emulated chip: `rjmp .-2` at the PC) resets the board within about half
 * a second, BOOT says `watchdog`, and kete's session and controller carry the
 * game on with nothing lost, in under 3 s of emulated time.
 */
import { describe, expect, it } from "vitest";
import { loadFirmware } from "../../src/emulator/index.js";
import { hangDuringGame } from "../../src/bench/watchdog-game.js";
import { referenceFirmware } from "./avr.js";
import { SETTLED, bootFirmware, counts } from "./firmware-helpers.js";

const hex = await referenceFirmware("test/emulator/firmware-watchdog.test.ts");

describe.skipIf(hex === null)("the reference firmware's watchdog on the emulated board", () => {
  it("a hung main loop resets the board: BOOT … watchdog about 0.5 s later, and it counts again", async () => {
    const t = bootFirmware(hex, { counts: 3, seed: 41 });
    await t.waitFor(SETTLED, 1000);
    // running normally for 3 s: the loop kicks the watchdog, no reset
    await t.board.runFor(3000);
    expect(t.board.mcu.resets).toEqual([]);
    const from = t.lines.length;
    const hungAt = t.board.now;
    const pc = t.board.mcu.injectHang();
    expect(pc).toBeGreaterThan(0);
    // nothing comes out while it spins
    await t.board.runFor(400);
    expect(t.lines.length).toBe(from);
    const boot = await t.waitFor(/ BOOT /, 1000, from);
    expect(boot.text).toMatch(/^00 BOOT 1 watchdog\*/);
    expect(t.board.mcu.resets).toEqual(["watchdog"]);
    // 0.5 s timeout, its interrupt marks the reason, then a 16 ms reset
    expect(boot.at - hungAt).toBeGreaterThan(490);
    expect(boot.at - hungAt).toBeLessThan(600);
    const snap = await t.waitFor(SETTLED, 1500, from);
    expect(counts(snap)).toEqual(Array.from({ length: 32 }, () => 3));
    // and the watchdog is on again after the reset
    await t.board.runFor(1000);
    t.board.mcu.injectHang();
    await t.waitFor(/ BOOT 2 watchdog\*/, 1000, from + 1);
  });

  it("a hang as a move's last stone lands: kete's session re-handshakes, the move is taken from the rebooted board, nothing lost, within 3 s", async () => {
    const image = loadFirmware(hex!);
    if (!image.ok) throw new Error(image.error.message);
    const r = await hangDuringGame(image.value, {
      seed: 5,
      maxPlies: 3,
      hangPly: 1,
      // a quick hand, as the other whole-game tests sow: the bench plays a person's pace
      perStoneMs: [60, 100],
    });
    expect(r.resets).toEqual(["watchdog"]);
    expect(r.bootLine).toMatch(/^00 BOOT 1 watchdog\*/);
    expect(r.states).toContain("ready");
    expect(r.bad).toEqual([]);
    expect(r.moves).toEqual(r.played);
    expect(r.plies).toBeGreaterThan(2);
    expect(r.positionKept).toBe(true);
    expect(r.ledsBack).toBe(true);
    expect(r.toBoot).toBeLessThan(600);
    expect(r.toReady).toBeLessThan(3000);
    expect(r.toBoard).toBeLessThan(3000);
    // the move's settled reading came from the rebooted board: later than the others, within 3 s
    expect(r.moveAfterHang).toBeGreaterThan(r.toBoot);
    expect(r.moveAfterHang).toBeGreaterThan(r.moveOtherwise);
    expect(r.moveAfterHang).toBeLessThan(3000);
    expect(r.ledMismatch).toEqual([]);
  });
});
