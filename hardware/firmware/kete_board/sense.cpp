#include "sense.h"

#include "crc8.h"

int32_t median3(int32_t a, int32_t b, int32_t c) {
  if (a > b) {
    int32_t t = a;
    a = b;
    b = t;
  }
  if (b > c) b = c;
  return a > b ? a : b;
}

void cal_update(PitCal* cal) { cal->scale = cal->gainQ4 != 0 ? 256.0f / (float)cal->gainQ4 : 0.0f; }

int32_t stones_x256(int32_t med, const PitCal* cal) {
  int32_t d = med * 16 - cal->zero16;  // |med| < 2^23, so |d| < 2^28
  // one float multiplication by the cached 256 / gain (32-bit integer division
  // took three divisions, and all 32 pits are converted every scan), rounded to
  // the nearest 1/256 stone; float's 24-bit mantissa is far finer than that
  float x = (float)d * cal->scale;
  if (x > 30000.0f * 256.0f) x = 30000.0f * 256.0f;  // far beyond 255 stones: keep x in range
  if (x < -30000.0f * 256.0f) x = -30000.0f * 256.0f;
  return (int32_t)(x < 0 ? x - 0.5f : x + 0.5f);
}

int32_t round_x(int32_t x) { return (x + 128) >> 8; }

void pit_reset(PitState* p) {
  for (uint8_t i = 0; i < 3; i++) p->raw[i] = 0;
  p->x = 0;
  p->runSum = 0;
  p->runN = 0;
  p->settleSince = 0;
  p->liftedSince = 0;
  p->rawPos = 0;
  p->nraw = 0;
  p->sameRun = 0;
  p->goodRun = 0;
  p->count = 0;
  p->cand = 0;
  p->quiet = 0;
  p->fault = FAULT_NONE;
  p->flags = 0;
}

bool pit_faulty(const PitState* p) { return p->fault != FAULT_NONE; }

static uint8_t clamp_count(int32_t k) { return k < 0 ? 0 : k > 255 ? 255 : (uint8_t)k; }

static bool start_fault(PitState* p, uint8_t kind) {
  if (p->fault != FAULT_NONE) return false;
  p->fault = kind;
  p->goodRun = 0;
  p->flags &= (uint8_t)~(PS_INIT | PS_MOVING);
  return true;
}

