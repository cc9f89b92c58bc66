/**
 * The live game controller: move tracking, mistakes, the LED plan, the xstate
 * machine and the `Controller` facade (see each module's top comment).
 */
export * from "./controller.js";
export * from "./machine.js";
export * from "./events.js";
export * from "./leds.js";
export * from "./legend.js";
export * from "./restore.js";
export * from "./mistakes.js";
export * from "./referee.js";
export * from "./tracking.js";
export * from "./trie.js";
export * from "./context.js";
export * from "./records.js";
export * from "./judgements.js";
export * from "./clock.js";
export * from "./flag.js";
export * from "./computer.js";
export * from "./errors.js";
