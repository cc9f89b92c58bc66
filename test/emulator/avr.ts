/**
 * Test support for the emulator: the AVR toolchain (avr-gcc, avr-objcopy,
 * avr-libc) that builds the C fixtures at test time, and a board whose
 * serial output is collected as lines stamped with emulated time.
 *
 * Without the toolchain the suites that need it skip, loudly; in CI (`CI`
 * set) a missing toolchain fails the run instead (as test/socat-check.ts does
 * for socat).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EmulatedBoard, loadFirmware } from "../../src/emulator/index.js";
import type { EmulatedBoardOptions } from "../../src/emulator/index.js";
import { withChecksum } from "../../src/protocol/index.js";

const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

function hasTool(tool: string): boolean {
  const r = spawnSync(tool, ["--version"], { stdio: "ignore" });
  return r.error === undefined && r.status === 0;
}

const inCi = (): boolean =>
  process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false";

/** Whether avr-gcc and avr-objcopy are there; says so loudly when not (and fails in CI). */
export function avrToolchain(suite: string): boolean {
  if (hasTool("avr-gcc") && hasTool("avr-objcopy")) return true;
  const what = `avr-gcc is not installed: ${suite} cannot build its AVR programs`;
  if (inCi()) throw new Error(`${what}. CI must install gcc-avr and avr-libc.`);
  const bar = "!".repeat(78);
  process.stderr.write(
    `\n${bar}\n${what} and is SKIPPED. Install it: apt-get install gcc-avr avr-libc\n${bar}\n\n`,
  );
  return false;
}

/** Builds fixtures/<name>.c for the ATmega2560 (cached by content); the .hex path. */
export function fixtureHex(name: string): string {
  const source = readFileSync(join(FIXTURES, `${name}.c`));
  const common = readFileSync(join(FIXTURES, "common.h"));
  const hash = createHash("sha256").update(source).update(common).digest("hex").slice(0, 16);
  const dir = join(tmpdir(), "kete-emulator-fixtures");
  mkdirSync(dir, { recursive: true });
  const hex = join(dir, `${name}-${hash}.hex`);
  if (existsSync(hex)) return hex;
  const elf = join(dir, `${name}-${hash}-${process.pid}.elf`);
  execFileSync("avr-gcc", [
    "-mmcu=atmega2560",
    "-Os",
    "-DF_CPU=16000000UL",
    "-Wall",
    "-Werror",
    "-o",
    elf,
    join(FIXTURES, `${name}.c`),
  ]);
  const tmp = `${hex}.${process.pid}`;
  execFileSync("avr-objcopy", ["-O", "ihex", "-R", ".eeprom", elf, tmp]);
  renameSync(tmp, hex);
  return hex;
}

export interface Line {
  readonly text: string;
  /** Emulated ms when its LF was sent. */
  readonly at: number;
}

