// CRC, line assembly, host-line parsing against PROTOCOL.md §13's vectors, NAK codes.
#include <string>

#include "check.h"
#include "crc8.h"
#include "hostline.h"
#include "linefmt.h"
#include "rig.h"
#include "vectors.h"

static const BoardCaps CAPS = {0x7F, 0x0F, true, 1};

static LineVerdict parse(const std::string& line, Command* cmd, const BoardCaps* caps = &CAPS,
                         bool calibrating = false) {
  return parse_host_line(line.data(), (uint8_t)line.size(), caps, calibrating, cmd);
}

static uint8_t nak_of(const std::string& body, const BoardCaps* caps = &CAPS, bool calibrating = false) {
  Command cmd;
  LineVerdict v = parse(with_crc(body), &cmd, caps, calibrating);
  return v == LV_NAK ? cmd.nak : v == LV_COMMAND ? 0 : 100 + v;
}

TEST(crc_check_value_and_worked_example) {
  CHECK_EQ(crc8((const uint8_t*)"123456789", 9), 0xF4);
  const uint8_t after[] = {0x90, 0x60, 0xC7, 0xEC, 0x72, 0xB4, 0xD7};  // PROTOCOL.md §3
  const char* body = "03 PING";
  uint8_t crc = 0;
  for (int i = 0; i < 7; i++) {
    crc = crc8_update(crc, (uint8_t)body[i]);
    CHECK_EQ(crc, after[i]);
  }
  CHECK_STR(with_crc("03 PING").c_str(), "03 PING*D7");
}

TEST(crc_of_every_vector_line) {
  std::vector<Vector> v = load_vectors("valid.jsonl");
  CHECK(v.size() > 50);
  for (size_t i = 0; i < v.size(); i++) {
    const std::string& l = v[i].line;
    CHECK_STR(with_crc(l.substr(0, l.size() - 3)).c_str(), l.c_str());
  }
}

TEST(line_writer_formats_like_the_vectors) {
  LineWriter w;
  lw_begin(&w, 0x00);
  lw_str(&w, "BOOT ");
  lw_uint(&w, 17);
  lw_str(&w, " power");
  lw_end(&w);
  CHECK_STR(std::string(w.buf, w.len).c_str(), "00 BOOT 17 power*2F\n");
  lw_begin(&w, 0x0C);
  lw_str(&w, "HB ");
  lw_uint(&w, 17);
  lw_char(&w, ' ');
  lw_uint(&w, 3600);
  lw_end(&w);
  CHECK_STR(std::string(w.buf, w.len).c_str(), "0C HB 17 3600*F6\n");
  lw_begin(&w, 0x22);
  lw_str(&w, "ERR sensor-fault ");
  lw_pit(&w, 2);
  lw_end(&w);
  CHECK_STR(std::string(w.buf, w.len).c_str(), "22 ERR sensor-fault A3*FE\n");
  lw_begin(&w, 0x30);
  lw_str(&w, "CALR ");
  lw_pit(&w, 0);
  lw_str(&w, " ok ");
  lw_uint(&w, 512);
  lw_end(&w);
  CHECK_STR(std::string(w.buf, w.len).c_str(), "30 CALR A1 ok 512*6B\n");
  lw_begin(&w, 0);
  lw_uint(&w, 0);
  lw_char(&w, ' ');
  lw_uint(&w, 4294967295u);
  lw_char(&w, ' ');
  lw_hex8(&w, 0x7FFFFFFB);
  CHECK_STR(std::string(w.buf, w.len).c_str(), "00 0 4294967295 7FFFFFFB");
}

