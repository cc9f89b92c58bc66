// Property tests: every well-formed message formats to a line of at most
// MAX_LINE_LENGTH bytes that parses back to the same message, and any single
// changed character in such a line is caught.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_LINE_LENGTH,
  formatBoardMessage,
  formatHostMessage,
  parseBoardLine,
  parseHostLine,
} from "../../src/protocol/index.js";
import { boardMessage, hostMessage } from "./arbitraries.js";

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));

describe("round trip", () => {
  it("board messages", () => {
    fc.assert(
      fc.property(boardMessage, (msg) => {
        const line = formatBoardMessage(msg);
        expect(line.ok).toBe(true);
        if (!line.ok) return;
        expect(line.value.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
        expect(parseBoardLine(line.value)).toEqual({ ok: true, value: msg });
      }),
      { numRuns: 2000 },
    );
  });

  it("host messages", () => {
    fc.assert(
      fc.property(hostMessage, (msg) => {
        const line = formatHostMessage(msg);
        expect(line.ok).toBe(true);
        if (!line.ok) return;
        expect(line.value.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
        expect(parseHostLine(line.value)).toEqual({ ok: true, value: msg });
      }),
      { numRuns: 2000 },
    );
  });
});

/** Any one character of a formatted line changed to another printable one: the parser refuses the line. */
function expectCorruptionRejected<M>(
  messages: fc.Arbitrary<M>,
  format: (msg: M) => { ok: true; value: string } | { ok: false },
  parse: (line: string) => { ok: boolean },
): void {
  fc.assert(
    fc.property(messages, fc.nat(), printable, (msg, at, ch) => {
      const line = format(msg);
      if (!line.ok) return;
      const i = at % line.value.length;
      fc.pre(line.value[i] !== ch);
      const bad = line.value.slice(0, i) + ch + line.value.slice(i + 1);
      expect(parse(bad).ok).toBe(false);
    }),
    { numRuns: 2000 },
  );
}

describe("corruption", () => {
  it("any single changed character of a board line is rejected", () => {
    expectCorruptionRejected(boardMessage, formatBoardMessage, parseBoardLine);
  });

  it("any single changed character of a host line is rejected", () => {
    expectCorruptionRejected(hostMessage, formatHostMessage, parseHostLine);
  });
});

describe("formatting refuses what cannot be sent", () => {
  it("out-of-range values and unknown types give errors, never throws", () => {
    const counts = Array.from({ length: 32 }, () => 4);
    const snap = {
      type: "snapshot" as const,
      seq: 1,
      reason: "change" as const,
      settled: true,
      unsettled: [],
      board: { geometry: "4x8" as const, counts: [...counts.slice(1), 256] },
    };
    expect(formatBoardMessage(snap)).toMatchObject({ ok: false, error: { code: "out-of-range" } });
    expect(formatBoardMessage({ ...snap, seq: 256 })).toMatchObject({
      ok: false,
      error: { code: "out-of-range" },
    });
    expect(
      formatBoardMessage({ ...snap, board: { geometry: "4x8", counts }, settled: false }),
    ).toMatchObject({ ok: false, error: { code: "inconsistent" } });
    expect(
      formatBoardMessage({ ...snap, board: { geometry: "4x8", counts }, unsettled: ["SC"] }),
    ).toMatchObject({ ok: false, error: { code: "bad-pit" } });
    expect(formatHostMessage({ type: "hello", id: 1, proto: 0 })).toMatchObject({ ok: false });
    expect(formatHostMessage({ type: "tare", id: 1, pit: "A1 A2" })).toMatchObject({ ok: false });
    expect(formatHostMessage({ type: "ping", id: 1.5 })).toMatchObject({ ok: false });
    expect(
      formatHostMessage({ type: "nope", id: 1 } as unknown as Parameters<
        typeof formatHostMessage
      >[0]),
    ).toMatchObject({ ok: false, error: { code: "bad-message" } });
    expect(
      formatBoardMessage({ type: "snapshot", seq: 1 } as unknown as Parameters<
        typeof formatBoardMessage
      >[0]),
    ).toMatchObject({ ok: false, error: { code: "bad-message" } });
  });

  it("writes sets in canonical order", () => {
    const line = formatBoardMessage({
      type: "info",
      seq: 1,
      proto: 1,
      firmware: "1",
      boardId: "K",
      geometry: "4x8",
      boot: 1,
      maxCount: 64,
      colours: ["white", "red"],
      patterns: ["pulse", "steady"],
      buttons: 0,
      calibration: false,
      debounceMs: 200,
      snapshotIntervalMs: 0,
    });
    expect(line.ok && line.value.includes(" leds=RW pat=SP ")).toBe(true);
  });
});
