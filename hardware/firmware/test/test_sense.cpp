// Signal to count (hardware/README.md §3): fixed point, ±0.3 acceptance,
// hysteresis, the moving rule, settling, zero tracking, faults, calibration
// arithmetic and the EEPROM record.
#include "check.h"
#include "leds.h"
#include "buttons.h"
#include "sense.h"

static PitCal cal_of(int32_t zero, int32_t gain) {
  PitCal c;
  c.zero16 = zero * 16;
  c.gainQ4 = gain * 16;
  c.flags = CAL_ZERO | CAL_GAIN;
  c.p1n = 0;
  c.p1diff = 0;
  cal_update(&c);
  return c;
}

// feeds a pit 'stones' stones (exactly, plus an alternating ±noise so it is never stuck)
static void feed(PitState* p, PitCal* c, double stones, uint32_t* now, int scans, int32_t noise = 3) {
  for (int i = 0; i < scans; i++) {
    *now += 12;
    int32_t n = (i & 1) ? noise : -noise;
    pit_reading(p, c, (int32_t)(c->zero16 / 16 + stones * (c->gainQ4 / 16)) + n, *now);
  }
}

TEST(median_and_fixed_point) {
  CHECK_EQ(median3(1, 2, 3), 2);
  CHECK_EQ(median3(3, 1, 2), 2);
  CHECK_EQ(median3(2, 3, 1), 2);
  CHECK_EQ(median3(5, 5, -9), 5);
  CHECK_EQ(median3(-8388608, 0, 8388607), 0);
  PitCal c = cal_of(1000, 10000);
  CHECK_EQ(stones_x256(1000, &c), 0);
  CHECK_EQ(stones_x256(11000, &c), 256);
  CHECK_EQ(stones_x256(1000 + 25000, &c), 640);  // 2.5 stones
  CHECK_EQ(stones_x256(1000 - 5000, &c), -128);  // -0.5
  CHECK_EQ(stones_x256(1000 + 255 * 10000, &c), 255 * 256);
  PitCal neg = cal_of(1000, -10000);  // a reversed cell: the reading falls with weight
  CHECK_EQ(stones_x256(1000 - 30000, &neg), 3 * 256);
  CHECK_EQ(round_x(3 * 256 + 127), 3);
  CHECK_EQ(round_x(3 * 256 + 128), 4);
  CHECK_EQ(round_x(-100), 0);
  CHECK_EQ(round_x(-129), -1);
  // the largest raw span with the smallest gain stays in range (no 32-bit overflow)
  PitCal small = cal_of(-8388608, 4500);
  CHECK(stones_x256(8388607, &small) > 255 * 256);
}

TEST(count_accepted_within_0_3_stone_after_two_quiet_scans) {
  PitCal c = cal_of(50000, 10000);
  PitState p;
  pit_reset(&p);
  uint32_t now = 0;
  feed(&p, &c, 0, &now, 3);
  CHECK_EQ(p.count, 0);
  // 0.71 stone: within 0.3 of 1. The median needs two new readings, the first
  // of which is a step (moving); then two quiet scans accept 1.
  feed(&p, &c, 0.71, &now, 1);
  CHECK(!(p.flags & PS_MOVING));  // the median still says 0
  feed(&p, &c, 0.71, &now, 1);
  CHECK(p.flags & PS_MOVING);  // a step of 0.71 > 0.15
  feed(&p, &c, 0.71, &now, 1);
  CHECK_EQ(p.count, 0);  // one quiet scan
  feed(&p, &c, 0.71, &now, 1);
  CHECK_EQ(p.count, 1);  // two quiet scans
  // 1.35 stones: between whole numbers (moving): keeps 1
  feed(&p, &c, 1.35, &now, 10);
  CHECK_EQ(p.count, 1);
  CHECK(p.flags & PS_MOVING);
  // 2.5: keeps its last value however long it stays
  feed(&p, &c, 2.5, &now, 50);
  CHECK_EQ(p.count, 1);
  // 3.28: within 0.3 of 3
  feed(&p, &c, 3.28, &now, 4);
  CHECK_EQ(p.count, 3);
  CHECK(!(p.flags & PS_MOVING));
  // 3.32: more than 0.3 from 3: moving, count stays
  feed(&p, &c, 3.32, &now, 5);
  CHECK_EQ(p.count, 3);
  CHECK(p.flags & PS_MOVING);
  // 2.72 (0.28 below 3): back to quiet, still 3
  feed(&p, &c, 2.72, &now, 5);
  CHECK_EQ(p.count, 3);
  CHECK(!(p.flags & PS_MOVING));
  // above 255 stones: 255
  feed(&p, &c, 300, &now, 5);
  CHECK_EQ(p.count, 255);
  // a single glitch (a reading corrupted mid-read) never reaches the count
  PitState g;
  pit_reset(&g);
  uint32_t t = 0;
  feed(&g, &c, 4, &t, 5);
  t += 12;
  pit_reading(&g, &c, 50000 + 9 * 10000, t);
  CHECK(!(g.flags & PS_MOVING));
  feed(&g, &c, 4, &t, 5);
  CHECK_EQ(g.count, 4);
  CHECK(!(g.flags & PS_MOVING));
}

