#include "hall.h"

#include "crc8.h"
#include "pgm.h"

// ---- geometry ----------------------------------------------------------------------
// Row r (A = 0 .. I = 8) holds columns max(1, r − 3) .. min(9, r + 5) (AB-1's board);
// the canonical index runs A1..A5, B1..B6, … I5..I9 (PROTOCOL.md §5.3).
// (9 bytes in RAM: as a PROGMEM table, LTO materialised a RAM copy and read flash at its address)
static const uint8_t ROW_START[9] = {0, 5, 11, 18, 26, 35, 43, 50, 56};

static int8_t col_min(int8_t r) { return r > 4 ? (int8_t)(r - 3) : 1; }
static int8_t col_max(int8_t r) { return r < 4 ? (int8_t)(r + 5) : 9; }

uint8_t hall_index(int8_t r, int8_t c) {
  if (r < 0 || r > 8 || c < col_min(r) || c > col_max(r)) return HALL_NONE;
  return (uint8_t)(ROW_START[r] + (c - col_min(r)));
}

void hall_rowcol(uint8_t hole, int8_t* r, int8_t* c) {
  int8_t row = 8;
  while (row > 0 && hole < ROW_START[row]) row--;
  *r = row;
  *c = (int8_t)(col_min(row) + (hole - ROW_START[row]));
}

// The 12 nearest holes as (row, column) steps, and the coupling of a marble there to
// this hole's sensor: C = (d/R)³ (3 R̂R̂ᵀ − I) for R = (dx, dy, d), the marble's centre
// seen from the sensor, on a 40 mm triangular grid (x = 40·(c − r/2), y = 34.64·r mm)
// and d = 12 mm (§3.3). Q15: xx, yy, zz, xy, xz, yz. The native tests recompute them.
struct Near {
  int8_t dr, dc;
  int16_t c[6];
};
static const Near NEAR[HALL_NEAR] KETE_FLASH = {
    {0, 1, {1362, -777, -585, 0, 642, 0}},  // 40 mm: the six neighbours of AB-2
    {0, -1, {1362, -777, -585, 0, -642, 0}},
    {1, 0, {-243, 827, -585, -927, -321, 556}},
    {-1, 0, {-243, 827, -585, -927, 321, -556}},
    {1, 1, {-243, 827, -585, 927, 321, 556}},
    {-1, -1, {-243, 827, -585, 927, -321, -556}},
    {1, 2, {193, -44, -149, 205, 71, 41}},  // 69.3 mm
    {-1, -2, {193, -44, -149, 205, -71, -41}},
    {2, 1, {-163, 312, -149, 0, 0, 82}},
    {-2, -1, {-163, 312, -149, 0, 0, -82}},
    {1, -1, {193, -44, -149, -205, -71, 41}},
    {-1, 1, {193, -44, -149, -205, 71, -41}},
};

