/**
 * PROTOCOL.md revision 1.1: each point a board built from 1.0 had to guess,
 * as kete's simulated board answers it (the reference the firmware of
 * hardware/ is held to). Section numbers are PROTOCOL.md's.
 */
import { describe, expect, it } from "vitest";
import { SimulatedFirmware } from "../../src/board/firmware.js";
import type { FirmwareOptions } from "../../src/board/firmware.js";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { formatHostMessage, parseBoardLine, withChecksum } from "../../src/protocol/index.js";
import type { BoardMessage, HostMessage, SnapshotMessage } from "../../src/protocol/index.js";

function rig(options: FirmwareOptions = {}) {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard();
  const firmware = new SimulatedFirmware(physical, { scheduler: clock, ...options });
  const out: { at: number; m: BoardMessage }[] = [];
  firmware.connect((bytes) => {
    for (const line of bytes.split("\n").filter((l) => l.length > 0)) {
      const m = parseBoardLine(line);
      if (m.ok) out.push({ at: clock.now(), m: m.value });
    }
  });
  const send = (m: HostMessage): void => {
    const line = formatHostMessage(m);
    if (!line.ok) throw new Error(line.error.message);
    firmware.receive(`${line.value}\n`);
  };
  const raw = (body: string): void => firmware.receive(`${withChecksum(body)}\n`);
  const snaps = () =>
    out.filter((o): o is { at: number; m: SnapshotMessage } => o.m.type === "snapshot");
  const last = () => out.at(-1)?.m;
  return { clock, physical, firmware, out, send, raw, snaps, last };
}

describe("PROTOCOL.md 1.1, on kete's simulated board", () => {
  it("§6.1/§6.4: BOOT, then at once HB with uptime 0", () => {
    const { firmware, out } = rig({ bootCount: 4 });
    firmware.powerOn();
    expect(out.slice(0, 2).map((o) => o.m)).toEqual([
      { type: "boot", seq: 0, boot: 5, reason: "power" },
      { type: "heartbeat", seq: 1, boot: 5, uptime: 0 },
    ]);
  });

  it("§7: no pit settled in the first snapshot; settled deb ms after BOOT", async () => {
    const { clock, firmware, snaps } = rig();
    firmware.powerOn();
    await clock.advance(100);
    const first = snaps()[0];
    expect(first?.at).toBeLessThanOrEqual(100);
    expect(first?.m).toMatchObject({ reason: "change", settled: false });
    await clock.advance(200);
    const settled = snaps().find((s) => s.m.settled);
    expect(settled?.m.reason).toBe("change");
    expect(settled?.at).toBeGreaterThanOrEqual(200);
  });

  it("§7: deb=0 reports every pit settled, even while the hand is over it", async () => {
    const { clock, firmware, physical, send, snaps } = rig({ noise: { jitter: 1 }, seed: 3 });
    firmware.powerOn();
    send({ type: "config", id: 1, debounceMs: 0, snapshotIntervalMs: null });
    physical.hand.hover("B3");
    physical.hand.lift("A1");
    await clock.advance(300);
    expect(
      snaps()
        .slice(-3)
        .every((s) => s.m.settled),
    ).toBe(true);
  });

  it("§7: the 50 ms limit counts from the last change snapshot; a requested one does not restart it", async () => {
    const { clock, firmware, physical, send, snaps } = rig();
    firmware.powerOn();
    await clock.advance(400);
    physical.hand.lift("A1");
    await clock.advance(50);
    const change = snaps()
      .filter((s) => s.m.reason === "change")
      .at(-1);
    expect(change).toBeDefined();
    send({ type: "snapshot-request", id: 2 });
    physical.hand.drop("A2");
    await clock.advance(200);
    const next = snaps().find((s) => s.m.reason === "change" && s.at > (change?.at ?? 0));
    expect(next).toBeDefined();
    expect((next?.at ?? 0) - (change?.at ?? 0)).toBeGreaterThanOrEqual(50);
    expect((next?.at ?? 0) - (change?.at ?? 0)).toBeLessThanOrEqual(100);
  });

  it("§11.1: an id without a keyword, a pit twice in one LED: bad-args; a pit of no geometry or of another: bad-pit", () => {
    const { firmware, raw, last } = rig();
    firmware.powerOn();
    raw("05");
    expect(last()).toMatchObject({ type: "nak", id: 5, reason: "bad-args" });
    raw("06 LED A1:RS A1:GS");
    expect(last()).toMatchObject({ type: "nak", id: 6, reason: "bad-args" });
    raw("07 LED Z9:RS");
    expect(last()).toMatchObject({ type: "nak", id: 7, reason: "bad-pit" });
    raw("08 LED E9:RS");
    expect(last()).toMatchObject({ type: "nak", id: 8, reason: "bad-pit" });
    expect(firmware.litLeds()).toEqual({});
  });

  it("§11.1: ERR rx-overflow once per overlong line, when its LF arrives", () => {
    const { firmware, out } = rig();
    firmware.powerOn();
    const before = out.length;
    firmware.receive("x".repeat(400));
    expect(out.length).toBe(before);
    firmware.receive("y".repeat(100));
    firmware.receive("\n");
    const errs = out.slice(before).filter((o) => o.m.type === "error");
    expect(errs.map((o) => o.m)).toEqual([
      expect.objectContaining({ type: "error", code: "rx-overflow" }),
    ]);
  });

  it("§6.5: a refused line keeps the host alive; a damaged one does not", async () => {
    const { clock, firmware, raw, out } = rig();
    firmware.powerOn();
    const timeouts = () =>
      out.filter((o) => o.m.type === "error" && o.m.code === "host-timeout").length;
    await clock.advance(4000);
    raw("05 NOSUCH"); // NAK unknown-command: a valid host line
    await clock.advance(4000);
    expect(timeouts()).toBe(0);
    firmware.receive("06 PING*00\n"); // wrong checksum: ERR rx-checksum, not a valid line
    await clock.advance(1500);
    expect(timeouts()).toBe(1);
  });
});
