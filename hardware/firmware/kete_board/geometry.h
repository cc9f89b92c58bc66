// geometry.h: the board this build is for, chosen at build time. The core
// (board, hostline, linefmt, leds, sense, buttons) is the same for every
// board; only the place names, the LED chain, the snapshot's geometry and the
// sensing module differ (Makefile: one target per board).
//
//   (default)         4x8: 32 pits, load cells (hardware/README.md)
//   KETE_GEO_2X5P2    2x5+2: 10 pits and 2 cups, load cells and ISO 15693 gem
//                     tags (hardware/glassperlenspiel.md), the sensing module gems.cpp
//   KETE_GEO_HEX61    hex61: 61 holes, a 3-axis Hall sensor each, empty/black/white
//                     (hardware/abalone.md), the sensing module kete_abalone/hall.cpp
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
#elif defined(KETE_GEO_HEX61)
#define KETE_PITS 61
#define KETE_GEO_NAME "hex61"
#define KETE_ALL_PITS 0x1FFFFFFFFFFFFFFFull  // snapshot mask: 16 hex digits
#define KETE_GEMS 0
#define KETE_HALL 1  // holes read empty, black or white (PROTOCOL.md §5.3)
#ifndef KETE_BOARD_ID
#define KETE_BOARD_ID "KETE-A-0001"
#endif
#ifndef KETE_MAX_COUNT
#define KETE_MAX_COUNT 1  // a hole holds one marble (PROTOCOL.md §12.2)
#endif
#else
#define KETE_PITS 32
#define KETE_GEO_NAME "4x8"
#define KETE_ALL_PITS 0xFFFFFFFFu  // snapshot mask: 8 hex digits
#define KETE_GEMS 0
#endif
#ifndef KETE_HALL
#define KETE_HALL 0
#endif
// INFO holes= (protocol 2, PROTOCOL.md §12.2): the marbles a hole tells; `-`
// on a board without holes. The hex61 sensing module says what it tells.
#ifndef KETE_NEUTRAL
#define KETE_NEUTRAL 0  // -DKETE_NEUTRAL=1: the hex61 board with the neutral marble's switches
#endif
#ifndef KETE_HOLES
#if KETE_HALL && KETE_NEUTRAL
#define KETE_HOLES "bwn"
#elif KETE_HALL
#define KETE_HOLES "bw"
#else
#define KETE_HOLES "-"
#endif
#endif

// A set of places, bit = canonical index: 32 bits hold 4x8 and 2x5+2, hex61 needs 64.
#include <stdint.h>
#if KETE_PITS > 32
typedef uint64_t PlaceMask;
#else
typedef uint32_t PlaceMask;
#endif

#endif
