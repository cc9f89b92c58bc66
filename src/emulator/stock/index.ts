/**
 * The stock-parts board of issue 15 (an Arduino Mega running StandardFirmata,
 * INA125P amplifiers, 2:1 analogue switches, PCA9685 LED controllers) under
 * emulation: `StockBoard` and its parts.
 */
export * from "./analog-front-end.js";
export * from "./pca9685.js";
export * from "./stock-board.js";
export * from "./stock-binding.js";
