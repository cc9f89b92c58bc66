// uart_avr.cpp: the firmware's own USART0 driver (PROTOCOL.md §2).
//
// Why not the Arduino core's Serial: its receive ring is SERIAL_RX_BUFFER_SIZE
// bytes, 64 unless the build defines more, and the Arduino IDE and arduino-cli
// give no way to define it for a sketch. 64 bytes last 5.5 ms at 115200 baud,
// while a main-loop pass that sends an LED frame during sowing takes up to
// ≈ 14 ms: a 201-byte LED command then loses bytes (on the emulator 11 of 150
// were acknowledged, 131 answered ERR rx-*). This driver has its own 256-byte
// receive ring, whatever the build's defines, and the sketch never names
// Serial, so the core's HardwareSerial0.cpp (its object, rings and USART0
// interrupts) is never pulled out of the core archive. Should anything name
// Serial again, the link fails with "multiple definition of `__vector_25'"
// (USART0_RX_vect) rather than building a board that drops commands.
#include <avr/interrupt.h>
#include <avr/io.h>
#include <util/atomic.h>

#include "hal_avr.h"

#define RX_SIZE 256  // uint8_t indices wrap by themselves
#define TX_SIZE 64   // as the core's: the board writes only what hal_tx_room() allows

static volatile uint8_t rxBuf[RX_SIZE];
static volatile uint8_t rxHead;  // written by the ISR
static volatile uint8_t rxTail;  // written by uart_read
static volatile uint8_t txBuf[TX_SIZE];
static volatile uint8_t txHead;  // written by uart_write
static volatile uint8_t txTail;  // written by the ISR
static volatile bool txWritten;  // a byte went out since uart_begin (flush waits for TXC only then)

#if RX_SIZE != 256
#error "rxHead/rxTail wrap as uint8_t: RX_SIZE must be 256"
#endif

// A received byte: into the ring, or dropped when the ring is full (the line it
// belongs to then fails its checksum or length, and the board answers ERR rx-*).
ISR(USART0_RX_vect) {
  uint8_t status = UCSR0A;
  uint8_t c = UDR0;
  if (status & _BV(UPE0)) return;  // parity is off; as the core, a byte with a parity error is dropped
  uint8_t next = (uint8_t)(rxHead + 1);
  if (next != rxTail) {
    rxBuf[rxHead] = c;
    rxHead = next;
  }
}

// The next byte of the transmit ring into UDR0 (the ISR, or uart_write and
// uart_flush by hand when interrupts are off: an ISR called as a function would
// return with RETI and turn them on).
static inline void txNext() {
  uint8_t t = txTail;
  UDR0 = txBuf[t];
  t = (uint8_t)((t + 1) % TX_SIZE);
  txTail = t;
  // clear TXC (written as 1) so uart_flush waits for this byte's stop bit
  UCSR0A = (uint8_t)((UCSR0A & _BV(U2X0)) | _BV(TXC0));
  if (t == txHead) UCSR0B &= (uint8_t)~_BV(UDRIE0);
}

ISR(USART0_UDRE_vect) { txNext(); }

void uart_begin(uint32_t baud) {
  // U2X, as the core's Serial.begin: UBRR = (F_CPU / 4 / baud - 1) / 2
  // (115200 → 16: 117,647 baud, +2.1 %; 250000 → 7: exact)
  uint16_t ubrr = (uint16_t)((F_CPU / 4 / baud - 1) / 2);
  UCSR0B = 0;
  UCSR0A = _BV(U2X0);
  UBRR0H = (uint8_t)(ubrr >> 8);
  UBRR0L = (uint8_t)ubrr;
  UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);  // 8N1
  rxHead = rxTail = 0;
  txHead = txTail = 0;
  txWritten = false;
  UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

uint8_t uart_available() { return (uint8_t)(rxHead - rxTail); }

int16_t uart_read() {
  uint8_t t = rxTail;
  if (t == rxHead) return -1;
  uint8_t c = rxBuf[t];
  rxTail = (uint8_t)(t + 1);
  return c;
}

uint8_t uart_tx_room() {
  uint8_t used = (uint8_t)((txHead + TX_SIZE - txTail) % TX_SIZE);
  return (uint8_t)(TX_SIZE - 1 - used);
}

void uart_write(const uint8_t* p, uint8_t n) {
  while (n-- > 0) {
    uint8_t c = *p++;
    txWritten = true;
    // An empty ring and an empty data register: straight out, as the core does.
    if (txHead == txTail && (UCSR0A & _BV(UDRE0))) {
      ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
        UDR0 = c;
        UCSR0A = (uint8_t)((UCSR0A & _BV(U2X0)) | _BV(TXC0));
      }
      continue;
    }
    uint8_t next = (uint8_t)((txHead + 1) % TX_SIZE);
    while (next == txTail) {
      // full (the board never asks for more than uart_tx_room(), but be safe):
      // with interrupts off, move a byte by hand
      if (bit_is_clear(SREG, SREG_I) && (UCSR0A & _BV(UDRE0))) txNext();
    }
    txBuf[txHead] = c;
    ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
      txHead = next;
      UCSR0B |= _BV(UDRIE0);
    }
  }
}

bool uart_tx_empty() { return txHead == txTail; }

void uart_flush() {
  while (!(txHead == txTail && (!txWritten || (UCSR0A & _BV(TXC0))))) {
    if (bit_is_clear(SREG, SREG_I) && (UCSR0B & _BV(UDRIE0)) && (UCSR0A & _BV(UDRE0))) txNext();
  }
}