TEST(moving_rule_restarts_the_settle_timer) {
  PitCal c = cal_of(0, 10000);
  PitState p;
  pit_reset(&p);
  uint32_t now = 0;
  feed(&p, &c, 4, &now, 3);
  uint32_t first = 12;
  CHECK_EQ(p.settleSince, first);  // the timer starts with the first reading
  CHECK(!pit_settled(&p, first + 199, 200));
  CHECK(pit_settled(&p, first + 200, 200));
  // a change of 0.2 stone between scans (a hand on the rim), count still 4
  feed(&p, &c, 4.2, &now, 2);
  CHECK(p.flags & PS_MOVING);  // the median steps one scan after the raw signal
  CHECK_EQ(p.count, 4);
  CHECK_EQ(p.settleSince, now - 12);  // the first reading at 4.2 began the still run
  CHECK(!pit_settled(&p, now + 100, 200));
  // a slow creep of 0.1 stone per scan within ±0.3 is quiet
  PitState q;
  pit_reset(&q);
  uint32_t t = 0;
  feed(&q, &c, 4, &t, 3);
  feed(&q, &c, 4.1, &t, 2);
  CHECK(!(q.flags & PS_MOVING));
  feed(&q, &c, 4.2, &t, 2);
  CHECK(!(q.flags & PS_MOVING));
  CHECK_EQ(q.settleSince, 12);
  // deb=0: settled whenever it is not faulty, moving or not
  CHECK(pit_settled(&p, now, 0));
}

TEST(settle_after_the_last_change) {
  PitCal c = cal_of(0, 10000);
  PitState p;
  pit_reset(&p);
  uint32_t now = 0;
  feed(&p, &c, 4, &now, 30);
  CHECK(pit_settled(&p, now, 200));
  feed(&p, &c, 5, &now, 1);  // the stone lands: the raw signal steps, a new still run
  uint32_t landed = now;
  CHECK_EQ(p.settleSince, landed);
  feed(&p, &c, 5, &now, 1);  // the median steps (moving)
  CHECK(!pit_settled(&p, now, 200));
  CHECK_EQ(p.count, 4);
  feed(&p, &c, 5, &now, 2);  // two quiet scans: count 5; the timer runs from the landing
  CHECK_EQ(p.count, 5);
  CHECK_EQ(p.settleSince, landed);
  feed(&p, &c, 5, &now, 12);  // 192 ms after the landing
  CHECK(!pit_settled(&p, landed + 199, 200));
  CHECK(pit_settled(&p, landed + 200, 200));  // deb after the signal came to rest, not after
                                              // the median confirmed it (issue 12)
}

