#include "hostline.h"

#include "crc8.h"

void la_reset(LineAssembler* a) {
  a->len = 0;
  a->dropping = false;
  a->ready = false;
}

RxEvent la_byte(LineAssembler* a, uint8_t b) {
  if (a->ready) {  // the previous line has been dealt with
    a->ready = false;
    a->len = 0;
  }
  if (a->dropping) {
    if (b == '\n') {
      a->len = 0;
      a->dropping = false;
      return RX_OVERFLOW;
    }
    return RX_NONE;
  }
  if (b == '\n') {
    uint8_t len = a->len;
    a->len = 0;
    if (len > 0 && a->buf[len - 1] == '\r') len--;  // CR LF: the CR is part of the terminator
    if (len > 250) return RX_OVERFLOW;              // 251 bytes + LF
    if (len == 0) return RX_NONE;                   // empty line: ignored
    a->len = len;
    a->ready = true;
    return RX_LINE;
  }
  // a line longer than 250 bytes (+ a CR) can never be good: drop it up to its LF
  if (a->len >= 251) {
    a->dropping = true;
    a->len = 0;
    return RX_NONE;
  }
  a->buf[a->len++] = (char)b;
  return RX_NONE;
}

// --------------------------------------------------------------------------

static bool is_hexu(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'); }
static uint8_t hexval(char c) { return c <= '9' ? (uint8_t)(c - '0') : (uint8_t)(c - 'A' + 10); }

uint8_t pit_index(const char* s, uint8_t len) {
  if (len != 2) return KETE_NO_PIT;
#if defined(KETE_GEO_2X5P2)
  // A1..A5 = 0..4, B1..B5 = 5..9, SC = 10, NC = 11 (geometry/2x5+2.json)
  if (s[1] == 'C') return s[0] == 'S' ? 10 : s[0] == 'N' ? 11 : KETE_NO_PIT;
  if (s[0] < 'A' || s[0] > 'B' || s[1] < '1' || s[1] > '5') return KETE_NO_PIT;
  return (uint8_t)((s[0] - 'A') * 5 + (s[1] - '1'));
#elif KETE_HALL
  // row A..I, column 1..9 within the hexagon (AB-1): A1..A5 = 0..4 .. I5..I9 = 56..60
  static const uint8_t START[9] = {0, 5, 11, 18, 26, 35, 43, 50, 56};
  if (s[0] < 'A' || s[0] > 'I' || s[1] < '1' || s[1] > '9') return KETE_NO_PIT;
  int8_t r = (int8_t)(s[0] - 'A'), c = (int8_t)(s[1] - '0');
  int8_t lo = r > 4 ? (int8_t)(r - 3) : 1, hi = r < 4 ? (int8_t)(r + 5) : 9;
  if (c < lo || c > hi) return KETE_NO_PIT;
  return (uint8_t)(START[r] + (c - lo));
#else
  if (s[0] < 'A' || s[0] > 'D' || s[1] < '1' || s[1] > '8') return KETE_NO_PIT;
  return (uint8_t)((s[0] - 'A') * 8 + (s[1] - '1'));
#endif
}

static uint8_t colour_of(char c) {
  switch (c) {
    case 'R': return 1;
    case 'G': return 2;
    case 'B': return 3;
    case 'Y': return 4;
    case 'C': return 5;
    case 'M': return 6;
    case 'W': return 7;
    default: return 0;
  }
}

static uint8_t pattern_of(char c) {
  switch (c) {
    case 'S': return 1;
    case 'B': return 2;
    case 'F': return 3;
    case 'P': return 4;
    default: return 0;
  }
}

bool led_parse_state(const char* s, uint8_t len, uint8_t* state) {
  if (len != 2) return false;
  if (s[0] == '-' && s[1] == '-') {
    *state = LED_OFF;
    return true;
  }
  uint8_t c = colour_of(s[0]), p = pattern_of(s[1]);
  if (c == 0 || p == 0) return false;
  *state = (uint8_t)(c | (p << 4));
  return true;
}

static bool led_supported(const BoardCaps* caps, uint8_t state) {
  if (state == LED_OFF) return true;
  uint8_t c = state & 7, p = (state >> 4) & 7;
  return (caps->colours & (1 << (c - 1))) && (caps->patterns & (1 << (p - 1)));
}

bool parse_uint(const char* s, uint8_t len, uint32_t* out) {
  if (len == 0 || len > 10) return false;
  if (s[0] == '0' && len > 1) return false;
  uint32_t v = 0;
  for (uint8_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return false;
    uint32_t d = (uint32_t)(s[i] - '0');
    if (v > (0xFFFFFFFFu - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

// A field: start offset and length within the body.
struct Field {
  uint8_t at;
  uint8_t len;
};

#define MAX_FIELDS 42  // keyword + 40 LED entries + one too many

static bool keyword_is(const char* s, uint8_t len, const char* kw) {
  uint8_t i = 0;
  for (; i < len; i++)
    if (kw[i] == 0 || kw[i] != s[i]) return false;
  return kw[i] == 0;
}

static bool starts_with(const char* s, uint8_t len, const char* prefix, uint8_t plen) {
  if (len < plen) return false;
  for (uint8_t i = 0; i < plen; i++)
    if (s[i] != prefix[i]) return false;
  return true;
}

static LineVerdict nak(Command* cmd, uint8_t code) {
  cmd->nak = code;
  return LV_NAK;
}

static LineVerdict parse_cfg(const char* b, const Field* f, uint8_t nf, Command* cmd) {
  // fields after the keyword: 1 or 2; deb= then int=, or int= alone
  if (nf < 2 || nf > 3) return nak(cmd, NAK_BAD_ARGS);
  uint8_t i = 1;
  uint32_t v;
  if (starts_with(b + f[i].at, f[i].len, "deb=", 4)) {
    if (!parse_uint(b + f[i].at + 4, (uint8_t)(f[i].len - 4), &v) || v > 5000) return nak(cmd, NAK_BAD_ARGS);
    cmd->deb = (int32_t)v;
    i++;
  }
  if (i < nf) {
    if (!starts_with(b + f[i].at, f[i].len, "int=", 4)) return nak(cmd, NAK_BAD_ARGS);
    if (!parse_uint(b + f[i].at + 4, (uint8_t)(f[i].len - 4), &v)) return nak(cmd, NAK_BAD_ARGS);
    if (v != 0 && (v < 100 || v > 60000)) return nak(cmd, NAK_BAD_ARGS);
    cmd->interval = (int32_t)v;
    i++;
  }
  if (i != nf) return nak(cmd, NAK_BAD_ARGS);
  return LV_COMMAND;
}

static LineVerdict parse_led(const char* b, const Field* f, uint8_t nf, const BoardCaps* caps, Command* cmd) {
  if (nf < 2 || nf > 41) return nak(cmd, NAK_BAD_ARGS);  // 1..40 entries
  for (uint8_t i = 1; i < nf; i++) {
    const char* e = b + f[i].at;
    uint8_t len = f[i].len, colon = 0xFF;
    for (uint8_t j = 0; j < len; j++)
      if (e[j] == ':') {
        colon = j;
        break;
      }
    if (colon == 0xFF) return nak(cmd, NAK_BAD_ARGS);
    uint8_t state;
    if (!led_parse_state(e + colon + 1, (uint8_t)(len - colon - 1), &state)) return nak(cmd, NAK_BAD_ARGS);
    uint8_t pit = pit_index(e, colon);
    if (pit == KETE_NO_PIT) return nak(cmd, NAK_BAD_PIT);
    PlaceMask bit = (PlaceMask)1 << pit;
    if (cmd->ledMask & bit) return nak(cmd, NAK_BAD_ARGS);  // a pit twice
    cmd->ledMask |= bit;
    cmd->ledStates[pit] = state;
  }
  if (caps->colours == 0) return nak(cmd, NAK_UNSUPPORTED);
  for (uint8_t p = 0; p < KETE_PITS; p++)
    if ((cmd->ledMask & ((PlaceMask)1 << p)) && !led_supported(caps, cmd->ledStates[p]))
      return nak(cmd, NAK_UNSUPPORTED);
  return LV_COMMAND;
}

static LineVerdict parse_command(const char* b, const Field* f, uint8_t nf, const BoardCaps* caps,
                                 bool calibrating, Command* cmd) {
  const char* kw = b + f[0].at;
  uint8_t kl = f[0].len;
  uint32_t v;
  if (keyword_is(kw, kl, "HELLO")) {
    cmd->kind = CMD_HELLO;
    if (nf != 2 || !parse_uint(b + f[1].at, f[1].len, &v) || v < 1 || v > 255) return nak(cmd, NAK_BAD_ARGS);
    if (v < caps->protoMin) return nak(cmd, NAK_VERSION);
    cmd->version = (uint8_t)v;
    return LV_COMMAND;
  }
  if (keyword_is(kw, kl, "PING")) cmd->kind = CMD_PING;
  else if (keyword_is(kw, kl, "SNAP")) cmd->kind = CMD_SNAP;
  else if (keyword_is(kw, kl, "CALGET")) cmd->kind = CMD_CALGET;
  else if (keyword_is(kw, kl, "RESET")) cmd->kind = CMD_RESET;
  else if (keyword_is(kw, kl, "CLR")) cmd->kind = CMD_CLR;
  if (cmd->kind != 0) {  // commands without fields
    if (nf != 1) return nak(cmd, NAK_BAD_ARGS);
    if (cmd->kind == CMD_CLR && caps->colours == 0) return nak(cmd, NAK_UNSUPPORTED);
    if (cmd->kind == CMD_CALGET && !caps->calibration) return nak(cmd, NAK_UNSUPPORTED);
    return LV_COMMAND;
  }
  if (keyword_is(kw, kl, "CFG")) {
    cmd->kind = CMD_CFG;
    return parse_cfg(b, f, nf, cmd);
  }
  if (keyword_is(kw, kl, "LED")) {
    cmd->kind = CMD_LED;
    return parse_led(b, f, nf, caps, cmd);
  }
  if (keyword_is(kw, kl, "LEDALL")) {
    cmd->kind = CMD_LEDALL;
    if (nf != 2 || !led_parse_state(b + f[1].at, f[1].len, &cmd->ledState)) return nak(cmd, NAK_BAD_ARGS);
    if (caps->colours == 0 || !led_supported(caps, cmd->ledState)) return nak(cmd, NAK_UNSUPPORTED);
    return LV_COMMAND;
  }
  if (keyword_is(kw, kl, "TARE")) {
    cmd->kind = CMD_TARE;
    if (nf > 2) return nak(cmd, NAK_BAD_ARGS);
    if (!caps->calibration) return nak(cmd, NAK_UNSUPPORTED);
    if (nf == 2) {
      cmd->pit = pit_index(b + f[1].at, f[1].len);
      if (cmd->pit == KETE_NO_PIT) return nak(cmd, NAK_BAD_PIT);
    }
    if (calibrating) return nak(cmd, NAK_BUSY);
    return LV_COMMAND;
  }
  if (keyword_is(kw, kl, "CAL")) {
    cmd->kind = CMD_CAL;
    if (nf != 3) return nak(cmd, NAK_BAD_ARGS);
    const char* k = b + f[2].at;
    uint8_t klen = f[2].len;
    bool hole = klen == 1 && (k[0] == '.' || k[0] == 'b' || k[0] == 'w');
    if (!hole && (!parse_uint(k, klen, &v) || v > 255)) return nak(cmd, NAK_BAD_ARGS);
    if (!caps->calibration) return nak(cmd, NAK_UNSUPPORTED);
    cmd->pit = pit_index(b + f[1].at, f[1].len);
    if (cmd->pit == KETE_NO_PIT) return nak(cmd, NAK_BAD_PIT);
#if KETE_HALL
    // hex61 (hardware/abalone.md §7): the reference marble's colour, `.` = TARE of the hole
    if (!hole) return nak(cmd, NAK_BAD_ARGS);  // a count sent to a colour board
    if (calibrating) return nak(cmd, NAK_BUSY);
    cmd->known = k[0] == 'w' ? CAL_KNOWN_WHITE : k[0] == 'b' ? CAL_KNOWN_BLACK : 0;
    return LV_COMMAND;
#endif
    if (hole) return nak(cmd, NAK_BAD_ARGS);  // a colour sent to a count board
    if (calibrating) return nak(cmd, NAK_BUSY);
    cmd->known = (uint8_t)v;
    return LV_COMMAND;
  }
  return nak(cmd, NAK_UNKNOWN_COMMAND);
}

LineVerdict parse_host_line(const char* line, uint8_t len, const BoardCaps* caps, bool calibrating, Command* cmd) {
  cmd->id = 0;
  cmd->kind = 0;
  cmd->nak = NAK_NONE;
  cmd->version = 0;
  cmd->deb = -1;
  cmd->interval = -1;
  cmd->pit = KETE_NO_PIT;
  cmd->known = 0;
  cmd->ledState = LED_OFF;
  cmd->ledMask = 0;
  if (len == 0) return LV_IGNORE;
  if (len > 250) return LV_CHECKSUM;  // not reached through la_byte, which reports rx-overflow
  // characters first: printable ASCII only (a CR that did not end the line is bad)
  for (uint8_t i = 0; i < len; i++)
    if ((uint8_t)line[i] < 0x20 || (uint8_t)line[i] > 0x7E) return LV_CHECKSUM;
  // "*CC" at the end, no other "*"
  if (len < 3 || line[len - 3] != '*') return LV_CHECKSUM;
  if (!is_hexu(line[len - 2]) || !is_hexu(line[len - 1])) return LV_CHECKSUM;
  uint8_t body = (uint8_t)(len - 3);
  for (uint8_t i = 0; i < body; i++)
    if (line[i] == '*') return LV_CHECKSUM;
  uint8_t want = (uint8_t)(hexval(line[len - 2]) << 4 | hexval(line[len - 1]));
  if (crc8((const uint8_t*)line, body) != want) return LV_CHECKSUM;
  // the id: two uppercase hex digits, then a space or the end of the body
  if (body < 2 || !is_hexu(line[0]) || !is_hexu(line[1])) return LV_SYNTAX;
  if (body > 2 && line[2] != ' ') return LV_SYNTAX;
  // spacing: fields separated by exactly one space, none leading or trailing
  Field f[MAX_FIELDS];
  uint8_t nf = 0;
  if (body > 2) {
    uint8_t i = 3;
    for (;;) {
      uint8_t start = i;
      while (i < body && line[i] != ' ') i++;
      if (i == start) return LV_SYNTAX;  // empty field
      if (nf < MAX_FIELDS) {
        f[nf].at = start;
        f[nf].len = (uint8_t)(i - start);
      }
      nf = nf < 255 ? (uint8_t)(nf + 1) : nf;
      if (i == body) break;
      i++;  // the space
      if (i == body) return LV_SYNTAX;  // trailing space
    }
  }
  cmd->id = (uint8_t)(hexval(line[0]) << 4 | hexval(line[1]));
  if (nf == 0) return nak(cmd, NAK_BAD_ARGS);  // "05*CC": an id and no keyword
  for (uint8_t i = 0; i < f[0].len; i++) {
    char c = line[f[0].at + i];
    if (c < 'A' || c > 'Z') return nak(cmd, NAK_UNKNOWN_COMMAND);
  }
  if (nf > MAX_FIELDS) nf = MAX_FIELDS;  // too many for any command: bad-args below
  return parse_command(line, f, nf, caps, calibrating, cmd);
}