// the 12 nearest holes of each hole in NEAR's order (HALL_NONE beyond the edge);
// generated from hall_index() and checked against it by the native tests
static const uint8_t NEIGH[HALL_HOLES][HALL_NEAR] KETE_FLASH = {
    {1, 255, 5, 255, 6, 255, 7, 255, 12, 255, 255, 255},
    {2, 0, 6, 255, 7, 255, 8, 255, 13, 255, 5, 255},
    {3, 1, 7, 255, 8, 255, 9, 255, 14, 255, 6, 255},
    {4, 2, 8, 255, 9, 255, 10, 255, 15, 255, 7, 255},
    {255, 3, 9, 255, 10, 255, 255, 255, 16, 255, 8, 255},
    {6, 255, 11, 0, 12, 255, 13, 255, 19, 255, 255, 1},
    {7, 5, 12, 1, 13, 0, 14, 255, 20, 255, 11, 2},
    {8, 6, 13, 2, 14, 1, 15, 0, 21, 255, 12, 3},
    {9, 7, 14, 3, 15, 2, 16, 1, 22, 255, 13, 4},
    {10, 8, 15, 4, 16, 3, 17, 2, 23, 255, 14, 255},
    {255, 9, 16, 255, 17, 4, 255, 3, 24, 255, 15, 255},
    {12, 255, 18, 5, 19, 255, 20, 255, 27, 255, 255, 6},
    {13, 11, 19, 6, 20, 5, 21, 255, 28, 0, 18, 7},
    {14, 12, 20, 7, 21, 6, 22, 5, 29, 1, 19, 8},
    {15, 13, 21, 8, 22, 7, 23, 6, 30, 2, 20, 9},
    {16, 14, 22, 9, 23, 8, 24, 7, 31, 3, 21, 10},
    {17, 15, 23, 10, 24, 9, 25, 8, 32, 4, 22, 255},
    {255, 16, 24, 255, 25, 10, 255, 9, 33, 255, 23, 255},
    {19, 255, 26, 11, 27, 255, 28, 255, 35, 255, 255, 12},
    {20, 18, 27, 12, 28, 11, 29, 255, 36, 5, 26, 13},
    {21, 19, 28, 13, 29, 12, 30, 11, 37, 6, 27, 14},
    {22, 20, 29, 14, 30, 13, 31, 12, 38, 7, 28, 15},
    {23, 21, 30, 15, 31, 14, 32, 13, 39, 8, 29, 16},
    {24, 22, 31, 16, 32, 15, 33, 14, 40, 9, 30, 17},
    {25, 23, 32, 17, 33, 16, 34, 15, 41, 10, 31, 255},
    {255, 24, 33, 255, 34, 17, 255, 16, 42, 255, 32, 255},
    {27, 255, 255, 18, 35, 255, 36, 255, 255, 255, 255, 19},
    {28, 26, 35, 19, 36, 18, 37, 255, 43, 11, 255, 20},
    {29, 27, 36, 20, 37, 19, 38, 18, 44, 12, 35, 21},
    {30, 28, 37, 21, 38, 20, 39, 19, 45, 13, 36, 22},
    {31, 29, 38, 22, 39, 21, 40, 20, 46, 14, 37, 23},
    {32, 30, 39, 23, 40, 22, 41, 21, 47, 15, 38, 24},
    {33, 31, 40, 24, 41, 23, 42, 22, 48, 16, 39, 25},
    {34, 32, 41, 25, 42, 24, 255, 23, 49, 17, 40, 255},
    {255, 33, 42, 255, 255, 25, 255, 24, 255, 255, 41, 255},
    {36, 255, 255, 27, 43, 26, 44, 255, 255, 18, 255, 28},
    {37, 35, 43, 28, 44, 27, 45, 26, 50, 19, 255, 29},
    {38, 36, 44, 29, 45, 28, 46, 27, 51, 20, 43, 30},
    {39, 37, 45, 30, 46, 29, 47, 28, 52, 21, 44, 31},
    {40, 38, 46, 31, 47, 30, 48, 29, 53, 22, 45, 32},
    {41, 39, 47, 32, 48, 31, 49, 30, 54, 23, 46, 33},
    {42, 40, 48, 33, 49, 32, 255, 31, 55, 24, 47, 34},
    {255, 41, 49, 34, 255, 33, 255, 32, 255, 25, 48, 255},
    {44, 255, 255, 36, 50, 35, 51, 255, 255, 27, 255, 37},
    {45, 43, 50, 37, 51, 36, 52, 35, 56, 28, 255, 38},
    {46, 44, 51, 38, 52, 37, 53, 36, 57, 29, 50, 39},
    {47, 45, 52, 39, 53, 38, 54, 37, 58, 30, 51, 40},
    {48, 46, 53, 40, 54, 39, 55, 38, 59, 31, 52, 41},
    {49, 47, 54, 41, 55, 40, 255, 39, 60, 32, 53, 42},
    {255, 48, 55, 42, 255, 41, 255, 40, 255, 33, 54, 255},
    {51, 255, 255, 44, 56, 43, 57, 255, 255, 36, 255, 45},
    {52, 50, 56, 45, 57, 44, 58, 43, 255, 37, 255, 46},
    {53, 51, 57, 46, 58, 45, 59, 44, 255, 38, 56, 47},
    {54, 52, 58, 47, 59, 46, 60, 45, 255, 39, 57, 48},
    {55, 53, 59, 48, 60, 47, 255, 46, 255, 40, 58, 49},
    {255, 54, 60, 49, 255, 48, 255, 47, 255, 41, 59, 255},
    {57, 255, 255, 51, 255, 50, 255, 255, 255, 44, 255, 52},
    {58, 56, 255, 52, 255, 51, 255, 50, 255, 45, 255, 53},
    {59, 57, 255, 53, 255, 52, 255, 51, 255, 46, 255, 54},
    {60, 58, 255, 54, 255, 53, 255, 52, 255, 47, 255, 55},
    {255, 59, 255, 55, 255, 54, 255, 53, 255, 48, 255, 255},
};

