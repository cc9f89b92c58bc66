// The whole board logic on the rig (PROTOCOL.md §6–§11): session, commands,
// snapshots, settling, heartbeats, LEDs, buttons, faults, calibration, resync.
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "rig.h"

static Rig rig;

static void calibrated_boot(double stones = 4) {
  rig.boot();
  for (int i = 0; i < KETE_PITS; i++) rig.stones[i] = stones;
  rig.write_calibration();
  rig.reboot(BOOT_POWER);
}

static std::string all(int n) {
  std::string s;
  for (int i = 0; i < KETE_PITS; i++) {
    if (i) s += ",";
    s += std::to_string(n);
  }
  return s;
}

static int index_of(const std::vector<std::string>& v, const std::string& prefix) {
  for (size_t i = 0; i < v.size(); i++)
    if (v[i].compare(0, prefix.size(), prefix) == 0) return (int)i;
  return -1;
}

TEST(boot_sequence_fresh_board) {
  rig.boot();
  rig.step(100);
  CHECK_EQ(rig.gaps, 0);
  CHECK(rig.out.size() >= 3);
  CHECK_STR(rig.out[0], "BOOT 0 power");  // a fresh EEPROM: boot counter 0
  CHECK_EQ(hal.emptyLines, 1);             // a lone LF before BOOT ends a line a reset cut off
  CHECK_STR(rig.out[1], "HB 0 0");        // the first heartbeat at once
  // the first change snapshot within 100 ms of BOOT, nothing settled yet
  CHECK(rig.saw("SNAP 4x8 C U 00000000 " + all(0)));
  rig.step(400);
  CHECK_EQ(rig.count_prefix("ERR calibration-needed "), 32);
  CHECK(rig.saw("ERR calibration-needed A1"));
  CHECK(rig.saw("ERR calibration-needed D8"));
  // steady pits settle deb ms after their first reading, with a C snapshot saying S
  CHECK(rig.saw("SNAP 4x8 C S FFFFFFFF " + all(0)));
  int s = -1;
  for (size_t i = 0; i < rig.out.size(); i++)
    if (rig.out[i].compare(0, 12, "SNAP 4x8 C S") == 0 && s < 0) s = (int)i;
  CHECK(s >= 0 && rig.outAt[s] >= 1000 + 200 && rig.outAt[s] <= 1000 + 200 + 60);
  CHECK_EQ(rig.badLines, 0);
}

TEST(boot_counter_and_reasons) {
  rig.boot();
  rig.step(10);
  CHECK_STR(rig.take()[0], "BOOT 0 power");
  rig.reboot(BOOT_WATCHDOG);
  rig.step(10);
  CHECK_STR(rig.take()[0], "BOOT 1 watchdog");
  const char* names[] = {"power", "reset", "watchdog", "brownout", "command", "other"};
  for (uint8_t r = 0; r <= BOOT_OTHER; r++) {
    rig.reboot(r);
    rig.step(5);
    CHECK_STR(rig.take()[0], "BOOT " + std::to_string(2 + r) + " " + names[r]);
  }
  hal.eeprom[EE_BOOT_COUNTER] = 0xFE;  // 65534
  hal.eeprom[EE_BOOT_COUNTER + 1] = 0xFF;
  rig.reboot(BOOT_RESET);
  rig.step(5);
  CHECK_STR(rig.take()[1], "HB 65535 0");
  rig.reboot(BOOT_RESET);
  rig.step(5);
  CHECK_STR(rig.take()[0], "BOOT 0 reset");  // wraps 65535 → 0
}

TEST(hello_info_ack_and_settings) {
  rig.boot();
  rig.step(50);
  rig.take();
  rig.send("01 HELLO 1");
  rig.step(5);
  std::vector<std::string> v = rig.take();
  int i = index_of(v, "INFO");
  CHECK(i >= 0);
  if (i >= 0) {
    CHECK_STR(v[i],
              "INFO proto=1 fw=1.1.0 id=KETE-0001 geo=4x8 boot=0 max=64 leds=RGBYCMW pat=SBFP btn=2 cal=1 deb=200 int=2000");
    CHECK(i + 1 < (int)v.size() && v[i + 1] == "ACK 01");
  }
  rig.send("02 CFG deb=150 int=5000");
  rig.send("03 HELLO 7");  // a newer host: version 2 is the highest this board speaks (PROTOCOL.md §6.2)
  rig.step(5);
  v = rig.take();
  CHECK(index_of(v, "ACK 02") >= 0);
  i = index_of(v, "INFO");
  CHECK(i >= 0 && v[i].find("proto=2 ") != std::string::npos && v[i].find(" deb=150 int=5000 holes=-") != std::string::npos);
  CHECK(index_of(v, "ACK 03") > i);
  rig.send("05 HELLO 2");  // protocol 2's thirteenth key: a 4x8 board has no holes
  rig.step(5);
  v = rig.take();
  i = index_of(v, "INFO");
  CHECK(i >= 0);
  if (i >= 0)
    CHECK_STR(v[i],
              "INFO proto=2 fw=1.1.0 id=KETE-0001 geo=4x8 boot=0 max=64 leds=RGBYCMW pat=SBFP btn=2 cal=1 deb=150 int=5000 holes=-");
  rig.send("04 PING");
  rig.step(3);
  CHECK_STR(rig.take().back(), "ACK 04");
  rig.send("05 SNAP");
  rig.step(3);
  v = rig.take();
  i = index_of(v, "SNAP 4x8 R ");
  CHECK(i >= 0 && i + 1 < (int)v.size() && v[i + 1] == "ACK 05");
}

