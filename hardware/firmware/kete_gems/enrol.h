// enrol.h: gem enrolment (hardware/glassperlenspiel.md §5.3 step 2), a
// maintenance mode of the Glassperlenspiel board outside the protocol: both
// buttons held while the board powers up (or resets). The board sends nothing
// on the serial line until enrolment ends. It lights the ten pits white; the
// maker lays only the gems in their GB-1 places (A5 = S1 … A1 = S5,
// B1 = N1 … B5 = N5) and presses 1. For each pit that reads exactly one
// ISO 15693 tag the board writes the pit's gem into the tag's DSFID and the
// board's AFI (gems.h), reads it back, and stores the pit's weight (ENROL_SCANS
// scans, less its zero, in the pit's calibrated stones) as that gem's mass in
// EEPROM (gems.h's records); the pit turns green, or magenta when it read no
// tag, several tags, or a mass outside 1.3–1.7 stones (or is not calibrated,
// §5.3 step 1), or the tag refused the write. Press 1 again to enrol again
// (after fixing a magenta pit); press 2 to leave: the board then boots into
// the protocol as usual. Writing does not lock the DSFID: a gem can be
// enrolled again.
#ifndef KETE_ENROL_H
#define KETE_ENROL_H

#include <stdint.h>

#define ENROL_SCANS 64
#define ENROL_TRIES 3            // inventories of a pit that found no tag before it is "no tag"
#define ENROL_WRITE_LIMIT_US 30000ul  // a write's answer (ISO/IEC 15693-3: within 20 ms with the option flag clear)

// ISO/IEC 15693-3 commands and flags used by enrolment
#define ISO_FLAG_ADDRESSED 0x20  // (without the inventory flag) the request carries the UID
#define ISO_CMD_WRITE_AFI 0x27
#define ISO_CMD_WRITE_DSFID 0x29

// The gem whose GB-1 place is pit 0..9 (A1 = S5 … A5 = S1, B1 = N1 … B5 = N5); GEM_NONE for the cups.
uint8_t enrol_gem_of_pit(uint8_t pit);
// The EEPROM record of a gem's mass (1/256 stone), as gems_begin() reads it.
void enrol_record(int16_t mass, uint8_t rec[4]);

// Both buttons held now (and, after the pull-ups have charged the buttons'
// capacitors, still held 20 ms and 35 ms later).
bool enrol_requested();
// The enrolment mode: returns when button 2 is pressed. Kicks the watchdog.
void enrol_run();

#endif
