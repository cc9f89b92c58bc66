/** The stock-parts board (issue 15): StandardFirmata on a Mega, the board's work done on the host. */
export * from "./mega.js";
export * from "./scan.js";
export * from "./sensing.js";
export * from "./leds.js";
export * from "./calibration-file.js";
export * from "./firmware.js";
export * from "./j5-leds.js";
export * from "./firmata-board.js";
