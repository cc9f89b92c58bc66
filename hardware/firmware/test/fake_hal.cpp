#include "fake_hal.h"

#include <string.h>

#include "hal.h"

FakeHal hal;

void fake_reset(bool freshEeprom) {
  hal.txPending.clear();
  hal.lines.clear();
  if (freshEeprom) memset(hal.eeprom, 0xFF, sizeof hal.eeprom);
  hal.eepromWrites = 0;
  hal.frame.clear();
  hal.building.clear();
  hal.frames = 0;
  hal.statusLed = false;
  hal.reboots = 0;
  hal.txRoom = 63;
}

std::vector<std::string> take_lines() {
  std::vector<std::string> out;
  out.swap(hal.lines);
  return out;
}

uint8_t hal_tx_room() { return (uint8_t)hal.txRoom; }

void hal_tx_write(const char* p, uint8_t n) {
  for (uint8_t i = 0; i < n; i++) {
    if (p[i] == '\n') {
      // An empty line is ignored, as a host does (the board sends one before BOOT).
      if (hal.txPending.empty()) hal.emptyLines++;
      else hal.lines.push_back(hal.txPending);
      hal.txPending.clear();
    } else {
      hal.txPending += p[i];
    }
  }
}

bool hal_tx_done() { return true; }

void hal_eeprom_read(uint16_t addr, uint8_t* p, uint16_t n) { memcpy(p, hal.eeprom + addr, n); }

void hal_eeprom_write_blocking(uint16_t addr, const uint8_t* p, uint16_t n) {
  memcpy(hal.eeprom + addr, p, n);
  hal.eepromWrites += n;
}

bool hal_eeprom_ready() { return true; }

void hal_eeprom_write_byte(uint16_t addr, uint8_t v) {
  hal.eeprom[addr] = v;
  hal.eepromWrites++;
}

void hal_led_begin() { hal.building.clear(); }
void hal_led_byte(uint8_t b) { hal.building.push_back(b); }
void hal_led_end() {
  hal.frame = hal.building;
  hal.frames++;
}

void hal_status_led(bool on) { hal.statusLed = on; }

void hal_reboot() { hal.reboots++; }
