// bench.h: the 2x5+2 board logic (core + gems + inventory, unchanged) on a
// simulated bench: 12 load cells with noise, 12 PN5180 readers with ISO 15693
// tags (fake_pn5180.cpp), a clock in µs, host lines in and board lines out
// (CRC and sequence checked).
#ifndef KETE_GEMS_BENCH_H
#define KETE_GEMS_BENCH_H

#include <stdint.h>

#include <string>
#include <vector>

#include "board.h"
#include "fake_hal.h"

#define BENCH_TAGS 16

struct Tag {
  uint64_t uid;
  uint8_t dsfid;
  uint8_t afi;
  int place;       // the place whose antenna it lies over, −1: in a hand
  double mass;     // stones
  double miss;     // chance of missing an inventory (0..1)
  bool dead;
};

struct Reader {
  bool configured, rfOn, stuck;
  uint32_t regs[0x30];
  uint64_t busyUntil;
  uint8_t pending[16];  // what the next read frame clocks out
  uint8_t npending;
  // the inventory under way
  bool inRound;
  uint8_t flags, afi, maskLen, slotsInRound, slot;
  uint64_t mask;
  uint64_t resultAt;    // when the slot's outcome shows in IRQ_STATUS
  uint32_t resultIrq, resultRx;
  uint8_t data[10];
  int inventories;
};

struct Bench {
  uint64_t us;                 // the bench clock (µs)
  uint32_t now;                // ms
  uint32_t nextScan, nextBtn;
  double stones[KETE_PITS];    // plain stones on each cell
  int32_t zeroRaw[KETE_PITS];
  int32_t gainRaw[KETE_PITS];
  int32_t noise;
  Tag tags[BENCH_TAGS];
  int ntags;
  Reader readers[KETE_PITS];
  int fieldsOn;                // readers with their field on now (the design allows one)
  int maxFieldsOn;
  uint32_t rng;
  uint8_t buttons;
  int expectSeq;
  std::vector<std::string> out;
  std::vector<uint32_t> outAt;
  int badLines, gaps;
  int busyViolations;          // frames begun while BUSY was high

  void boot(bool calibrated = true);
  void add_gem(uint8_t gem, int place, double mass = 1.5);  // gem 0..9 = S1..N5
  int tag_of(uint8_t gem);
  void move_gem(uint8_t gem, int place);
  void step(uint32_t ms);
  void send(const std::string& body);
  double rand01();
  std::string last(const std::string& prefix) const;
  bool saw(const std::string& prefix) const;
  int count_prefix(const std::string& prefix) const;
  // the cells of the last snapshot ("1S5,1S4,…"), and its settled mask
  std::string cells() const;
  uint32_t settled() const;
};

extern Bench bench;
std::string gem_name(uint8_t gem);

#endif
