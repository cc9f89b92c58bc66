// Refreshes test/durations.json, the order hint of test/sequencer.ts, from a
// vitest JSON report:
//   npx vitest run --reporter=json --outputFile=/tmp/report.json
//   node test/durations.mjs /tmp/report.json
// Keeps the files that took 2 s or more, in seconds, slowest first.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

const [report] = process.argv.slice(2);
if (report === undefined) {
  console.error("usage: node test/durations.mjs REPORT.json (a vitest --reporter=json output)");
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, "utf8"));
/**
 * The file as `test/…` from this checkout: a report written by another clone
 * (a fresh one, measured for CI) names its own folders, and test/sequencer.ts
 * looks files up relative to the root.
 */
function key(name) {
  for (let at = name.indexOf("test/"); at >= 0; at = name.indexOf("test/", at + 1)) {
    if ((at === 0 || name[at - 1] === "/") && existsSync(name.slice(at))) return name.slice(at);
  }
  return relative(process.cwd(), name);
}

const rows = testResults
  .map((t) => [key(t.name), Math.round((t.endTime - t.startTime) / 100) / 10])
  .filter(([, s]) => s >= 2)
  .sort((a, b) => b[1] - a[1]);
writeFileSync("test/durations.json", `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`test/durations.json: ${rows.length} files`);
