/**
 * A person's input to `kete play`: keys at the prompt, signals and a closed
 * output; and the live frame's redrawing, on a fake clock.
 */
import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { FakeScheduler, every } from "../../src/board/scheduler.js";
import {
  MAX_LINE,
  typeKeys,
  watchInterrupts,
  watchKeys,
  type RawInput,
} from "../../src/cli/play/input.js";
import { normaliseMove } from "../../src/games/glassperlenspiel/notation.js";
import { Redrawer } from "../../src/cli/play/screen.js";

describe("keys at the prompt", () => {
  it("letters upper-cased, Backspace, Enter submits the line", () => {
    expect(typeKeys("", "b3+")).toEqual({ line: "B3+", entered: [], interrupt: false });
    expect(typeKeys("B3+", "\u007f\u007f4-")).toEqual({
      line: "B4-",
      entered: [],
      interrupt: false,
    });
    expect(typeKeys("B4-", "\r")).toEqual({ line: "", entered: ["B4-"], interrupt: false });
    expect(typeKeys("", "a1+\nc2-\n")).toEqual({
      line: "",
      entered: ["A1+", "C2-"],
      interrupt: false,
    });
  });

  it("a blank line is no move; control characters are ignored; a line holds 64", () => {
    expect(typeKeys("  ", "\r").entered).toEqual([]);
    expect(typeKeys("", "\u001b[A\t").line).toBe("[A");
    expect(typeKeys("", "x".repeat(80)).line).toBe("X".repeat(MAX_LINE));
    expect(MAX_LINE).toBe(64);
  });

  it("the longest Glassperlenspiel move fits: ten stones, ten gems, five gems taken", () => {
    const longest = `a1:${"s".repeat(10)}s1s2s3s4s5n1n2n3n4n5/b1n1b2n2b3n3b4n4b5n5`;
    expect(longest.length).toBe(54);
    const typed = typeKeys("", `${longest}\r`);
    expect(typed.entered).toEqual([longest.toUpperCase()]);
    expect(normaliseMove(typed.entered[0]!)).toBe(
      `A1:${"s".repeat(10)}S1S2S3S4S5N1N2N3N4N5/B1N1B2N2B3N3B4N4B5N5`,
    );
  });

  it("Ctrl-C interrupts", () => {
    expect(typeKeys("B3", "\u0003")).toEqual({ line: "B3", entered: [], interrupt: true });
  });
});

describe("signals and a closed output", () => {
  it("SIGINT, SIGTERM and an output error each pause; stopping stops listening", () => {
    const signals = new EventEmitter();
    const output = new EventEmitter();
    const pause = vi.fn();
    const stop = watchInterrupts(signals as never, output, pause);
    signals.emit("SIGINT");
    signals.emit("SIGTERM");
    output.emit("error", new Error("EPIPE"));
    expect(pause).toHaveBeenCalledTimes(3);
    stop();
    expect(signals.listenerCount("SIGINT")).toBe(0);
    expect(signals.listenerCount("SIGTERM")).toBe(0);
    expect(output.listenerCount("error")).toBe(0);
  });

  it("a raw terminal's keys, and the terminal given back as it was", () => {
    const raw = Object.assign(new EventEmitter(), {
      setRawMode: vi.fn(),
      resume: vi.fn(),
      pause: vi.fn(),
    }) as RawInput & { setRawMode: ReturnType<typeof vi.fn>; pause: ReturnType<typeof vi.fn> };
    const chunks: string[] = [];
    const stop = watchKeys(raw, (c) => chunks.push(c));
    expect(raw.setRawMode).toHaveBeenLastCalledWith(true);
    raw.emit("data", Buffer.from("b3"));
    raw.emit("data", "+\r");
    expect(chunks).toEqual(["b3", "+\r"]);
    stop();
    expect(raw.setRawMode).toHaveBeenLastCalledWith(false);
    expect(raw.pause).toHaveBeenCalled();
    expect(raw.listenerCount("data")).toBe(0);
  });
});

describe("timers on the scheduler", () => {
  it("every: a repeating timer, until cancelled (even from inside)", async () => {
    const clock = new FakeScheduler();
    const ticks: number[] = [];
    const cancel = every(clock, 100, () => ticks.push(clock.now()));
    await clock.advance(350);
    expect(ticks).toEqual([100, 200, 300]);
    cancel();
    await clock.advance(500);
    expect(ticks).toHaveLength(3);
    expect(clock.pending).toBe(0);
    let n = 0;
    const stop: () => void = every(clock, 10, () => {
      if (++n === 2) stop();
    });
    await clock.advance(100);
    expect(n).toBe(2);
  });

  it("the live frame: drawn at once, then at most every 60 ms, twice a second anyway", async () => {
    const clock = new FakeScheduler(1000);
    const frames: string[] = [];
    let k = 0;
    const screen = { draw: (t: string) => frames.push(t), done: () => frames.push("done") };
    const redrawer = new Redrawer(clock, screen, () => `frame ${++k}`);
    redrawer.request();
    redrawer.request();
    redrawer.request();
    expect(frames).toEqual(["frame 1"]);
    await clock.advance(60);
    expect(frames).toEqual(["frame 1", "frame 2"]);
    await clock.advance(1000);
    expect(frames).toHaveLength(4); // the ticks at 500 and 1000
    redrawer.finish();
    expect(frames.slice(-2)).toEqual(["frame 5", "done"]);
    await clock.advance(2000);
    expect(frames).toHaveLength(6);
    expect(clock.pending).toBe(0);
  });
});
