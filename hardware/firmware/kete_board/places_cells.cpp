// places_cells.cpp: the places of a board that weighs them (places.h) — a
// load cell per pit (4x8, hardware/README.md) and, on 2x5+2, the gem readers
// behind sensing.h (hardware/glassperlenspiel.md): the readings and the settle
// rule (sense.cpp), the snapshot's counts, TARE and CAL by averaging scans,
// the 16-byte EEPROM records. The session itself is board.cpp's.
// Portable: no AVR headers.
#include "board.h"
#include "hal.h"
#include "places.h"
#include "sensing.h"

enum JobState { JOB_NONE = 0, JOB_AVERAGING };
#define JOB_WARMUP 2  // scans skipped first: the median still holds readings from before the command

struct CalJob {
  uint8_t state;
  uint8_t kind;    // CMD_TARE or CMD_CAL
  uint8_t known;   // CAL count
  uint8_t target;  // scans to average
  uint8_t scans;   // scans seen
  uint32_t mask;   // pits being calibrated
  uint32_t start;
  int32_t sum[KETE_PITS];
  int32_t lo[KETE_PITS];
  int32_t hi[KETE_PITS];
  uint8_t n[KETE_PITS];
};

static PitState pits[KETE_PITS];
static PitCal cals[KETE_PITS];
static uint8_t sentCounts[KETE_PITS];
static uint32_t sentSettled, sentFault;
static CalJob job;

// A place is faulty when its load cell is, or (2x5+2) its reader or a gem's tag.
static bool place_faulty(uint8_t i) { return pit_faulty(&pits[i]) || sensing_faulty(i); }

static uint32_t fault_mask() {
  uint32_t m = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++)
#if KETE_GEMS
    if (pit_faulty(&pits[i]) || sensing_faulty(i)) m |= (uint32_t)1 << i;
#else
    if (pit_faulty(&pits[i])) m |= (uint32_t)1 << i;  // (the 4x8 image as before the shared core)
#endif
  return m;
}

// The load cells alone: the HX711 scan waits for every cell that is not faulty.
#if KETE_GEMS
static uint32_t cell_fault_mask() {
  uint32_t m = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++)
    if (pit_faulty(&pits[i])) m |= (uint32_t)1 << i;
  return m;
}
#else
static uint32_t cell_fault_mask() { return fault_mask(); }  // the cells are the places
#endif

static uint32_t settled_mask(uint32_t now, uint16_t deb) {
  uint32_t m = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++)
    if (pit_settled(&pits[i], now, deb) && sensing_settled(i, &pits[i], now, deb)) m |= (uint32_t)1 << i;
  return m;
}

uint16_t places_record_addr(uint8_t pit) { return (uint16_t)(EE_CAL_BASE + pit * CAL_RECORD_SIZE); }

PlaceMask places_begin(uint32_t now) {
  job.state = JOB_NONE;
  sentSettled = sentFault = 0;
  PlaceMask need = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    pit_reset(&pits[i]);
    uint8_t rec[CAL_RECORD_SIZE];
    hal_eeprom_read(places_record_addr(i), rec, CAL_RECORD_SIZE);
    if (!cal_unpack(rec, &cals[i])) {
      cals[i].zero16 = 0;
      cals[i].gainQ4 = DEFAULT_GAIN_Q4;
      cals[i].flags = 0;
      cals[i].p1n = 0;
      cals[i].p1diff = 0;
    }
    cal_update(&cals[i]);
    if (!cal_ok(&cals[i])) need |= (PlaceMask)1 << i;
  }
  sensing_begin(now);
  return need;
}

bool places_faulty(uint8_t i) { return place_faulty(i); }

bool places_settled(uint8_t i, uint32_t now, uint16_t deb) {
  return pit_settled(&pits[i], now, deb) && sensing_settled(i, &pits[i], now, deb);
}

