// fake_pn5180.cpp: twelve PN5180 readers on the bench, through inventory.h's
// pn_* (the same behaviour src/emulator/pn5180.ts gives the emulated Mega).
// Commands and registers per the PN5180A0XX_C3_C4 datasheet §11.4-§11.5;
// ISO 15693 inventory slots per ISO/IEC 15693-3 §8; air times per
// hardware/glassperlenspiel.md §4.1 (1-out-of-4 coding, 26.48 kbit/s answers).
#include <string.h>

#include "bench.h"
#include "gems.h"
#include "inventory.h"

#define T_BUSY_US 10         // BUSY after a register command (datasheet: µs)
#define T_BIT_US 37.76       // a reader bit, 1-out-of-4 coding
#define T_FRAME_US 113       // SOF + EOF of a reader frame (75.52 + 37.76 µs)
#define T1_US 320            // t1 = 4352 / 13.56 MHz
#define T_ANSWER_US 3740     // 96 bits at 26.48 kbit/s, SOF and EOF
#define T_EOF_US 76          // an EOF alone (the next slot)
#define T_NO_SOF_US 80       // no start of frame by t1 + this: the slot is empty

static Reader* cur(uint8_t r) { return &bench.readers[r]; }

bool pn_busy(uint8_t r) {
  Reader* d = cur(r);
  return d->stuck || bench.us < d->busyUntil;
}

uint32_t pn_micros() { return (uint32_t)(bench.us++); }  // spinning on it moves time

// The tags that answer slot `slot` of the current round over reader r.
static int answering(uint8_t r, Reader* d, int* which) {
  int n = 0;
  uint64_t lowMask = d->maskLen >= 64 ? ~0ull : ((1ull << d->maskLen) - 1);
  for (int i = 0; i < bench.ntags; i++) {
    const Tag* t = &bench.tags[i];
    if (t->place != r || t->dead) continue;
    if ((d->flags & ISO_FLAG_AFI) && d->afi != 0 && t->afi != d->afi) continue;  // AFI 0: every family
    if ((t->uid & lowMask) != d->mask) continue;
    if (d->slotsInRound == 16 && (int)((t->uid >> d->maskLen) & 15) != d->slot) continue;
    if (t->miss > 0 && bench.rand01() < t->miss) continue;
    *which = i;
    n++;
  }
  return n;
}

static void slot_outcome(uint8_t r, Reader* d, uint64_t sentAt) {
  int which = -1;
  int n = answering(r, d, &which);
  d->resultRx = 0;
  if (n == 0) {
    d->resultAt = sentAt + T1_US + T_NO_SOF_US;
    d->resultIrq = PN_IRQ_TIMER1;
    return;
  }
  d->resultAt = sentAt + T1_US + T_ANSWER_US;
  d->resultIrq = PN_IRQ_RX;
  if (n > 1) {
    d->resultRx = PN_RX_COLLISION | 10;
    return;
  }
  const Tag* t = &bench.tags[which];
  d->data[0] = 0;
  d->data[1] = t->dsfid;
  for (int k = 0; k < 8; k++) d->data[2 + k] = (uint8_t)(t->uid >> (8 * k));
  d->resultRx = 10;
}

static uint32_t irq_now(Reader* d) {
  uint32_t irq = d->regs[PN_REG_IRQ_STATUS];
  if (d->inRound && d->resultAt != 0 && bench.us >= d->resultAt) {
    irq |= d->resultIrq;
    d->regs[PN_REG_RX_STATUS] = d->resultRx;
    d->regs[PN_REG_IRQ_STATUS] = irq;
  }
  return irq;
}

