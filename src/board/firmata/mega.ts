/**
 * The stock-parts board's wiring as the host sees it (issue 15, the design
 * in hardware/: an Arduino Mega 2560 running unmodified StandardFirmata).
 * Pit index k is the 4x8 canonical order (A1…A8, B1…B8, C1…C8, D1…D8).
 */

/** StandardFirmata's serial speed. */
export const FIRMATA_BAUD_RATE = 57600;

/** One byte's time on the line (10 bits at 57600 baud), ms. */
export const BYTE_MS = 10_000 / FIRMATA_BAUD_RATE;

/** StandardFirmata's analogue sampling interval the host asks for (sysex SAMPLING_INTERVAL). */
export const SAMPLING_INTERVAL_MS = 10;

/** Analogue inputs A0..A15, each behind one 2:1 switch channel. */
export const ANALOG_CHANNELS = 16;
export const PIT_COUNT = 2 * ANALOG_CHANNELS;

/** The switches' common select line: LOW reads pits 0..15, HIGH pits 16..31. */
export const SELECT_PIN = 22;

/** Button n (1-based) on digital pin BUTTON_PINS[n - 1], to GND, INPUT_PULLUP (pressed reads LOW). */
export const BUTTON_PINS: readonly number[] = [2, 3];

/** The Mega's pin count as StandardFirmata reports it, and its first analogue pin (A0 = D54). */
export const MEGA_PINS = 70;

/** 10-bit ADC against AVcc = 5 V. */
export const ADC_MAX = 1023;
const LSB_MV = 5000 / 1024;

/** INA125P output with the cup empty (0.5 V) and per stone (8.9 mV/g × 5.4 g), in ADC units. */
export const NOMINAL_TARE = 500 / LSB_MV;
export const NOMINAL_GAIN = (8.9 * 5.4) / LSB_MV;

/** An uncalibrated pit's raw units (CALR: ADC units) per stone, for `kete calibrate`. */
export const FIRMATA_RAW_PER_STONE = NOMINAL_GAIN;

/** First PCA9685 address; pit k's RGB LED is on chip 0x40 + floor(k / 5). */
export const PCA9685_BASE = 0x40;
export const LEDS_PER_CHIP = 5;
export const PCA9685_CHIPS = Math.ceil(PIT_COUNT / LEDS_PER_CHIP);

/** Where pit k's LED is: chip address and its red, green, blue channels. */
export function ledWiring(pit: number): {
  readonly address: number;
  readonly pins: readonly [number, number, number];
} {
  const slot = pit % LEDS_PER_CHIP;
  return {
    address: PCA9685_BASE + Math.floor(pit / LEDS_PER_CHIP),
    pins: [3 * slot, 3 * slot + 1, 3 * slot + 2],
  };
}
