// neutral.h: the Abalone board's neutral-marble sensing (hardware/abalone.md
// §2.3), built with -DKETE_NEUTRAL: an LDC0851 inductive switch per hole says
// "a conductor lies over this hole's coil", read through eight 74HCT165 as one
// 64-bit word a scan (bit h = 0: a conductor over hole h; bits 61–63 tied to 0
// on the board, so that a missing chain, Q7 pulled up, reads as absent).
//
// A hole whose Hall class (hall.h) is empty and whose switch reads a conductor
// holds the neutral marble ('n'); a hole with a magnet keeps its colour (§2.3:
// a magnet cannot make an 'n'). The switch's output is confirmed on two scans
// running, like a class (§6), and the hole is settled only when the output too
// has stood still for deb.
// Portable: no AVR headers.
#ifndef KETE_NEUTRAL_H
#define KETE_NEUTRAL_H

#include <stdint.h>

#define NEUTRAL_HOLES 61
#define NEUTRAL_MARKER 0xE000000000000000ull  // bits 61–63: tied to 0 on the board

struct NeutralState {
  uint8_t on;     // a conductor, confirmed
  uint8_t cand;   // the output seen ...
  uint8_t candN;  // ... scans running (two confirm it)
  uint16_t since; // (uint16_t) ms of the last change of the output (settle timer)
};

void neutral_begin(NeutralState st[NEUTRAL_HOLES], uint32_t now);
// One scan's word from the chain. false when the chain is not there (bits 61–63
// not 0): then no hole reads a conductor.
bool neutral_scan(NeutralState st[NEUTRAL_HOLES], uint64_t word, uint32_t now);
// The hole's cell from the Hall module's ('.', 'w', 'b', '?'): '.' with a conductor is 'n'.
char neutral_cell(char hall, const NeutralState* s);
// The switch's output has stood still for deb (the Hall side settles on its own).
bool neutral_settled(const NeutralState* s, uint32_t now, uint16_t deb);

// The chain read once (neutral_avr.cpp, the board only): PL low then high, 64 bits from Q7.
uint64_t neutral_read();
void neutral_pins_begin();

#endif
