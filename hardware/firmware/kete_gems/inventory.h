// inventory.h: ISO 15693 inventories of one place through its PN5180
// (hardware/glassperlenspiel.md §4), as a state machine of short SPI steps so
// the main loop never waits for the air: each call of inv_step() does at most
// a few SPI frames (tens of µs) and returns.
//
// One inventory of a place: field on (RF_ON), 1 ms for the tags to power up
// (ISO/IEC 15693-3: a VICC is ready within 1 ms of the field), then a 1-slot
// inventory when the place lists at most one gem, else 16 slots; slots where
// answers collide are resolved by 16-slot rounds masked with the slot's four
// UID bits (ISO/IEC 15693-3 §8 anti-collision), then the field off. Requests
// carry the board's AFI (GEM_AFI), so foreign tags stay silent; an answer's
// DSFID names the gem (gems.h); a tag with a foreign DSFID is ignored.
//
// PN5180 host interface (NXP PN5180A0XX_C3_C4 datasheet, §11.4 "Host
// interface"): an SPI frame per command with NSS low, the command byte first;
// BUSY high from the end of a frame until the chip has processed it, and a
// frame may only start while BUSY is low. A response (READ_REGISTER,
// READ_DATA) is clocked out in a second frame once BUSY is low again.
// Portable: the SPI and BUSY lines through pn_* (gems_avr.cpp on the Mega,
// test/gems/fake_pn5180.cpp natively).
#ifndef KETE_INVENTORY_H
#define KETE_INVENTORY_H

#include <stdint.h>

// PN5180 commands (datasheet §11.4.3.3) and registers (§11.5)
#define PN_WRITE_REGISTER 0x00
#define PN_WRITE_REGISTER_OR_MASK 0x01
#define PN_WRITE_REGISTER_AND_MASK 0x02
#define PN_READ_REGISTER 0x04
#define PN_SEND_DATA 0x09
#define PN_READ_DATA 0x0A
#define PN_LOAD_RF_CONFIG 0x11
#define PN_RF_ON 0x16
#define PN_RF_OFF 0x17
#define PN_REG_SYSTEM_CONFIG 0x00
#define PN_REG_IRQ_STATUS 0x02
#define PN_REG_IRQ_CLEAR 0x03
#define PN_REG_RX_STATUS 0x13
#define PN_REG_TX_CONFIG 0x18
#define PN_IRQ_RX (1ul << 0)
#define PN_IRQ_TIMER1 (1ul << 12)  // no answer within the receive timeout
#define PN_IRQ_GENERAL_ERROR (1ul << 17)
#define PN_RX_BYTES_MASK 0x1FFul   // RX_STATUS bits 0-8: bytes received
#define PN_RX_INTEGRITY_ERROR (1ul << 16)
#define PN_RX_PROTOCOL_ERROR (1ul << 17)
#define PN_RX_COLLISION (1ul << 18)
#define PN_TX_CONFIG_SOF_EOF 0x4C0ul  // TX_CONFIG bits 6, 7, 10: a frame with start and data (cleared: EOF only)
// LOAD_RF_CONFIG for ISO 15693, ASK 100 %, 26 kbit/s (datasheet, RF configuration table)
#define PN_RF_TX_ISO15693 0x0D
#define PN_RF_RX_ISO15693 0x8D

// ISO 15693 request flags (ISO/IEC 15693-3 §7.3.1): high data rate, inventory, AFI present, one slot
#define ISO_FLAG_HIGH_RATE 0x02
#define ISO_FLAG_INVENTORY 0x04
#define ISO_FLAG_AFI 0x10
#define ISO_FLAG_ONE_SLOT 0x20
#define ISO_CMD_INVENTORY 0x01

#define INV_FIELD_ON_US 1000ul     // tags powered (ISO/IEC 15693-3)
#define INV_SLOT_LIMIT_US 20000ul  // a slot that neither answers nor times out: the reader is faulty
#define INV_BUSY_LIMIT_US 100000ul // BUSY high this long: the reader is faulty (glassperlenspiel.md §6.1)
#define INV_MASKS 8                // collided slots waiting for their masked round

// What the hardware layer provides (one reader selected at a time by its NSS).
bool pn_busy(uint8_t reader);
// One SPI frame: NSS low, ntx bytes out, then nrx bytes in (0xFF out), NSS high.
void pn_frame(uint8_t reader, const uint8_t* tx, uint8_t ntx, uint8_t* rx, uint8_t nrx);
uint32_t pn_micros();

enum InvResult { INV_RUNNING = 0, INV_DONE, INV_FAULT };

// Sets up a reader for ISO 15693 (LOAD_RF_CONFIG); blocking, at boot. False: it never answered.
bool inv_init_reader(uint8_t reader);
// Starts an inventory of `reader`; oneSlot: a 1-slot inventory first.
void inv_start(uint8_t reader, bool oneSlot, uint32_t nowMs);
bool inv_running();
uint8_t inv_reader();
// One step. INV_DONE: inv_read() holds the gems read (bit g), inv_began() when
// the inventory began (ms); INV_FAULT: the reader stopped answering.
InvResult inv_step(uint32_t nowMs);
uint16_t inv_read();
uint32_t inv_began();
// Diagnostics: slots and rounds of the last inventory, its length in µs.
uint8_t inv_slots();
uint32_t inv_last_us();

// ---- blocking exchanges, for enrolment only (glassperlenspiel.md §5.3: the
// main loop is not running, nothing else waits; never while an inventory runs)
enum XOutcome { X_SILENT = 0, X_ANSWER, X_GARBLED, X_FAULT };
// The reader's field on (then the tags' 1 ms to power up) or off. False: BUSY stuck.
bool inv_field(uint8_t reader, bool on);
// One ISO 15693 request of n bytes (flags first; the reader adds the CRC-16),
// or with n = 0 the EOF alone that opens an inventory's next slot; then waits
// up to limitUs for its outcome: X_ANSWER with the answer's bytes (CRC
// removed, at most 10) in ans and their number in *len; X_SILENT no answer
// (the receive timeout); X_GARBLED answers that collided or failed their CRC;
// X_FAULT the reader did not answer or reported an error.
XOutcome inv_exchange(uint8_t reader, const uint8_t* req, uint8_t n, uint8_t* ans, uint8_t* len, uint32_t limitUs);

#endif