static inline int16_t flash_i16(const int16_t* p) {
  return (int16_t)(kete_flash_byte(p) | (kete_flash_byte((const uint8_t*)p + 1) << 8));
}

uint8_t hall_near(uint8_t hole, uint8_t i) { return kete_flash_byte(&NEIGH[hole][i]); }

uint8_t hall_near_computed(uint8_t hole, uint8_t i) {
  int8_t r, c;
  hall_rowcol(hole, &r, &c);
  return hall_index((int8_t)(r + (int8_t)kete_flash_byte(&NEAR[i].dr)),
                    (int8_t)(c + (int8_t)kete_flash_byte(&NEAR[i].dc)));
}

int16_t hall_coupling(uint8_t i, uint8_t entry) { return flash_i16(&NEAR[i].c[entry]); }

// ---- arithmetic --------------------------------------------------------------------------

uint16_t hall_isqrt(uint32_t v) {
  uint32_t r = 0, bit = (uint32_t)1 << 30;
  while (bit > v) bit >>= 2;
  while (bit) {
    if (v >= r + bit) {
      v -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
    bit >>= 2;
  }
  return (uint16_t)r;
}

static uint16_t ut_to_lsb(uint32_t ut) { return (uint16_t)((ut * HALL_UT_TO_LSB_Q10) >> 10); }
static uint32_t lsb_to_ut(uint32_t lsb) { return (lsb * 1250u) >> 10; }  // 80000/65536 = 1250/1024

static int16_t clamp16(int32_t v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : (int16_t)v; }

// the own estimate m = (−Bx, −By, Bz/2) of a tared or corrected field (§3.2)
static uint32_t mu2_of(int16_t bx, int16_t by, int16_t bz) {
  int16_t mz = (int16_t)(bz / 2);
  // 16 × 16 → 32-bit squares (a square is never negative; −32768² fits a uint32_t)
  return (uint32_t)((int32_t)bx * bx) + (uint32_t)((int32_t)by * by) + (uint32_t)((int32_t)mz * mz);
}

// ---- calibration ------------------------------------------------------------------------

void hall_cal_update(HoleCal* c) {
  uint32_t lw = c->flags & HCAL_WHITE ? c->lw : HALL_NOMINAL_W_UT;
  uint32_t lb = c->flags & HCAL_BLACK ? c->lb : HALL_NOMINAL_B_UT;
  c->t1 = ut_to_lsb(lw * 2 / 5);            // T1 = 0.4 · L_w (§4)
  c->t2 = ut_to_lsb(hall_isqrt(lw * lb));   // T2 = √(L_w · L_b)
}

void hall_cal_clear(HoleCal* c) {
  for (uint8_t a = 0; a < 3; a++) c->zero[a] = c->track16[a] = 0;
  c->lw = c->lb = 0;
  c->flags = 0;
  hall_cal_update(c);
}

bool hall_cal_ok(const HoleCal* c) {
  return (c->flags & (HCAL_ZERO | HCAL_WHITE | HCAL_BLACK)) == (HCAL_ZERO | HCAL_WHITE | HCAL_BLACK);
}

void hall_pack(const HoleCal* c, uint8_t rec[HALL_RECORD_SIZE]) {
  for (uint8_t a = 0; a < 3; a++) {
    rec[2 * a] = (uint8_t)c->zero[a];
    rec[2 * a + 1] = (uint8_t)((uint16_t)c->zero[a] >> 8);
  }
  // a level never recorded is stored as 0; a zero never recorded as 0x8000 on X
  if (!(c->flags & HCAL_ZERO)) rec[0] = 0, rec[1] = 0x80;
  uint16_t lw = c->flags & HCAL_WHITE ? c->lw : 0, lb = c->flags & HCAL_BLACK ? c->lb : 0;
  rec[6] = (uint8_t)lw;
  rec[7] = (uint8_t)(lw >> 8);
  rec[8] = (uint8_t)lb;
  rec[9] = (uint8_t)(lb >> 8);
  rec[10] = (uint8_t)(crc8(rec, 10) ^ 0x5A);  // ^0x5A: an all-zero record is not valid
}

bool hall_unpack(const uint8_t rec[HALL_RECORD_SIZE], HoleCal* c) {
  if ((uint8_t)(crc8(rec, 10) ^ 0x5A) != rec[10]) return false;
  hall_cal_clear(c);
  for (uint8_t a = 0; a < 3; a++) c->zero[a] = (int16_t)(rec[2 * a] | (rec[2 * a + 1] << 8));
  if (c->zero[0] == -32768) c->zero[0] = 0;
  else c->flags |= HCAL_ZERO;
  c->lw = (uint16_t)(rec[6] | (rec[7] << 8));
  c->lb = (uint16_t)(rec[8] | (rec[9] << 8));
  if (c->lw) c->flags |= HCAL_WHITE;
  if (c->lb) c->flags |= HCAL_BLACK;
  hall_cal_update(c);
  return true;
}

// ---- the scan -----------------------------------------------------------------------------

void hall_begin(HoleState st[HALL_HOLES], uint32_t now) {
  for (uint8_t h = 0; h < HALL_HOLES; h++) {
    HoleState* s = &st[h];
    for (uint8_t a = 0; a < 3; a++) s->b[a] = 0;
    s->sig = 0;
    s->mu = 0;
    s->since = (uint16_t)now;
    s->cls = HALL_EMPTY;
    s->cand = HALL_EMPTY;
    s->candN = 0;
    s->fault = HALL_OK;
    s->nack = s->same = s->sat = s->good = 0;
    s->flags = 0;
  }
}

bool hall_faulty(const HoleState* s) { return s->fault != HALL_OK; }

static bool live(const HoleState* s) { return s->fault == HALL_OK && (s->flags & HS_SEEN); }

// the holes holding a marble by their own (uncorrected) estimate: μ above T1 / 2.
// A byte array, not a uint64_t: a variable 64-bit shift is a slow loop on the AVR.
struct Marbles {
  uint8_t bits[(HALL_HOLES + 7) / 8];
  bool has(uint8_t h) const { return bits[h >> 3] & (uint8_t)(1u << (h & 7)); }
};

static void marbles(const HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], Marbles* m) {
  for (uint8_t i = 0; i < sizeof m->bits; i++) m->bits[i] = 0;
  for (uint8_t h = 0; h < HALL_HOLES; h++) {
    const HoleState* s = &st[h];
    if (!live(s)) continue;
    if (s->mu > cal[h].t1 / 2) m->bits[h >> 3] |= (uint8_t)(1u << (h & 7));
  }
}

