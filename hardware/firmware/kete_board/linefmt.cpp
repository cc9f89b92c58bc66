#include "linefmt.h"

#include "crc8.h"
#include "geometry.h"
#include "pgm.h"

static const char HEX_DIGITS[] = "0123456789ABCDEF";

static void put(LineWriter* w, char c, bool inCrc) {
  if (w->len >= KETE_TXBUF_SIZE - 1) {
    w->overflow = true;
    return;
  }
  w->buf[w->len++] = c;
  if (inCrc) w->crc = crc8_update(w->crc, (uint8_t)c);
}

void lw_char(LineWriter* w, char c) { put(w, c, true); }

void lw_hex2(LineWriter* w, uint8_t v) {
  put(w, HEX_DIGITS[v >> 4], true);
  put(w, HEX_DIGITS[v & 15], true);
}

void lw_begin(LineWriter* w, uint8_t seq) {
  w->len = 0;
  w->crc = 0;
  w->overflow = false;
  lw_hex2(w, seq);
  lw_char(w, ' ');
}

void lw_str(LineWriter* w, const char* s) {
  for (;;) {
    char c = (char)kete_flash_byte(s++);
    if (c == 0) return;
    put(w, c, true);
  }
}

void lw_ram(LineWriter* w, const char* s) {
  while (*s) put(w, *s++, true);
}

void lw_uint(LineWriter* w, uint32_t v) {
  char tmp[10];
  uint8_t n = 0;
  while (v > 0xFFFF) {  // 32-bit division only for large numbers (uptime)
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  }
  uint16_t s = (uint16_t)v;  // 16-bit division
  while (s > 0xFF) {
    tmp[n++] = (char)('0' + s % 10);
    s /= 10;
  }
  uint8_t c = (uint8_t)s;  // 8-bit division: a snapshot formats 32 counts
  do {
    tmp[n++] = (char)('0' + c % 10);
    c /= 10;
  } while (c != 0);
  while (n > 0) put(w, tmp[--n], true);
}

void lw_hex8(LineWriter* w, uint32_t v) {
  lw_hex2(w, (uint8_t)(v >> 24));
  lw_hex2(w, (uint8_t)(v >> 16));
  lw_hex2(w, (uint8_t)(v >> 8));
  lw_hex2(w, (uint8_t)v);
}

void lw_hex3(LineWriter* w, uint16_t v) {
  put(w, HEX_DIGITS[(v >> 8) & 15], true);
  lw_hex2(w, (uint8_t)v);
}

void lw_hex16(LineWriter* w, uint64_t v) {
  lw_hex8(w, (uint32_t)(v >> 32));
  lw_hex8(w, (uint32_t)v);
}

void lw_pit(LineWriter* w, uint8_t pit) {
#if KETE_HALL
  // A1..A5, B1..B6, … I5..I9 (PROTOCOL.md §5.3)
  static const uint8_t START[10] = {0, 5, 11, 18, 26, 35, 43, 50, 56, 61};
  uint8_t r = 0;
  while (pit >= START[r + 1]) r++;
  put(w, (char)('A' + r), true);
  put(w, (char)('0' + (r > 4 ? r - 3 : 1) + (pit - START[r])), true);
  return;
#endif
#if defined(KETE_GEO_2X5P2)
  if (pit >= 10) {
    put(w, pit == 10 ? 'S' : 'N', true);
    put(w, 'C', true);
    return;
  }
  put(w, (char)('A' + pit / 5), true);
  put(w, (char)('1' + pit % 5), true);
#else
  put(w, (char)('A' + (pit >> 3)), true);
  put(w, (char)('1' + (pit & 7)), true);
#endif
}

void lw_end(LineWriter* w) {
  uint8_t crc = w->crc;
  put(w, '*', false);
  put(w, HEX_DIGITS[crc >> 4], false);
  put(w, HEX_DIGITS[crc & 15], false);
  put(w, '\n', false);
}
