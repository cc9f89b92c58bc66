/**
 * The player's language (issue 32): catalogues of messages in English,
 * Polish, German, Swahili and Romanian, a translator per language, and the
 * language of the system locale. Pure: the catalogues are modules.
 */
export * from "./translator.js";
export * from "./locale.js";
