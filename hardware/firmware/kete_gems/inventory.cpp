#include "inventory.h"

#include "gems.h"

enum InvState { IS_IDLE = 0, IS_RFON, IS_POWER, IS_REQUEST, IS_WAIT, IS_EOF, IS_RFOFF };

struct MaskEntry {
  uint8_t len;    // mask length in bits
  uint32_t value; // the UID's low `len` bits (LSB first, ISO/IEC 15693-3 §8.2)
};

static uint8_t state, reader;
static bool oneSlot;
static uint8_t slot, slotsInRound, slotsTotal;
static MaskEntry cur;
static MaskEntry pending[INV_MASKS];
static uint8_t npending;
static uint16_t readSet;
static uint32_t beganMs, startUs, stepUs, lastUs;

bool inv_running() { return state != IS_IDLE; }
uint8_t inv_reader() { return reader; }
uint16_t inv_read() { return readSet; }
uint32_t inv_began() { return beganMs; }
uint8_t inv_slots() { return slotsTotal; }
uint32_t inv_last_us() { return lastUs; }

// Waits (briefly) for BUSY low: a register command keeps it high for µs. False
// after 0.5 ms; the caller retries at its next step (and gives up after INV_BUSY_LIMIT_US).
static bool ready() {
  uint32_t t = pn_micros();
  while (pn_busy(reader))
    if (pn_micros() - t > 500) return false;
  return true;
}

static bool cmd(const uint8_t* tx, uint8_t n) {
  if (!ready()) return false;
  pn_frame(reader, tx, n, 0, 0);
  return true;
}

