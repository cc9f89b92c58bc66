/**
 * What the benches of a firmware image on the emulated Mega share: the image
 * loaded (or a line saying how to build it), the board's serial output as
 * timed lines, and the figures read from the image's build (static RAM from
 * the .elf, a variable's address from the .sym list) and from its RAM (the
 * deepest stack the firmware painted, a 16-bit counter).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { EmulatedBoard, loadFirmware, type EmulatedBoardOptions } from "../emulator/index.js";
import { withChecksum } from "../protocol/index.js";

/** The firmware's sources and Makefile (hardware/firmware). */
const FIRMWARE_DIR = fileURLToPath(new URL("../../hardware/firmware/", import.meta.url));

export interface TimedLine {
  readonly text: string;
  /** Emulated ms when its LF was sent. */
  readonly at: number;
}

/** The lines `board` sends from now on, each with the emulated time of its LF (filled as it runs). */
export function collectLines(board: EmulatedBoard): TimedLine[] {
  const lines: TimedLine[] = [];
  let partial = "";
  board.onTx((byte) => {
    if (byte !== 10) partial += String.fromCharCode(byte);
    else {
      lines.push({ text: partial, at: board.now });
      partial = "";
    }
  });
  return lines;
}

/** An emulated board as `options` say, its serial output as lines. */
export function bootWithLines(options: EmulatedBoardOptions): {
  board: EmulatedBoard;
  lines: TimedLine[];
} {
  const created = EmulatedBoard.create(options);
  if (!created.ok) throw new Error(created.error.message);
  return { board: created.value, lines: collectLines(created.value) };
}

/** One image the Makefile builds (`build/NAME.hex`, with its `.elf` and `.sym` list). */
export class FirmwareBuild {
  /** The firmware's folder, for its Makefile's other targets. */
  readonly dir = FIRMWARE_DIR;
  readonly hex: string;
  readonly elf: string;
  readonly sym: string;

  constructor(name: string) {
    this.hex = `${FIRMWARE_DIR}build/${name}.hex`;
    this.elf = `${FIRMWARE_DIR}build/${name}.elf`;
    this.sym = `${FIRMWARE_DIR}build/${name}.sym`;
  }

  /**
   * The image, or null once a line under the table's `title` has said it is
   * missing and how to build it.
   */
  image(title: string): Uint8Array | null {
    if (!existsSync(this.hex)) {
      console.log(
        `\n## ${title}\n\nno firmware image at ${this.hex}: build it with npm run firmware`,
      );
      return null;
    }
    const image = loadFirmware(this.hex);
    if (!image.ok) throw new Error(image.error.message);
    return image.value;
  }

  /** Static RAM: .data + .bss + .noinit of the .elf (avr-size), or null without avr-size. */
  staticRam(): number | null {
    const r = spawnSync("avr-size", ["-A", this.elf], { encoding: "utf8" });
    if (r.status !== 0) return null;
    let total = 0;
    for (const line of r.stdout.split("\n")) {
      const [name, size] = line.trim().split(/\s+/);
      if (name === ".data" || name === ".bss" || name === ".noinit") total += Number(size);
    }
    return total;
  }

  /** A variable's data address from the .sym list (avr-nm: RAM at 0x800000 + address), or null. */
  symbol(name: string): number | null {
    if (!existsSync(this.sym)) return null;
    const line = readFileSync(this.sym, "utf8")
      .split("\n")
      .find((l) => l.endsWith(` ${name}`));
    return line === undefined ? null : parseInt(line.split(" ")[0] ?? "", 16) - 0x800000;
  }

  /** The deepest stack the firmware measured (its painted stack, kept in GPIOR2:GPIOR1). */
  deepestStack(data: Uint8Array): number {
    return ((data[0x4b] ?? 0) << 8) | (data[0x4a] ?? 0);
  }

  /** The little-endian 16-bit variable `name` in the chip's data space, NaN where it is unknown. */
  word(data: Uint8Array, name: string): number {
    const at = this.symbol(name);
    return at === null ? NaN : (data[at] ?? 0) | ((data[at + 1] ?? 0) << 8);
  }
}

/** Lets `board` boot (1.5 s), then sets kete's debounce as `kete play` does (CFG deb=100) and lets it take hold. */
export async function bootAtKeteDebounce(board: EmulatedBoard): Promise<void> {
  await board.runFor(1500);
  board.receive(`${withChecksum("01 CFG deb=100")}\n`);
  await board.runFor(300);
}

/** Emulated ms per wall ms and per CPU ms of this process, over `ms` of emulated time on `board`. */
export async function emulatorSpeed(board: EmulatedBoard, ms: number): Promise<[number, number]> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  await board.runFor(ms);
  const cpu = process.cpuUsage(c0);
  return [ms / (performance.now() - t0), ms / ((cpu.user + cpu.system) / 1000)];
}