TEST(valid_host_vectors_are_commands_or_bad_pit) {
  std::vector<Vector> v = load_vectors("valid.jsonl");
  int n = 0;
  for (size_t i = 0; i < v.size(); i++) {
    if (v[i].direction != "host-to-board") continue;
    n++;
    Command cmd;
    LineVerdict r = parse(v[i].line, &cmd);
    // pit names of other geometries (SC, E5, I9 …) are NAK bad-pit on a 4x8 board
    bool otherGeometry = v[i].line.find("SC") != std::string::npos || v[i].line.find("E5") != std::string::npos ||
                         v[i].line.find("E9") != std::string::npos || v[i].line.find("I9") != std::string::npos;
    bool holeContent = v[i].line.find(" b*") != std::string::npos || v[i].line.find(" w*") != std::string::npos ||
                       v[i].line.find(" .*") != std::string::npos;
    if (otherGeometry) {
      CHECK_EQ(r, LV_NAK);
      CHECK_EQ(cmd.nak, NAK_BAD_PIT);
    } else if (holeContent) {  // a colour sent to a count board (PROTOCOL.md §10)
      CHECK_EQ(r, LV_NAK);
      CHECK_EQ(cmd.nak, NAK_BAD_ARGS);
    } else {
      if (r != LV_COMMAND) fprintf(stderr, "  line: %s\n", v[i].line.c_str());
      CHECK_EQ(r, LV_COMMAND);
    }
    CHECK_EQ(cmd.id, strtoul(v[i].line.substr(0, 2).c_str(), 0, 16));
  }
  CHECK(n >= 25);
}

// PROTOCOL.md §11.1: what the board does with each host error code of §13
static void expect_board_reaction(const Vector& x) {
  const std::string& e = x.error;
  // too-long and empty are decided while assembling the line
  LineAssembler a;
  la_reset(&a);
  RxEvent last = RX_NONE;
  for (size_t i = 0; i < x.line.size(); i++) {
    RxEvent r = la_byte(&a, (uint8_t)x.line[i]);
    CHECK_EQ(r, RX_NONE);
  }
  last = la_byte(&a, '\n');
  if (e == "too-long") {
    CHECK_EQ(last, RX_OVERFLOW);
    return;
  }
  if (e == "empty") {
    CHECK_EQ(last, RX_NONE);
    return;
  }
  CHECK_EQ(last, RX_LINE);
  Command cmd;
  LineVerdict v = parse_host_line(a.buf, a.len, &CAPS, false, &cmd);
  LineVerdict want;
  uint8_t nak = 0;
  if (e == "non-ascii" || e == "bad-char" || e == "missing-checksum" || e == "malformed-checksum" ||
      e == "bad-checksum") {
    want = LV_CHECKSUM;
  } else if (e == "bad-syntax" || e == "bad-id") {
    want = LV_SYNTAX;
  } else {
    want = LV_NAK;
    nak = e == "unknown-message" ? NAK_UNKNOWN_COMMAND : e == "bad-pit" ? NAK_BAD_PIT : NAK_BAD_ARGS;
  }
  if (v != want || (want == LV_NAK && cmd.nak != nak))
    fprintf(stderr, "  %s (%s): verdict %d nak %d\n", x.line.c_str(), e.c_str(), v, cmd.nak);
  CHECK_EQ(v, want);
  if (want == LV_NAK) CHECK_EQ(cmd.nak, nak);
}

TEST(invalid_host_vectors_get_the_boards_answer) {
  std::vector<Vector> v = load_vectors("invalid.jsonl");
  int n = 0;
  for (size_t i = 0; i < v.size(); i++) {
    if (v[i].direction != "host-to-board") continue;
    n++;
    expect_board_reaction(v[i]);
  }
  CHECK(n >= 45);
}

TEST(line_assembly) {
  LineAssembler a;
  la_reset(&a);
  std::string l = with_crc("03 PING");
  for (size_t i = 0; i < l.size(); i++) la_byte(&a, (uint8_t)l[i]);
  CHECK_EQ(la_byte(&a, '\r'), RX_NONE);
  CHECK_EQ(la_byte(&a, '\n'), RX_LINE);  // CR LF accepted
  CHECK_EQ(a.len, l.size());
  CHECK_EQ(la_byte(&a, '\n'), RX_NONE);  // empty line ignored
  la_byte(&a, '\r');
  CHECK_EQ(la_byte(&a, '\n'), RX_NONE);  // CR LF alone: empty too
  // exactly 250 bytes (+ CR) is fine, 251 is too long
  std::string body = "01 LED A1:GS";
  while (body.size() < 247) body += "X";
  std::string l250 = with_crc(body);
  CHECK_EQ(l250.size(), 250);
  for (size_t i = 0; i < l250.size(); i++) la_byte(&a, (uint8_t)l250[i]);
  la_byte(&a, '\r');
  CHECK_EQ(la_byte(&a, '\n'), RX_LINE);
  std::string l251 = with_crc(body + "X");
  for (size_t i = 0; i < l251.size(); i++) la_byte(&a, (uint8_t)l251[i]);
  CHECK_EQ(la_byte(&a, '\n'), RX_OVERFLOW);
  // a line of 2000 bytes: one overflow at its LF, then the next line is fine
  int overflows = 0;
  for (int i = 0; i < 2000; i++)
    if (la_byte(&a, 'Y') == RX_OVERFLOW) overflows++;
  CHECK_EQ(la_byte(&a, '\n'), RX_OVERFLOW);
  CHECK_EQ(overflows, 0);
  for (size_t i = 0; i < l.size(); i++) la_byte(&a, (uint8_t)l[i]);
  CHECK_EQ(la_byte(&a, '\n'), RX_LINE);
}

