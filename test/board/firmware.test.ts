/** The simulated firmware on its own: the board's side of PROTOCOL.md, line by line. */
import { describe, expect, it } from "vitest";
import { SimulatedFirmware } from "../../src/board/firmware.js";
import type { FirmwareOptions } from "../../src/board/firmware.js";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { formatHostMessage, parseBoardLine } from "../../src/protocol/index.js";
import type { BoardMessage, HostMessage, SnapshotMessage } from "../../src/protocol/index.js";

function rig(options: FirmwareOptions = {}) {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard();
  const firmware = new SimulatedFirmware(physical, { scheduler: clock, ...options });
  const raw: string[] = [];
  const out: BoardMessage[] = [];
  firmware.connect((bytes) => {
    for (const line of bytes.split("\n").filter((l) => l.length > 0)) {
      raw.push(line);
      const m = parseBoardLine(line);
      if (m.ok) out.push(m.value);
    }
  });
  const send = (m: HostMessage): void => {
    const line = formatHostMessage(m);
    if (!line.ok) throw new Error(line.error.message);
    firmware.receive(`${line.value}\n`);
  };
  const snaps = (): SnapshotMessage[] =>
    out.filter((m): m is SnapshotMessage => m.type === "snapshot");
  return { clock, physical, firmware, out, raw, send, snaps };
}