// hole h's tared field less the fields of the marbles in its 12 nearest holes (§4 step 3)
static void corrected(const HoleState st[HALL_HOLES], const Marbles* marb, uint8_t h, int32_t out[3]) {
  const int16_t* b = st[h].b;
  int32_t sx = 0, sy = 0, sz = 0;  // Σ C·m in Q15
  for (uint8_t i = 0; i < HALL_NEAR; i++) {
    uint8_t n = kete_flash_byte(&NEIGH[h][i]);
    if (n == HALL_NONE || !marb->has(n)) continue;
    const int16_t* nb = st[n].b;
    // 16 × 16 → 32-bit products (the AVR's fast multiply; 32 × 32 is a library loop)
    int16_t mx = nb[0] == -32768 ? 32767 : (int16_t)-nb[0], my = nb[1] == -32768 ? 32767 : (int16_t)-nb[1];
    int16_t mz = (int16_t)(nb[2] / 2);
    const int16_t* cc = NEAR[i].c;
    int16_t xx = flash_i16(&cc[0]), yy = flash_i16(&cc[1]), zz = flash_i16(&cc[2]);
    int16_t xy = flash_i16(&cc[3]), xz = flash_i16(&cc[4]), yz = flash_i16(&cc[5]);
    sx += (int32_t)xx * mx + (int32_t)xy * my + (int32_t)xz * mz;
    sy += (int32_t)xy * mx + (int32_t)yy * my + (int32_t)yz * mz;
    sz += (int32_t)xz * mx + (int32_t)yz * my + (int32_t)zz * mz;
  }
  out[0] = clamp16(b[0] - (sx >> 15));
  out[1] = clamp16(b[1] - (sy >> 15));
  out[2] = clamp16(b[2] - (sz >> 15));
}

