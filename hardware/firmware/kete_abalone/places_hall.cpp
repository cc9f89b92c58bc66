// places_hall.cpp: the places of the Abalone board (hex61, hardware/abalone.md)
// for the session core (kete_board/board.cpp, places.h): 61 holes read by the
// sensing module hall.cpp — the snapshot's cells ('.', 'b', 'w' or '?' per hole),
// CALR (μ in µT), TARE / CAL <hole> w|b averaging 32 scans (§7), zero tracking a
// few holes a pass, and the 11-byte EEPROM records. Portable: no AVR headers.
#include "board.h"
#include "hal.h"
#include "hall.h"
#include "places.h"
#if KETE_NEUTRAL
#include "neutral.h"
extern NeutralState neutral_st[NEUTRAL_HOLES];  // hall_state.cpp
#endif

extern HoleState hall_st[HALL_HOLES];  // hall_state.cpp
extern HoleCal hall_cal[HALL_HOLES];
extern HallCalJob hall_job;

// A hole's cell and settled bit: the Hall module's, and with the neutral
// switches (-DKETE_NEUTRAL, hardware/abalone.md §2.3) 'n' for an empty Hall
// reading over a conductor, settled once the switch too is still.
static char cell(uint8_t i) {
#if KETE_NEUTRAL
  return neutral_cell(hall_cell(&hall_st[i]), &neutral_st[i]);
#else
  return hall_cell(&hall_st[i]);
#endif
}

static bool settled(uint8_t i, uint32_t now, uint16_t deb) {
#if KETE_NEUTRAL
  if (!neutral_settled(&neutral_st[i], now, deb)) return false;
#endif
  return hall_settled(&hall_st[i], now, deb);
}

static char sentCells[KETE_PITS];  // the cell of each hole in the last snapshot ...
static uint8_t sentSettled[8];     // ... and its settled bit (bytes: no 64-bit shifts per pass)
static uint8_t ztNext = KETE_PITS; // zero tracking: the next hole (KETE_PITS: done for this second)
static uint32_t jobStart;

uint16_t places_record_addr(uint8_t hole) { return (uint16_t)(EE_CAL_BASE + hole * HALL_RECORD_SIZE); }

PlaceMask places_begin(uint32_t now) {
  hall_job.kind = HJ_NONE;
  ztNext = KETE_PITS;
  for (uint8_t b = 0; b < 8; b++) sentSettled[b] = 0;
  hall_begin(hall_st, now);
#if KETE_NEUTRAL
  neutral_begin(neutral_st, now);
#endif
  PlaceMask need = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    uint8_t rec[HALL_RECORD_SIZE];
    hal_eeprom_read(places_record_addr(i), rec, HALL_RECORD_SIZE);
    if (!hall_unpack(rec, &hall_cal[i])) hall_cal_clear(&hall_cal[i]);
    if (!hall_cal_ok(&hall_cal[i])) need |= (PlaceMask)1 << i;
  }
  return need;
}

bool places_faulty(uint8_t i) { return hall_faulty(&hall_st[i]); }

bool places_settled(uint8_t i, uint32_t now, uint16_t deb) { return settled(i, now, deb); }

void places_cell(LineWriter* w, uint8_t i) { lw_char(w, cell(i)); }  // PROTOCOL.md §5.3

void places_sent(uint32_t now, uint16_t deb) {
  for (uint8_t b = 0; b < 8; b++) sentSettled[b] = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    sentCells[i] = cell(i);
    if (settled(i, now, deb)) sentSettled[i >> 3] |= (uint8_t)(1u << (i & 7));
  }
}

bool places_changed(uint32_t now, uint16_t deb) {
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    if (cell(i) != sentCells[i]) return true;  // a fault shows as '?'
    bool was = sentSettled[i >> 3] & (uint8_t)(1u << (i & 7));
    if (settled(i, now, deb) != was) return true;
  }
  return false;
}

void places_fault_sent(uint8_t i) { hall_st[i].flags |= HS_FAULT_SENT; }

bool places_cal_ok(uint8_t i) { return hall_cal_ok(&hall_cal[i]); }

uint16_t places_calr_raw(uint8_t i) { return hall_calr_ut(hall_st, hall_cal, i); }  // μ in µT (§7)

bool places_calibrating() { return hall_job.kind != HJ_NONE; }

uint8_t places_record(uint8_t i, uint8_t rec[PLACE_RECORD_MAX]) {
  hall_pack(&hall_cal[i], rec);
  return HALL_RECORD_SIZE;
}

void places_second(uint32_t now, uint16_t deb) {
  (void)now;
  (void)deb;
  if (hall_job.kind == HJ_NONE) ztNext = 0;  // zero tracking once a second (§6 rule 4) ...
}

void places_poll(uint32_t now, uint16_t deb) {
  if (ztNext < KETE_PITS) {  // ... a hole a pass (a correction: up to 0.7 ms): a pass stays short (§8)
    uint8_t to = (uint8_t)(ztNext + 1);
    hall_zero_track_part(hall_st, hall_cal, now, deb, ztNext, to);
    ztNext = to >= KETE_PITS ? (uint8_t)KETE_PITS : to;
  }
}

// TARE [hole]; CAL <hole> w|b with the reference marble; CAL <hole> . = TARE <hole> (§7)
uint8_t places_cal_start(const Command* c, uint32_t now) {
  uint8_t kind = HJ_TARE;
  if (c->kind == CMD_CAL && c->known == CAL_KNOWN_WHITE) kind = HJ_WHITE;
  else if (c->kind == CMD_CAL && c->known == CAL_KNOWN_BLACK) kind = HJ_BLACK;
  if (c->pit != KETE_NO_PIT && hall_faulty(&hall_st[c->pit])) return NAK_BAD_ARGS;  // nothing to calibrate with
  hall_job_start(&hall_job, kind, c->pit == KETE_NO_PIT ? HALL_NONE : c->pit);
  jobStart = now;
  return 0;
}

// ---- the scan (kete_abalone.ino) -----------------------------------------------------------

void board_hole(uint8_t h, const int16_t* r) {
  if (hall_reading(&hall_st[h], &hall_cal[h], r)) session_faults((PlaceMask)1 << h);
  if (hall_job.kind != HJ_NONE) hall_job_reading(&hall_job, &hall_st[h], h, r);
}

bool board_scan_end(uint8_t from, uint8_t to, uint32_t now) {
  hall_classify_part(hall_st, hall_cal, now, from, to);
  if (to < KETE_PITS) return false;
#if KETE_NEUTRAL
  neutral_scan(neutral_st, neutral_read(), now);  // the switches, once a scan (≈ 70 µs)
#endif
  session_scan_done(0);
  if (hall_job.kind != HJ_NONE) {
    bool full = hall_job_scan_end(&hall_job);
    if (full || (int32_t)(now - jobStart) >= CAL_LIMIT_MS) {
      PlaceMask done = 0;
      bool ok = hall_job_finish(&hall_job, hall_st, hall_cal, &done);
      session_cal_done(ok, done);  // the records go to EEPROM in the background (§7: 2.3 s for 61)
    }
  }
  return true;
}

void places_view(BoardView* v) { (void)v; }

int board_count(uint8_t hole) {
  if (places_faulty(hole)) return -1;
  return cell(hole) == '.' ? 0 : 1;
}
