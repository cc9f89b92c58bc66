// board.cpp: the session core of every board (board.h, PROTOCOL.md): lines in
// and out, answers, link errors, heartbeats, buttons, LEDs, the transmit pump,
// the EEPROM pump and the reboot. What a place reads, how it is calibrated and
// stored is the places module's (places.h): places_cells.cpp for the boards
// that weigh (4x8, 2x5+2), kete_abalone/places_hall.cpp for hex61.
// Portable: no AVR headers.
#include "board.h"

#include "buttons.h"
#include "hal.h"
#include "linefmt.h"
#include "pgm.h"
#include "places.h"

// ---- state -----------------------------------------------------------------

enum AnswerKind { ANS_ACK = 1, ANS_NAK, ANS_INFO, ANS_SNAP, ANS_CALGET, ANS_RESET };
struct Answer {
  uint8_t id;
  uint8_t kind;
  uint8_t nak;
  uint8_t step;  // ANS_CALGET: next pit; others: 0 = data line next, 1 = ACK next
};
#define ANSWERS 4

enum LinkErr { LERR_OVERFLOW = 1, LERR_CHECKSUM, LERR_SYNTAX, LERR_HOST_TIMEOUT };
#define LINK_ERRS 4
#define BTN_EVENTS 8

static BoardCaps caps;
static LineAssembler rx;
static LineWriter tx;
static uint8_t txSent;  // bytes of tx.buf already handed to the UART; tx.len == 0: nothing to send
static bool lineWaiting;  // rx holds a complete line that could not be answered yet

static uint8_t seq;
static uint16_t bootCount;
static uint8_t bootReason;
static bool bootPending, firstHbPending, rebootPending;
static uint32_t nextHbAt, secondAt, uptimeS, statusLedOffAt;
static bool statusLedOn;

static uint16_t deb, interval;
static uint32_t lastHostAt;
static bool hostLost;

static uint8_t leds[KETE_PITS];
static bool ledsDirty, ledsAnimated;
static uint32_t lastLedAt;

static bool haveScan, snapSent;
static uint32_t lastChangeSnapAt, lastSnapAt;

static Answer answers[ANSWERS];
static uint8_t ansHead, ansCount;
static uint8_t linkErrs[LINK_ERRS];
static uint8_t errHead, errCount;
static uint8_t btnEvents[BTN_EVENTS];  // button number | 0x80 when pressed
static uint8_t btnHead, btnCount;
static Debouncer buttons[2];
static PlaceMask calNeededMask;  // ERR calibration-needed still to send
static PlaceMask faultErrMask;   // ERR sensor-fault still to send

static uint8_t jobId;      // the TARE/CAL being done (places_calibrating())
static PlaceMask eeDirty;  // calibration records to write
static uint8_t eePit, eeByte, eeLen;
static uint8_t eeRec[PLACE_RECORD_MAX];  // the record being written
static bool eeLoaded;                    // eeRec holds pit eePit's record, written up to eeByte

// ---- small helpers -------------------------------------------------------------

BoardCaps board_default_caps() {
  BoardCaps c;
  c.colours = 0x7F;   // R G B Y C M W
  c.patterns = 0x0F;  // S B F P
  c.calibration = true;
  c.protoMin = 1;
  return c;
}

void board_set_caps(const BoardCaps* c) { caps = *c; }

static void drop_line() {
  if (!bootPending) seq++;  // a line the board meant to send still consumes its number
}

static void push_answer(uint8_t id, uint8_t kind, uint8_t nak) {
  if (ansCount >= ANSWERS) {  // not reached: input waits while the queue is full
    drop_line();
    return;
  }
  Answer* a = &answers[(ansHead + ansCount) % ANSWERS];
  a->id = id;
  a->kind = kind;
  a->nak = nak;
  a->step = 0;
  ansCount++;
}

static void push_link_err(uint8_t code) {
  if (errCount >= LINK_ERRS) {
    drop_line();
    return;
  }
  linkErrs[(errHead + errCount) % LINK_ERRS] = code;
  errCount++;
}

static void push_btn(uint8_t ev) {
  if (btnCount >= BTN_EVENTS) {
    drop_line();
    return;
  }
  btnEvents[(btnHead + btnCount) % BTN_EVENTS] = ev;
  btnCount++;
}