static uint32_t corrected_mu2(const HoleState st[HALL_HOLES], const Marbles* marb, uint8_t h) {
  int32_t v[3];
  corrected(st, marb, h, v);
  return mu2_of((int16_t)v[0], (int16_t)v[1], (int16_t)v[2]);
}

// The decision of §6 rules 1 and 2 on μ (lsb): around each threshold T four
// boundaries, T/1.15 and T·1.15 (within them the hole is moving) and T/1.1 and
// T·1.1 (between them the class holds: hysteresis), in 1/1024 by multiplying only
// (a division is a slow library loop on the AVR). The region of μ is the number
// of boundaries at or below it; the thresholds rise (T2 ≥ 3.5 T1, §7's plausible
// levels), so regions 4j … 4j+3 lie around threshold j:
//   4j: class j, still; 4j+1: class j, near; 4j+2: no class (band), near;
//   4j+3: class j+1, near; and 4·n: the top class, still.
static const uint16_t BAND_Q10[4] = {890, 931, 1126, 1178};  // /1.15, /1.1, ×1.0996, ×1.15
#define HALL_THRESHOLDS 2

static uint8_t region(uint16_t mu, const HoleCal* c) {
  const uint16_t t[HALL_THRESHOLDS] = {c->t1, c->t2};
  uint8_t r = 0;
  for (uint8_t j = 0; j < HALL_THRESHOLDS; j++)
    for (uint8_t q = 0; q < 4; q++) {
      if ((uint32_t)mu * 1024u < (uint32_t)t[j] * BAND_Q10[q]) return r;
      r++;
    }
  return r;
}

// the neighbours' fields at most: |C·m| ≤ 2 (d/R)³ |m| (the eigenvalues of
// 3R̂R̂ᵀ − I are 2, −1, −1), in 1/1024 rounded up: 2·(12/41.76)³ and 2·(12/70.29)³
#define BOUND_RING1_Q10 49
#define BOUND_RING2_Q10 11
#define BOUND_SLACK_LSB 8  // the table's rounding, Bz/2 truncated

