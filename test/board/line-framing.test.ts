// The serial board's framing: the length guard in front of serialport's
// ReadlineParser (src/board/line-framing.ts, PROTOCOL.md §2, §11). It must
// frame exactly as the codec's LineFramer does, and stay bounded.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ReadlineParser } from "@serialport/parser-readline";
import { createReadlineFraming, guardLimit } from "../../src/board/line-framing.js";
import type { ReadlineFraming } from "../../src/board/line-framing.js";
import { settleIo } from "../../src/board/scheduler.js";
import { SerialTransport } from "../../src/board/serial-board.js";
import { LineFramer, MAX_LINE_LENGTH, parseBoardLine } from "../../src/protocol/index.js";
import type { Result } from "../../src/shared/index.js";

const LIMIT = guardLimit(MAX_LINE_LENGTH); // 252

function rig(maxLineLength?: number): { framing: ReadlineFraming; out: Result<string>[] } {
  const out: Result<string>[] = [];
  const framing = createReadlineFraming(
    (r) => out.push(r),
    maxLineLength === undefined ? {} : { maxLineLength },
  );
  return { framing, out };
}

const bytes = (text: string): Buffer => Buffer.from(text, "latin1");
const lines = (out: readonly Result<string>[]) => out.map((r) => (r.ok ? r.value : r.error.code));

