// rig.h: the board logic on a simulated bench — pits with stones on load cells
// (raw readings with noise), a clock, host lines in, board lines out (CRC and
// sequence numbers checked on every line).
#ifndef KETE_RIG_H
#define KETE_RIG_H

#include <stdint.h>

#include <string>
#include <vector>

#include "board.h"
#include "fake_hal.h"

struct Rig {
  uint32_t now;
  double stones[KETE_PITS];    // load on each cell, in stones
  int32_t zeroRaw[KETE_PITS];  // the cell's own zero (cup + offset)
  int32_t gainRaw[KETE_PITS];  // raw units per stone (negative: a reversed cell)
  uint32_t dead;               // pits whose HX711 never gets ready
  uint32_t frozen;             // pits whose reading never changes
  int32_t noise;               // ± raw units of noise
  uint32_t scanEvery;          // ms between scans
  uint8_t buttons;             // levels: bit 0 = button 1 pressed
  uint32_t rng;
  int expectSeq;               // next sequence number expected, -1 = any
  std::vector<std::string> out;  // bodies without "SS " and "*CC"
  std::vector<uint32_t> outAt;   // when each was complete
  int badLines;                  // a wrong CRC, format or length
  int gaps;                      // sequence numbers skipped (lines the board dropped)

  void boot(bool freshEeprom = true, uint8_t reason = BOOT_POWER);
  void write_calibration();  // every pit's true zero and gain into the EEPROM records
  void reboot(uint8_t reason);  // keeps the EEPROM
  void step(uint32_t ms);
  void send_raw(const std::string& bytes);
  void send(const std::string& body);  // adds "*CC\n"
  int32_t raw_of(uint8_t pit);
  // collected bodies (without seq and CRC) since the last take, in order
  std::vector<std::string> take();
  // does any collected line start with prefix? (does not consume)
  bool saw(const std::string& prefix) const;
  int count_prefix(const std::string& prefix) const;
  std::string last(const std::string& prefix) const;  // the last body starting with prefix, or ""
};

std::string with_crc(const std::string& body);
uint32_t mask_of(const std::string& snapBody);  // the settled mask of a SNAP body
std::string cells_of(const std::string& snapBody);

#endif
