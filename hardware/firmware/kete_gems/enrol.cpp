// enrol.cpp: gem enrolment on the Mega (enrol.h). Blocking: it runs before
// the protocol starts, so nothing else needs the loop; the watchdog is kicked
// throughout.
#include "enrol.h"

#include "board.h"
#include "buttons.h"
#include "crc8.h"
#include "gems.h"
#include "hal.h"
#include "hal_avr.h"
#include "inventory.h"
#include "leds.h"

#define ENROL_PITS 10
#define LED_WHITE 0x17    // W steady (leds.h: colour in bits 0-2, pattern in 4-6)
#define LED_GREEN 0x12    // G steady
#define LED_MAGENTA 0x16  // M steady
#define LED_WORKING 0x37  // W fast: the pit being read and written

uint8_t enrol_gem_of_pit(uint8_t pit) {
  if (pit < 5) return (uint8_t)(4 - pit);  // A1 = S5 … A5 = S1
  if (pit < 10) return pit;                // B1 = N1 … B5 = N5
  return GEM_NONE;
}

void enrol_record(int16_t mass, uint8_t rec[4]) {
  rec[0] = GEM_RECORD_MAGIC;
  rec[1] = (uint8_t)((uint16_t)mass & 0xFF);
  rec[2] = (uint8_t)((uint16_t)mass >> 8);
  rec[3] = crc8(rec, 3);
}

static void wait_us(uint32_t us) {
  uint32_t t = pn_micros();
  while (pn_micros() - t < us) {
  }
}

bool enrol_requested() {
  if (hal_buttons() != 3) return false;  // a released button reads high at once
  // a held one reads low, but so does one whose 100 nF (§8.2) the pull-up is still charging
  wait_us(20000);
  hal_watchdog_kick();
  if (hal_buttons() != 3) return false;
  wait_us(15000);
  hal_watchdog_kick();
  return hal_buttons() == 3;
}

static uint8_t states[LED_COUNT];
static uint32_t shownAt;  // µs

static void show() {
  shownAt = pn_micros();
  hal_led_begin();
  led_frame(states, shownAt / 1000, hal_led_byte);
  hal_led_end();
}

// the fast white blink of the pits at work goes on while the cells are weighed
static void animate() {
  if (pn_micros() - shownAt >= (uint32_t)LED_REFRESH_MS * 1000) show();
}

// ---- the readers ---------------------------------------------------------------

enum Found { FOUND_NONE = 0, FOUND_ONE, FOUND_SEVERAL, FOUND_FAULT };

static bool same_uid(const uint8_t* a, const uint8_t* b) {
  for (uint8_t i = 0; i < 8; i++)
    if (a[i] != b[i]) return false;
  return true;
}

// Every tag over the reader, whatever its AFI (a blank tag has none): one
// 16-slot inventory; its UID in uid when exactly one answered.
static Found inventory_all(uint8_t r, uint8_t uid[8]) {
  const uint8_t req[3] = {ISO_FLAG_HIGH_RATE | ISO_FLAG_INVENTORY, ISO_CMD_INVENTORY, 0};
  uint8_t n = 0;
  bool garbled = false;
  for (uint8_t slot = 0; slot < 16; slot++) {
    uint8_t ans[10], len;
    XOutcome o = inv_exchange(r, slot == 0 ? req : 0, slot == 0 ? 3 : 0, ans, &len, 20000);
    hal_watchdog_kick();
    if (o == X_FAULT) return FOUND_FAULT;
    if (o == X_GARBLED) garbled = true;
    if (o != X_ANSWER) continue;
    if (len != 10 || (ans[0] & 1)) {
      garbled = true;
      continue;
    }
    if (n == 0)
      for (uint8_t i = 0; i < 8; i++) uid[i] = ans[2 + i];
    else if (!same_uid(uid, ans + 2))
      garbled = true;
    n++;
  }
  if (garbled || n > 1) return FOUND_SEVERAL;
  return n == 1 ? FOUND_ONE : FOUND_NONE;
}

// An addressed write of one byte (WRITE AFI, WRITE DSFID) to the tag `uid`; true when it says done.
static bool write_byte(uint8_t r, uint8_t command, const uint8_t uid[8], uint8_t value) {
  uint8_t req[11];
  req[0] = ISO_FLAG_HIGH_RATE | ISO_FLAG_ADDRESSED;
  req[1] = command;
  for (uint8_t i = 0; i < 8; i++) req[2 + i] = uid[i];
  req[10] = value;
  uint8_t ans[10], len;
  XOutcome o = inv_exchange(r, req, 11, ans, &len, ENROL_WRITE_LIMIT_US);
  hal_watchdog_kick();
  return o == X_ANSWER && len >= 1 && !(ans[0] & 1);
}

