/**
 * The reference board under emulation: the firmware image of
 * hardware/firmware runs on an emulated ATmega2560 (avr8js) among emulated
 * HX711s, LEDs and buttons (and, for the Glassperlenspiel board, PN5180
 * readers with ISO 15693 tags), and speaks PROTOCOL.md over a pseudo-terminal or
 * in memory, on an emulated clock.
 */
export * from "./atmega2560.js";
export * from "./board.js";
export * from "./eeprom-file.js";
export * from "./hx711.js";
export * from "./intel-hex.js";
export * from "./pit-model.js";
export * from "./physics.js";
export * from "./signal-rig.js";
export * from "./pty.js";
export * from "./pn5180.js";
export * from "./sk9822.js";
export * from "./calibration.js";
export * from "./link.js";
export * from "./stock/index.js";
export * from "./abalone-field.js";
export * from "./abalone-sensors.js";
export * from "./tca9548a.js";
export * from "./tmag5273.js";
export * from "./usart-bridge.js";
export * from "./errors.js";
export * from "./ldc0851.js";