describe("SimulatedFirmware", () => {
  it("boots with BOOT 00 and a heartbeat at once, then heartbeats every second (§6.4)", async () => {
    const { clock, firmware, out } = rig({ bootCount: 16 });
    firmware.powerOn();
    expect(out[0]).toEqual({ type: "boot", seq: 0, boot: 17, reason: "power" });
    expect(out[1]).toEqual({ type: "heartbeat", seq: 1, boot: 17, uptime: 0 });
    await clock.advance(3000);
    const hbs = out.filter((m) => m.type === "heartbeat");
    expect(hbs.map((m) => (m.type === "heartbeat" ? m.uptime : -1))).toEqual([0, 1, 2, 3]);
    expect(out.map((m) => m.seq)).toEqual(out.map((_, i) => i));
  });

  it("answers HELLO with INFO then ACK, and every command with exactly one ACK or NAK", () => {
    const { firmware, out, send } = rig();
    firmware.powerOn();
    out.length = 0;
    send({ type: "hello", id: 1, proto: 1 });
    expect(out.map((m) => m.type)).toEqual(["info", "ack"]);
    out.length = 0;
    send({ type: "led", id: 2, leds: [{ pit: "A1", led: { pattern: "pulse", colour: "cyan" } }] });
    send({
      type: "led",
      id: 3,
      leds: [
        { pit: "A2", led: { pattern: "steady", colour: "red" } },
        { pit: "SC", led: { pattern: "steady", colour: "red" } },
      ],
    });
    send({ type: "calibrate", id: 4, pit: "A1", known: 4 });
    send({ type: "calibrate", id: 5, pit: "A1", known: 9 });
    send({ type: "tare", id: 6, pit: "E9" });
    expect(
      out.map((m) =>
        m.type === "nak" ? `nak ${m.id} ${m.reason}` : `${m.type} ${m.type === "ack" ? m.id : ""}`,
      ),
    ).toEqual(["ack 2", "nak 3 bad-pit", "ack 4", "nak 5 bad-args", "nak 6 bad-pit"]);
    expect(firmware.litLeds()).toEqual({ A1: "CP" }); // the NAKed command changed nothing
  });

  it("reports damaged, unreadable and over-long host lines", () => {
    const { firmware, out } = rig();
    firmware.powerOn();
    out.length = 0;
    firmware.receive("03 PING*00\n");
    firmware.receive("3 PING*C4\n".replace("C4", "XX"));
    firmware.receive(`${"A".repeat(400)}\n`);
    firmware.receive("07 FROB*");
    firmware.receive("\n");
    const codes = out.map((m) =>
      m.type === "error" ? m.code : m.type === "nak" ? `nak ${m.reason}` : m.type,
    );
    expect(codes.slice(0, 3)).toEqual(["rx-checksum", "rx-checksum", "rx-overflow"]);
    expect(codes).toHaveLength(4); // "07 FROB*" without checksum digits: rx-checksum
  });

  it("after BOOT every pit settles deb ms on, not at once (§7)", async () => {
    const { clock, firmware, snaps } = rig();
    firmware.powerOn();
    await clock.advance(60);
    const first = snaps()[0];
    expect(first?.reason).toBe("change");
    expect(first?.settled).toBe(false);
    expect(first?.unsettled).toHaveLength(32);
    await clock.advance(200);
    expect(snaps().at(-1)).toMatchObject({ reason: "change", settled: true, unsettled: [] });
  });

  it("debounces: a change is sent unsettled at once, settled after deb ms", async () => {
    const { clock, firmware, physical, snaps } = rig();
    firmware.powerOn();
    await clock.advance(300);
    physical.hand.lift("A1");
    await clock.advance(60);
    const first = snaps().at(-1);
    expect(first?.settled).toBe(false);
    expect(first?.unsettled).toEqual(["A1"]);
    expect(first?.board.geometry === "4x8" && first.board.counts[0]).toBe(0);
    await clock.advance(200);
    const last = snaps().at(-1);
    expect(last?.settled).toBe(true);
    expect(last?.reason).toBe("change");
    const n = snaps().length;
    await clock.advance(2100);
    expect(
      snaps()
        .slice(n)
        .map((s) => s.reason),
    ).toEqual(["periodic"]);
  });

  it("with deb=0 every pit is always settled", async () => {
    const { clock, firmware, physical, send, snaps } = rig();
    firmware.powerOn();
    send({ type: "config", id: 1, debounceMs: 0, snapshotIntervalMs: 0 });
    physical.hand.lift("B1");
    await clock.advance(60);
    expect(snaps().at(-1)?.settled).toBe(true);
    await clock.advance(5000);
    expect(snaps().filter((s) => s.reason === "periodic")).toHaveLength(0);
  });

  it("jitters by one stone while the hand hovers, and settles once it is gone (seeded)", async () => {
    const { clock, firmware, physical, snaps } = rig({
      noise: { jitter: 0.5, settleMs: 300 },
      seed: 3,
    });
    firmware.powerOn();
    physical.hand.hover("C5");
    await clock.advance(1000);
    const readings = snaps().map((s) => (s.board.geometry === "4x8" ? s.board.counts[20] : null));
    expect(new Set(readings)).toEqual(new Set([3, 4, 5]));
    expect(snaps().some((s) => !s.settled && s.unsettled.includes("C5"))).toBe(true);
    physical.hand.hover(null);
    await clock.advance(800);
    const last = snaps().at(-1);
    expect(last?.settled).toBe(true);
    expect(last?.board.geometry === "4x8" && last.board.counts[20]).toBe(4);
  });

  it("turns its LEDs off when the host is silent for 5 s", async () => {
    const { clock, firmware, out, send } = rig();
    firmware.powerOn();
    send({ type: "led-all", id: 1, led: { pattern: "steady", colour: "white" } });
    await clock.advance(4900);
    expect(Object.keys(firmware.litLeds())).toHaveLength(32);
    await clock.advance(200);
    expect(firmware.litLeds()).toEqual({});
    expect(out.filter((m) => m.type === "error" && m.code === "host-timeout")).toHaveLength(1);
  });

  it("reports calibration, sensor faults and reboots on RESET", () => {
    const { firmware, out, send } = rig({ uncalibrated: ["A2"], faultyPits: ["D1"] });
    firmware.powerOn();
    expect(
      out
        .filter((m) => m.type === "error")
        .map((m) => (m.type === "error" ? `${m.code} ${m.pit}` : "")),
    ).toEqual(["calibration-needed A2", "sensor-fault D1"]);
    out.length = 0;
    send({ type: "calibration-request", id: 9 });
    const calr = out.filter((m) => m.type === "calibration");
    expect(calr).toHaveLength(32);
    expect(calr[1]?.type === "calibration" && calr[1].status).toBe("need");
    expect(calr[24]?.type === "calibration" && calr[24].status).toBe("fault");
    out.length = 0;
    send({ type: "reset", id: 10 });
    expect(out[0]).toMatchObject({ type: "ack", id: 10 });
    expect(out[1]).toEqual({ type: "boot", seq: 0, boot: 2, reason: "command" });
  });

  it("loses and damages lines when told to, keeping the sequence numbers", () => {
    // BOOT 00, HB 01 at power-up; the dropped ACK 02, the damaged ACK 03, then ACK 04.
    const { firmware, out, raw, send } = rig();
    firmware.powerOn();
    firmware.dropNextLines(1);
    send({ type: "ping", id: 1 });
    firmware.corruptNextLine();
    send({ type: "ping", id: 2 });
    send({ type: "ping", id: 3 });
    expect(out.at(-1)).toMatchObject({ type: "ack", id: 3, seq: 4 });
    expect(parseBoardLine(raw.at(-2) ?? "").ok).toBe(false);
  });
});
