/**
 * Sensor boards as the rest of kete sees them (`BoardLink`): a serial board,
 * the built-in simulated board, the recording and replaying links, the
 * session that speaks PROTOCOL.md over any transport, and the time source.
 */
export * from "./link.js";
export * from "./scheduler.js";
export * from "./session.js";
export * from "./serial-board.js";
export * from "./simulated-board.js";
export * from "./physical-board.js";
export * from "./firmware.js";
export * from "./wiring.js";
export * from "./pty.js";
export * from "./recording-link.js";
export * from "./marbles.js";
export * from "./firmata/index.js";
export * from "./ports.js";
export * from "./kinds.js";
export * from "./errors.js";
