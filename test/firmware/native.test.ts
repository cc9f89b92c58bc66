/**
 * The board firmware (hardware/firmware): its native unit tests (host g++,
 * the same portable source files as the board build) and the AVR build itself,
 * with flash and RAM inside the budget of hardware/README.md §6.
 *
 * Both run `make`, which rebuilds only what changed. Without the AVR toolchain
 * (gcc-avr, avr-libc, arduino-core-avr) the build test skips, loudly; in CI
 * (`CI` set) a missing toolchain fails the run instead, as test/socat-check.ts
 * does for socat.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORE, FIRMWARE, hasTool, inCi, make } from "./make.js";

const SKETCH = join(FIRMWARE, "kete_board");
const GEMS_SKETCH = join(FIRMWARE, "kete_gems");
/** The Glassperlenspiel board's sensing module, portable as the core is. */
const GEMS_PORTABLE = ["gems", "inventory"];
/** The files that compile for the board and, unchanged, for the native tests. */
const PORTABLE = ["crc8", "linefmt", "hostline", "sense", "leds", "buttons", "board"];

/** Flash the Mega offers the sketch (256 KB less the 8 KB bootloader) and RAM: */
const FLASH_BYTES = 253_952;
/** RAM at peak ≤ 6 KB (issue 12); the static part leaves 1 KB for the stack (§6). */
const RAM_PEAK_BUDGET = 6144;
const STACK_RESERVE = 1024;

/**
 * Registers what stands for a suite whose tools are missing: a failing test in
 * CI, a loud skip elsewhere. True when the tools are there.
 */
interface Tools {
  present: boolean;
  what: string;
  install: string;
  names: [string, string];
}

function toolsPresent({ present, what, install, names }: Tools): boolean {
  if (present) return true;
  const message = `${what}; install it: ${install}`;
  if (inCi()) {
    const fail = `${message}. CI must install it (.ci/run does).`;
    it(names[0], () => expect.fail(fail));
  } else {
    const bar = "!".repeat(78);
    process.stderr.write(`\n${bar}\n${message}. SKIPPED.\n${bar}\n\n`);
    it.skip(names[1], () => undefined);
  }
  return false;
}

/** `make <target>` builds a .hex and `make <size>` reports it within the flash and RAM budget, no heap linked. */
async function expectBuiltWithinBudget(
  [target, size]: [string, string],
  board: string,
  elf: string,
  warningFree: boolean,
) {
  const r = await make(target === "" ? [] : [target], 2);
  expect(r.status, r.output).toBe(0);
  if (warningFree) expect(r.output).not.toMatch(/warning:/);
  const hex = join(FIRMWARE, "build", `${elf}.hex`);
  expect(existsSync(hex)).toBe(true);
  expect(statSync(hex).size).toBeGreaterThan(1000);
  const sized = await make([size], 2);
  expect(sized.status, sized.output).toBe(0);
  expect(sized.output).toContain(`${board} (build/${elf}.elf):`);
  const flash = /^flash: (\d+) bytes/m.exec(sized.output);
  const ram = /^ram: (\d+) bytes/m.exec(sized.output);
  expect(flash, sized.output).not.toBeNull();
  expect(ram, sized.output).not.toBeNull();
  const flashBytes = Number(flash?.[1]);
  const ramBytes = Number(ram?.[1]);
  expect(flashBytes).toBeGreaterThan(4000);
  expect(flashBytes).toBeLessThanOrEqual(FLASH_BYTES);
  expect(ramBytes).toBeGreaterThan(500);
  expect(ramBytes).toBeLessThanOrEqual(RAM_PEAK_BUDGET - STACK_RESERVE);
  // nothing from the heap made it into the image
  const symbols = readFileSync(join(FIRMWARE, "build", `${elf}.sym`), "utf8");
  expect(symbols).not.toMatch(/ (malloc|free|realloc|_Znwj|_Znaj|vfprintf)$/m);
}

const hostTools = hasTool("make") && hasTool("g++");
const avrTools =
  hasTool("avr-gcc") &&
  hasTool("avr-g++") &&
  hasTool("avr-objcopy") &&
  hasTool("avr-size") &&
  existsSync(CORE);