static bool write_reg(uint8_t op, uint8_t reg, uint32_t v) {
  uint8_t f[6] = {op, reg, (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  return cmd(f, 6);
}

static bool read_reg(uint8_t reg, uint32_t* v) {
  uint8_t f[2] = {PN_READ_REGISTER, reg};
  if (!cmd(f, 2) || !ready()) return false;
  uint8_t r[4];
  pn_frame(reader, 0, 0, r, 4);
  *v = (uint32_t)r[0] | ((uint32_t)r[1] << 8) | ((uint32_t)r[2] << 16) | ((uint32_t)r[3] << 24);
  return true;
}

// IDLE, then TRANSCEIVE (SYSTEM_CONFIG bits 0-2): the next SEND_DATA goes on the air
// and the receiver waits for the answer; IRQs cleared first.
static bool arm() {
  return write_reg(PN_WRITE_REGISTER, PN_REG_IRQ_CLEAR, 0xFFFFFFFFul) &&
         write_reg(PN_WRITE_REGISTER_AND_MASK, PN_REG_SYSTEM_CONFIG, 0xFFFFFFF8ul) &&
         write_reg(PN_WRITE_REGISTER_OR_MASK, PN_REG_SYSTEM_CONFIG, 0x00000003ul);
}

bool inv_init_reader(uint8_t r) {
  reader = r;
  uint8_t f[3] = {PN_LOAD_RF_CONFIG, PN_RF_TX_ISO15693, PN_RF_RX_ISO15693};
  uint32_t t = pn_micros();
  while (pn_busy(r))
    if (pn_micros() - t > 20000) return false;
  pn_frame(r, f, 3, 0, 0);
  t = pn_micros();
  while (pn_busy(r))
    if (pn_micros() - t > 20000) return false;
  return true;
}

void inv_start(uint8_t r, bool one, uint32_t nowMs) {
  reader = r;
  oneSlot = one;
  readSet = 0;
  npending = 0;
  slotsTotal = 0;
  cur.len = 0;
  cur.value = 0;
  beganMs = nowMs;
  startUs = stepUs = pn_micros();
  state = IS_RFON;
}

static InvResult fault() {
  state = IS_IDLE;
  lastUs = pn_micros() - startUs;
  return INV_FAULT;
}

static bool send_request() {
  uint8_t f[2 + 4 + 4];
  uint8_t n = 0;
  f[n++] = PN_SEND_DATA;
  f[n++] = 0;  // every bit of the last byte is valid
  f[n++] = (uint8_t)(ISO_FLAG_HIGH_RATE | ISO_FLAG_INVENTORY | ISO_FLAG_AFI | (slotsInRound == 1 ? ISO_FLAG_ONE_SLOT : 0));
  f[n++] = ISO_CMD_INVENTORY;
  f[n++] = GEM_AFI;
  f[n++] = cur.len;
  for (uint8_t b = 0; b < cur.len; b = (uint8_t)(b + 8)) f[n++] = (uint8_t)(cur.value >> b);
  return write_reg(PN_WRITE_REGISTER_OR_MASK, PN_REG_TX_CONFIG, PN_TX_CONFIG_SOF_EOF) && arm() && cmd(f, n);
}

// The next slot: an EOF alone (TX_CONFIG without start and data, an empty SEND_DATA)
static bool send_eof() {
  uint8_t f[2] = {PN_SEND_DATA, 0};
  return write_reg(PN_WRITE_REGISTER_AND_MASK, PN_REG_TX_CONFIG, (uint32_t)~PN_TX_CONFIG_SOF_EOF) && arm() && cmd(f, 2);
}

static void collided() {
  // a 1-slot inventory with several answers: all 16 slots; a slot of a
  // 16-slot round: that slot's four UID bits added to the mask
  if (slotsInRound == 1) {
    oneSlot = false;
    if (npending < INV_MASKS) pending[npending++] = cur;
    return;
  }
  if (cur.len + 4 > 32 || npending >= INV_MASKS) return;  // (beyond: missed this time, read next pass)
  MaskEntry m;
  m.len = (uint8_t)(cur.len + 4);
  m.value = cur.value | ((uint32_t)slot << cur.len);
  pending[npending++] = m;
}

// The slot's outcome; false: SPI failed (retry).
static bool finish_slot(bool* done) {
  uint32_t irq;
  if (!read_reg(PN_REG_IRQ_STATUS, &irq)) return false;
  if (irq & PN_IRQ_GENERAL_ERROR) {
    *done = true;
    slotsTotal = 0xFF;  // marks the fault for the caller
    return true;
  }
  if (irq & PN_IRQ_RX) {
    uint32_t rx;
    if (!read_reg(PN_REG_RX_STATUS, &rx)) return false;
    uint16_t n = (uint16_t)(rx & PN_RX_BYTES_MASK);
    if (rx & (PN_RX_COLLISION | PN_RX_INTEGRITY_ERROR | PN_RX_PROTOCOL_ERROR)) {
      collided();
    } else if (n == 10) {
      // flags, DSFID, UID (8 bytes); the CRC-16 is checked and removed by the reader
      uint8_t f[2] = {PN_READ_DATA, 0x00};
      if (!cmd(f, 2) || !ready()) return false;
      uint8_t d[10];
      pn_frame(reader, 0, 0, d, 10);
      uint8_t g = gem_of_dsfid(d[1]);
      if (!(d[0] & 1) && g != GEM_NONE) readSet = (uint16_t)(readSet | (1u << g));
    } else if (n != 0) {
      collided();  // a frame of the wrong length: two answers that did not quite collide
    }
    *done = true;
    return true;
  }
  *done = (irq & PN_IRQ_TIMER1) != 0;  // an empty slot
  return true;
}

InvResult inv_step(uint32_t nowMs) {
  (void)nowMs;
  uint32_t now = pn_micros();
  switch (state) {
    case IS_IDLE: return INV_DONE;
    case IS_RFON: {
      uint8_t f[2] = {PN_RF_ON, 0x00};
      if (!cmd(f, 2)) break;
      state = IS_POWER;
      stepUs = pn_micros();
      return INV_RUNNING;
    }
    case IS_POWER:
      if (now - stepUs < INV_FIELD_ON_US) return INV_RUNNING;
      slotsInRound = oneSlot ? 1 : 16;
      state = IS_REQUEST;
      stepUs = now;
      // fall through
    case IS_REQUEST:
      if (!send_request()) break;
      slot = 0;
      state = IS_WAIT;
      stepUs = pn_micros();
      return INV_RUNNING;
    case IS_EOF:
      if (!send_eof()) break;
      state = IS_WAIT;
      stepUs = pn_micros();
      return INV_RUNNING;
    case IS_WAIT: {
      bool done = false;
      if (!finish_slot(&done)) break;
      if (slotsTotal == 0xFF) return fault();
      if (!done) {
        if (now - stepUs > INV_SLOT_LIMIT_US) return fault();
        return INV_RUNNING;
      }
      slotsTotal++;
      if (++slot < slotsInRound) {
        state = IS_EOF;
      } else if (npending > 0) {
        cur = pending[--npending];
        slotsInRound = 16;
        state = IS_REQUEST;
      } else {
        state = IS_RFOFF;
      }
      stepUs = pn_micros();
      return INV_RUNNING;
    }
    case IS_RFOFF: {
      uint8_t f[2] = {PN_RF_OFF, 0x00};
      if (!cmd(f, 2)) break;
      state = IS_IDLE;
      lastUs = pn_micros() - startUs;
      return INV_DONE;
    }
  }
  // an SPI step could not start: BUSY stayed high
  if (now - stepUs > INV_BUSY_LIMIT_US) return fault();
  return INV_RUNNING;
}

// ---- blocking exchanges (enrolment) --------------------------------------------

bool inv_field(uint8_t r, bool on) {
  reader = r;
  uint8_t f[2] = {on ? (uint8_t)PN_RF_ON : (uint8_t)PN_RF_OFF, 0x00};
  if (!cmd(f, 2)) return false;
  uint32_t t = pn_micros();
  while (on && pn_micros() - t < INV_FIELD_ON_US) {
  }
  return true;
}

// a register read that waits out BUSY for up to 20 ms (ready() gives up after 0.5 ms)
static bool read_reg_patient(uint8_t reg, uint32_t* v) {
  uint32_t t = pn_micros();
  while (!read_reg(reg, v))
    if (pn_micros() - t > 20000) return false;
  return true;
}

XOutcome inv_exchange(uint8_t r, const uint8_t* req, uint8_t n, uint8_t* ans, uint8_t* len, uint32_t limitUs) {
  reader = r;
  *len = 0;
  uint8_t f[2 + 12];
  if (n > 12) return X_FAULT;
  f[0] = PN_SEND_DATA;
  f[1] = 0;  // every bit of the last byte is valid
  for (uint8_t i = 0; i < n; i++) f[2 + i] = req[i];
  bool framed = n > 0 ? write_reg(PN_WRITE_REGISTER_OR_MASK, PN_REG_TX_CONFIG, PN_TX_CONFIG_SOF_EOF)
                      : write_reg(PN_WRITE_REGISTER_AND_MASK, PN_REG_TX_CONFIG, (uint32_t)~PN_TX_CONFIG_SOF_EOF);
  if (!framed || !arm() || !cmd(f, (uint8_t)(n + 2))) return X_FAULT;
  uint32_t t = pn_micros();
  for (;;) {
    uint32_t irq;
    if (!read_reg_patient(PN_REG_IRQ_STATUS, &irq) || (irq & PN_IRQ_GENERAL_ERROR)) return X_FAULT;
    if (irq & PN_IRQ_RX) {
      uint32_t rx;
      if (!read_reg_patient(PN_REG_RX_STATUS, &rx)) return X_FAULT;
      uint16_t got = (uint16_t)(rx & PN_RX_BYTES_MASK);
      if ((rx & (PN_RX_COLLISION | PN_RX_INTEGRITY_ERROR | PN_RX_PROTOCOL_ERROR)) || got == 0 || got > 10)
        return X_GARBLED;
      uint8_t q[2] = {PN_READ_DATA, 0x00};
      if (!cmd(q, 2) || !ready()) return X_FAULT;
      pn_frame(reader, 0, 0, ans, (uint8_t)got);
      *len = (uint8_t)got;
      return X_ANSWER;
    }
    if (irq & PN_IRQ_TIMER1) return X_SILENT;
    if (pn_micros() - t > limitUs) return X_FAULT;
  }
}
