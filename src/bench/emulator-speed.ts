/**
 * Issue 30's "emulator ≥ 1× real time" for each firmware image (4x8,
 * 2x5+2, hex61): emulated seconds per wall-clock second, and per second of
 * this process's CPU time, with the machine's load average beside them. On a
 * machine shared with other work the wall figure falls with the load; the
 * CPU figure is what the emulator does with a core to itself, so both are
 * printed (and `uptime`'s load, to read the wall figure against).
 *
 *   npm run bench -- speed
 */
import { existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { EmulatedBoard, loadFirmware } from "../emulator/index.js";
import type { GeometryId } from "../protocol/index.js";
import { emulatorSpeed } from "./firmware-image.js";
import { printTable } from "./report.js";

const BUILD = fileURLToPath(new URL("../../hardware/firmware/build/", import.meta.url));

/** The three images `npm run firmware` builds, and the board each runs on. */
const IMAGES: readonly { file: string; geometry: GeometryId; what: string }[] = [
  { file: "kete_board.hex", geometry: "4x8", what: "4x8 (load cells, HX711)" },
  { file: "kete_gems.hex", geometry: "2x5+2", what: "2x5+2 (load cells, PN5180 tags)" },
  { file: "kete_abalone.hex", geometry: "hex61", what: "hex61 (61 TMAG5273, TCA9548A)" },
  {
    file: "kete_abalone_n.hex",
    geometry: "hex61",
    what: "hex61 + neutral switches (61 LDC0851, 74HCT165)",
  },
];

const median = (xs: readonly number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** One image: booted calibrated, warmed up 1 s, then three runs of 3 s (emulated). */
async function imageRow(
  file: string,
  geometry: GeometryId,
  what: string,
): Promise<(string | number)[]> {
  const image = loadFirmware(`${BUILD}${file}`);
  if (!image.ok) throw new Error(image.error.message);
  const created = EmulatedBoard.create({
    firmware: image.value,
    seed: 7,
    calibrated: true,
    geometry,
  });
  if (!created.ok) throw new Error(created.error.message);
  const board = created.value;
  await board.runFor(1000); // boot, first scans, the JIT warmed up
  const load0 = loadavg()[0] ?? NaN;
  const runs: [number, number][] = [];
  for (let i = 0; i < 3; i++) runs.push(await emulatorSpeed(board, 3000));
  const load1 = loadavg()[0] ?? NaN;
  const wall = median(runs.map((r) => r[0]));
  const cpu = median(runs.map((r) => r[1]));
  return [
    what,
    9000,
    `${wall.toFixed(2)}x`,
    `${cpu.toFixed(2)}x`,
    `${load0.toFixed(1)} → ${load1.toFixed(1)}`,
    wall >= 1 ? "yes" : cpu >= 1 ? "per CPU s only" : "no",
  ];
}

export async function benchEmulatorSpeed(): Promise<void> {
  const rows: (string | number)[][] = [];
  const missing: string[] = [];
  for (const { file, geometry, what } of IMAGES) {
    if (!existsSync(`${BUILD}${file}`)) missing.push(file);
    else rows.push(await imageRow(file, geometry, what));
  }
  printTable({
    title: "Emulator speed: each firmware image on the emulated Mega 2560 (issue 30)",
    columns: [
      "firmware (board)",
      "emulated ms",
      "× real time (wall)",
      "× per CPU s",
      "load average (1 min)",
      "≥ 1×",
    ],
    rows,
    notes: [
      `Each image booted on a calibrated emulated board at rest (sensors scanning, heartbeats), warmed up 1 s, then the median of three runs of 3 s of emulated time. × real time: emulated seconds per wall-clock second (≥ 1: the emulated board keeps up with a real one); × per CPU s: per second of this process's CPU time, what the emulator does with a core to itself. The load average is os.loadavg()'s (uptime's) before and after the runs, on ${cpus().length} cores: the wall figure falls with it, the CPU figure does not.`,
      ...(missing.length === 0
        ? []
        : [`No image ${missing.join(", ")} in ${BUILD}: build them with npm run firmware.`]),
    ],
  });
}