TEST(checks_before_the_id) {
  Command cmd;
  CHECK_EQ(parse("03 PING*d7", &cmd), LV_CHECKSUM);  // lowercase hex
  CHECK_EQ(parse("03 PING*D", &cmd), LV_CHECKSUM);
  CHECK_EQ(parse("03 PING*D77", &cmd), LV_CHECKSUM);
  CHECK_EQ(parse("03 P*NG*D7", &cmd), LV_CHECKSUM);
  CHECK_EQ(parse("03 PING\r*D7", &cmd), LV_CHECKSUM);
  CHECK_EQ(parse("03 PING\t*D7", &cmd), LV_CHECKSUM);
  CHECK_EQ(parse(with_crc("03  PING"), &cmd), LV_SYNTAX);   // double space
  CHECK_EQ(parse(with_crc("03 PING "), &cmd), LV_SYNTAX);   // trailing space
  CHECK_EQ(parse(with_crc(" 03 PING"), &cmd), LV_SYNTAX);   // leading space
  CHECK_EQ(parse(with_crc("3 PING"), &cmd), LV_SYNTAX);
  CHECK_EQ(parse(with_crc("0a PING"), &cmd), LV_SYNTAX);
  CHECK_EQ(parse(with_crc("03PING"), &cmd), LV_SYNTAX);
  CHECK_EQ(parse(with_crc("03 PING"), &cmd), LV_COMMAND);
  CHECK_EQ(cmd.kind, CMD_PING);
  CHECK_EQ(cmd.id, 3);
}

