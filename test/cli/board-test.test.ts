/**
 * `kete board-test` piece by piece (src/cli/board-test.ts and ./board-test/):
 * the text it prints, what each board event means, the live and appended
 * screens, the LED program, `--seconds`, and whole runs in-process on a
 * simulated board. test/board/cli.test.ts runs the command itself on a pty.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SimulatedBoard } from "../../src/board/index.js";
import type { BoardEvent, BoardLink, BoardSnapshot } from "../../src/board/index.js";
import { GEOMETRIES } from "../../src/protocol/index.js";
import type { GeometryId, InfoMessage } from "../../src/protocol/index.js";
import { ok, err } from "../../src/shared/index.js";
import { parseSeconds, runBoardTest, testBoard } from "../../src/cli/board-test.js";
import type { BoardTestRun } from "../../src/cli/board-test.js";
import { recordEvent } from "../../src/cli/board-test/events.js";
import { cycleLeds, ledProgram } from "../../src/cli/board-test/leds.js";
import {
  PLAIN,
  boardRows,
  describeInfo,
  emptyStats,
  faultyPits,
  painter,
  renderBoard,
  sideBreak,
  summary,
  uncalibratedLine,
} from "../../src/cli/board-test/render.js";
import { Screen, liveScreen } from "../../src/cli/board-test/screen.js";

const INFO: InfoMessage = {
  type: "info",
  seq: 1,
  proto: 1,
  firmware: "x-2",
  boardId: "B-1",
  geometry: "4x8",
  boot: 3,
  maxCount: 64,
  colours: ["red", "white"],
  patterns: ["steady", "blink"],
  buttons: 2,
  calibration: true,
  debounceMs: 10,
  snapshotIntervalMs: 500,
};

const MARKS = { unsettled: (t: string) => `<${t}>`, fault: (t: string) => `!${t}!` };

function counts48(faulty: number[] = []): BoardSnapshot {
  const counts = Array.from({ length: 32 }, (_, i) => (faulty.includes(i) ? null : i * 5));
  return { board: { geometry: "4x8", counts }, settled: true, unsettled: [], receivedAt: 0 };
}

describe("render", () => {
  it("describes the board from its INFO", () => {
    expect(describeInfo(INFO)).toBe(
      "board B-1  firmware x-2  protocol 1  geometry 4x8  boot #3\n" +
        "sensors up to 64 stones  LEDs RW/SB  buttons 2  calibration yes  debounce 10 ms  snapshots every 500 ms",
    );
    expect(describeInfo({ ...INFO, colours: [], calibration: false })).toMatch(
      /LEDs none\/SB {2}buttons 2 {2}calibration no/,
    );
  });

  it("lays a 4x8 board out far side first, a line between the sides, marks unsettled and faulty pits", () => {
    const snap = { ...counts48([9]), settled: false, unsettled: ["C4", "A8", "B2"] };
    expect(renderBoard(snap, MARKS)).toBe(
      [
        "       1    2    3    4    5    6    7    8",
        "  D   120   125   130   135   140   145   150   155",
        "  C   80   85   90   <95~>  100   105   110   115",
        "     ---------------------------------------",
        "  B   40   !  ?!  50   55   60   65   70   75",
        "  A    0    5   10   15   20   25   30   <35~>",
        "  unsettled: C4 A8 B2   (~ unsettled, ? sensor fault)",
      ].join("\n"),
    );
  });

  it("draws 2x5+2 as it lies: North's row above South's, each cup at its row's end, gems by tag after the count", () => {
    const places = GEOMETRIES["2x5+2"].cells.map((_, i) =>
      i === 4 ? null : { count: i, gems: i === 2 ? (["S1", "N3"] as const) : [] },
    );
    const snap: BoardSnapshot = {
      board: { geometry: "2x5+2", places: places.map((p) => (p === null ? null : { ...p })) },
      settled: true,
      unsettled: [],
      receivedAt: 0,
    } as BoardSnapshot;
    expect(renderBoard(snap)).toBe(
      [
        "      1         2         3         4         5         | cup",
        "  B   5         6         7         8         9         | NC 11",
        "  A   0         1         2 S1 N3   3         ?         | SC 10",
        "  South's cup SC: 0 point(s)   North's cup NC: 0 point(s)",
        "  settled   (plain stones, then gems by tag; ~ unsettled, ? sensor fault)",
      ].join("\n"),
    );
  });

  it("draws hex61 as a hexagon, row I on top, each row's columns at its end", () => {
    const holes = GEOMETRIES.hex61.cells.map((_, i) => (i === 0 ? null : ("empty" as const)));
    const text = renderBoard({
      board: { geometry: "hex61", holes },
      settled: false,
      unsettled: ["E5"],
      receivedAt: 0,
    });
    const lines = text.split("\n");
    expect(lines.slice(0, 9).map((l) => l.slice(2, 3))).toEqual([..."IHGFEDCBA"]);
    expect(lines[8]).toBe("  A           ?   .   .   .   .            1..5");
    expect(lines[4]).toBe("  E   .   .   .   .   .~  .   .   .   .    1..9");
    expect(lines[0]).toBe("  I           .   .   .   .   .            5..9");
    expect(lines[9]).toBe("  black 0  white 0 on the board");
    expect(text).not.toContain("---");
  });

  it("groups cells into rows by their letters and finds the halves of a board of equal rows", () => {
    const rows = (g: GeometryId) => boardRows(GEOMETRIES[g].cells);
    expect(rows("4x8").map((r) => r.name)).toEqual(["A", "B", "C", "D"]);
    expect(rows("2x5+2").map((r) => [r.name, r.cells.length])).toEqual([
      ["A", 5],
      ["B", 5],
      ["SC", 1],
      ["NC", 1],
    ]);
    expect(rows("hex61").map((r) => r.cells.length)).toEqual([5, 6, 7, 8, 9, 8, 7, 6, 5]);
    expect(sideBreak(rows("4x8"))).toBe(2);
    expect(sideBreak(rows("2x5+2"))).toBeNull();
    expect(sideBreak(rows("hex61"))).toBeNull();
    expect(sideBreak(boardRows(["A1", "A2", "B1", "B2"]))).toBe(1);
    expect(sideBreak(boardRows(["A1", "A2"]))).toBeNull();
  });

  it("lists faulty pits by name", () => {
    expect(faultyPits(counts48([0, 31]).board)).toEqual(["A1", "D8"]);
    expect(faultyPits(counts48().board)).toEqual([]);
  });

  it("colours only when asked", () => {
    expect(painter(false)).toBe(PLAIN);
    expect(painter(true).fault("?")).toBe("\x1b[31m?\x1b[0m");
    expect(painter(true).unsettled("4~")).toBe("\x1b[33m4~\x1b[0m");
  });

  it("sums a run up in four lines", () => {
    const stats = { ...emptyStats(), snapshots: 9, settled: 7, buttons: 2, lost: 1 };
    stats.faults.add("B2");
    stats.faults.add("C7");
    expect(
      summary(
        new Map([
          ["bad-checksum", 3],
          ["gap", 1],
        ]),
        stats,
      ),
    ).toBe(
      "snapshots 9 (7 settled)\nline errors: bad-checksum 3, gap 1\nsensor faults: B2 C7\nbutton events 2, link lost 1 time(s)",
    );
    expect(summary(new Map(), emptyStats())).toMatch(/line errors: none\nsensor faults: none/);
  });
});

describe("events", () => {
  it("counts snapshots and tells each faulty pit once", () => {
    const stats = emptyStats();
    const snap = (s: BoardSnapshot): BoardEvent => ({ type: "snapshot", snapshot: s });
    expect(recordEvent(stats, snap(counts48([1, 9])))).toEqual({
      notes: ["sensor fault: pit A2 reads '?'", "sensor fault: pit B2 reads '?'"],
      redraw: true,
    });
    expect(recordEvent(stats, snap({ ...counts48([9]), settled: false }))).toEqual({
      notes: [],
      redraw: true,
    });
    expect(stats).toMatchObject({ snapshots: 2, settled: 1, faults: new Set(["A2", "B2"]) });
  });

  it("tells line errors, board errors, buttons, link changes and hellos", () => {
    const stats = emptyStats();
    const notes = (event: BoardEvent) => recordEvent(stats, event).notes;
    expect(notes({ type: "line-error", code: "seq-gap", message: "2 lines lost" })).toEqual([
      "line error (seq-gap): 2 lines lost",
    ]);
    expect(
      notes({ type: "board-error", code: "sensor-fault", pit: "C3", message: "no reading" }),
    ).toEqual(["board reports sensor-fault C3: no reading"]);
    expect(
      notes({ type: "board-error", code: "rx-overflow", pit: null, message: "lines lost" }),
    ).toEqual(["board reports rx-overflow: lines lost"]);
    expect(notes({ type: "button", button: 2, action: "press" })).toEqual(["button 2 pressed"]);
    expect(notes({ type: "button", button: 2, action: "release" })).toEqual(["button 2 released"]);
    expect(notes({ type: "link", state: "lost", reason: "unplugged" })).toEqual([
      "link lost: unplugged",
    ]);
    expect(notes({ type: "link", state: "ready" })).toEqual(["link ready"]);
    expect(notes({ type: "link", state: "closed" })).toEqual([]);
    expect(notes({ type: "hello", info: INFO })).toEqual(["board B-1 (boot 3)"]);
    expect(stats).toMatchObject({ buttons: 2, lost: 1, faults: new Set(["C3"]), snapshots: 0 });
  });
});

describe("screen", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function screenOn(live: boolean) {
    const source = { info: null as InfoMessage | null, snapshot: null as BoardSnapshot | null };
    const written: string[] = [];
    const screen = new Screen(source, { live, out: (t) => written.push(t), paint: PLAIN });
    return { source, written, screen };
  }

  it("appended: notes at once, the board a moment later, once per burst and only when it changed", () => {
    const { source, written, screen } = screenOn(false);
    screen.note("hello");
    expect(written).toEqual(["hello\n"]);
    screen.redraw();
    vi.advanceTimersByTime(300);
    expect(written).toHaveLength(1); // nothing to draw before the INFO and a snapshot
    source.info = INFO;
    source.snapshot = counts48();
    screen.redraw();
    screen.redraw();
    vi.advanceTimersByTime(249);
    expect(written).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(written[1]).toBe(`${renderBoard(counts48())}\n`);
    screen.redraw();
    vi.advanceTimersByTime(250);
    expect(written).toHaveLength(2); // the same picture is not printed again
    source.snapshot = counts48([3]);
    screen.showLedStep("every LED red"); // not drawn when appending
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(2);
    screen.redraw();
    screen.flush();
    expect(written[2]).toBe(`${renderBoard(counts48([3]))}\n`);
    source.snapshot = counts48();
    screen.redraw();
    screen.cancel();
    vi.advanceTimersByTime(1000);
    expect(written).toHaveLength(3);
  });

  it("live: one screen redrawn in place with the LED step and the last ten notes", () => {
    const { source, written, screen } = screenOn(true);
    source.info = INFO;
    source.snapshot = counts48();
    for (let i = 1; i <= 60; i++) screen.note(`note ${i}`);
    screen.showLedStep("A1 only (white)");
    vi.advanceTimersByTime(50);
    expect(written).toHaveLength(1);
    const notes = Array.from({ length: 10 }, (_, i) => `note ${51 + i}`);
    expect(written[0]).toBe(
      `\x1b[H\x1b[2J${liveScreen(INFO, renderBoard(counts48()), "A1 only (white)", notes)}\n`,
    );
    screen.redraw();
    vi.advanceTimersByTime(50);
    expect(written).toHaveLength(2); // live screens are drawn even when unchanged
  });

  it("composes the live screen", () => {
    expect(liveScreen(INFO, "PICTURE", "", ["a", "b"]).split("\n")).toEqual([
      ...describeInfo(INFO).split("\n"),
      "",
      "PICTURE",
      "",
      "LEDs: -",
      "",
      "a",
      "b",
      "",
      "Ctrl-C to stop",
    ]);
  });
});

describe("LEDs", () => {
  it("every LED in each colour, then a chase in white over the board's own pits", () => {
    const steps = ledProgram(INFO);
    expect(steps).toHaveLength(2 + 32);
    expect(steps[0]).toMatchObject({ label: "every LED red" });
    expect(steps[0].entries).toHaveLength(32);
    expect(steps[0].entries.every((e) => e.led.pattern === "steady")).toBe(true);
    expect(steps[2].label).toBe("A1 only (white)");
    expect(steps[2].entries.filter((e) => e.led.pattern !== "off")).toEqual([
      { pit: "A1", led: { pattern: "steady", colour: "white" } },
    ]);
    expect(steps[3].entries).toEqual([
      { pit: "A1", led: { pattern: "off" } },
      { pit: "A2", led: { pattern: "steady", colour: "white" } },
    ]);
    expect(steps[33].label).toBe("D8 only (white)");
  });

  it("chases in the first colour without white, follows the geometry, and has nothing without colours", () => {
    const gems = ledProgram({ ...INFO, geometry: "2x5+2", colours: ["green", "blue"] });
    expect(gems.map((s) => s.label).slice(-2)).toEqual(["SC only (green)", "NC only (green)"]);
    expect(gems).toHaveLength(2 + 12);
    expect(ledProgram({ ...INFO, colours: [] })).toEqual([]);
  });

  it("sends one step each interval while the link is ready, tells refusals, stops", async () => {
    vi.useFakeTimers();
    try {
      const sent: string[] = [];
      const link = {
        state: "ready",
        setLeds: (entries: readonly { pit: string }[]) => {
          sent.push(entries[0]?.pit ?? "");
          return Promise.resolve(
            sent.length === 2 ? err("nak-bad-pit", "no such pit") : ok(undefined),
          );
        },
      } as unknown as BoardLink & { state: string };
      const steps = ledProgram(INFO).slice(1, 4);
      const shown: string[] = [];
      const refused: string[] = [];
      const stop = cycleLeds(
        link,
        steps,
        { onStep: (l) => shown.push(l), onRefused: (m) => refused.push(m) },
        100,
      );
      await vi.advanceTimersByTimeAsync(300);
      expect(shown).toEqual(["every LED white", "A1 only (white)", "A2 only (white)"]);
      expect(refused).toEqual(["no such pit"]);
      (link as { state: string }).state = "lost";
      await vi.advanceTimersByTimeAsync(100);
      expect(shown).toHaveLength(3); // skipped while the link is down
      (link as { state: string }).state = "ready";
      await vi.advanceTimersByTimeAsync(100);
      expect(shown[3]).toBe("A1 only (white)"); // the step after the skipped one
      stop();
      await vi.advanceTimersByTimeAsync(1000);
      expect(shown).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("--seconds", () => {
  it("is absent, or a plain decimal number above zero", () => {
    expect(parseSeconds(undefined)).toEqual(ok(null));
    expect(parseSeconds("2")).toEqual(ok(2));
    expect(parseSeconds("0.5")).toEqual(ok(0.5));
    for (const bad of ["soon", "0", "-1", "1e3", "", " 2", ".5"]) {
      const r = parseSeconds(bad);
      expect(r.ok ? r.value : r.error.message).toBe(`--seconds must be a number > 0, not '${bad}'`);
    }
  });
});

describe("uncalibrated pits", () => {
  const cells = GEOMETRIES["4x8"].cells;

  it("names them in the board's order, with the command that calibrates them", () => {
    expect(uncalibratedLine(["B3", "A1"], cells, "/dev/ttyACM0", "serial")).toBe(
      "uncalibrated: A1 B3 — run `kete calibrate --port /dev/ttyACM0 --pits A1,B3`",
    );
    expect(uncalibratedLine(["C2"], cells, "/dev/ttyACM1", "firmata")).toBe(
      "uncalibrated: C2 — run `kete calibrate --board firmata --port /dev/ttyACM1 --pits C2`",
    );
    // A new board: every pit, so no --pits.
    expect(uncalibratedLine(cells, cells, "/dev/ttyACM0", "firmata")).toBe(
      `uncalibrated: ${cells.join(" ")} — run \`kete calibrate --board firmata --port /dev/ttyACM0\``,
    );
    expect(uncalibratedLine([], cells, "/dev/ttyACM0", "serial")).toBeNull();
  });

  it("a board-error calibration-needed is not told pit by pit (the session keeps them)", () => {
    const stats = emptyStats();
    const report = recordEvent(stats, {
      type: "board-error",
      code: "calibration-needed",
      pit: "A1",
      message: "pit A1 needs calibration",
    });
    expect(report.notes).toEqual([]);
  });
});

describe("whole runs on a simulated board", () => {
  function run(overrides: Partial<BoardTestRun> = {}) {
    let out = "";
    let stderr = "";
    const options: BoardTestRun = {
      port: "simulated",
      seconds: null,
      once: false,
      leds: true,
      colour: false,
      live: false,
      out: (t) => (out += t),
      err: (t) => (stderr += t),
      ...overrides,
    };
    return { options, out: () => out, stderr: () => stderr };
  }

  it("--once: the INFO, faults as they are seen, one board; exit 0", async () => {
    const sim = new SimulatedBoard({ firmware: { faultyPits: ["A3"] } });
    const r = run({ once: true });
    expect(await testBoard(sim, r.options)).toBe(0);
    const lines = r.out().split("\n");
    expect(lines[0]).toMatch(/^board KETE-SIM {2}firmware \S+ {2}protocol 2 {2}geometry 4x8/);
    expect(lines[2]).toBe("sensor fault: pit A3 reads '?'");
    expect(lines[3]).toBe("       1    2    3    4    5    6    7    8");
    // Fresh from power-up the pits may not have settled yet (`~`, PROTOCOL.md §7).
    expect(r.out()).toMatch(/\n {2}A {4}4~? {3,4}4~? {4,5}\? {3}4~?( {3,4}4~?){4}\n/);
    expect(r.out()).toContain("\n     ---------------------------------------\n");
    expect(r.stderr()).toBe("");
  });

  it("--once on a board still settling: only the settled board is printed, not the unsettled one before it (issue 32)", async () => {
    // A long debounce: the first snapshots after boot read every pit unsettled (`~`).
    const sim = new SimulatedBoard({ firmware: { debounceMs: 1200 } });
    const r = run({ once: true });
    expect(await testBoard(sim, r.options)).toBe(0);
    const header = "       1    2    3    4    5    6    7    8";
    expect(
      r
        .out()
        .split("\n")
        .filter((l) => l === header),
    ).toHaveLength(1);
    expect(r.out()).not.toMatch(/\d~/);
    expect(r.out()).toContain("  settled ");
  });

  it("--seconds: LEDs cycled and cleared, a button told, the summary at the end", async () => {
    const sim = new SimulatedBoard({ geometry: "2x5+2" });
    const lit: Record<string, string>[] = [];
    setTimeout(() => sim.firmware.pressButton(1), 400);
    setTimeout(() => lit.push(sim.litLeds()), 1000); // the first step is sent at 0.6 s
    const r = run({ seconds: 1.4 });
    expect(await testBoard(sim, r.options)).toBe(0);
    const text = r.out();
    expect(text).toContain("geometry 2x5+2");
    expect(text).toContain("\nbutton 1 pressed\n");
    expect(text).not.toContain("---");
    expect(text).toMatch(
      /\nsnapshots \d+ \(\d+ settled\)\nline errors: none\nsensor faults: none\nbutton events 1, link lost 0 time\(s\)\n$/,
    );
    expect(Object.keys(lit[0] ?? {})).toHaveLength(12); // every LED on in the first colour
    expect(sim.litLeds()).toEqual({}); // and all off at the end
  });

  it("--once on a board with uncalibrated pits: one line names them and the command (§16 step 3)", async () => {
    const sim = new SimulatedBoard({ firmware: { uncalibrated: ["B3", "A1"] } });
    const r = run({ once: true, port: "/dev/ttyACM0" });
    expect(await testBoard(sim, r.options)).toBe(0);
    const lines = r.out().split("\n");
    expect(lines[2]).toBe(
      "uncalibrated: A1 B3 — run `kete calibrate --port /dev/ttyACM0 --pits A1,B3`",
    );
    expect(r.out().match(/uncalibrated/g)).toHaveLength(1);
  });

  it("--seconds on a board with uncalibrated pits: the line again after the summary", async () => {
    const sim = new SimulatedBoard({ firmware: { uncalibrated: ["D8"] } });
    const r = run({ seconds: 0.3, leds: false, port: "/dev/ttyUSB0" });
    expect(await testBoard(sim, r.options)).toBe(0);
    expect(r.out()).toMatch(
      /link lost 0 time\(s\)\nuncalibrated: D8 — run `kete calibrate --port \/dev\/ttyUSB0 --pits D8`\n$/,
    );
  });

  it("a port that is not there: one line, exit 1, nothing on stdout", async () => {
    const r = run({ port: "/dev/kete-no-such-port", once: true });
    expect(await runBoardTest(r.options)).toBe(1);
    expect(r.out()).toBe("");
    expect(r.stderr()).toBe(
      "kete board-test: cannot open /dev/kete-no-such-port: no such device\n",
    );
  });
});
