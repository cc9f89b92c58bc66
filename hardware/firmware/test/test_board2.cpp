// The board on the rig, continued: faults, host timeout, LEDs, buttons,
// calibration, resync after bad lines, RESET, sequence numbers.
#include <stdio.h>

#include "check.h"
#include "rig.h"

static Rig rig;

static void calibrated_boot(double stones = 4) {
  rig.boot();
  for (int i = 0; i < KETE_PITS; i++) rig.stones[i] = stones;
  rig.write_calibration();
  rig.reboot(BOOT_POWER);
}

// the frame bytes of chain position led: brightness byte, blue, green, red
static void led_bytes(int led, int* b, int* g, int* r, int* bright) {
  const std::vector<uint8_t>& f = hal.frame;
  *bright = f[4 + 4 * led];
  *b = f[4 + 4 * led + 1];
  *g = f[4 + 4 * led + 2];
  *r = f[4 + 4 * led + 3];
}

TEST(sensor_faults_once_and_recovery) {
  calibrated_boot();
  rig.step(500);
  rig.take();
  rig.dead = 1u << 2;  // A3's module unplugged
  rig.step(300);
  CHECK_EQ(rig.count_prefix("ERR sensor-fault A3"), 1);
  CHECK_EQ(rig.count_prefix("ERR sensor-fault"), 1);
  std::string l = rig.last("SNAP 4x8 C");
  CHECK_STR(l, "SNAP 4x8 C S FFFFFFFB 4,4,?,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4");
  rig.send("01 CALGET");
  rig.step(100);
  CHECK(rig.saw("CALR A3 fault "));
  CHECK(rig.saw("CALR A1 ok "));
  rig.step(3000);
  CHECK_EQ(rig.count_prefix("ERR sensor-fault"), 1);  // once, however long it lasts
  rig.take();
  rig.dead = 0;  // plugged back: recovers within a second or two, settles again
  rig.step(2500);
  CHECK_STR(rig.last("SNAP 4x8 C"), "SNAP 4x8 C S FFFFFFFF 4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4");
  CHECK_EQ(rig.count_prefix("ERR sensor-fault"), 0);
  // a stuck ADC (identical readings) and a broken cell wire (pinned)
  rig.frozen = 1u << 9;
  rig.step(50 * 12 + 100);
  CHECK_EQ(rig.count_prefix("ERR sensor-fault B2"), 1);
  rig.frozen = 0;
  rig.zeroRaw[31] = 0x7FFFFF;
  rig.step(200);
  CHECK_EQ(rig.count_prefix("ERR sensor-fault D8"), 1);
  CHECK(rig.last("SNAP").find(",?") != std::string::npos);
  CHECK_EQ(rig.badLines, 0);
}

TEST(host_timeout_turns_leds_off_once) {
  calibrated_boot();
  rig.step(100);
  rig.send("01 LEDALL GS");
  rig.step(10);
  int b, g, r, br;
  led_bytes(0, &b, &g, &r, &br);
  CHECK_EQ(br, 0xE8);
  CHECK_EQ(g, 255);
  rig.take();
  rig.step(4900);
  CHECK_EQ(rig.count_prefix("ERR host-timeout"), 0);
  rig.step(200);
  CHECK_EQ(rig.count_prefix("ERR host-timeout"), 1);
  led_bytes(0, &b, &g, &r, &br);
  CHECK_EQ(g, 0);
  CHECK(rig.saw("HB "));  // sensing and heartbeats go on
  rig.step(6000);
  CHECK_EQ(rig.count_prefix("ERR host-timeout"), 1);
  // a NAK'd line is a valid host line too; a line with a bad checksum is not
  rig.send_raw("02 PING*00\n");
  rig.step(10);
  CHECK(rig.saw("ERR rx-checksum"));
  rig.send("03 BOGUS");
  rig.step(4990);
  CHECK_EQ(rig.count_prefix("ERR host-timeout"), 1);
  rig.step(20);
  CHECK_EQ(rig.count_prefix("ERR host-timeout"), 2);
}

