// kete_abalone: the firmware of the Abalone board (hex61, hardware/abalone.md),
// speaking firmware-protocol/PROTOCOL.md with a colour per hole (§5.3). The
// core (lines, LEDs, buttons, watchdog, UART) is the reference board's
// (../kete_board, built with -DKETE_GEO_HEX61); this sketch adds the sensing
// module: 61 TMAG5273 Hall sensors behind TCA9548A switches (hall.cpp,
// hall_avr.cpp) and the board logic for holes (board_hex61.cpp).
#include "board.h"
#include "buttons.h"
#include "hal_avr.h"
#include "hall.h"
#include "hall_avr.h"

#define SCAN_PERIOD_MS 25  // a scan of all 61 every 25 ms (§5)

static uint32_t lastButtons;
static uint32_t scanStart;
static uint8_t nextHole;  // KETE_PITS: classifying, then waiting for the next scan's start
static uint8_t nextClass = KETE_PITS;  // the next hole to classify (KETE_PITS: none)
#define CLASSIFY_PART 8                // holes classified a pass

// Longest loop pass since boot, in µs (also in GPIOR0 in units of 64 µs); the
// last scan's duration in ms, reading and classifying.
volatile uint16_t kete_loop_max_us;
volatile uint16_t kete_scan_ms;

void setup() {
  hal_init();
  hall_bus_begin();
  uint32_t now = millis();
  board_begin(hal_boot_reason(), now);
  lastButtons = now;
  scanStart = now;
  nextHole = 0;
}

static void drain() {
  while (uart_available() > 0 && board_rx_ready()) board_rx_byte((uint8_t)uart_read(), millis());
}

// holes for up to 4 ms a pass (≈ 10 holes: the pass stays within what a 64-byte
// ring holds at 115200 baud, 5.5 ms); the scan's end classifies the board
#define SCAN_SLICE_US 4000
static void scan_step(uint32_t now) {
  if (nextClass < KETE_PITS) {
    uint8_t to = (uint8_t)(nextClass + CLASSIFY_PART);
    if (board_scan_end(nextClass, to > KETE_PITS ? KETE_PITS : to, millis())) {
      nextClass = KETE_PITS;
      kete_scan_ms = (uint16_t)(millis() - scanStart);
    } else {
      nextClass = to;
    }
    return;
  }
  if (nextHole >= KETE_PITS) {
    if (now - scanStart < SCAN_PERIOD_MS) return;
    scanStart = now;
    nextHole = 0;
  }
  uint32_t t0 = micros();
  do {
    int16_t r[3];
    bool ok = hall_bus_read(nextHole, r);
    board_hole(nextHole, ok ? r : 0);
    nextHole++;
  } while (nextHole < KETE_PITS && micros() - t0 < SCAN_SLICE_US);
  if (nextHole == KETE_PITS) {
    hall_bus_idle();
    nextClass = 0;
  }
}

void loop() {
  uint32_t start = micros();
  hal_watchdog_kick();
  drain();
  scan_step(millis());
  drain();
  uint32_t now = millis();
  if (now - lastButtons >= BUTTON_PERIOD_MS) {
    lastButtons += BUTTON_PERIOD_MS;
    if (now - lastButtons >= BUTTON_PERIOD_MS) lastButtons = now;
    board_buttons(hal_buttons(), now);
  }
  board_poll(now);
  drain();
  hal_stack_monitor_step();
  uint32_t took = micros() - start;
  if (took > kete_loop_max_us) {
    kete_loop_max_us = took > 65535 ? 65535 : (uint16_t)took;
    GPIOR0 = took >= 255u * 64 ? 255 : (uint8_t)(took / 64);
  }
}
