/**
 * Helpers every layer uses and none owns: errors as values (`Result`) and a
 * seeded random generator. Nothing here knows about games, boards or I/O.
 */
export * from "./result.js";
export * from "./random.js";
