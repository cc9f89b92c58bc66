// gems_avr.cpp: the Glassperlenspiel board's hardware on the Mega
// (hardware/glassperlenspiel.md §8.1): 12 HX711s on one clock, 12 PN5180
// readers on the SPI bus, the LED chain bit-banged off that bus.
#include <Arduino.h>
#include <avr/io.h>

#include "hal.h"
#include "hal_avr.h"
#include "inventory.h"

#define HX_CLOCK _BV(PH3)  // D6: every HX711's SCK
#define LED_DATA _BV(PG5)  // D4
#define LED_CLOCK _BV(PE3) // D5

void gems_pins() {
  // HX711 DOUT: places 0-7 on PA0-PA7, 8-11 on PC0-PC3, inputs with pull-ups
  DDRA = 0;
  PORTA = 0xFF;
  PORTC = 0xFF;  // PC4-PC7: chip selects of readers 8-11, high (deselected) before they drive
  DDRC = 0xF0;
  PORTH &= (uint8_t)~HX_CLOCK;  // low (high for > 60 µs powers the chips down)
  DDRH |= HX_CLOCK;
  // readers: NSS 0-7 on PL0-PL7 (high), BUSY 0-7 on PK0-PK7 and 8-11 on PF0-PF3 (inputs)
  PORTL = 0xFF;
  DDRL = 0xFF;
  DDRK = 0;
  PORTK = 0;
  DDRF &= (uint8_t)~0x0F;
  PORTF &= (uint8_t)~0x0F;
  // SPI master, mode 0, MSB first, 16 MHz / 4 = 4 MHz (the PN5180 takes up to 7 MHz):
  // PB0 (D53) is the readers' shared RST, an output held high; PB1 SCK, PB2 MOSI outputs
  PORTB |= _BV(PB0);
  DDRB |= _BV(PB0) | _BV(PB1) | _BV(PB2);
  DDRB &= (uint8_t)~_BV(PB3);
  SPCR = _BV(SPE) | _BV(MSTR);
  SPSR = 0;
  // the LED chain: D4 data, D5 clock, outputs low
  PORTG &= (uint8_t)~LED_DATA;
  DDRG |= LED_DATA;
  PORTE &= (uint8_t)~LED_CLOCK;
  DDRE |= LED_CLOCK;
  // D13 (PB7) heartbeat LED
  DDRB |= _BV(PB7);
  PORTB &= (uint8_t)~_BV(PB7);
}

// ---- HX711s ------------------------------------------------------------------

uint16_t hx12_ready_mask() {
  return (uint16_t)(~(PINA | ((uint16_t)(PINC & 0x0F) << 8)) & 0x0FFF);  // ready = DOUT low
}

uint16_t hx12_read(int32_t raw[12]) {
  uint8_t a[24], c[24];
  uint16_t ready = hx12_ready_mask();
  for (uint8_t i = 0; i < 24; i++) {
    PORTH |= HX_CLOCK;
    __builtin_avr_delay_cycles(12);  // ≈ 1 µs high (datasheet: ≥ 0.2 µs, < 60 µs)
    PORTH &= (uint8_t)~HX_CLOCK;
    __builtin_avr_delay_cycles(4);
    a[i] = PINA;
    c[i] = PINC;
  }
  PORTH |= HX_CLOCK;  // the 25th pulse: channel A, gain 128
  __builtin_avr_delay_cycles(12);
  PORTH &= (uint8_t)~HX_CLOCK;
  for (uint8_t p = 0; p < 12; p++) {
    const uint8_t* src = p < 8 ? a : c;
    uint8_t mask = (uint8_t)(1u << (p & 7));
    uint32_t v = 0;
    for (uint8_t i = 0; i < 24; i++) v = (v << 1) | ((src[i] & mask) ? 1 : 0);
    if (v & 0x800000UL) v |= 0xFF000000UL;
    raw[p] = (int32_t)v;
  }
  return ready;
}

// ---- PN5180 readers -------------------------------------------------------------

bool pn_busy(uint8_t r) { return r < 8 ? (PINK >> r) & 1 : (PINF >> (r - 8)) & 1; }

static void nss(uint8_t r, bool low) {
  if (r < 8) {
    if (low) PORTL &= (uint8_t)~(1u << r);
    else PORTL |= (uint8_t)(1u << r);
  } else {
    uint8_t bit = (uint8_t)(1u << (r - 8 + 4));
    if (low) PORTC &= (uint8_t)~bit;
    else PORTC |= bit;
  }
}

static uint8_t spi(uint8_t b) {
  SPDR = b;
  while (!(SPSR & _BV(SPIF))) {
  }
  return SPDR;
}

void pn_frame(uint8_t r, const uint8_t* tx, uint8_t ntx, uint8_t* rx, uint8_t nrx) {
  nss(r, true);
  for (uint8_t i = 0; i < ntx; i++) spi(tx[i]);
  for (uint8_t i = 0; i < nrx; i++) rx[i] = spi(0xFF);
  nss(r, false);
}

uint32_t pn_micros() { return micros(); }

// ---- the LED chain, bit-banged (SK9822: data taken on the clock's rising edge) ---

void hal_led_begin() {}

void hal_led_byte(uint8_t b) {
  for (uint8_t i = 0; i < 8; i++, b = (uint8_t)(b << 1)) {
    if (b & 0x80) PORTG |= LED_DATA;
    else PORTG &= (uint8_t)~LED_DATA;
    PORTE |= LED_CLOCK;
    PORTE &= (uint8_t)~LED_CLOCK;
  }
}

void hal_led_end() { PORTG &= (uint8_t)~LED_DATA; }
