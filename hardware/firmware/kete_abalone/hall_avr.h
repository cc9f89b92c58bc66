// hall_avr.h: the Abalone board's sensor bus on the Mega (hardware/abalone.md
// §5, §9): 61 TMAG5273 at 0x35 behind eight TCA9548A at 0x70..0x77 on the
// hardware TWI (D20 SDA, D21 SCL) at 400 kHz, the switches' RESET on D53.
#ifndef KETE_HALL_AVR_H
#define KETE_HALL_AVR_H

#include <stdint.h>

void hall_bus_begin();
// Reads hole h's X, Y, Z (blocking, ≈ 0.35 ms at 400 kHz): true with out filled;
// false when its switch or sensor did not acknowledge, or the sensor has just
// powered up (then it is configured — continuous X, Y, Z at 16× averaging — and
// read from the next scan on).
bool hall_bus_read(uint8_t h, int16_t out[3]);
// The end of a scan: the last switch's port off.
void hall_bus_idle();

#endif
