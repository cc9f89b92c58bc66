/**
 * Helpers every layer uses and none owns: errors as values (`Result`), a
 * seeded random generator, and the board geometries with the flat vector of
 * sensor readings each one has (what a game's position should read and what a
 * snapshot does read). Nothing here knows about a particular game, the wire
 * format or I/O.
 */
export * from "./result.js";
export * from "./random.js";
export * from "./geometry.js";
export * from "./readings.js";
export * from "./message.js";