TEST(led_colours_patterns_and_atomic_commands) {
  calibrated_boot();
  rig.step(100);
  rig.send("01 LED A1:RS A8:GS B1:BS C8:YS D8:CS");
  rig.step(2);
  CHECK(rig.saw("ACK 01"));
  int b, g, r, br;
  led_bytes(7, &b, &g, &r, &br);  // A1 is LED 7
  CHECK(r == 255 && g == 0 && b == 0 && br == 0xE8);
  led_bytes(0, &b, &g, &r, &br);  // A8 is LED 0
  CHECK(r == 0 && g == 255 && b == 0);
  led_bytes(8, &b, &g, &r, &br);  // B1
  CHECK(r == 0 && g == 0 && b == 255);
  led_bytes(16, &b, &g, &r, &br);  // C8
  CHECK(r == 255 && g == 150 && b == 0);
  led_bytes(31, &b, &g, &r, &br);  // D8
  CHECK(r == 0 && g == 200 && b == 255);
  CHECK_EQ(hal.frame.size(), LED_FRAME_BYTES);
  for (int i = 0; i < 4; i++) CHECK_EQ(hal.frame[i], 0);
  for (int i = 0; i < 8; i++) CHECK_EQ(hal.frame[LED_FRAME_BYTES - 1 - i], 0);
  // atomic: one bad entry, nothing changes
  rig.send("02 LED A1:GS E9:RS");
  rig.send("03 LED A1:GS A1:RS");
  rig.send("04 LEDALL MS");
  rig.step(3);
  CHECK(rig.saw("NAK 02 bad-pit"));
  CHECK(rig.saw("NAK 03 bad-args"));
  CHECK(rig.saw("ACK 04"));
  led_bytes(3, &b, &g, &r, &br);
  CHECK(r == 255 && g == 0 && b == 200);
  rig.send("05 LED A1:WS");
  rig.step(2);
  led_bytes(7, &b, &g, &r, &br);
  CHECK(r == 255 && g == 210 && b == 170);
  // steady only: no refresh without a change
  int frames = hal.frames;
  rig.step(200);
  CHECK_EQ(hal.frames, frames);
  // blinking: a refresh every 20 ms, all blinking LEDs in step with the board clock
  rig.send("06 LEDALL RB");
  while (rig.now % 1000 != 100) rig.step(1);
  rig.step(1);
  frames = hal.frames;
  rig.step(100);
  CHECK(hal.frames - frames >= 4 && hal.frames - frames <= 6);
  for (int led = 0; led < 32; led++) {
    led_bytes(led, &b, &g, &r, &br);
    CHECK_EQ(r, 255);  // t mod 1000 < 500: on
  }
  while (rig.now % 1000 != 700) rig.step(1);
  rig.step(25);
  led_bytes(12, &b, &g, &r, &br);
  CHECK_EQ(r, 0);  // off in the second half
  rig.send("07 LED B5:GF");  // joins the clock, not restarted
  rig.step(30);
  rig.send("08 CLR");
  rig.step(2);
  for (int led = 0; led < 32; led++) {
    led_bytes(led, &b, &g, &r, &br);
    CHECK(r == 0 && g == 0 && b == 0);
  }
  rig.send("09 LEDALL CP");
  while (rig.now % 2000 != 1000) rig.step(1);
  rig.step(21);
  led_bytes(1, &b, &g, &r, &br);
  CHECK(g >= 190 && b >= 250);  // pulse at its peak
}

TEST(buttons_press_and_release) {
  rig.boot();
  rig.step(100);
  rig.take();
  rig.buttons = 1;
  rig.step(8);  // a bounce too short to count
  rig.buttons = 0;
  rig.step(30);
  CHECK_EQ(rig.count_prefix("BTN"), 0);
  rig.buttons = 1;
  rig.step(40);
  CHECK_EQ(rig.count_prefix("BTN 1 P"), 1);
  rig.buttons = 3;
  rig.step(40);
  CHECK_EQ(rig.count_prefix("BTN 2 P"), 1);
  rig.buttons = 0;
  rig.step(40);
  CHECK_EQ(rig.count_prefix("BTN 1 R"), 1);
  CHECK_EQ(rig.count_prefix("BTN 2 R"), 1);
  std::vector<std::string> v = rig.take();
  // lines the board cannot queue still consume their sequence numbers
  hal.txRoom = 0;
  for (int i = 0; i < 8; i++) {
    rig.buttons = 1;
    rig.step(30);
    rig.buttons = 0;
    rig.step(30);
  }
  hal.txRoom = 63;
  rig.step(200);
  // 16 events: one in the transmit buffer, 8 queued, 7 dropped with their numbers
  CHECK_EQ(rig.count_prefix("BTN"), 9);
  CHECK_EQ(rig.gaps, 7);
}

