#include "buttons.h"

void deb_reset(Debouncer* d) {
  d->stable = 0;
  d->cand = 0;
  d->n = 0;
}

char deb_sample(Debouncer* d, uint8_t pressed) {
  pressed = pressed ? 1 : 0;
  if (pressed == d->stable) {
    d->n = 0;
    d->cand = pressed;
    return 0;
  }
  if (pressed != d->cand) {
    d->cand = pressed;
    d->n = 1;
  } else if (d->n < 255) {
    d->n++;
  }
  if (d->n >= BUTTON_SAMPLES) {
    d->stable = pressed;
    d->n = 0;
    return pressed ? 'P' : 'R';
  }
  return 0;
}
