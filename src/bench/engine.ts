/**
 * Engine throughput: perft nodes per second for every game (the four-row
 * games with the C reference beside them where a C compiler exists; Bao;
 * Glassperlenspiel; Abalone) and random playouts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { findGame } from "../games/index.js";
import { seededRandom } from "../shared/index.js";
import { plainPerft } from "./plain-perft.js";
import { printTable, timed } from "./report.js";

interface PerftCase {
  readonly game: string;
  readonly options: Record<string, string | boolean>;
  readonly depth: number;
  /** Variant number of the C reference (compulsory captures only). */
  readonly c?: number;
}

const PERFT_CASES: readonly PerftCase[] = [
  { game: "husbao", options: {}, depth: 6, c: 0 },
  { game: "husbao-bis", options: {}, depth: 6, c: 1 },
  { game: "husbao-front", options: {}, depth: 6, c: 2 },
  { game: "hus", options: {}, depth: 7, c: 3 },
  { game: "bao-de", options: {}, depth: 5, c: 4 },
  { game: "hus", options: { capture: "optional" }, depth: 5 },
  { game: "bao-de", options: { capture: "optional" }, depth: 3 },
  { game: "bao-kiswahili", options: {}, depth: 10 },
  { game: "bao-kiswahili", options: { takasia: true }, depth: 10 },
  { game: "bao-kujifunza", options: {}, depth: 9 },
  { game: "glassperlenspiel", options: {}, depth: 6 },
  { game: "abalone", options: {}, depth: 4 },
];

function label(c: { game: string; options: Record<string, string | boolean> }): string {
  const opts = Object.entries(c.options).map(([k, v]) => `${k}=${v}`);
  return opts.length ? `${c.game} (${opts.join(", ")})` : c.game;
}

/** Compiles the C reference into a temporary folder; null without a C compiler. */
function buildReference(): { exe: string; cleanup: () => void } | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const source = join(here, "..", "..", "src", "bench", "c-reference", "perft4x8.c");
  const dir = mkdtempSync(join(tmpdir(), "kete-bench-"));
  const exe = join(dir, "perft4x8");
  try {
    execFileSync("cc", ["-O2", "-o", exe, source], { stdio: "ignore" });
    return { exe, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
}

export async function benchEngine(): Promise<void> {
  const reference = buildReference();
  const rows: (string | number)[][] = [];
  for (const c of PERFT_CASES) {
    const game = findGame(c.game);
    const start = game?.initial(c.options);
    if (!game || !start?.ok) throw new Error(`bench: cannot set up ${label(c)}`);
    game.perft(start.value, c.depth - 1); // warm up the JIT
    const { value: nodes, ms } = timed(() => game.perft(start.value, c.depth));
    const row: (string | number)[] = [label(c), c.depth, nodes, ms, nodes / ms / 1000];
    if (reference && c.c !== undefined) {
      const out = execFileSync(reference.exe, [String(c.c), String(c.depth)], {
        encoding: "utf8",
      }).trim();
      const [count, cms] = out.split(" ").map(Number);
      if (count !== nodes) throw new Error(`bench: C reference counts ${count}, engine ${nodes}`);
      const cRate = count / cms / 1000;
      row.push(cRate, `${(cRate / (nodes / ms / 1000)).toFixed(2)}x`);
    } else {
      row.push("–", "–");
    }
    rows.push(row);
  }
  printTable({
    title: "Engine: perft from the initial position",
    columns: ["game", "depth", "leaves", "ms", "M nodes/s", "C M nodes/s", "C / TS"],
    rows,
    notes: [
      reference
        ? "C: src/bench/c-reference/perft4x8.c compiled with cc -O2 on this machine; its counts must equal the engine's."
        : "C reference skipped: no C compiler (cc) on this machine.",
    ],
  });
  if (reference) benchWholeProcess(reference.exe);
  reference?.cleanup();

  const playoutRows: (string | number)[][] = [];
  for (const c of PERFT_CASES.filter((p) => p.game !== "bao-de" || !p.options.capture)) {
    const game = findGame(c.game);
    const start = game?.initial(c.options);
    if (!game || !start?.ok) continue;
    const random = seededRandom(7);
    const games = 2000;
    const { value: plies, ms } = timed(() => {
      let total = 0;
      for (let i = 0; i < games; i++) total += game.playout(start.value, random, 1000);
      return total;
    });
    playoutRows.push([label(c), games, plies / games, (games / ms) * 1000, (plies / ms) * 1000]);
  }
  printTable({
    title: "Engine: random playouts (seed 7, at most 1000 plies)",
    columns: ["game", "games", "plies/game", "games/s", "plies/s"],
    rows: playoutRows,
  });
}

/** Wall time of one process run, in milliseconds. */
function processMs(command: string, args: readonly string[]): number {
  const t0 = performance.now();
  execFileSync(command, args, { stdio: "ignore" });
  return performance.now() - t0;
}

const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Issue 31's yardstick: `kete perft husbao 6` as a whole process (start-up
 * included) against the C reference's process, median of five pairs run
 * back to back; and, beside it, the same C loop written plainly in
 * JavaScript (plain-perft.ts) in-process, which shows what V8 reaches on
 * this loop at all.
 */
function benchWholeProcess(cExe: string): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const kete = join(here, "..", "cli", "main.js");
  const depth = 6;
  const ratios: number[] = [];
  const cTimes: number[] = [];
  const keteTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const c = processMs(cExe, ["0", String(depth)]);
    const k = processMs(process.execPath, [kete, "perft", "husbao", String(depth)]);
    cTimes.push(c);
    keteTimes.push(k);
    ratios.push(k / c);
  }
  plainPerft(0, depth - 1); // warm up the JIT
  const plain = timed(() => plainPerft(0, depth));
  const cIn = execFileSync(cExe, ["0", String(depth)], { encoding: "utf8" })
    .trim()
    .split(" ");
  if (Number(cIn[0]) !== plain.value) {
    throw new Error(`bench: the plain port counts ${plain.value}, C ${cIn[0]}`);
  }
  const cInMs = Number(cIn[1]);
  printTable({
    title: "Engine against the C reference: husbao perft 6",
    columns: ["what", "C ms", "TS ms", "TS / C"],
    rows: [
      [
        "kete perft, whole process (median of 5 pairs)",
        median(cTimes),
        median(keteTimes),
        `${median(ratios).toFixed(2)}x`,
      ],
      [
        "the C loop written plainly in JS, in-process",
        cInMs,
        plain.ms,
        `${(plain.ms / cInMs).toFixed(2)}x`,
      ],
    ],
    notes: [
      "The plain port (src/bench/plain-perft.ts) is the C reference line for line in JavaScript: what V8 reaches on this loop at all.",
    ],
  });
}
