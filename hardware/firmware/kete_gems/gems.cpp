#include "gems.h"

#include "crc8.h"
#include "hal.h"

static uint16_t listed[KETE_PITS];     // the gems each place lists (what snapshots show)
static uint16_t sentGems[KETE_PITS];   // ... as last sent
static uint8_t misses[GEM_COUNT];      // consecutive inventories of its place that missed the gem
static int16_t massX[GEM_COUNT];       // each gem's mass, 1/256 plain stone
static uint32_t gemChangeAt[KETE_PITS];
static uint32_t lastBegan[KETE_PITS];  // when the place's last complete inventory began
static uint16_t everRead;              // places with a complete inventory since boot
static uint16_t readerFault, tagFault;
static uint32_t readerFaultAt[KETE_PITS];
static uint32_t steadySince[KETE_PITS];  // the weight (median) has not stepped by more than 0.1 stone since
static int32_t prevX[KETE_PITS];
static uint32_t offSince[KETE_PITS];   // tag fault watch: still, off a whole count, since ...
static int32_t offRef[KETE_PITS];      // ... at this x
static uint8_t robin;                  // next place of the round
static bool lastPriority;              // the last pick jumped the round

uint8_t gem_of_dsfid(uint8_t d) {
  uint8_t hi = d >> 4, lo = d & 15;
  if ((hi != 1 && hi != 2) || lo < 1 || lo > 5) return GEM_NONE;
  return (uint8_t)((hi - 1) * 5 + lo - 1);
}

uint8_t gem_dsfid(uint8_t gem) { return (uint8_t)(gem < 5 ? 0x11 + gem : 0x21 + gem - 5); }

void gems_begin(uint32_t now) {
  for (uint8_t g = 0; g < GEM_COUNT; g++) {
    uint8_t rec[GEM_RECORD_SIZE];
    hal_eeprom_read((uint16_t)(EE_GEM_BASE + g * GEM_RECORD_SIZE), rec, GEM_RECORD_SIZE);
    int16_t m = (int16_t)(rec[1] | (rec[2] << 8));
    bool ok = rec[0] == GEM_RECORD_MAGIC && crc8(rec, 3) == rec[3] && m >= GEM_MASS_MIN && m <= GEM_MASS_MAX;
    massX[g] = ok ? m : (int16_t)GEM_MASS_DEFAULT;
    misses[g] = 0;
  }
  for (uint8_t p = 0; p < KETE_PITS; p++) {
    listed[p] = sentGems[p] = 0;
    gemChangeAt[p] = now;
    lastBegan[p] = now;
    readerFaultAt[p] = now;
    offSince[p] = 0;
    offRef[p] = 0;
    steadySince[p] = now;
    prevX[p] = 0;
  }
  everRead = readerFault = tagFault = 0;
  robin = 0;
  lastPriority = false;
}

static int32_t mass_of(uint16_t set) {
  int32_t m = 0;
  for (uint8_t g = 0; g < GEM_COUNT; g++)
    if (set & (1u << g)) m += massX[g];
  return m;
}

// The weight of a set of gems in raw units: stones × raw units per stone
// (|mass| ≤ 10 × 435, |gain| ≤ 28000: fits 32 bits; a reversed cell's is negative).
static int32_t offset_raw(uint16_t set, const PitCal* cal) {
  return set == 0 ? 0 : mass_of(set) * (cal->gainQ4 / 16) / X_ONE;
}

int32_t gems_raw(uint8_t place, int32_t raw, const PitCal* cal) { return raw - offset_raw(listed[place], cal); }

// x in 1/256 stone is within ±0.3 stone of a whole number
static bool whole(int32_t x) {
  int32_t off = x - round_x(x) * X_ONE;
  return off >= -X_QUIET && off <= X_QUIET;
}

// The place's weight (x_plain with its listed gems) is still and whole.
static bool weight_whole(const PitState* p) {
  return (p->flags & PS_INIT) && !(p->flags & PS_MOVING) && p->fault == FAULT_NONE && whole(p->x);
}