TEST(settled_only_when_the_median_agrees_and_a_glitch_restarts_the_timer) {
  PitCal c = cal_of(0, 10000);
  PitState p;
  pit_reset(&p);
  uint32_t now = 0;
  feed(&p, &c, 4, &now, 30);
  CHECK(pit_settled(&p, now, 200));
  // a corrupted reading (9 stones for one scan): the median keeps 4, but the
  // raw signal moved, so the settle timer starts again
  now += 12;
  pit_reading(&p, &c, 9 * 10000, now);
  CHECK_EQ(p.count, 4);
  CHECK(!pit_settled(&p, now, 200));
  feed(&p, &c, 4, &now, 1);
  uint32_t back = now;  // the reading after the glitch starts the still run
  feed(&p, &c, 4, &now, 20);
  CHECK(!pit_settled(&p, back + 199, 200));
  CHECK(pit_settled(&p, back + 200, 200));
  // a weight still for long but whose median has not yet confirmed the count
  // (two quiet scans) is not settled, however long the raw signal was still
  PitState q;
  pit_reset(&q);
  uint32_t t = 0;
  feed(&q, &c, 2, &t, 3);
  feed(&q, &c, 3, &t, 2);  // raw still since the first 3; the median just stepped
  CHECK_EQ(q.settleSince, t - 12);
  CHECK_EQ(q.count, 2);
  CHECK(!pit_settled(&q, t + 1000, 200));  // (asked as if much later, nothing read since)
  feed(&q, &c, 3, &t, 2);
  CHECK_EQ(q.count, 3);
  CHECK(pit_settled(&q, t + 1000, 200));
}

TEST(zero_tracking_follows_slow_drift_only) {
  PitCal c = cal_of(100000, 10000);
  PitState p;
  pit_reset(&p);
  uint32_t now = 0;
  feed(&p, &c, 0, &now, 30);
  // the cell drifts by 0.1 stone (1000 raw): the zero follows 1/64 per second
  PitCal drift = c;
  drift.zero16 = (100000 + 1000) * 16;
  cal_update(&drift);
  for (int s = 0; s < 200; s++) {
    feed(&p, &drift, 0, &now, 80);  // readings at the new zero, judged with c
    // re-run the readings through c: feed() derives raw from its cal argument
    pit_zero_track(&p, &c, now, 200);
  }
  (void)drift;
  // with readings fed relative to drift.zero, c.zero must have moved most of the way
  CHECK(c.zero16 > 100000 * 16 + 1000 * 16 * 9 / 10);
  CHECK(c.zero16 <= (100000 + 1000 + 3) * 16);
  // a real stone (count 1) never moves the zero
  PitCal c2 = cal_of(0, 10000);
  PitState q;
  pit_reset(&q);
  uint32_t t = 0;
  feed(&q, &c2, 1, &t, 30);
  int32_t z = c2.zero16;
  for (int s = 0; s < 10; s++) pit_zero_track(&q, &c2, t, 200);
  CHECK_EQ(c2.zero16, z);
  // nor a reading 0.25 stone off (beyond ±0.2)
  PitState r;
  pit_reset(&r);
  t = 0;
  PitCal c3 = cal_of(0, 10000);
  feed(&r, &c3, 0.25, &t, 30);
  CHECK_EQ(r.count, 0);
  z = c3.zero16;
  pit_zero_track(&r, &c3, t, 200);
  CHECK_EQ(c3.zero16, z);
  // back within ±0.2 stone and quiet: it tracks again
  feed(&r, &c3, 0.05, &t, 30);
  z = c3.zero16;
  pit_zero_track(&r, &c3, t, 200);
  CHECK(c3.zero16 != z);
}