// Read back: a 1-slot inventory with the board's AFI answers with the DSFID written.
static bool reads_back(uint8_t r, const uint8_t uid[8], uint8_t dsfid) {
  const uint8_t req[4] = {ISO_FLAG_HIGH_RATE | ISO_FLAG_INVENTORY | ISO_FLAG_AFI | ISO_FLAG_ONE_SLOT,
                          ISO_CMD_INVENTORY, GEM_AFI, 0};
  for (uint8_t k = 0; k < ENROL_TRIES; k++) {
    uint8_t ans[10], len;
    XOutcome o = inv_exchange(r, req, 4, ans, &len, 20000);
    hal_watchdog_kick();
    if (o == X_ANSWER && len == 10 && !(ans[0] & 1)) return ans[1] == dsfid && same_uid(uid, ans + 2);
    if (o == X_FAULT) return false;
  }
  return false;
}

static bool enrol_tag(uint8_t pit, uint8_t gem) {
  uint8_t uid[8];
  if (!inv_field(pit, true)) return false;
  Found f = FOUND_NONE;
  for (uint8_t k = 0; k < ENROL_TRIES && f == FOUND_NONE; k++) f = inventory_all(pit, uid);
  bool done = f == FOUND_ONE && write_byte(pit, ISO_CMD_WRITE_DSFID, uid, gem_dsfid(gem)) &&
              write_byte(pit, ISO_CMD_WRITE_AFI, uid, GEM_AFI) && reads_back(pit, uid, gem_dsfid(gem));
  inv_field(pit, false);
  return done;
}

// ---- the load cells ------------------------------------------------------------

// The mean raw reading of every cell over ENROL_SCANS scans. False: the cells stopped answering.
static bool weigh(int32_t mean[KETE_PITS]) {
  int32_t sum[KETE_PITS] = {0};
  int32_t raw[KETE_PITS];
  for (uint8_t n = 0; n < ENROL_SCANS; n++) {
    uint32_t t = pn_micros();
    while ((hx12_ready_mask() & 0x0FFF) != 0x0FFF) {
      hal_watchdog_kick();
      animate();
      if (pn_micros() - t > 200000ul) return false;
    }
    hx12_read(raw);
    for (uint8_t p = 0; p < KETE_PITS; p++) sum[p] += raw[p] / 4;  // (24 bits × 64 in 32: a quarter)
  }
  for (uint8_t p = 0; p < KETE_PITS; p++) mean[p] = sum[p] / (ENROL_SCANS / 4);
  return true;
}

// One pass over the ten pits: returns with every pit green or magenta.
static void enrol_pass() {
  for (uint8_t p = 0; p < ENROL_PITS; p++) states[p] = LED_WORKING;
  show();
  int32_t mean[KETE_PITS];
  bool weighed = weigh(mean);
  for (uint8_t p = 0; p < ENROL_PITS; p++) {
    uint8_t gem = enrol_gem_of_pit(p);
    uint8_t rec[CAL_RECORD_SIZE];
    PitCal cal;
    hal_eeprom_read((uint16_t)(EE_CAL_BASE + p * CAL_RECORD_SIZE), rec, CAL_RECORD_SIZE);
    int32_t mass = 0;
    bool ok = weighed && cal_unpack(rec, &cal) && cal_ok(&cal);
    if (ok) {
      mass = stones_x256(mean[p], &cal);
      ok = mass >= GEM_MASS_MIN && mass <= GEM_MASS_MAX;
    }
    ok = ok && enrol_tag(p, gem);
    if (ok) {
      enrol_record((int16_t)mass, rec);
      hal_eeprom_write_blocking((uint16_t)(EE_GEM_BASE + gem * GEM_RECORD_SIZE), rec, GEM_RECORD_SIZE);
    }
    hal_watchdog_kick();
    states[p] = ok ? LED_GREEN : LED_MAGENTA;
    show();
  }
}

void enrol_run() {
  for (uint8_t r = 0; r < ENROL_PITS; r++) {
    hal_watchdog_kick();
    inv_init_reader(r);  // (a reader that never answers: its pit turns magenta)
  }
  for (uint8_t p = 0; p < LED_COUNT; p++) states[p] = p < ENROL_PITS ? LED_WHITE : 0;
  show();
  Debouncer one, two;
  deb_reset(&one);
  deb_reset(&two);
  // the buttons are still held from power-up: they count once released
  one.stable = one.cand = 1;
  two.stable = two.cand = 1;
  for (;;) {
    hal_watchdog_kick();
    wait_us((uint32_t)BUTTON_PERIOD_MS * 1000);
    uint8_t b = hal_buttons();
    char e1 = deb_sample(&one, b & 1);
    char e2 = deb_sample(&two, (b >> 1) & 1);
    if (e2 == 'P') break;
    if (e1 == 'P') enrol_pass();
  }
  // wait for the button's release so the board's own debouncer starts from rest, and
  // drop what the host sent meanwhile (HELLOs of a host that waited for the board)
  for (uint8_t n = 0; n < 200 && hal_buttons() != 0; n++) {
    hal_watchdog_kick();
    wait_us(5000);
  }
  for (uint8_t p = 0; p < LED_COUNT; p++) states[p] = 0;
  show();
  while (uart_read() >= 0) {
  }
}
