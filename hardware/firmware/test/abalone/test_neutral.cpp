// The neutral marble's classifier (kete_abalone/neutral.cpp, hardware/abalone.md
// §2.3): an empty Hall reading over a conductor is 'n', a magnet keeps its
// colour; the switch's output is confirmed on two scans and settles after deb;
// a chain that is not there (bits 61–63 not 0) reads no conductor anywhere.
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "neutral.h"

static NeutralState st[NEUTRAL_HOLES];

// the chain's word with a conductor over each hole of `holes` (bit 0 = a conductor)
static uint64_t word(uint64_t holes) { return ~holes & ~NEUTRAL_MARKER; }

TEST(neutral_cell_is_an_empty_hall_reading_over_a_conductor) {
  neutral_begin(st, 0);
  for (uint32_t t = 25; t <= 75; t += 25) neutral_scan(st, word(1ull << 30), t);
  CHECK_EQ(neutral_cell('.', &st[30]), 'n');
  CHECK_EQ(neutral_cell('b', &st[30]), 'b');  // a magnet cannot make an 'n' (§2.3)
  CHECK_EQ(neutral_cell('w', &st[30]), 'w');
  CHECK_EQ(neutral_cell('?', &st[30]), '?');  // a faulty Hall sensor stays faulty
  CHECK_EQ(neutral_cell('.', &st[29]), '.');
}

TEST(neutral_output_confirmed_on_two_scans_and_settled_after_deb) {
  neutral_begin(st, 0);
  neutral_scan(st, word(0), 25);
  neutral_scan(st, word(0), 50);
  CHECK(!st[30].on);
  neutral_scan(st, word(1ull << 30), 75);  // seen once: a flicker, moving
  CHECK(!st[30].on);
  CHECK(!neutral_settled(&st[30], 75, 100));
  neutral_scan(st, word(0), 100);  // gone again: never 'n'
  CHECK(!st[30].on);
  neutral_scan(st, word(1ull << 30), 125);
  neutral_scan(st, word(1ull << 30), 150);  // confirmed
  CHECK(st[30].on);
  CHECK(!neutral_settled(&st[30], 200, 100));
  CHECK(neutral_settled(&st[30], 250, 100));
  // a rolling marble near the threshold: the output rattles, the hole never settles
  for (uint32_t t = 275; t < 1000; t += 25) {
    neutral_scan(st, word(t % 50 ? 0 : 1ull << 30), t);
    CHECK(!neutral_settled(&st[30], t, 100));
  }
}

TEST(neutral_chain_absent_reads_no_conductor) {
  neutral_begin(st, 0);
  for (uint32_t t = 25; t <= 100; t += 25) CHECK(!neutral_scan(st, ~0ull, t));  // Q7 pulled up
  for (uint8_t h = 0; h < NEUTRAL_HOLES; h++) CHECK(!st[h].on);
  for (uint32_t t = 125; t <= 200; t += 25) CHECK(!neutral_scan(st, 0ull | NEUTRAL_MARKER, t));
  for (uint8_t h = 0; h < NEUTRAL_HOLES; h++) CHECK(!st[h].on);  // a shorted Q7 neither
}

// Random boards: whatever the Hall cells and the (steady) outputs, the cell is 'n'
// exactly where the Hall reading is empty over a conductor.
TEST(neutral_random_boards) {
  srand(29);
  const char cells[4] = {'.', 'w', 'b', '?'};
  int wrong = 0, neutral = 0;
  for (int k = 0; k < 2000; k++) {
    neutral_begin(st, 0);
    uint64_t on = 0;
    char hall[NEUTRAL_HOLES];
    for (uint8_t h = 0; h < NEUTRAL_HOLES; h++) {
      hall[h] = cells[rand() % 4];
      if (rand() % 3 == 0) on |= 1ull << h;
    }
    for (uint32_t t = 25; t <= 75; t += 25) neutral_scan(st, word(on), t);
    for (uint8_t h = 0; h < NEUTRAL_HOLES; h++) {
      char want = hall[h] == '.' && ((on >> h) & 1) ? 'n' : hall[h];
      if (want == 'n') neutral++;
      if (neutral_cell(hall[h], &st[h]) != want) wrong++;
    }
  }
  CHECK_EQ(wrong, 0);
  CHECK(neutral > 10000);
  printf("neutral: 2000 random boards, %d neutral cells, %d wrong\n", neutral, wrong);
}