bool pit_reading(PitState* p, PitCal* cal, int32_t raw, uint32_t now) {
  int32_t prev = p->raw[(p->rawPos + 2) % 3];
  bool same = p->nraw > 0 && raw == prev;
  if (same) {
    if (p->sameRun < 255) p->sameRun++;
  } else {
    p->sameRun = 0;
  }
  if (p->nraw == 0) {  // first reading since (re)start: the history is that reading
    p->raw[0] = p->raw[1] = p->raw[2] = raw;
    p->rawPos = 0;
    p->nraw = 1;
  } else {
    p->raw[p->rawPos] = raw;
    if (p->nraw < 3) p->nraw++;
  }
  p->rawPos = (uint8_t)((p->rawPos + 1) % 3);
  int32_t med = median3(p->raw[0], p->raw[1], p->raw[2]);
  bool pinned = med >= RAW_MAX || med <= RAW_MIN;
  bool stuck = p->sameRun >= STUCK_READINGS - 1;
  int32_t x = stones_x256(med, cal);

  if (p->fault != FAULT_NONE) {  // watch for signs of life (pit_retry decides)
    bool alive = !pinned && !same && (p->fault != FAULT_LIFTED || x >= -(X_QUIET));
    p->goodRun = alive ? (uint8_t)(p->goodRun < 255 ? p->goodRun + 1 : 255) : 0;
    p->x = x;
    return false;
  }
  if (pinned) return start_fault(p, FAULT_PINNED);
  if (stuck) return start_fault(p, FAULT_STUCK);

  if (!(cal->flags & CAL_ZERO) && !(p->flags & PS_INIT) && cal->zero16 == 0 && p->nraw == 1) {
    // uncalibrated pit, best effort: its first reading is its zero
    cal->zero16 = med * 16;
    x = 0;
  }

  if (!(p->flags & PS_INIT)) {
    p->flags |= PS_INIT;
    p->x = x;
    p->runSum = x;  // the still run begins: a run of one is its own mean
    p->runN = 1;
    p->count = clamp_count(round_x(x));
    p->cand = p->count;
    p->quiet = 0;
    p->settleSince = now;
    p->liftedSince = 0;
    p->flags &= (uint8_t)~PS_MOVING;
    return false;
  }

  int32_t k = round_x(x);
  int32_t off = x - k * X_ONE;
  int32_t step = x - p->x;
  bool moving = x < X_LIFTED || off > X_QUIET || off < -X_QUIET || step > X_STEP || step < -X_STEP;
  p->x = x;
  // the settle timer follows the raw signal's still run, reading by reading
  // (pit_settled): compared with the run's mean without a division, as
  // n × reading − sum against n × 0.1 stone (|x| < 2^23, n ≤ 16: no overflow)
  int32_t xr = stones_x256(raw, cal);
  int32_t offr = xr - round_x(xr) * X_ONE;
  int32_t n = p->runN;
  int32_t dev = xr * n - p->runSum;
  if (n == 0 || xr < X_LIFTED || offr > X_QUIET || offr < -X_QUIET || dev > X_STILL * n ||
      dev < -X_STILL * n) {
    p->settleSince = now;  // a new still run begins at this reading
    p->runSum = xr;
    p->runN = 1;
  } else if (n < RUN_CAP) {
    p->runSum += xr;
    p->runN++;
  } else {
    p->runSum += xr - (p->runSum >> RUN_SHIFT);  // capped: the mean follows slow drift
  }

  if (x < X_LIFTED) {
    if (p->liftedSince == 0) p->liftedSince = now ? now : 1;
    else if (now - p->liftedSince >= LIFTED_FAULT_MS) return start_fault(p, FAULT_LIFTED);
  } else {
    p->liftedSince = 0;
  }

  if (moving) {
    p->quiet = 0;
  } else {
    uint8_t kc = clamp_count(k);
    if (kc == p->cand) {
      if (p->quiet < 255) p->quiet++;
    } else {
      p->cand = kc;
      p->quiet = 1;
    }
    if (p->quiet >= 2) p->count = kc;
  }
  if (moving) p->flags |= PS_MOVING;
  else p->flags &= (uint8_t)~PS_MOVING;
  return false;
}

bool pit_not_ready(PitState* p) { return start_fault(p, FAULT_NOT_READY); }

bool pit_settled(const PitState* p, uint32_t now, uint16_t deb) {
  if (p->fault != FAULT_NONE || !(p->flags & PS_INIT)) return false;
  if (deb == 0) return true;
  // the median agrees: quiet at the reported count (it lags the raw signal by a
  // scan or two, far less than any debounce worth setting)
  if ((p->flags & PS_MOVING) || p->cand != p->count || p->quiet < 2) return false;
  // the run's mean is within ±0.3 stone of the count (255: at least 254.7)
  int32_t n = p->runN;
  int32_t dev = p->runSum - (int32_t)p->count * X_ONE * n;
  if (dev < -X_QUIET * n || (p->count < 255 && dev > X_QUIET * n)) return false;
  return now - p->settleSince >= deb;
}

bool pit_retry(PitState* p) {
  if (p->fault == FAULT_NONE) return false;
  if (p->goodRun < 3) return false;
  uint8_t keep = p->flags & PS_FAULT_SENT;
  (void)keep;
  p->fault = FAULT_NONE;
  p->flags = 0;  // a new start: the next reading initialises the count and the settle timer
  p->nraw = 0;
  p->sameRun = 0;
  p->goodRun = 0;
  p->liftedSince = 0;
  return true;
}

