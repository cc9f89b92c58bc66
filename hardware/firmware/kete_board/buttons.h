// buttons.h: button debouncing (hardware/README.md §7): sampled every 5 ms,
// a new state is accepted after 4 equal samples. Portable.
#ifndef KETE_BUTTONS_H
#define KETE_BUTTONS_H

#include <stdint.h>

#define BUTTON_SAMPLES 4
#define BUTTON_PERIOD_MS 5

struct Debouncer {
  uint8_t stable;  // 1 = pressed
  uint8_t cand;
  uint8_t n;
};

void deb_reset(Debouncer* d);
// One sample (1 = pressed). Returns 0 nothing, 'P' pressed, 'R' released.
char deb_sample(Debouncer* d, uint8_t pressed);

#endif