static void set_all_leds(uint8_t state) {
  for (uint8_t i = 0; i < KETE_PITS; i++) leds[i] = state;
  ledsDirty = true;
  ledsAnimated = leds_animated(leds);
}

// ---- boot --------------------------------------------------------------------

void board_begin(uint8_t reason, uint32_t now) {
  if (caps.protoMin == 0) caps = board_default_caps();
  la_reset(&rx);
  tx.len = 0;
  txSent = 0;
  lineWaiting = false;
  seq = 0;
  bootReason = reason;
  bootPending = true;
  firstHbPending = true;
  rebootPending = false;
  nextHbAt = now + HB_PERIOD_MS;
  secondAt = now;
  uptimeS = 0;
  statusLedOn = false;
  statusLedOffAt = now;
  deb = 200;
  interval = 2000;
  lastHostAt = now;
  hostLost = false;
  haveScan = false;
  snapSent = false;
  lastChangeSnapAt = now - CHANGE_SNAP_MIN_MS;
  lastSnapAt = now;
  ansHead = ansCount = errHead = errCount = btnHead = btnCount = 0;
  deb_reset(&buttons[0]);
  deb_reset(&buttons[1]);
  eeDirty = 0;
  eePit = eeByte = 0;
  eeLoaded = false;
  faultErrMask = 0;

  uint8_t b[2];
  hal_eeprom_read(EE_BOOT_COUNTER, b, 2);
  bootCount = (uint16_t)(b[0] | (b[1] << 8));
  bootCount++;  // 65535 wraps to 0; a fresh EEPROM (0xFFFF) gives 0
  b[0] = (uint8_t)bootCount;
  b[1] = (uint8_t)(bootCount >> 8);
  hal_eeprom_write_blocking(EE_BOOT_COUNTER, b, 2);

  calNeededMask = places_begin(now);
  if (caps.colours != 0) set_all_leds(LED_OFF);  // the chain may still show the last session's
  else ledsDirty = false;
  lastLedAt = now;
}

// ---- input -----------------------------------------------------------------------

bool board_rx_ready() { return !lineWaiting && !rebootPending; }

static void execute(const Command* c, uint32_t now);

static void handle_line(uint32_t now) {
  if (ansCount >= ANSWERS) {
    lineWaiting = true;  // answered once the queue has room
    return;
  }
  lineWaiting = false;
  Command cmd;
  LineVerdict v = parse_host_line(rx.buf, rx.len, &caps, places_calibrating(), &cmd);
  rx.len = 0;
  switch (v) {
    case LV_IGNORE: return;
    case LV_CHECKSUM: push_link_err(LERR_CHECKSUM); return;
    case LV_SYNTAX: push_link_err(LERR_SYNTAX); return;
    case LV_NAK:
      lastHostAt = now;
      hostLost = false;
      push_answer(cmd.id, ANS_NAK, cmd.nak);
      return;
    case LV_COMMAND:
      lastHostAt = now;
      hostLost = false;
      execute(&cmd, now);
      return;
  }
}

void board_rx_byte(uint8_t b, uint32_t now) {
  if (lineWaiting || rebootPending) return;  // callers check board_rx_ready() first
  RxEvent e = la_byte(&rx, b);
  if (e == RX_OVERFLOW) push_link_err(LERR_OVERFLOW);
  else if (e == RX_LINE) handle_line(now);
}