void pn_frame(uint8_t r, const uint8_t* tx, uint8_t ntx, uint8_t* rx, uint8_t nrx) {
  Reader* d = cur(r);
  if (pn_busy(r)) bench.busyViolations++;  // a frame only while BUSY is low
  if (ntx == 0) {
    for (uint8_t i = 0; i < nrx; i++) rx[i] = i < d->npending ? d->pending[i] : 0xFF;
    d->npending = 0;
    return;
  }
  d->busyUntil = bench.us + T_BUSY_US;
  uint8_t op = tx[0];
  uint32_t v = ntx >= 6 ? (uint32_t)tx[2] | ((uint32_t)tx[3] << 8) | ((uint32_t)tx[4] << 16) | ((uint32_t)tx[5] << 24) : 0;
  switch (op) {
    case PN_WRITE_REGISTER:
      if (tx[1] == PN_REG_IRQ_CLEAR) {
        d->regs[PN_REG_IRQ_STATUS] &= ~v;
        d->resultAt = 0;
      }
      else d->regs[tx[1]] = v;
      break;
    case PN_WRITE_REGISTER_OR_MASK: d->regs[tx[1]] |= v; break;
    case PN_WRITE_REGISTER_AND_MASK: d->regs[tx[1]] &= v; break;
    case PN_READ_REGISTER: {
      uint32_t x = tx[1] == PN_REG_IRQ_STATUS ? irq_now(d) : d->regs[tx[1]];
      for (int k = 0; k < 4; k++) d->pending[k] = (uint8_t)(x >> (8 * k));
      d->npending = 4;
      break;
    }
    case PN_READ_DATA:
      memcpy(d->pending, d->data, 10);
      d->npending = 10;
      break;
    case PN_LOAD_RF_CONFIG: d->configured = tx[1] == PN_RF_TX_ISO15693 && tx[2] == PN_RF_RX_ISO15693; break;
    case PN_RF_ON:
      if (!d->rfOn) bench.fieldsOn++;
      if (bench.fieldsOn > bench.maxFieldsOn) bench.maxFieldsOn = bench.fieldsOn;
      d->rfOn = true;
      d->busyUntil = bench.us + 500;  // the field ramps up
      break;
    case PN_RF_OFF:
      if (d->rfOn) bench.fieldsOn--;
      d->rfOn = false;
      d->inRound = false;
      break;
    case PN_SEND_DATA: {
      bool transceive = (d->regs[PN_REG_SYSTEM_CONFIG] & 7) == 3;
      bool full = (d->regs[PN_REG_TX_CONFIG] & PN_TX_CONFIG_SOF_EOF) == PN_TX_CONFIG_SOF_EOF;
      if (!transceive || !d->rfOn || !d->configured) {
        d->regs[PN_REG_IRQ_STATUS] |= PN_IRQ_GENERAL_ERROR;
        break;
      }
      if (ntx == 2 && !(d->regs[PN_REG_TX_CONFIG] & PN_TX_CONFIG_SOF_EOF)) {
        if (!d->inRound || d->slot + 1 >= d->slotsInRound) {
          d->regs[PN_REG_IRQ_STATUS] |= PN_IRQ_GENERAL_ERROR;
          break;
        }
        d->slot++;
        slot_outcome(r, d, bench.us + T_EOF_US);
        break;
      }
      if (!full || ntx < 6 || tx[3] != ISO_CMD_INVENTORY) {
        d->regs[PN_REG_IRQ_STATUS] |= PN_IRQ_GENERAL_ERROR;
        break;
      }
      d->flags = tx[2];
      uint8_t at = 4;
      d->afi = (d->flags & ISO_FLAG_AFI) ? tx[at++] : 0;
      d->maskLen = tx[at++];
      d->mask = 0;
      for (uint8_t b = 0; b < d->maskLen; b = (uint8_t)(b + 8)) d->mask |= (uint64_t)tx[at++] << b;
      d->slotsInRound = (d->flags & ISO_FLAG_ONE_SLOT) ? 1 : 16;
      d->slot = 0;
      d->inRound = true;
      d->inventories++;
      uint32_t bits = (uint32_t)(ntx - 2) * 8 + 16;  // + CRC-16
      slot_outcome(r, d, bench.us + (uint64_t)(T_FRAME_US + bits * T_BIT_US));
      break;
    }
    default: d->regs[PN_REG_IRQ_STATUS] |= PN_IRQ_GENERAL_ERROR; break;
  }
}
