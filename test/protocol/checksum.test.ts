import { describe, expect, it } from "vitest";
import { checksumHex, crc8, crc8Update, withChecksum } from "../../src/protocol/index.js";

/** Bit-by-bit CRC-8 as an AVR would do it (avr-libc `_crc8_ccitt_update`). */
function avrCrc8(text: string): number {
  let crc = 0;
  for (const ch of text) {
    crc ^= ch.charCodeAt(0);
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

describe("CRC-8", () => {
  it("has the catalogue check value 0xF4 for 123456789", () => {
    expect(crc8("123456789")).toBe(0xf4);
  });

  it("matches the worked example in PROTOCOL.md", () => {
    // Running CRC after each byte of "03 PING": 90 60 C7 EC 72 B4 D7.
    const steps: string[] = [];
    let crc = 0;
    for (const ch of "03 PING") {
      crc = crc8Update(crc, ch.charCodeAt(0));
      steps.push(crc.toString(16).toUpperCase().padStart(2, "0"));
    }
    expect(steps.join(" ")).toBe("90 60 C7 EC 72 B4 D7");
    expect(checksumHex("03 PING")).toBe("D7");
    expect(withChecksum("03 PING")).toBe("03 PING*D7");
    expect(avrCrc8("03 PING")).toBe(0xd7);
  });

  it("agrees with the bitwise form on many strings", () => {
    for (let n = 0; n < 2000; n++) {
      const s = `${n} SNAP ${n * 7919}`;
      expect(crc8(s)).toBe(avrCrc8(s));
    }
    let crc = 0;
    for (const b of [0x31, 0x32, 0x33]) crc = crc8Update(crc, b);
    expect(crc).toBe(crc8("123"));
  });

  it("catches every transposition of two adjacent different characters in a line", () => {
    const line = "05 SNAP 4x8 C U 7FFFFFFB 0,1,5,4,4";
    for (let i = 0; i + 1 < line.length; i++) {
      if (line[i] === line[i + 1]) continue;
      const swapped = line.slice(0, i) + line[i + 1] + line[i] + line.slice(i + 2);
      expect(crc8(swapped)).not.toBe(crc8(line));
    }
  });
});
