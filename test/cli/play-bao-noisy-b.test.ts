/** Issue 18's test, games 100-199 (see bao-noisy.ts); play-bao-noisy-a has 0-99. */
import { describe } from "vitest";
import { hundredNoisyGames } from "./bao-noisy.js";

describe("noisy Bao games at kete play, stops accepted each way (2 of 2)", () => {
  hundredNoisyGames(100);
});