const HOST: Tools = {
  present: hostTools,
  what: "make or g++ is not installed: the firmware's native unit tests cannot run",
  install: "apt-get install make g++",
  names: ["finds make and g++", "needs make and g++"],
};
const AVR: Tools = {
  present: avrTools,
  what: "the AVR toolchain (avr-gcc, avr-libc, the Arduino core) is not installed: the firmware cannot be built",
  install: "apt-get install gcc-avr avr-libc arduino-core-avr",
  names: ["finds the AVR toolchain", "needs gcc-avr, avr-libc and arduino-core-avr"],
};

describe("firmware: native unit tests", () => {
  if (!toolsPresent(HOST)) return;

  it("builds and passes every test (parser, vectors, CRC, counting, settling, faults, calibration)", async () => {
    const r = await make(["test"], 2);
    expect(r.output).toMatch(/native firmware tests: \d+ run, 0 failed checks/);
    expect(r.status, r.output).toBe(0);
    const runs = [...r.output.matchAll(/native firmware tests: (\d+) run, (\d+) failed checks/g)];
    // two binaries: the 4x8 board's core and sensing, then the 2x5+2 board's
    // (test/gems: gems, inventories through a fake PN5180, the core speaking 2x5+2)
    expect(runs.length, r.output).toBe(2);
    expect(Number(runs[0]?.[1])).toBeGreaterThanOrEqual(30);
    expect(Number(runs[1]?.[1])).toBeGreaterThanOrEqual(10);
    for (const m of runs) expect(m[2]).toBe("0");
  }, 180_000); // a fresh build with the sanitizers takes ~15 s of CPU; make keeps it cached
});

describe("firmware: sources", () => {
  it("keeps the portable files free of AVR and Arduino headers (pgm.h alone guards avr/pgmspace.h)", () => {
    const makefile = readFileSync(join(FIRMWARE, "Makefile"), "utf8");
    expect(makefile).toContain(`PORTABLE  := ${PORTABLE.join(" ")}`);
    for (const name of PORTABLE.flatMap((p) => [`${p}.cpp`, `${p}.h`])) {
      const text = readFileSync(join(SKETCH, name), "utf8");
      expect(text, name).not.toMatch(/#include\s*[<"](avr\/|util\/|Arduino\.h|SPI\.h|EEPROM\.h)/);
    }
    expect(makefile).toContain(`GEMS_PORTABLE := ${GEMS_PORTABLE.join(" ")}`);
    for (const name of GEMS_PORTABLE.flatMap((p) => [`${p}.cpp`, `${p}.h`])) {
      const text = readFileSync(join(GEMS_SKETCH, name), "utf8");
      expect(text, name).not.toMatch(/#include\s*[<"](avr\/|util\/|Arduino\.h|SPI\.h|EEPROM\.h)/);
    }
    const pgm = readFileSync(join(SKETCH, "pgm.h"), "utf8");
    expect(pgm).toMatch(/#if defined\(__AVR__\)\s*\n#include <avr\/pgmspace\.h>/);
  });

  it("allocates nothing on the heap: no new, malloc, String or printf in the sketch", () => {
    for (const [dir, name] of [SKETCH, GEMS_SKETCH].flatMap((d) =>
      readdirSync(d).map((n) => [d, n] as const),
    )) {
      const text = readFileSync(join(dir, name), "utf8").replace(/\/\/.*$/gm, "");
      expect(text, name).not.toMatch(
        /\bnew\s+[A-Za-z_]|\bmalloc\s*\(|\bcalloc\s*\(|\bString\b|printf\s*\(/,
      );
    }
  });
});

describe("firmware: AVR build", () => {
  if (!toolsPresent(AVR)) return;

  it("builds kete_board.hex within the flash and RAM budget", async () => {
    await expectBuiltWithinBudget(["", "size"], "4x8", "kete_board", false);
  }, 180_000); // a fresh build compiles the Arduino core too

  it("builds kete_gems.hex (2x5+2) within the flash and RAM budget, without a warning", async () => {
    await expectBuiltWithinBudget(["gems", "gems-size"], "2x5+2", "kete_gems", true);
  }, 180_000);
});
