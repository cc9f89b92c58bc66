// kete_board: the reference firmware of the kete board (hardware/README.md),
// speaking firmware-protocol/PROTOCOL.md revision 1.1 for the 4x8 geometry.
// The protocol logic is portable C++ (board.cpp and the files it includes,
// unit-tested on the host); hal_avr.cpp and hx711_avr.cpp hold the hardware.
#include "board.h"
#include "buttons.h"
#include "hal_avr.h"

static uint32_t waitStart;    // when the scan started waiting for the HX711s
static uint32_t lastButtons;  // last button sample
static int32_t raw[KETE_PITS];
static bool firstScanDone;

// The first scan goes out by 80 ms after boot whoever is ready then (PROTOCOL.md
// §6.1: the first snapshot within 100 ms of BOOT); a chip still not ready is not
// yet faulty — it gets the usual 100 ms from that scan on.
#define FIRST_SCAN_MS 80

void setup() {
  hal_init();
  uint32_t now = millis();
  board_begin(hal_boot_reason(), now);
  waitStart = now;
  lastButtons = now;
}

// Moves received bytes from the UART's ring (uart_avr.cpp, 256 bytes) into the line assembler. Called
// several times per loop pass, so the ring never fills (PROTOCOL.md §2).
static void drain() {
  while (uart_available() > 0 && board_rx_ready()) board_rx_byte((uint8_t)uart_read(), millis());
}

static void scan(uint32_t now) {
  uint32_t expect = board_wait_mask();
  uint32_t ready = hx_ready_mask();
  bool allReady = expect != 0 ? (ready & expect) == expect : now - waitStart >= 13;
  bool late = now - waitStart >= NOT_READY_FAULT_MS;
  bool firstLate = !firstScanDone && now - waitStart >= FIRST_SCAN_MS;
  if (!allReady && !late && !firstLate) return;
  uint32_t fresh = 0;
  if (ready != 0) fresh = hx_read(raw);
  drain();
  // a faulty pit that happens to be ready is read too (its recovery is judged once a second)
  uint32_t notReady = late && firstScanDone ? expect & ~fresh : 0;
  firstScanDone = true;
  now = millis();
  board_scan(raw, fresh, notReady, now);
  waitStart = now;
}

// Longest loop pass since boot, in µs (diagnostics; also in GPIOR0 in units of 64 µs).
volatile uint16_t kete_loop_max_us;

void loop() {
  uint32_t start = micros();
  hal_watchdog_kick();
  drain();
  scan(millis());
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
