/**
 * `kete calibrate` reads the board through a `CalibrationTap` around the
 * transport: the tap must keep the transport's own line framing (the serial
 * board's @serialport/parser-readline behind its length guard, issue 15
 * item 4), not fall back to the codec's framer.
 */
import { describe, expect, it } from "vitest";
import type { LineFraming, Transport } from "../../src/board/index.js";
import { CalibrationTap } from "../../src/cli/calibrate/link.js";
import { ok } from "../../src/shared/index.js";

const bare: Transport = {
  name: "bare",
  open: () => Promise.resolve(ok(undefined)),
  write: () => undefined,
  close: () => Promise.resolve(),
};

describe("CalibrationTap", () => {
  it("passes the transport's own framing through, bound to the transport", () => {
    const made: string[] = [];
    const framing: LineFraming = { write: () => undefined, close: () => undefined };
    const framed: Transport = {
      ...bare,
      name: "framed",
      framing(this: Transport) {
        made.push(this.name);
        return framing;
      },
    };
    const tap = new CalibrationTap(framed);
    expect(tap.framing?.(() => undefined)).toBe(framing);
    expect(made).toEqual(["framed"]);
  });

  it("has none when the transport has none (the session then uses the codec's framer)", () => {
    expect(new CalibrationTap(bare).framing).toBeUndefined();
  });
});
