/**
 * What the places of some shapes hold besides stones: the Glassperlenspiel
 * board's gems (`2x5+2`, PROTOCOL.md §5.2) and the Abalone board's marbles
 * (`hex61`, §5.3).
 */

/** Gem tags of the Glassperlenspiel board (`2x5+2`, PROTOCOL.md §5.2), in canonical order. */
export const GEMS = ["S1", "S2", "S3", "S4", "S5", "N1", "N2", "N3", "N4", "N5"] as const;
export type Gem = (typeof GEMS)[number];

/**
 * The marbles a hole of the Abalone board (`hex61`, PROTOCOL.md §5.3) can
 * report, with their letters, in canonical order: the letter a snapshot
 * writes for a hole holding that marble, and the suffix of the hole's
 * reading for it (`A1:b`, `A1:w`, `A1:n`, `A1:x`). `neutral` is AB-9.6's
 * neutral marble, a class of its own; `marble` is a marble whose colour is
 * not told (a board that senses presence only, or AB-9.2's single-colour
 * game, where the host reads every black and white marble as one).
 */
export const MARBLE_COLOURS = { black: "b", white: "w", neutral: "n", marble: "x" } as const;
export type MarbleColour = keyof typeof MARBLE_COLOURS;

/** What separates a place from the tag of one of its readings (`A1:S1`, `E5:w`). */
export const READING_SEPARATOR = ":";