describe("line framing: LineLengthGuard → ReadlineParser", () => {
  it("joins a line split across chunks, byte by byte and at every cut", async () => {
    const stream = "00 BOOT 17 power*2F\r\n01 HB 17 1*00\n";
    const { framing, out } = rig();
    for (const b of bytes(stream)) framing.write(Uint8Array.of(b));
    await settleIo();
    expect(lines(out)).toEqual(["00 BOOT 17 power*2F", "01 HB 17 1*00"]);
    for (let cut = 1; cut < stream.length; cut++) {
      const r = rig();
      r.framing.write(bytes(stream.slice(0, cut)));
      r.framing.write(stream.slice(cut)); // a string chunk: one character per byte
      await settleIo();
      expect(lines(r.out)).toEqual(["00 BOOT 17 power*2F", "01 HB 17 1*00"]);
    }
  });

  it("takes LF and CR LF as terminators; a CR elsewhere stays for the codec to reject (§2)", async () => {
    const { framing, out } = rig();
    framing.write(bytes("a\r\nb\n\r\n\nc\rd\n\r\r\n"));
    await settleIo();
    expect(lines(out)).toEqual(["a", "b", "", "", "c\rd", "\r"]);
    const bad = out[4];
    expect(bad?.ok && parseBoardLine(bad.value)).toMatchObject({ error: { code: "bad-char" } });
  });

  it("keeps a line of 250 bytes, with or without CR, and drops 251 once, the next line intact (§11)", async () => {
    const max = "A".repeat(MAX_LINE_LENGTH);
    const { framing, out } = rig();
    framing.write(bytes(`${max}\n${max}\r\n${max}B\nnext\n${max}\r\r\n${max}B\r\nlast\n`));
    await settleIo();
    expect(lines(out)).toEqual([max, max, "too-long", "next", "too-long", "too-long", "last"]);
    expect(out[2]).toEqual({
      ok: false,
      error: { code: "too-long", message: "a line longer than 250 bytes was dropped" },
    });
  });

  it("drops a long line up to its LF, reports it once when the LF arrives, and carries on", async () => {
    const { framing, out } = rig();
    framing.write(bytes("first\n"));
    for (let i = 0; i < 100; i++) framing.write(bytes("x".repeat(97)));
    await settleIo();
    expect(lines(out)).toEqual(["first"]); // nothing reported before the LF
    framing.write(bytes("xx\nnext\n"));
    await settleIo();
    expect(lines(out)).toEqual(["first", "too-long", "next"]);
    expect(framing.guard.cutLines).toBe(1);
    expect(framing.guard.dropped).toBe(100 * 97 + 2 - LIMIT);
  });

  it("a flood without a newline stays bounded: at most 252 bytes held, wherever it is cut", async () => {
    const { framing, out } = rig();
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    let most = 0;
    const before = process.memoryUsage();
    for (let i = 0; i < 1024; i++) {
      framing.write(chunk); // 64 MiB in all, no LF
      most = Math.max(most, framing.buffered);
      if (i % 64 === 0) await settleIo(1);
    }
    await settleIo();
    most = Math.max(most, framing.buffered);
    const after = process.memoryUsage();
    const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
    console.info(
      `flood of 64 MiB without LF: at most ${most} bytes held in the pipeline; heap + array buffers grew ${(grown / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(most).toBeLessThanOrEqual(LIMIT);
    expect(framing.parser.buffer.length).toBe(LIMIT);
    expect(grown).toBeLessThan(16 * 2 ** 20); // all of it kept would be 64 MiB
    expect(out).toEqual([]);
    framing.write(bytes("\nafter\n"));
    await settleIo();
    expect(lines(out)).toEqual(["too-long", "after"]);
    expect(framing.buffered).toBe(0);
  });

  it("(control) ReadlineParser alone keeps a line that never ends: the guard is what bounds it", async () => {
    const parser = new ReadlineParser({ delimiter: "\n", encoding: "latin1" });
    parser.on("data", () => undefined);
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    for (let i = 0; i < 16; i++) parser.write(chunk);
    await settleIo();
    expect(parser.buffer.length).toBe(16 * 64 * 1024);
    parser.destroy();
  });

  it("passes bytes above 0x7E as one character each, so the codec says non-ascii (§2, §13)", async () => {
    const { framing, out } = rig();
    const e9 = "é";
    // 0xE9 alone, 0xFF 0xFE, and UTF-8 "é" (0xC3 0xA9) cut between its two bytes.
    framing.write(Uint8Array.from([0x30, 0x30, 0x20, 0xe9, 0x0a, 0xff, 0xfe, 0x0a, 0xc3]));
    framing.write(Uint8Array.from([0xa9, 0x0a, 0x41, 0x0a]));
    await settleIo();
    expect(lines(out)).toEqual([`00 ${e9}`, "\u00ff\u00fe", "\u00c3\u00a9", "A"]);
    for (const r of out.slice(0, 3)) {
      expect(r.ok && parseBoardLine(r.value)).toMatchObject({ error: { code: "non-ascii" } });
    }
  });

  it("counts 250 bytes, not characters: 250 bytes above 0x7E are a good frame, 251 are not", async () => {
    const { framing, out } = rig();
    framing.write(Buffer.alloc(MAX_LINE_LENGTH, 0xc3));
    framing.write(bytes("\n"));
    framing.write(Buffer.alloc(MAX_LINE_LENGTH + 1, 0xc3));
    framing.write(bytes("\n"));
    await settleIo();
    expect(out[0]?.ok && out[0].value.length).toBe(MAX_LINE_LENGTH);
    expect(lines(out)[1]).toBe("too-long");
  });

  it("frames exactly as the codec's LineFramer on random bytes cut anywhere", async () => {
    // Bytes biased to LF, CR, 'A' and high bytes, so long lines, CRs and empty lines all occur.
    const byte = fc.oneof(
      fc.constant(0x0a),
      fc.constant(0x0d),
      fc.constant(0x41),
      fc.integer({ min: 0, max: 255 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(byte, { maxLength: 400 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 300 }),
        async (chunks, max) => {
          const framer = new LineFramer({ maxLineLength: max });
          const expected: Result<string>[] = [];
          const { framing, out } = rig(max);
          for (const chunk of chunks) {
            const data = Uint8Array.from(chunk);
            expected.push(...framer.push(data));
            framing.write(data);
            expect(framing.buffered).toBeLessThanOrEqual(guardLimit(max) + 1 + data.length);
          }
          await settleIo();
          expect(out).toEqual(expected);
          expect(framing.parser.buffer.length).toBeLessThanOrEqual(guardLimit(max));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("after close nothing is delivered, a partial line is forgotten, and writing is harmless", async () => {
    const { framing, out } = rig();
    framing.write(bytes("one\ntwo-partial"));
    framing.close();
    framing.write(bytes(" rest\nthree\n"));
    framing.close();
    await settleIo();
    expect(lines(out).filter((l) => l !== "one")).toEqual([]);
  });

  it("is what the serial transport frames with", () => {
    const framing = new SerialTransport("/dev/null").framing(() => undefined);
    expect("parser" in framing && framing.parser).toBeInstanceOf(ReadlineParser);
    framing.close();
  });
});
