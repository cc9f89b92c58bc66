// CRC-8/SMBUS (poly 0x07, init 0, MSB first, no reflection, no final XOR): PROTOCOL.md §3.
#ifndef KETE_CRC8_H
#define KETE_CRC8_H

#include <stddef.h>
#include <stdint.h>

uint8_t crc8_update(uint8_t crc, uint8_t byte);
uint8_t crc8(const uint8_t* data, size_t len);

#endif
