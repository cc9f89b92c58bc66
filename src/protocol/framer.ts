/**
 * A bounded line framer for raw serial chunks (PROTOCOL.md §2). It holds at
 * most one line's worth of bytes: a line that grows past the limit is dropped
 * up to its terminator and reported as a `too-long` error, so a peer that
 * never sends "\n" cannot make it grow. Pure: no streams, no timers.
 */
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { ParseError } from "./wire.js";
import { MAX_LINE_LENGTH } from "./messages.js";

const LF = 0x0a;
const CR = 0x0d;

export interface LineFramerOptions {
  /** Longest line kept, terminator excluded (default `MAX_LINE_LENGTH`). */
  readonly maxLineLength?: number;
}

export class LineFramer {
  readonly maxLineLength: number;
  private buffer = "";
  private discarding = false;
  private dropped = 0;
  private lines = 0;

  constructor(options: LineFramerOptions = {}) {
    const max = options.maxLineLength ?? MAX_LINE_LENGTH;
    this.maxLineLength = Number.isInteger(max) && max > 0 ? max : MAX_LINE_LENGTH;
  }

  /** Over-long lines dropped so far. */
  get droppedLines(): number {
    return this.dropped;
  }

  /** Complete lines delivered so far (empty ones included). */
  get deliveredLines(): number {
    return this.lines;
  }

  /** Bytes held waiting for a terminator; never more than `maxLineLength + 1`. */
  get buffered(): number {
    return this.buffer.length;
  }

  /**
   * Feeds a chunk; returns, in order, each completed line (without "\n" and
   * without a "\r" before it) or a `too-long` error for each dropped line.
   * A string chunk is taken one UTF-16 code unit per byte; bytes above 0x7F
   * are kept so that the parser can reject the line as `non-ascii`.
   */
  push(chunk: Uint8Array | string): Result<string, ParseError>[] {
    const out: Result<string, ParseError>[] = [];
    const length = chunk.length;
    let start = 0;
    while (start < length) {
      const end = indexOfLf(chunk, start);
      const stop = end < 0 ? length : end;
      this.append(chunk, start, stop);
      if (end < 0) break;
      out.push(this.finishLine());
      start = end + 1;
    }
    return out;
  }

  /** Forgets a partial line (e.g. after the port was reopened). */
  reset(): void {
    this.buffer = "";
    this.discarding = false;
  }

  private append(chunk: Uint8Array | string, from: number, to: number): void {
    if (this.discarding || from >= to) return;
    // One spare byte for a "\r" that may precede the "\n".
    const room = this.maxLineLength + 1 - this.buffer.length;
    if (to - from > room) {
      this.buffer = "";
      this.discarding = true;
      return;
    }
    this.buffer +=
      typeof chunk === "string" ? chunk.slice(from, to) : bytesToString(chunk, from, to);
  }

  private finishLine(): Result<string, ParseError> {
    if (this.discarding) {
      this.discarding = false;
      this.dropped++;
      return err("too-long", `a line longer than ${this.maxLineLength} bytes was dropped`);
    }
    let line = this.buffer;
    this.buffer = "";
    if (line.charCodeAt(line.length - 1) === CR) line = line.slice(0, -1);
    if (line.length > this.maxLineLength) {
      this.dropped++;
      return err("too-long", `a line longer than ${this.maxLineLength} bytes was dropped`);
    }
    this.lines++;
    return ok(line);
  }
}

function indexOfLf(chunk: Uint8Array | string, from: number): number {
  return typeof chunk === "string" ? chunk.indexOf("\n", from) : chunk.indexOf(LF, from);
}

function bytesToString(bytes: Uint8Array, from: number, to: number): string {
  let s = "";
  for (let i = from; i < to; i++) s += String.fromCharCode(bytes[i] ?? 0);
  return s;
}