TEST(nak_codes) {
  CHECK_EQ(nak_of("05"), NAK_BAD_ARGS);  // an id and no keyword
  CHECK_EQ(nak_of("05 ping"), NAK_UNKNOWN_COMMAND);
  CHECK_EQ(nak_of("05 LEDS A1:RS"), NAK_UNKNOWN_COMMAND);
  CHECK_EQ(nak_of("05 INFO"), NAK_UNKNOWN_COMMAND);
  CHECK_EQ(nak_of("05 HELLO 0"), NAK_BAD_ARGS);
  CHECK_EQ(nak_of("05 HELLO 01"), NAK_BAD_ARGS);
  CHECK_EQ(nak_of("05 HELLO 1"), 0);
  CHECK_EQ(nak_of("05 HELLO 255"), 0);
  BoardCaps v2 = CAPS;
  v2.protoMin = 2;  // a board that speaks only version 2 and up
  CHECK_EQ(nak_of("05 HELLO 1", &v2), NAK_VERSION);
  CHECK_EQ(nak_of("05 HELLO 2", &v2), 0);
  CHECK_EQ(nak_of("05 CFG deb=0"), 0);
  CHECK_EQ(nak_of("05 CFG int=0"), 0);
  CHECK_EQ(nak_of("05 CFG deb=5000 int=60000"), 0);
  CHECK_EQ(nak_of("05 CFG int=100 deb=1"), NAK_BAD_ARGS);
  CHECK_EQ(nak_of("05 CFG deb=00"), NAK_BAD_ARGS);
  CHECK_EQ(nak_of("05 CFG deb=99999999999"), NAK_BAD_ARGS);
  CHECK_EQ(nak_of("05 LED E9:RS"), NAK_BAD_PIT);    // a pit of hex61
  CHECK_EQ(nak_of("05 LED SC:RS"), NAK_BAD_PIT);    // a cup of 2x5+2
  CHECK_EQ(nak_of("05 LED A1:RS E9:RS"), NAK_BAD_PIT);
  CHECK_EQ(nak_of("05 LED A1:RS A1:RS"), NAK_BAD_ARGS);
  CHECK_EQ(nak_of("05 TARE B4"), 0);
  CHECK_EQ(nak_of("05 TARE B9"), NAK_BAD_PIT);
  CHECK_EQ(nak_of("05 CAL A1 b"), NAK_BAD_ARGS);    // a colour to a count board
  CHECK_EQ(nak_of("05 CAL E5 b"), NAK_BAD_PIT);
  CHECK_EQ(nak_of("05 CAL A1 32"), 0);
  CHECK_EQ(nak_of("05 CAL A1 32", &CAPS, true), NAK_BUSY);
  CHECK_EQ(nak_of("05 TARE", &CAPS, true), NAK_BUSY);
  CHECK_EQ(nak_of("05 CALGET", &CAPS, true), 0);    // CALGET is not calibration
  BoardCaps bare = {0, 0, false, 1};                  // no LEDs, no calibration
  CHECK_EQ(nak_of("05 LED A1:RS", &bare), NAK_UNSUPPORTED);
  CHECK_EQ(nak_of("05 LEDALL GS", &bare), NAK_UNSUPPORTED);
  CHECK_EQ(nak_of("05 CLR", &bare), NAK_UNSUPPORTED);
  CHECK_EQ(nak_of("05 TARE", &bare), NAK_UNSUPPORTED);
  CHECK_EQ(nak_of("05 CAL A1 4", &bare), NAK_UNSUPPORTED);
  CHECK_EQ(nak_of("05 CALGET", &bare), NAK_UNSUPPORTED);
  BoardCaps rg = {0x03, 0x01, true, 1};               // red and green, steady only
  CHECK_EQ(nak_of("05 LED A1:RS A2:GS", &rg), 0);
  CHECK_EQ(nak_of("05 LED A1:RS A2:BS", &rg), NAK_UNSUPPORTED);
  CHECK_EQ(nak_of("05 LEDALL RB", &rg), NAK_UNSUPPORTED);
  CHECK_EQ(nak_of("05 LEDALL --", &rg), 0);
}

TEST(led_command_parses_every_state) {
  Command cmd;
  CHECK_EQ(parse(with_crc("09 LED A1:RS B2:GB C3:YF D8:CP A5:MS A6:WB A7:-- A8:BS"), &cmd), LV_COMMAND);
  CHECK_EQ(cmd.ledMask, (1u << 0) | (1u << 9) | (1u << 18) | (1u << 31) | (1u << 4) | (1u << 5) | (1u << 6) | (1u << 7));
  CHECK_EQ(cmd.ledStates[0], 0x11);
  CHECK_EQ(cmd.ledStates[9], 0x22);
  CHECK_EQ(cmd.ledStates[18], 0x34);
  CHECK_EQ(cmd.ledStates[31], 0x45);
  CHECK_EQ(cmd.ledStates[4], 0x16);
  CHECK_EQ(cmd.ledStates[5], 0x27);
  CHECK_EQ(cmd.ledStates[6], 0);
  CHECK_EQ(cmd.ledStates[7], 0x13);
  uint32_t v;
  CHECK(parse_uint("0", 1, &v) && v == 0);
  CHECK(parse_uint("4294967295", 10, &v) && v == 4294967295u);
  CHECK(!parse_uint("4294967296", 10, &v));
  CHECK(!parse_uint("", 0, &v));
  CHECK(!parse_uint("1a", 2, &v));
  CHECK_EQ(pit_index("A1", 2), 0);
  CHECK_EQ(pit_index("D8", 2), 31);
  CHECK_EQ(pit_index("E1", 2), KETE_NO_PIT);
  CHECK_EQ(pit_index("A0", 2), KETE_NO_PIT);
  CHECK_EQ(pit_index("A", 1), KETE_NO_PIT);
}
