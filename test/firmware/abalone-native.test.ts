/**
 * The Abalone board's (hex61) sensing module, hardware/firmware/kete_abalone/hall.cpp:
 * its native unit tests against a dipole simulation of the marbles
 * (hardware/abalone.md §2–§7; `make abalone-test`), among them 10,000 placements
 * with random orientations and full neighbourhoods and not one wrong colour, and
 * the module compiled for the Mega with -Werror, its RAM inside the board's budget.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORE, FIRMWARE, hasTool, inCi, make } from "./make.js";

/** hardware/abalone.md §8: the sensing state's share of the 6 KB (issue 30) peak, beside
 * the core (≈ 1.1 KB) and the stack reserve (1 KB). */
const MODULE_RAM_BUDGET = 6144 - 1100 - 1024;

const SKETCH = join(FIRMWARE, "kete_abalone");
/** The files that compile for the board and, unchanged, for the native tests. */
const PORTABLE = [
  "hall.cpp",
  "hall.h",
  "hall_state.cpp",
  "places_hall.cpp",
  "neutral.cpp",
  "neutral.h",
];

describe("firmware: the Abalone sketch's sources", () => {
  it("keeps the portable files free of AVR and Arduino headers, and allocates nothing on the heap", () => {
    for (const name of PORTABLE) {
      const text = readFileSync(join(SKETCH, name), "utf8");
      expect(text, name).not.toMatch(/#include\s*[<"](avr\/|util\/|Arduino\.h|SPI\.h|EEPROM\.h)/);
    }
    for (const name of readdirSync(SKETCH)) {
      const text = readFileSync(join(SKETCH, name), "utf8").replace(/\/\/.*$/gm, "");
      expect(text, name).not.toMatch(
        /\bnew\s+[A-Za-z_]|\bmalloc\s*\(|\bcalloc\s*\(|\bString\b|printf\s*\(/,
      );
    }
  });
});

describe("firmware: the Abalone sensing module", () => {
  const host = hasTool("make") && hasTool("g++");
  const avr = hasTool("avr-g++") && hasTool("avr-size") && existsSync(CORE);

  it.skipIf(!host && !inCi())(
    "tells empty, white and black apart in 10,000 placements with full neighbourhoods, no wrong colour",
    async () => {
      const r = await make(["abalone-test"]);
      expect(r.status, r.output).toBe(0);
      const run = /native firmware tests: (\d+) run, (\d+) failed checks/.exec(r.output);
      expect(Number(run?.[1])).toBeGreaterThanOrEqual(12);
      expect(run?.[2]).toBe("0");
      const placed =
        /abalone: (\d+) placements, (\d+) wrong colours in the placed hole, (\d+) in the other/.exec(
          r.output,
        );
      expect(placed, r.output).not.toBeNull();
      expect(Number(placed?.[1])).toBe(10_000);
      expect(placed?.[2]).toBe("0");
      expect(placed?.[3]).toBe("0");
      // the neutral marble's classifier (neutral.cpp, hardware/abalone.md §2.3)
      const neutral = /neutral: (\d+) random boards, (\d+) neutral cells, (\d+) wrong/.exec(
        r.output,
      );
      expect(neutral, r.output).not.toBeNull();
      expect(Number(neutral?.[2])).toBeGreaterThan(10_000);
      expect(neutral?.[3]).toBe("0");
    },
    180_000,
  );

  it.skipIf(!avr && !inCi())(
    "compiles for the Mega without a warning, its state within the RAM budget",
    async () => {
      const r = await make(["abalone-obj"]);
      expect(r.status, r.output).toBe(0);
      expect(r.output).not.toMatch(/warning:/);
      const size = /abalone sensing module \(hall\.cpp\): flash (\d+) bytes, RAM (\d+) bytes/.exec(
        r.output,
      );
      expect(size, r.output).not.toBeNull();
      expect(Number(size?.[1])).toBeGreaterThan(1000);
      expect(Number(size?.[2])).toBeGreaterThan(61 * 20);
      expect(Number(size?.[2])).toBeLessThanOrEqual(MODULE_RAM_BUDGET);
    },
    180_000,
  );
});
