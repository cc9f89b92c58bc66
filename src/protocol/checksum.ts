/**
 * The line checksum of the kete firmware protocol (PROTOCOL.md §3).
 *
 * CRC-8 with polynomial 0x07, initial value 0x00, no reflection, no final XOR
 * (the catalogue name is CRC-8/SMBUS; check value for "123456789" is 0xF4).
 * avr-libc's `_crc8_ccitt_update` in <util/crc16.h> computes the same.
 * It runs over every byte of the line before the `*`.
 */

/** The 256-entry lookup table, built once. */
const TABLE: readonly number[] = (() => {
  const table: number[] = [];
  for (let n = 0; n < 256; n++) {
    let crc = n;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
    }
    table.push(crc);
  }
  return table;
})();

/** Feeds one byte into a running CRC-8. */
export function crc8Update(crc: number, byte: number): number {
  return TABLE[(crc ^ byte) & 0xff] ?? 0;
}

/**
 * CRC-8 of a string's UTF-16 code units taken as bytes (`& 0xff`). Protocol
 * lines are ASCII, where code unit and byte coincide.
 */
export function crc8(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) crc = crc8Update(crc, text.charCodeAt(i));
  return crc;
}

/** The checksum as it is written on the wire: two uppercase hex digits. */
export function checksumHex(body: string): string {
  return crc8(body).toString(16).toUpperCase().padStart(2, "0");
}

/** `body` with `*` and its checksum appended (no line terminator). */
export function withChecksum(body: string): string {
  return `${body}*${checksumHex(body)}`;
}
