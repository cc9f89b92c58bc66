/**
 * Perft from the initial positions: the engine's fingerprint for Bao
 * (printed by `npx tsx test/games/bao/perft-table.ts`). Depth 1 and 2 of
 * bao-kiswahili and depth 1 of bao-kujifunza were counted by hand:
 *
 * - bao-kiswahili, depth 1: B5, B6, B7 are occupied and face empty pits, so no
 *   capture; each is a takasa either way (B5 taxed, BK-11): 6.
 * - depth 2: North has its 6 takasa placements unless South's move put a seed
 *   facing an occupied North pit: after B5*- and B6*- (B3 = B4 = 1) North's
 *   C3 and C4 capture, each with L or R: 4; after B7*- (B4 = 1) only C4: 2.
 *   6 + 4 + 6 + 4 + 6 + 2 = 28.
 * - bao-kujifunza, depth 1: the capturing starts are A1+ A2+ A7- A8- B1+ B2+
 *   B3± B4± B5± B6± B7- B8- (16); BK-8 leaves only those.
 * Deeper counts are regression values.
 */
import { describe, expect, it } from "vitest";
import { getGame } from "./helpers.js";

const CASES: readonly [string, Record<string, unknown>, readonly number[]][] = [
  ["bao-kiswahili", {}, [6, 28, 86, 315, 1211, 4874, 21295]],
  ["bao-kiswahili", { setup: "malawi" }, [6, 28, 86, 320, 1280, 5205, 23869]],
  ["bao-kiswahili", { nyumbaTax: "only-if-no-other" }, [4, 14, 30, 82, 261, 944, 4010]],
  ["bao-kiswahili", { safari: "mandatory" }, [6, 28, 86, 309, 1072, 4160, 17660]],
  ["bao-kiswahili", { takasia: true }, [6, 28, 86, 315, 1211, 4874, 21295]],
  ["bao-kiswahili", { maxStages: 5 }, [6, 28, 86, 315, 1176, 4656, 19475]],
  ["bao-kujifunza", {}, [16, 108, 500, 1918, 6590, 23738, 85044]],
];

describe("perft from the initial positions", () => {
  it.each(CASES)("%s %j", (id, options, counts) => {
    const game = getGame(id);
    const start = game.initial(options);
    if (!start.ok) throw new Error(start.error.message);
    counts.forEach((n, i) => expect(game.perft(start.value, i + 1), `depth ${i + 1}`).toBe(n));
  });
});
