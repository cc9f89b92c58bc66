/** Printing benchmark results as aligned tables. */
export interface Table {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: (readonly (string | number)[])[];
  readonly notes?: readonly string[];
}

function cell(v: string | number): string {
  if (typeof v === "string") return v;
  if (Number.isInteger(v)) return v.toLocaleString("en-US");
  return v.toFixed(v < 10 ? 3 : 1);
}

export function printTable(t: Table, write: (line: string) => void = console.log): void {
  const texts = [t.columns, ...t.rows.map((r) => r.map(cell))];
  const widths = t.columns.map((_, i) => Math.max(...texts.map((r) => (r[i] ?? "").length)));
  write(`\n## ${t.title}\n`);
  const line = (r: readonly string[]) =>
    `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  write(line(t.columns.map(String)));
  write(
    `|${widths.map((w, i) => (i === 0 ? ":" : "") + "-".repeat(w + 1) + (i === 0 ? "" : ":")).join("|")}|`,
  );
  for (const r of texts.slice(1)) write(line(r));
  for (const n of t.notes ?? []) write(`\n${n}`);
}

/** Milliseconds of a call, and its result. */
export function timed<T>(f: () => T): { value: T; ms: number } {
  const t0 = performance.now();
  const value = f();
  return { value, ms: performance.now() - t0 };
}

/** The `q` quantile of `xs` (nearest rank below), NaN for no samples. */
export function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}
