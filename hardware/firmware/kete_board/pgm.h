// pgm.h: constant tables and strings in flash on AVR, plain memory on the host.
// The one place where portable code meets <avr/pgmspace.h>; the host build
// (native tests) sees plain C++.
#ifndef KETE_PGM_H
#define KETE_PGM_H

#include <stdint.h>

#if defined(__AVR__)
#include <avr/pgmspace.h>
#define KETE_FLASH PROGMEM
#define KETE_STR(s) (__extension__({ static const char __c[] PROGMEM = (s); &__c[0]; }))
static inline uint8_t kete_flash_byte(const void* p) { return pgm_read_byte(p); }
#else
#define KETE_FLASH
#define KETE_STR(s) (s)
static inline uint8_t kete_flash_byte(const void* p) { return *(const uint8_t*)p; }
#endif

#endif
