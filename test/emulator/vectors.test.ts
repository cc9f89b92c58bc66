/**
 * PROTOCOL.md §13's host-to-board test vectors sent to the reference firmware
 * itself, on the emulated board (issue 12, part 5): every valid command gets
 * its ACK (or the NAK a 4x8 board owes a pit or a content of another
 * geometry), every invalid line the answer §11.1 gives its error class, in
 * order, on one board that never resets and keeps scanning. (The same
 * vectors run natively against the firmware's sources: test/firmware.)
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/run.js";
import { referenceFirmware } from "./avr.js";
import { SETTLED, bootFirmware, counts } from "./firmware-helpers.js";

const hex = await referenceFirmware("test/emulator/vectors.test.ts");

interface Vector {
  readonly direction: string;
  readonly line: string;
  readonly error?: string;
  readonly note?: string;
}

function vectors(file: string): Vector[] {
  return readFileSync(join(ROOT, "firmware-protocol/vectors", file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Vector)
    .filter((v) => v.direction === "host-to-board");
}

/** What the board answers a valid command with on a 4x8 board (as test_protocol.cpp expects). */
function answerToValid(line: string): RegExp {
  const id = line.slice(0, 2);
  if (/\b(SC|E5|E9|I9)\b/.test(line)) return new RegExp(`^[0-9A-F]{2} NAK ${id} bad-pit\\*`);
  if (/ [bw.]\*/.test(line)) return new RegExp(`^[0-9A-F]{2} NAK ${id} bad-args\\*`);
  return new RegExp(`^[0-9A-F]{2} ACK ${id}\\*`);
}

/** What the board answers an invalid line with (PROTOCOL.md §11.1), or null for none. */
function answerToInvalid(v: Vector): RegExp | null {
  const e = v.error ?? "";
  if (e === "empty") return null;
  if (e === "too-long") return / ERR rx-overflow\*/;
  if (
    ["non-ascii", "bad-char", "missing-checksum", "malformed-checksum", "bad-checksum"].includes(e)
  ) {
    return / ERR rx-checksum\*/;
  }
  if (e === "bad-syntax" || e === "bad-id") return / ERR rx-syntax\*/;
  const nak =
    e === "unknown-message" ? "unknown-command" : e === "bad-pit" ? "bad-pit" : "bad-args";
  return new RegExp(`^[0-9A-F]{2} NAK ${v.line.slice(0, 2)} ${nak}\\*`);
}

describe.skipIf(hex === null)("PROTOCOL.md's host vectors against the reference firmware", () => {
  it("every valid command answered as a 4x8 board must (RESET last: a BOOT follows)", async () => {
    // An empty board, so that TARE finds the cups empty and each CAL the stones it names.
    const t = bootFirmware(hex, { counts: 0, seed: 21 });
    await t.waitFor(SETTLED, 1000);
    const valid = vectors("valid.jsonl");
    expect(valid.length).toBeGreaterThanOrEqual(25);
    const reset = valid.filter((v) => / RESET\*/.test(v.line));
    let last = 0;
    for (const v of [...valid.filter((x) => !reset.includes(x)), ...reset]) {
      const cal = /^[0-9A-F]{2} CAL ([A-D][1-8]) (\d+)\*/.exec(v.line);
      if (cal !== null) {
        // The stones the command names, in the pit, settled (a real calibration step).
        t.board.physical.setCount(cal[1]!, Number(cal[2]));
        await t.board.runFor(800);
      }
      const from = t.lines.length;
      last = from;
      t.board.receive(`${v.line}\n`);
      // TARE and CAL answer once their scans are done (PROTOCOL.md §10). 255 stones
      // (1.4 kg) are beyond the reference board's 1 kg cell: bad-args, as §10 allows.
      const heavy = cal !== null && Number(cal[2]) > 64;
      const want = heavy
        ? new RegExp(` (ACK|NAK) ${v.line.slice(0, 2)}( bad-args)?\\*`)
        : answerToValid(v.line);
      await t.waitFor(want, 3000, from);
      if (cal !== null) t.board.physical.setCount(cal[1]!, 0);
    }
    // After the calibration just stored is written to EEPROM (PROTOCOL.md 1.2, §10).
    await t.waitFor(/ BOOT /, 5000, last);
    expect(t.board.mcu.resets).toEqual(["watchdog"]); // RESET: the firmware lets its watchdog reboot it
  });

  it("every invalid line gets its answer, in order; the board never resets and keeps counting", async () => {
    const t = bootFirmware(hex, { counts: 2, seed: 22 });
    await t.waitFor(SETTLED, 1000);
    const invalid = vectors("invalid.jsonl");
    expect(invalid.length).toBeGreaterThanOrEqual(45);
    for (const v of invalid) {
      const want = answerToInvalid(v);
      const from = t.lines.length;
      t.board.receive(`${v.line}\n`);
      if (want === null) await t.board.runFor(50);
      else await t.waitFor(want, 500, from);
    }
    expect(t.board.mcu.resets).toEqual([]);
    t.board.physical.hand.lift("C3");
    const from = t.lines.length;
    const snap = await t.waitFor(SETTLED, 1500, from);
    expect(counts(snap)[18]).toBe(0); // C3
  });
});