void places_cell(LineWriter* w, uint8_t i) {
  if (i) lw_char(w, ',');
  if (place_faulty(i)) lw_char(w, '?');
  else {
    lw_uint(w, pits[i].count);
    sensing_fmt(w, i);
  }
}

void places_sent(uint32_t now, uint16_t deb) {
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    sentCounts[i] = pits[i].count;
    sensing_sent(i);
  }
  sentSettled = settled_mask(now, deb);
  sentFault = fault_mask();
}

bool places_changed(uint32_t now, uint16_t deb) {
  uint32_t faults = fault_mask();
  if (faults != sentFault || settled_mask(now, deb) != sentSettled) return true;
  for (uint8_t i = 0; i < KETE_PITS; i++)
    if (!(faults & ((uint32_t)1 << i)) && (pits[i].count != sentCounts[i] || sensing_changed(i))) return true;
  return false;
}

void places_fault_sent(uint8_t i) { pits[i].flags |= PS_FAULT_SENT; }

bool places_cal_ok(uint8_t i) { return cal_ok(&cals[i]); }

uint16_t places_calr_raw(uint8_t i) {
  const PitState* p = &pits[i];
  return calr_raw(median3(p->raw[0], p->raw[1], p->raw[2]));
}

bool places_calibrating() { return job.state != JOB_NONE; }

uint8_t places_record(uint8_t i, uint8_t rec[PLACE_RECORD_MAX]) {
  // the record as it is now, written whole even if zero tracking moves the zero
  // meanwhile (a record packed byte by byte from a changing zero would fail its
  // checksum); a TARE/CAL of this pit meanwhile marks it dirty again
  cal_pack(&cals[i], rec);
  return CAL_RECORD_SIZE;
}

void places_second(uint32_t now, uint16_t deb) {
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    pit_retry(&pits[i]);
    if (job.state == JOB_NONE) pit_zero_track(&pits[i], &cals[i], now, deb);
  }
}

void places_poll(uint32_t, uint16_t) {}

// ---- TARE and CAL --------------------------------------------------------------------

uint8_t places_cal_start(const Command* c, uint32_t now) {
  if (c->pit != KETE_NO_PIT && pit_faulty(&pits[c->pit])) return NAK_BAD_ARGS;  // no reading to calibrate with
  job.state = JOB_AVERAGING;
  job.kind = c->kind;
  job.known = c->known;
  job.scans = 0;
  job.start = now;
  bool tare = c->kind == CMD_TARE || c->known == 0;
  job.target = (uint8_t)((tare ? TARE_SCANS : CAL_SCANS) + JOB_WARMUP);
  job.mask = c->pit == KETE_NO_PIT ? KETE_ALL_PITS : (uint32_t)1 << c->pit;
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    job.sum[i] = 0;
    job.n[i] = 0;
    job.lo[i] = 0x7FFFFFFF;
    job.hi[i] = -0x7FFFFFFF;
  }
  return 0;
}

static void job_finish(uint32_t now);

static void job_scan(uint32_t fresh, uint32_t now) {
  job.scans++;
  if (job.scans > JOB_WARMUP) {
    for (uint8_t i = 0; i < KETE_PITS; i++) {
      uint32_t bit = (uint32_t)1 << i;
      if (!(job.mask & bit) || !(fresh & bit) || pit_faulty(&pits[i])) continue;
      const int32_t* r = pits[i].raw;
      int32_t med = median3(r[0], r[1], r[2]);
      job.sum[i] += med;
      if (med < job.lo[i]) job.lo[i] = med;
      if (med > job.hi[i]) job.hi[i] = med;
      if (job.n[i] < 255) job.n[i]++;
    }
  }
  // signed: a command read while this scan was being taken has a later time stamp than the scan
  if (job.scans >= job.target || (int32_t)(now - job.start) >= CAL_LIMIT_MS) job_finish(now);
}

static int32_t job_avg16(uint8_t i) {  // average reading in 1/16 raw units
  int32_t n = job.n[i];
  int32_t q = job.sum[i] / n, r = job.sum[i] % n;
  return q * 16 + (r * 16) / n;
}

