// hall_avr.cpp: the TWI master for the Abalone board's sensors (hall_avr.h),
// interrupt-driven (ATmega2560 datasheet §24.6–§24.7): the TWI interrupt walks
// a scan hole by hole, transaction by transaction, and the main loop only
// starts a scan and takes the readings (hardware/abalone.md §5, §8).
//
// Per hole: the previous switch's ports off when the switch changes, the
// hole's port on (TCA9548A control byte), then the sensor's X, Y, Z and
// CONV_STATUS from register 0x12 in one burst (7 bytes after a repeated
// start). A sensor reporting POR is configured in two more writes. Each
// transaction ends with STOP followed by START (TWSTA and TWSTO together),
// the last with a STOP alone, without the interrupt.
#include <Arduino.h>
#include <avr/interrupt.h>
#include <avr/io.h>

#include "hall.h"
#include "hall_avr.h"

#define TMAG 0x35
#define TCA 0x70
#define CR_GO (_BV(TWINT) | _BV(TWEN) | _BV(TWIE))
#define STALL_US 2000  // no interrupt for this long: the bus is stuck
// inlined into the interrupt: a call from it would make it save every call-clobbered
// register, and the bus waits for the interrupt at every byte (SCL held low)
#define IN_ISR static inline __attribute__((always_inline))

enum Phase { PH_OFF, PH_SEL, PH_READ, PH_CFG, PH_POR };

// DEVICE_CONFIG_1 CONV_AVG = 100b (16×), DEVICE_CONFIG_2 OPERATING_MODE = 10b
// (continuous), SENSOR_CONFIG_1 MAG_CH_EN = 0111b (X, Y, Z); then POR cleared (write 1)
static const uint8_t CFG[4] = {0x00, 4 << 2, 0x02, 0x70};
static const uint8_t CLEAR_POR[2] = {0x18, 0x10};
static const uint8_t RESULTS[1] = {0x12};
static const uint8_t PORTS_OFF[1] = {0x00};

// the interrupt's state
static volatile uint8_t done = HALL_HOLES;  // holes finished this scan
static volatile bool active;                // a scan is on the bus
static volatile uint8_t progress;           // bumped by every interrupt (hall_bus_watch)
static uint8_t hole, phase, selSwitch = 0xFF, selByte;
static uint8_t addr, outLen, outPos, inLen, inPos;
static const uint8_t* out;
static bool reading;
static bool idleBus;  // the next START is the scan's first: no STOP before it
static uint8_t buf[7];
static int16_t raw[HALL_HOLES][3];
static uint8_t okBits[(HALL_HOLES + 7) / 8];

static uint8_t seenProgress;
static uint32_t seenAt;

IN_ISR void begin_tx(uint8_t a, const uint8_t* p, uint8_t n, uint8_t in) {
  addr = a;
  out = p;
  outLen = n;
  outPos = 0;
  inLen = in;
  inPos = 0;
  reading = false;
  if (idleBus) {
    idleBus = false;
    TWCR = CR_GO | _BV(TWSTA);
  } else {
    TWCR = CR_GO | _BV(TWSTA) | _BV(TWSTO);  // STOP of the last transaction, then START
  }
}

IN_ISR void end_scan() {
  TWCR = _BV(TWINT) | _BV(TWSTO) | _BV(TWEN);  // STOP, no interrupt after it
  active = false;
}

// the next hole's first transaction, or the end of the scan
IN_ISR void next_hole() {
  uint8_t sw = (uint8_t)(hole >> 3);
  if (selSwitch != 0xFF && (hole >= HALL_HOLES || sw != selSwitch)) {
    phase = PH_OFF;
    begin_tx((uint8_t)(TCA + selSwitch), PORTS_OFF, 1, 0);
    return;
  }
  if (hole >= HALL_HOLES) {
    end_scan();
    return;
  }
  phase = PH_SEL;
  selByte = (uint8_t)(1 << (hole & 7));
  begin_tx((uint8_t)(TCA + sw), &selByte, 1, 0);
}

IN_ISR void finish_hole(bool good) {
  uint8_t bit = (uint8_t)(1 << (hole & 7));
  if (good) okBits[hole >> 3] |= bit;
  else okBits[hole >> 3] &= (uint8_t)~bit;
  hole++;
  done = hole;
  next_hole();
}

