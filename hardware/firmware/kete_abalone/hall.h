// hall.h: the Abalone board's (hex61) sensing module, hardware/abalone.md §3–§7:
// a TMAG5273A1 3-axis Hall sensor under each of the 61 holes, read through
// TCA9548A switches, tells empty, white and black apart by the size of the
// marble's magnetic moment, whatever way the marble came to rest.
//
// Per scan and hole (§4): tare (the hole's zero vector), own estimate
// m = (−Bx, −By, Bz/2) and μ² = |m|², subtraction of the fields of the marbles
// in the 12 nearest holes (rings at 40 and 69.3 mm, coupling matrices in flash),
// classification of the corrected μ² against T1 = 0.4·L_w and T2 = √(L_w·L_b)
// with 10 % hysteresis confirmed on two scans (§6), the moving rule (own μ
// changed by 0.4 mT a scan, μ within ±15 % of a threshold, an axis beyond
// ±38 mT), the settle
// timer, zero tracking of empty holes and sensor faults.
//
// Units: the sensor's raw LSB at ±40 mT range, 80 mT / 65536 = 1.2207 µT
// ("lsb" below); levels in µT as CALR reports them (§7).
// Portable: no AVR headers (pgm.h alone).
#ifndef KETE_HALL_H
#define KETE_HALL_H

#include <stdint.h>

#define HALL_HOLES 61
#define HALL_NEAR 12                   // holes whose marbles a hole's reading corrects for
#define HALL_NONE 0xFF

// thresholds and rules of hardware/abalone.md, in raw LSB (1.2207 µT)
#define HALL_UT_TO_LSB_Q10 839         // µT → lsb: 65536 / 80000 = 0.8192, in 1/1024
#define HALL_STEP_LSB 328              // 0.4 mT: a scan-to-scan change that makes a hole moving (§6)
#define HALL_SAT_LSB 31130             // 38 mT: an axis beyond it makes the hole moving (§6)
#define HALL_PINNED 32767              // an axis at full scale is saturated
#define HALL_SAT_SCANS 80              // ... and 2 s of that (80 scans of 25 ms) is a fault
#define HALL_NACK_SCANS 3              // a sensor silent three scans running is faulty
#define HALL_STUCK_SCANS 50            // 50 identical readings running: a dead converter
#define HALL_GOOD_SCANS 4              // a faulty hole answering alive this often recovers
#define HALL_ZERO_TRACK_LSB 82         // zero tracking stays within 0.1 mT of the TARE zero
#define HALL_ZERO_STILL_MS 1000        // ... and moves only a zero still this long (and deb)
#define HALL_NOMINAL_W_UT 2000         // a hole without CAL: nominal levels (§7)
#define HALL_NOMINAL_B_UT 6800
#define HALL_CAL_SCANS 32              // TARE and CAL average 32 scans (0.8 s)

enum HallClass { HALL_EMPTY = 0, HALL_WHITE = 1, HALL_BLACK = 2 };
enum HallFault { HALL_OK = 0, HALL_FAULT_NACK, HALL_FAULT_STUCK, HALL_FAULT_SATURATED };

// One hole's calibration (RAM and EEPROM): the TARE zero, the zero tracking
// follows, and the levels of the reference marbles.
#define HCAL_ZERO 1
#define HCAL_WHITE 2
#define HCAL_BLACK 4
struct HoleCal {
  int16_t zero[3];      // TARE zero, lsb
  int16_t track16[3];   // zero tracking: the zero in use is zero + track16 / 16 (within ±0.1 mT)
  uint16_t lw, lb;      // μ of the white and black reference marbles, µT (0: nominal)
  uint8_t flags;        // HCAL_*
  uint16_t t1, t2;      // RAM only: T1 = 0.4·L_w and T2 = √(L_w·L_b) in lsb (hall_cal_update)
};
// After a change of levels: the thresholds from the levels, or the nominal ones.
void hall_cal_update(HoleCal* c);
void hall_cal_clear(HoleCal* c);  // uncalibrated: zero 0, nominal levels
bool hall_cal_ok(const HoleCal* c);  // zero and both levels: CALR "ok"

// EEPROM record (§7): zero X, Y, Z (int16), L_w, L_b (uint16, µT), CRC-8: 11 bytes.
#define HALL_RECORD_SIZE 11
void hall_pack(const HoleCal* c, uint8_t rec[HALL_RECORD_SIZE]);
// false when missing or damaged (a fresh EEPROM, a bad checksum): the hole is uncalibrated
bool hall_unpack(const uint8_t rec[HALL_RECORD_SIZE], HoleCal* c);

