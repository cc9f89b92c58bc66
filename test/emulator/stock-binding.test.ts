/**
 * The emulated stock board behind a serialport binding (in memory): a
 * SerialPortStream opened on it resets the Mega and reads StandardFirmata's
 * announcement, writes reach the firmware, and pulling the cable is a
 * disconnect; plugged in again the board powers up.
 */
import { SerialPortStream } from "@serialport/stream";
import { describe, expect, it } from "vitest";
import { StockBinding } from "../../src/emulator/index.js";
import { F, stockBoard, sysex } from "./stock-firmata.js";

function open(binding: StockBinding): Promise<{ port: SerialPortStream; got: () => Buffer }> {
  const port = new SerialPortStream({
    binding,
    path: binding.path,
    baudRate: 57600,
    autoOpen: false,
  });
  let got = Buffer.alloc(0);
  port.on("data", (d: Buffer) => (got = Buffer.concat([got, d])));
  return new Promise((resolve, reject) =>
    port.open((e) => (e ? reject(e) : resolve({ port, got: () => got }))),
  );
}

describe("StockBinding", () => {
  it("opens with a reset, reads the announcement, answers a query, and survives unplug and replug", async () => {
    const { board } = stockBoard({ seed: 4 });
    const binding = new StockBinding(board);
    await board.runFor(3000); // booted and quiet before anyone opens the port
    const { port, got } = await open(binding);
    expect(board.mcu.resets).toEqual(["external"]);
    const version = Buffer.from([F.REPORT_VERSION, 2, 3]);
    expect(await board.runUntil(() => got().includes(version), 2500)).toBe(true);
    port.write(Buffer.from(sysex(F.REPORT_FIRMWARE)));
    const name = Buffer.from("S\0t\0a\0n\0d\0a\0r\0d\0", "latin1");
    const twice = (): boolean => got().indexOf(name) !== got().lastIndexOf(name);
    expect(await board.runUntil(twice, 500)).toBe(true);
    // A second open of the same path is refused while it is open.
    await expect(open(binding)).rejects.toThrow(/locked/);

    const closed = new Promise<Error | null>((r) =>
      port.once("close", (e: Error | null) => r(e ?? null)),
    );
    binding.unplug();
    const why = await closed;
    expect(why?.message ?? "").toMatch(/disconnect/);
    expect(await binding.list()).toEqual([]);
    await expect(open(binding)).rejects.toThrow(/no such port/);

    binding.replug();
    expect(board.mcu.resets).toEqual(["external", "power"]);
    const again = await open(binding);
    expect(await board.runUntil(() => again.got().includes(version), 2500)).toBe(true);
    await new Promise<void>((r) => again.port.close(() => r()));
    expect(binding.opens).toBe(2);
  });
});