bool hall_reading(HoleState* s, const HoleCal* c, const int16_t* r) {
  s->flags &= (uint8_t) ~(HS_MOVING | HS_STEP);
  if (r == 0) {
    if (s->nack < 255) s->nack++;
    s->good = 0;
    if (s->fault == HALL_OK && s->nack >= HALL_NACK_SCANS) {
      s->fault = HALL_FAULT_NACK;
      return true;
    }
    return false;
  }
  bool started = false;
  s->nack = 0;
  bool seen = s->flags & HS_SEEN;
  // a signature of the reading: a live sensor's low bits always move (stuck detection)
  uint16_t sig = (uint16_t)((uint16_t)r[0] + 3u * (uint16_t)r[1] + 7u * (uint16_t)r[2]);
  bool same = seen && sig == s->sig;
  bool pinned = false, beyond = false;
  for (uint8_t a = 0; a < 3; a++) {
    if (r[a] >= HALL_PINNED || r[a] <= -HALL_PINNED) pinned = true;
    if (r[a] > HALL_SAT_LSB || r[a] < -HALL_SAT_LSB) beyond = true;
  }
  s->same = same ? (uint8_t)(s->same < 255 ? s->same + 1 : 255) : 0;
  s->sat = pinned ? (uint8_t)(s->sat < 255 ? s->sat + 1 : 255) : 0;
  if (s->fault == HALL_OK) {
    if (s->same >= HALL_STUCK_SCANS - 1) s->fault = HALL_FAULT_STUCK;  // 50 identical readings
    else if (s->sat >= HALL_SAT_SCANS) s->fault = HALL_FAULT_SATURATED;
    started = s->fault != HALL_OK;
  } else {
    s->good = (!same && !pinned) ? (uint8_t)(s->good + 1) : 0;
    if (s->good >= HALL_GOOD_SCANS) {  // alive again: start afresh
      s->fault = HALL_OK;
      s->flags = 0;
      s->candN = 0;
      s->same = s->sat = s->good = 0;
      seen = false;
    }
  }
  for (uint8_t a = 0; a < 3; a++) {
    int32_t zero = (int32_t)c->zero[a] + ((c->track16[a] + 8) >> 4);
    s->b[a] = clamp16((int32_t)r[a] - zero);
  }
  s->sig = sig;
  // §6 rule 2: moving while the own μ changes by more than 0.4 mT a scan. μ does not
  // change as a marble turns in place (§3.2), only as it moves; a marble rocking in
  // its dish settles once its centre's swing is small, its colour right throughout.
  uint16_t mu = hall_isqrt(mu2_of(s->b[0], s->b[1], s->b[2]));
  uint16_t step = mu > s->mu ? (uint16_t)(mu - s->mu) : (uint16_t)(s->mu - mu);
  s->mu = mu;
  if (!seen || step > HALL_STEP_LSB) s->flags |= HS_STEP | HS_MOVING;
  if (beyond) s->flags |= HS_MOVING;
  s->flags |= HS_SEEN;
  return started;
}

#define HALL_SINCE_MAX 60000u  // the settle timer saturates (deb ≤ 5000, PROTOCOL.md §7)

void hall_classify(HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], uint32_t now) {
  hall_classify_part(st, cal, now, 0, HALL_HOLES);
}

void hall_classify_part(HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], uint32_t now, uint8_t from,
                        uint8_t to) {
  static Marbles marb;  // found at the first part, used by all of this scan's
  if (from == 0) marbles(st, cal, &marb);
  for (uint8_t h = from; h < to && h < HALL_HOLES; h++) {
    HoleState* s = &st[h];
    if (!live(s)) continue;
    // §4 step 3, only where it can matter: the corrected μ lies within μ ± the
    // neighbours' largest possible field; when that interval holds no boundary
    // the own μ decides as the corrected one would (most holes, most scans)
    uint32_t ring1 = 0, ring2 = 0;
    for (uint8_t i = 0; i < HALL_NEAR; i++) {
      uint8_t n = kete_flash_byte(&NEIGH[h][i]);
      if (n == HALL_NONE || !marb.has(n)) continue;
      if (i < 6) ring1 += st[n].mu;
      else ring2 += st[n].mu;
    }
    uint32_t bound = ((ring1 * BOUND_RING1_Q10 + ring2 * BOUND_RING2_Q10) >> 10) + BOUND_SLACK_LSB;
    uint16_t mu = s->mu;
    uint16_t lo = mu > bound ? (uint16_t)(mu - bound) : 0;
    uint32_t hi32 = mu + bound;
    uint16_t hi = hi32 > 65535u ? 65535u : (uint16_t)hi32;
    uint8_t r;
    if (bound == BOUND_SLACK_LSB) {
      r = region(mu, &cal[h]);  // no marble near: the own μ is the corrected one
    } else {
      r = region(lo, &cal[h]);
      if (region(hi, &cal[h]) != r) r = region(hall_isqrt(corrected_mu2(st, &marb, h)), &cal[h]);
    }
    uint8_t q = r & 3, j = r >> 2;
    uint8_t clear = q == 2 ? 0xFF : q == 3 ? (uint8_t)(j + 1) : j;  // beyond the band, if any (§6 rule 1)
    if (q != 0) s->flags |= HS_MOVING;  // within ±15 % of a threshold (§6 rule 2)
    if (clear != 0xFF && clear != s->cls) {
      if (s->candN > 0 && s->cand == clear) s->candN++;
      else {
        s->cand = clear;
        s->candN = 1;
      }
      if (s->candN >= 2) {  // confirmed on two scans
        s->cls = clear;
        s->candN = 0;
      }
    } else if (clear != 0xFF) {
      s->candN = 0;
    }
    if (s->flags & HS_MOVING) s->since = (uint16_t)now;
    else if ((uint16_t)((uint16_t)now - s->since) > HALL_SINCE_MAX) s->since = (uint16_t)(now - HALL_SINCE_MAX);
  }
}