struct HoleState {
  int16_t b[3];          // tared field of the last reading, lsb
  uint16_t sig;          // a signature of the raw reading before (stuck detection)
  uint16_t mu;           // own μ of the tared field, lsb (moving rule, neighbour bound)
  uint16_t since;        // (uint16_t) ms of the last moving scan or class change (settle timer)
  uint8_t cls;           // HallClass reported
  uint8_t cand;          // class seen beyond the hysteresis band ...
  uint8_t candN;         // ... scans running (two confirm it)
  uint8_t fault;         // HallFault
  uint8_t nack;          // scans running without an acknowledge
  uint8_t same;          // identical readings running
  uint8_t sat;           // saturated scans running
  uint8_t good;          // a faulty hole: live readings running
  uint8_t flags;         // HS_*
};
#define HS_SEEN 1        // has a reading
#define HS_MOVING 2      // moving at the last scan
#define HS_FAULT_SENT 4  // the board sent ERR sensor-fault for the current fault
#define HS_STEP 8        // the last scan's own μ changed by more than 0.4 mT (or first reading)

// ---- geometry (hardware/abalone.md §9, §13) -----------------------------------
// Canonical index of row r (0 = A .. 8 = I) and column c (1..9), HALL_NONE off the board.
uint8_t hall_index(int8_t r, int8_t c);
void hall_rowcol(uint8_t hole, int8_t* r, int8_t* c);
// The i-th of the 12 nearest holes of `hole` (HALL_NONE beyond the edge): i < 6 the
// six neighbours of AB-2 at 40 mm, 6..11 the six at 69.3 mm.
uint8_t hall_near(uint8_t hole, uint8_t i);          // from the table in flash
uint8_t hall_near_computed(uint8_t hole, uint8_t i); // from the grid (the tests compare them)
// The coupling of direction i in Q15: xx, yy, zz, xy, xz, yz of (d/R)³ (3 R̂R̂ᵀ − I).
int16_t hall_coupling(uint8_t i, uint8_t entry);

// ---- the module -------------------------------------------------------------------
// A scan is one hall_reading() per hole, as the TWI delivers them, then hall_classify().
void hall_begin(HoleState st[HALL_HOLES], uint32_t now);
// Hole h's reading (x, y, z, lsb), or r == 0 when its sensor did not acknowledge:
// faults, tare, the moving step (§6). true when the hole became faulty with it.
bool hall_reading(HoleState* s, const HoleCal* c, const int16_t* r);
// The end of a scan: the neighbours' fields subtracted, classes, moving and settle timers.
void hall_classify(HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], uint32_t now);
// The same a few holes at a time (holes from..to−1; parts in order from 0, none of the
// scan's readings changing between them): a main-loop pass stays short (§8).
void hall_classify_part(HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], uint32_t now, uint8_t from,
                        uint8_t to);
// A whole scan at once (tests, benches): raw[h] valid when bit h of `acked` is set.
// Returns the holes that became faulty with this scan.
uint64_t hall_scan(HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], const int16_t raw[HALL_HOLES][3],
                   uint64_t acked, uint32_t now);
bool hall_settled(const HoleState* s, uint32_t now, uint16_t deb);
// '.', 'w', 'b' or '?' (faulty)
char hall_cell(const HoleState* s);
bool hall_faulty(const HoleState* s);
// CALR raw: hole h's corrected μ in µT, 0..65535 (§7)
uint16_t hall_calr_ut(const HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], uint8_t h);
uint16_t hall_isqrt(uint32_t v);
// Once a second: zero tracking of empty, still, settled holes (§6 rule 4).
void hall_zero_track(const HoleState st[HALL_HOLES], HoleCal cal[HALL_HOLES], uint32_t now, uint16_t deb);
// The same a few holes at a time (from..to−1, parts in order from 0).
void hall_zero_track_part(const HoleState st[HALL_HOLES], HoleCal cal[HALL_HOLES], uint32_t now, uint16_t deb,
                          uint8_t from, uint8_t to);

// ---- TARE and CAL (§7) -----------------------------------------------------------
enum HallJob { HJ_NONE = 0, HJ_TARE, HJ_WHITE, HJ_BLACK };
struct HallCalJob {
  uint8_t kind;     // HallJob
  uint8_t hole;     // HALL_NONE: every hole (TARE)
  uint8_t scans;
  bool moved;       // a hole being calibrated was moving during the job
  uint8_t n[HALL_HOLES];
  int32_t sum[HALL_HOLES][3];
};
void hall_job_start(HallCalJob* j, uint8_t kind, uint8_t hole);
// After hall_reading() of hole h (r as given to it).
void hall_job_reading(HallCalJob* j, const HoleState* s, uint8_t h, const int16_t* r);
// After hall_classify(): true when the job has its scans (then hall_job_finish).
bool hall_job_scan_end(HallCalJob* j);
// Both for a whole scan (tests): every acknowledged hole's raw[h], then the scan's end.
bool hall_job_scan(HallCalJob* j, const HoleState st[HALL_HOLES], const int16_t raw[HALL_HOLES][3]);
// Applies the job: false (NAK bad-args) when a hole moved, is faulty, or a level is
// implausible (0.5–2 × nominal, L_b ≥ 2 · L_w); nothing is changed then. `done`: holes changed.
bool hall_job_finish(HallCalJob* j, const HoleState st[HALL_HOLES], HoleCal cal[HALL_HOLES], uint64_t* done);

#endif