TEST(faults_stuck_pinned_not_ready_lifted_and_recovery) {
  PitCal c = cal_of(0, 10000);
  PitState p;
  pit_reset(&p);
  uint32_t now = 0;
  int started = 0;
  for (int i = 0; i < 60; i++) started += pit_reading(&p, &c, 40000, now += 12);  // identical readings
  CHECK_EQ(started, 1);  // once, at the 50th
  CHECK_EQ(p.fault, FAULT_STUCK);
  CHECK(!pit_settled(&p, now + 10000, 200));
  CHECK(!pit_retry(&p));  // still identical
  for (int i = 0; i < 3; i++) pit_reading(&p, &c, 40000 + i * 7 + 1, now += 12);
  CHECK(pit_retry(&p));  // alive again
  CHECK_EQ(p.fault, FAULT_NONE);
  pit_reading(&p, &c, 40003, now += 12);
  CHECK_EQ(p.count, 4);
  CHECK_EQ(p.settleSince, now);  // a new start: the settle timer restarts

  PitState q;
  pit_reset(&q);
  pit_reading(&q, &c, 1000, now);
  pit_reading(&q, &c, RAW_MAX, now += 12);
  CHECK_EQ(q.fault, FAULT_NONE);  // one pinned reading: the median hides it
  CHECK(pit_reading(&q, &c, RAW_MAX, now += 12));
  CHECK_EQ(q.fault, FAULT_PINNED);
  PitState m;
  pit_reset(&m);
  pit_reading(&m, &c, RAW_MIN, now);
  CHECK_EQ(m.fault, FAULT_PINNED);

  PitState n;
  pit_reset(&n);
  CHECK(pit_not_ready(&n));
  CHECK(!pit_not_ready(&n));  // already faulty: no second start
  CHECK_EQ(n.fault, FAULT_NOT_READY);
  CHECK(!pit_retry(&n));

  PitState l;  // a lifted cup: below −0.5 stone for 2 s
  pit_reset(&l);
  now = 1000;
  feed(&l, &c, 0, &now, 3);
  bool f = false;
  uint32_t liftedAt = now + 12;
  for (int i = 0; i < 200 && !f; i++) {
    now += 12;
    f = pit_reading(&l, &c, -8000 + (i & 1), now);
  }
  CHECK(f);
  CHECK_EQ(l.fault, FAULT_LIFTED);
  CHECK(now - liftedAt >= 2000 && now - liftedAt < 2024);
}

TEST(calibration_arithmetic) {
  int32_t g = 0;
  CHECK(cal_gain(32 * 11600, 32, 0, 0, &g));
  CHECK_EQ(g, 11600 * 16);
  CHECK(cal_gain(-32 * 11600, 32, 0, 0, &g));  // reversed cell
  CHECK_EQ(g, -11600 * 16);
  CHECK(!cal_gain(32 * 100, 32, 0, 0, &g));     // no change from empty: implausible
  CHECK(!cal_gain(10 * 40000, 10, 0, 0, &g));   // 40000 per stone: too heavy
  CHECK(!cal_gain(1000, 0, 0, 0, &g));
  CHECK(cal_gain(4500 * 3, 3, 0, 0, &g));
  CHECK(cal_gain(28000 * 3, 3, 0, 0, &g));
  // two points: a straight line through the zero and both
  CHECK(cal_gain(64 * 11000 + 64 * 2, 64, 32, 32 * 11000 - 32 * 2, &g));
  CHECK(g > 11000 * 16 - 16 && g < 11000 * 16 + 48);
  // a second point far off the first: the new one alone
  CHECK(cal_gain(16 * 12000, 16, 32, 32 * 9000, &g));
  CHECK_EQ(g, 12000 * 16);
  CHECK_EQ(calr_raw(0), 32768);
  CHECK_EQ(calr_raw(512 * 256), 33280);
  CHECK_EQ(calr_raw(-256), 32767);
  CHECK_EQ(calr_raw(RAW_MAX), 65535);
  CHECK_EQ(calr_raw(RAW_MIN), 0);
}

