/**
 * The README's perft counts above FAST_LEAVES (./perft.test.ts checks the
 * others in every run): fourteen take 0.3–12 s each and bao-de
 * (capture=optional) depth 4 (151,880,548 leaves) 55–90 s, about two minutes
 * together on the 2-core CI machine. `npm run test:slow` runs them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FAST_LEAVES, describeClaim, enginePerft, readmePerftClaims } from "./perft-table.js";

const readme = readFileSync(new URL("../../docs/benchmarks.md", import.meta.url), "utf8");
const slow = readmePerftClaims(readme).filter((c) => c.leaves > FAST_LEAVES);

describe(`README perft counts above ${FAST_LEAVES.toLocaleString("en-US")} leaves`, () => {
  it("there are some", () => expect(slow.length).toBeGreaterThan(0));
  for (const c of slow) {
    it(`${describeClaim(c)} (${c.source})`, { timeout: 600_000 }, () => {
      expect(enginePerft(c)).toBe(c.leaves);
    });
  }
});