/** A board with the firmware image `hex` loaded (powered up, not yet running); throws what is wrong. */
export function emulatedBoard(
  hex: string | null,
  options: Omit<EmulatedBoardOptions, "firmware">,
): EmulatedBoard {
  const image = loadFirmware(hex ?? "");
  if (!image.ok) throw new Error(image.error.message);
  const created = EmulatedBoard.create({ ...options, firmware: image.value });
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

/** A board running `hex`, with its serial output as lines. */
export class TestBoard {
  readonly lines: Line[] = [];
  /** Empty lines, which a receiver ignores (PROTOCOL.md §2): the board sends one before BOOT (§6.1). */
  emptyLines = 0;
  private partial = "";

  constructor(readonly board: EmulatedBoard) {
    board.onTx((byte) => {
      if (byte === 10) {
        if (this.partial === "") this.emptyLines++;
        else this.lines.push({ text: this.partial, at: board.now });
        this.partial = "";
      } else this.partial += String.fromCharCode(byte);
    });
  }

  static boot(hex: string, options: Omit<EmulatedBoardOptions, "firmware"> = {}): TestBoard {
    const image = loadFirmware(hex);
    if (!image.ok) throw new Error(image.error.message);
    const board = EmulatedBoard.create({ seed: 1, ...options, firmware: image.value });
    if (!board.ok) throw new Error(board.error.message);
    return new TestBoard(board.value);
  }

  /** Sends a host line: `body` with its checksum and LF. */
  send(body: string): void {
    this.board.receive(`${withChecksum(body)}\n`);
  }

  /** Sends a command and waits for its ACK or NAK (the answer's line). */
  async command(id: string, body: string, ms = 500): Promise<Line> {
    const from = this.lines.length;
    this.send(`${id} ${body}`);
    return this.waitFor(new RegExp(`^[0-9A-F]{2} (ACK|NAK) ${id}\\b`), ms, from);
  }

  /** Runs until a line after index `from` matches, at most `ms` emulated ms. */
  async waitFor(pattern: RegExp, ms: number, from = 0): Promise<Line> {
    let found: Line | undefined;
    const hit = await this.board.runUntil(() => {
      found = this.lines.slice(from).find((l) => pattern.test(l.text));
      return found !== undefined;
    }, ms);
    if (!hit || found === undefined) {
      const tail = this.lines.slice(-5).map((l) => l.text);
      throw new Error(`no line ${pattern} within ${ms} ms; last lines: ${JSON.stringify(tail)}`);
    }
    return found;
  }
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The reference firmware image, built by `make -C hardware/firmware`. */
export const FIRMWARE_HEX = join(ROOT, "hardware/firmware/build/kete_board.hex");
/** The same sketch built as the Arduino IDE builds it (`make -C hardware/firmware ide`). */
export const IDE_FIRMWARE_HEX = join(ROOT, "hardware/firmware/build-ide/kete_board.hex");
/** The Glassperlenspiel board's firmware (`make -C hardware/firmware gems`). */
export const GEMS_FIRMWARE_HEX = join(ROOT, "hardware/firmware/build/kete_gems.hex");

/** The Abalone board's firmware (`make -C hardware/firmware abalone`). */
export const ABALONE_FIRMWARE_HEX = join(ROOT, "hardware/firmware/build/kete_abalone.hex");
/** The same with the neutral marble's switches (`make -C hardware/firmware abalone-neutral`). */
export const NEUTRAL_FIRMWARE_HEX = join(ROOT, "hardware/firmware/build/kete_abalone_n.hex");

/** One make in hardware/firmware at a time (test files run in parallel): `f` runs under a lock. */
export async function withBuildLock<T>(f: () => T): Promise<T> {
  const lock = join(tmpdir(), "kete-firmware-build.lock");
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 300_000) throw new Error(`${lock} held for 5 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return f();
  } finally {
    rmdirSync(lock);
  }
}

/**
 * The reference firmware's .hex, built first if it is missing (test files run
 * in parallel: one builds under a lock, the others wait for it). Null when it
 * cannot be built here (said loudly; fatal in CI).
 */
export async function referenceFirmware(
  suite: string,
  build: "make" | "ide" | "gems" | "abalone" | "abalone-neutral" = "make",
): Promise<string | null> {
  const hex =
    build === "ide"
      ? IDE_FIRMWARE_HEX
      : build === "gems"
        ? GEMS_FIRMWARE_HEX
        : build === "abalone"
          ? ABALONE_FIRMWARE_HEX
          : build === "abalone-neutral"
            ? NEUTRAL_FIRMWARE_HEX
            : FIRMWARE_HEX;
  if (existsSync(hex)) return hex;
  if (!avrToolchain(suite)) return null;
  return withBuildLock(() => {
    if (!existsSync(hex)) {
      const r = spawnSync("make", ["-C", join(ROOT, "hardware/firmware")], { encoding: "utf8" });
      if (r.status !== 0 || !existsSync(hex)) {
        const why = `make -C hardware/firmware failed: ${(r.stderr ?? "").slice(-600)}`;
        if (inCi()) throw new Error(why);
        process.stderr.write(`\n${suite}: ${why}\nthe tests against the firmware are SKIPPED\n`);
        return null;
      }
    }
    return hex;
  });
}