static void execute(const Command* c, uint32_t now) {
  switch (c->kind) {
    // INFO in the highest protocol version both speak (PROTOCOL.md §6.2): the
    // answer's third byte carries it (no NAK reason rides on an INFO).
    case CMD_HELLO: push_answer(c->id, ANS_INFO, c->version < KETE_PROTO ? c->version : KETE_PROTO); return;
    case CMD_PING: push_answer(c->id, ANS_ACK, 0); return;
    case CMD_SNAP: push_answer(c->id, ANS_SNAP, 0); return;
    case CMD_CALGET: push_answer(c->id, ANS_CALGET, 0); return;
    case CMD_RESET: push_answer(c->id, ANS_RESET, 0); return;
    case CMD_CFG:
      if (c->deb >= 0) deb = (uint16_t)c->deb;
      if (c->interval >= 0) interval = (uint16_t)c->interval;
      push_answer(c->id, ANS_ACK, 0);
      return;
    case CMD_LED:
      for (uint8_t i = 0; i < KETE_PITS; i++)
        if (c->ledMask & ((PlaceMask)1 << i)) leds[i] = c->ledStates[i];
      ledsDirty = true;
      ledsAnimated = leds_animated(leds);
      push_answer(c->id, ANS_ACK, 0);
      return;
    case CMD_LEDALL:
      set_all_leds(c->ledState);
      push_answer(c->id, ANS_ACK, 0);
      return;
    case CMD_CLR:
      set_all_leds(LED_OFF);
      push_answer(c->id, ANS_ACK, 0);
      return;
    case CMD_TARE:
    case CMD_CAL: {
      uint8_t nak = places_cal_start(c, now);
      if (nak != 0) {
        push_answer(c->id, ANS_NAK, nak);
        return;
      }
      jobId = c->id;  // ACK or NAK when it ends (session_cal_done)
      return;
    }
  }
}

// ---- what the places tell -------------------------------------------------------------

void session_cal_done(bool ok, PlaceMask done) {
  if (!ok) {
    push_answer(jobId, ANS_NAK, NAK_BAD_ARGS);
    return;
  }
  for (uint8_t i = 0; i < KETE_PITS; i++)
    if ((done & ((PlaceMask)1 << i)) && places_cal_ok(i)) calNeededMask &= ~((PlaceMask)1 << i);
  // ACK now; the records go to EEPROM in the background, one byte per loop pass
  // (3.4 ms a byte: too long to wait for within the protocol's 2000 ms). RESET
  // waits for them; a power cut meanwhile leaves a record with a bad checksum,
  // i.e. that place uncalibrated (need), never a wrong one.
  eeDirty |= done;
  push_answer(jobId, ANS_ACK, 0);
}

void session_faults(PlaceMask m) { faultErrMask |= m; }

void session_scan_done(PlaceMask faults) {
  faultErrMask |= faults;
  haveScan = true;
}

void board_buttons(uint8_t pressed, uint32_t now) {
  (void)now;
  for (uint8_t b = 0; b < 2; b++) {
    char e = deb_sample(&buttons[b], (pressed >> b) & 1);
    if (e != 0) push_btn((uint8_t)((b + 1) | (e == 'P' ? 0x80 : 0)));
  }
}

// ---- output ------------------------------------------------------------------------

static void begin_line() { lw_begin(&tx, seq); }

static void end_line() {
  lw_end(&tx);
  seq++;
  txSent = 0;
}

static void fmt_snapshot(char reason, uint32_t now) {
  bool all = true;  // every place settled or faulty
  uint8_t settled[(KETE_PITS + 7) / 8];  // bytes: no 64-bit shifts per place on hex61
  for (uint8_t b = 0; b < sizeof settled; b++) settled[b] = 0;
  for (uint8_t i = 0; i < KETE_PITS; i++) {
    if (places_settled(i, now, deb)) settled[i >> 3] |= (uint8_t)(1u << (i & 7));
    else if (!places_faulty(i)) all = false;
  }
  begin_line();
  lw_str(&tx, KETE_STR("SNAP " KETE_GEO_NAME " "));
  lw_char(&tx, reason);
  lw_char(&tx, ' ');
  lw_char(&tx, all ? 'S' : 'U');
  lw_char(&tx, ' ');
#if KETE_PITS <= 12
  lw_hex3(&tx, (uint16_t)(settled[0] | (settled[1] << 8)));
#elif KETE_PITS <= 32
  lw_hex8(&tx, settled[0] | ((uint32_t)settled[1] << 8) | ((uint32_t)settled[2] << 16) | ((uint32_t)settled[3] << 24));
#else
  for (uint8_t b = sizeof settled; b-- > 0;) lw_hex2(&tx, settled[b]);  // 16 digits, bit 0 = A1
#endif
  lw_char(&tx, ' ');
  for (uint8_t i = 0; i < KETE_PITS; i++) places_cell(&tx, i);
  end_line();
  places_sent(now, deb);
  snapSent = true;
  lastSnapAt = now;
  if (reason == 'C') lastChangeSnapAt = now;
}

