/**
 * Issue 15, "same behaviour as the serial board", first half: the relay
 * games through the controller on the simulated stock-parts board
 * (firmata-games.ts: FirmataBoard, firmata-io and HostFirmware over a fake
 * StandardFirmata Mega with the pits' analogue front end, one fake clock):
 * zero false mistakes, every move identified, every injected mistake named
 * with its rule at its first wrong settled reading. Fewer games than the
 * serial suites (each move here is a hand at 0.6 × a person's pace, read
 * through scans): 13 games, ~200 plies, ~12 s CPU for the file. (Second half, Bao: firmata-games-b.)
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { SerialPortMock } from "serialport";
import { expectFirmataReport, firmataReport, playFirmataGames } from "./firmata-games.js";
import type { PhysicalConfig } from "./physical-games.js";

afterEach(() => SerialPortMock.binding.reset());

const HALF_A: readonly PhysicalConfig[] = [
  { game: "husbao", options: {} },
  { game: "husbao", options: { direction: "cw" } },
  { game: "husbao-bis", options: {} },
  { game: "husbao-front", options: {} },
  { game: "hus", options: {} },
  { game: "hus", options: { capture: "optional" } },
];

const report = firmataReport();

describe("relay games on the simulated stock-parts board (issue 15)", () => {
  HALF_A.forEach((c, i) => {
    it(`${c.game} ${JSON.stringify(c.options)}: 2 games`, async () => {
      const plies = report.plies;
      await playFirmataGames(c, 2, 1500 + i, report, { injectShare: 0.75 });
      expect(report.plies).toBeGreaterThan(plies);
    });
  });

  it("husbao on the emulator's full analogue front end (cup ringing, filter in 0.25 ms steps): 1 game", async () => {
    const plies = report.plies;
    await playFirmataGames({ game: "husbao", options: {} }, 1, 1590, report, {
      injectShare: 0,
      model: "emulated",
    });
    expect(report.plies - plies).toBeGreaterThanOrEqual(20);
  });

  afterAll(() => expectFirmataReport(report));
});
