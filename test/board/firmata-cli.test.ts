import { describe, expect, it } from "vitest";
import { boardKindOf, openGameBoard } from "../../src/cli/play/board.js";
import { FakeScheduler } from "../../src/board/scheduler.js";
import { runKete } from "../cli/process.js";
import { ensureBuilt } from "../cli/run.js";

describe("--board serial|firmata", () => {
  it("defaults to serial and says what each kind is when it is wrong", () => {
    expect(boardKindOf(undefined, "/dev/ttyACM0")).toEqual({ ok: true, value: "serial" });
    expect(boardKindOf("firmata", "/dev/ttyACM0")).toEqual({ ok: true, value: "firmata" });
    const bad = boardKindOf("arduino", "/dev/ttyACM0");
    expect(!bad.ok && bad.error.code).toBe("usage");
    expect(!bad.ok && bad.error.message).toMatch(/serial .*firmata .*StandardFirmata.*'arduino'/);
    const noPort = boardKindOf("firmata", undefined);
    expect(!noPort.ok && noPort.error.message).toMatch(/needs --port/);
  });

  it("refuses a game of another geometry on the stock-parts board before opening anything", async () => {
    const opened = await openGameBoard(
      {
        port: "/dev/null-kete",
        boardKind: "firmata",
        pace: 1,
        noise: false,
        seed: 1,
        geometry: "hex61",
      },
      [],
      new FakeScheduler(),
    );
    expect(!opened.ok && opened.error.message).toMatch(
      /is a 4x8 board; this game is played on a hex61/,
    );
  });
});

describe("--board, declared once for play, board-test and calibrate", () => {
  it.each(["play", "board-test", "calibrate"])(
    "kete %s --board arduino: a usage error naming the kinds there are",
    async (command) => {
      ensureBuilt();
      const r = await runKete([command, "--port", "/dev/null-kete", "--board", "arduino"]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(
        /argument 'arduino' is invalid\. Allowed choices are serial, firmata/,
      );
    },
  );
});