uint32_t gems_scan(PitState* pits, uint32_t now) {
  uint32_t started = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    PitState* p = &pits[i];
    if ((p->flags & PS_MOVING) && p->fault == FAULT_NONE) {
      int32_t k = round_x(p->x);
      p->count = (uint8_t)(k < 0 ? 0 : k > 255 ? 255 : k);
    }
    uint16_t bit = (uint16_t)(1u << i);
    int32_t step = p->x - prevX[i];
    if (step > X_STILL || step < -X_STILL || p->fault != FAULT_NONE) steadySince[i] = now;
    prevX[i] = p->x;
    bool off = (p->flags & PS_INIT) && p->fault == FAULT_NONE && !whole(p->x);
    int32_t d = p->x - offRef[i];
    if (!off || offSince[i] == 0 || d > X_STILL || d < -X_STILL) {
      // not off a whole count, or moved: the watch (re)starts here
      offSince[i] = off ? (now | 1) : 0;  // (| 1: never 0 while watching)
      offRef[i] = p->x;
      if (!off) tagFault &= (uint16_t)~bit;  // whole again: the gem was read, or taken away
      continue;
    }
    if (!(tagFault & bit) && now - offSince[i] >= TAG_FAULT_MS) {
      tagFault |= bit;
      if (!(readerFault & bit)) started |= bit;
    }
  }
  return started;
}

bool gems_faulty(uint8_t place) { return ((readerFault | tagFault) >> place) & 1; }

// The last change of a place's reading: its weight (a step of the median) or its list.
static uint32_t change_at(uint8_t place) {
  uint32_t a = steadySince[place], b = gemChangeAt[place];
  return (int32_t)(a - b) > 0 ? a : b;
}

bool gems_settled(uint8_t place, const PitState* p, uint32_t now, uint16_t deb) {
  (void)p;
  if (deb == 0) return true;  // PROTOCOL.md §7: every non-faulty place
  if (!((everRead >> place) & 1)) return false;
  if (now - gemChangeAt[place] < deb) return false;  // the gems unchanged for deb
  // PROTOCOL.md §7 (revision 1.6): a read of the place's gems begun after the
  // last change of its reading has finished (lastBegan is the start of the
  // last finished read); a read whose result changed the list began before
  // that change and counts for nothing: the next one must
  return (int32_t)(lastBegan[place] - change_at(place)) >= 0;
}

void gems_fmt(LineWriter* w, uint8_t place) {
  uint16_t s = listed[place];
  for (uint8_t g = 0; g < GEM_COUNT; g++) {
    if (!(s & (1u << g))) continue;
    lw_char(w, g < 5 ? 'S' : 'N');
    lw_char(w, (char)('1' + (g < 5 ? g : g - 5)));
  }
}

bool gems_changed(uint8_t place) { return listed[place] != sentGems[place]; }
void gems_sent(uint8_t place) { sentGems[place] = listed[place]; }
uint16_t gems_listed(uint8_t place) { return listed[place]; }

uint8_t gems_next_place(const PitState* pits, uint32_t now) {
  if (!lastPriority) {
    // a place whose weight went still after its last inventory began: read it next
    uint8_t best = GEM_NONE;
    uint32_t bestAt = 0;
    for (uint8_t i = 0; i < KETE_PITS; i++) {
      const PitState* p = &pits[i];
      if ((readerFault >> i) & 1) continue;
      // its weight changed after its last inventory began: read it again, at
      // once (a landing gem is read as soon as it rests, while the cell still
      // rings) and again after the weight is still (settling needs that read)
      // (or its list changed: the read that changed it does not settle it)
      if (!(p->flags & PS_INIT) || p->fault != FAULT_NONE) continue;
      uint32_t changed = change_at(i);
      if ((int32_t)(lastBegan[i] - changed) >= 0) continue;
      if (best == GEM_NONE || (int32_t)(changed - bestAt) < 0) {
        best = i;
        bestAt = changed;
      }
    }
    if (best != GEM_NONE) {
      lastPriority = true;
      return best;
    }
  }
  lastPriority = false;
  for (uint8_t k = 0; k < KETE_PITS; k++) {
    uint8_t i = robin;
    robin = (uint8_t)((robin + 1) % KETE_PITS);
    if (!((readerFault >> i) & 1) || now - readerFaultAt[i] >= READER_RETRY_MS) return i;
  }
  return robin;  // every reader faulty and tried within the second: the round goes on
}

