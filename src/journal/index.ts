/**
 * The game journal: append-only JSON-lines records of a game (records.ts),
 * the files that hold them (store.ts), one writer per file (lock.ts) and
 * their export (export.ts).
 */
export * from "./records.js";
export * from "./store.js";
export * from "./lock.js";
export * from "./export.js";
export * from "./errors.js";