static bool state_changed(uint32_t now) { return !snapSent || places_changed(now, deb); }

static void fmt_info(uint8_t proto) {
  begin_line();
  lw_str(&tx, KETE_STR("INFO proto="));
  lw_uint(&tx, proto);
  lw_str(&tx, KETE_STR(" fw=" FW_VERSION " id=" KETE_BOARD_ID " geo=" KETE_GEO_NAME " boot="));
  lw_uint(&tx, bootCount);
  lw_str(&tx, KETE_STR(" max="));
  lw_uint(&tx, KETE_MAX_COUNT);
  lw_str(&tx, KETE_STR(" leds="));
  if (caps.colours == 0) lw_char(&tx, '-');
  for (uint8_t c = 0; c < 7; c++)
    if (caps.colours & (1 << c)) lw_char(&tx, "RGBYCMW"[c]);
  lw_str(&tx, KETE_STR(" pat="));
  if (caps.colours == 0 || caps.patterns == 0) lw_char(&tx, '-');
  else
    for (uint8_t p = 0; p < 4; p++)
      if (caps.patterns & (1 << p)) lw_char(&tx, "SBFP"[p]);
  lw_str(&tx, KETE_STR(" btn=2 cal="));
  lw_char(&tx, caps.calibration ? '1' : '0');
  lw_str(&tx, KETE_STR(" deb="));
  lw_uint(&tx, deb);
  lw_str(&tx, KETE_STR(" int="));
  lw_uint(&tx, interval);
  // Protocol 2: the marbles this board's holes tell (geometry.h; `-` without holes).
  if (proto >= 2) lw_str(&tx, KETE_STR(" holes=" KETE_HOLES));
  end_line();
}

static void fmt_ack(uint8_t id) {
  begin_line();
  lw_str(&tx, KETE_STR("ACK "));
  lw_hex2(&tx, id);
  end_line();
}

static const char* nak_text(uint8_t code) {
  switch (code) {
    case NAK_UNKNOWN_COMMAND: return KETE_STR("unknown-command");
    case NAK_BAD_PIT: return KETE_STR("bad-pit");
    case NAK_UNSUPPORTED: return KETE_STR("unsupported");
    case NAK_BUSY: return KETE_STR("busy");
    case NAK_VERSION: return KETE_STR("version");
    default: return KETE_STR("bad-args");
  }
}

static void fmt_nak(uint8_t id, uint8_t code) {
  begin_line();
  lw_str(&tx, KETE_STR("NAK "));
  lw_hex2(&tx, id);
  lw_char(&tx, ' ');
  lw_str(&tx, nak_text(code));
  end_line();
}

static void fmt_hb() {
  begin_line();
  lw_str(&tx, KETE_STR("HB "));
  lw_uint(&tx, bootCount);
  lw_char(&tx, ' ');
  lw_uint(&tx, uptimeS);
  end_line();
}

static void fmt_pit_err(const char* what, uint8_t pit) {
  begin_line();
  lw_str(&tx, KETE_STR("ERR "));
  lw_str(&tx, what);
  lw_char(&tx, ' ');
  lw_pit(&tx, pit);
  end_line();
}

static void fmt_link_err(uint8_t code) {
  begin_line();
  lw_str(&tx, KETE_STR("ERR "));
  switch (code) {
    case LERR_OVERFLOW: lw_str(&tx, KETE_STR("rx-overflow")); break;
    case LERR_CHECKSUM: lw_str(&tx, KETE_STR("rx-checksum")); break;
    case LERR_SYNTAX: lw_str(&tx, KETE_STR("rx-syntax")); break;
    default: lw_str(&tx, KETE_STR("host-timeout")); break;
  }
  end_line();
}

static void fmt_calr(uint8_t pit) {
  begin_line();
  lw_str(&tx, KETE_STR("CALR "));
  lw_pit(&tx, pit);
  if (places_faulty(pit)) lw_str(&tx, KETE_STR(" fault "));
  else if (places_cal_ok(pit)) lw_str(&tx, KETE_STR(" ok "));
  else lw_str(&tx, KETE_STR(" need "));
  lw_uint(&tx, places_calr_raw(pit));
  end_line();
}