TEST(calibration_round_trip_and_eeprom) {
  rig.boot();  // fresh EEPROM, every pit uncalibrated
  rig.step(500);
  rig.send("01 TARE");
  rig.send("02 CAL A1 32");  // busy while TARE runs
  rig.step(5);
  CHECK(rig.saw("NAK 02 busy"));
  rig.step(800);
  CHECK(rig.saw("ACK 01"));
  rig.take();
  rig.send("03 CAL A1 32");  // nothing in the pit: implausible
  rig.step(1200);
  CHECK(rig.saw("NAK 03 bad-args"));
  rig.stones[0] = 32;
  rig.step(200);
  rig.send("04 CAL A1 32");
  uint32_t sent = rig.now;
  rig.step(1200);
  CHECK(rig.saw("ACK 04"));
  for (size_t i = 0; i < rig.out.size(); i++)
    if (rig.out[i] == "ACK 04") CHECK(rig.outAt[i] - sent <= 2000);
  int32_t g = board_view().cals[0].gainQ4;
  CHECK(g > rig.gainRaw[0] * 16 - 32 && g < rig.gainRaw[0] * 16 + 32);
  rig.send("05 CALGET");
  rig.step(150);
  CHECK(rig.saw("CALR A1 ok "));
  CHECK(rig.saw("CALR A2 need "));
  CHECK(rig.saw("ACK 05"));
  // a second point refines the gain
  rig.stones[0] = 16;
  rig.step(200);
  rig.send("06 CAL A1 16");
  rig.step(1200);
  CHECK(rig.saw("ACK 06"));
  // the EEPROM keeps it: after a reboot A1 is ok and counts
  rig.step(1000);  // background writes
  rig.take();
  rig.stones[0] = 5;
  rig.reboot(BOOT_RESET);
  rig.step(600);
  CHECK_EQ(rig.count_prefix("ERR calibration-needed"), 31);
  CHECK(!rig.saw("ERR calibration-needed A1"));
  CHECK_EQ(board_count(0), 5);
  // a damaged record: uncalibrated again
  hal.eeprom[EE_CAL_BASE + 3] ^= 0x40;
  rig.reboot(BOOT_RESET);
  rig.step(600);
  CHECK_EQ(rig.count_prefix("ERR calibration-needed"), 32);
  // a moving pit during TARE: NAK, nothing changed
  rig.take();
  int32_t z = board_view().cals[5].zero16;
  rig.send("07 TARE A6");
  for (int i = 0; i < 40; i++) {
    rig.stones[5] = (i & 1) ? 1 : 0;
    rig.step(12);
  }
  rig.step(1200);
  CHECK(rig.saw("NAK 07 bad-args"));
  CHECK_EQ(board_view().cals[5].zero16, z);
  // TARE of one faulty pit: bad-args at once
  rig.dead = 1u << 4;
  rig.step(100);
  rig.send("08 TARE A5");
  rig.step(5);
  CHECK(rig.saw("NAK 08 bad-args"));
  CHECK_EQ(rig.badLines, 0);
}

TEST(calibration_read_during_a_scan_is_not_cut_short) {
  // the sketch drains the UART while a scan is read: the TARE's time stamp is
  // then later than the scan's
  calibrated_boot(0);
  rig.step(300);
  rig.take();
  std::string l = with_crc("0B TARE") + "\n";
  for (size_t i = 0; i < l.size(); i++) board_rx_byte((uint8_t)l[i], rig.now + 3);
  rig.step(100);
  CHECK(!rig.saw("ACK 0B"));
  CHECK(board_view().calibrating);
  rig.step(600);
  CHECK(rig.saw("ACK 0B"));
}

TEST(resync_after_bad_lines) {
  rig.boot();
  rig.step(50);
  rig.take();
  rig.send_raw(std::string("\x01\xff garbage\x80\n", 13));
  rig.send_raw("03 PING*00\n");       // wrong checksum: no NAK, it cannot trust the id
  rig.send_raw("03 PING\n");          // no checksum
  rig.send_raw(with_crc("3 PING") + "\n");  // the id unreadable
  rig.send_raw("\r\n\n");             // empty lines: ignored
  rig.send("04 PING");
  rig.step(20);
  std::vector<std::string> v = rig.take();
  int cs = 0, sy = 0, ack = 0, nak = 0;
  for (size_t i = 0; i < v.size(); i++) {
    cs += v[i] == "ERR rx-checksum";
    sy += v[i] == "ERR rx-syntax";
    ack += v[i] == "ACK 04";
    nak += v[i].compare(0, 3, "NAK") == 0;
  }
  CHECK_EQ(cs, 3);
  CHECK_EQ(sy, 1);
  CHECK_EQ(ack, 1);
  CHECK_EQ(nak, 0);
  // an over-long line: one ERR rx-overflow when its LF arrives, then all is well
  std::string longLine = "05 LED";
  for (int i = 0; i < 120; i++) longLine += " A1:GS";
  rig.send_raw(longLine.substr(0, 200));
  rig.step(5);
  CHECK_EQ(rig.count_prefix("ERR"), 0);
  rig.send_raw(longLine.substr(200) + "*00\n");
  rig.send("06 PING");
  rig.step(20);
  v = rig.take();
  CHECK_EQ(v.size(), 2);
  if (v.size() == 2) {
    CHECK_STR(v[0], "ERR rx-overflow");
    CHECK_STR(v[1], "ACK 06");
  }
  // a flood of commands: every one answered, in order
  for (int i = 0; i < 40; i++) {
    char body[16];
    snprintf(body, sizeof body, "%02X PING", 0x10 + i);
    rig.send(body);
  }
  rig.step(100);
  v = rig.take();
  int acks = 0;
  for (size_t i = 0; i < v.size(); i++)
    if (v[i].compare(0, 3, "ACK") == 0) {
      char want[16];
      snprintf(want, sizeof want, "ACK %02X", 0x10 + acks);
      CHECK_STR(v[i], want);
      acks++;
    }
  CHECK_EQ(acks, 40);
  CHECK_EQ(rig.badLines, 0);
}

