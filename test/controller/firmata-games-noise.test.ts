/**
 * Issue 15 finding: ADC noise of a real Mega. The design's 300 µV at the ADC
 * is 0.06 LSB; a Mega on USB power, its AVcc the reference, commonly shows
 * ± 1–2 LSB. At 3 mV rms (0.6 LSB) every reading is still within ± 0.3 stone
 * of its count, and HostFirmware's settling (PROTOCOL.md §7: the raw signal
 * unmoved by a quarter stone for deb) must hold: a still board reads
 * settled, and whole games are followed as at the design's noise. With the
 * rest one noisy sample (before sensing.ts made it a running mean) a still
 * board read settled in ~5 % of its snapshots and games stalled; now ~75–90 %
 * (every pit of 32 within a quarter stone of its rest for deb), and the games
 * below are followed. At 0.8 LSB rms and more it still fails: see the report
 * of issue 15 (the quarter-stone and ± 0.3-stone tests on single readings).
 */
import { afterEach, describe, expect, it } from "vitest";
import { SerialPortMock } from "serialport";
import { openSimulatedStockBoard } from "../board/firmata-sim.js";
import { firmataReport, playFirmataGames } from "./firmata-games.js";

afterEach(() => SerialPortMock.binding.reset());

const NOISY_ADC = { noiseVolts: 0.003 };

describe("the stock-parts board with 0.6 LSB rms of ADC noise", () => {
  it("a still board reads settled", async () => {
    const counts = Array.from({ length: 32 }, (_, i) => i % 12);
    const sim = await openSimulatedStockBoard({
      counts,
      seed: 5,
      model: "stepped",
      frontEnd: NOISY_ADC,
    });
    await sim.clock.advance(1000);
    let all = 0;
    let settled = 0;
    sim.board.subscribe((e) => {
      if (e.type !== "snapshot") return;
      all++;
      if (e.snapshot.settled) settled++;
    });
    await sim.board.requestSnapshot();
    for (let t = 0; t < 10000; t += 250) {
      await sim.clock.advance(250);
      await sim.board.requestSnapshot();
    }
    await sim.close();
    expect(all).toBeGreaterThan(20);
    expect(settled / all).toBeGreaterThanOrEqual(0.5);
  });

  it("husbao and Bao la kiswahili games are followed, mistakes named: 2 games each", async () => {
    const report = firmataReport();
    const opts = { injectShare: 0.75, frontEnd: NOISY_ADC };
    await playFirmataGames({ game: "husbao", options: {} }, 2, 1700, report, opts);
    await playFirmataGames({ game: "bao-kiswahili", options: {} }, 2, 1701, report, opts);
    expect(report.games).toBe(4);
    expect(report.moves).toBe(report.plies);
  });
});
