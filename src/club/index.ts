/**
 * The club night (issue 33): many boards, one live broadcast over MQTT.
 * Pure: the addresses (address.ts), the topics and payloads (wire.ts), the
 * simulated boards' games (simulated.ts). Beside them what touches the
 * network and files: the board's publisher reading its journal (tail.ts,
 * publisher.ts).
 */
export * from "./address.js";
export * from "./wire.js";
export * from "./simulated.js";
export * from "./tail.js";
export * from "./publisher.js";
export * from "./collector.js";
export * from "./broker.js";
export * from "./errors.js";