TEST(heartbeat_every_second_with_uptime) {
  rig.boot();
  rig.step(5500);
  std::vector<std::string> hb;
  std::vector<uint32_t> at;
  for (size_t i = 0; i < rig.out.size(); i++)
    if (rig.out[i].compare(0, 3, "HB ") == 0) {
      hb.push_back(rig.out[i]);
      at.push_back(rig.outAt[i]);
    }
  CHECK_EQ(hb.size(), 6);
  for (size_t i = 0; i < hb.size(); i++) {
    CHECK_STR(hb[i], "HB 0 " + std::to_string(i));
    CHECK(at[i] >= 1000 + 1000 * i && at[i] <= 1000 + 1000 * i + 100);
  }
}

TEST(periodic_snapshots_and_int_zero) {
  calibrated_boot();
  rig.step(1000);
  rig.take();
  rig.step(4100);  // default int=2000: two periodic snapshots
  CHECK_EQ(rig.count_prefix("SNAP 4x8 P S FFFFFFFF " + all(4)), 2);
  rig.send("01 CFG int=0");
  rig.take();
  rig.step(5000);
  CHECK_EQ(rig.count_prefix("SNAP"), 0);
  rig.send("02 CFG int=100");
  rig.step(1000);
  int n = rig.count_prefix("SNAP 4x8 P");
  CHECK(n >= 9 && n <= 10);
  rig.send("03 PING");  // a host line every few seconds: no host timeout meanwhile
}

TEST(stones_move_change_snapshots_then_settled) {
  calibrated_boot();
  rig.step(1000);
  CHECK(rig.saw("SNAP 4x8 C S FFFFFFFF " + all(4)));
  CHECK_EQ(rig.count_prefix("ERR calibration-needed"), 0);
  rig.send("01 CFG deb=150 int=5000");
  rig.take();
  // lift A1's four stones, sow them into A2..A5, 60 ms apart
  rig.stones[0] = 0;
  rig.step(60);
  uint32_t landed = 0;
  for (int p = 1; p <= 4; p++) {
    rig.stones[p] = 5;
    landed = rig.now;
    rig.step(60);
  }
  rig.step(600);
  std::vector<std::string> v = rig.out;
  std::vector<uint32_t> at = rig.outAt;
  std::string final = "0,5,5,5,5,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4";
  int c = 0;
  uint32_t prevC = 0;
  bool sawUnsettled = false;
  for (size_t i = 0; i < v.size(); i++) {
    if (v[i].compare(0, 10, "SNAP 4x8 C") != 0) continue;
    if (c > 0) CHECK(at[i] - prevC >= 50);  // at most one change snapshot per 50 ms
    prevC = at[i];
    c++;
    if (v[i][11] == 'U') {
      sawUnsettled = true;
      CHECK((mask_of(v[i]) & 1) == 0 || cells_of(v[i]).compare(0, 1, "0") == 0);
    }
  }
  CHECK(sawUnsettled);
  CHECK(c >= 3);
  std::string last = rig.last("SNAP 4x8 C");
  CHECK_STR(last, "SNAP 4x8 C S FFFFFFFF " + final);
  // the last stone landed at +300 ms; settled within deb + a few scans of it
  int s = -1;
  for (size_t i = 0; i < v.size(); i++)
    if (v[i] == "SNAP 4x8 C S FFFFFFFF " + final) s = (int)i;
  // settled deb (150 ms) after the count changed: median + two quiet scans ≈ 4 scans after landing
  CHECK(s >= 0 && at[s] >= landed + 150 && at[s] <= landed + 150 + 5 * 12 + 50);
}

TEST(deb_zero_reports_every_working_pit_settled) {
  calibrated_boot();
  rig.step(500);
  rig.send("01 CFG deb=0");
  rig.take();
  rig.stones[3] = 2.5;  // between counts: moving
  rig.step(200);
  std::string l = rig.last("SNAP 4x8 C");
  if (l.empty()) l = rig.last("SNAP");
  rig.send("02 SNAP");
  rig.step(5);
  std::string r = rig.last("SNAP 4x8 R");
  CHECK_STR(r.substr(0, 22), "SNAP 4x8 R S FFFFFFFF ");
  CHECK(board_view().pits[3].flags & PS_MOVING);
}
