// hall_avr.cpp: the TWI master for the Abalone board's sensors (hall_avr.h).
// Register-level TWI (ATmega2560 datasheet §24), polled: one hole per call, a
// few hundred µs, so a main-loop pass stays short (the UART ring is interrupt-fed).
#include <Arduino.h>
#include <avr/io.h>

#include "hall_avr.h"

#define TMAG 0x35
#define TCA 0x70
#define TW_START 0x08
#define TW_REP_START 0x10
#define TW_MT_SLA_ACK 0x18
#define TW_MT_DATA_ACK 0x28
#define TW_MR_SLA_ACK 0x40
#define TW_MR_DATA_ACK 0x50
#define TW_MR_DATA_NACK 0x58
#define TW_WAIT_US 400  // a byte takes 22.5 µs at 400 kHz; a stuck bus gives up

static uint8_t selSwitch = 0xFF;  // the switch whose port is on

static bool tw_wait() {
  uint16_t n = 0;
  while (!(TWCR & _BV(TWINT))) {
    if (++n > TW_WAIT_US * 4) return false;  // ≈ 4 polls a µs
  }
  return true;
}

static uint8_t tw_status() { return TWSR & 0xF8; }

static bool tw_start(uint8_t want) {
  TWCR = _BV(TWINT) | _BV(TWSTA) | _BV(TWEN);
  return tw_wait() && tw_status() == want;
}

static void tw_stop() {
  TWCR = _BV(TWINT) | _BV(TWSTO) | _BV(TWEN);
  uint16_t n = 0;
  while ((TWCR & _BV(TWSTO)) && ++n < 2000) {
  }
}

static bool tw_send(uint8_t b, uint8_t want) {
  TWDR = b;
  TWCR = _BV(TWINT) | _BV(TWEN);
  return tw_wait() && tw_status() == want;
}

static bool tw_recv(bool ack, uint8_t* b) {
  TWCR = _BV(TWINT) | _BV(TWEN) | (ack ? _BV(TWEA) : 0);
  if (!tw_wait() || tw_status() != (ack ? TW_MR_DATA_ACK : TW_MR_DATA_NACK)) return false;
  *b = TWDR;
  return true;
}

// a write transaction: address, then n bytes
static bool tw_write(uint8_t addr, const uint8_t* p, uint8_t n) {
  bool ok = tw_start(TW_START) && tw_send((uint8_t)(addr << 1), TW_MT_SLA_ACK);
  for (uint8_t i = 0; ok && i < n; i++) ok = tw_send(p[i], TW_MT_DATA_ACK);
  tw_stop();
  return ok;
}

static void bus_recover() {
  // a stuck bus (§6 Faults): reset the switches (D53 low) and start the TWI afresh
  TWCR = 0;
  PORTB &= (uint8_t)~_BV(PB0);
  delayMicroseconds(2);
  PORTB |= _BV(PB0);
  TWCR = _BV(TWEN);
  selSwitch = 0xFF;
}

void hall_bus_begin() {
  PORTB |= _BV(PB0);  // D53: the switches' RESET, inactive (high)
  DDRB |= _BV(PB0);
  TWSR = 0;      // prescaler 1
  TWBR = 12;     // SCL = 16 MHz / (16 + 2·12) = 400 kHz (§5)
  TWCR = _BV(TWEN);
  selSwitch = 0xFF;
}

static bool select(uint8_t h) {
  uint8_t sw = (uint8_t)(h >> 3), port = (uint8_t)(1 << (h & 7));
  if (selSwitch != 0xFF && selSwitch != sw) {
    uint8_t off = 0;
    tw_write((uint8_t)(TCA + selSwitch), &off, 1);
  }
  selSwitch = sw;
  return tw_write((uint8_t)(TCA + sw), &port, 1);
}

bool hall_bus_read(uint8_t h, int16_t out[3]) {
  if (!select(h)) {
    bus_recover();
    return false;
  }
  uint8_t b[7];
  bool ok = tw_start(TW_START) && tw_send(TMAG << 1, TW_MT_SLA_ACK) && tw_send(0x12, TW_MT_DATA_ACK) &&
            tw_start(TW_REP_START) && tw_send((TMAG << 1) | 1, TW_MR_SLA_ACK);
  for (uint8_t i = 0; ok && i < 7; i++) ok = tw_recv(i < 6, &b[i]);
  tw_stop();
  if (!ok) return false;
  if (b[6] & 0x10) {
    // POR: powered up (boot, or the ribbon plugged back): continuous X, Y, Z at 16×
    // (DEVICE_CONFIG_1 CONV_AVG = 100b, DEVICE_CONFIG_2 OPERATING_MODE = 10b,
    // SENSOR_CONFIG_1 MAG_CH_EN = 0111b), then clear POR (write 1)
    static const uint8_t cfg[4] = {0x00, 4 << 2, 0x02, 0x70};
    static const uint8_t por[2] = {0x18, 0x10};
    tw_write(TMAG, cfg, 4);
    tw_write(TMAG, por, 2);
    return false;
  }
  for (uint8_t a = 0; a < 3; a++) out[a] = (int16_t)(((uint16_t)b[2 * a] << 8) | b[2 * a + 1]);
  return true;
}

void hall_bus_idle() {
  if (selSwitch == 0xFF) return;
  uint8_t off = 0;
  tw_write((uint8_t)(TCA + selSwitch), &off, 1);
  selSwitch = 0xFF;
}
