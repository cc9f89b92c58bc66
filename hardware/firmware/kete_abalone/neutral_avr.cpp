// neutral_avr.cpp: the 74HCT165 chain of the neutral-marble switches on the
// Mega (hardware/abalone.md §2.3, §9.1): PL on D22 (PA0), CP on D23 (PA1), Q7
// on D24 (PA2, pulled up). PL low loads the 64 inputs; each rising CP shifts
// the next one out, hole 0 first. 64 bits ≈ 70 µs.
#include <avr/io.h>

#include "neutral.h"

void neutral_pins_begin() {
  DDRA |= _BV(PA0) | _BV(PA1);
  DDRA &= (uint8_t)~_BV(PA2);
  PORTA |= _BV(PA0) | _BV(PA2);  // PL idle high, Q7's pull-up
  PORTA &= (uint8_t)~_BV(PA1);
}

uint64_t neutral_read() {
  PORTA &= (uint8_t)~_BV(PA0);  // PL low: load (tw ≥ 20 ns; a cycle is 62.5 ns)
  __asm__ __volatile__("nop");
  PORTA |= _BV(PA0);
  uint64_t word = 0;
  for (uint8_t i = 0; i < 64; i++) {
    if (PINA & _BV(PA2)) word |= (uint64_t)1 << i;
    PORTA |= _BV(PA1);  // CP rising: the next bit
    PORTA &= (uint8_t)~_BV(PA1);
  }
  return word;
}
