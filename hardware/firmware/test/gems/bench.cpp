#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc8.h"
#include "gems.h"
#include "buttons.h"
#include "inventory.h"

Bench bench;

std::string gem_name(uint8_t g) {
  std::string s;
  s += g < 5 ? 'S' : 'N';
  s += (char)('1' + (g < 5 ? g : g - 5));
  return s;
}

static std::string with_crc(const std::string& body) {
  char tail[8];
  snprintf(tail, sizeof tail, "*%02X", crc8((const uint8_t*)body.data(), body.size()));
  return body + tail;
}

double Bench::rand01() {
  rng = rng * 1103515245u + 12345u;
  return (double)((rng >> 8) & 0xFFFF) / 65536.0;
}

void Bench::boot(bool calibrated) {
  fake_reset(true);
  us = 1000000;
  now = 1000;
  for (int i = 0; i < KETE_PITS; i++) {
    stones[i] = 0;
    zeroRaw[i] = 40000 + 1500 * i;
    gainRaw[i] = 11000 + 70 * i;
    memset(&readers[i], 0, sizeof readers[i]);
  }
  noise = 60;
  ntags = 0;
  fieldsOn = maxFieldsOn = 0;
  rng = 4242;
  buttons = 0;
  expectSeq = 0;
  out.clear();
  outAt.clear();
  badLines = gaps = busyViolations = 0;
  nextScan = nextBtn = now;
  if (calibrated) {
    for (int i = 0; i < KETE_PITS; i++) {
      PitCal c;
      c.zero16 = zeroRaw[i] * 16;
      c.gainQ4 = gainRaw[i] * 16;
      c.flags = CAL_ZERO | CAL_GAIN;
      c.p1n = 10;
      c.p1diff = 10 * gainRaw[i];
      cal_pack(&c, hal.eeprom + EE_CAL_BASE + CAL_RECORD_SIZE * i);
    }
  }
  board_begin(BOOT_POWER, now);
  for (uint8_t r = 0; r < KETE_PITS; r++)
    if (!inv_init_reader(r)) board_reader_fault(r, now);
}

void Bench::add_gem(uint8_t gem, int place, double mass) {
  Tag* t = &tags[ntags++];
  // UIDs as NXP's: E0 04 01 … (ISO/IEC 15693-3: E0 first, NXP = 04), the low bits spread
  rng = rng * 1103515245u + 12345u;
  uint32_t lo = rng;
  rng = rng * 1103515245u + 12345u;
  t->uid = 0xE004010000000000ull | ((uint64_t)(rng & 0xFFFF) << 32) | lo;
  t->dsfid = gem_dsfid(gem);
  t->afi = GEM_AFI;
  t->place = place;
  t->mass = mass;
  t->miss = 0;
  t->dead = false;
}

int Bench::tag_of(uint8_t gem) {
  for (int i = 0; i < ntags; i++)
    if (tags[i].dsfid == gem_dsfid(gem)) return i;
  return -1;
}

void Bench::move_gem(uint8_t gem, int place) { tags[tag_of(gem)].place = place; }

static int32_t raw_of(Bench* b, uint8_t p) {
  double load = b->stones[p];
  for (int i = 0; i < b->ntags; i++)
    if (b->tags[i].place == p) load += b->tags[i].mass;
  b->rng = b->rng * 1103515245u + 12345u;
  int32_t n = b->noise ? (int32_t)((b->rng >> 8) % (uint32_t)(2 * b->noise + 1)) - b->noise : 0;
  return (int32_t)(b->zeroRaw[p] + load * b->gainRaw[p]) + n;
}

static void collect(Bench* b) {
  for (size_t i = 0; i < hal.lines.size(); i++) {
    const std::string& l = hal.lines[i];
    bool ok = l.size() >= 6 && l[l.size() - 3] == '*';
    if (ok) {
      std::string body = l.substr(0, l.size() - 3);
      ok = with_crc(body) == l;
      unsigned seq = (unsigned)strtoul(l.substr(0, 2).c_str(), 0, 16);
      if (b->expectSeq >= 0 && (int)seq != b->expectSeq) b->gaps += (int)((seq - (unsigned)b->expectSeq) & 0xFF);
      b->expectSeq = (int)((seq + 1) & 0xFF);
      b->out.push_back(body.substr(3));
      b->outAt.push_back(b->now);
    }
    if (!ok) b->badLines++;
  }
  hal.lines.clear();
}

// kete_gems.ino's read_gems(), a step per pass
static void read_gems(Bench* b) {
  if (!inv_running()) {
    uint8_t p = board_next_reader(b->now);
    uint16_t listed = gems_listed(p);
    inv_start(p, (listed & (listed - 1)) == 0, b->now);
  }
  InvResult r = inv_step(b->now);
  if (r == INV_DONE) board_inventory(inv_reader(), inv_read(), inv_began(), b->now);
  else if (r == INV_FAULT) board_reader_fault(inv_reader(), b->now);
}

void Bench::step(uint32_t ms) {
  for (uint32_t t = 0; t < ms; t++) {
    // four loop passes a millisecond (a pass of the board is ≈ 0.2-1 ms)
    for (int k = 0; k < 4; k++) {
      us += 250;
      now = (uint32_t)(us / 1000);
      if ((int32_t)(now - nextScan) >= 0) {
        nextScan = now + 12;  // the HX711s at 80 SPS
        int32_t raw[KETE_PITS];
        uint32_t fresh = 0;
        for (uint8_t i = 0; i < KETE_PITS; i++) {
          raw[i] = raw_of(this, i);
          fresh |= 1u << i;
        }
        board_scan(raw, fresh, 0, now);
      }
      read_gems(this);
      if ((int32_t)(now - nextBtn) >= 0) {
        nextBtn = now + BUTTON_PERIOD_MS;
        board_buttons(buttons, now);
      }
      board_poll(now);
    }
    collect(this);
  }
}

void Bench::send(const std::string& body) {
  std::string bytes = with_crc(body) + "\n";
  for (size_t i = 0; i < bytes.size(); i++) {
    while (!board_rx_ready()) step(1);
    board_rx_byte((uint8_t)bytes[i], now);
  }
}

std::string Bench::last(const std::string& prefix) const {
  for (size_t i = out.size(); i > 0; i--)
    if (out[i - 1].compare(0, prefix.size(), prefix) == 0) return out[i - 1];
  return "";
}

bool Bench::saw(const std::string& prefix) const { return count_prefix(prefix) > 0; }

int Bench::count_prefix(const std::string& prefix) const {
  int n = 0;
  for (size_t i = 0; i < out.size(); i++)
    if (out[i].compare(0, prefix.size(), prefix) == 0) n++;
  return n;
}

// "SNAP 2x5+2 C S FFF cells"
std::string Bench::cells() const {
  std::string s = last("SNAP 2x5+2");
  return s.size() > 19 ? s.substr(19) : "";
}

uint32_t Bench::settled() const {
  std::string s = last("SNAP 2x5+2");
  return s.size() > 18 ? (uint32_t)strtoul(s.substr(15, 3).c_str(), 0, 16) : 0;
}