uint64_t hall_scan(HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], const int16_t raw[HALL_HOLES][3],
                   uint64_t acked, uint32_t now) {
  uint64_t started = 0;
  uint64_t bit = 1;
  for (uint8_t h = 0; h < HALL_HOLES; h++, bit <<= 1)
    if (hall_reading(&st[h], &cal[h], (acked & bit) ? raw[h] : 0)) started |= bit;
  hall_classify(st, cal, now);
  return started;
}

bool hall_settled(const HoleState* s, uint32_t now, uint16_t deb) {
  if (!live(s)) return false;
  if (deb != 0 && (s->flags & HS_MOVING)) return false;  // its last reading moved: not yet classified
  if (deb == 0) return true;
  return s->candN == 0 && (uint16_t)((uint16_t)now - s->since) >= deb;
}

char hall_cell(const HoleState* s) {
  if (s->fault != HALL_OK) return '?';
  return s->cls == HALL_BLACK ? 'b' : s->cls == HALL_WHITE ? 'w' : '.';
}

uint16_t hall_calr_ut(const HoleState st[HALL_HOLES], const HoleCal cal[HALL_HOLES], uint8_t h) {
  if (!live(&st[h])) return 0;
  Marbles marb;
  marbles(st, cal, &marb);
  uint32_t ut = lsb_to_ut(hall_isqrt(corrected_mu2(st, &marb, h)));
  return (uint16_t)(ut > 65535u ? 65535u : ut);
}

void hall_zero_track(const HoleState st[HALL_HOLES], HoleCal cal[HALL_HOLES], uint32_t now, uint16_t deb) {
  hall_zero_track_part(st, cal, now, deb, 0, HALL_HOLES);
}

void hall_zero_track_part(const HoleState st[HALL_HOLES], HoleCal cal[HALL_HOLES], uint32_t now, uint16_t deb,
                          uint8_t from, uint8_t to) {
  static Marbles marb;  // found at the first part
  if (from == 0) marbles(st, cal, &marb);
  uint16_t still = deb > HALL_ZERO_STILL_MS ? deb : HALL_ZERO_STILL_MS;
  for (uint8_t h = from; h < to && h < HALL_HOLES; h++) {
    const HoleState* s = &st[h];
    if (!live(s) || s->cls != HALL_EMPTY || (s->flags & HS_MOVING)) continue;
    if (s->candN != 0 || (uint16_t)((uint16_t)now - s->since) < still) continue;
    int32_t v[3];
    corrected(st, &marb, h, v);
    for (uint8_t a = 0; a < 3; a++) {
      // 1/64 of the difference: in 1/16 lsb that is v/4, rounded toward zero
      int32_t t = cal[h].track16[a] + v[a] / 4;
      const int32_t lim = HALL_ZERO_TRACK_LSB * 16;
      cal[h].track16[a] = (int16_t)(t > lim ? lim : t < -lim ? -lim : t);
    }
  }
}

// ---- TARE and CAL ----------------------------------------------------------------------------

