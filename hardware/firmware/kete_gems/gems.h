// gems.h: the sensing module of the Glassperlenspiel board (2x5+2,
// hardware/glassperlenspiel.md §5-§6): which gems each place lists, from the
// inventories of its ISO 15693 reader and the weight on its load cell.
//
// Each place lists a set of gems (bit g: 0..4 = S1..S5, 5..9 = N1..N5, the
// snapshot order of PROTOCOL.md §12.2). The load cell's reading is reduced by
// the listed gems' masses before sense.cpp counts the plain stones (§5.1), so
// a gem listed but not there, or there but not listed, leaves the place 0.4-0.6
// stone from a whole count: moving, never settled (§5.2). After each complete
// inventory the rules of §6.1 decide what is listed; a place is settled only
// when a complete inventory of it began after its weight went still and after
// its gems last changed (PROTOCOL.md §7, revision 1.3).
//
// Portable: no AVR headers; EEPROM through hal.h.
#ifndef KETE_GEMS_H
#define KETE_GEMS_H

#include <stdint.h>

#include "geometry.h"
#include "linefmt.h"
#include "sense.h"

#define GEM_COUNT 10
#define GEM_NONE 0xFF
#define GEM_ALL 0x3FFu
#define GEM_MASS_DEFAULT 384  // 1.5 plain stones in 1/256 (glassperlenspiel.md §5.2)
#define GEM_MASS_MIN 333      // enrolment accepts 1.3..1.7 stones (§5.3)
#define GEM_MASS_MAX 435
#define GEM_MISSES_GONE 3     // consecutive misses after which a gem leaves its place when the weight cannot vouch (§6.1 rule 3)
#define GEM_MISSES_VOUCHED 8  // ... and when the weight is still and whole with it there (3 dropped a gem of a full
                              // cup 15 times in 10,000 reads at 3 % misses a tag; 8: 0.03^8, never; a dead tag
                              // still leaves within about a second, then the place is faulty after TAG_FAULT_MS)
#define TAG_FAULT_MS 5000     // still but 0.4-0.6 from a whole count this long: a dead tag, the place is faulty
#define READER_RETRY_MS 1000  // a faulty reader is tried again this often
// EEPROM: after the 12 calibration records (0x010 + 12 × 16 = 0x0D0), one
// 4-byte record per gem: 0x47, its mass in 1/256 stone (int16 LE), CRC-8 of
// the three. A missing or damaged record: GEM_MASS_DEFAULT.
#define EE_GEM_BASE 0x0D0
#define GEM_RECORD_SIZE 4
#define GEM_RECORD_MAGIC 0x47

// The DSFID written into a gem's tag (§2.3): 0x11..0x15 = S1..S5,
// 0x21..0x25 = N1..N5; any other DSFID (a foreign tag) is GEM_NONE.
uint8_t gem_of_dsfid(uint8_t dsfid);
uint8_t gem_dsfid(uint8_t gem);
// The AFI the board writes to its gems and inventories with (§2.3).
#define GEM_AFI 0xC7

void gems_begin(uint32_t now);
// A load-cell reading of a place less its listed gems' weight (raw units).
int32_t gems_raw(uint8_t place, int32_t raw, const PitCal* cal);
// After each HX711 scan: a place whose weight has been still for TAG_FAULT_MS
// 0.4..0.6 stone from a whole count is faulty (a dead tag, §6.1 rule 3); a
// moving place's count is its weight less its listed gems rounded to the
// nearest whole number, never below 0 (PROTOCOL.md §5.2, revision 1.6: a gem
// not yet read shows as one or two plain stones for a moment; never settled).
// Returns the places that became faulty with this scan (for ERR sensor-fault).
uint32_t gems_scan(PitState* pits, uint32_t now);
bool gems_faulty(uint8_t place);
bool gems_settled(uint8_t place, const PitState* p, uint32_t now, uint16_t deb);
// The gems of a place for a snapshot ("S1N3"), and whether they changed since sent.
void gems_fmt(LineWriter* w, uint8_t place);
bool gems_changed(uint8_t place);
void gems_sent(uint8_t place);
uint16_t gems_listed(uint8_t place);

// The reader side. gems_next_place(): the place to inventory next — a place
// whose weight has gone still since its last inventory began (the bead that
// just landed, §4.3) ahead of the round, alternating with the round-robin so
// no place starves; a faulty reader only every READER_RETRY_MS.
uint8_t gems_next_place(const PitState* pits, uint32_t now);
// A complete inventory of `place`, begun at `began`, read the gems in `read`.
// Clears the place's reader fault. Returns the places that became faulty with
// it (none today; the result feeds ERR sensor-fault like gems_reader_fault's).
// The places' load-cell states are rebased when their lists change (the
// weight did not change, only what is subtracted from it).
uint32_t gems_inventory(uint8_t place, uint16_t read, uint32_t began, PitState* pits, const PitCal* cals,
                        uint32_t now);
// The reader of `place` stopped answering (BUSY stuck, nonsense, RF error):
// the place is faulty until an inventory succeeds. Returns its bit when that
// starts a fault.
uint32_t gems_reader_fault(uint8_t place, uint32_t now);

#endif
