// hx711_avr.cpp: the 32 HX711s read in parallel (hardware/README.md §4, §9).
// Row clocks PH3..PH6 (D6..D9) rise and fall together; the DOUT lines of rows
// A, B, C, D are PINA, PINC, PINL, PINK, bit b = column 8 − b.
#include <Arduino.h>
#include <avr/io.h>

#include "hal_avr.h"

#define CLOCKS 0x78  // PH3..PH6

// port byte → canonical pit bits of that row (bit b of the port is column 8 − b):
// a bit reversal, without variable shifts (a loop each on the AVR)
static uint8_t row_bits(uint8_t b) {
  b = (uint8_t)(((b & 0xF0) >> 4) | ((b & 0x0F) << 4));
  b = (uint8_t)(((b & 0xCC) >> 2) | ((b & 0x33) << 2));
  return (uint8_t)(((b & 0xAA) >> 1) | ((b & 0x55) << 1));
}

static uint32_t pits_of(uint8_t a, uint8_t c, uint8_t l, uint8_t k) {
  return (uint32_t)row_bits(a) | ((uint32_t)row_bits(c) << 8) | ((uint32_t)row_bits(l) << 16) |
         ((uint32_t)row_bits(k) << 24);
}

uint32_t hx_ready_mask() {
  // ready = DOUT low
  return pits_of((uint8_t)~PINA, (uint8_t)~PINC, (uint8_t)~PINL, (uint8_t)~PINK);
}

uint32_t hx_read(int32_t raw[32]) {
  uint8_t cap[4][24];
  uint8_t ra = (uint8_t)~PINA, rc = (uint8_t)~PINC, rl = (uint8_t)~PINL, rk = (uint8_t)~PINK;
  for (uint8_t i = 0; i < 24; i++) {
    PORTH |= CLOCKS;  // rising edge: every chip puts its next bit on DOUT
    __builtin_avr_delay_cycles(12);  // ≈ 1 µs high (datasheet: ≥ 0.2 µs, < 60 µs)
    PORTH &= (uint8_t)~CLOCKS;
    __builtin_avr_delay_cycles(4);
    cap[0][i] = PINA;
    cap[1][i] = PINC;
    cap[2][i] = PINL;
    cap[3][i] = PINK;
  }
  // the 25th pulse: channel A, gain 128 for the next conversion
  PORTH |= CLOCKS;
  __builtin_avr_delay_cycles(12);
  PORTH &= (uint8_t)~CLOCKS;
  // transpose: bit b of port row r over 24 clocks is the reading of pit r*8 + 7 − b,
  // MSB first; built a byte at a time (8-bit shifts are cheap on the AVR)
  for (uint8_t r = 0; r < 4; r++) {
    uint8_t mask = 1;
    for (uint8_t b = 0; b < 8; b++, mask = (uint8_t)(mask << 1)) {
      const uint8_t* p = cap[r];
      uint8_t bytes[3];
      for (uint8_t k = 0; k < 3; k++) {
        uint8_t acc = 0;
        for (uint8_t i = 0; i < 8; i++) {
          acc = (uint8_t)(acc << 1);
          if (*p++ & mask) acc |= 1;
        }
        bytes[k] = acc;
      }
      uint32_t v = ((uint32_t)bytes[0] << 16) | ((uint16_t)bytes[1] << 8) | bytes[2];
      if (v & 0x800000UL) v |= 0xFF000000UL;  // sign-extend 24 → 32 bits
      raw[r * 8 + 7 - b] = (int32_t)v;
    }
  }
  return pits_of(ra, rc, rl, rk);
}