// a transaction ended: acknowledged throughout (ok) or not
IN_ISR void advance(bool ok) {
  switch (phase) {
    case PH_OFF:
      selSwitch = 0xFF;
      next_hole();
      return;
    case PH_SEL:
      if (!ok) {
        selSwitch = 0xFF;  // the switch is gone: its port is not on
        finish_hole(false);
        return;
      }
      selSwitch = (uint8_t)(hole >> 3);
      phase = PH_READ;
      begin_tx(TMAG, RESULTS, 1, 7);
      return;
    case PH_READ:
      if (!ok) {
        finish_hole(false);
        return;
      }
      for (uint8_t a = 0; a < 3; a++) raw[hole][a] = (int16_t)(((uint16_t)buf[2 * a] << 8) | buf[2 * a + 1]);
      if (buf[6] & 0x10) {  // POR: powered up (boot, or the ribbon plugged back)
        phase = PH_CFG;
        begin_tx(TMAG, CFG, 4, 0);
        return;
      }
      finish_hole(true);
      return;
    case PH_CFG:
      phase = PH_POR;
      begin_tx(TMAG, CLEAR_POR, 2, 0);
      return;
    default:  // PH_POR: read from the next scan on
      finish_hole(false);
      return;
  }
}

ISR(TWI_vect) {
  progress++;
  uint8_t s = TWSR & 0xF8;
  switch (s) {
    case 0x08:  // START
    case 0x10:  // repeated START
      TWDR = (uint8_t)((addr << 1) | (reading ? 1 : 0));
      TWCR = CR_GO;
      return;
    case 0x18:  // SLA+W acknowledged
    case 0x28:  // data byte acknowledged
      if (outPos < outLen) {
        TWDR = out[outPos++];
        TWCR = CR_GO;
      } else if (inLen > 0) {
        reading = true;
        TWCR = CR_GO | _BV(TWSTA);  // repeated START for the read
      } else {
        advance(true);
      }
      return;
    case 0x40:  // SLA+R acknowledged: acknowledge every byte but the last
      TWCR = CR_GO | (inLen > 1 ? _BV(TWEA) : 0);
      return;
    case 0x50:  // byte received, acknowledged
    case 0x58:  // last byte received, not acknowledged
      if (inPos < sizeof buf) buf[inPos++] = TWDR;
      if (s == 0x58 || inPos >= inLen) {
        advance(inPos >= inLen);
        return;
      }
      TWCR = CR_GO | (inPos + 1 < inLen ? _BV(TWEA) : 0);
      return;
    default:  // not acknowledged (0x20, 0x30, 0x48), arbitration lost (0x38), bus error
      advance(false);
      return;
  }
}

void hall_bus_begin() {
  PORTB |= _BV(PB0);  // D53: the switches' RESET, inactive (high)
  DDRB |= _BV(PB0);
  TWSR = 0;   // prescaler 1
  TWBR = 12;  // SCL = 16 MHz / (16 + 2·12) = 400 kHz (§5)
  TWCR = _BV(TWEN);
  selSwitch = 0xFF;
  done = HALL_HOLES;
  active = false;
}

void hall_bus_start() {
  if (active) return;
  hole = 0;
  done = 0;
  active = true;
  seenProgress = progress;
  seenAt = micros();
  idleBus = true;
  uint8_t sreg = SREG;
  cli();
  next_hole();
  SREG = sreg;
}

uint8_t hall_bus_done() { return done; }

bool hall_bus_busy() { return active; }

bool hall_bus_result(uint8_t h, int16_t r[3]) {
  if (h >= done || !(okBits[h >> 3] & (1 << (h & 7)))) return false;
  for (uint8_t a = 0; a < 3; a++) r[a] = raw[h][a];
  return true;
}

void hall_bus_watch(uint32_t nowUs) {
  if (!active) return;
  uint8_t p = progress;
  if (p != seenProgress) {
    seenProgress = p;
    seenAt = nowUs;
    return;
  }
  if (nowUs - seenAt < STALL_US) return;
  // stuck (§6 Faults): TWI off, the switches reset (D53 low), the rest of the scan silent
  uint8_t sreg = SREG;
  cli();
  TWCR = 0;
  PORTB &= (uint8_t)~_BV(PB0);
  delayMicroseconds(2);
  PORTB |= _BV(PB0);
  for (uint8_t h = hole; h < HALL_HOLES; h++) okBits[h >> 3] &= (uint8_t) ~(1 << (h & 7));
  hole = HALL_HOLES;
  done = HALL_HOLES;
  selSwitch = 0xFF;
  active = false;
  TWCR = _BV(TWEN);
  SREG = sreg;
}
