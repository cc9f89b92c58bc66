// hal_avr.cpp: hal.h on the Arduino Mega 2560 (hardware/README.md §5, §7, §9).
#include <Arduino.h>
#include <SPI.h>
#include <avr/eeprom.h>
#include <avr/io.h>
#include <avr/wdt.h>

#include "board.h"
#include "hal.h"
#include "hal_avr.h"

// ---- before main(): reset cause, watchdog off, stack painted ----------------

#define STACK_CANARY 0xC5
#define RESET_MAGIC 0x4B52     // "command": set before the watchdog reset of RESET
#define WATCHDOG_MAGIC 0x4857  // "watchdog": set by the watchdog's interrupt before its reset

uint8_t kete_mcusr __attribute__((section(".noinit")));
uint16_t kete_reset_magic __attribute__((section(".noinit")));
volatile uint16_t kete_stack_peak;

extern uint8_t _end;
extern uint8_t __stack;

// .init1 runs before the stack pointer and r1 are set up, so plain assembly:
// fill every byte from the end of .bss/.noinit (_end; no heap is used) up to the
// top of RAM with the canary. The stack then overwrites what it uses.
extern "C" void kete_stack_paint(void) __attribute__((naked, used, section(".init1")));
extern "C" void kete_stack_paint(void) {
  __asm volatile(
      "    ldi r30, lo8(_end)\n"
      "    ldi r31, hi8(_end)\n"
      "    ldi r24, %0\n"
      "    ldi r25, hi8(__stack)\n"
      "    rjmp 2f\n"
      "1:  st Z+, r24\n"
      "2:  cpi r30, lo8(__stack)\n"
      "    cpc r31, r25\n"
      "    brlo 1b\n"
      "    breq 1b\n" ::"M"(STACK_CANARY));
}

// .init3: r1 is zero and the stack works. Save and clear MCUSR, and stop the
// watchdog, before the C runtime and the core's init() run. After a watchdog
// reset (RESET's, or a hang's) the chip restarts with the watchdog still on at
// its shortest timeout, 16 ms: WDRF in MCUSR keeps WDE set, so WDE cannot be
// cleared until WDRF is. Left on, it would reset the chip again before setup()
// (clearing .bss and the core's init() take a while) — the reset loop that hung
// the Mega 2560's old stk500v2 bootloaders, which did not clear WDRF (the one
// shipped since 2012, Arduino issue #181, clears MCUSR and the watchdog itself,
// then starts the sketch at once after a watchdog reset, so on such a board the
// saved MCUSR is 0). The firmware's own watchdog is started by hal_init().
extern "C" void kete_early(void) __attribute__((naked, used, section(".init3")));
extern "C" void kete_early(void) {
  kete_mcusr = MCUSR;
  MCUSR = 0;
  wdt_disable();
}

// ---- the watchdog, always on ---------------------------------------------------------
//
// Interrupt-and-reset mode, 0.5 s (the longest legitimate loop pass is ≈ 14 ms; the
// rest of setup() under 10 ms, the boot counter's EEPROM bytes included; calibration
// records are written a byte per pass). A pass
// that does not come back within 0.5 s runs the interrupt below, which marks the
// reset in .noinit, so BOOT says "watchdog" even where a bootloader cleared
// MCUSR, and resets the chip 16 ms later. With interrupts off (a hang inside an
// ISR) the hardware clears WDIE at that first timeout and the next one resets
// (BOOT says "watchdog" from WDRF, or "other" behind a bootloader that cleared it).
#define WDT_TIMEOUT_BITS (_BV(WDP2) | _BV(WDP0))  // 0.5 s (64K cycles of the 128 kHz oscillator)

static void watchdog_start() {
  uint8_t sreg = SREG;
  cli();
  wdt_reset();
  // the timed sequence: WDCE and WDE, then the new value within four cycles
  __asm__ __volatile__(
      "sts %0, %1\n\t"
      "sts %0, %2\n\t" ::"n"(_SFR_MEM_ADDR(WDTCSR)),
      "r"((uint8_t)(_BV(WDCE) | _BV(WDE))), "r"((uint8_t)(_BV(WDIE) | _BV(WDE) | WDT_TIMEOUT_BITS)));
  SREG = sreg;
}

void hal_watchdog_kick() { wdt_reset(); }

