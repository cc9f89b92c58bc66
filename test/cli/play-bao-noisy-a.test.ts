/** Issue 18's test, games 0-99 (see bao-noisy.ts); play-bao-noisy-b has 100-199. */
import { describe } from "vitest";
import { hundredNoisyGames } from "./bao-noisy.js";

describe("noisy Bao games at kete play, stops accepted each way (1 of 2)", () => {
  hundredNoisyGames(0);
});
