/**
 * The step machine of `kete calibrate` (src/cli/calibrate/machine.ts) on its
 * own: events in, commands, LEDs and notes out, on simulated time.
 */
import { describe, expect, it } from "vitest";
import { GEOMETRIES, type NakReason } from "../../src/protocol/index.js";
import {
  ledsFor,
  plausibleRange,
  startCalibration,
  stepCalibration,
} from "../../src/cli/calibrate/machine.js";
import type {
  CalibrationEffect,
  CalibrationEvent,
  CalibrationPlan,
  CalibrationState,
} from "../../src/cli/calibrate/machine.js";
import { instruction } from "../../src/cli/calibrate/view.js";

const BOARD = GEOMETRIES["4x8"].cells;

function plan(over: Partial<CalibrationPlan> = {}): CalibrationPlan {
  return {
    pits: ["A1", "A2", "A3"],
    boardPits: BOARD,
    stones: 32,
    verifyStones: 32,
    statuses: new Map(BOARD.map((p) => [p, "need" as const])),
    wholeBoard: false,
    yes: false,
    ...over,
  };
}

/** A machine and the effects it has produced so far. */
function machine(p: CalibrationPlan) {
  const first = startCalibration(p);
  let state: CalibrationState = first.state;
  const effects: CalibrationEffect[] = [...first.effects];
  let now = 0;
  const m = {
    get state() {
      return state;
    },
    effects,
    feed(event: CalibrationEvent): CalibrationEffect[] {
      const step = stepCalibration(state, event);
      state = step.state;
      effects.push(...step.effects);
      return [...step.effects];
    },
    /** A settled reading (with `moving` pits unsettled), `ms` after the last. */
    read(counts: Record<string, number>, ms = 100, moving: string[] = []): CalibrationEffect[] {
      now += ms;
      const cells = BOARD.map((pit) => counts[pit] ?? 0);
      return m.feed({ type: "reading", counts: cells, unsettled: moving, at: now });
    },
    tick(ms: number): CalibrationEffect[] {
      now += ms;
      return m.feed({ type: "tick", at: now });
    },
    sent(): string[] {
      return effects.flatMap((e) =>
        e.type !== "send"
          ? []
          : e.command.type === "tare"
            ? [`TARE${e.command.pit === null ? "" : ` ${e.command.pit}`}`]
            : [`CAL ${e.command.pit} ${e.command.known}`],
      );
    },
    notes: (): string[] => effects.flatMap((e) => (e.type === "note" ? [e.text] : [])),
    ok: () => m.feed({ type: "answer", ok: true }),
    nak: (reason: NakReason) =>
      m.feed({ type: "answer", ok: false, code: `nak-${reason}`, message: `refused: ${reason}` }),
  };
  return m;
}

/** Through the clear phase and the tares of `pits`. */
function tared(p: CalibrationPlan) {
  const m = machine(p);
  m.read({});
  m.feed({ type: "confirm" });
  for (let i = 0; i < (p.wholeBoard ? 1 : p.pits.length); i++) m.ok();
  expect(m.state.phase).toBe("calibrate");
  return m;
}

const led = (s: CalibrationState, pit: string): string => {
  const l = ledsFor(s).get(pit);
  return l === undefined || l.pattern === "off" ? "--" : `${l.colour} ${l.pattern}`;
};

