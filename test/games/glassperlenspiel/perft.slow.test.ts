// A pit of ten stones and five gems: the oracle lists its 650,760 bead orders in about
// 35 s, so in `npm run test:slow`; perft.test.ts checks that the engine counts them.
import { expect, it } from "vitest";
import { gpCountMoves, type GpPosition } from "../../oracle/glassperlenspiel-oracle.js";
import { at } from "./helpers.js";

it("the oracle counts the same 650,760 moves as the engine", { timeout: 600_000 }, () => {
  expect(
    gpCountMoves(
      at("S", { A1: "10 S1 S2 S3 S4 S5" }, { N: ["N1", "N2", "N3", "N4", "N5"] }) as GpPosition,
    ),
  ).toBe(650_760);
});
