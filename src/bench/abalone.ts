/**
 * The Abalone board's firmware (hardware/firmware/kete_abalone, built to
 * build/kete_abalone.hex) on the emulated Mega with 61 emulated TMAG5273
 * sensors behind TCA9548A switches and the marbles' dipole fields
 * (src/emulator/abalone-field.ts), issue 30's figures:
 *
 * - a marble set down → the settled snapshot with its colour at kete (deb 100,
 *   kete's), p50/p99 (target p99 ≤ 200 ms), from the moment it lands and from
 *   the moment it is at rest (its swing in the dish under 1 mm, §5), and the
 *   wrong settled readings meanwhile (target 0); a marble lifted → settled empty;
 * - the scan (start on the bus → last hole classified), the longest main-loop
 *   pass against the 5.5 ms a 64-byte receive ring lasts at 115200 baud, RAM
 *   (static + the deepest stack), the emulator's speed against real time;
 * - the classification's margins natively (make abalone-test: 10,000
 *   placements with full neighbourhoods, the same hall.cpp).
 *
 * `npm run bench -- abalone --placements=N` (default 100).
 */
import { spawnSync } from "node:child_process";
import { holeRowCol, type EmulatedBoard } from "../emulator/index.js";
import { seededRandom } from "../shared/index.js";
import {
  FirmwareBuild,
  bootAtKeteDebounce,
  bootWithLines,
  type TimedLine,
} from "./firmware-image.js";
import { printTable, quantile } from "./report.js";

/** `--image=kete_abalone_n`: the image with the neutral marble's switches (hardware/abalone.md §2.3). */
const IMAGE = process.argv.find((a) => a.startsWith("--image="))?.slice("--image=".length);
const BUILD = new FirmwareBuild(IMAGE ?? "kete_abalone");
const HOLES = 61;
/**
 * How long the changed hole may still show its old letter, settled: the sensor is
 * read once a scan (≈ 32 ms), the reading classified within the next (a marble
 * lifted at once is seen moving at its first reading), and the snapshot then
 * takes 8.7 ms on the wire.
 */
const GRACE_MS = 100;
const LETTER = { black: "b", white: "w", empty: "." } as const;

const holeName = (h: number): string => {
  const [r, c] = holeRowCol(h);
  return `${"ABCDEFGHI"[r] ?? "?"}${c}`;
};

/** A snapshot's cells and settled holes (bit h of the 16-digit mask), or null. */
function snapshot(text: string): { cells: string; settled: (h: number) => boolean } | null {
  const m = /^[0-9A-F]{2} SNAP hex61 [CPR] [SU] ([0-9A-F]{16}) ([.bwn?]{61})\*/.exec(text);
  if (m === null) return null;
  const mask = BigInt(`0x${m[1] ?? "0"}`);
  return { cells: m[2] ?? "", settled: (h) => ((mask >> BigInt(h)) & 1n) === 1n };
}

interface Placements {
  readonly landed: number[];
  readonly atRest: number[];
  readonly lifted: number[];
  readonly never: number;
  readonly wrong: number;
  readonly emulatedMs: number;
  readonly wallMs: number;
  readonly board: EmulatedBoard;
}

/**
 * `count` marbles, black or white at random, each set down into a random empty
 * hole of AB-1's start, read settled, then lifted and read settled empty.
 */
async function placements(image: Uint8Array, count: number, seed: number): Promise<Placements> {
  const { board, lines } = bootWithLines({
    firmware: image,
    seed,
    calibrated: true,
    geometry: "hex61",
  });
  const p = board.physical;
  const random = seededRandom(seed);
  const wall0 = performance.now();
  await bootAtKeteDebounce(board);
  const landed: number[] = [];
  const atRest: number[] = [];
  const lifted: number[] = [];
  let never = 0;
  let wrong = 0;
  // the first snapshot from `from` on with hole h settled as `want`: its time
  const judge = (from: number, h: number, want: string): number => {
    for (const l of lines.slice(from)) {
      const s = snapshot(l.text);
      if (s !== null && s.settled(h) && s.cells[h] === want) return l.at;
    }
    return NaN;
  };
  for (let k = 0; k < count; k++) {
    const empty = p
      .holes()
      .flatMap((c, h) => (c === "empty" ? [h] : []))
      .filter((h) => h >= 16 && h <= 44);
    const h = empty[Math.floor(random() * empty.length)] ?? 30;
    const colour = random() < 0.5 ? "black" : "white";
    const want = LETTER[colour];
    const from = lines.length;
    p.putMarble(holeName(h), colour);
    await board.runUntil(() => board.marbles?.colourAt(h) === want, 200);
    const at = board.now;
    const quiet = (board.marbles?.quietAt() ?? 0) * 1000;
    let done = NaN;
    await board.runUntil(() => {
      done = judge(from, h, want);
      return !Number.isNaN(done);
    }, 3000);
    if (Number.isNaN(done)) never++;
    else {
      landed.push(done - at);
      atRest.push(done - quiet);
    }
    await board.runFor(300);
    const from2 = lines.length;
    p.putMarble(holeName(h), "empty");
    await board.runUntil(() => board.marbles?.colourAt(h) === null, 200);
    const at2 = board.now;
    let gone = NaN;
    await board.runUntil(() => {
      gone = judge(from2, h, ".");
      return !Number.isNaN(gone);
    }, 3000);
    if (Number.isNaN(gone)) never++;
    else lifted.push(gone - at2);
    // the wrong settled readings of both halves
    const holes = p.holes();
    holes[h] = colour;
    wrong += countWrong(lines, from, from2, h, want, at, holes, ".");
    await board.runFor(300);
    wrong += countWrong(lines, from2, lines.length, h, ".", at2, p.holes(), want);
  }
  return {
    landed,
    atRest,
    lifted,
    never,
    wrong,
    emulatedMs: board.now,
    wallMs: performance.now() - wall0,
    board,
  };
}

