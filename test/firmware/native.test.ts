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
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const FIRMWARE = fileURLToPath(new URL("../../hardware/firmware/", import.meta.url));
const HEX = join(FIRMWARE, "build", "kete_board.hex");
const SKETCH = join(FIRMWARE, "kete_board");
const GEMS_HEX = join(FIRMWARE, "build", "kete_gems.hex");
const GEMS_SKETCH = join(FIRMWARE, "kete_gems");
/** The Glassperlenspiel board's sensing module, portable as the core is. */
const GEMS_PORTABLE = ["gems", "inventory"];
/** The files that compile for the board and, unchanged, for the native tests. */
const PORTABLE = ["crc8", "linefmt", "hostline", "sense", "leds", "buttons", "board"];
const CORE = "/usr/share/arduino/hardware/arduino/avr/cores/arduino";

/** Flash the Mega offers the sketch (256 KB less the 8 KB bootloader) and RAM: */
const FLASH_BYTES = 253_952;
/** RAM at peak ≤ 6 KB (issue 12); the static part leaves 1 KB for the stack (§6). */
const RAM_PEAK_BUDGET = 6144;
const STACK_RESERVE = 1024;

const inCi = (): boolean =>
  process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";

function hasTool(tool: string, arg = "--version"): boolean {
  const r = spawnSync(tool, [arg], { stdio: "ignore" });
  return r.error === undefined && r.status === 0;
}

function missing(what: string, install: string): string | null {
  const message = `${what}; install it: ${install}`;
  if (inCi()) return `${message}. CI must install it (.ci/run does).`;
  const bar = "!".repeat(78);
  process.stderr.write(`\n${bar}\n${message}. SKIPPED.\n${bar}\n\n`);
  return null;
}

/** The lock test/emulator/avr.ts takes too: one `make` in hardware/firmware at a time. */
const LOCK = join(tmpdir(), "kete-firmware-build.lock");

async function make(...args: string[]): Promise<{ status: number | null; output: string }> {
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (waited > 170_000) throw new Error(`${LOCK} held for 3 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const r = spawnSync("make", ["-j2", "-C", FIRMWARE, ...args], {
      encoding: "utf8",
      timeout: 170_000,
    });
    return { status: r.status, output: `${r.stdout}${r.stderr}${r.error ? String(r.error) : ""}` };
  } finally {
    rmdirSync(LOCK);
  }
}

const hostTools = hasTool("make") && hasTool("g++");
const avrTools =
  hasTool("avr-gcc") &&
  hasTool("avr-g++") &&
  hasTool("avr-objcopy") &&
  hasTool("avr-size") &&
  existsSync(CORE);

describe("firmware: native unit tests", () => {
  if (!hostTools) {
    const fail = missing(
      "make or g++ is not installed: the firmware's native unit tests cannot run",
      "apt-get install make g++",
    );
    if (fail !== null) it("finds make and g++", () => expect.fail(fail));
    else it.skip("needs make and g++", () => undefined);
    return;
  }

  it("builds and passes every test (parser, vectors, CRC, counting, settling, faults, calibration)", async () => {
    const r = await make("test");
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
  if (!avrTools) {
    const fail = missing(
      "the AVR toolchain (avr-gcc, avr-libc, the Arduino core) is not installed: the firmware cannot be built",
      "apt-get install gcc-avr avr-libc arduino-core-avr",
    );
    if (fail !== null) it("finds the AVR toolchain", () => expect.fail(fail));
    else it.skip("needs gcc-avr, avr-libc and arduino-core-avr", () => undefined);
    return;
  }

  it("builds kete_board.hex within the flash and RAM budget", async () => {
    const r = await make();
    expect(r.status, r.output).toBe(0);
    expect(existsSync(HEX)).toBe(true);
    expect(statSync(HEX).size).toBeGreaterThan(1000);
    const size = await make("size");
    expect(size.status, size.output).toBe(0);
    expect(size.output).toContain("4x8 (build/kete_board.elf):");
    const flash = /^flash: (\d+) bytes/m.exec(size.output);
    const ram = /^ram: (\d+) bytes/m.exec(size.output);
    expect(flash, size.output).not.toBeNull();
    expect(ram, size.output).not.toBeNull();
    const flashBytes = Number(flash?.[1]);
    const ramBytes = Number(ram?.[1]);
    expect(flashBytes).toBeGreaterThan(4000);
    expect(flashBytes).toBeLessThanOrEqual(FLASH_BYTES);
    expect(ramBytes).toBeGreaterThan(500);
    expect(ramBytes).toBeLessThanOrEqual(RAM_PEAK_BUDGET - STACK_RESERVE);
    // nothing from the heap made it into the image
    const symbols = readFileSync(join(FIRMWARE, "build", "kete_board.sym"), "utf8");
    expect(symbols).not.toMatch(/ (malloc|free|realloc|_Znwj|_Znaj|vfprintf)$/m);
  }, 180_000); // a fresh build compiles the Arduino core too

  it("builds kete_gems.hex (2x5+2) within the flash and RAM budget, without a warning", async () => {
    const r = await make("gems");
    expect(r.status, r.output).toBe(0);
    expect(r.output).not.toMatch(/warning:/);
    expect(statSync(GEMS_HEX).size).toBeGreaterThan(1000);
    const size = await make("gems-size");
    expect(size.status, size.output).toBe(0);
    expect(size.output).toContain("2x5+2 (build/kete_gems.elf):");
    const flash = Number(/^flash: (\d+) bytes/m.exec(size.output)?.[1]);
    const ram = Number(/^ram: (\d+) bytes/m.exec(size.output)?.[1]);
    expect(flash).toBeGreaterThan(4000);
    expect(flash).toBeLessThanOrEqual(FLASH_BYTES);
    expect(ram).toBeGreaterThan(500);
    expect(ram).toBeLessThanOrEqual(RAM_PEAK_BUDGET - STACK_RESERVE);
    const symbols = readFileSync(join(FIRMWARE, "build", "kete_gems.sym"), "utf8");
    expect(symbols).not.toMatch(/ (malloc|free|realloc|_Znwj|_Znaj|vfprintf)$/m);
  }, 180_000);
});
