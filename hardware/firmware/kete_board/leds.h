// leds.h: LED states and the SK9822 frame (hardware/README.md §5, PROTOCOL.md §8).
// Portable: no AVR headers. The frame is produced byte by byte through a
// callback, so the board streams it straight to SPI without a frame buffer.
#ifndef KETE_LEDS_H
#define KETE_LEDS_H

#include <stdint.h>

#include "geometry.h"

#define LED_COUNT KETE_PITS
#define LED_BRIGHTNESS 8   // SK9822 global brightness, capped at 8/31 (power budget)

// state byte: colour 1..7 (R G B Y C M W) in bits 0-2, pattern 1..4 (S B F P) in bits 4-6
#define LED_PAT_STEADY 1
#define LED_PAT_BLINK 2
#define LED_PAT_FAST 3
#define LED_PAT_PULSE 4

// Chain position (0 = first LED after the Mega) of a pit, and back
// (geometry/4x8.json: A8→A1, B1→B8, C8→C1, D1→D8; geometry/2x5+2.json: SC, A5→A1,
// B1→B5, NC).
uint8_t led_of_pit(uint8_t pit);
uint8_t pit_of_led(uint8_t led);

// Pulse brightness 0..255 at phase t ms (raised cosine over 2000 ms, gamma 2.2).
uint8_t led_pulse_level(uint32_t t);
// Whether an LED in that state is lit at time t, and at what level 0..255.
uint8_t led_level(uint8_t state, uint32_t t);
// True when any state blinks or pulses (the chain then refreshes every 20 ms).
bool leds_animated(const uint8_t states[LED_COUNT]);
// The whole frame for states (indexed by pit) at board time t: 4 zero bytes,
// LED_COUNT × (0xE0 | brightness, blue, green, red), then 8 zero bytes (reset and end frame).
void led_frame(const uint8_t states[LED_COUNT], uint32_t t, void (*emit)(uint8_t));
#define LED_FRAME_BYTES (4 + 4 * LED_COUNT + 8)

#endif