static uint8_t lowest_bit(PlaceMask m) {
  uint8_t i = 0;
  while (!(m & 1)) {
    m >>= 1;
    i++;
  }
  return i;
}

// One step of the current answer; returns true when a line was formatted.
static void fmt_answer(uint32_t now) {
  Answer* a = &answers[ansHead];
  bool done = true;
  switch (a->kind) {
    case ANS_ACK: fmt_ack(a->id); break;
    case ANS_NAK: fmt_nak(a->id, a->nak); break;
    case ANS_RESET:
      fmt_ack(a->id);
      rebootPending = true;
      break;
    case ANS_INFO:
    case ANS_SNAP:
      if (a->step == 0) {
        if (a->kind == ANS_INFO) fmt_info(a->nak);
        else fmt_snapshot('R', now);
        a->step = 1;
        done = false;
      } else {
        fmt_ack(a->id);
      }
      break;
    case ANS_CALGET:
      if (a->step < KETE_PITS) {
        fmt_calr(a->step++);
        done = false;
      } else {
        fmt_ack(a->id);
      }
      break;
  }
  if (done) {
    ansHead = (uint8_t)((ansHead + 1) % ANSWERS);
    ansCount--;
  }
}

// Formats the next line into tx, by priority. Returns false when nothing is due.
static bool next_line(uint32_t now) {
  if (bootPending) {
    lw_begin(&tx, 0);
    lw_str(&tx, KETE_STR("BOOT "));
    lw_uint(&tx, bootCount);
    lw_char(&tx, ' ');
    static const char* const REASONS[] = {"power", "reset", "watchdog", "brownout", "command", "other"};
    lw_ram(&tx, REASONS[bootReason <= (uint8_t)BOOT_OTHER ? bootReason : (uint8_t)BOOT_OTHER]);
    seq = 0;
    end_line();
    // A lone LF first (PROTOCOL.md §2: an empty line is ignored): a reset cuts
    // off the line the board was sending, and the LF ends that fragment so the
    // host does not read it glued to BOOT (whose CRC would then fail).
    if (tx.len < KETE_TXBUF_SIZE - 1) {
      for (uint8_t i = tx.len; i > 0; i--) tx.buf[i] = tx.buf[i - 1];
      tx.buf[0] = '\n';
      tx.len++;
    }
    bootPending = false;
    return true;
  }
  if (firstHbPending) {
    fmt_hb();
    firstHbPending = false;
    return true;
  }
  if ((int32_t)(now - nextHbAt) >= 0) {
    nextHbAt += HB_PERIOD_MS;
    if ((int32_t)(now - nextHbAt) >= 0) nextHbAt = now + HB_PERIOD_MS;  // fell behind: no burst
    fmt_hb();
    hal_status_led(true);
    statusLedOn = true;
    statusLedOffAt = now + 100;
    return true;
  }
  if (errCount > 0) {
    uint8_t code = linkErrs[errHead];
    errHead = (uint8_t)((errHead + 1) % LINK_ERRS);
    errCount--;
    fmt_link_err(code);
    return true;
  }
  if (ansCount > 0) {
    fmt_answer(now);
    return true;
  }
  if (faultErrMask != 0) {
    uint8_t i = lowest_bit(faultErrMask);
    faultErrMask &= ~((PlaceMask)1 << i);
    if (places_faulty(i)) {
      places_fault_sent(i);
      fmt_pit_err(KETE_STR("sensor-fault"), i);
      return true;
    }
  }
  if (btnCount > 0) {
    uint8_t ev = btnEvents[btnHead];
    btnHead = (uint8_t)((btnHead + 1) % BTN_EVENTS);
    btnCount--;
    begin_line();
    lw_str(&tx, KETE_STR("BTN "));
    lw_uint(&tx, ev & 0x7F);
    lw_char(&tx, ' ');
    lw_char(&tx, (ev & 0x80) ? 'P' : 'R');
    end_line();
    return true;
  }
  if (haveScan) {
    if (now - lastChangeSnapAt >= CHANGE_SNAP_MIN_MS && state_changed(now)) {
      fmt_snapshot('C', now);
      return true;
    }
    if (interval != 0 && now - lastSnapAt >= interval) {
      fmt_snapshot('P', now);
      return true;
    }
  }
  if (calNeededMask != 0) {
    uint8_t i = lowest_bit(calNeededMask);
    calNeededMask &= ~((PlaceMask)1 << i);
    fmt_pit_err(KETE_STR("calibration-needed"), i);
    return true;
  }
  return false;
}

