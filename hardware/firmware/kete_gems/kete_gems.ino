// kete_gems: the firmware of the Glassperlenspiel board (2x5+2,
// hardware/glassperlenspiel.md), speaking firmware-protocol/PROTOCOL.md with
// gems (revision 1.3). The core (protocol, lines, LEDs, buttons, calibration,
// watchdog, UART) is the reference board's (../kete_board, built with
// -DKETE_GEO_2X5P2); this sketch adds the sensing module: 12 load cells for the
// plain stones and one PN5180 reader per place for the gems (gems.cpp,
// inventory.cpp, gems_avr.cpp) and the enrolment mode of the gems (enrol.cpp).
#include "board.h"
#include "buttons.h"
#include "enrol.h"
#include "gems.h"
#include "hal_avr.h"
#include "inventory.h"

static uint32_t waitStart;    // when the scan started waiting for the HX711s
static uint32_t lastButtons;  // last button sample
static int32_t raw[KETE_PITS];
static bool firstScanDone;
static uint16_t deadReaders;  // readers that never answered LOAD_RF_CONFIG at boot

#define FIRST_SCAN_MS 80  // as kete_board.ino: the first snapshot within 100 ms of BOOT

void setup() {
  hal_init();
  // both buttons held at power-up: the enrolment mode (§5.3), before the protocol starts
  if (enrol_requested()) enrol_run();
  uint32_t now = millis();
  board_begin(hal_boot_reason(), now);
  for (uint8_t r = 0; r < KETE_PITS; r++) {
    hal_watchdog_kick();
    if (!inv_init_reader(r)) deadReaders |= (uint16_t)(1u << r);
  }
  now = millis();
  for (uint8_t r = 0; r < KETE_PITS; r++)
    if (deadReaders & (1u << r)) board_reader_fault(r, now);
  waitStart = now;
  lastButtons = now;
}

static void drain() {
  while (uart_available() > 0 && board_rx_ready()) board_rx_byte((uint8_t)uart_read(), millis());
}

// true when a scan was read and counted in this call
static bool scan(uint32_t now) {
  uint32_t expect = board_wait_mask() & 0x0FFF;
  uint32_t ready = hx12_ready_mask();
  bool allReady = expect != 0 ? (ready & expect) == expect : now - waitStart >= 13;
  bool late = now - waitStart >= NOT_READY_FAULT_MS;
  bool firstLate = !firstScanDone && now - waitStart >= FIRST_SCAN_MS;
  if (!allReady && !late && !firstLate) return false;
  uint32_t fresh = 0;
  if (ready != 0) fresh = hx12_read(raw);
  drain();
  uint32_t notReady = late && firstScanDone ? expect & ~fresh : 0;
  firstScanDone = true;
  now = millis();
  board_scan(raw, fresh, notReady, now);
  waitStart = now;
  return true;
}

// The readers: one inventory at a time (one field on at a time, §3.3), a step per pass.
static void read_gems(uint32_t now) {
  if (!firstScanDone) return;  // the first pick wants a weight
  if (!inv_running()) {
    uint8_t p = board_next_reader(now);
    uint16_t listed = gems_listed(p);
    inv_start(p, (listed & (listed - 1)) == 0, now);  // at most one gem listed: 1 slot first
  }
  InvResult r = inv_step(now);
  if (r == INV_DONE) board_inventory(inv_reader(), inv_read(), inv_began(), millis());
  else if (r == INV_FAULT) board_reader_fault(inv_reader(), millis());
}

// Longest loop pass since boot, in µs (also in GPIOR0 in units of 64 µs).
volatile uint16_t kete_loop_max_us;

static void note_pass(uint32_t start) {
  uint32_t took = micros() - start;
  if (took > kete_loop_max_us) {
    kete_loop_max_us = took > 65535 ? 65535 : (uint16_t)took;
    GPIOR0 = took >= 255u * 64 ? 255 : (uint8_t)(took / 64);
  }
}

void loop() {
  uint32_t start = micros();
  hal_watchdog_kick();
  drain();
  bool scanned = scan(millis());
  drain();
  read_gems(millis());
  drain();
  uint32_t now = millis();
  // a pass that counted a scan (12 readings, ≈ 3 ms) leaves the output (LED
  // frame, snapshot) to the next pass, a few µs later: no pass holds both, so
  // every pass stays within the 5.5 ms a 64-byte receive ring lasts at 115200
  if (scanned) {
    hal_stack_monitor_step();
    note_pass(start);
    return;
  }
  if (now - lastButtons >= BUTTON_PERIOD_MS) {
    lastButtons += BUTTON_PERIOD_MS;
    if (now - lastButtons >= BUTTON_PERIOD_MS) lastButtons = now;
    board_buttons(hal_buttons(), now);
  }
  board_poll(now);
  drain();
  hal_stack_monitor_step();
  note_pass(start);
}
