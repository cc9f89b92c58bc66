/**
 * Reads a journal file on from a byte offset, whole lines only: the club's
 * publisher sends what the game wrote from where the broker last
 * acknowledged, so what waits for a broker is on disk, in the journal,
 * never piled up in memory.
 */
import { closeSync, openSync, readSync } from "node:fs";

/** One complete line and the offset just after it. */
export interface TailLine {
  readonly text: string;
  readonly end: number;
}

const CHUNK = 64 * 1024;

/**
 * Up to `max` complete lines of `path` from `offset` (a line not yet ended
 * by its newline is left for the next read). An unreadable file reads as
 * nothing new.
 */
export function readLines(path: string, offset: number, max: number): TailLine[] {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return [];
  }
  const lines: TailLine[] = [];
  try {
    const chunk = Buffer.alloc(CHUNK);
    let at = offset;
    let carry = Buffer.alloc(0);
    while (lines.length < max) {
      const n = readSync(fd, chunk, 0, CHUNK, at + carry.length);
      if (n === 0) break;
      let data = Buffer.concat([carry, chunk.subarray(0, n)]);
      let newline = data.indexOf(0x0a);
      while (newline >= 0 && lines.length < max) {
        at += newline + 1;
        lines.push({ text: data.subarray(0, newline).toString("utf8"), end: at });
        data = data.subarray(newline + 1);
        newline = data.indexOf(0x0a);
      }
      carry = Buffer.from(data);
    }
  } catch {
    // a read that fails now is tried again at the next write
  } finally {
    closeSync(fd);
  }
  return lines;
}