static void pump_tx(uint32_t now) {
  for (uint8_t guard = 0; guard < 4; guard++) {
    if (tx.len == 0 || txSent >= tx.len) {
      tx.len = 0;
      if (rebootPending) return;
#if KETE_HALL
      // one new line a pass: a snapshot of 61 holes takes up to 2 ms to format (abalone.md §8)
      if (guard > 0) return;
#endif
      if (!next_line(now)) return;
    }
    uint8_t room = hal_tx_room();
    if (room == 0) return;
    uint8_t left = (uint8_t)(tx.len - txSent);
    uint8_t n = left < room ? left : room;
    hal_tx_write(tx.buf + txSent, n);
    txSent = (uint8_t)(txSent + n);
    if (txSent < tx.len) return;
  }
}

static void pump_eeprom() {
  if (!hal_eeprom_ready()) return;
  if (!eeLoaded) {
    if (eeDirty == 0) return;
    while (!(eeDirty & ((PlaceMask)1 << eePit))) eePit = (uint8_t)((eePit + 1) % KETE_PITS);
    eeLen = places_record(eePit, eeRec);
    eeDirty &= ~((PlaceMask)1 << eePit);
    eeByte = 0;
    eeLoaded = true;
  }
  for (; eeByte < eeLen; eeByte++) {
    uint16_t addr = (uint16_t)(places_record_addr(eePit) + eeByte);
    uint8_t old;
    hal_eeprom_read(addr, &old, 1);
    if (old != eeRec[eeByte]) {
      hal_eeprom_write_byte(addr, eeRec[eeByte]);
      eeByte++;
      return;  // one byte per pass: the write takes 3.4 ms and must not block the loop
    }
  }
  eeLoaded = false;
}

static void led_emit(uint8_t b) { hal_led_byte(b); }

void board_poll(uint32_t now) {
  if (lineWaiting && ansCount < ANSWERS) handle_line(now);
  // the clock: uptime, and once a second fault retries and zero tracking
  while (now - secondAt >= 1000) {
    secondAt += 1000;
    uptimeS++;
    places_second(now, deb);
  }
  places_poll(now, deb);
  if (statusLedOn && (int32_t)(now - statusLedOffAt) >= 0) {
    hal_status_led(false);
    statusLedOn = false;
  }
  if (!hostLost && (int32_t)(now - lastHostAt) >= HOST_TIMEOUT_MS) {
    hostLost = true;
    if (caps.colours != 0) set_all_leds(LED_OFF);
    push_link_err(LERR_HOST_TIMEOUT);
  }
  pump_eeprom();
  if (caps.colours != 0 && (ledsDirty || (ledsAnimated && now - lastLedAt >= LED_REFRESH_MS))) {
    ledsDirty = false;
    lastLedAt = now;
    hal_led_begin();
    led_frame(leds, now, led_emit);
    hal_led_end();
#if KETE_HALL
    return;  // the next line waits for the next pass: no pass holds a frame and a snapshot
#endif
  }
  pump_tx(now);
  if (rebootPending && tx.len == 0 && eeDirty == 0 && !eeLoaded && hal_tx_done()) {
    hal_reboot();           // does not return on the board
    rebootPending = false;  // (the native tests' fake does)
  }
}

BoardView board_view() {
  BoardView v;
  v.pits = 0;
  v.cals = 0;
  places_view(&v);
  v.leds = leds;
  v.deb = deb;
  v.interval = interval;
  v.bootCount = bootCount;
  v.seq = seq;
  v.hostLost = hostLost;
  v.calibrating = places_calibrating();
  return v;
}