TEST(eeprom_record_and_checksum) {
  PitCal c = cal_of(-123456, 11222);
  c.p1n = 32;
  c.p1diff = 32 * 11222;
  uint8_t rec[CAL_RECORD_SIZE];
  cal_pack(&c, rec);
  CHECK_EQ(rec[0], CAL_RECORD_MAGIC);
  PitCal d;
  CHECK(cal_unpack(rec, &d));
  CHECK_EQ(d.zero16, c.zero16);
  CHECK_EQ(d.gainQ4, c.gainQ4);
  CHECK_EQ(d.p1n, 32);
  CHECK_EQ(d.p1diff, c.p1diff);
  CHECK(cal_ok(&d));
  for (int i = 0; i < CAL_RECORD_SIZE; i++) {  // any damaged byte is noticed
    uint8_t bad[CAL_RECORD_SIZE];
    for (int j = 0; j < CAL_RECORD_SIZE; j++) bad[j] = rec[j];
    bad[i] ^= 0x10;
    CHECK(!cal_unpack(bad, &d));
  }
  uint8_t blank[CAL_RECORD_SIZE];
  for (int j = 0; j < CAL_RECORD_SIZE; j++) blank[j] = 0xFF;
  CHECK(!cal_unpack(blank, &d));  // a fresh EEPROM
  PitCal z = c;
  z.flags = CAL_ZERO;  // tared, no gain yet: valid record, not "ok"
  cal_pack(&z, rec);
  CHECK(cal_unpack(rec, &d));
  CHECK(!cal_ok(&d));
  CHECK_EQ(d.gainQ4, DEFAULT_GAIN_Q4);
}

TEST(buttons_need_four_equal_samples) {
  Debouncer d;
  deb_reset(&d);
  CHECK_EQ(deb_sample(&d, 1), 0);
  CHECK_EQ(deb_sample(&d, 1), 0);
  CHECK_EQ(deb_sample(&d, 0), 0);  // a bounce restarts the count
  CHECK_EQ(deb_sample(&d, 1), 0);
  CHECK_EQ(deb_sample(&d, 1), 0);
  CHECK_EQ(deb_sample(&d, 1), 0);
  CHECK_EQ(deb_sample(&d, 1), 'P');
  CHECK_EQ(deb_sample(&d, 1), 0);
  CHECK_EQ(deb_sample(&d, 0), 0);
  CHECK_EQ(deb_sample(&d, 0), 0);
  CHECK_EQ(deb_sample(&d, 0), 0);
  CHECK_EQ(deb_sample(&d, 0), 'R');
}

TEST(led_chain_order_and_patterns) {
  // geometry/4x8.json: A8..A1 = LEDs 0..7, B1..B8 = 8..15, C8..C1 = 16..23, D1..D8 = 24..31
  CHECK_EQ(led_of_pit(7), 0);    // A8
  CHECK_EQ(led_of_pit(0), 7);    // A1
  CHECK_EQ(led_of_pit(8), 8);    // B1
  CHECK_EQ(led_of_pit(23), 16);  // C8
  CHECK_EQ(led_of_pit(16), 23);  // C1
  CHECK_EQ(led_of_pit(24), 24);  // D1
  CHECK_EQ(led_of_pit(31), 31);  // D8
  for (uint8_t i = 0; i < 32; i++) CHECK_EQ(pit_of_led(led_of_pit(i)), i);
  uint8_t blink = 0x22, fast = 0x31, pulse = 0x43, steady = 0x17;
  CHECK_EQ(led_level(steady, 12345), 255);
  CHECK_EQ(led_level(blink, 0), 255);
  CHECK_EQ(led_level(blink, 499), 255);
  CHECK_EQ(led_level(blink, 500), 0);
  CHECK_EQ(led_level(blink, 1999), 0);
  CHECK_EQ(led_level(fast, 124), 255);
  CHECK_EQ(led_level(fast, 125), 0);
  CHECK_EQ(led_level(fast, 250), 255);
  CHECK_EQ(led_level(pulse, 0), 0);
  CHECK_EQ(led_level(pulse, 1000), 255);
  CHECK_EQ(led_level(pulse, 1999), 0);
  CHECK(led_level(pulse, 500) > 0 && led_level(pulse, 500) < 255);
  for (uint32_t t = 20; t < 1000; t += 20) CHECK(led_pulse_level(t) >= led_pulse_level(t - 20));
  CHECK_EQ(led_level(0, 0), 0);
  uint8_t s[32] = {0};
  CHECK(!leds_animated(s));
  s[5] = steady;
  CHECK(!leds_animated(s));
  s[6] = blink;
  CHECK(leds_animated(s));
}