TEST(reset_command_acks_then_reboots) {
  rig.boot();
  rig.step(50);
  rig.take();
  rig.send("09 RESET");
  rig.step(20);
  CHECK(rig.saw("ACK 09"));
  CHECK_EQ(hal.reboots, 1);
  rig.reboot(BOOT_COMMAND);
  rig.step(5);
  CHECK_STR(rig.take()[0], "BOOT 1 command");
}

TEST(sequence_numbers_wrap_without_gaps) {
  rig.boot();
  rig.step(100);
  for (int i = 0; i < 9; i++) {
    char body[16];
    snprintf(body, sizeof body, "%02X CALGET", i);
    rig.send(body);
    rig.step(100);
  }
  CHECK(rig.out.size() > 300);
  CHECK_EQ(rig.gaps, 0);
  CHECK_EQ(rig.badLines, 0);
}

TEST(fuzz_garbage_and_commands_never_stop_the_board) {
  rig.boot();
  rig.step(100);
  rig.take();
  uint32_t x = 987654321u;
  const char* cmds[] = {"HELLO 1", "PING", "SNAP", "CFG deb=0", "CFG int=100", "LED A1:RB B2:GP",
                        "LEDALL YF", "CLR", "CALGET", "LED E9:RS", "FOO", "CAL A1 x", "TARE B9", "CFG deb=200 int=2000"};
  int sent = 0;
  for (int round = 0; round < 400; round++) {
    x = x * 1664525u + 1013904223u;
    std::string s;
    switch ((x >> 24) % 4) {
      case 0: {  // random bytes, LFs included, sometimes very long
        int n = (int)((x >> 8) % 400);
        for (int i = 0; i < n; i++) {
          x = x * 1664525u + 1013904223u;
          s += (char)(x >> 24);
        }
        s += '\n';
        break;
      }
      case 1: {  // a good command
        char id[4];
        snprintf(id, sizeof id, "%02X", round & 0xFF);
        s = with_crc(std::string(id) + " " + cmds[(x >> 12) % 14]) + "\n";
        sent++;
        break;
      }
      case 2: {  // a good command with one byte changed
        s = with_crc(std::string("7E ") + cmds[(x >> 12) % 14]);
        s[(x >> 4) % s.size()] ^= (char)(1 + ((x >> 16) & 0x3F));
        s += "\n";
        break;
      }
      default:
        s = "\r\n";
        break;
    }
    rig.send_raw(s);
    rig.step(1 + (x >> 20) % 30);
  }
  rig.send_raw("\n");
  rig.step(3000);
  rig.send("FE PING");
  rig.step(50);
  CHECK(rig.saw("ACK FE"));
  CHECK(rig.saw("HB 0 "));
  CHECK_EQ(rig.badLines, 0);  // (gaps are allowed: a burst of bad lines overflows the ERR queue)
  CHECK(sent > 50);
  CHECK_EQ(hal.reboots, 0);
}

TEST(host_timeout_counts_from_boot_until_the_first_host_line) {  // PROTOCOL.md 1.2, §6.5
  rig.boot();
  rig.step(4990);
  CHECK_EQ(rig.count_prefix("ERR host-timeout"), 0);
  rig.step(20);
  CHECK_EQ(rig.count_prefix("ERR host-timeout"), 1);
}

TEST(calibration_ack_before_storing_and_reset_waits_for_it) {  // PROTOCOL.md 1.2, §10
  rig.boot();
  rig.step(300);
  rig.take();
  int before = hal.eepromWrites;
  rig.send("01 TARE");
  rig.step(500);
  CHECK(rig.saw("ACK 01"));
  CHECK_EQ(board_view().cals[31].flags & CAL_ZERO, CAL_ZERO);  // in use at once
  rig.send("02 RESET");
  rig.step(5);
  CHECK(rig.saw("ACK 02"));
  CHECK_EQ(hal.reboots, 0);  // the records are still being written
  rig.step(1000);
  CHECK_EQ(hal.reboots, 1);
  CHECK(hal.eepromWrites - before >= 32 * 14);
  PitCal c;
  for (int i = 0; i < KETE_PITS; i++) CHECK(cal_unpack(hal.eeprom + EE_CAL_BASE + CAL_RECORD_SIZE * i, &c));
}
