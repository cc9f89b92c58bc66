// Refreshes test/durations.json, the order hint of test/sequencer.ts, from a
// vitest JSON report:
//   npx vitest run --reporter=json --outputFile=/tmp/report.json
//   node test/durations.mjs /tmp/report.json
// Keeps the files that took 2 s or more, in seconds, slowest first.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

const [report] = process.argv.slice(2);
if (report === undefined) {
  console.error("usage: node test/durations.mjs REPORT.json (a vitest --reporter=json output)");
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, "utf8"));
const rows = testResults
  .map((t) => [relative(process.cwd(), t.name), Math.round((t.endTime - t.startTime) / 100) / 10])
  .filter(([, s]) => s >= 2)
  .sort((a, b) => b[1] - a[1]);
writeFileSync("test/durations.json", `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`test/durations.json: ${rows.length} files`);
