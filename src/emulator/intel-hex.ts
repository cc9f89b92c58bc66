/**
 * Intel HEX, as avr-objcopy writes it and avrdude reads it: data records (00),
 * end of file (01), extended segment (02) and extended linear (04) addresses,
 * and the start addresses (03, 05), which are ignored. Every record's
 * checksum is checked; a bad file is an error naming its line.
 *
 *   const image = parseIntelHex(text, 256 * 1024);   // Result<Uint8Array, EmulatorError>, unwritten bytes 0xFF
 */
import { err, ok } from "../shared/index.js";
import type { Result } from "../shared/index.js";
import type { EmulatorError } from "./errors.js";

export const HEX_ERROR = "bad-hex";

function fail(line: number, why: string): Result<never, EmulatorError> {
  return err(HEX_ERROR, `line ${line}: ${why}`);
}

/** The bytes of one `:`-record, or why it is not one. */
function recordBytes(text: string): number[] | string {
  if (!text.startsWith(":")) return "a record starts with ':'";
  const hex = text.slice(1);
  if (hex.length < 10 || hex.length % 2 !== 0 || !/^[0-9A-Fa-f]+$/.test(hex)) {
    return "not an even number of hex digits";
  }
  const bytes: number[] = [];
  for (let i = 0; i < hex.length; i += 2) bytes.push(parseInt(hex.slice(i, i + 2), 16));
  const length = bytes[0] ?? 0;
  if (bytes.length !== length + 5) return `says ${length} data bytes, holds ${bytes.length - 5}`;
  const sum = bytes.reduce((a, b) => a + b, 0) & 0xff;
  if (sum !== 0) return "bad checksum";
  return bytes;
}

/** A flash image of `size` bytes from Intel HEX text. */
export function parseIntelHex(text: string, size: number): Result<Uint8Array, EmulatorError> {
  const image = new Uint8Array(size).fill(0xff);
  let base = 0;
  let ended = false;
  let data = 0;
  const lines = text.split(/\r?\n/);
  for (let n = 0; n < lines.length; n++) {
    const line = (lines[n] ?? "").trim();
    if (line === "") continue;
    if (ended) return fail(n + 1, "data after the end-of-file record");
    const bytes = recordBytes(line);
    if (typeof bytes === "string") return fail(n + 1, bytes);
    const [length = 0, hi = 0, lo = 0, type = 0] = bytes;
    const payload = bytes.slice(4, 4 + length);
    switch (type) {
      case 0: {
        const at = base + ((hi << 8) | lo);
        if (at + length > size) {
          return fail(n + 1, `data at 0x${at.toString(16)} beyond the ${size}-byte flash`);
        }
        image.set(payload, at);
        data += length;
        break;
      }
      case 1:
        ended = true;
        break;
      case 2:
        base = (((payload[0] ?? 0) << 8) | (payload[1] ?? 0)) << 4;
        break;
      case 4:
        base = (((payload[0] ?? 0) << 8) | (payload[1] ?? 0)) << 16;
        break;
      case 3:
      case 5:
        break;
      default:
        return fail(n + 1, `unknown record type ${type}`);
    }
  }
  if (!ended) return err(HEX_ERROR, "no end-of-file record (a truncated file?)");
  if (data === 0) return err(HEX_ERROR, "no data records");
  return ok(image);
}
