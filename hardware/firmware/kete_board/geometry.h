// geometry.h: the board this build is for, chosen at build time. The core
// (board, hostline, linefmt, leds, sense, buttons) is the same for every
// board; only the place names, the LED chain, the snapshot's geometry and the
// sensing module differ (Makefile: one target per board).
//
//   (default)         4x8: 32 pits, load cells (hardware/README.md)
//   KETE_GEO_2X5P2    2x5+2: 10 pits and 2 cups, load cells and ISO 15693 gem
//                     tags (hardware/glassperlenspiel.md), the sensing module gems.cpp
// Portable: no AVR headers.
#ifndef KETE_GEOMETRY_H
#define KETE_GEOMETRY_H

#if defined(KETE_GEO_2X5P2)
#define KETE_PITS 12
#define KETE_GEO_NAME "2x5+2"
#define KETE_ALL_PITS 0xFFFu  // snapshot mask: 3 hex digits (PROTOCOL.md §12.2)
#define KETE_GEMS 1           // places list their gems (PROTOCOL.md §5.2)
#ifndef KETE_BOARD_ID
#define KETE_BOARD_ID "KETE-G-0001"
#endif
#ifndef KETE_MAX_COUNT
#define KETE_MAX_COUNT 20  // plain stones one place can tell (hardware/glassperlenspiel.md §5.2)
#endif
#else
#define KETE_PITS 32
#define KETE_GEO_NAME "4x8"
#define KETE_ALL_PITS 0xFFFFFFFFu  // snapshot mask: 8 hex digits
#define KETE_GEMS 0
#endif

#endif
