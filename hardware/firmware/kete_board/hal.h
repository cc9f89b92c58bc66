// hal.h: what the portable board logic (board.cpp) needs from the hardware.
// hal_avr.cpp implements it on the Mega; the native tests implement it with
// fakes (test/fake_hal.cpp).
#ifndef KETE_HAL_H
#define KETE_HAL_H

#include <stdint.h>

// Serial transmit: free space in the UART's transmit buffer, and writing into it
// (never more than hal_tx_room() bytes). hal_tx_done(): every byte has left.
uint8_t hal_tx_room();
void hal_tx_write(const char* p, uint8_t n);
bool hal_tx_done();

// EEPROM: reading, a blocking write (boot only), and a non-blocking byte write
// (only called when hal_eeprom_ready()).
void hal_eeprom_read(uint16_t addr, uint8_t* p, uint16_t n);
void hal_eeprom_write_blocking(uint16_t addr, const uint8_t* p, uint16_t n);
bool hal_eeprom_ready();
void hal_eeprom_write_byte(uint16_t addr, uint8_t v);

// The LED chain: one frame, bytes sent in order (SPI).
void hal_led_begin();
void hal_led_byte(uint8_t b);
void hal_led_end();

// The on-board LED (D13).
void hal_status_led(bool on);

// Reboot through the watchdog; BOOT then says "command".
void hal_reboot();

#endif
