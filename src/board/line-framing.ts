/**
 * The serial board's line framing (PROTOCOL.md §2, §11.2): serialport's
 * `ReadlineParser` splits the bytes at LF, behind a `LineLengthGuard` that
 * keeps the protocol's bound on line length.
 *
 *   port bytes → LineLengthGuard → ReadlineParser (LF, latin1) → LF and CR
 *   stripped, length checked → Result<string, ParseError> per line, in order
 *
 * `ReadlineParser` on its own keeps every byte until the next LF, so a peer
 * that never sends one would make it grow without bound. The guard counts
 * the bytes of the current line and passes only its first
 * `maxLineLength + 2` on (250 bytes, a CR, and one byte more); the rest is
 * dropped up to the LF, which is passed on. The parser therefore never holds
 * more than 252 bytes, and a line cut by the guard still reaches it longer
 * than any good line can be (250 bytes + CR), so it is reported once, as
 * `too-long`, when its LF arrives, between the lines around it, exactly as
 * the codec's `LineFramer` reports it (§11.1: dropped up to and including its
 * LF, reported once; §11.2: the host counts it and carries on).
 *
 * Bytes are decoded as latin1, one character per byte, so a byte above 0x7E
 * stays one character above 0x7E and the codec rejects its line as
 * `non-ascii` (§13); UTF-8 decoding would merge or replace bytes and could
 * carry a partial character into the next line. A CR is part of the
 * terminator only right before the LF (§2); anywhere else it stays in the
 * line and the codec rejects it as `bad-char`.
 *
 * The pure codec (src/protocol) knows nothing of this: it still gets one line
 * at a time as a string. Other transports (the simulated and emulated boards)
 * keep the codec's synchronous `LineFramer`, which has the same behaviour.
 */
import { Transform } from "node:stream";
import type { TransformCallback } from "node:stream";
import { ReadlineParser } from "@serialport/parser-readline";
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import { MAX_LINE_LENGTH } from "../protocol/index.js";
import type { LineFraming } from "./session.js";
import type { ParseError } from "../protocol/index.js";

const LF = 0x0a;
const CR = 0x0d;

/** Bytes of one line the guard passes on: a maximal line, its CR, and one more to mark it over-long. */
export function guardLimit(maxLineLength: number): number {
  return maxLineLength + 2;
}

/**
 * A byte Transform that passes each line's first `limit` bytes and its LF,
 * and drops the bytes of a longer line between them. It holds no bytes of
 * its own: only a count of the current line's length.
 */
export class LineLengthGuard extends Transform {
  readonly limit: number;
  /** Bytes of the current line seen so far, capped at `limit + 1`. */
  private run = 0;
  private cut = 0;
  private droppedBytes = 0;

  constructor(limit: number) {
    super();
    this.limit = limit;
  }

  /** Lines the guard has shortened so far (each is reported downstream as `too-long`). */
  get cutLines(): number {
    return this.cut;
  }

  /** Bytes dropped so far. */
  get dropped(): number {
    return this.droppedBytes;
  }

  override _transform(
    chunk: Buffer | string,
    _encoding: BufferEncoding,
    callback: TransformCallback,
  ): void {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "latin1") : chunk;
    const parts: Buffer[] = [];
    let start = 0;
    while (start < bytes.length) {
      const lf = bytes.indexOf(LF, start);
      const stop = lf < 0 ? bytes.length : lf;
      const length = stop - start;
      const take = Math.min(Math.max(0, this.limit - this.run), length);
      if (take > 0) parts.push(bytes.subarray(start, start + take));
      this.droppedBytes += length - take;
      this.run = Math.min(this.limit + 1, this.run + length);
      if (lf < 0) break;
      if (this.run > this.limit) this.cut++;
      this.run = 0;
      parts.push(bytes.subarray(lf, lf + 1));
      start = lf + 1;
    }
    // Copied, so that a large chunk is not kept alive by a small slice of it.
    if (parts.length > 0) this.push(Buffer.concat(parts));
    callback();
  }

  /** A partial line at the end is not a line: nothing is flushed. */
  override _flush(callback: TransformCallback): void {
    callback();
  }
}

export interface ReadlineFramingOptions {
  /** Longest line kept, terminator excluded (default `MAX_LINE_LENGTH`, 250). */
  readonly maxLineLength?: number;
}

/** The guard and parser of one connection, for tests and measurements. */
export interface ReadlineFraming extends LineFraming {
  readonly guard: LineLengthGuard;
  readonly parser: ReadlineParser;
  /** Bytes held anywhere in the pipeline now (stream buffers and the parser's partial line). */
  readonly buffered: number;
}

/**
 * The framing of one serial connection: `write` raw chunks; `deliver` gets,
 * in order, each line without its terminator or a `too-long` error for each
 * over-long line. Lines may be delivered after `write` returns (stream
 * ticks). After `close` nothing is delivered and a partial line is forgotten.
 * Never throws on input and never emits an unhandled stream error.
 */
export function createReadlineFraming(
  deliver: (framed: Result<string, ParseError>) => void,
  options: ReadlineFramingOptions = {},
): ReadlineFraming {
  const requested = options.maxLineLength ?? MAX_LINE_LENGTH;
  const max = Number.isInteger(requested) && requested > 0 ? requested : MAX_LINE_LENGTH;
  const guard = new LineLengthGuard(guardLimit(max));
  // The LF is kept on each line so that an empty line is still a chunk the stream passes on.
  const parser = new ReadlineParser({
    delimiter: "\n",
    encoding: "latin1",
    includeDelimiter: true,
  });
  let open = true;
  guard.pipe(parser);
  const quiet = (): void => undefined;
  guard.on("error", quiet);
  parser.on("error", quiet);
  parser.on("data", (line: string) => {
    if (open) deliver(classify(line, max));
  });
  return {
    guard,
    parser,
    get buffered(): number {
      return (
        guard.writableLength +
        guard.readableLength +
        parser.writableLength +
        parser.readableLength +
        parser.buffer.length
      );
    },
    write(chunk: Uint8Array | string): void {
      if (!open) return;
      guard.write(
        typeof chunk === "string"
          ? Buffer.from(chunk, "latin1")
          : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
      );
    },
    close(): void {
      if (!open) return;
      open = false;
      guard.unpipe(parser);
      guard.destroy();
      parser.destroy();
    },
  };
}

/** One line from the parser with its LF: a CR before the LF is part of the terminator (§2); longer than `max` is dropped (§11). */
function classify(line: string, max: number): Result<string, ParseError> {
  let text = line.charCodeAt(line.length - 1) === LF ? line.slice(0, -1) : line;
  if (text.charCodeAt(text.length - 1) === CR) text = text.slice(0, -1);
  if (text.length > max) return err("too-long", `a line longer than ${max} bytes was dropped`);
  return ok(text);
}
