// fake_hal.h: hal.h for the native tests — a serial line collector, an EEPROM
// array, an LED frame capture and a clock the tests drive.
#ifndef KETE_FAKE_HAL_H
#define KETE_FAKE_HAL_H

#include <stdint.h>

#include <string>
#include <vector>

struct FakeHal {
  std::string txPending;            // bytes written, not yet split into lines
  std::vector<std::string> lines;   // complete lines (without LF)
  int emptyLines = 0;               // lone LFs (a receiver ignores them, PROTOCOL.md §2)
  uint8_t eeprom[4096];
  int eepromWrites;
  std::vector<uint8_t> frame;       // the last complete LED frame
  std::vector<uint8_t> building;
  int frames;
  bool statusLed;
  int reboots;
  int txRoom;                       // what hal_tx_room() says (default 63)
};

extern FakeHal hal;

void fake_reset(bool freshEeprom);
// Lines received since the last call.
std::vector<std::string> take_lines();

#endif
