// board.h: the board's whole side of PROTOCOL.md (revision 1.1; 1.3 for
// 2x5+2's gems) for the geometry of the build (geometry.h) — session, commands, snapshots, heartbeats, LEDs, buttons,
// calibration — driven by the hardware layer with bytes, scans, button samples
// and the time. Portable: no AVR headers; hardware access goes through hal.h.
#ifndef KETE_BOARD_H
#define KETE_BOARD_H

#include <stdint.h>

#include "hostline.h"
#include "leds.h"
#include "sense.h"

#define FW_VERSION "1.1.0"
// The highest protocol version spoken (PROTOCOL.md §16): 2 adds INFO holes=.
#define KETE_PROTO 2
#include "geometry.h"
#ifndef KETE_BOARD_ID
#define KETE_BOARD_ID "KETE-0001"
#endif
#ifndef KETE_MAX_COUNT
#define KETE_MAX_COUNT 64  // INFO max=: what the stone set supports (hardware/README.md §2.3)
#endif

enum BootReason { BOOT_POWER = 0, BOOT_RESET, BOOT_WATCHDOG, BOOT_BROWNOUT, BOOT_COMMAND, BOOT_OTHER };

// EEPROM layout
#define EE_BOOT_COUNTER 0x000  // uint16, little-endian; a fresh EEPROM (0xFFFF) makes the first boot 0
#define EE_CAL_BASE 0x010      // KETE_PITS records of CAL_RECORD_SIZE bytes, canonical pit order

#define HOST_TIMEOUT_MS 5000
#define HB_PERIOD_MS 1000
#define CHANGE_SNAP_MIN_MS 50
#define NOT_READY_FAULT_MS 100
#define LED_REFRESH_MS 20
#define TARE_SCANS 32
#define CAL_SCANS 64
#define CAL_LIMIT_MS 1800  // a calibration ends by then whatever the scan rate (answer within 2000 ms)

// Initialise everything (defaults, EEPROM boot counter and calibration) and queue
// BOOT and the first HB. caps: what this board announces (board_default_caps()).
void board_begin(uint8_t bootReason, uint32_t now);
BoardCaps board_default_caps();
void board_set_caps(const BoardCaps* caps);  // tests: a board without LEDs or calibration

// Bytes from the host. board_rx_ready(): false while a finished line waits for
// its answer to be queued (the caller then leaves bytes in the UART buffer).
bool board_rx_ready();
void board_rx_byte(uint8_t b, uint32_t now);

// The HX711 scan. board_wait_mask(): the pits (bit = canonical index) whose
// readiness a scan waits for (every pit that is not faulty). board_scan(): a
// scan was read; raw[pit] is valid for pits in fresh; notReady holds the pits
// that were waited for and were still not ready after NOT_READY_FAULT_MS.
uint32_t board_wait_mask();
void board_scan(const int32_t raw[KETE_PITS], uint32_t fresh, uint32_t notReady, uint32_t now);

// Button levels (bit 0 = button 1, 1 = pressed), every BUTTON_PERIOD_MS.
void board_buttons(uint8_t pressed, uint32_t now);

// Timers and output: call every loop pass.
void board_poll(uint32_t now);

#if KETE_GEMS
// The gem readers (2x5+2, gems.h): which place the reader loop inventories
// next; an inventory of a place that began at `began` and read the gems in
// `read` (bit g = gem g); a reader that stopped answering.
uint8_t board_next_reader(uint32_t now);
void board_inventory(uint8_t place, uint16_t read, uint32_t began, uint32_t now);
void board_reader_fault(uint8_t place, uint32_t now);
#endif

#if KETE_HALL
// The Hall sensors (hex61, kete_abalone/): hole h's reading (x, y, z in the
// TMAG5273's lsb) as the TWI delivers it, 0 when its sensor did not
// acknowledge; then the end of the scan of all 61, classified a few holes at a time
// (from..to−1, in order from 0): true after the last part.
void board_hole(uint8_t h, const int16_t* r);
bool board_scan_end(uint8_t from, uint8_t to, uint32_t now);
#endif

// Introspection (tests, diagnostics).
struct BoardView {
  const PitState* pits;
  const PitCal* cals;
  const uint8_t* leds;
  uint16_t deb;
  uint16_t interval;
  uint16_t bootCount;
  uint8_t seq;
  bool hostLost;
  bool calibrating;
};
BoardView board_view();
void places_view(BoardView* v);  // (the places' part of it: places_cells.cpp, places_hall.cpp)
// The reported count of a pit, or -1 when faulty.
int board_count(uint8_t pit);

#endif
