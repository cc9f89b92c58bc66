// hostline.h: the board's receiving side of PROTOCOL.md — assembling bytes into
// lines (§2, §11.1) and checking and parsing one host line (§3, §4, §12.3).
// Portable: no AVR headers; compiled by avr-gcc for the board and by g++ for
// the native tests.
#ifndef KETE_HOSTLINE_H
#define KETE_HOSTLINE_H

#include <stdint.h>

#include "geometry.h"

#define KETE_RXBUF_SIZE 252  // 250 + CR + one spare (PROTOCOL.md §2)
#define KETE_NO_PIT 0xFF

// ---- line assembly -------------------------------------------------------

enum RxEvent {
  RX_NONE = 0,      // byte taken, no line yet (or an empty line, ignored)
  RX_LINE = 1,      // a complete line is in buf[0..len) (terminator removed)
  RX_OVERFLOW = 2,  // a line over 250 bytes ended: send ERR rx-overflow
};

struct LineAssembler {
  char buf[KETE_RXBUF_SIZE];
  uint8_t len;
  bool dropping;  // inside an over-long line, dropping bytes up to its LF
  bool ready;     // buf holds the line last returned (cleared by the next byte)
};

void la_reset(LineAssembler* a);
// Feeds one byte. On RX_LINE the line stays in a->buf until the next call.
RxEvent la_byte(LineAssembler* a, uint8_t b);

// ---- one line ------------------------------------------------------------

enum LineVerdict {
  LV_IGNORE = 0,     // empty line
  LV_CHECKSUM = 1,   // ERR rx-checksum: bad bytes, no/malformed *CC, wrong CRC
  LV_SYNTAX = 2,     // ERR rx-syntax: good CRC, but the id or the spacing is wrong
  LV_NAK = 3,        // NAK cmd.id cmd.nak
  LV_COMMAND = 4,    // a command to carry out (cmd filled in)
};

enum NakCode {
  NAK_NONE = 0,
  NAK_UNKNOWN_COMMAND,
  NAK_BAD_ARGS,
  NAK_BAD_PIT,
  NAK_UNSUPPORTED,
  NAK_BUSY,
  NAK_VERSION,
};

enum CmdKind {
  CMD_HELLO = 1,
  CMD_PING,
  CMD_SNAP,
  CMD_CFG,
  CMD_LED,
  CMD_LEDALL,
  CMD_CLR,
  CMD_TARE,
  CMD_CAL,
  CMD_CALGET,
  CMD_RESET,
};

// LED state byte: colour (1..7 = R G B Y C M W) in bits 0-2, pattern
// (1..4 = S B F P) in bits 4-6; 0 = off ("--").
#define LED_OFF 0

// What this board has, for NAK unsupported (PROTOCOL.md §8, §10, §11.1).
struct BoardCaps {
  uint8_t colours;    // bit c-1 set when colour c is supported; 0 = no LEDs
  uint8_t patterns;   // bit p-1 set when pattern p is supported
  bool calibration;   // cal=1
  uint8_t protoMin;   // lowest protocol version spoken (1)
};

struct Command {
  uint8_t id;
  uint8_t kind;        // CmdKind
  uint8_t nak;         // NakCode when the verdict is LV_NAK
  uint8_t version;     // HELLO
  int32_t deb;         // CFG: -1 when absent
  int32_t interval;    // CFG: -1 when absent
  uint8_t pit;         // TARE (KETE_NO_PIT = every pit), CAL
  uint8_t known;       // CAL count (hex61: CAL_KNOWN_WHITE / _BLACK, 0 = `.`)
  uint8_t ledState;    // LEDALL
  PlaceMask ledMask;   // LED: the pits set (bit = pit index)
  uint8_t ledStates[KETE_PITS];  // LED: the new state of each pit in ledMask
};

#define CAL_KNOWN_WHITE 1  // hex61: CAL <hole> w
#define CAL_KNOWN_BLACK 2  // hex61: CAL <hole> b

// Pit name of the geometry ("A1".."D8" on 4x8; "A1".."B5", "SC", "NC" on 2x5+2; A1..I9 on hex61)
// to its canonical index, or KETE_NO_PIT.
uint8_t pit_index(const char* s, uint8_t len);
// "--" or colour letter + pattern letter; returns false when malformed.
bool led_parse_state(const char* s, uint8_t len, uint8_t* state);
// Decimal without sign or leading zeros, at most 10 digits; false when malformed.
bool parse_uint(const char* s, uint8_t len, uint32_t* out);

// Checks and parses one line (terminator already removed). cmd->id is valid for
// LV_NAK and LV_COMMAND. calibrating: a TARE/CAL is running (NAK busy).
LineVerdict parse_host_line(const char* line, uint8_t len, const BoardCaps* caps, bool calibrating,
                            Command* cmd);

#endif