describe("calibration step machine: clearing and taring", () => {
  it("a calibrated pit holding stones is red until it reads 0; then TARE by itself", () => {
    const statuses = new Map(BOARD.map((p) => [p, "ok" as const]));
    const m = machine(plan({ statuses, wholeBoard: true, pits: BOARD }));
    m.read({ B4: 3 });
    expect(led(m.state, "B4")).toBe("red steady");
    expect(instruction(m.state).status).toBe("still holding stones (red): B4 3");
    expect(m.sent()).toEqual([]);
    m.read({ B4: 0 }, 100, ["B4"]);
    expect(m.sent()).toEqual([]);
    m.read({});
    expect(m.sent()).toEqual(["TARE"]);
    expect(m.state.phase).toBe("tare");
  });

  it("pits never calibrated are yellow and wait for confirm (unless --yes)", () => {
    const m = machine(plan());
    m.read({});
    expect(led(m.state, "A2")).toBe("yellow steady");
    expect(led(m.state, "B1")).toBe("--");
    m.tick(10_000);
    expect(m.sent()).toEqual([]);
    m.feed({ type: "button", button: 1, action: "press", at: 10_100 });
    expect(m.sent()).toEqual(["TARE A1"]);
    const y = machine(plan({ yes: true }));
    y.read({});
    expect(y.sent()).toEqual(["TARE A1"]);
  });

  it("confirm with stones still read is refused once, forced the second time", () => {
    const statuses = new Map(BOARD.map((p) => [p, "ok" as const]));
    const m = machine(plan({ statuses }));
    m.read({ A3: 1 });
    m.feed({ type: "confirm" });
    expect(m.sent()).toEqual([]);
    expect(m.notes().at(-1)).toBe(
      "A3 still read stones: empty them, or confirm again to tare anyway",
    );
    m.feed({ type: "confirm" });
    expect(m.sent()).toEqual(["TARE A1"]);
  });

  it("sends every LED once, then only the ones that change", () => {
    const m = tared(plan());
    const leds = m.effects.flatMap((e) => (e.type === "leds" ? [e.entries] : []));
    expect(leds[0]).toHaveLength(32);
    m.read({ A1: 30 });
    const last = m.effects.filter((e) => e.type === "leds").at(-1);
    expect(last).toEqual({
      type: "leds",
      entries: [{ pit: "A1", led: { pattern: "steady", colour: "cyan" } }],
    });
  });

  it("a refused TARE stops the run", () => {
    const m = machine(plan({ yes: true }));
    m.read({});
    const fx = m.nak("unsupported");
    expect(m.state.phase).toBe("stopped");
    expect(fx).toContainEqual({ type: "finished" });
  });
});