static bool job_quiet(uint8_t i, int32_t gainQ4) {  // spread within 0.3 stone
  int32_t g = gainQ4 < 0 ? -gainQ4 : gainQ4;
  return (job.hi[i] - job.lo[i]) * 16 <= g * 3 / 10;
}

static void job_nak() {
  job.state = JOB_NONE;
  session_cal_done(false, 0);
}

static void job_finish(uint32_t now) {
  (void)now;
  bool tare = job.kind == CMD_TARE || job.known == 0;
  bool single = job.mask != KETE_ALL_PITS;
  uint32_t done = 0;
  // check every pit first, then change them: the command is all or nothing
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    uint32_t bit = (uint32_t)1 << i;
    if (!(job.mask & bit)) continue;
    if (job.n[i] < 8 || pit_faulty(&pits[i])) {
      if (single) return job_nak();
      continue;  // TARE of every pit: faulty pits keep what they had
    }
    if (tare) {
      if (!job_quiet(i, cals[i].gainQ4)) return job_nak();
    } else {
      int32_t diff16 = job_avg16(i) - cals[i].zero16;
      int32_t gain;
      if (!cal_gain(diff16 / 16, job.known, cals[i].p1n, cals[i].p1diff, &gain)) return job_nak();
      if (!job_quiet(i, gain)) return job_nak();
    }
    done |= bit;
  }
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    uint32_t bit = (uint32_t)1 << i;
    if (!(done & bit)) continue;
    PitCal* c = &cals[i];
    if (tare) {
      c->zero16 = job_avg16(i);
      c->flags |= CAL_ZERO;
      if (!(c->flags & CAL_GAIN)) c->gainQ4 = DEFAULT_GAIN_Q4;
      cal_update(c);
    } else {
      int32_t diff = (job_avg16(i) - c->zero16) / 16;
      int32_t gain = c->gainQ4;
      cal_gain(diff, job.known, c->p1n, c->p1diff, &gain);
      c->gainQ4 = gain;
      cal_update(c);
      c->flags |= CAL_GAIN;
      c->p1n = job.known;
      c->p1diff = diff;
    }
  }
  // ACK now; the records go to EEPROM in the background, one byte per loop pass
  // (3.4 ms a byte: 32 fresh records take 1.7 s, too long to wait for within the
  // protocol's 2000 ms). RESET waits for them; a power cut meanwhile leaves a
  // record with a bad checksum, i.e. that pit uncalibrated (need), never a wrong one.
  job.state = JOB_NONE;
  session_cal_done(true, done);
}

// ---- the HX711 scan -----------------------------------------------------------------

uint32_t board_wait_mask() { return ~cell_fault_mask(); }

void board_scan(const int32_t raw[KETE_PITS], uint32_t fresh, uint32_t notReady, uint32_t now) {
  uint32_t started = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    uint32_t bit = (uint32_t)1 << i;
    bool s = false;
    if (fresh & bit) s = pit_reading(&pits[i], &cals[i], sensing_raw(i, raw[i], &cals[i]), now);
    else if (notReady & bit) s = pit_not_ready(&pits[i]);
    if (s) started |= bit;
  }
  started |= sensing_scan(pits, now);
  session_scan_done(started);
  if (job.state == JOB_AVERAGING) job_scan(fresh, now);
}

void places_view(BoardView* v) {
  v->pits = pits;
  v->cals = cals;
}

int board_count(uint8_t pit) { return place_faulty(pit) ? -1 : pits[pit].count; }

#if KETE_GEMS
uint8_t board_next_reader(uint32_t now) { return gems_next_place(pits, now); }

void board_inventory(uint8_t place, uint16_t read, uint32_t began, uint32_t now) {
  session_faults(gems_inventory(place, read, began, pits, cals, now));
}

void board_reader_fault(uint8_t place, uint32_t now) { session_faults(gems_reader_fault(place, now)); }
#endif
