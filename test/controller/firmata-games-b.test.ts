/**
 * Issue 15, "same behaviour as the serial board", second half: the German
 * Bao, Bao la kiswahili (both set-ups) and Bao la kujifunza through the
 * controller on the simulated stock-parts board (firmata-games.ts): zero
 * false mistakes, every move identified (a stop in the nyumba accepted by
 * the quiet moment), every injected mistake named with its rule at its
 * first wrong settled reading. 15 games, ~290 plies, ~11 s CPU for the file. (First half: -a.)
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { SerialPortMock } from "serialport";
import { expectFirmataReport, firmataReport, playFirmataGames } from "./firmata-games.js";
import type { PhysicalConfig } from "./physical-games.js";

afterEach(() => SerialPortMock.binding.reset());

const HALF_B: readonly PhysicalConfig[] = [
  { game: "bao-de", options: {} },
  { game: "bao-de", options: { direction: "cw", maxStages: 5 } },
  { game: "bao-kiswahili", options: {} },
  { game: "bao-kiswahili", options: { setup: "malawi" } },
  { game: "bao-kujifunza", options: {} },
];

const report = firmataReport();

describe("Bao games on the simulated stock-parts board (issue 15)", () => {
  HALF_B.forEach((c, i) => {
    it(`${c.game} ${JSON.stringify(c.options)}: 3 games`, async () => {
      const plies = report.plies;
      await playFirmataGames(c, 3, 1600 + i, report, { injectShare: 0.75, maxPlies: 30 });
      expect(report.plies).toBeGreaterThan(plies);
    });
  });

  afterAll(() => expectFirmataReport(report));
});