// The list changes: the weight did not, only what is subtracted from it. The
// place's readings so far are moved by the same amount, so the signal stays
// continuous (a still weight stays still, its settle timer running) instead
// of stepping by a gem's mass.
static void list_change(uint8_t place, uint16_t set, PitState* p, const PitCal* cal, uint32_t now) {
  if (listed[place] == set) return;
  int32_t d = offset_raw(set, cal) - offset_raw(listed[place], cal);
  listed[place] = set;
  gemChangeAt[place] = now;
  if (!(p->flags & PS_INIT)) return;
  for (uint8_t k = 0; k < 3; k++) p->raw[k] -= d;
  int32_t x = stones_x256(median3(p->raw[0], p->raw[1], p->raw[2]), cal);
  p->runSum -= (p->x - x) * p->runN;
  p->x = x;
  prevX[place] = x;
}

// Would place q's weight be whole with gem g added (sign 1) or taken away (−1)?
static bool whole_with(const PitState* p, uint8_t g, int8_t sign) {
  // (x is the weight less the listed gems: sign 1 asks with g added to them)
  return (p->flags & PS_INIT) && p->fault == FAULT_NONE && whole(p->x - sign * massX[g]);
}

uint32_t gems_inventory(uint8_t place, uint16_t read, uint32_t began, PitState* pits, const PitCal* cals,
                        uint32_t now) {
  uint16_t bit = (uint16_t)(1u << place);
  readerFault &= (uint16_t)~bit;
  everRead |= bit;
  lastBegan[place] = began;
  read &= GEM_ALL;
  const PitState* here = &pits[place];
  uint16_t mine = listed[place];
  for (uint8_t g = 0; g < GEM_COUNT; g++) {
    uint16_t gb = (uint16_t)(1u << g);
    if (read & gb) {
      misses[g] = 0;  // rule 4
      if (mine & gb) continue;
      uint8_t q = GEM_NONE;
      for (uint8_t i = 0; i < KETE_PITS; i++)
        if (i != place && (listed[i] & gb)) q = i;
      if (q != GEM_NONE) {
        // rule 1: the newest read wins, unless the weights say it is a cross-read
        // (the other place still weighs it, this one does not: a gem on the rim)
        if (weight_whole(&pits[q]) && !whole_with(here, g, 1)) continue;
        list_change(q, (uint16_t)(listed[q] & ~gb), &pits[q], &cals[q], now);
      }
      mine |= gb;  // rule 2 (or 1: moved here)
    } else if (mine & gb) {
      // rule 3: a listed gem not read
      bool vouched = weight_whole(here);  // still, and whole with the gem listed
      if (misses[g] < 255) misses[g]++;
      if (misses[g] >= (vouched ? GEM_MISSES_VOUCHED : GEM_MISSES_GONE)) mine &= (uint16_t)~gb;
      else if (!vouched && whole_with(here, g, -1)) mine &= (uint16_t)~gb;  // the weight says it went
      // else: flicker, the weight vouches for it (or is still moving): it stays
    }
  }
  list_change(place, mine, &pits[place], &cals[place], now);
  return 0;
}

uint32_t gems_reader_fault(uint8_t place, uint32_t now) {
  uint16_t bit = (uint16_t)(1u << place);
  readerFaultAt[place] = now;
  if (readerFault & bit) return 0;
  readerFault |= bit;
  return (tagFault & bit) ? 0 : bit;
}
