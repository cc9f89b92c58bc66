/**
 * `kete calibrate`'s command line, keys and screen: flags to options (every
 * bad one a usage error in one line), keys and stdin lines to actions, the
 * live screen and the appended log, the report's name and a report that
 * cannot be written.
 */
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { calibrateOptions, keyAction, lineAction } from "../../src/cli/calibrate.js";
import { startCalibration } from "../../src/cli/calibrate/machine.js";
import { reportName, writeReport } from "../../src/cli/calibrate/report.js";
import type { CalibrationReport } from "../../src/cli/calibrate/report.js";
import { CalibrationScreen } from "../../src/cli/calibrate/screen.js";
import { GEOMETRIES } from "../../src/protocol/index.js";

describe("kete calibrate flags", () => {
  it("defaults: every pit, 32 stones, verified with 32, the games folder", () => {
    expect(calibrateOptions({ port: "/dev/ttyACM0" }, "/g")).toEqual({
      ok: true,
      value: {
        pits: null,
        stones: 32,
        verifyStones: 32,
        yes: false,
        reportPath: null,
        gamesDir: "/g",
      },
    });
  });

  it("--pits, --stones, --verify, --no-verify, --yes, --report, --games-dir", () => {
    const r = calibrateOptions(
      {
        port: "p",
        pits: "a1, B3",
        stones: "20",
        verify: "7",
        yes: true,
        report: "r.json",
        gamesDir: "/x",
      },
      "/g",
    );
    expect(r.ok && r.value).toEqual({
      pits: ["A1", "B3"],
      stones: 20,
      verifyStones: 7,
      yes: true,
      reportPath: "r.json",
      gamesDir: "/x",
    });
    const off = calibrateOptions({ port: "p", verify: false }, "/g");
    expect(off.ok && off.value.verifyStones).toBeNull();
  });

  it.each([
    [{ port: "" }, "--port needs the board's serial device"],
    [{ port: "p", stones: "0" }, "--stones must be a whole number of stones 1..255, not '0'"],
    [{ port: "p", stones: "2.5" }, "--stones must be a whole number of stones 1..255, not '2.5'"],
    [{ port: "p", verify: "300" }, "--verify must be a whole number of stones 1..255, not '300'"],
    [{ port: "p", pits: "" }, "--pits takes pit names separated by commas (A1,B3), not ''"],
    [
      { port: "p", pits: "A1;B2" },
      "--pits takes pit names separated by commas (A1,B3), not 'A1;B2'",
    ],
    [{ port: "p", pits: "B2,b2" }, "--pits names B2 twice"],
    [{ port: "p", report: " " }, "--report needs a file name"],
  ])("%j: %s", (flags, message) => {
    const r = calibrateOptions(flags, "/g");
    expect(r).toEqual({ ok: false, error: { code: "usage", message } });
  });
});

describe("kete calibrate keys and lines", () => {
  it("keys on a terminal", () => {
    expect(["\r", "\n", " ", "y", "c"].map(keyAction)).toEqual(Array(5).fill("confirm"));
    expect(["b", "\u007f"].map(keyAction)).toEqual(["back", "back"]);
    expect(keyAction("s")).toBe("skip");
    expect(["q", "\u0003"].map(keyAction)).toEqual(["stop", "stop"]);
    expect(keyAction("x")).toBeNull();
  });

  it("lines off a terminal", () => {
    expect(["", "confirm", " YES "].map(lineAction)).toEqual(["confirm", "confirm", "confirm"]);
    expect(["back", "skip", "stop", "quit"].map(lineAction)).toEqual([
      "back",
      "skip",
      "stop",
      "stop",
    ]);
    expect(lineAction("frobnicate")).toBeNull();
  });
});

describe("kete calibrate screen and report file", () => {
  const plan = {
    pits: ["A1"],
    boardPits: GEOMETRIES["4x8"].cells,
    stones: 32,
    verifyStones: 32,
    statuses: new Map(),
    wholeBoard: false,
    yes: false,
  };

  it("a log prints each task once and every note; a terminal is redrawn whole", () => {
    const log: string[] = [];
    const screen = new CalibrationScreen({
      live: false,
      colour: false,
      out: (t) => log.push(t),
      title: "t",
    });
    const state = startCalibration(plan).state;
    screen.show(state, null);
    screen.show(state, null);
    screen.note("hello");
    expect(log).toEqual(["[empty the board] Take every stone out of pits A1.\n", "hello\n"]);
    const tty: string[] = [];
    const live = new CalibrationScreen({
      live: true,
      colour: false,
      out: (t) => tty.push(t),
      title: "kete calibrate: B-1",
    });
    live.note("a note");
    live.show(state, null);
    live.show(state, null);
    expect(tty).toHaveLength(1);
    expect(tty[0]?.startsWith("\u001b[H\u001b[2J")).toBe(true);
    expect(tty[0]?.slice(7)).toMatch(
      /^kete calibrate: B-1\n\n\[empty the board\] .*\n.*a note\n\nconfirm: button 1 or Enter/s,
    );
  });

  it("the report's name is the board id made safe and the UTC time", () => {
    expect(reportName("KETE 0001/x", new Date("2026-11-24T15:30:05.123Z"))).toBe(
      "KETE_0001_x-20261124-153005.json",
    );
  });

  it("a report that cannot be written is one line, and leaves nothing behind", () => {
    const dir = mkdtempSync(join(tmpdir(), "kete-report-"));
    writeFileSync(join(dir, "file"), "");
    const report = { kind: "kete-calibration" } as unknown as CalibrationReport;
    const r = writeReport(join(dir, "file", "r.json"), report);
    expect(r.ok || r.error.message).toMatch(
      /^cannot write the calibration report .*: a part of the path is a file, not a folder$/,
    );
    const folder = writeReport(dir, report);
    expect(folder.ok || folder.error.message).toMatch(/: it is a folder$/);
    expect(readdirSync(dir)).toEqual(["file"]);
  });
});