void hall_job_start(HallCalJob* j, uint8_t kind, uint8_t hole) {
  j->kind = kind;
  j->hole = hole;
  j->scans = 0;
  j->moved = false;
  for (uint8_t h = 0; h < HALL_HOLES; h++) {
    j->n[h] = 0;
    j->sum[h][0] = j->sum[h][1] = j->sum[h][2] = 0;
  }
}

static bool in_job(const HallCalJob* j, uint8_t h) { return j->hole == HALL_NONE || j->hole == h; }

void hall_job_reading(HallCalJob* j, const HoleState* s, uint8_t h, const int16_t* r) {
  if (j->kind == HJ_NONE || !in_job(j, h) || r == 0 || !live(s)) return;
  // CAL: the marble must be still (§7); TARE: nothing may move (an empty hole near a
  // threshold is no reason to refuse: the offsets are what TARE removes)
  if (s->flags & (j->kind == HJ_TARE ? HS_STEP : HS_MOVING)) j->moved = true;
  for (uint8_t a = 0; a < 3; a++) j->sum[h][a] += r[a];
  j->n[h]++;
}

bool hall_job_scan_end(HallCalJob* j) { return ++j->scans >= HALL_CAL_SCANS; }

bool hall_job_scan(HallCalJob* j, const HoleState st[HALL_HOLES], const int16_t raw[HALL_HOLES][3]) {
  for (uint8_t h = 0; h < HALL_HOLES; h++)
    if (st[h].nack == 0) hall_job_reading(j, &st[h], h, raw[h]);
  return hall_job_scan_end(j);
}

static bool level_plausible(uint32_t ut, uint32_t nominal) { return ut * 2 >= nominal && ut <= nominal * 2; }

bool hall_job_finish(HallCalJob* j, const HoleState st[HALL_HOLES], HoleCal cal[HALL_HOLES], uint64_t* done) {
  (void)st;
  *done = 0;
  uint8_t kind = j->kind;
  j->kind = HJ_NONE;
  // a CAL needs a still marble; a TARE of every hole lets faulty holes keep what they had
  if (j->moved) return false;
  uint64_t ok = 0;
  uint16_t level = 0;
  for (uint8_t h = 0; h < HALL_HOLES; h++) {
    if (!in_job(j, h)) continue;
    if (j->n[h] < HALL_CAL_SCANS / 2) {
      if (j->hole != HALL_NONE) return false;
      continue;
    }
    if (kind != HJ_TARE) {
      int32_t b[3];
      for (uint8_t a = 0; a < 3; a++) b[a] = j->sum[h][a] / j->n[h] - cal[h].zero[a] - ((cal[h].track16[a] + 8) >> 4);
      uint32_t ut = lsb_to_ut(hall_isqrt(mu2_of(clamp16(b[0]), clamp16(b[1]), clamp16(b[2]))));
      const HoleCal* c = &cal[h];
      uint32_t lw = c->flags & HCAL_WHITE ? c->lw : HALL_NOMINAL_W_UT;
      uint32_t lb = c->flags & HCAL_BLACK ? c->lb : HALL_NOMINAL_B_UT;
      if (kind == HJ_WHITE && (!level_plausible(ut, HALL_NOMINAL_W_UT) || lb < 2 * ut)) return false;
      if (kind == HJ_BLACK && (!level_plausible(ut, HALL_NOMINAL_B_UT) || ut < 2 * lw)) return false;
      level = (uint16_t)ut;
    }
    ok |= (uint64_t)1 << h;
  }
  for (uint8_t h = 0; h < HALL_HOLES; h++) {
    if (!(ok & ((uint64_t)1 << h))) continue;
    HoleCal* c = &cal[h];
    if (kind == HJ_TARE) {
      for (uint8_t a = 0; a < 3; a++) {
        c->zero[a] = clamp16(j->sum[h][a] / j->n[h]);
        c->track16[a] = 0;
      }
      c->flags |= HCAL_ZERO;
    } else if (kind == HJ_WHITE) {
      c->lw = level;
      c->flags |= HCAL_WHITE;
    } else {
      c->lb = level;
      c->flags |= HCAL_BLACK;
    }
    hall_cal_update(c);
  }
  *done = ok;
  return true;
}
