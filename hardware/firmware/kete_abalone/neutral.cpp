// neutral.cpp: the neutral marble as "an empty Hall reading over a conductor"
// (neutral.h, hardware/abalone.md §2.3). Portable.
#include "neutral.h"

void neutral_begin(NeutralState st[NEUTRAL_HOLES], uint32_t now) {
  for (uint8_t h = 0; h < NEUTRAL_HOLES; h++) {
    st[h].on = 0;
    st[h].cand = 0;
    st[h].candN = 0;
    st[h].since = (uint16_t)now;
  }
}

bool neutral_scan(NeutralState st[NEUTRAL_HOLES], uint64_t word, uint32_t now) {
  bool present = (word & NEUTRAL_MARKER) == 0;
  for (uint8_t h = 0; h < NEUTRAL_HOLES; h++) {
    NeutralState* s = &st[h];
    uint8_t seen = present && !((word >> h) & 1) ? 1 : 0;
    if (seen != s->cand) {  // the output changed: the hole is moving (§6)
      s->cand = seen;
      s->candN = 1;
      s->since = (uint16_t)now;
      continue;
    }
    if (s->candN < 2) s->candN++;
    if (s->candN >= 2 && s->on != seen) {  // confirmed on two scans running
      s->on = seen;
      s->since = (uint16_t)now;
    }
  }
  return present;
}

char neutral_cell(char hall, const NeutralState* s) { return hall == '.' && s->on ? 'n' : hall; }

bool neutral_settled(const NeutralState* s, uint32_t now, uint16_t deb) {
  if (s->cand != s->on) return false;
  return (uint16_t)((uint16_t)now - s->since) >= deb;
}
