// Fuzzing: random strings and bytes, over-long input. Nothing throws, every
// answer is a Result, and the framer never holds more than one line.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LineFramer,
  MAX_LINE_LENGTH,
  PARSE_ERROR_CODES,
  parseBoardLine,
  parseHostLine,
} from "../../src/protocol/index.js";

const codes = new Set<string>(PARSE_ERROR_CODES);

function checkResult(result: ReturnType<typeof parseBoardLine> | ReturnType<typeof parseHostLine>) {
  if (!result.ok) {
    expect(codes.has(result.error.code)).toBe(true);
    expect(result.error.message.length).toBeLessThan(200);
  }
}

describe("parsers on arbitrary input", () => {
  it("never throw on random strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => {
        checkResult(parseBoardLine(s));
        checkResult(parseHostLine(s));
      }),
      { numRuns: 3000 },
    );
  });

  it("never throw on protocol-looking strings", () => {
    const alphabet = fc.constantFrom(
      ..."0123456789ABCDEF SNAPHBACKNAKERRLEDCFG=:,*?.bw-SU\r\n".split(""),
      "4x8",
      "2x5+2",
      "hex61",
      "SNAP",
      "INFO",
      "LED",
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 120 }), (parts) => {
        const s = parts.join("");
        checkResult(parseBoardLine(s));
        checkResult(parseHostLine(s));
      }),
      { numRuns: 3000 },
    );
  });

  it("reject huge input at once", () => {
    const huge = "00 HB 1 2 ".repeat(1_000_000);
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      expect(parseBoardLine(huge)).toMatchObject({ ok: false, error: { code: "too-long" } });
      expect(parseHostLine(huge)).toMatchObject({ ok: false, error: { code: "too-long" } });
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("answer non-strings from untyped callers without throwing", () => {
    for (const v of [undefined, null, 42, {}, []]) {
      expect(parseBoardLine(v as unknown as string).ok).toBe(false);
      expect(parseHostLine(v as unknown as string).ok).toBe(false);
    }
  });
});

describe("LineFramer", () => {
  it("splits lines across chunks and strips \\r\\n", () => {
    const framer = new LineFramer();
    expect(framer.push("00 HB 1")).toEqual([]);
    expect(framer.push(" 2*XX\r\n01 PI")).toEqual([{ ok: true, value: "00 HB 1 2*XX" }]);
    expect(framer.push(new TextEncoder().encode("NG\n\n"))).toEqual([
      { ok: true, value: "01 PING" },
      { ok: true, value: "" },
    ]);
    expect(framer.buffered).toBe(0);
    expect(framer.deliveredLines).toBe(3);
  });

  it("drops over-long lines, counts them and resumes at the next line", () => {
    const framer = new LineFramer({ maxLineLength: 10 });
    expect(framer.push("0123456789")).toEqual([]);
    expect(framer.push("\r\n")).toEqual([{ ok: true, value: "0123456789" }]);
    const out = framer.push("0123456789A\nok\n");
    expect(out[0]).toMatchObject({ ok: false, error: { code: "too-long" } });
    expect(out[1]).toEqual({ ok: true, value: "ok" });
    for (let i = 0; i < 1000; i++) framer.push("x".repeat(97));
    expect(framer.buffered).toBe(0);
    expect(framer.push("\nnext\n")).toEqual([
      expect.objectContaining({ ok: false }),
      { ok: true, value: "next" },
    ]);
    expect(framer.droppedLines).toBe(2);
  });

  it("keeps bytes above 0x7F so the parser rejects the line", () => {
    const framer = new LineFramer();
    const [line] = framer.push(Uint8Array.from([0x30, 0x30, 0x20, 0xe9, 0x0a]));
    expect(line?.ok).toBe(true);
    if (line?.ok)
      expect(parseBoardLine(line.value)).toMatchObject({ ok: false, error: { code: "non-ascii" } });
  });

  it("stays bounded on random byte chunks", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 600 }), { maxLength: 30 }), (chunks) => {
        const framer = new LineFramer();
        let newlines = 0;
        let results = 0;
        for (const chunk of chunks) {
          newlines += chunk.filter((b) => b === 0x0a).length;
          const out = framer.push(chunk);
          results += out.length;
          expect(framer.buffered).toBeLessThanOrEqual(MAX_LINE_LENGTH + 1);
          for (const r of out) {
            if (r.ok) {
              expect(r.value.length).toBeLessThanOrEqual(MAX_LINE_LENGTH);
              checkResult(parseBoardLine(r.value));
            }
          }
        }
        expect(results).toBe(newlines);
        expect(framer.deliveredLines + framer.droppedLines).toBe(newlines);
      }),
      { numRuns: 500 },
    );
  });

  it("stays bounded when a peer never sends a newline", () => {
    const framer = new LineFramer();
    const chunk = new Uint8Array(4096).fill(0x41);
    for (let i = 0; i < 2000; i++) {
      expect(framer.push(chunk)).toEqual([]);
      expect(framer.buffered).toBeLessThanOrEqual(MAX_LINE_LENGTH + 1);
    }
  });

  it("reassembles formatted lines however the stream is cut", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 50 }),
        (cuts) => {
          const stream = "00 BOOT 17 power*2F\r\n01 HB 17 1*00\n";
          const framer = new LineFramer();
          const lines: string[] = [];
          let at = 0;
          for (const cut of [...cuts, stream.length]) {
            for (const r of framer.push(stream.slice(at, at + cut))) if (r.ok) lines.push(r.value);
            at += cut;
            if (at >= stream.length) break;
          }
          expect(lines).toEqual(["00 BOOT 17 power*2F", "01 HB 17 1*00"]);
        },
      ),
    );
  });
});
