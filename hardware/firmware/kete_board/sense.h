// sense.h: from raw HX711 readings to a stone count per pit, following
// hardware/README.md §3: median of three, tare and gain in fixed point, the
// moving rule, quantising within ±0.3 stone with hysteresis, the settle timer
// on the raw signal's still run (PROTOCOL.md §7), zero tracking of an empty,
// still pit and sensor faults. Portable: no AVR headers; all arithmetic is
// integer (1/256 stone), except the conversion to stones and the calibration fit.
#ifndef KETE_SENSE_H
#define KETE_SENSE_H

#include <stdint.h>

#define X_ONE 256                 // x is in 1/256 stone
#define X_QUIET 76                // within ±0.3 stone of a whole number (76/256 = 0.297)
#define X_STEP 38                 // the median: more than 0.15 stone since the previous scan = moving
#ifndef X_STILL                   // (a bench may build the replay with another window)
#define X_STILL 26                // a raw reading more than 0.1 stone (26/256) from its still
#endif                            // run's mean begins a new run (and restarts the settle timer)
#define RUN_SHIFT 4               // the run's mean: exact over its first 16 readings (200 ms),
#define RUN_CAP (1 << RUN_SHIFT)  // then each reading replaces 1/16 of it (follows slow drift)
#define ZERO_STILL_MS 1000        // zero tracking: the run has lasted this long (and deb)
#define X_ZERO_TRACK 51           // zero tracking only within ±0.2 stone
#define X_LIFTED (-128)           // below −0.5 stone: a lifted cup, a broken mount
#define LIFTED_FAULT_MS 2000      // ... faulty when that lasts 2 s
#define STUCK_READINGS 50         // 50 identical raw readings in a row = stuck
#define RAW_MAX 0x7FFFFFL         // HX711 limits: a pinned reading
#define RAW_MIN (-0x800000L)

// Raw units: the HX711's 24-bit two's complement reading at gain 128.
// A 1 kg cell of 1 mV/V at 4.3 V excitation gives ≈ 2147 counts per gram, so a
// reference stone (5.4 g) ≈ 11600 counts. Uncalibrated pits assume that.
#define DEFAULT_GAIN_Q4 (11600L * 16)
// CAL accepts a gain whose magnitude is what a 3..10 g stone gives on a cell of
// nominal sensitivity, ±30 %: 4500..28000 counts per stone.
#define GAIN_MIN_Q4 (4500L * 16)
#define GAIN_MAX_Q4 (28000L * 16)

enum FaultKind { FAULT_NONE = 0, FAULT_NOT_READY, FAULT_STUCK, FAULT_PINNED, FAULT_LIFTED };

// Calibration of one pit, as kept in RAM and (with a checksum) in EEPROM.
#define CAL_ZERO 1      // zero recorded by TARE / CAL n 0
#define CAL_GAIN 2      // gain recorded by CAL n (n > 0)
struct PitCal {
  int32_t zero16;       // zero in 1/16 raw units (zero tracking moves it in small steps)
  int32_t gainQ4;       // raw units per stone, in 1/16
  uint8_t flags;        // CAL_ZERO | CAL_GAIN; calibrated ("ok") when both
  uint8_t p1n;          // the last CAL point: count (0 = none) ...
  int32_t p1diff;       // ... and its reading minus the zero of that time, raw units
  float scale;          // RAM only: 256 / gainQ4, set by cal_update() whenever the gain changes
};
// Recomputes the cached scale after the gain changed.
void cal_update(PitCal* cal);

struct PitState {
  int32_t raw[3];        // the last three raw readings (ring)
  int32_t x;             // stones, 1/256, from the median
  int32_t runSum;        // the still run: sum of its raw readings in stones, 1/256 ...
  uint32_t settleSince;  // settle timer start: the first reading of the signal's still run (ms)
  uint32_t liftedSince;  // when x went below −0.5 (0 = not lifted)
  uint8_t rawPos;        // next slot of raw[]
  uint8_t nraw;          // readings seen since (re)start, saturating at 3
  uint8_t runN;          // ... and how many (capped at RUN_CAP: runSum / runN is the mean)
  uint8_t sameRun;       // identical raw readings in a row, saturating
  uint8_t goodRun;       // fault recovery: readings in a row that look alive
  uint8_t count;         // the reported count
  uint8_t cand;          // candidate count ...
  uint8_t quiet;         // ... and its quiet scans in a row
  uint8_t fault;         // FaultKind
  uint8_t flags;         // PS_*
};
#define PS_INIT 1        // has a count
#define PS_MOVING 2      // moving at the last scan
#define PS_FAULT_SENT 4  // (board) ERR sensor-fault sent for the current fault

int32_t median3(int32_t a, int32_t b, int32_t c);
// (med*16 − zero16) / gainQ4 in 1/256 stone, rounding toward −∞; a negative gain works.
int32_t stones_x256(int32_t med, const PitCal* cal);
// round(x) for x in 1/256 (halves up), and the distance from it.
int32_t round_x(int32_t x);

void pit_reset(PitState* p);
// One fresh raw reading. Returns true when the pit became faulty with it.
bool pit_reading(PitState* p, PitCal* cal, int32_t raw, uint32_t now);
// The pit's HX711 was not ready within 100 ms. Returns true when that starts a fault.
bool pit_not_ready(PitState* p);
// Settled (PROTOCOL.md §7): not faulty, the count agrees with the median and
// with the still run's mean (within ±0.3 stone), and the raw signal has been
// still for `deb` ms. Stillness is judged reading by reading on the raw signal:
// a reading more than 0.1 stone from the mean of the run so far, or more than
// 0.3 stone from a whole number, begins a new still run (a run of one is its
// own mean). So the timer starts at the first reading at the new weight, not
// at the later scan where the median confirms the count; a glitch restarts it,
// never shortens it; ringing restarts it until it is under ±0.1 stone; and a
// slow change is measured against the run's mean, not the previous reading,
// so a stone arriving slowly cannot pass as drift.
bool pit_settled(const PitState* p, uint32_t now, uint16_t deb);
bool pit_faulty(const PitState* p);
// Once a second: a faulty pit whose recent readings look alive again recovers
// (returns true); an empty pit (count 0, within ±0.2 stone, quiet) whose still
// run has lasted ZERO_STILL_MS and deb has its zero moved 1/64 of the way to
// the reading: temperature drift goes, a stone or a moving hand never moves it.
bool pit_retry(PitState* p);
void pit_zero_track(const PitState* p, PitCal* cal, uint32_t now, uint16_t deb);

// ---- calibration arithmetic ------------------------------------------------

// The gain from one point (diff raw units over n stones), or the straight-line
// fit through the zero and two points of different counts. false: implausible.
bool cal_gain(int32_t diff, uint8_t n, uint8_t p1n, int32_t p1diff, int32_t* gainQ4);
bool gain_plausible(int32_t gainQ4);
// CALR raw: top 16 bits of the 24-bit reading, offset to 0..65535.
uint16_t calr_raw(int32_t reading);

// EEPROM record of one pit: 16 bytes, the last a CRC-8 of the first 15.
#define CAL_RECORD_SIZE 16
#define CAL_RECORD_MAGIC 0x4B
void cal_pack(const PitCal* cal, uint8_t rec[CAL_RECORD_SIZE]);
// false when the record is missing or damaged (bad magic or checksum): the pit is uncalibrated.
bool cal_unpack(const uint8_t rec[CAL_RECORD_SIZE], PitCal* cal);
bool cal_ok(const PitCal* cal);

#endif
