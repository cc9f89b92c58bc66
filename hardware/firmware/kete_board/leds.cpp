#include "leds.h"

#include "pgm.h"

#if KETE_HALL
// hex61 (hardware/abalone.md §10): A1→A5, B6→B1, C1→C7, D8→D1, E1→E9, F9→F2, G3→G9,
// H9→H4, I5→I9 — rows A, C, E, G, I run with the canonical order, B, D, F, H against it
static const uint8_t HEX_START[10] = {0, 5, 11, 18, 26, 35, 43, 50, 56, 61};
uint8_t led_of_pit(uint8_t pit) {
  uint8_t r = 0;
  while (pit >= HEX_START[r + 1]) r++;
  if (r & 1) return (uint8_t)(HEX_START[r] + HEX_START[r + 1] - 1 - pit);
  return pit;
}

uint8_t pit_of_led(uint8_t led) { return led_of_pit(led); }  // a reversal is its own inverse
#elif defined(KETE_GEO_2X5P2)
uint8_t led_of_pit(uint8_t pit) {
  if (pit < 5) return (uint8_t)(5 - pit);   // A1..A5 → 5..1
  if (pit < 10) return (uint8_t)(pit + 1);  // B1..B5 → 6..10
  return pit == 10 ? 0 : 11;                // SC first, NC last
}

uint8_t pit_of_led(uint8_t led) {
  if (led == 0) return 10;
  if (led <= 5) return (uint8_t)(5 - led);
  if (led <= 10) return (uint8_t)(led - 1);
  return 11;
}
#else
uint8_t led_of_pit(uint8_t pit) {
  uint8_t row = pit >> 3, col = pit & 7;  // col 0 = column 1
  switch (row) {
    case 0: return (uint8_t)(7 - col);
    case 1: return (uint8_t)(8 + col);
    case 2: return (uint8_t)(16 + 7 - col);
    default: return (uint8_t)(24 + col);
  }
}

uint8_t pit_of_led(uint8_t led) {
  uint8_t row = led >> 3, k = led & 7;
  switch (row) {
    case 0: return (uint8_t)(7 - k);
    case 1: return (uint8_t)(8 + k);
    case 2: return (uint8_t)(16 + 7 - k);
    default: return (uint8_t)(24 + k);
  }
}
#endif

// first half of the raised cosine (20 ms steps over 0..1000 ms), gamma 2.2
static const uint8_t PULSE[50] KETE_FLASH = {
    0,   0,   0,   0,   0,   0,   0,   0,   1,   1,   2,   3,   4,   5,   7,   9,   12,
    15,  18,  22,  27,  32,  38,  45,  52,  59,  68,  76,  86,  95,  105, 116, 126, 137,
    148, 159, 170, 180, 190, 200, 209, 218, 225, 232, 239, 244, 248, 252, 254, 255};

// R, G, B of colours 1..7 (hardware/README.md §5)
static const uint8_t COLOURS[7][3] KETE_FLASH = {
    {255, 0, 0}, {0, 255, 0}, {0, 0, 255}, {255, 150, 0}, {0, 200, 255}, {255, 0, 200}, {255, 210, 170}};

uint8_t led_pulse_level(uint32_t t) {
  uint16_t i = (uint16_t)((t % 2000) / 20);  // 0..99
  if (i >= 50) i = (uint16_t)(99 - i);
  return kete_flash_byte(&PULSE[i]);
}

uint8_t led_level(uint8_t state, uint32_t t) {
  uint8_t c = state & 7, p = (state >> 4) & 7;
  if (c == 0) return 0;
  switch (p) {
    case LED_PAT_STEADY: return 255;
    case LED_PAT_BLINK: return (t % 1000) < 500 ? 255 : 0;
    case LED_PAT_FAST: return (t % 250) < 125 ? 255 : 0;
    case LED_PAT_PULSE: return led_pulse_level(t);
    default: return 0;
  }
}

bool leds_animated(const uint8_t states[LED_COUNT]) {
  for (uint8_t i = 0; i < LED_COUNT; i++) {
    uint8_t p = (states[i] >> 4) & 7;
    if ((states[i] & 7) != 0 && p != LED_PAT_STEADY) return true;
  }
  return false;
}

// v × level / 255, exact at 0 and 255, without a division (the frame is built
// every 20 ms while anything blinks, between two drains of the UART)
static uint8_t scale(uint8_t v, uint8_t level) { return (uint8_t)(((uint16_t)v * (uint16_t)(level + 1)) >> 8); }

void led_frame(const uint8_t states[LED_COUNT], uint32_t t, void (*emit)(uint8_t)) {
  uint8_t levels[5];  // per pattern, computed once per frame
  levels[0] = 0;
  for (uint8_t p = 1; p <= 4; p++) levels[p] = led_level((uint8_t)(1 | (p << 4)), t);
  for (uint8_t i = 0; i < 4; i++) emit(0x00);
  for (uint8_t led = 0; led < LED_COUNT; led++) {
    uint8_t s = states[pit_of_led(led)];
    uint8_t c = s & 7, p = (s >> 4) & 7;
    uint8_t level = (c != 0 && p <= 4) ? levels[p] : 0;
    uint8_t r = 0, g = 0, b = 0;
    if (level != 0) {
      const uint8_t* rgb = COLOURS[c - 1];
      r = scale(kete_flash_byte(rgb), level);
      g = scale(kete_flash_byte(rgb + 1), level);
      b = scale(kete_flash_byte(rgb + 2), level);
    }
    emit((uint8_t)(0xE0 | LED_BRIGHTNESS));
    emit(b);
    emit(g);
    emit(r);
  }
  for (uint8_t i = 0; i < 8; i++) emit(0x00);
}
