// hal_avr.h: the Mega-only parts the sketch calls directly (reset cause, stack
// monitor, buttons, HX711). Included only by kete_board.ino and the *_avr.cpp files.
#ifndef KETE_HAL_AVR_H
#define KETE_HAL_AVR_H

#include <stdint.h>

void hal_init();
uint8_t hal_boot_reason();      // BootReason, from MCUSR saved before main()
uint8_t hal_buttons();          // bit 0 = button 1 pressed (PE4 low), bit 1 = button 2 (PE5 low)
void hal_stack_monitor_step();  // scans a little of the painted stack area per call
extern volatile uint16_t kete_stack_peak;  // peak stack use in bytes (also in GPIOR2:GPIOR1)

// USART0 (uart_avr.cpp): the firmware's own driver, a 256-byte receive ring
// whatever the build defines; the core's Serial is not used (nor linked).
#ifndef KETE_BAUD
#define KETE_BAUD 115200UL  // PROTOCOL.md §2, §16 revision 1.5 (250000UL: exact, but only for a host told so)
#endif
void uart_begin(uint32_t baud);
uint8_t uart_available();          // bytes waiting in the receive ring
int16_t uart_read();               // the next byte, or -1
uint8_t uart_tx_room();            // free space in the transmit ring
void uart_write(const uint8_t* p, uint8_t n);
bool uart_tx_empty();              // the transmit ring is empty (the last byte may still be shifting out)
void uart_flush();                 // waits until every byte has left the pin

// The watchdog, always on (hal_avr.cpp): started by hal_init(), kicked once per
// loop pass; a pass that hangs for KETE_WDT_MS resets the board (BOOT … watchdog).
void hal_watchdog_kick();

#if defined(KETE_GEO_2X5P2)
// The Glassperlenspiel board (gems_avr.cpp, hardware/glassperlenspiel.md §8):
// its pins; its 12 HX711s (bit = place, DOUT on PA0-7 and PC0-3, one clock PH3).
void gems_pins();
uint16_t hx12_ready_mask();
uint16_t hx12_read(int32_t raw[12]);
#endif

// HX711s (hx711_avr.cpp). Masks are in canonical pit order (bit 0 = A1).
uint32_t hx_ready_mask();                       // pits whose DOUT is low now
uint32_t hx_read(int32_t raw[32]);              // 25 clocks on all rows; returns the pits
                                                // that were ready when it started
#endif