describe("calibration step machine: pit by pit", () => {
  it("waits for a plausible, settled reading with the others empty; CAL on confirm", () => {
    const m = tared(plan());
    expect(instruction(m.state)).toMatchObject({
      progress: "pit 1 of 3",
      task: "Put 32 stones into A1 (blinking cyan).",
    });
    expect(led(m.state, "A1")).toBe("cyan blink");
    m.read({ A1: 12 });
    expect(instruction(m.state).status).toBe(
      "A1 reads 12; 32 stones should read 22..45 before calibration",
    );
    m.read({ A1: 35 }, 100, ["A1"]);
    expect(instruction(m.state).status).toBe("A1 is not settled yet");
    m.read({ A1: 35, A3: 1 });
    expect(led(m.state, "A3")).toBe("red blink");
    m.read({ A1: 35 });
    expect(led(m.state, "A1")).toBe("cyan steady");
    m.tick(60_000);
    expect(m.sent()).toEqual(["TARE A1", "TARE A2", "TARE A3"]); // never by itself without --yes
    m.feed({ type: "confirm" });
    expect(m.sent().at(-1)).toBe("CAL A1 32");
    expect(instruction(m.state).status).toBe("calibrating A1: waiting for the board's answer");
    m.ok();
    expect(led(m.state, "A1")).toBe("red blink"); // the sample is still in it
    expect(instruction(m.state).task).toBe("Move the 32 stones from A1 into A2 (blinking cyan).");
    m.read({ A2: 30 });
    expect(led(m.state, "A1")).toBe("green steady");
  });

  it("with --yes, CAL once the reading has held for holdMs", () => {
    const m = tared(plan({ yes: true }));
    m.read({ A1: 31 });
    m.tick(900);
    expect(m.sent()).toHaveLength(3);
    m.read({ A1: 33 }, 50); // a change restarts the hold
    m.tick(900);
    expect(m.sent()).toHaveLength(3);
    m.tick(150);
    expect(m.sent().at(-1)).toBe("CAL A1 32");
  });

  it("an implausible reading: refused once, forced by a second confirm", () => {
    const m = tared(plan());
    m.read({ A1: 3 });
    m.feed({ type: "confirm" });
    expect(m.notes().at(-1)).toMatch(/^A1 reads 3; .*; confirm again to go on anyway$/);
    m.feed({ type: "confirm" });
    expect(m.sent().at(-1)).toBe("CAL A1 32");
  });

  it("NAK busy: sent again after retryMs, up to busyTries; then the pit is refused", () => {
    const m = tared(plan({ timing: { busyTries: 3 } }));
    m.read({ A1: 32 });
    m.feed({ type: "confirm" });
    m.nak("busy");
    expect(m.sent().filter((c) => c === "CAL A1 32")).toHaveLength(1);
    m.tick(600);
    expect(m.sent().filter((c) => c === "CAL A1 32")).toHaveLength(2);
    m.nak("busy");
    m.tick(600);
    m.nak("busy");
    expect(m.state.results.get("A1")).toMatchObject({ calibration: "refused", note: "busy" });
    expect(instruction(m.state).progress).toBe("pit 2 of 3");
  });

  it("NAK bad-args: waits for the maker to check and confirm", () => {
    const m = tared(plan({ yes: true }));
    m.read({ A1: 32 });
    m.tick(1100);
    m.nak("bad-args");
    expect(m.notes().at(-1)).toMatch(/refused CAL A1 32: .*implausible or moving/);
    m.tick(5000);
    expect(m.sent().filter((c) => c === "CAL A1 32")).toHaveLength(1);
    m.feed({ type: "confirm" });
    expect(m.sent().filter((c) => c === "CAL A1 32")).toHaveLength(2);
  });

  it("a command lost with the link is sent again once the link is back", () => {
    const m = tared(plan());
    m.read({ A1: 32 });
    m.feed({ type: "confirm" });
    m.feed({ type: "link", ready: false });
    m.feed({ type: "answer", ok: false, code: "link-lost", message: "gone" });
    m.tick(5000);
    expect(m.sent().filter((c) => c === "CAL A1 32")).toHaveLength(1);
    expect(instruction(m.state).status).toBe("sending again shortly");
    m.feed({ type: "link", ready: true });
    expect(m.sent().filter((c) => c === "CAL A1 32")).toHaveLength(2);
    m.ok();
    expect(m.state.results.get("A1")?.calibration).toBe("calibrated");
  });

  it("button 2 goes back; held for a second it skips; keys do the same", () => {
    const m = tared(plan());
    m.read({ A1: 32 });
    m.feed({ type: "confirm" });
    m.ok();
    m.feed({ type: "button", button: 2, action: "press", at: 10_000 });
    m.feed({ type: "button", button: 2, action: "release", at: 10_200 });
    expect(instruction(m.state).progress).toBe("pit 1 of 3");
    expect(m.state.results.get("A1")?.calibration).toBe("pending");
    m.feed({ type: "button", button: 2, action: "press", at: 11_000 });
    m.feed({ type: "button", button: 2, action: "release", at: 12_500 });
    expect(m.state.results.get("A1")?.calibration).toBe("skipped");
    m.feed({ type: "skip" });
    m.feed({ type: "back" });
    expect(instruction(m.state).progress).toBe("pit 2 of 3");
    m.feed({ type: "stop" });
    expect(m.state.phase).toBe("stopped");
    expect(m.feed({ type: "confirm" })).toEqual([]);
  });
});