void pit_zero_track(const PitState* p, PitCal* cal, uint32_t now, uint16_t deb) {
  if (p->fault != FAULT_NONE || !(p->flags & PS_INIT) || (p->flags & PS_MOVING)) return;
  if (p->count != 0 || p->nraw < 3 || p->runN < 3) return;
  // still: the raw signal's run has lasted a second (and deb), so a hand
  // resting on the rim, whose tremor breaks runs, is never tracked away
  if (now - p->settleSince < (deb > ZERO_STILL_MS ? deb : ZERO_STILL_MS)) return;
  if (p->x > X_ZERO_TRACK || p->x < -X_ZERO_TRACK) return;
  int32_t n = p->runN;
  if (p->runSum > X_ZERO_TRACK * n || p->runSum < -X_ZERO_TRACK * n) return;
  int32_t med = median3(p->raw[0], p->raw[1], p->raw[2]);
  int32_t diff = med * 16 - cal->zero16;
  cal->zero16 += diff / 64;  // 1/64 of the difference per second
}

// ---- calibration ------------------------------------------------------------

bool gain_plausible(int32_t gainQ4) {
  int32_t g = gainQ4 < 0 ? -gainQ4 : gainQ4;
  return g >= GAIN_MIN_Q4 && g <= GAIN_MAX_Q4;
}

bool cal_gain(int32_t diff, uint8_t n, uint8_t p1n, int32_t p1diff, int32_t* gainQ4) {
  if (n == 0) return false;
  float g;
  if (p1n != 0 && p1n != n) {
    // least squares through the origin: g = (n1 d1 + n2 d2) / (n1² + n2²)
    float n1 = p1n, n2 = n;
    g = (n1 * (float)p1diff + n2 * (float)diff) / (n1 * n1 + n2 * n2);
    // the single point must agree with the fit within a stone's tolerance, or
    // one of the two points is wrong: use the new one alone
    float single = (float)diff / n2;
    float dev = single > g ? single - g : g - single;
    float mag = g < 0 ? -g : g;
    if (dev > mag * 0.05f) g = single;
  } else {
    g = (float)diff / (float)n;
  }
  float q4 = g * 16.0f;
  if (q4 > 2.0e9f || q4 < -2.0e9f) return false;
  int32_t v = (int32_t)(q4 < 0 ? q4 - 0.5f : q4 + 0.5f);
  if (!gain_plausible(v)) return false;
  *gainQ4 = v;
  return true;
}

uint16_t calr_raw(int32_t reading) {
  int32_t v = (reading >> 8) + 32768;  // arithmetic shift: floor(reading / 256)
  if (v < 0) v = 0;
  if (v > 65535) v = 65535;
  return (uint16_t)v;
}

static void put32(uint8_t* p, int32_t v) {
  uint32_t u = (uint32_t)v;
  p[0] = (uint8_t)u;
  p[1] = (uint8_t)(u >> 8);
  p[2] = (uint8_t)(u >> 16);
  p[3] = (uint8_t)(u >> 24);
}

static int32_t get32(const uint8_t* p) {
  uint32_t u = (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
  return (int32_t)u;
}

void cal_pack(const PitCal* cal, uint8_t rec[CAL_RECORD_SIZE]) {
  rec[0] = CAL_RECORD_MAGIC;
  rec[1] = cal->flags & (CAL_ZERO | CAL_GAIN);
  put32(rec + 2, cal->zero16);
  put32(rec + 6, cal->gainQ4);
  rec[10] = cal->p1n;
  put32(rec + 11, cal->p1diff);
  rec[15] = crc8(rec, CAL_RECORD_SIZE - 1);
}

bool cal_unpack(const uint8_t rec[CAL_RECORD_SIZE], PitCal* cal) {
  if (rec[0] != CAL_RECORD_MAGIC || crc8(rec, CAL_RECORD_SIZE - 1) != rec[15]) return false;
  cal->flags = rec[1] & (CAL_ZERO | CAL_GAIN);
  cal->zero16 = get32(rec + 2);
  cal->gainQ4 = get32(rec + 6);
  cal->p1n = rec[10];
  cal->p1diff = get32(rec + 11);
  if ((cal->flags & CAL_GAIN) && !gain_plausible(cal->gainQ4)) return false;
  if (!(cal->flags & CAL_GAIN)) cal->gainQ4 = DEFAULT_GAIN_Q4;
  cal_update(cal);
  return true;
}

bool cal_ok(const PitCal* cal) { return (cal->flags & (CAL_ZERO | CAL_GAIN)) == (CAL_ZERO | CAL_GAIN); }
