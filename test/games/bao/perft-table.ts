/**
 * Prints perft from the initial positions of bao-kiswahili and bao-kujifunza
 * as a markdown table: `npx tsx test/games/bao/perft-table.ts [maxDepth] [seconds]`.
 * Each row goes as deep as `maxDepth` (default 10) while a depth takes less
 * than `seconds` (default 20) — the next one would take about five times longer.
 */
import { findGame } from "../../../src/games/index.js";

const ROWS: readonly [string, Record<string, unknown>][] = [
  ["bao-kiswahili", {}],
  ["bao-kiswahili", { setup: "malawi" }],
  ["bao-kiswahili", { nyumbaTax: "only-if-no-other" }],
  ["bao-kiswahili", { safari: "mandatory" }],
  ["bao-kiswahili", { takasia: true }],
  ["bao-kiswahili", { maxStages: 5 }],
  ["bao-kujifunza", {}],
  ["bao-kujifunza", { maxStages: 5 }],
];

const maxDepth = Number(process.argv[2] ?? 10);
const budgetMs = Number(process.argv[3] ?? 20) * 1000;

const header = ["game (options)", ...Array.from({ length: maxDepth }, (_, i) => String(i + 1))];
console.log(`| ${header.join(" | ")} |`);
console.log(`| ${header.map((_, i) => (i === 0 ? "---" : "--:")).join(" | ")} |`);
for (const [id, options] of ROWS) {
  const game = findGame(id);
  const start = game?.initial(options);
  if (game === undefined || !start?.ok) throw new Error(`cannot set up ${id}`);
  const opts = Object.entries(options).map(([k, v]) => `${k}=${String(v)}`);
  const cells = [opts.length ? `\`${id}\` (\`${opts.join(", ")}\`)` : `\`${id}\``];
  let within = true;
  for (let d = 1; d <= maxDepth; d++) {
    if (!within) {
      cells.push("");
      continue;
    }
    const t = performance.now();
    cells.push(game.perft(start.value, d).toLocaleString("en-US"));
    within = performance.now() - t < budgetMs / 5;
  }
  console.log(`| ${cells.join(" | ")} |`);
}