describe("calibration step machine: verification", () => {
  function calibrated(over: Partial<CalibrationPlan> = {}) {
    const m = tared(plan({ pits: ["A1", "A2"], ...over }));
    for (const [pit, before] of [
      ["A1", null],
      ["A2", "A1"],
    ] as const) {
      m.read({ ...(before === null ? {} : { [before]: 0 }), [pit]: 32 });
      m.feed({ type: "confirm" });
      m.ok();
    }
    expect(m.state.phase).toBe("verify");
    return m;
  }

  it("an exact settled count passes after holdMs; a wrong one fails on confirm", () => {
    const m = calibrated();
    expect(instruction(m.state)).toMatchObject({
      progress: "check 1 of 2",
      task: "Move the 32 stones from A2 into A1 (blinking blue): it must read exactly 32.",
    });
    m.read({ A1: 32 });
    expect(led(m.state, "A1")).toBe("blue steady");
    m.tick(1000);
    expect(m.state.results.get("A1")?.verify).toEqual({ expected: 32, read: 32, pass: true });
    m.read({ A2: 33 });
    m.tick(60_000);
    expect(m.state.results.get("A2")?.verify).toBeNull(); // waits for the maker
    m.feed({ type: "confirm" });
    expect(m.state.results.get("A2")?.verify).toEqual({ expected: 32, read: 33, pass: false });
    expect(m.state.phase).toBe("finished");
    expect(led(m.state, "A1")).toBe("green steady");
    expect(led(m.state, "A2")).toBe("red steady");
    expect(m.effects).toContainEqual({ type: "finished" });
  });

  it("with --yes a wrong count fails after judgeMs", () => {
    const m = calibrated({ yes: true });
    m.read({ A1: 31 });
    m.tick(4000);
    expect(m.state.results.get("A1")?.verify).toBeNull();
    m.tick(1100);
    expect(m.state.results.get("A1")?.verify).toMatchObject({ read: 31, pass: false });
  });

  it("the range an uncalibrated cell may read", () => {
    expect(plausibleRange(32)).toEqual([22, 45]);
    expect(plausibleRange(1)).toEqual([1, 2]);
  });
});

describe("calibration step machine: an uncalibrated pit judged by its raw reading", () => {
  const PER = 45;
  function rawPlan() {
    const m = machine(plan({ yes: true, rawPerStone: PER }));
    m.read({});
    m.ok(); // TARE A1
    m.ok();
    m.ok();
    return m;
  }
  const raws = (at: number, values: Record<string, number>): CalibrationEvent => ({
    type: "raws",
    raws: new Map(BOARD.map((p) => [p, values[p] ?? 30_000])),
    at,
  });

  it("polls CALGET after the tare and while the pit fills; CAL once the weight is plausible and still", () => {
    const m = rawPlan();
    const polls = () => m.effects.filter((e) => e.type === "poll").length;
    expect(polls()).toBe(1);
    m.feed(raws(100, {})); // the empty readings
    m.read({ A1: 7 }, 100, ["A1"]); // the count is stale and unsettled: no matter
    m.tick(400);
    expect(polls()).toBe(2);
    m.feed(raws(600, { A1: 30_000 + 20 * PER }));
    expect(instruction(m.state).status).toBe("weighing A1…");
    m.tick(400);
    m.feed(raws(1000, { A1: 30_000 + 31.4 * PER }));
    expect(instruction(m.state).status).toBe("A1 is not still yet");
    m.tick(400);
    m.feed(raws(1400, { A1: 30_000 + 31.5 * PER }));
    expect(instruction(m.state).status).toBe("A1 weighs about 32 stones: hold still…");
    m.tick(400);
    m.feed(raws(1800, { A1: 30_000 + 31.5 * PER }));
    m.tick(700);
    expect(m.sent().at(-1)).toBe("CAL A1 32");
    expect(m.effects.filter((e) => e.type === "poll").length).toBeGreaterThan(3);
  });

  it("a weight far from the sample is not taken", () => {
    const m = rawPlan();
    m.feed(raws(100, {}));
    for (let t = 500; t < 5000; t += 400) {
      m.tick(400);
      m.feed(raws(t, { A1: 30_000 + 12 * PER }));
    }
    expect(instruction(m.state).status).toMatch(
      /^A1 weighs about 12 stones; 32 should weigh 22..45/,
    );
    expect(m.sent().some((c) => c.startsWith("CAL"))).toBe(false);
  });
});
