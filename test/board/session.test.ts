/**
 * The host session (`SerialBoard`) over serialport's mock binding with a
 * simulated firmware on the other end and a fake clock: every protocol
 * timeout runs in microseconds.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SerialPortMock } from "serialport";
import type { HostMessage } from "../../src/protocol/index.js";
import { lineErrors, linkStates, mockBoard, snapshots } from "./helpers.js";

afterEach(() => SerialPortMock.binding.reset());

const green = { pattern: "blink", colour: "green" } as const;

function types(commands: readonly HostMessage[]): string[] {
  return commands.map((c) => c.type);
}

describe("SerialBoard session (mock binding, fake clock)", () => {
  it("shakes hands, restores its settings and asks for a snapshot", async () => {
    const { clock, board, firmware, events } = mockBoard({ session: { debounceMs: 50 } });
    expect(board.state).toBe("connecting");
    await clock.advance(10);
    expect(board.state).toBe("ready");
    expect(board.info?.boardId).toBe("KETE-SIM");
    expect(linkStates(events)).toEqual(["handshaking", "ready"]);
    expect(events.some((e) => e.type === "hello")).toBe(true);
    expect(types(firmware.commands)).toEqual(["hello", "config", "snapshot-request"]);
    expect(firmware.settings.debounceMs).toBe(50);
    // Right after power-up no pit has settled yet (PROTOCOL.md §7): the requested
    // snapshot is unsettled, and the board settles `deb` ms after its boot.
    expect(snapshots(events)).toHaveLength(1);
    expect(snapshots(events)[0]?.settled).toBe(false);
    await clock.advance(100);
    expect(snapshots(events).at(-1)?.settled).toBe(true);
    await board.close();
    expect(board.state).toBe("closed");
  });

  it("sets LEDs and resolves on the ACK; a NAK is an error and a line-error event", async () => {
    const { clock, board, firmware, events } = mockBoard();
    await clock.advance(10);
    const done = board.setLeds([{ pit: "A1", led: green }]);
    await clock.advance(1);
    expect(await done).toEqual({ ok: true, value: undefined });
    expect(firmware.litLeds()).toEqual({ A1: "GB" });
    const refused = board.setLeds([{ pit: "E9", led: green }]);
    await clock.advance(1);
    const r = await refused;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("nak-bad-pit");
    expect(lineErrors(events)).toEqual(["nak-bad-pit"]);
    expect(firmware.litLeds()).toEqual({ A1: "GB" });
    const cleared = board.clearLeds();
    await clock.advance(1);
    expect((await cleared).ok).toBe(true);
    expect(firmware.litLeds()).toEqual({});
    await board.close();
  });

  it("retransmits an unanswered command with the same id, then gets its ACK", async () => {
    const { clock, board, firmware } = mockBoard();
    await clock.advance(10);
    firmware.silent = true;
    const done = board.setLeds([{ pit: "B2", led: green }]);
    await clock.advance(100);
    firmware.silent = false;
    await clock.advance(450);
    expect((await done).ok).toBe(true);
    const leds = firmware.commands.filter((c) => c.type === "led");
    expect(leds).toHaveLength(2);
    expect(leds[0]?.id).toBe(leds[1]?.id);
    expect(board.lineErrors.get("retransmit")).toBe(1);
    await board.close();
  });

  it("retransmits at once when the board reports a damaged command line", async () => {
    const { clock, board, firmware, ports } = mockBoard();
    await clock.advance(10);
    // Damage the next host line on the way to the board.
    const port = ports()[0];
    if (port === undefined) throw new Error("no port");
    const original = port.write.bind(port);
    let damage = true;
    port.write = async (buffer: Buffer) => {
      if (damage) {
        damage = false;
        firmware.receive(Buffer.from(buffer.toString("latin1").replace("LED", "LEX"), "latin1"));
        return;
      }
      await original(buffer);
    };
    const done = board.setLeds([{ pit: "C3", led: green }]);
    await clock.advance(5); // far less than the 500 ms answer timeout
    expect((await done).ok).toBe(true);
    expect(firmware.litLeds()).toEqual({ C3: "GB" });
    await board.close();
  });

  it("pings after a second without commands", async () => {
    const { clock, board, firmware } = mockBoard();
    await clock.advance(10);
    const before = types(firmware.commands).filter((t) => t === "ping").length;
    await clock.advance(3500);
    expect(
      types(firmware.commands).filter((t) => t === "ping").length - before,
    ).toBeGreaterThanOrEqual(3);
    expect(board.state).toBe("ready");
    await board.close();
  });

  it("a board that still talks but whose answers are lost is not lost: kete keeps asking (issue 18)", async () => {
    const { clock, board, firmware, events } = mockBoard();
    await clock.advance(10);
    firmware.silent = true; // it hears, never answers; heartbeats and snapshots go on
    let answered: boolean | null = null;
    void board.requestSnapshot().then((r) => (answered = r.ok));
    await clock.advance(20_000);
    expect(answered).toBeNull(); // still asking
    expect(board.state).toBe("ready");
    const noise = events.filter((e) => e.type === "line-error" && e.code === "line-noise");
    expect(noise.length).toBeGreaterThan(0);
    expect(noise[0]?.type === "line-error" && noise[0].message).toMatch(
      /line noise: the board is talking but its answer to SNAP was lost \d+ times; asking again/,
    );
    firmware.silent = false;
    await clock.advance(4_000);
    expect(answered).toBe(true);
    expect(linkStates(events)).toEqual(["handshaking", "ready"]);
    const lit = await board.setLeds([{ pit: "A2", led: green }]);
    expect(lit.ok).toBe(true);
    await clock.advance(10);
    expect(firmware.litLeds()).toEqual({ A2: "GB" });
    await board.close();
  });

  it("silence for 3 s is a lost link; the board coming back is resynced", async () => {
    const { clock, board, firmware, events } = mockBoard();
    await clock.advance(10);
    firmware.powerOff();
    await clock.advance(2900);
    expect(board.state).toBe("ready");
    await clock.advance(200);
    expect(board.state).toBe("lost");
    const lost = events.find((e) => e.type === "link" && e.state === "lost");
    expect(lost?.type === "link" && lost.reason).toMatch(/no line from the board for 3 s/);
    firmware.powerOn();
    await clock.advance(1100);
    expect(board.state).toBe("ready");
    expect(board.info?.boot).toBe(2);
    expect(snapshots(events).length).toBeGreaterThanOrEqual(2);
    await board.close();
  });

  it("a sequence gap asks for a snapshot once", async () => {
    const { clock, board, firmware, events } = mockBoard();
    await clock.advance(10);
    const before = types(firmware.commands).filter((t) => t === "snapshot-request").length;
    firmware.dropNextLines(2);
    await clock.advance(2100); // heartbeats: two lost, the next shows the gap
    expect(lineErrors(events)).toContain("seq-gap");
    expect(types(firmware.commands).filter((t) => t === "snapshot-request").length).toBe(
      before + 1,
    );
    await board.close();
  });

  it("a reboot (BOOT line) is handled: handshake again, LEDs and settings restored", async () => {
    const { clock, board, firmware, events } = mockBoard({ session: { debounceMs: 20 } });
    await clock.advance(10);
    await board
      .setLeds([{ pit: "D8", led: { pattern: "steady", colour: "red" } }])
      .then(() => undefined);
    await clock.advance(10);
    firmware.reboot("brownout");
    expect(firmware.litLeds()).toEqual({});
    await clock.advance(20);
    expect(linkStates(events)).toEqual(["handshaking", "ready", "handshaking", "ready"]);
    expect(firmware.litLeds()).toEqual({ D8: "RS" });
    expect(firmware.settings.debounceMs).toBe(20);
    await board.close();
  });

  it("a reboot whose BOOT line was lost is seen from the heartbeat's boot counter", async () => {
    const { clock, board, firmware, events } = mockBoard();
    await clock.advance(10);
    firmware.dropNextLines(1);
    firmware.reboot("watchdog");
    await clock.advance(1100);
    expect(lineErrors(events)).toContain("reboot");
    expect(board.info?.boot).toBe(2);
    expect(board.state).toBe("ready");
    await board.close();
  });

  it("bad lines are counted and reported once per code per burst, never thrown", async () => {
    const { clock, board, firmware, events } = mockBoard();
    await clock.advance(10);
    for (let i = 0; i < 20; i++) firmware.sendRaw("05 HB 1 2*00\n");
    firmware.sendRaw("\u00ff\u00fe garbage\n");
    await clock.advance(1);
    expect(board.lineErrors.get("bad-checksum")).toBe(20);
    expect(lineErrors(events).filter((c) => c === "bad-checksum")).toHaveLength(1);
    expect(lineErrors(events).filter((c) => c === "non-ascii")).toHaveLength(1);
    await clock.advance(2500); // a new burst is reported again
    firmware.sendRaw("05 HB 1 2*00\n");
    await clock.advance(1);
    expect(lineErrors(events).filter((c) => c === "bad-checksum")).toHaveLength(2);
    expect(board.state).toBe("ready");
    await board.close();
  });

  it("survives an endless line without growing memory", async () => {
    const { clock, board, firmware, events } = mockBoard();
    await clock.advance(10);
    const chunk = "X".repeat(64 * 1024);
    for (let i = 0; i < 32; i++) firmware.sendRaw(chunk); // 2 MiB without a newline
    await clock.advance(1);
    firmware.sendRaw("\n");
    await clock.advance(1100);
    expect(board.lineErrors.get("too-long")).toBe(1);
    expect(lineErrors(events).filter((c) => c === "too-long")).toHaveLength(1);
    expect(board.state).toBe("ready");
    await board.close();
  });

  it("a device that never answers is reported once, then retried with back-off", async () => {
    const { clock, board, firmware, events } = mockBoard();
    firmware.silent = true;
    firmware.sendRaw("garbage from some other device\n");
    await clock.advance(20_000);
    const lost = events.filter((e) => e.type === "link" && e.state === "lost");
    expect(lost).toHaveLength(1);
    expect(lost[0]?.type === "link" && lost[0].reason).toMatch(/no answer to HELLO .* in 3 s/);
    const hellos = firmware.commands.filter((c) => c.type === "hello").length;
    expect(hellos).toBeGreaterThan(6);
    expect(hellos).toBeLessThan(25);
    firmware.silent = false;
    await clock.advance(6000);
    expect(board.state).toBe("ready");
    await board.close();
  });

  it("a port that does not exist is reported once and retried", async () => {
    const { clock, events } = mockBoard();
    const { SerialBoard } = await import("../../src/board/serial-board.js");
    const missing = new SerialBoard("/dev/kete-nothing-here", {
      binding: SerialPortMock.binding,
      scheduler: clock,
    });
    const seen: string[] = [];
    missing.subscribe((e) => {
      if (e.type === "link") seen.push(`${e.state}:${e.reason ?? ""}`);
    });
    await clock.advance(10_000);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^lost:cannot open \/dev\/kete-nothing-here/);
    expect(events.length).toBeGreaterThan(0);
    await missing.close();
  });

  it("keeps at most 32 commands waiting", async () => {
    const { clock, board, firmware } = mockBoard();
    await clock.advance(10);
    firmware.silent = true;
    const waiting = Array.from({ length: 34 }, (_, i) =>
      board.setLeds([{ pit: `A${(i % 8) + 1}`, led: green }]),
    );
    const last = await waiting[33];
    expect(last?.ok).toBe(false);
    if (last !== undefined && !last.ok) expect(last.error.code).toBe("busy");
    await board.close();
    const results = await Promise.all(waiting);
    expect(results.every((r) => !r.ok)).toBe(true);
  });

  it("passes buttons and board errors on", async () => {
    const { clock, board, firmware, events } = mockBoard({ firmware: { faultyPits: ["B4"] } });
    await clock.advance(10);
    firmware.pressButton(1);
    firmware.releaseButton(1);
    await clock.advance(1);
    expect(events.filter((e) => e.type === "button")).toEqual([
      { type: "button", button: 1, action: "press" },
      { type: "button", button: 1, action: "release" },
    ]);
    // A faulty pit does not hold up the board once the others have settled.
    await clock.advance(300);
    const snap = board.snapshot;
    expect(snap?.board.geometry === "4x8" && snap.board.counts[11]).toBe(null);
    expect(snap?.settled).toBe(true);
    await board.close();
  });
});