/** Settled holes in lines[from, to) that disagree with `holes` (hole h: `want`, or `before` early). */
function countWrong(
  lines: readonly TimedLine[],
  from: number,
  to: number,
  h: number,
  want: string,
  changedAt: number,
  holes: readonly string[],
  before: string,
): number {
  let wrong = 0;
  const truth = holes.map((c) => LETTER[c as keyof typeof LETTER] ?? "?");
  for (const l of lines.slice(from, to)) {
    const s = snapshot(l.text);
    if (s === null) continue;
    for (let k = 0; k < HOLES; k++) {
      if (!s.settled(k)) continue;
      const cell = s.cells[k];
      if (k === h) {
        if (cell !== want && !(cell === before && l.at < changedAt + GRACE_MS)) {
          wrong++;
          if (process.env.KETE_BENCH_VERBOSE)
            console.log("wrong at placed", k, want, before, changedAt, l.at, l.text);
        }
      } else if (cell !== truth[k]) {
        wrong++;
        if (process.env.KETE_BENCH_VERBOSE) console.log("wrong other", k, truth[k], l.at, l.text);
      }
    }
  }
  return wrong;
}

/** The native run: hall.cpp itself against the dipole simulation, 10,000 placements. */
function nativePlacements(): string {
  const r = spawnSync("make", ["-C", BUILD.dir, "abalone-test"], { encoding: "utf8" });
  const m = /abalone: (\d+ placements.*)/.exec(r.stdout);
  return m?.[1] ?? `no result (${r.stdout.slice(-200)}${r.stderr.slice(-200)})`;
}

export async function benchAbalone(): Promise<void> {
  const image = BUILD.image("Abalone board");
  if (image === null) return;
  const arg = process.argv.find((a) => a.startsWith("--placements="));
  const count = arg === undefined ? 100 : Math.max(1, Number(arg.split("=")[1]));
  const d = await placements(image, count, 31);
  const data = d.board.mcu.cpu.data;
  const word = (name: string): number => BUILD.word(data, name);
  const stack = BUILD.deepestStack(data);
  const ram = BUILD.staticRam();
  const f = (xs: readonly number[]): string =>
    `${quantile(xs, 0.5).toFixed(0)} / ${quantile(xs, 0.99).toFixed(0)} / ${Math.max(...xs).toFixed(0)}`;
  printTable({
    title:
      "Abalone board: its firmware on the emulated Mega with TMAG5273 sensors (emulated clock)",
    columns: ["measurement", "samples", "result"],
    rows: [
      [
        "marble set down → settled colour at kete (deb 100), p50 / p99 / max ms",
        d.landed.length,
        `${f(d.landed)}; ${d.never} never`,
      ],
      [
        "marble at rest (swing < 1 mm) → settled colour at kete, p50 / p99 / max ms",
        d.atRest.length,
        f(d.atRest),
      ],
      ["marble lifted → settled empty at kete, p50 / p99 / max ms", d.lifted.length, f(d.lifted)],
      ["wrong settled readings (any hole, any snapshot)", 2 * count, String(d.wrong)],
      ["native: 10,000 placements with full neighbourhoods (hall.cpp)", 10_000, nativePlacements()],
      [
        "scan: start on the bus → last hole classified, ms (the last scan)",
        1,
        String(word("kete_scan_ms")),
      ],
      [
        "longest main-loop pass, µs (a 64-byte ring lasts 5,556 µs at 115200)",
        1,
        String(word("kete_loop_max_us")),
      ],
      [
        "RAM: static + deepest stack = peak, bytes (budget 6144)",
        1,
        ram === null ? "avr-size missing" : `${ram} + ${stack} = ${ram + stack}`,
      ],
      ["emulator speed, emulated ms per wall ms", 1, `${(d.emulatedMs / d.wallMs).toFixed(2)}x`],
    ],
    notes: [
      "Placements: a marble of a random colour set down into a random empty hole of rows D-F of AB-1's start (random orientation, up to 3 mm off centre, rocking in its 40 mm dish for 0.2-0.8 s until its swing is under 1 mm: abalone-field.ts), then lifted; at kete = when the snapshot's last byte left the board. 'landed' counts from the first scan that sees it; 'at rest' from when its swing is under 1 mm.",
      "Wrong: a settled hole whose letter differs from what lies there (the changed hole may show its old letter for 100 ms: read once a scan, classified, sent).",
    ],
  });
}
