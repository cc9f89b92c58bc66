// linefmt.h: formats one board line (PROTOCOL.md §4) into a fixed buffer,
// folding every byte into the CRC as it goes; end() appends "*CC\n".
// Portable: no AVR headers.
#ifndef KETE_LINEFMT_H
#define KETE_LINEFMT_H

#include <stdint.h>

#define KETE_LINE_MAX 250      // body + "*CC", terminator excluded (PROTOCOL.md §2)
#define KETE_TXBUF_SIZE 252    // 250 + LF + one spare

struct LineWriter {
  char buf[KETE_TXBUF_SIZE];
  uint8_t len;
  uint8_t crc;
  bool overflow;
};

void lw_begin(LineWriter* w, uint8_t seq);          // "SS "
void lw_char(LineWriter* w, char c);
void lw_str(LineWriter* w, const char* flashStr);   // a KETE_STR() string (flash on AVR)
void lw_ram(LineWriter* w, const char* s);          // a string in RAM
void lw_uint(LineWriter* w, uint32_t v);            // decimal, no leading zeros
void lw_hex2(LineWriter* w, uint8_t v);             // two uppercase hex digits
void lw_hex8(LineWriter* w, uint32_t v);            // eight uppercase hex digits
void lw_hex3(LineWriter* w, uint16_t v);            // three (the low 12 bits)
void lw_hex16(LineWriter* w, uint64_t v);           // sixteen (hex61's snapshot mask)
void lw_pit(LineWriter* w, uint8_t pit);            // the geometry's pit name (A1..D8; A1..B5, SC, NC)
void lw_end(LineWriter* w);                          // "*CC\n"

#endif
