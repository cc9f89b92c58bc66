// places.h: what the session core (board.cpp: lines, answers, heartbeats,
// LEDs, buttons, the transmit pump, the EEPROM pump, the watchdog reboot) asks
// of the board's places, and what it offers them back. Two implementations:
// places_cells.cpp (load cells: 4x8, and 2x5+2 with its gem readers) and
// kete_abalone/places_hall.cpp (a Hall sensor per hole: hex61). Each owns its
// places' readings, calibration, calibration job and EEPROM records; the core
// owns the protocol. Portable: no AVR headers.
#ifndef KETE_PLACES_H
#define KETE_PLACES_H

#include <stdint.h>

#include "geometry.h"
#include "hostline.h"
#include "linefmt.h"

// ---- asked of the places ---------------------------------------------------------

// At boot: the sensing state afresh, each place's calibration from the EEPROM;
// returns the places that need calibration (ERR calibration-needed, PROTOCOL.md §10).
PlaceMask places_begin(uint32_t now);

bool places_faulty(uint8_t i);
bool places_settled(uint8_t i, uint32_t now, uint16_t deb);
// One place's cell of a snapshot (PROTOCOL.md §5), its separator included.
void places_cell(LineWriter* w, uint8_t i);
// The snapshot just formatted was sent: what it said is what places_changed compares with.
void places_sent(uint32_t now, uint16_t deb);
// Whether a place's cell, settled state or fault differs from the last snapshot sent.
bool places_changed(uint32_t now, uint16_t deb);
// ERR sensor-fault <place> was sent for its current fault.
void places_fault_sent(uint8_t i);

// CALR: calibrated (ok) or not (need), and the raw reading (board units, 0..65535).
bool places_cal_ok(uint8_t i);
uint16_t places_calr_raw(uint8_t i);

// TARE / CAL (hostline's parsed command): 0 when the job started (it ends with
// session_cal_done), else the NAK code.
uint8_t places_cal_start(const Command* c, uint32_t now);
bool places_calibrating();

// Place i's EEPROM record (at places_record_addr(i)); its size.
#define PLACE_RECORD_MAX 16
uint8_t places_record(uint8_t i, uint8_t rec[PLACE_RECORD_MAX]);
uint16_t places_record_addr(uint8_t i);

// Once a second (fault retries, zero tracking); and every loop pass.
void places_second(uint32_t now, uint16_t deb);
void places_poll(uint32_t now, uint16_t deb);

// ---- offered by the session core ---------------------------------------------------

// A calibration job ended: ACK (ok; `done` are the places whose records changed and
// are to be stored) or NAK bad-args.
void session_cal_done(bool ok, PlaceMask done);
// Places that just became faulty: ERR sensor-fault for each.
void session_faults(PlaceMask m);
// A scan of every place was read (snapshots may start), `faults` those that just became faulty.
void session_scan_done(PlaceMask faults);

#endif
