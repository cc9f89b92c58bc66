// sensing.h: what the board core (board.cpp) asks of the geometry's sensing
// module beyond the load cells of sense.h. On 4x8 the load cells are the whole
// reading and these are empty inline functions (the image is the one built
// before boards shared the core); on 2x5+2 they are the gem readers' rules
// (gems.h, hardware/glassperlenspiel.md §6.1). Portable: no AVR headers.
#ifndef KETE_SENSING_H
#define KETE_SENSING_H

#include <stdint.h>

#include "geometry.h"
#include "linefmt.h"
#include "sense.h"

#if KETE_GEMS
#include "gems.h"

static inline void sensing_begin(uint32_t now) { gems_begin(now); }
static inline int32_t sensing_raw(uint8_t place, int32_t raw, const PitCal* cal) { return gems_raw(place, raw, cal); }
static inline uint32_t sensing_scan(PitState* pits, uint32_t now) { return gems_scan(pits, now); }
static inline bool sensing_faulty(uint8_t place) { return gems_faulty(place); }
static inline bool sensing_settled(uint8_t place, const PitState* p, uint32_t now, uint16_t deb) {
  return gems_settled(place, p, now, deb);
}
static inline void sensing_fmt(LineWriter* w, uint8_t place) { gems_fmt(w, place); }
static inline bool sensing_changed(uint8_t place) { return gems_changed(place); }
static inline void sensing_sent(uint8_t place) { gems_sent(place); }
#else
static inline void sensing_begin(uint32_t) {}
static inline int32_t sensing_raw(uint8_t, int32_t raw, const PitCal*) { return raw; }
static inline uint32_t sensing_scan(PitState*, uint32_t) { return 0; }
static inline bool sensing_faulty(uint8_t) { return false; }
static inline bool sensing_settled(uint8_t, const PitState*, uint32_t, uint16_t) { return true; }
static inline void sensing_fmt(LineWriter*, uint8_t) {}
static inline bool sensing_changed(uint8_t) { return false; }
static inline void sensing_sent(uint8_t) {}
#endif

#endif