uint8_t hal_boot_reason() {
  uint8_t r = kete_mcusr;
  uint8_t reason;
  if (r & _BV(PORF)) reason = BOOT_POWER;
  else if ((r & _BV(WDRF)) && kete_reset_magic == RESET_MAGIC) reason = BOOT_COMMAND;
  else if ((r & _BV(WDRF)) || kete_reset_magic == WATCHDOG_MAGIC) reason = BOOT_WATCHDOG;
  else if (r & _BV(BORF)) reason = BOOT_BROWNOUT;
  else if (r & _BV(EXTRF)) reason = BOOT_RESET;
  else if (kete_reset_magic == RESET_MAGIC) reason = BOOT_COMMAND;  // a bootloader cleared MCUSR
  else reason = BOOT_OTHER;
  kete_reset_magic = 0;
  return reason;
}

void hal_init() {
  watchdog_start();
  // buttons: PE4 (D2), PE5 (D3), inputs with pull-ups
  DDRE &= (uint8_t) ~(_BV(PE4) | _BV(PE5));
  PORTE |= _BV(PE4) | _BV(PE5);
#if defined(KETE_GEO_2X5P2)
  gems_pins();  // HX711s, readers and the LED chain of the Glassperlenspiel board (gems_avr.cpp)
#else
  // HX711 DOUT: PORTA, PORTC, PORTL, PORTK inputs with pull-ups
  DDRA = 0;
  PORTA = 0xFF;
  DDRC = 0;
  PORTC = 0xFF;
  DDRL = 0;
  PORTL = 0xFF;
  DDRK = 0;
  PORTK = 0xFF;
  // HX711 clocks: PH3..PH6 (D6..D9) outputs, low (high for > 60 µs powers the chips down)
  PORTH &= (uint8_t)~0x78;
  DDRH |= 0x78;
  // D13 (PB7) heartbeat LED
  DDRB |= _BV(PB7);
  PORTB &= (uint8_t)~_BV(PB7);
  // LED chain on hardware SPI: D51 MOSI, D52 SCK; D53 SS an output so SPI stays master
  DDRB |= _BV(PB0);
  SPI.begin();
#endif
  uart_begin(KETE_BAUD);
  GPIOR1 = 0;
  GPIOR2 = 0;
}

// The first timeout of a hung loop: say why in .noinit and reset within 16 ms.
ISR(WDT_vect) {
  kete_reset_magic = WATCHDOG_MAGIC;
  wdt_enable(WDTO_15MS);
  for (;;) {
  }
}

uint8_t hal_buttons() {
  uint8_t pins = PINE;
  return (uint8_t)(((pins & _BV(PE4)) ? 0 : 1) | ((pins & _BV(PE5)) ? 0 : 2));
}

// ---- stack monitor -------------------------------------------------------------------

static uint8_t* stackScan = &_end;

void hal_stack_monitor_step() {
  // 64 bytes a call: the lowest byte that is no longer the canary is the deepest
  // the stack (interrupts included) has reached since boot
  for (uint8_t i = 0; i < 64; i++) {
    if (stackScan > &__stack || *stackScan != STACK_CANARY) {
      uint16_t used = (uint16_t)(&__stack - stackScan + 1);
      if (stackScan > &__stack) used = 0;
      if (used > kete_stack_peak) {
        kete_stack_peak = used;
        GPIOR1 = (uint8_t)used;
        GPIOR2 = (uint8_t)(used >> 8);
      }
      stackScan = &_end;
      return;
    }
    stackScan++;
  }
}

// ---- hal.h ------------------------------------------------------------------------------

uint8_t hal_tx_room() { return uart_tx_room(); }

void hal_tx_write(const char* p, uint8_t n) { uart_write((const uint8_t*)p, n); }

bool hal_tx_done() { return uart_tx_empty(); }

void hal_eeprom_read(uint16_t addr, uint8_t* p, uint16_t n) { eeprom_read_block(p, (const void*)addr, n); }

void hal_eeprom_write_blocking(uint16_t addr, const uint8_t* p, uint16_t n) {
  eeprom_update_block(p, (void*)addr, n);
}

bool hal_eeprom_ready() { return eeprom_is_ready(); }

void hal_eeprom_write_byte(uint16_t addr, uint8_t v) { eeprom_write_byte((uint8_t*)addr, v); }

#if !defined(KETE_GEO_2X5P2)  // (2x5+2: a bit-banged chain, gems_avr.cpp)
void hal_led_begin() { SPI.beginTransaction(SPISettings(2000000, MSBFIRST, SPI_MODE0)); }
void hal_led_byte(uint8_t b) { SPI.transfer(b); }
void hal_led_end() { SPI.endTransaction(); }
#endif

void hal_status_led(bool on) {
  if (on) PORTB |= _BV(PB7);
  else PORTB &= (uint8_t)~_BV(PB7);
}

void hal_reboot() {
  uart_flush();
  kete_reset_magic = RESET_MAGIC;
  cli();
  wdt_enable(WDTO_15MS);
  for (;;) {
  }
}
