// hall_avr.h: the Abalone board's sensor bus on the Mega (hardware/abalone.md
// §5, §9): 61 TMAG5273 at 0x35 behind eight TCA9548A at 0x70..0x77 on the
// hardware TWI (D20 SDA, D21 SCL) at 400 kHz, the switches' RESET on D53.
//
// A scan runs in the TWI interrupt (ATmega2560 datasheet §24.6): per hole the
// switch's port, then X Y Z and CONV_STATUS in one burst, each transaction
// chained to the next by a STOP followed by a START, so the main loop never
// waits on the bus; it takes each hole's reading once the interrupt is past it.
#ifndef KETE_HALL_AVR_H
#define KETE_HALL_AVR_H

#include <stdint.h>

void hall_bus_begin();
// Starts a scan of all 61 holes (the previous one must have ended: hall_bus_done() == 61).
void hall_bus_start();
// Holes finished in the current scan (0..61); hole h < hall_bus_done() has its result.
uint8_t hall_bus_done();
// A scan is on the bus (a new one may start only when it is not).
bool hall_bus_busy();
// Hole h's result once finished: true with out = X, Y, Z; false when its switch or
// sensor did not acknowledge, or the sensor had just powered up (it was then
// configured — continuous X, Y, Z at 16× averaging — and is read from the next scan on).
bool hall_bus_result(uint8_t h, int16_t out[3]);
// Call every loop pass: a bus that made no progress for 2 ms (SDA held, a
// device gone mid-byte) is reset and the scan's remaining holes count as silent.
void hall_bus_watch(uint32_t nowUs);

#endif
