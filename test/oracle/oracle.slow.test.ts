// The four-row oracle at depth 4 from the initial positions: about 7 s in all (bao-de
// alone about 3.5 s), so in `npm run test:slow`; depths 1–3 are in oracle.test.ts.
import { describe, expect, test } from "vitest";
import { ORACLE_GAMES, oracleInitial, oraclePerft } from "./mancala4x8-oracle.js";
import { ORACLE_PERFT4, README_PERFT, leafCount } from "./mancala4x8-perft.js";

describe("oracle: perft depth 4", () => {
  for (const game of ORACLE_GAMES) {
    test(`perft 4 ${game}: the README's, finished games counted as leaves`, () => {
      expect(oraclePerft(oracleInitial(game), 4)).toBe(ORACLE_PERFT4[game]);
      expect(leafCount(oracleInitial(game), 4)).toBe(README_PERFT[game]![3]);
    });
  }
});
