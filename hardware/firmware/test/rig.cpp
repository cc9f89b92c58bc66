#include "rig.h"

#include <stdio.h>
#include <stdlib.h>

#include "crc8.h"

std::string with_crc(const std::string& body) {
  char tail[8];
  snprintf(tail, sizeof tail, "*%02X", crc8((const uint8_t*)body.data(), body.size()));
  return body + tail;
}

void Rig::boot(bool freshEeprom, uint8_t reason) {
  fake_reset(freshEeprom);
  now = 1000;
  for (int i = 0; i < KETE_PITS; i++) {
    stones[i] = 0;
    zeroRaw[i] = 50000 + 1000 * i;
    gainRaw[i] = 11000 + 50 * i;
  }
  dead = frozen = 0;
  noise = 60;
  scanEvery = 12;
  buttons = 0;
  rng = 12345;
  expectSeq = 0;
  out.clear();
  outAt.clear();
  badLines = 0;
  gaps = 0;
  board_begin(reason, now);
}

void Rig::write_calibration() {
  for (int i = 0; i < KETE_PITS; i++) {
    PitCal c;
    c.zero16 = zeroRaw[i] * 16;
    c.gainQ4 = gainRaw[i] * 16;
    c.flags = CAL_ZERO | CAL_GAIN;
    c.p1n = 32;
    c.p1diff = 32 * gainRaw[i];
    cal_pack(&c, hal.eeprom + EE_CAL_BASE + CAL_RECORD_SIZE * i);
  }
}

void Rig::reboot(uint8_t reason) {
  hal.lines.clear();
  hal.txPending.clear();
  expectSeq = 0;
  out.clear();
  outAt.clear();
  board_begin(reason, now);
}

int32_t Rig::raw_of(uint8_t pit) {
  rng = rng * 1103515245u + 12345u;
  int32_t n = noise ? (int32_t)((rng >> 8) % (uint32_t)(2 * noise + 1)) - noise : 0;
  if (frozen & (1u << pit)) n = 0;
  double v = zeroRaw[pit] + stones[pit] * gainRaw[pit];
  if (v > 0x7FFFFF) v = 0x7FFFFF;
  if (v < -0x800000) v = -0x800000;
  int32_t r = (int32_t)v + n;
  if (r > 0x7FFFFF) r = 0x7FFFFF;
  if (r < -0x800000) r = -0x800000;
  return r;
}

static void collect(Rig* r) {
  for (size_t i = 0; i < hal.lines.size(); i++) {
    const std::string& l = hal.lines[i];
    // every board line: "SS BODY*CC", CRC right, seq = previous + 1
    bool ok = l.size() >= 6 && l[l.size() - 3] == '*';
    if (ok) {
      std::string body = l.substr(0, l.size() - 3);
      ok = with_crc(body) == l;
      unsigned seq = (unsigned)strtoul(l.substr(0, 2).c_str(), 0, 16);
      if (r->expectSeq >= 0 && (int)seq != r->expectSeq) r->gaps += (int)((seq - (unsigned)r->expectSeq) & 0xFF);
      r->expectSeq = (int)((seq + 1) & 0xFF);
      if (l.size() > 250) ok = false;
      r->out.push_back(body.substr(3));
      r->outAt.push_back(r->now);
    }
    if (!ok) r->badLines++;
  }
  hal.lines.clear();
}

void Rig::step(uint32_t ms) {
  for (uint32_t t = 0; t < ms; t++) {
    now++;
    if (now % 5 == 0) board_buttons(buttons, now);
    if (now % scanEvery == 0) {
      int32_t raw[KETE_PITS];
      uint32_t fresh = 0, notReady = 0;
      uint32_t wait = board_wait_mask();
      for (uint8_t i = 0; i < KETE_PITS; i++) {
        if (dead & (1u << i)) {
          raw[i] = 0;
          if (wait & (1u << i)) notReady |= 1u << i;  // (the rig skips the 100 ms wait)
          continue;
        }
        raw[i] = (frozen & (1u << i)) ? zeroRaw[i] : raw_of(i);
        fresh |= 1u << i;
      }
      board_scan(raw, fresh, notReady, now);
    }
    board_poll(now);
    collect(this);
  }
}

void Rig::send_raw(const std::string& bytes) {
  for (size_t i = 0; i < bytes.size(); i++) {
    while (!board_rx_ready()) step(1);
    board_rx_byte((uint8_t)bytes[i], now);
  }
}

void Rig::send(const std::string& body) { send_raw(with_crc(body) + "\n"); }

std::vector<std::string> Rig::take() {
  collect(this);
  std::vector<std::string> v;
  v.swap(out);
  outAt.clear();
  return v;
}

bool Rig::saw(const std::string& prefix) const { return count_prefix(prefix) > 0; }

int Rig::count_prefix(const std::string& prefix) const {
  int n = 0;
  for (size_t i = 0; i < out.size(); i++)
    if (out[i].compare(0, prefix.size(), prefix) == 0) n++;
  return n;
}

std::string Rig::last(const std::string& prefix) const {
  for (size_t i = out.size(); i > 0; i--)
    if (out[i - 1].compare(0, prefix.size(), prefix) == 0) return out[i - 1];
  return "";
}

uint32_t mask_of(const std::string& s) {
  // "SNAP 4x8 C S FFFFFFFF cells"
  return (uint32_t)strtoul(s.substr(13, 8).c_str(), 0, 16);
}

std::string cells_of(const std::string& s) { return s.substr(22); }
