/**
 * The simulated firmware's load cells (src/board/firmware.ts): what `kete
 * calibrate` is tested against. An uncalibrated pit counts with nominal
 * values (wrongly), `TARE` records its zero, `CAL <pit> <n>` its gain, and
 * from then on it counts exactly, across reboots; implausible or moving
 * readings are refused as PROTOCOL.md §10 and hardware/README.md §2.4 say.
 */
import { describe, expect, it } from "vitest";
import { NOMINAL_CELL, SimulatedFirmware } from "../../src/board/firmware.js";
import type { FirmwareOptions } from "../../src/board/firmware.js";
import { PhysicalBoard } from "../../src/board/physical-board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { formatHostMessage, parseBoardLine } from "../../src/protocol/index.js";
import type { CommandBody } from "../../src/board/session.js";
import type { BoardMessage, HostMessage } from "../../src/protocol/index.js";

function rig(options: FirmwareOptions = {}, counts = 0) {
  const clock = new FakeScheduler();
  const physical = new PhysicalBoard({ counts });
  const firmware = new SimulatedFirmware(physical, { scheduler: clock, seed: 5, ...options });
  const out: BoardMessage[] = [];
  firmware.connect((bytes) => {
    for (const line of bytes.split("\n").filter((l) => l.length > 0)) {
      const m = parseBoardLine(line);
      if (m.ok) out.push(m.value);
    }
  });
  let id = 1;
  /** Sends a command and returns its answer: `ack` or the NAK reason. */
  const send = (m: CommandBody): string => {
    const line = formatHostMessage({ ...m, id: id++ } as HostMessage);
    if (!line.ok) throw new Error(line.error.message);
    out.length = 0;
    firmware.receive(`${line.value}\n`);
    const answer = out.find((a) => a.type === "ack" || a.type === "nak");
    return answer?.type === "nak" ? answer.reason : (answer?.type ?? "none");
  };
  const reads = (pit: string): number | null => {
    firmware.snapshotNow();
    const snap = out.filter((m) => m.type === "snapshot").at(-1);
    const i = physical.pits.indexOf(pit);
    return snap?.type === "snapshot" && snap.board.geometry === "4x8"
      ? (snap.board.counts[i] ?? null)
      : null;
  };
  firmware.powerOn();
  return { clock, physical, firmware, out, send, reads };
}

describe("the simulated firmware's load cells", () => {
  it("a calibrated pit counts exactly; each pit's cell differs (seeded)", () => {
    const { firmware, physical, reads } = rig({}, 0);
    physical.setCounts(Array.from({ length: 32 }, (_, i) => i * 2));
    for (const [i, pit] of physical.pits.entries()) expect(reads(pit)).toBe(i * 2);
    const gains = physical.pits.map((p) => firmware.calibration(p)?.cell.gain ?? 0);
    expect(new Set(gains).size).toBe(32);
    for (const g of gains) expect(Math.abs(g / NOMINAL_CELL.gain - 1)).toBeLessThanOrEqual(0.15);
  });

  it("an uncalibrated pit counts wrongly until TARE and CAL, then exactly, across reboots", async () => {
    const pits = new PhysicalBoard().pits;
    const { clock, firmware, physical, send, reads } = rig({ uncalibrated: pits }, 0);
    physical.setCount("B3", 32);
    const before = physical.pits.map((p) => reads(p));
    expect(
      before.filter((c, i) => c !== (physical.pits[i] === "B3" ? 32 : 0)).length,
    ).toBeGreaterThan(8);
    physical.setCount("B3", 0);
    await clock.advance(300);
    expect(send({ type: "tare", pit: null })).toBe("ack");
    for (const pit of pits) expect(reads(pit)).toBe(0);
    physical.setCount("B3", 32);
    expect(send({ type: "calibrate", pit: "B3", known: 32 })).toBe("bad-args"); // still moving
    await clock.advance(300);
    expect(send({ type: "calibrate", pit: "B3", known: 32 })).toBe("ack");
    for (const n of [1, 5, 17, 32, 64]) {
      physical.setCount("B3", n);
      expect(reads("B3")).toBe(n);
    }
    firmware.reboot("power");
    expect(reads("B3")).toBe(64);
    expect(firmware.calibration("B3")?.stored).not.toBeNull();
    expect(firmware.calibration("B4")?.stored).toBeNull();
  });

  it("refuses a gain no stone gives, and a pit whose sensor is faulty; CAL 0 tares one pit", async () => {
    const { clock, physical, send, reads } = rig({ uncalibrated: ["A1"], faultyPits: ["A2"] }, 0);
    physical.setCount("A1", 4);
    await clock.advance(300);
    expect(send({ type: "calibrate", pit: "A1", known: 40 })).toBe("bad-args");
    expect(send({ type: "calibrate", pit: "A2", known: 4 })).toBe("bad-args");
    expect(send({ type: "calibrate", pit: "A1", known: 0 })).toBe("ack");
    expect(reads("A1")).toBe(0);
  });

  it("CALR: ok, need or fault per pit, and the raw reading rising with the stones", () => {
    const { physical, out, send } = rig({ uncalibrated: ["A3"], faultyPits: ["D1"] }, 0);
    const calr = () =>
      out.flatMap((m) => (m.type === "calibration" ? [[m.pit, m.status, m.raw] as const] : []));
    expect(send({ type: "calibration-request" })).toBe("ack");
    const empty = calr();
    expect(empty).toHaveLength(32);
    expect(empty.find(([p]) => p === "A3")?.[1]).toBe("need");
    expect(empty.find(([p]) => p === "D1")?.[1]).toBe("fault");
    expect(empty.find(([p]) => p === "A1")?.[1]).toBe("ok");
    physical.setCount("A1", 10);
    send({ type: "calibration-request" });
    const raw = (rows: typeof empty) => rows.find(([p]) => p === "A1")?.[2] ?? 0;
    expect(raw(calr()) - raw(empty)).toBeGreaterThan(10 * 44 * 0.8);
  });

  it("an uncalibrated pit between whole stones holds its count and stays unsettled", async () => {
    const pits = new PhysicalBoard().pits;
    const { clock, firmware, physical, send, out } = rig({ uncalibrated: pits }, 0);
    await clock.advance(300);
    expect(send({ type: "tare", pit: null })).toBe("ack");
    await clock.advance(100);
    const x = (pit: string): number => {
      const cell = firmware.calibration(pit)?.cell ?? NOMINAL_CELL;
      return (cell.gain * 32) / NOMINAL_CELL.gain;
    };
    const between = pits.find((p) => Math.abs(x(p) - Math.round(x(p))) > 0.3) ?? "";
    const whole = pits.find((p) => Math.abs(x(p) - Math.round(x(p))) < 0.25) ?? "";
    physical.setCount(between, 32);
    physical.setCount(whole, 32);
    await clock.advance(1000);
    const snap = out.filter((m) => m.type === "snapshot").at(-1);
    if (snap?.type !== "snapshot" || snap.board.geometry !== "4x8") throw new Error("no snapshot");
    expect(snap.unsettled).toEqual([between]);
    expect(snap.board.counts[pits.indexOf(between)]).toBe(0); // held since it was empty
    expect(snap.board.counts[pits.indexOf(whole)]).toBe(Math.round(x(whole)));
    expect(send({ type: "calibrate", pit: between, known: 32 })).toBe("ack"); // still: CAL takes it
    await clock.advance(300);
    const after = out.filter((m) => m.type === "snapshot").at(-1);
    expect(after?.type === "snapshot" && after.unsettled).toEqual([]);
  });
});
