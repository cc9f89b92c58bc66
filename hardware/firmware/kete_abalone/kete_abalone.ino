// kete_abalone: the firmware of the Abalone board (hex61, hardware/abalone.md),
// speaking firmware-protocol/PROTOCOL.md with a colour per hole (§5.3). The
// core (lines, LEDs, buttons, watchdog, UART) is the reference board's
// (../kete_board, built with -DKETE_GEO_HEX61); this sketch adds the sensing
// module: 61 TMAG5273 Hall sensors behind TCA9548A switches (hall.cpp,
// hall_avr.cpp) and the holes as the core's places (places_hall.cpp).
#include "board.h"
#include "buttons.h"
#include "hal_avr.h"
#include "hall.h"
#include "hall_avr.h"
#if KETE_NEUTRAL
#include "neutral.h"  // the neutral marble's switches (hardware/abalone.md §2.3)
#endif

#define SCAN_PERIOD_MS 25  // a scan of all 61 every 25 ms (§5)

static uint32_t lastButtons;
static uint32_t scanStart;   // the scan on the bus (or the last one) began
static uint32_t readStart;   // the scan being handed to the board and classified began
static uint8_t nextHole = KETE_PITS;   // the next reading to hand to the board (KETE_PITS: all)
static uint8_t nextClass = KETE_PITS;  // the next hole to classify (KETE_PITS: none)
#define CLASSIFY_PART 1                // holes classified at a time (one: up to 0.7 ms with 12 neighbours) ...
#define STEP_BUDGET_US 700             // ... and readings taken, for up to 0.7 ms a pass,
#define POLL_HEAVY_US 1500             // ... in a pass whose board_poll took less than this

// Longest loop pass since boot, in µs (also in GPIOR0 in units of 64 µs); the
// last scan's duration in ms, from its start on the bus to the last hole classified.
volatile uint16_t kete_loop_max_us;
volatile uint16_t kete_scan_ms;

void setup() {
  hal_init();
  hall_bus_begin();
#if KETE_NEUTRAL
  neutral_pins_begin();
#endif
  uint32_t now = millis();
  board_begin(hal_boot_reason(), now);
  lastButtons = now;
  scanStart = now - SCAN_PERIOD_MS;
}

static void drain() {
  while (uart_available() > 0 && board_rx_ready()) board_rx_byte((uint8_t)uart_read(), millis());
}

// The TWI interrupt reads the holes (hall_avr.cpp). A pass classifies the last
// scan a few holes at a time, or hands the finished readings of the scan on the
// bus to the board, for up to 0.7 ms; the next scan starts on the bus as soon as
// every reading of this one is handed over and 25 ms have passed, while this one
// is classified: no pass waits on the bus (§5, §8).
static void scan_step(uint32_t now) {
  uint32_t t0 = micros();
  hall_bus_watch(t0);
  do {
    if (nextClass < KETE_PITS) {
      uint8_t to = (uint8_t)(nextClass + CLASSIFY_PART);
      if (board_scan_end(nextClass, to > KETE_PITS ? KETE_PITS : to, millis())) {
        nextClass = KETE_PITS;
        kete_scan_ms = (uint16_t)(millis() - readStart);
      } else {
        nextClass = to;
      }
    } else if (nextHole < KETE_PITS && nextHole < hall_bus_done()) {
      int16_t r[3];
      bool ok = hall_bus_result(nextHole, r);
      board_hole(nextHole, ok ? r : 0);
      if (++nextHole == KETE_PITS) nextClass = 0;
    } else {
      break;
    }
  } while (micros() - t0 < STEP_BUDGET_US);
  if (nextHole == KETE_PITS && now - scanStart >= SCAN_PERIOD_MS && !hall_bus_busy()) {
    scanStart = now;
    readStart = now;
    nextHole = 0;
    hall_bus_start();
  }
}

void loop() {
  uint32_t start = micros();
  hal_watchdog_kick();
  drain();
  uint32_t now = millis();
  if (now - lastButtons >= BUTTON_PERIOD_MS) {
    lastButtons += BUTTON_PERIOD_MS;
    if (now - lastButtons >= BUTTON_PERIOD_MS) lastButtons = now;
    board_buttons(hal_buttons(), now);
  }
  board_poll(now);
  drain();
  // a pass that formatted a snapshot or sent an LED frame (up to 4 ms with the TWI
  // interrupt taking its share) leaves the scan's next steps to the next pass, so
  // that no pass outlasts what a 64-byte receive ring holds (5.5 ms at 115200)
  if (micros() - start < POLL_HEAVY_US) scan_step(millis());
  else hall_bus_watch(micros());
  drain();
  hal_stack_monitor_step();
  uint32_t took = micros() - start;
  if (took > kete_loop_max_us) {
    kete_loop_max_us = took > 65535 ? 65535 : (uint16_t)took;
    GPIOR0 = took >= 255u * 64 ? 255 : (uint8_t)(took / 64);
  }
}
