/**
 * `--baud RATE` (PROTOCOL.md §2, revision 1.5): a kete board built for
 * another line speed than 115200 (the reference firmware with
 * `-DKETE_BAUD=250000UL`) is opened at that speed by kete play, board-test and
 * calibrate; a board that does not answer is asked about its speed.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SerialPortMock } from "serialport";
import { baudFlag, KETE_BAUD_RATES } from "../../src/cli/play/board.js";
import { mockBoard } from "../board/helpers.js";
import { runKete } from "./process.js";
import { ensureBuilt } from "./run.js";

afterEach(() => SerialPortMock.binding.reset());

describe("--baud", () => {
  it("absent: 115200, the speed every kete board answers at", () => {
    expect(baudFlag(undefined, "serial")).toEqual({ ok: true, value: undefined });
  });

  it("a kete board's speeds are taken, 250000 among them", () => {
    expect(KETE_BAUD_RATES).toContain(250000);
    for (const rate of KETE_BAUD_RATES) {
      expect(baudFlag(String(rate), "serial")).toEqual({ ok: true, value: rate });
    }
  });

  it.each(["9600", "250000.5", "fast", "", "-115200", "1e6"])(
    "'%s' is refused, naming the speeds a board may run at",
    (text) => {
      const r = baudFlag(text, "serial");
      expect(r.ok).toBe(false);
      if (!r.ok)
        expect(r.error.message).toMatch(/--baud must be .* one of 57600, 115200, .*250000/);
    },
  );

  it("the stock-parts board runs StandardFirmata at 57600 only", () => {
    expect(baudFlag("57600", "firmata")).toEqual({ ok: true, value: undefined });
    const r = baudFlag("250000", "firmata");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/StandardFirmata at 57600 baud only/);
  });

  it("the port is opened at the speed given", async () => {
    const { clock, board, ports } = mockBoard({ session: { baudRate: 250000 } });
    await clock.advance(50);
    expect(board.state).toBe("ready");
    expect(ports()[0]?.openOptions.baudRate).toBe(250000);
    await board.close();
  });

  it("a silent board is asked about its speed: at 115200, whether it wants --baud 250000", async () => {
    for (const [baudRate, hint] of [
      [
        undefined,
        /at 115200 baud, powered and running\? \(a board built for 250000 baud .* wants --baud 250000\)/,
      ],
      [
        250000,
        /at 250000 baud, powered and running\? \(kete boards run at 115200 .* drop --baud\)/,
      ],
    ] as const) {
      const { clock, board, firmware, events } = mockBoard(
        baudRate === undefined ? {} : { session: { baudRate } },
      );
      firmware.silent = true;
      await clock.advance(5000);
      const lost = events.find((e) => e.type === "link" && e.state === "lost");
      expect(lost?.type === "link" && lost.reason).toMatch(hint);
      await board.close();
    }
  });

  it.each([
    ["play", "--port", "/dev/null"],
    ["board-test", "--port", "/dev/null"],
    ["calibrate", "--port", "/dev/null"],
  ])("kete %s refuses a bad --baud in one line, exit 2", async (...args) => {
    ensureBuilt();
    const r = await runKete([...args, "--baud", "9600"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--baud must be the board's line speed, one of/);
  });
});
